//! `func.call` and `func.return`.

use super::{KernelCx, KernelResult};
use crate::tensor::Tensor;

/// How deep calls may nest: a recursive program gets an error, not a stack overflow.
pub(crate) const MAX_CALL_DEPTH: usize = 200;

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
            "calls @{callee} {MAX_CALL_DEPTH} calls deep; the interpreter stops there (unbounded recursion?)"
        )));
    }
    let func = cx.interp.function(&callee).ok_or_else(|| {
        cx.error(format!(
            "calls @{callee}, which is not a function with a body"
        ))
    })?;
    cx.interp.call(func, operands, cx.depth + 1)
}

/// `func.return`: its operands are the function's results.
pub(crate) fn ret(_: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    Ok(operands)
}
