//! Broadcasting errors as diagnostics: upstream's wording, and notes that go beyond it.

use broadcastable::{Container, Error, ResultMismatch, XlaError};
use std::fmt::Write as _;
use tensor_ir::diag::Diagnostic;
use tensor_ir::module::{Module, OpId};
use tensor_ir::verify::op_error;
use tensor_ir::{Context, Type};

use crate::align::{Focus, with_alignment};
use crate::{codes, typed};

/// Renders a broadcasting [`Error`] of `op` as a diagnostic at the op.
///
/// The message is upstream's wording where upstream has one
/// (`operands don't have broadcast-compatible shapes`, `result type '…' not
/// broadcast compatible with broadcasted operands's shapes '…'`, `cannot
/// broadcast vector with tensor`) and upstream's trait wording for
/// structure (`requires one result`, `expected 1 or more operands, but
/// found 0`). With `notes`, notes follow that name the operands, dimensions
/// and sizes involved, then a hint drawing the shapes aligned, with a marker
/// under the conflicting dimension; [`BroadcastVerifier`] leaves both out for
/// NumPy-policy ops under [`Semantics::Mlir`], so that output is byte-identical
/// to `mlir-opt`. The diagnostic's code is [`codes::of`] the error.
pub fn diagnose(ctx: &Context, module: &Module, op: OpId, notes: bool, err: &Error) -> Diagnostic {
    let incompatible = "operands don't have broadcast-compatible shapes";
    let message = match err {
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
    };
    let d = op_error(ctx, module, op, message).with_code(codes::of(err));
    if !notes {
        return d;
    }
    let d = match note(ctx, module, op, err) {
        Some(text) => {
            let loc = d.location;
            d.with_note(loc, text)
        }
        None => d,
    };
    with_alignment(ctx, module, op, Focus::Error(err), d)
}

/// `operand #k ('tensor<...>')` or `result #k ('...')`.
fn value_desc(ctx: &Context, module: &Module, op: OpId, operand: bool, k: usize) -> String {
    let ty = if operand {
        module.operands(op).get(k).map(|&v| module.value_type(v))
    } else {
        (k < module.num_results(op)).then(|| module.value_type(module.result(op, k)))
    };
    let what = if operand { "operand" } else { "result" };
    match ty {
        Some(t) => format!("{what} #{k} ('{}')", ctx.ty(t)),
        None => format!("{what} #{k}"),
    }
}

/// The note that goes beyond upstream: who conflicts with whom, and where.
fn note(ctx: &Context, module: &Module, op: OpId, err: &Error) -> Option<String> {
    let operand = |k: usize| value_desc(ctx, module, op, true, k);
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
            let all: Vec<(bool, usize, Type)> = module
                .operands(op)
                .iter()
                .enumerate()
                .map(|(k, &v)| (true, k, module.value_type(v)))
                .chain(
                    module
                        .results(op)
                        .enumerate()
                        .map(|(k, v)| (false, k, module.value_type(v))),
                )
                .collect();
            let find = |c: Container| {
                all.iter()
                    .find(|(_, _, t)| typed(ctx, *t).container == c)
                    .map(|&(is_operand, k, _)| value_desc(ctx, module, op, is_operand, k))
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

/// `operand #k dim d (?)`: an operand dimension with its declared size.
fn operand_dim(ctx: &Context, module: &Module, op: OpId, d: broadcastable::OperandDim) -> String {
    let size = module
        .operand(op, d.operand)
        .map(|v| typed(ctx, module.value_type(v)).shape)
        .and_then(|s| s.dims().and_then(|dims| dims.get(d.dim).copied()));
    match size {
        Some(size) => format!("{d} ({size})"),
        None => d.to_string(),
    }
}

/// A run-time obligation of `op`, as `--verify-broadcast` reports it: the condition
/// that the spec leaves undefined and that a lowering checks (`operand #0 dim 1 (?)
/// must be 1 or equal to operand #1 dim 1 (?) at run time`).
pub fn obligation(
    ctx: &Context,
    module: &Module,
    op: OpId,
    check: &broadcastable::RuntimeCheck,
) -> String {
    use broadcastable::{Bound, RuntimeCheck};
    let dim = |d| operand_dim(ctx, module, op, d);
    let bound = |b: &Bound| match b {
        Bound::Size(n) => n.to_string(),
        Bound::Dim(d) => dim(*d),
    };
    let list = |dims: &[broadcastable::OperandDim]| {
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
