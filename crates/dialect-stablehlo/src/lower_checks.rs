//! The run-time checks the lowering emits where the shape analysis cannot prove
//! a broadcast dim non-expanding but nothing else is valid: the operand's size
//! must equal the target's entry, or the program fails at the op's location.
//!
//! StableHLO has no op that fails a program with a message that IREE keeps:
//! JAX's `custom_call @shape_assertion` is dropped by `iree-compile` (checked
//! with IREE 3.13: a violating input runs on). So a check is `cf.assert` on the
//! `stablehlo.compare` of the two sizes (through `tensor.extract`), as
//! upstream's own lowerings of shape checks end: `iree-run-module` then fails
//! with the message. `cf` and `tensor` are not dialects this project defines;
//! the two ops are built unregistered, in generic form ([`crate::lower_upstream`]).

use tensor_ir::builder::Builder;
use tensor_ir::module::EditError;
use tensor_ir::{Context, DYNAMIC, Location, Type, Value};

use crate::elementwise::{CompareOp, ConvertOp};
use crate::lower_upstream::{create, one};
use crate::structure::{ConstantOp, GetDimensionSizeOp, ReshapeOp, SliceOp};

/// `cf.assert`: fails the program with a message unless its condition holds.
const ASSERT: &str = "cf.assert";
/// `tensor.extract`: the `i1` a `tensor<i1>` holds, which `cf.assert` takes.
const EXTRACT: &str = "tensor.extract";

/// One check: dim `dim` of `operand` equals entry `entry` of the shape `shape`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Check {
    /// The broadcast's operand.
    pub operand: Value,
    /// Its dim.
    pub dim: usize,
    /// The broadcast's shape operand.
    pub shape: Value,
    /// The entry of `shape` the dim lands on.
    pub entry: usize,
    /// The operand's size when its type fixes it.
    pub static_operand: Option<i64>,
}

/// `tensor<elem>` of rank 0 or 1.
fn scalar(ctx: &mut Context, dims: &[i64], elem: Type) -> Type {
    ctx.tensor_type(dims, elem)
}

/// Emits `check` before the builder's insertion point, failing at `loc` with a
/// message naming the dims and the sizes' relation. Shapes of `index` entries
/// are not checked (StableHLO compares only integers); none of JAX's are.
///
/// # Errors
/// An edit the module refused.
pub(crate) fn assert_holds(b: &mut Builder<'_>, loc: Location, c: &Check) -> Result<(), EditError> {
    let shape_ty = b.module.value_type(c.shape);
    let Some(elem) = b.ctx.element_type(shape_ty) else {
        return Ok(());
    };
    if !matches!(b.ctx.type_kind(elem), tensor_ir::TypeKind::Integer { .. }) {
        return Ok(());
    }
    let at = i64::try_from(c.entry).unwrap_or(i64::MAX);
    let single = scalar(b.ctx, &[1], elem);
    let entry = SliceOp::build(
        b,
        loc,
        c.shape,
        &[at.saturating_add(1)],
        &[at],
        &[1],
        single,
    )?;
    let zero_rank = scalar(b.ctx, &[], elem);
    let target = ReshapeOp::build(b, loc, entry.result(b.module), zero_rank)?.result(b.module);
    let size = match c.static_operand {
        Some(n) if n != DYNAMIC => {
            let Some(value) = b.ctx.dense_int_attr(zero_rank, vec![i128::from(n)]) else {
                return Ok(());
            };
            ConstantOp::build(b, loc, value, zero_rank)?.output(b.module)
        }
        _ => {
            let i32t = b.ctx.i(32);
            let i32s = scalar(b.ctx, &[], i32t);
            let dim = i64::try_from(c.dim).unwrap_or(i64::MAX);
            let s = GetDimensionSizeOp::build(b, loc, c.operand, dim, i32s)?.result(b.module);
            if i32s == zero_rank {
                s
            } else {
                ConvertOp::build(b, loc, s, zero_rank)?.result(b.module)
            }
        }
    };
    let i1 = b.ctx.i(1);
    let pred_ty = scalar(b.ctx, &[], i1);
    let eq = CompareOp::build(b, loc, size, target, Some("SIGNED"), "EQ", pred_ty)?;
    let pred = eq.result(b.module);
    let cond = one(b, loc, EXTRACT, &[pred], i1, &[])?;
    let message = format!(
        "broadcast: operand dim {} must have the size of result dim {} (it is not 1, so it \
         cannot stretch)",
        c.dim, c.entry
    );
    let msg = b.ctx.string_attr(&message);
    create(b, loc, ASSERT, &[cond], &[], &[("msg", msg)])?;
    Ok(())
}
