//! Broadcasting errors as diagnostics at an op of the IR. The words are the
//! `broadcastable` crate's ([`broadcastable::wording`]), shared with every other IR
//! that implements the trait; this layer adds the location.

use broadcastable::{Error, wording};
use tensor_ir::Context;
use tensor_ir::diag::Diagnostic;
use tensor_ir::module::{Module, OpId};
use tensor_ir::verify::op_error;

use crate::align::{Focus, with_alignment};
use crate::{BroadcastPolicy, OpView, codes};

/// Renders a broadcasting [`Error`] of `op` as a diagnostic at the op.
///
/// The message is upstream's wording where upstream has one
/// (`operands don't have broadcast-compatible shapes`, `result type '…' not
/// broadcast compatible with broadcasted operands's shapes '…'`, `cannot
/// broadcast vector with tensor`) and upstream's trait wording for
/// structure (`requires one result`, `expected 1 or more operands, but
/// found 0`). With `notes`, notes follow that name the operands, dimensions
/// and sizes involved, then a hint drawing the shapes aligned, with a marker under
/// the conflicting dimension; [`BroadcastVerifier`](crate::BroadcastVerifier) leaves
/// both out for NumPy-policy ops under
/// [`Semantics::Mlir`](broadcastable::Semantics::Mlir), so that output is
/// byte-identical to `mlir-opt`. The diagnostic's code is [`codes::of`] the error.
pub fn diagnose(ctx: &Context, module: &Module, op: OpId, notes: bool, err: &Error) -> Diagnostic {
    let d = op_error(ctx, module, op, wording::message(err)).with_code(codes::of(err));
    if !notes {
        return d;
    }
    // The words need the op's types only, not its policy.
    let view = OpView::new(ctx, module, op, BroadcastPolicy::NumPy);
    let d = match wording::note(&view, err) {
        Some(text) => {
            let loc = d.location;
            d.with_note(loc, text)
        }
        None => d,
    };
    with_alignment(ctx, module, op, Focus::Error(err), d)
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
    wording::obligation(&OpView::new(ctx, module, op, BroadcastPolicy::NumPy), check)
}

/// [`obligation`] with each dynamic operand dim's size named by `sizes` (the shape
/// analysis's name for it: `n`, `%arg0[1]`), `?` where it has none.
pub fn obligation_named(
    ctx: &Context,
    module: &Module,
    op: OpId,
    check: &broadcastable::RuntimeCheck,
    sizes: &wording::SizeNames<'_>,
) -> String {
    wording::obligation_named(
        &OpView::new(ctx, module, op, BroadcastPolicy::NumPy),
        check,
        sizes,
    )
}
