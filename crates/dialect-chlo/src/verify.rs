//! The ops' own verifiers: upstream's messages for what CHLO's result-type
//! inference refuses. They run before the Broadcastable trait, which then checks
//! what is left (malformed `broadcast_dimensions`) in its own words and serves
//! `--verify-broadcast`.
//!
//! Upstream signals an impossible broadcast by inferring an unranked type, which
//! any result type is compatible with, so `torch-mlir-opt` prints an error for
//! static NumPy-style conflicts but still accepts the op, and says nothing at all
//! when `broadcast_dimensions` is malformed or places a size against another.
//! tensor-opt refuses all of those (no silent wrong result): with upstream's
//! message where it has one.

use broadcastable::{BroadcastableOp, Dim, Error, Shape, Typed, XlaError};
use broadcastable_ir::{OpView, typed};
use std::fmt::Write;
use tensor_ir::verify::op_error;
use tensor_ir::{Context, Diagnostic, Module, OpId, Type};

use crate::constraints::tensor_elem;

type VResult = Result<(), Diagnostic>;

/// A `broadcast_*` op: its operands' element types agree with each other and the
/// result's, and its shapes broadcast to a shape the result type is compatible with.
pub(crate) fn binary(ctx: &Context, module: &Module, op: OpId) -> VResult {
    if !same_elements(ctx, module, op, 0, true) {
        let message = "requires compatible element types for all operands and results";
        return Err(op_error(ctx, module, op, message));
    }
    shapes(ctx, module, op)
}

/// `broadcast_compare`: one operand element type, then the shapes.
pub(crate) fn compare(ctx: &Context, module: &Module, op: OpId) -> VResult {
    if !same_elements(ctx, module, op, 0, false) {
        return Err(bare_error(module, op, "mismatched operand types"));
    }
    shapes(ctx, module, op)
}

/// `broadcast_select`: the chosen values and the result share an element type.
pub(crate) fn select(ctx: &Context, module: &Module, op: OpId) -> VResult {
    if !same_elements(ctx, module, op, 1, true) {
        return Err(bare_error(module, op, "mismatched operand types"));
    }
    shapes(ctx, module, op)
}

/// `erf`: upstream's `SameOperandsAndResultType` (compatible shapes, one element
/// type).
pub(crate) fn same_type(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let (Some(&input), Some(result)) = (module.operands(op).first(), module.try_result(op, 0))
    else {
        return Ok(());
    };
    let (a, b) = (module.value_type(input), module.value_type(result));
    let same_elem = tensor_elem(ctx, a) == tensor_elem(ctx, b);
    if !same_elem || !compatible(&typed(ctx, a).shape, &typed(ctx, b).shape) {
        return Err(op_error(
            ctx,
            module,
            op,
            "requires compatible types for all operands and results",
        ));
    }
    Ok(())
}

/// Whether the element types of the operands from `from`, and the result's if
/// `result`, are one.
fn same_elements(ctx: &Context, module: &Module, op: OpId, from: usize, result: bool) -> bool {
    let operands = module.operands(op).iter().skip(from).copied();
    let results = module.results(op).filter(|_| result);
    let mut elems = operands
        .chain(results)
        .map(|v| tensor_elem(ctx, module.value_type(v)));
    let first = elems.next().flatten();
    elems.all(|e| e == first)
}

/// An error at the op without the `'name' op` prefix: upstream's inference reports
/// these at a location, not through the op.
fn bare_error(module: &Module, op: OpId, message: impl Into<String>) -> Diagnostic {
    Diagnostic::error(module.op(op).location(), message)
}

/// The broadcast of the operands, as CHLO infers it, against the result type.
fn shapes(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let Some(view) = OpView::of(ctx, module, op) else {
        return Ok(());
    };
    let Ok(policy) = view.checked_policy() else {
        // The trait reports a malformed `broadcast_dimensions`.
        return Ok(());
    };
    let operands: Vec<Typed> = (0..view.num_operands()).map(|i| view.operand(i)).collect();
    if operands.iter().any(|t| t.shape == Shape::Unranked) {
        // Upstream infers an unranked type then; the trait checks what it can.
        return Ok(());
    }
    let any = Typed::tensor(Shape::Unranked);
    let semantics = broadcastable_ir::semantics(ctx);
    let inferred = match broadcastable::verify_with_policy(&policy, semantics, &operands, &[any]) {
        Ok(inferred) => inferred.shape,
        Err(Error::Incompatible(c)) => {
            return Err(incompatible(module, op, c.first_size, c.second_size));
        }
        Err(Error::Xla(XlaError::SizeMismatch {
            lower_size,
            higher_size,
            ..
        })) => return Err(incompatible(module, op, lower_size, higher_size)),
        // Malformed `broadcast_dimensions`: the trait's message says which entry.
        Err(_) => return Ok(()),
    };
    let Some(result) = module.try_result(op, 0) else {
        return Ok(());
    };
    let declared = module.value_type(result);
    if compatible(&inferred, &typed(ctx, declared).shape) {
        return Ok(());
    }
    let inferred = tensor_type_text(ctx, &inferred, declared);
    Err(op_error(
        ctx,
        module,
        op,
        format!(
            "inferred type(s) '{inferred}' are incompatible with return type(s) of operation '{}'",
            ctx.ty(declared)
        ),
    ))
}

/// Upstream reports this at an operand's definition and then accepts the op
/// anyway; tensor-opt refuses the op, at the op.
fn incompatible(module: &Module, op: OpId, a: u64, b: u64) -> Diagnostic {
    bare_error(
        module,
        op,
        format!("incompatible shapes for broadcasting {a} and {b}"),
    )
}

/// Upstream's shape compatibility of types: either unranked, or the same rank
/// with each pair of sizes equal or one of them `?`.
fn compatible(a: &Shape, b: &Shape) -> bool {
    match (a, b) {
        (Shape::Ranked(a), Shape::Ranked(b)) => {
            a.len() == b.len()
                && a.iter()
                    .zip(b.iter())
                    .all(|(x, y)| x == y || matches!(x, Dim::Dynamic) || matches!(y, Dim::Dynamic))
        }
        _ => true,
    }
}

/// `tensor<2x4xf32>`: `shape` with the element type of `like`.
fn tensor_type_text(ctx: &Context, shape: &Shape, like: Type) -> String {
    let elem = tensor_elem(ctx, like).map_or_else(String::new, |e| ctx.ty(e).to_string());
    let mut s = String::from("tensor<");
    match shape {
        Shape::Unranked => s.push_str("*x"),
        Shape::Ranked(dims) => {
            for d in dims.iter() {
                let _ = write!(s, "{d}x");
            }
        }
    }
    s.push_str(&elem);
    s.push('>');
    s
}
