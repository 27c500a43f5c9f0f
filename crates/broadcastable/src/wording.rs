//! The words of broadcasting diagnostics, for any IR.
//!
//! An IR that implements [`BroadcastableOp`] gets its diagnostics' text from
//! here and adds only what it owns: where the diagnostic goes (its op's
//! location) and how a type prints ([`BroadcastableOp::operand_type_text`]).
//! So every IR reports the same error with the same words:
//!
//! * [`message`]: upstream MLIR's one-line message for an [`Error`]
//!   (`operands don't have broadcast-compatible shapes`, ...);
//! * [`note`]: the note that goes beyond upstream, naming the operands,
//!   dimensions and sizes involved;
//! * [`obligation`]: a run-time condition of an op that verified on condition;
//! * [`never_satisfiable`]: upstream's optimistic inference can accept
//!   operands that no run-time size makes broadcast (only under
//!   [`Semantics::Mlir`](crate::Semantics::Mlir)).

use std::fmt::Write as _;

use crate::check::{Bound, Inferred, RuntimeCheck};
use crate::error::{Error, OperandDim, ResultMismatch, XlaError};
use crate::op::BroadcastableOp;
use crate::upstream::Container;

/// The text of one diagnostic, without its location: a message and an
/// optional note at the same place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Text {
    /// The main message.
    pub message: String,
    /// What a note adds, if anything.
    pub note: Option<String>,
}

/// Upstream's message for `err` where upstream has one (`operands don't have
/// broadcast-compatible shapes`, `result type '…' not broadcast compatible
/// with broadcasted operands's shapes '…'`, `cannot broadcast vector with
/// tensor`) and upstream's trait wording for structure (`requires one
/// result`, `expected 1 or more operands, but found 0`).
#[must_use]
pub fn message(err: &Error) -> String {
    let incompatible = "operands don't have broadcast-compatible shapes";
    match err {
        Error::Incompatible(_)
        | Error::ConstraintC1 { .. }
        | Error::RankMismatch { .. }
        | Error::RankTooHigh { .. }
        | Error::Xla(XlaError::SizeMismatch { .. }) => incompatible.to_owned(),
        Error::Result(e) => format!(
            "result type '{}' not broadcast compatible with broadcasted operands's shapes '{}'",
            e.actual, e.inferred
        ),
        Error::MixedContainers => "cannot broadcast vector with tensor".to_owned(),
        Error::NoOperands => "expected 1 or more operands, but found 0".to_owned(),
        Error::ResultCount { .. } => "requires one result".to_owned(),
        Error::Arity { expected, actual } => {
            format!("expected {expected} operands, but found {actual}")
        }
        Error::Xla(e) => format!("invalid broadcast dimensions: {e}"),
    }
}

/// [`message`] and [`note`] of `err`.
#[must_use]
pub fn error<O: BroadcastableOp + ?Sized>(op: &O, err: &Error) -> Text {
    Text {
        message: message(err),
        note: note(op, err),
    }
}

/// `operand #k ('tensor<...>')` or `result #k ('...')`; the type only when
/// the IR can print it.
fn value_desc<O: BroadcastableOp + ?Sized>(op: &O, operand: bool, k: usize) -> String {
    let (what, text) = if operand {
        let text = (k < op.num_operands())
            .then(|| op.operand_type_text(k))
            .flatten();
        ("operand", text)
    } else {
        let text = (k < op.num_results())
            .then(|| op.result_type_text(k))
            .flatten();
        ("result", text)
    };
    match text {
        Some(t) => format!("{what} #{k} ('{t}')"),
        None => format!("{what} #{k}"),
    }
}

/// The note that goes beyond upstream: who conflicts with whom, and where.
/// `None` for errors whose message says it all.
#[must_use]
pub fn note<O: BroadcastableOp + ?Sized>(op: &O, err: &Error) -> Option<String> {
    let operand = |k: usize| value_desc(op, true, k);
    let mut s = String::new();
    match err {
        Error::Incompatible(c) => {
            let _ = write!(
                s,
                "{} dim {} has size {} but {} dim {} has size {}: they meet in result dim {} and neither is 1",
                operand(c.first.operand),
                c.first.dim,
                c.first_size,
                operand(c.second.operand),
                c.second.dim,
                c.second_size,
                c.result_dim
            );
        }
        Error::Result(e) => {
            let _ = match e.mismatch {
                ResultMismatch::Rank { inferred, actual } => write!(
                    s,
                    "the result has rank {actual} but the operands broadcast to rank {inferred}"
                ),
                ResultMismatch::StaticFromDynamic { result_dim, actual } => write!(
                    s,
                    "result dim {result_dim} is {actual} but the operands leave it dynamic ('?'): its size is only known at run time"
                ),
                ResultMismatch::Size {
                    result_dim,
                    inferred,
                    actual,
                } => {
                    let why = if inferred == 1 {
                        " (broadcasting applies to operands, never to the result)"
                    } else {
                        ""
                    };
                    write!(
                        s,
                        "result dim {result_dim} is {actual} but the operands broadcast it to {inferred}{why}"
                    )
                }
            };
        }
        Error::MixedContainers => {
            let find = |c: Container| {
                (0..op.num_operands())
                    .map(|k| (true, k, op.operand(k)))
                    .chain((0..op.num_results()).map(|k| (false, k, op.result(k))))
                    .find(|(_, _, t)| t.container == c)
                    .map(|(is_operand, k, _)| value_desc(op, is_operand, k))
            };
            let (vector, tensor) = (find(Container::Vector)?, find(Container::Tensor)?);
            let _ = write!(s, "{vector} is a vector but {tensor} is a tensor");
        }
        Error::RankMismatch {
            operand: k,
            rank,
            reference,
            expected,
        } => {
            let _ = write!(
                s,
                "{} has rank {rank} but {} has rank {expected}: this op broadcasts only between equal ranks",
                operand(*k),
                operand(*reference)
            );
        }
        Error::RankTooHigh {
            operand: k,
            rank,
            target,
            target_rank,
        } => {
            let _ = write!(
                s,
                "{} has rank {rank} but {} has rank {target_rank}: broadcasting in place cannot add dimensions to the target",
                operand(*k),
                operand(*target)
            );
        }
        Error::Xla(XlaError::SizeMismatch { .. }) | Error::ConstraintC1 { .. } => {
            let _ = write!(s, "{err}");
        }
        Error::NoOperands | Error::ResultCount { .. } | Error::Arity { .. } | Error::Xla(_) => {
            return None;
        }
    }
    Some(s)
}

/// `operand #k dim d (?)`: an operand dimension with its declared size, or for a
/// dynamic one the symbolic size `sizes` names (`n`, `%arg0[1]`) when it has one.
pub fn operand_dim<O: BroadcastableOp + ?Sized>(
    op: &O,
    d: OperandDim,
    sizes: &SizeNames<'_>,
) -> String {
    let size = (d.operand < op.num_operands())
        .then(|| op.operand(d.operand).shape)
        .and_then(|s| s.dims().and_then(|dims| dims.get(d.dim).copied()));
    match size {
        Some(size) if size.is_dynamic() => match sizes(d) {
            Some(name) => format!("{d} ({name})"),
            None => format!("{d} ({size})"),
        },
        Some(size) => format!("{d} ({size})"),
        None => d.to_string(),
    }
}

/// The name of a dynamic operand dim's size, from an IR that knows one (its shape
/// analysis): `None` leaves it `?`. The words stay free of any IR.
pub type SizeNames<'a> = dyn Fn(OperandDim) -> Option<String> + 'a;

/// A run-time obligation of `op`, as `--verify-broadcast` reports it: the
/// condition that the spec leaves undefined and that a lowering checks
/// (`operand #0 dim 1 (?) must be 1 or equal to operand #1 dim 1 (?) at run
/// time`).
#[must_use]
pub fn obligation<O: BroadcastableOp + ?Sized>(op: &O, check: &RuntimeCheck) -> String {
    obligation_named(op, check, &|_| None)
}

/// [`obligation`] with dynamic sizes named by `sizes` (`operand #0 dim 0 (n)
/// and operand #1 dim 0 (m) must be 1 or equal at run time`).
#[must_use]
pub fn obligation_named<O: BroadcastableOp + ?Sized>(
    op: &O,
    check: &RuntimeCheck,
    sizes: &SizeNames<'_>,
) -> String {
    obligation_worded(check, &|d| operand_dim(op, d, sizes))
}

/// [`obligation_named`] with each operand dim worded by `dim`: for an IR whose
/// checks read other things than operand dims (an explicit broadcast's shape
/// operand, whose "dims" are its entries).
pub fn obligation_worded(check: &RuntimeCheck, dim: &dyn Fn(OperandDim) -> String) -> String {
    let bound = |b: &Bound| match b {
        Bound::Size(n) => n.to_string(),
        Bound::Dim(d) => dim(*d),
    };
    let list = |dims: &[OperandDim]| {
        let names: Vec<String> = dims.iter().map(|&d| dim(d)).collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => names.join(""),
        }
    };
    match check {
        RuntimeCheck::OneOrEqual { subject, to, .. } => format!(
            "{} must be 1 or equal to {} at run time",
            dim(*subject),
            bound(to)
        ),
        RuntimeCheck::Equal { subject, to, .. } => {
            format!("{} must equal {} at run time", dim(*subject), bound(to))
        }
        RuntimeCheck::Agree { dims, .. } => {
            format!("{} must be 1 or equal at run time", list(dims))
        }
        RuntimeCheck::OneOrMax {
            dims, one_present, ..
        } => {
            let with_one = if *one_present { " and 1" } else { "" };
            format!(
                "{} must each be 1 or the largest of them{with_one} at run time",
                list(dims)
            )
        }
        other => other.to_string(),
    }
}

/// The error for an op that verified with a conflict no run-time size can
/// resolve, if `inferred` has one. Only upstream's optimistic inference
/// ([`Semantics::Mlir`](crate::Semantics::Mlir)) accepts such operands: a
/// static `0` next to a `?` and another static size.
#[must_use]
pub fn never_satisfiable(inferred: &Inferred) -> Option<Text> {
    let conflict = inferred.checks.iter().find_map(|c| match c {
        RuntimeCheck::Unsatisfiable(conflict) => Some(conflict),
        _ => None,
    })?;
    Some(Text {
        message: "operands can never be broadcast at run time".to_owned(),
        note: Some(format!(
            "upstream's inference forgets a static 0 next to '?': {conflict}"
        )),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Semantics;
    use crate::test_util::*;
    use crate::upstream::Typed;

    /// Operands and one result, with types printed as `tensor<..xf32>`.
    struct Fake(Vec<Typed>, Typed);

    impl BroadcastableOp for Fake {
        fn num_operands(&self) -> usize {
            self.0.len()
        }
        fn operand(&self, index: usize) -> Typed {
            self.0[index].clone()
        }
        fn num_results(&self) -> usize {
            1
        }
        fn result(&self, _: usize) -> Typed {
            self.1.clone()
        }
        fn operand_type_text(&self, index: usize) -> Option<String> {
            Some(format!("tensor<{}xf32>", self.0[index].shape))
        }
    }

    fn fake(operands: &[&str], result: &str) -> Fake {
        Fake(
            operands.iter().map(|t| Typed::tensor(s(t))).collect(),
            Typed::tensor(s(result)),
        )
    }

    fn verify_text(f: &Fake) -> Text {
        let err = f.verify_broadcast(Semantics::Spec).unwrap_err();
        error(f, &err)
    }

    #[test]
    fn incompatible_names_both_operands() {
        let t = verify_text(&fake(&["2x3", "4"], "*"));
        assert_eq!(t.message, "operands don't have broadcast-compatible shapes");
        assert_eq!(
            t.note.as_deref(),
            Some(
                "operand #0 ('tensor<2x3xf32>') dim 1 has size 3 but operand #1 ('tensor<4xf32>') dim 0 has size 4: they meet in result dim 1 and neither is 1"
            )
        );
    }

    #[test]
    fn result_mismatch_is_upstream_worded() {
        let t = verify_text(&fake(&["2x1"], "2x3"));
        assert_eq!(
            t.message,
            "result type '2x3' not broadcast compatible with broadcasted operands's shapes '2x1'"
        );
        assert_eq!(
            t.note.as_deref(),
            Some(
                "result dim 1 is 3 but the operands broadcast it to 1 (broadcasting applies to operands, never to the result)"
            )
        );
    }

    #[test]
    fn structure_has_no_note_and_types_are_optional() {
        let f = Fake(vec![], Typed::tensor(s("2")));
        assert_eq!(
            verify_text(&f),
            Text {
                message: "expected 1 or more operands, but found 0".to_owned(),
                note: None,
            }
        );
        // An IR that cannot print types still names the values.
        let err = Error::RankMismatch {
            operand: 5,
            rank: 1,
            reference: 0,
            expected: 2,
        };
        let f = fake(&["2x3"], "2x3");
        assert_eq!(
            note(&f, &err).as_deref(),
            Some(
                "operand #5 has rank 1 but operand #0 ('tensor<2x3xf32>') has rank 2: this op broadcasts only between equal ranks"
            )
        );
    }

    #[test]
    fn obligations_name_dims_with_sizes() {
        let f = fake(&["?x3", "?x1", "?x?"], "?x3");
        let inferred = f.verify_broadcast(Semantics::Spec).unwrap();
        let texts: Vec<String> = inferred.checks.iter().map(|c| obligation(&f, c)).collect();
        assert_eq!(
            texts,
            [
                "operand #0 dim 0 (?), operand #1 dim 0 (?) and operand #2 dim 0 (?) must be 1 or equal at run time",
                "operand #2 dim 1 (?) must be 1 or equal to 3 at run time",
            ]
        );
        assert_eq!(never_satisfiable(&inferred), None);
    }
}
