//! `nd.assert`: the run fails at the op's location, with its message, when the
//! condition is false.

use super::{KernelCx, KernelResult};
use crate::tensor::Tensor;
use tensor_dialect_nd::assert::{AssertOp, format_message};

/// `nd.assert`: no results; an error with the message (its `{k}` replaced by
/// value `k`) when the condition does not hold.
pub(crate) fn assert(cx: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    let Some((condition, values)) = operands.split_first() else {
        return Err(cx.error("has no condition"));
    };
    let holds = condition.to_i64s().first().is_some_and(|&c| c != 0);
    if holds {
        return Ok(Vec::new());
    }
    let message = AssertOp::cast(cx.ctx, cx.module, cx.op)
        .map(|h| h.message(cx.ctx, cx.module))
        .unwrap_or_default();
    let text = format_message(message, |k| {
        let v = values.get(k)?.to_i64s();
        v.first().map(i64::to_string)
    });
    Err(tensor_ir::Diagnostic::error(
        cx.module.op(cx.op).location(),
        text,
    ))
}
