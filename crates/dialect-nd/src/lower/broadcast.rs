//! `nd.broadcast` (ONNX N-ary) becomes one explicit broadcast per result, checked
//! by `nd.broadcast_shapes {policy = "onnx"}`; a ranked `nd.broadcast_to`, whose
//! operand's dims align with the shape's implicitly (on the right), becomes an
//! `nd.broadcast_in_dim` that states the mapping. An unranked `nd.broadcast_to` is
//! already explicit: it is what the lowering emits for unranked operands.

use broadcastable_ir::Sweep;
use smallvec::SmallVec;
use tensor_ir::builder::Builder;
use tensor_ir::module::EditError;
use tensor_ir::{Context, DYNAMIC, ElementKind, ElementValues, Module, OpId, Value};

use super::elementwise::report_unlowered;
use super::emit::{in_dim, nonexpanding, shape_of_length};
use super::plan::{Dims, Plan, Rule};
use super::sizes::{Memo, Size, Sizes};
use crate::broadcast::{BroadcastOp, BroadcastToOp};
use crate::constant::ConstantOp;
use crate::support::tensor_dims;

/// The plan of an `nd.broadcast`: operand `k` to result `k`.
fn broadcast_plan(
    ctx: &Context,
    module: &Module,
    op: OpId,
    memo: &mut Memo,
) -> Option<Result<Plan, String>> {
    let this = BroadcastOp::cast(ctx, module, op)?;
    let operands = this.inputs(module);
    let results = this.results(module);
    if results.len() != operands.len() {
        return None;
    }
    let targets = results
        .iter()
        .map(|&r| tensor_dims(ctx, module.value_type(r)).map(Dims::from))
        .collect();
    let exact = results
        .iter()
        .map(|&r| Some(module.value_type(r)))
        .collect();
    Some(Plan::new(
        ctx,
        module,
        operands,
        targets,
        exact,
        Rule::Right,
        memo,
    ))
}

/// `nd.broadcast` always broadcasts implicitly: it is replaced.
pub(crate) fn implicit_broadcast(
    ctx: &Context,
    module: &Module,
    op: OpId,
    _: &mut Sweep,
) -> Option<String> {
    BroadcastOp::cast(ctx, module, op)?;
    Some("the lowering replaces it by one explicit broadcast per result".to_owned())
}

/// Replaces an `nd.broadcast` by one explicit broadcast per result (the operand
/// itself where it has its result's type and provably its shape).
pub(crate) fn lower_broadcast(
    b: &mut Builder<'_>,
    op: OpId,
    sweep: &mut Sweep,
) -> Result<bool, EditError> {
    let memo = sweep.state::<Memo>();
    let plan = match broadcast_plan(b.ctx, b.module, op, memo) {
        None => return Ok(false),
        Some(Err(e)) => {
            report_unlowered(b, op, &e);
            return Ok(false);
        }
        Some(Ok(plan)) => plan,
    };
    let loc = b.module.op(op).location();
    b.set_insertion_point_before(op);
    let (values, _) = super::emit::emit(b, loc, &plan, Some("onnx"), memo)?;
    b.replace_op(op, &values)?;
    Ok(true)
}

/// The operand and result of a ranked `nd.broadcast_to`, with the operand's dims'
/// places in the result (aligned on the right).
pub(super) fn ranked_to(
    ctx: &Context,
    module: &Module,
    op: OpId,
) -> Option<(BroadcastToOp, SmallVec<[usize; 4]>)> {
    let this = BroadcastToOp::cast(ctx, module, op)?;
    let src = tensor_dims(ctx, module.value_type(this.operand(module)))?.len();
    let dst = tensor_dims(ctx, module.value_type(this.result(module)))?.len();
    let pad = dst.checked_sub(src)?;
    Some((this, (pad..dst).collect()))
}

/// A ranked `nd.broadcast_to` aligns dims implicitly.
pub(crate) fn implicit_to(
    ctx: &Context,
    module: &Module,
    op: OpId,
    _: &mut Sweep,
) -> Option<String> {
    ranked_to(ctx, module, op)?;
    Some(
        "aligns its operand's dims with the shape's implicitly (on the right): the lowering states the mapping with 'nd.broadcast_in_dim'"
            .to_owned(),
    )
}

/// Rewrites a ranked `nd.broadcast_to` as the `nd.broadcast_in_dim` that places the
/// operand's dims on the right, at the same location (it checks the same sizes).
pub(crate) fn lower_to(b: &mut Builder<'_>, op: OpId, _: &mut Sweep) -> Result<bool, EditError> {
    let Some((this, map)) = ranked_to(b.ctx, b.module, op) else {
        return Ok(false);
    };
    let loc = b.module.op(op).location();
    let x = this.operand(b.module);
    let result_type = b.module.value_type(this.result(b.module));
    let result: Dims = tensor_dims(b.ctx, result_type)
        .map(Dims::from)
        .unwrap_or_default();
    // Everything that can fail is worked out before the first edit.
    let constant = match (this.target_shape(b.module), this.shape(b.ctx, b.module)) {
        (Some(_), _) => None,
        (None, Some(_)) if !result.contains(&DYNAMIC) => None,
        (None, Some(sizes)) => match constant_shape(b.ctx, &sizes) {
            Some(c) => Some(c),
            None => return Ok(false),
        },
        (None, None) => return Ok(false),
    };
    b.set_insertion_point_before(op);
    let shape: Option<Value> = match constant {
        Some((value, ty)) => Some(ConstantOp::build(b, loc, value, ty)?.result(b.module)),
        None => this.target_shape(b.module),
    };
    let known = match shape {
        None => SmallVec::new(),
        Some(s) => {
            let mut sizes = Sizes::new(b.ctx, b.module);
            let targets: SmallVec<[Size; 4]> = result
                .iter()
                .enumerate()
                .map(|(j, &d)| {
                    if d == DYNAMIC {
                        sizes.entry(s, j)
                    } else {
                        Size::Static(d)
                    }
                })
                .collect();
            sizes.renew();
            nonexpanding(&mut sizes, x, &map, |j| targets.get(j).copied())
        }
    };
    let v = in_dim(b, loc, x, shape, &map, &known, result_type)?;
    b.replace_op(op, &[v])?;
    Ok(true)
}

/// The value and type of `nd.constant dense<sizes> : tensor<Nxindex>`.
fn constant_shape(
    ctx: &mut Context,
    sizes: &[i64],
) -> Option<(tensor_ir::Attribute, tensor_ir::Type)> {
    let ty = shape_of_length(ctx, Some(sizes.len()));
    // Equal entries are stored as a splat, as the parser stores them, so that the
    // constant prints as it parses back (`dense<3>`).
    let splat = sizes.windows(2).all(|w| w[0] == w[1]);
    let stored = if splat {
        &sizes[..sizes.len().min(1)]
    } else {
        sizes
    };
    let values =
        ElementValues::from_ints(ElementKind::Index, stored.iter().map(|&s| i128::from(s)))?;
    Some((ctx.dense_elements_attr(ty, values)?, ty))
}
