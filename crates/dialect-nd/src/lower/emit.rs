//! Emitting what a [`Plan`] needs, before the op: with static shapes, one static
//! `nd.broadcast_in_dim` per operand that needs one; otherwise the operands'
//! shapes (`nd.shape_of`), the run-time check (`nd.broadcast_shapes` with the op's
//! rule and location), and one broadcast to the checked shape per operand that
//! needs one: `nd.broadcast_in_dim` between ranked types, with the dims it proves
//! equal as `known_nonexpanding_dimensions`, else `nd.broadcast_to`.

use smallvec::SmallVec;
use tensor_ir::builder::Builder;
use tensor_ir::module::EditError;
use tensor_ir::{Context, DYNAMIC, Location, Type, Value};

use super::plan::{Dims, Plan, Rule};
use super::sizes::{Memo, ShapeOf, Size, Sizes};
use crate::broadcast::{BroadcastInDimOp, BroadcastToOp};
use crate::shape::{BroadcastShapesOp, ShapeOfOp};
use crate::support::{shape_length, shape_type, tensor_dims, tensor_elem};

/// True if `t` is a ranked tensor type without `?` dims.
pub(crate) fn is_static(ctx: &Context, t: Type) -> bool {
    tensor_dims(ctx, t).is_some_and(|d| !d.contains(&DYNAMIC))
}

/// `tensor<Nxindex>`, `N` the length if known, else `?`.
pub(crate) fn shape_of_length(ctx: &mut Context, len: Option<usize>) -> Type {
    let n = len.and_then(|n| i64::try_from(n).ok()).unwrap_or(DYNAMIC);
    shape_type(ctx, n)
}

/// `nd.shape_of %v`.
pub(crate) fn shape_of(b: &mut Builder<'_>, loc: Location, v: Value) -> Result<Value, EditError> {
    let rank = tensor_dims(b.ctx, b.module.value_type(v)).map(<[i64]>::len);
    let ty = shape_of_length(b.ctx, rank);
    let op = ShapeOfOp::build(b, loc, v, ty)?;
    Ok(op.result(b.module))
}

/// `nd.broadcast_shapes` of `shapes` under `rule`: the run-time check, at `loc`.
pub(crate) fn broadcast_shapes(
    b: &mut Builder<'_>,
    loc: Location,
    shapes: &[Value],
    policy: Option<&str>,
    rule: &Rule,
) -> Result<Value, EditError> {
    let lengths: Option<SmallVec<[usize; 3]>> = shapes
        .iter()
        .map(|&s| shape_length(b.ctx, b.module.value_type(s)))
        .collect();
    let len = match rule {
        Rule::InPlace => shapes
            .first()
            .and_then(|&s| shape_length(b.ctx, b.module.value_type(s))),
        _ => lengths.and_then(|l| l.iter().copied().max()),
    };
    let ty = shape_of_length(b.ctx, len);
    let dims = match rule {
        Rule::Placed(dims) => Some(dims.as_slice()),
        _ => None,
    };
    let op = BroadcastShapesOp::build(b, loc, shapes, policy, dims, ty)?;
    Ok(op.result(b.module))
}

/// `nd.broadcast_in_dim %v[, %shape], dims = map` to `target`, recording the
/// `known` non-expanding dims when there is a shape operand.
pub(crate) fn in_dim(
    b: &mut Builder<'_>,
    loc: Location,
    v: Value,
    shape: Option<Value>,
    map: &[usize],
    known: &[i64],
    target: Type,
) -> Result<Value, EditError> {
    let dims: SmallVec<[i64; 4]> = map
        .iter()
        .map(|&j| i64::try_from(j).unwrap_or(i64::MAX))
        .collect();
    let known = (shape.is_some() && !known.is_empty()).then_some(known);
    let op = BroadcastInDimOp::build(b, loc, v, shape, &dims, known, target)?;
    Ok(op.result(b.module))
}

/// `nd.broadcast_to %v, %shape` to `target`.
pub(crate) fn broadcast_to(
    b: &mut Builder<'_>,
    loc: Location,
    v: Value,
    shape: Value,
    target: Type,
) -> Result<Value, EditError> {
    let op = BroadcastToOp::build(b, loc, v, Some(shape), None, target)?;
    Ok(op.result(b.module))
}

/// The operand dims of `v` whose size is provably that of the target dim they map
/// to (`size(j)`).
pub(crate) fn nonexpanding(
    sizes: &mut Sizes<'_>,
    v: Value,
    map: &[usize],
    size: impl Fn(usize) -> Option<Size>,
) -> Dims {
    map.iter()
        .enumerate()
        .filter(|&(i, &j)| size(j).is_some_and(|s| sizes.dim(v, i) == s))
        .map(|(i, _)| i64::try_from(i).unwrap_or(i64::MAX))
        .collect()
}

/// Emits the broadcasts `plan` needs before the builder's insertion point, with the
/// check `nd.broadcast_shapes` (`policy`) at `loc` where the plan needs one; returns
/// the value each operand becomes (itself when it is at its target already), and
/// the shape value the broadcasts take, if any.
pub(crate) fn emit(
    b: &mut Builder<'_>,
    loc: Location,
    plan: &Plan,
    policy: Option<&str>,
    memo: &Memo,
) -> Result<(SmallVec<[Value; 3]>, Option<Value>), EditError> {
    let mut out: SmallVec<[Value; 3]> = plan.operands.clone();
    if !plan.any_needed() {
        return Ok((out, None));
    }
    if plan.all_static {
        for (k, why) in plan.needs.iter().enumerate() {
            if let (Some(_), Some(map)) = (why, &plan.maps[k]) {
                let target = target_type(b.ctx, plan, k, b.module.value_type(plan.operands[k]));
                out[k] = in_dim(b, loc, plan.operands[k], None, map, &[], target)?;
            }
        }
        return Ok((out, None));
    }
    let shape = match plan.shape_from {
        // Nothing can fail to broadcast: the shape is that operand's.
        Some(k) if !plan.check => match plan.given {
            Some(s) => s,
            None => natural_shape(b, loc, plan.operands[k], memo)?,
        },
        _ => {
            let mut shapes: SmallVec<[Value; 3]> = SmallVec::new();
            for (k, &v) in plan.operands.iter().enumerate() {
                let shape = match plan.shapes.get(k).copied().flatten() {
                    Some(s) => s,
                    None => natural_shape(b, loc, v, memo)?,
                };
                shapes.push(shape);
            }
            broadcast_shapes(b, loc, &shapes, policy, &plan.rule)?
        }
    };
    for (k, why) in plan.needs.iter().enumerate() {
        if why.is_none() {
            continue;
        }
        let v = plan.operands[k];
        let target = target_type(b.ctx, plan, k, b.module.value_type(v));
        let ranked_target = plan.targets[k].is_some();
        out[k] = match &plan.maps[k] {
            Some(map) if ranked_target => {
                in_dim(b, loc, v, Some(shape), map, &plan.nonexpanding[k], target)?
            }
            Some(map) if !aligned_right(map, plan.frame) => {
                // XLA placement into an unranked result: place it into the common
                // rank first, then make that unranked.
                let ty = b.module.value_type(v);
                let placed = placed_type(b.ctx, plan, ty);
                let known = &plan.nonexpanding[k];
                let x = in_dim(b, loc, v, Some(shape), map, known, placed)?;
                broadcast_to(b, loc, x, shape, target)?
            }
            _ => broadcast_to(b, loc, v, shape, target)?,
        };
    }
    Ok((out, Some(shape)))
}

/// Steps taken through tensors of one shape ([`ShapeOf::Like`]) to find a shape
/// value.
const MAX_LIKE: usize = 16;

/// The shape of the tensor `v` as a value: the shape the lowering made it have
/// (or made a tensor of the same shape have), or else `nd.shape_of` (which the
/// reuse table makes once per tensor). A broadcast the program wrote is left to
/// `nd.shape_of`, as the import (`--convert-upstream-to-nd`) reads it back.
/// Taking the shape a tensor was given, rather than `nd.shape_of` of each new
/// tensor, is what lets the ops of a chain share their shapes and broadcasts.
fn natural_shape(
    b: &mut Builder<'_>,
    loc: Location,
    v: Value,
    memo: &Memo,
) -> Result<Value, EditError> {
    let rank = tensor_dims(b.ctx, b.module.value_type(v)).map(<[i64]>::len);
    let ty = shape_of_length(b.ctx, rank);
    let mut t = v;
    // Unranked tensors keep `nd.shape_of`: the import of rank specialisation
    // rebuilds each op with stand-ins for the values before it, which have no
    // shape recorded.
    if rank.is_some() {
        for _ in 0..MAX_LIKE {
            match memo.shapes.get(&t) {
                Some(&ShapeOf::Like(w)) => t = w,
                Some(&ShapeOf::Shape(s)) if b.module.value_type(s) == ty => return Ok(s),
                _ => break,
            }
        }
    }
    let op = ShapeOfOp::build(b, loc, t, ty)?;
    Ok(op.result(b.module))
}

/// The type operand `k` (of type `ty`) must have.
fn target_type(ctx: &mut Context, plan: &Plan, k: usize, ty: Type) -> Type {
    if let Some(t) = plan.exact[k] {
        return t;
    }
    let elem = tensor_elem(ctx, ty).unwrap_or(ty);
    match &plan.targets[k] {
        Some(dims) => ctx.tensor_type(dims, elem),
        None => ctx.unranked_tensor_type(elem),
    }
}

/// True if `map` puts an operand's dims at the end of `frame` dims, in order (as
/// `nd.broadcast_to` aligns them).
pub(crate) fn aligned_right(map: &[usize], frame: Option<usize>) -> bool {
    let Some(f) = frame else {
        return true;
    };
    let pad = f.saturating_sub(map.len());
    map.iter().enumerate().all(|(i, &j)| j == pad + i)
}

/// The type of the common shape with the element type of `ty`: static where the
/// common size is proven static, else `?`.
fn placed_type(ctx: &mut Context, plan: &Plan, ty: Type) -> Type {
    let dims: Vec<i64> = plan
        .common
        .iter()
        .map(|s| match s {
            Some(Size::Static(n)) => *n,
            _ => DYNAMIC,
        })
        .collect();
    let elem = tensor_elem(ctx, ty).unwrap_or(ty);
    ctx.tensor_type(&dims, elem)
}
