//! `func.call` and `func.return`.

use super::{KernelCx, KernelResult};
use crate::tensor::Tensor;

/// How deep calls may nest: unbounded recursion gets a located error. The
/// native stack is grown on the heap as calls nest ([`STACK_RED_ZONE`]), so
/// the limit bounds memory, not the thread's stack size.
pub const MAX_CALL_DEPTH: usize = 10_000;

/// When less than this much stack is left, a call continues on a new segment.
const STACK_RED_ZONE: usize = 256 << 10;

/// The size of each new stack segment.
const STACK_SEGMENT: usize = 8 << 20;

/// `func.call`: runs the callee on the operands.
pub(crate) fn call(cx: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    let callee = cx
        .ctx
        .lookup_sym("callee")
        .and_then(|k| cx.module.get_attr(cx.op, k))
        .and_then(|a| match cx.ctx.attr_kind(a) {
            tensor_ir::AttrKind::SymbolRef { root, nested } if nested.is_empty() => {
                Some(cx.ctx.str(*root).to_owned())
            }
            _ => None,
        })
        .ok_or_else(|| cx.error("has no flat callee"))?;
    if cx.depth >= MAX_CALL_DEPTH {
        return Err(cx.error(format!(
            "calls @{callee} {MAX_CALL_DEPTH} calls deep, the interpreter's limit (unbounded recursion?)"
        )));
    }
    let func = cx.interp.function(&callee).ok_or_else(|| {
        cx.error(format!(
            "calls @{callee}, which is not a function with a body"
        ))
    })?;
    stacker::maybe_grow(STACK_RED_ZONE, STACK_SEGMENT, || {
        cx.interp.call(func, operands, cx.depth + 1)
    })
}

/// `func.return`: its operands are the function's results.
pub(crate) fn ret(_: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    Ok(operands)
}
