//! The explicit broadcast *op* of XLA/StableHLO, `broadcast_in_dim(operand)
//! -> result` (seed 002; StableHLO's `broadcast_in_dim` is the reference).
//!
//! Unlike the binary-op rule of [`xla`](crate::xla), the result shape is
//! given (by the result type, or at run time by a shape operand) and the
//! operand is placed into it: operand dimension `i` goes to result dimension
//! `broadcast_dimensions[i]` and must be 1 or equal to it. As in StableHLO
//! (and unlike XlaBuilder's binary ops), the entries need only be distinct,
//! so a broadcast may also transpose.
//!
//! The size rule is the Array API's in-place rule
//! ([`crate::array_api::broadcast_to`]) applied to the operand
//! after it is mapped into the result's rank with 1s elsewhere
//! ([`expand_in_dim`]), so dynamic sizes get exactly the run-time checks of
//! the rest of the crate. Checks and errors name the operand as operand #0
//! (with its own dimension indices) and the result as operand #1, which is
//! where the shape operand of the dynamic form sits.

use smallvec::SmallVec;

use crate::array_api::broadcast_to;
use crate::check::{Bound, Inferred, RuntimeCheck};
use crate::dim::Dim;
use crate::error::{Error, OperandDim};
use crate::shape::Shape;
use crate::xla::expand_in_dim;

/// Why a `broadcast_in_dim` is invalid.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum InDimError {
    /// One entry is needed per operand dimension.
    #[error("broadcast_dimensions has {actual} entries but the operand has rank {expected}")]
    WrongLength {
        /// The operand's rank.
        expected: usize,
        /// Number of entries given.
        actual: usize,
    },
    /// An entry does not name a result dimension.
    #[error(
        "broadcast_dimensions[{position}] = {value} is out of range for the result of rank {rank}"
    )]
    OutOfRange {
        /// Position in `broadcast_dimensions`.
        position: usize,
        /// The entry.
        value: i64,
        /// The result's rank.
        rank: usize,
    },
    /// Two operand dimensions are mapped to the same result dimension.
    #[error(
        "broadcast_dimensions[{position}] = {value} repeats broadcast_dimensions[{first}]: each result dimension takes at most one operand dimension"
    )]
    Duplicate {
        /// Position of the repeated entry.
        position: usize,
        /// Position of its first occurrence.
        first: usize,
        /// The entry.
        value: i64,
    },
    /// A static operand size is neither 1 nor the result size it maps to.
    #[error(
        "operand dim {operand_dim} has size {operand_size}, which is neither 1 nor the size {result_size} of result dim {result_dim} it is mapped to"
    )]
    SizeMismatch {
        /// The operand dimension.
        operand_dim: usize,
        /// Its size.
        operand_size: u64,
        /// The result dimension it is mapped to.
        result_dim: usize,
        /// The result's size there.
        result_size: u64,
    },
}

/// Checks `broadcast_in_dim(operand) -> result` and returns the result shape
/// with the run-time checks its dynamic sizes need.
///
/// Rules, in the order they are checked: one entry per operand dimension,
/// each entry names a result dimension, entries are distinct, and each
/// mapped operand size is 1 or the result size (a `?` on either side turns
/// the last rule into a [`RuntimeCheck`]).
///
/// # Errors
/// The matching [`InDimError`].
pub fn broadcast_in_dim_to(
    operand: &[Dim],
    result: &[Dim],
    broadcast_dimensions: &[i64],
) -> Result<Inferred, InDimError> {
    let rank = result.len();
    let targets = placement(operand.len(), rank, broadcast_dimensions)?;
    // `inverse[r]` is the operand dimension placed at result dimension `r`.
    let mut inverse: SmallVec<[Option<usize>; 4]> = SmallVec::from_elem(None, rank);
    for (i, &t) in targets.iter().enumerate() {
        inverse[t] = Some(i);
    }
    let expanded = Shape::Ranked(expand_in_dim(operand, rank, &targets));
    let target = Shape::ranked(result.iter().copied());
    // In `broadcast_to` numbering the target is #0 and the source #1.
    let inferred = broadcast_to(&expanded, &target).map_err(|e| match e {
        Error::Incompatible(c) => {
            let (result_dim, result_size, operand_size) =
                (c.result_dim, c.first_size, c.second_size);
            InDimError::SizeMismatch {
                operand_dim: inverse.get(result_dim).copied().flatten().unwrap_or(0),
                operand_size,
                result_dim,
                result_size,
            }
        }
        // The expanded operand has the result's rank and there is one
        // source, so no other error can arise; report something rather than
        // panic.
        _ => InDimError::WrongLength {
            expected: operand.len(),
            actual: broadcast_dimensions.len(),
        },
    })?;
    let renumber = |d: OperandDim| {
        if d.operand == 0 {
            OperandDim::new(1, d.dim)
        } else {
            OperandDim::new(0, inverse.get(d.dim).copied().flatten().unwrap_or(d.dim))
        }
    };
    let checks = inferred
        .checks
        .into_iter()
        .map(|c| renumber_check(c, &renumber))
        .collect();
    Ok(Inferred {
        shape: inferred.shape,
        checks,
    })
}

/// The result dimension each operand dimension goes to: one entry per operand
/// dimension, each naming a result dimension, all distinct (the first three rules
/// of [`broadcast_in_dim_to`], in its order).
fn placement(
    operand_rank: usize,
    rank: usize,
    broadcast_dimensions: &[i64],
) -> Result<SmallVec<[usize; 4]>, InDimError> {
    if broadcast_dimensions.len() != operand_rank {
        return Err(InDimError::WrongLength {
            expected: operand_rank,
            actual: broadcast_dimensions.len(),
        });
    }
    let mut targets: SmallVec<[usize; 4]> = SmallVec::with_capacity(operand_rank);
    // The first entry naming each result dimension: finding a repeat is O(1), so
    // the check is linear in the rank.
    let mut first_at: SmallVec<[Option<usize>; 4]> = SmallVec::from_elem(None, rank);
    for (position, &value) in broadcast_dimensions.iter().enumerate() {
        let target =
            usize::try_from(value)
                .ok()
                .filter(|&t| t < rank)
                .ok_or(InDimError::OutOfRange {
                    position,
                    value,
                    rank,
                })?;
        if let Some(first) = first_at[target] {
            return Err(InDimError::Duplicate {
                position,
                first,
                value,
            });
        }
        first_at[target] = Some(position);
        targets.push(target);
    }
    Ok(targets)
}

/// Whether `broadcast_in_dim(operand) -> result` is valid, with
/// [`broadcast_in_dim_to`]'s error if not, but without working out the result
/// shape and run-time checks: what a verifier, which runs on every op, needs.
///
/// # Errors
/// The [`InDimError`] that [`broadcast_in_dim_to`] returns.
pub fn validate_in_dim(
    operand: &[Dim],
    result: &[Dim],
    broadcast_dimensions: &[i64],
) -> Result<(), InDimError> {
    let rank = result.len();
    let targets = placement(operand.len(), rank, broadcast_dimensions)?;
    let mut inverse: SmallVec<[Option<usize>; 4]> = SmallVec::from_elem(None, rank);
    for (i, &t) in targets.iter().enumerate() {
        inverse[t] = Some(i);
    }
    // The in-place rule, in result-dimension order as `broadcast_to` checks it: a
    // static operand size is 1 or the static result size; `?` is left to run time.
    for (r, i) in inverse.iter().enumerate() {
        let Some(i) = *i else { continue };
        if let (Dim::Static(n), Dim::Static(m)) = (operand[i], result[r])
            && n != 1
            && n != m
        {
            return Err(InDimError::SizeMismatch {
                operand_dim: i,
                operand_size: n,
                result_dim: r,
                result_size: m,
            });
        }
    }
    Ok(())
}

/// `check` with every [`OperandDim`] passed through `f`.
fn renumber_check(check: RuntimeCheck, f: &impl Fn(OperandDim) -> OperandDim) -> RuntimeCheck {
    let bound = |b: Bound| match b {
        Bound::Dim(d) => Bound::Dim(f(d)),
        size @ Bound::Size(_) => size,
    };
    match check {
        RuntimeCheck::OneOrEqual {
            result_dim,
            subject,
            to,
        } => RuntimeCheck::OneOrEqual {
            result_dim,
            subject: f(subject),
            to: bound(to),
        },
        RuntimeCheck::Equal {
            result_dim,
            subject,
            to,
        } => RuntimeCheck::Equal {
            result_dim,
            subject: f(subject),
            to: bound(to),
        },
        RuntimeCheck::Agree { result_dim, dims } => RuntimeCheck::Agree {
            result_dim,
            dims: dims.into_iter().map(f).collect(),
        },
        RuntimeCheck::OneOrMax {
            result_dim,
            dims,
            one_present,
        } => RuntimeCheck::OneOrMax {
            result_dim,
            dims: dims.into_iter().map(f).collect(),
            one_present,
        },
        other => other,
    }
}

/// Whether `perm` is a permutation of `0..rank`: each dim once, none out of range.
/// A transpose's `permutation` (and a `broadcast_in_dim` into the same rank that
/// only reorders) must be one.
pub fn is_permutation(perm: &[i64], rank: usize) -> bool {
    let mut seen = vec![false; rank];
    perm.len() == rank
        && perm.iter().all(|&d| {
            usize::try_from(d)
                .ok()
                .and_then(|u| seen.get_mut(u))
                .is_some_and(|s| !std::mem::replace(s, true))
        })
}

/// `items` permuted as a transpose permutes dims: entry `i` is
/// `items[perm[i]]`; `None` when an entry of `perm` is out of range.
pub fn permuted<T: Copy, C: FromIterator<T>>(items: &[T], perm: &[i64]) -> Option<C> {
    perm.iter()
        .map(|&p| usize::try_from(p).ok().and_then(|p| items.get(p).copied()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutations_are_each_dim_once() {
        assert!(is_permutation(&[1, 0, 2], 3));
        assert!(is_permutation(&[], 0));
        assert!(!is_permutation(&[0, 0], 2));
        assert!(!is_permutation(&[0, 2], 2));
        assert!(!is_permutation(&[-1, 0], 2));
        assert!(!is_permutation(&[0], 2));
        assert_eq!(
            permuted::<_, Vec<_>>(&[5, 6, 7], &[2, 0, 1]),
            Some(vec![7, 5, 6])
        );
        assert_eq!(permuted::<_, Vec<i32>>(&[5, 6], &[2]), None);
    }

    fn dims(text: &str) -> Vec<Dim> {
        let s: Shape = text.parse().unwrap();
        s.dims().unwrap().to_vec()
    }

    fn shape(operand: &str, result: &str, bd: &[i64]) -> Result<Shape, InDimError> {
        broadcast_in_dim_to(&dims(operand), &dims(result), bd).map(|i| i.shape)
    }

    #[test]
    fn stablehlo_examples() {
        // StableHLO spec: tensor<1x3xi32> to tensor<2x3x2xi32> with [2, 1].
        assert_eq!(shape("1x3", "2x3x2", &[2, 1]), Ok("2x3x2".parse().unwrap()));
        // Seed 002: a vector of 3 becomes the rows or the columns of 3x3.
        assert!(shape("3", "3x3", &[0]).is_ok());
        assert!(shape("3", "3x3", &[1]).is_ok());
        // A scalar broadcasts anywhere with no dimensions.
        assert!(shape("", "2x3", &[]).is_ok());
        // Degenerate dims.
        assert!(shape("1x1", "4x5", &[0, 1]).is_ok());
    }

    #[test]
    fn errors_in_order() {
        assert_eq!(
            shape("3", "2x3", &[]),
            Err(InDimError::WrongLength {
                expected: 1,
                actual: 0
            })
        );
        assert_eq!(
            shape("3", "2x3", &[2]),
            Err(InDimError::OutOfRange {
                position: 0,
                value: 2,
                rank: 2
            })
        );
        assert_eq!(
            shape("3", "2x3", &[-1]),
            Err(InDimError::OutOfRange {
                position: 0,
                value: -1,
                rank: 2
            })
        );
        assert_eq!(
            shape("3x1", "3x3", &[1, 1]),
            Err(InDimError::Duplicate {
                position: 1,
                first: 0,
                value: 1
            })
        );
        assert_eq!(
            shape("2x3", "4x3x5", &[1, 2]),
            Err(InDimError::SizeMismatch {
                operand_dim: 0,
                operand_size: 2,
                result_dim: 1,
                result_size: 3
            })
        );
        // Transposed mapping: operand dim 1 (size 4) goes to result dim 0.
        assert_eq!(
            shape("3x4", "3x3", &[1, 0]),
            Err(InDimError::SizeMismatch {
                operand_dim: 1,
                operand_size: 4,
                result_dim: 0,
                result_size: 3
            })
        );
    }

    #[test]
    fn dynamic_sizes_become_checks_in_operand_numbering() {
        let got = broadcast_in_dim_to(&dims("?x4"), &dims("2x3x4"), &[1, 2]).unwrap();
        assert_eq!(
            got.checks,
            vec![RuntimeCheck::OneOrEqual {
                result_dim: 1,
                subject: OperandDim::new(0, 0),
                to: Bound::Size(3),
            }]
        );
        // A static operand size into a `?` result dim pins that dim.
        let got = broadcast_in_dim_to(&dims("5"), &dims("?x?"), &[1]).unwrap();
        assert_eq!(
            got.checks,
            vec![RuntimeCheck::Equal {
                result_dim: 1,
                subject: OperandDim::new(1, 1),
                to: Bound::Size(5),
            }]
        );
        // `?` into `?`: 1 or the result's run-time size.
        let got = broadcast_in_dim_to(&dims("?"), &dims("?"), &[0]).unwrap();
        assert_eq!(
            got.checks,
            vec![RuntimeCheck::OneOrEqual {
                result_dim: 0,
                subject: OperandDim::new(0, 0),
                to: Bound::Dim(OperandDim::new(1, 0)),
            }]
        );
    }
}
