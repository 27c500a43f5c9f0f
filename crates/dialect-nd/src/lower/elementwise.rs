//! Elementwise ops (binary, `nd.cmp`, `nd.select`, unary) and `nd.assign`: every
//! operand is broadcast to the result's shape with its own element type (in place:
//! the source into the destination's shape), and `broadcast_dimensions` goes.

use broadcastable_ir::Sweep;
use smallvec::SmallVec;
use tensor_ir::builder::Builder;
use tensor_ir::module::EditError;
use tensor_ir::{Context, Diagnostic, Module, OpId};

use super::emit::emit;
use super::plan::{Dims, Plan, Rule};
use super::sizes::{Memo, ShapeOf};
use crate::broadcast::AssignOp;
use crate::support::tensor_dims;

/// The rule of `op`, the policy its check uses, and whether it has
/// `broadcast_dimensions` (an XLA placement, even an empty one, which goes).
fn rule_of(ctx: &Context, module: &Module, op: OpId) -> (Rule, Option<&'static str>, bool) {
    if ctx.str(module.op(op).name()) == AssignOp::NAME {
        return (Rule::InPlace, Some("in_place"), false);
    }
    match broadcast_dims(ctx, module, op) {
        Some(dims) => (Rule::Placed(dims), None, true),
        None => (Rule::Right, None, false),
    }
}

/// The op's `broadcast_dimensions`, if it has them.
fn broadcast_dims(ctx: &Context, module: &Module, op: OpId) -> Option<Vec<i64>> {
    let name = ctx.lookup_sym(crate::BROADCAST_DIMENSIONS)?;
    ctx.as_i64_array(module.get_attr(op, name)?)
}

/// The plan of `op`: every operand to the shape of result #0 under `rule`.
fn plan(
    ctx: &Context,
    module: &Module,
    op: OpId,
    rule: Rule,
    memo: &mut Memo,
) -> Option<Result<Plan, String>> {
    let result = module.try_result(op, 0)?;
    let dims: Option<Dims> = tensor_dims(ctx, module.value_type(result)).map(Into::into);
    let operands = module.operands(op);
    let targets = operands.iter().map(|_| dims.clone()).collect();
    let exact = SmallVec::from_elem(None, operands.len());
    Some(Plan::new(ctx, module, operands, targets, exact, rule, memo))
}

/// Why `op` still broadcasts implicitly.
pub(crate) fn implicit(
    ctx: &Context,
    module: &Module,
    op: OpId,
    sweep: &mut Sweep,
) -> Option<String> {
    let (rule, _, placed) = rule_of(ctx, module, op);
    let memo = sweep.state::<Memo>();
    let plan = match plan(ctx, module, op, rule, memo)? {
        Ok(plan) => plan,
        Err(e) => return Some(e),
    };
    if placed {
        return Some(
            "broadcast_dimensions still place its operands: the lowering makes each placement an explicit broadcast"
                .to_owned(),
        );
    }
    plan.first_reason(ctx, module)
}

/// Makes every broadcast of `op` explicit.
pub(crate) fn lower(b: &mut Builder<'_>, op: OpId, sweep: &mut Sweep) -> Result<bool, EditError> {
    let (rule, policy, placed) = rule_of(b.ctx, b.module, op);
    let memo = sweep.state::<Memo>();
    let Some(plan) = plan(b.ctx, b.module, op, rule, memo) else {
        return Ok(false);
    };
    let plan = match plan {
        Ok(plan) => plan,
        Err(e) => {
            report_unlowered(b, op, &e);
            return Ok(false);
        }
    };
    let result = b.module.try_result(op, 0);
    if !plan.any_needed() && !placed {
        // Its result has the shape of an operand that has the common shape.
        if let (Some(r), Some(k), false) = (result, plan.shape_from, plan.check) {
            memo.shapes.insert(r, ShapeOf::Like(plan.operands[k]));
        }
        return Ok(false);
    }
    let loc = b.module.op(op).location();
    b.set_insertion_point_before(op);
    let (values, shape) = emit(b, loc, &plan, policy, memo)?;
    if let (Some(r), Some(s)) = (result, shape) {
        memo.shapes.insert(r, ShapeOf::Shape(s));
    }
    // The attribute was read through this symbol, so it exists when `placed`.
    let bd = placed
        .then(|| b.ctx.lookup_sym(crate::BROADCAST_DIMENSIONS))
        .flatten();
    b.modify_op(op, |_, m| -> Result<(), EditError> {
        for (k, (&new, &old)) in values.iter().zip(&plan.operands).enumerate() {
            if new != old {
                m.set_operand(op, k, new)?;
            }
        }
        if let Some(bd) = bd {
            m.remove_prop(op, bd);
        }
        Ok(())
    })?;
    Ok(true)
}

/// Reports that `op` cannot be made explicit, and why.
pub(crate) fn report_unlowered(b: &mut Builder<'_>, op: OpId, why: &str) {
    let o = b.module.op(op);
    let (loc, name) = (o.location(), b.ctx.str(o.name()).to_owned());
    b.report(Diagnostic::warning(
        loc,
        format!("'{name}' op still broadcasts implicitly: {why}"),
    ));
}
