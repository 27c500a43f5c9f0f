//! XLA explicit broadcasting with `broadcast_dimensions` (seed 002).
//!
//! XLA never prepends dimensions implicitly: when the operands of a binary
//! op have different ranks, `broadcast_dimensions[i]` says which dimension
//! of the higher-rank operand dimension `i` of the lower-rank operand
//! matches. The lower-rank operand is mapped into the higher rank with every
//! unmapped dimension set to 1, and then "degenerate" broadcasting (equal
//! sizes, or one of them 1) gives the result, as in seed 002's composition
//! examples (`4` with `1x2` using `(0)` is `4x2`).
//!
//! Entries are `i64` because that is how the IR stores them
//! (`DenseI64ArrayAttr`); negative entries are reported as out of range.

use crate::check::Inferred;
use crate::dim::Dim;
use crate::error::{Conflict, Error, OperandDim, ResultError, ResultMismatch, XlaError};
use crate::infer::{Columns, unranked_checks};
use crate::shape::{Dims, Shape};

/// Which of two operands is the lower-rank one, and where its dimensions go.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DimMapping {
    /// Index (0 or 1) of the lower-rank operand. For equal ranks, 0.
    pub lower: usize,
    /// Index of the higher-rank operand.
    pub higher: usize,
    /// `targets[i]` is the higher-rank dimension matched by lower dim `i`.
    pub targets: Vec<usize>,
}

/// Validates `broadcast_dimensions` for a binary op on `lhs` (#0) and
/// `rhs` (#1), returning the mapping.
///
/// Rules, checked in this order so the first reported error is the most
/// basic one:
/// 1. one entry per dimension of the lower-rank operand (a rank-0 operand
///    needs none); with equal ranks an empty list also means identity;
/// 2. each entry names a dimension of the higher-rank operand;
/// 3. entries strictly increase;
/// 4. each matched pair of sizes is equal or degenerate (one is 1); a `?`
///    matches anything statically (run-time checks come from
///    [`broadcast_in_dim`]).
///
/// With equal ranks, 1–3 force the identity mapping, which is the only one
/// XLA accepts for same-rank operands.
///
/// # Errors
/// The matching [`XlaError`] variant.
pub fn validate_broadcast_dimensions(
    lhs: &[Dim],
    rhs: &[Dim],
    broadcast_dimensions: &[i64],
) -> Result<DimMapping, XlaError> {
    let (lower, higher) = if lhs.len() <= rhs.len() {
        (0, 1)
    } else {
        (1, 0)
    };
    let (low, high) = if lower == 0 { (lhs, rhs) } else { (rhs, lhs) };
    if low.len() == high.len() && broadcast_dimensions.is_empty() {
        return Ok(DimMapping {
            lower,
            higher,
            targets: (0..low.len()).collect(),
        });
    }
    if broadcast_dimensions.len() != low.len() {
        return Err(XlaError::WrongLength {
            operand: lower,
            expected: low.len(),
            actual: broadcast_dimensions.len(),
        });
    }
    let mut targets = Vec::with_capacity(low.len());
    for (position, &value) in broadcast_dimensions.iter().enumerate() {
        let target = usize::try_from(value)
            .ok()
            .filter(|&t| t < high.len())
            .ok_or(XlaError::OutOfRange {
                position,
                value,
                operand: higher,
                rank: high.len(),
            })?;
        if let Some(&previous) = targets.last()
            && target <= previous
        {
            return Err(XlaError::NotStrictlyIncreasing {
                position,
                // `previous` came from a valid i64 entry.
                previous: broadcast_dimensions[position - 1],
                value,
            });
        }
        targets.push(target);
    }
    for (i, (&l, &t)) in low.iter().zip(&targets).enumerate() {
        if let (Dim::Static(ls), Dim::Static(hs)) = (l, high[t])
            && ls != hs
            && ls != 1
            && hs != 1
        {
            return Err(XlaError::SizeMismatch {
                lower: OperandDim::new(lower, i),
                lower_size: ls,
                higher: OperandDim::new(higher, t),
                higher_size: hs,
            });
        }
    }
    Ok(DimMapping {
        lower,
        higher,
        targets,
    })
}

/// Maps the lower-rank dimensions into `rank` dimensions: lower dim `i`
/// goes to `targets[i]`, every other dimension is 1 (seed 002's
/// intermediate shape before degenerate broadcasting).
#[must_use]
pub fn expand_in_dim(lower: &[Dim], rank: usize, targets: &[usize]) -> Dims {
    let mut out = Dims::from_elem(Dim::ONE, rank);
    for (&d, &t) in lower.iter().zip(targets) {
        if let Some(slot) = out.get_mut(t) {
            *slot = d;
        }
    }
    out
}

/// Result shape of a binary op with explicit `broadcast_dimensions`.
///
/// If either operand is unranked, only the rule that does not depend on ranks is
/// checked statically, that the entries are strictly increasing (seed 002: "it is
/// also illegal to match V to both P and N"); the result is unranked with a
/// [`RuntimeCheck::Unranked`](crate::RuntimeCheck) per unranked operand.
///
/// # Errors
/// [`Error::Xla`] as in [`validate_broadcast_dimensions`].
pub fn broadcast_in_dim(
    lhs: &Shape,
    rhs: &Shape,
    broadcast_dimensions: &[i64],
) -> Result<Inferred, Error> {
    let (Some(l), Some(r)) = (lhs.dims(), rhs.dims()) else {
        if let Some(position) = (1..broadcast_dimensions.len())
            .find(|&p| broadcast_dimensions[p] <= broadcast_dimensions[p - 1])
        {
            return Err(Error::Xla(XlaError::NotStrictlyIncreasing {
                position,
                previous: broadcast_dimensions[position - 1],
                value: broadcast_dimensions[position],
            }));
        }
        let operands = [lhs.clone(), rhs.clone()];
        return Ok(Inferred {
            shape: Shape::Unranked,
            checks: unranked_checks(&operands).collect(),
        });
    };
    let mapping = validate_broadcast_dimensions(l, r, broadcast_dimensions)?;
    let (low, high) = if mapping.lower == 0 { (l, r) } else { (r, l) };
    // Degenerate broadcasting through the shared engine, so that dynamic
    // sizes get the same run-time checks as everywhere else, indexed by
    // each operand's own dimensions.
    let mut columns = Columns::new(high.len());
    let add = |columns: &mut Columns, operand: usize| -> Result<(), Conflict> {
        if operand == mapping.lower {
            columns.add_mapped(operand, low, |i| mapping.targets[i])
        } else {
            columns.add_mapped(operand, high, |i| i)
        }
    };
    // Operand order (#0 then #1) keeps check order stable.
    let added = add(&mut columns, 0).and_then(|()| add(&mut columns, 1));
    // Validation already rejected every static mismatch, and unmapped
    // dimensions are 1, so the engine cannot find a conflict; convert
    // anyway instead of panicking.
    added.map_err(|c| {
        let (lower, higher) = if c.first.operand == mapping.lower {
            ((c.first, c.first_size), (c.second, c.second_size))
        } else {
            ((c.second, c.second_size), (c.first, c.first_size))
        };
        Error::Xla(XlaError::SizeMismatch {
            lower: lower.0,
            lower_size: lower.1,
            higher: higher.0,
            higher_size: higher.1,
        })
    })?;
    Ok(columns.finish())
}

/// The shape an unranked operand must have beside a ranked one under
/// `broadcast_dimensions`, given a ranked `result`: its index and a shape of `?`s
/// of that rank; `None` unless exactly one of two operands is unranked and the
/// result is ranked.
///
/// XLA's result has the higher operand's rank `R`, so beside a ranked operand of
/// rank `r < R` the unranked one has rank `R` (and the ranked one is placed by the
/// entries); for `r >= R` the entries, if any, name the lower operand's rank,
/// which can only be the unranked one's, and without entries the ranks are equal.
#[must_use]
pub fn stand_in(
    operands: &[Shape],
    broadcast_dimensions: &[i64],
    result: &Shape,
) -> Option<(usize, Shape)> {
    let (Some(result_rank), [lhs, rhs]) = (result.rank(), operands) else {
        return None;
    };
    let (unranked, rank) = match (lhs.rank(), rhs.rank()) {
        (Some(r), None) => (1, r),
        (None, Some(r)) => (0, r),
        _ => return None,
    };
    let stand_in_rank = if rank < result_rank {
        result_rank
    } else if broadcast_dimensions.is_empty() {
        rank
    } else {
        broadcast_dimensions.len()
    };
    Some((
        unranked,
        Shape::Ranked(Dims::from_elem(Dim::Dynamic, stand_in_rank)),
    ))
}

/// The sizes a ranked operand fixes in a declared ranked `result` beside an
/// unranked operand, under `broadcast_dimensions`.
///
/// [`broadcast_in_dim`] infers an unranked shape as soon as one operand is
/// unranked, so the declared result goes unchecked. Yet the result's rank settles
/// where the ranked operand goes ([`stand_in`]): a static size other than 1 there
/// is the result's size at run time, and a declared static size that differs can
/// never hold; nor can a result of lower rank than the ranked operand. The check
/// infers over the [`stand_in`] and compares with the declared result, static
/// sizes and rank only: a `?` of the stand-in may be any size. What the placement
/// itself would reject (a wrong number of entries, say) is left to run time, as
/// before.
///
/// # Errors
/// [`Error::Result`] with the inference over the stand-in.
pub fn check_beside_unranked(
    operands: &[Shape],
    broadcast_dimensions: &[i64],
    result: &Shape,
) -> Result<(), Error> {
    let (Some((unranked, stand_in)), Shape::Ranked(declared), [lhs, rhs]) = (
        stand_in(operands, broadcast_dimensions, result),
        result,
        operands,
    ) else {
        return Ok(());
    };
    let (l, r, rank) = if unranked == 0 {
        (&stand_in, rhs, rhs.rank())
    } else {
        (lhs, &stand_in, lhs.rank())
    };
    let rank = rank.unwrap_or(0);
    let Ok(Inferred {
        shape: inferred, ..
    }) = broadcast_in_dim(l, r, broadcast_dimensions)
    else {
        return Ok(());
    };
    let Some(dims) = inferred.dims() else {
        return Ok(());
    };
    let mismatch = if rank > declared.len() {
        Some(ResultMismatch::Rank {
            inferred: dims.len(),
            actual: declared.len(),
        })
    } else if dims.len() == declared.len() {
        dims.iter()
            .zip(declared)
            .enumerate()
            .find_map(|(result_dim, (&i, &a))| match (i, a) {
                (Dim::Static(inferred), Dim::Static(actual)) if inferred != actual => {
                    Some(ResultMismatch::Size {
                        result_dim,
                        inferred,
                        actual,
                    })
                }
                _ => None,
            })
    } else {
        None
    };
    match mismatch {
        Some(mismatch) => Err(ResultError {
            result: 0,
            actual: result.clone(),
            inferred,
            mismatch,
        }
        .into()),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{Bound, RuntimeCheck};
    use crate::test_util::*;

    fn shape_of(lhs: &str, rhs: &str, dims: &[i64]) -> Result<Shape, Error> {
        broadcast_in_dim(&s(lhs), &s(rhs), dims).map(|i| i.shape)
    }

    /// Beside an unranked operand the entries must still increase strictly; any
    /// increasing tuple is left to run time.
    #[test]
    fn unranked_still_needs_increasing_dimensions() {
        for (lhs, rhs) in [("*", "2x3"), ("2x3", "*"), ("*", "*")] {
            assert!(matches!(
                broadcast_in_dim(&s(lhs), &s(rhs), &[1, 1]),
                Err(Error::Xla(XlaError::NotStrictlyIncreasing {
                    position: 1,
                    previous: 1,
                    value: 1
                }))
            ));
            assert!(matches!(
                broadcast_in_dim(&s(lhs), &s(rhs), &[3, 0]),
                Err(Error::Xla(XlaError::NotStrictlyIncreasing {
                    position: 1,
                    ..
                }))
            ));
            assert_eq!(shape_of(lhs, rhs, &[0, 7]), Ok(Shape::Unranked));
        }
    }

    /// Every example of seed 002.
    #[test]
    fn seed_examples() {
        // matrix + vector, vector matched to dimension 1
        assert_eq!(shape_of("2x3", "3", &[1]), Ok(s("2x3")));
        // 3x3 + 3 both ways
        assert_eq!(shape_of("3x3", "3", &[0]), Ok(s("3x3")));
        assert_eq!(shape_of("3x3", "3", &[1]), Ok(s("3x3")));
        // vector 4 with 1x2 using (0)
        assert_eq!(shape_of("4", "1x2", &[0]), Ok(s("4x2")));
        // 1x2 with 4x3x1 using (1, 2)
        assert_eq!(shape_of("1x2", "4x3x1", &[1, 2]), Ok(s("4x3x2")));
        // 2x3x4 cuboid and a 3x4 matrix with (1, 2)
        assert_eq!(shape_of("2x3x4", "3x4", &[1, 2]), Ok(s("2x3x4")));
        // scalars need no broadcast dimensions
        assert_eq!(shape_of("2x3", "", &[]), Ok(s("2x3")));
        assert_eq!(shape_of("", "", &[]), Ok(s("")));
        // degenerate broadcasting of equal ranks
        assert_eq!(shape_of("2x1", "2x3", &[]), Ok(s("2x3")));
        assert_eq!(shape_of("1x2x5", "7x2x5", &[]), Ok(s("7x2x5")));
        assert_eq!(shape_of("7x2x5", "7x1x5", &[0, 1, 2]), Ok(s("7x2x5")));
        assert_eq!(shape_of("2x1", "1x3", &[]), Ok(s("2x3")));
        assert!(shape_of("7x2x5", "7x2x6", &[]).is_err());
        // matching T to each dimension of MxNxPxQ
        for k in 0..4 {
            let mut want = [2u64, 3, 4, 5];
            want[usize::try_from(k).unwrap()] = 7;
            let high = Shape::from_sizes(&want);
            let got = broadcast_in_dim(&high, &s("7"), &[k]).unwrap();
            assert_eq!(got.shape, high);
        }
    }

    #[test]
    fn intermediate_shape() {
        assert_eq!(
            expand_in_dim(&[Dim::Static(1), Dim::Static(2)], 3, &[1, 2]).as_slice(),
            s("1x1x2").dims().unwrap()
        );
        assert_eq!(
            expand_in_dim(&[Dim::Static(4)], 2, &[0]).as_slice(),
            s("4x1").dims().unwrap()
        );
    }

    #[test]
    fn distinct_errors() {
        let err = |l: &str, r: &str, dims: &[i64]| match shape_of(l, r, dims) {
            Err(Error::Xla(e)) => e,
            other => panic!("unexpected {other:?}"),
        };
        // Without broadcast dimensions, different ranks are invalid.
        assert_eq!(
            err("2x3", "3", &[]),
            XlaError::WrongLength {
                operand: 1,
                expected: 1,
                actual: 0
            }
        );
        assert_eq!(
            err("3", "2x3x4", &[0, 1]),
            XlaError::WrongLength {
                operand: 0,
                expected: 1,
                actual: 2
            }
        );
        assert_eq!(
            err("2x3", "", &[0]),
            XlaError::WrongLength {
                operand: 1,
                expected: 0,
                actual: 1
            }
        );
        assert_eq!(
            err("3x4", "2x3x4", &[2, 1]),
            XlaError::NotStrictlyIncreasing {
                position: 1,
                previous: 2,
                value: 1
            }
        );
        assert_eq!(
            err("3x4", "2x3x4", &[1, 1]),
            XlaError::NotStrictlyIncreasing {
                position: 1,
                previous: 1,
                value: 1
            }
        );
        assert_eq!(
            err("3x4", "2x3x4", &[1, 3]),
            XlaError::OutOfRange {
                position: 1,
                value: 3,
                operand: 1,
                rank: 3
            }
        );
        assert_eq!(
            err("3", "2x3", &[-1]),
            XlaError::OutOfRange {
                position: 0,
                value: -1,
                operand: 1,
                rank: 2
            }
        );
        // vector 3 matched to the 2 of 2x3
        assert_eq!(
            err("2x3", "3", &[0]),
            XlaError::SizeMismatch {
                lower: OperandDim::new(1, 0),
                lower_size: 3,
                higher: OperandDim::new(0, 0),
                higher_size: 2
            }
        );
        // equal ranks: only the identity is allowed
        assert!(matches!(
            err("2x3", "2x3", &[1, 0]),
            XlaError::NotStrictlyIncreasing { .. }
        ));
        assert!(matches!(
            err("2x3", "2x3", &[0]),
            XlaError::WrongLength { .. }
        ));
    }

    #[test]
    fn dynamic_dims_and_unranked() {
        let got = broadcast_in_dim(&s("?"), &s("4x3"), &[0]).unwrap();
        assert_eq!(got.shape, s("4x3"));
        assert_eq!(
            got.checks,
            vec![RuntimeCheck::OneOrEqual {
                result_dim: 0,
                subject: OperandDim::new(0, 0),
                to: Bound::Size(4),
            }]
        );
        let got = broadcast_in_dim(&s("*"), &s("4x3"), &[0]).unwrap();
        assert_eq!(got.shape, Shape::Unranked);
        assert_eq!(got.checks, vec![RuntimeCheck::Unranked { operand: 0 }]);
    }

    /// The declared result beside an unranked operand: the ranked operand's
    /// static sizes other than 1 must be the result's where it lands.
    #[test]
    fn ranked_sizes_beside_unranked() {
        let check = |lhs: &str, rhs: &str, dims: &[i64], result: &str| {
            check_beside_unranked(&[s(lhs), s(rhs)], dims, &s(result))
                .map_err(|e| e.result_mismatch().map(|r| r.mismatch))
        };
        let size = |result_dim, inferred, actual| {
            Err(Some(ResultMismatch::Size {
                result_dim,
                inferred,
                actual,
            }))
        };
        // Placed by the entries (r < R): dim 0 of `3` lands in result dim 1.
        assert_eq!(check("*", "3", &[1], "2x4"), size(1, 3, 4));
        assert_eq!(check("3", "*", &[0], "3x?x5"), Ok(()));
        assert_eq!(check("3", "*", &[0], "4x?x5"), size(0, 3, 4));
        // A 1 or a `?` stretches to whatever the unranked operand has.
        assert_eq!(check("*", "1", &[1], "2x4"), Ok(()));
        assert_eq!(check("*", "?", &[1], "2x4"), Ok(()));
        assert_eq!(check("*", "3", &[1], "2x?"), Ok(()));
        // Same rank: the ranked operand fills the columns in order.
        assert_eq!(check("2x3", "*", &[], "2x4"), size(1, 3, 4));
        assert_eq!(check("2x3", "*", &[1], "2x4"), size(1, 3, 4));
        // A result of lower rank than the ranked operand.
        assert_eq!(
            check("2x3x4", "*", &[], "3x4"),
            Err(Some(ResultMismatch::Rank {
                inferred: 3,
                actual: 2
            }))
        );
        // Unranked result, both or neither unranked, or a placement that could
        // never be valid: nothing to say here.
        assert_eq!(check("*", "3", &[1], "*"), Ok(()));
        assert_eq!(check("*", "*", &[1], "2x4"), Ok(()));
        assert_eq!(check("*", "3", &[5], "2x4"), Ok(()));
        // The entry says the unranked operand has rank 1, so `3x5` fills the
        // columns: a result `2x4` is wrong whatever rank it has.
        assert_eq!(check("*", "3x5", &[0], "2x4"), size(0, 3, 2));
    }
}
