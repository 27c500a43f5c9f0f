//! Folds and patterns of the explicit broadcasts `nd.broadcast_in_dim` and
//! `nd.broadcast_to`: identities, a broadcast of a broadcast, and a constant shape
//! operand.
//!
//! Both ops are seen through one [`View`]: operand dim `i` goes to result dim
//! `targets[i]` (`nd.broadcast_to` aligns the ranks on the right), and each size
//! is 1 or the result's. A broadcast fails at run time where an operand size is
//! neither; a rewrite here never removes such a failure without proving it cannot
//! happen.

use broadcastable::Shape;
use broadcastable::array_api::broadcast_to;
use broadcastable::in_dim::broadcast_in_dim_to;
use smallvec::{SmallVec, smallvec};
use tensor_ir::builder::Builder;
use tensor_ir::module::EditError;
use tensor_ir::rewrite::{FoldResult, FoldResults, PatternSet};
use tensor_ir::{Attribute, Context, DYNAMIC, Module, OpId, Type, Value};

use super::facts::{Size, constant_shape, def_named, def_op, dim_size};
use super::{list_text, replace_by, report};
use crate::broadcast::{BroadcastInDimOp, BroadcastToOp};
use crate::shape::ShapeOfOp;
use crate::support::{dims_of, tensor_dims};

const IN_DIM: &str = BroadcastInDimOp::NAME;
const TO: &str = BroadcastToOp::NAME;

/// A ranked `nd.broadcast_in_dim` or `nd.broadcast_to`.
struct View {
    /// `nd.broadcast_to` (else `nd.broadcast_in_dim`).
    to: bool,
    operand: Value,
    result: Value,
    operand_dims: SmallVec<[i64; 4]>,
    result_dims: SmallVec<[i64; 4]>,
    /// Operand dim `i` goes to result dim `targets[i]`.
    targets: SmallVec<[usize; 4]>,
    /// The shape operand.
    shape: Option<Value>,
    /// `nd.broadcast_to`'s `shape` attribute.
    shape_attr: Option<Vec<i64>>,
    /// `known_nonexpanding_dimensions`, as a flag per operand dim.
    known: SmallVec<[bool; 4]>,
}

impl View {
    /// The view of `op`, if it is a broadcast with a ranked operand and result and
    /// valid dims (the verifier reports the others).
    fn of(ctx: &Context, module: &Module, op: OpId) -> Option<View> {
        let name = ctx.str(module.op(op).name());
        let mut known_list = Vec::new();
        let (to, operand, shape, result, dims, shape_attr) = match name {
            IN_DIM => {
                let this = BroadcastInDimOp::cast(ctx, module, op)?;
                known_list = this
                    .known_nonexpanding_dimensions(ctx, module)
                    .unwrap_or_default();
                (
                    false,
                    this.operand(module),
                    this.shape(module),
                    this.result(module),
                    Some(this.broadcast_dimensions(ctx, module)),
                    None,
                )
            }
            TO => {
                let this = BroadcastToOp::cast(ctx, module, op)?;
                (
                    true,
                    this.operand(module),
                    this.target_shape(module),
                    this.result(module),
                    None,
                    this.shape(ctx, module),
                )
            }
            _ => return None,
        };
        let operand_dims = SmallVec::from_slice(tensor_dims(ctx, module.value_type(operand))?);
        let result_dims = SmallVec::from_slice(tensor_dims(ctx, module.value_type(result))?);
        let (rank, result_rank) = (operand_dims.len(), result_dims.len());
        let mut known: SmallVec<[bool; 4]> = smallvec![false; rank];
        for k in known_list {
            *known.get_mut(usize::try_from(k).ok()?)? = true;
        }
        let targets: SmallVec<[usize; 4]> = match dims {
            // `nd.broadcast_to` aligns the ranks on the right.
            None => (result_rank.checked_sub(rank)?..result_rank).collect(),
            Some(dims) => dims
                .iter()
                .map(|&d| usize::try_from(d).ok().filter(|&d| d < result_rank))
                .collect::<Option<_>>()?,
        };
        if targets.len() != rank {
            return None;
        }
        Some(View {
            to,
            operand,
            result,
            operand_dims,
            result_dims,
            targets,
            shape,
            shape_attr,
            known,
        })
    }

    fn operand_size(&self, ctx: &Context, module: &Module, i: usize) -> Size {
        dim_size(ctx, module, self.operand, i)
    }

    fn result_size(&self, ctx: &Context, module: &Module, j: usize) -> Size {
        dim_size(ctx, module, self.result, j)
    }

    /// True if operand dim `i` provably has the size of the result dim it goes to:
    /// listed as known non-expanding, or provably equal sizes.
    fn nonexpanding(&self, ctx: &Context, module: &Module, i: usize) -> bool {
        self.known[i]
            || self.operand_size(ctx, module, i) == self.result_size(ctx, module, self.targets[i])
    }

    /// Why the constant shape operand contradicts the result type or the operand,
    /// in StableHLO's words (`dynamic_broadcast_in_dim`); `None` if it does not (or
    /// there is no constant shape).
    fn contradiction(&self, ctx: &Context, module: &Module) -> Option<String> {
        let shape = constant_shape(ctx, module, self.shape?)?;
        constant_contradiction(
            ctx,
            &shape,
            module.value_type(self.result),
            &self.operand_dims,
            &self.targets,
        )
    }
}

/// Why the constant `shape` of a broadcast contradicts its result type or its
/// operand (of static sizes `operand`, dim `i` going to result dim `targets[i]`).
fn constant_contradiction(
    ctx: &Context,
    shape: &[i64],
    result: Type,
    operand: &[i64],
    targets: &[usize],
) -> Option<String> {
    let result_dims = tensor_dims(ctx, result);
    let fits_result = shape.iter().enumerate().all(|(k, &c)| {
        c >= 0 && result_dims.is_none_or(|dims| dims.get(k).is_none_or(|&d| d == DYNAMIC || d == c))
    });
    if !fits_result {
        return Some(format!(
            "output shape {} is incompatible with return type of operation '{}'",
            list_text(shape),
            ctx.ty(result)
        ));
    }
    operand.iter().zip(targets).enumerate().find_map(|(i, (&d, &k))| {
        let c = *shape.get(k)?;
        (d != DYNAMIC && d != 1 && d != c).then(|| {
            format!(
                "size of operand dimension {i} ({d}) is not equal to 1 or value of shape at index {k} ({c})"
            )
        })
    })
}

/// A broadcast that provably returns its operand: the same type, every operand
/// dim in place, and every size provably the operand's (static and equal, listed as
/// known non-expanding, or the same symbol, as when the shape operand is the
/// operand's `nd.shape_of`).
pub(super) fn fold_identity(
    ctx: &mut Context,
    module: &Module,
    op: OpId,
    _: &[Option<Attribute>],
) -> Option<FoldResults> {
    let x = *module.operands(op).first()?;
    let result = module.try_result(op, 0)?;
    let r = module.value_type(result);
    if module.value_type(x) != r {
        return None;
    }
    let identity = smallvec![FoldResult::Value(x)];
    // Also for unranked tensors: `nd.broadcast_to %x, (nd.shape_of %x)`.
    if let Some(s) = module.operand(op, 1)
        && let Some(of) = def_named(ctx, module, s, ShapeOfOp::NAME)
        && module.operand(of, 0) == Some(x)
        && ctx.str(module.op(op).name()) == TO
    {
        return Some(identity);
    }
    // Otherwise the view needs ranked types (and the operand's is the result's).
    let rank = tensor_dims(ctx, r)?.len();
    // Every size not listed in `known_nonexpanding_dimensions` must provably be
    // the operand's: ask that first, before building the view (most such
    // broadcasts of a `?` dim stay, and this is the cheaper way to find out). Any
    // integer array is read here, where the view reads `i64` ones only: that
    // only lets more broadcasts on to the full check below.
    let listed = module
        .get_attr_named(ctx, op, BroadcastInDimOp::KNOWN_NONEXPANDING_DIMENSIONS)
        .map(|a| ctx.as_i64_array(a).unwrap_or_default())
        .unwrap_or_default();
    let is_listed = |i: usize| i64::try_from(i).is_ok_and(|i| listed.contains(&i));
    if (0..rank)
        .any(|i| !is_listed(i) && dim_size(ctx, module, x, i) != dim_size(ctx, module, result, i))
    {
        return None;
    }
    let v = View::of(ctx, module, op)?;
    let in_place = v.operand_dims.len() == v.result_dims.len()
        && v.targets.iter().enumerate().all(|(i, &t)| i == t);
    let same = in_place
        && v.contradiction(ctx, module).is_none()
        && (0..v.operand_dims.len()).all(|i| v.nonexpanding(ctx, module, i));
    same.then_some(identity)
}

/// The patterns of the broadcast op `root`.
pub(super) fn add_patterns(set: &mut PatternSet, root: &'static str) {
    set.add_fn(root, "ComposeBroadcasts", compose_broadcasts);
    set.add_fn(root, "ConstantShape", constant_shape_pattern);
}

/// A broadcast of a broadcast becomes one broadcast of the first operand, with
/// the dims composed: `x -A-> y -B-> z` is `x -(B∘A)-> z`.
///
/// When both succeed, the pair and the composition compute the same values, and
/// the composition succeeds. The pair may fail where the composition does not,
/// through the intermediate sizes: so each intermediate dim `j` must be safe:
/// - one an operand dim `i` maps to: `x_i` provably is `y_j`, or `y_j` provably is
///   `z_{B[j]}`, or all three are known and broadcast;
/// - one the first broadcast adds: `y_j` is a known 1, or provably `z_{B[j]}`, or
///   both are known and broadcast.
///
/// The result is `nd.broadcast_to` if both are, else `nd.broadcast_in_dim` with the
/// second's shape (skipped if that is `nd.broadcast_to`'s `shape` attribute and the
/// result type has `?` dims, which `nd.broadcast_in_dim` needs a shape operand
/// for). An operand dim stays known non-expanding if a broadcast listed it and
/// both sizes still provably agree.
pub(super) fn compose_broadcasts(op: OpId, rw: &mut Builder<'_>) -> Result<bool, EditError> {
    let Some(plan) = compose_plan(rw.ctx, rw.module, op) else {
        return Ok(false);
    };
    let loc = rw.module.op(op).location();
    let ty = rw.module.value_type(rw.module.result(op, 0));
    let new = match plan.kind {
        Composed::To { shape, attr } => {
            BroadcastToOp::build(rw, loc, plan.operand, shape, attr.as_deref(), ty)?.op()
        }
        Composed::InDim { shape } => {
            let known = (!plan.known.is_empty()).then_some(plan.known.as_slice());
            BroadcastInDimOp::build(rw, loc, plan.operand, shape, &plan.dims, known, ty)?.op()
        }
    };
    replace_by(rw, op, new)?;
    Ok(true)
}

/// The op a composition makes.
enum Composed {
    /// `nd.broadcast_to` with the second's shape operand or attribute.
    To {
        shape: Option<Value>,
        attr: Option<Vec<i64>>,
    },
    /// `nd.broadcast_in_dim` with the second's shape operand, if any.
    InDim { shape: Option<Value> },
}

/// What [`ComposeBroadcasts`] builds.
struct Plan {
    kind: Composed,
    operand: Value,
    /// Operand dim `i` goes to result dim `dims[i]`.
    dims: Vec<i64>,
    known: Vec<i64>,
}

fn compose_plan(ctx: &Context, module: &Module, op: OpId) -> Option<Plan> {
    // Most broadcasts are not of a broadcast: look at the operand's definition
    // before building either view.
    let inner_op = def_op(module, module.operand(op, 0)?)?;
    if !matches!(ctx.str(module.op(inner_op).name()), IN_DIM | TO) {
        return None;
    }
    let outer = View::of(ctx, module, op)?;
    let inner = View::of(ctx, module, def_op(module, outer.operand)?)?;
    if outer.contradiction(ctx, module).is_some() || inner.contradiction(ctx, module).is_some() {
        return None;
    }
    let rank = inner.result_dims.len();
    let mut source: SmallVec<[Option<usize>; 4]> = smallvec![None; rank];
    for (i, &t) in inner.targets.iter().enumerate() {
        source[t] = Some(i);
    }
    let broadcasts =
        |a: Size, b: Size| matches!((a, b), (Size::Known(a), Size::Known(b)) if a == 1 || a == b);
    for (j, &from) in source.iter().enumerate() {
        let y = inner.result_size(ctx, module, j);
        let z = outer.result_size(ctx, module, outer.targets[j]);
        let safe = outer.nonexpanding(ctx, module, j)
            || match from {
                Some(i) => {
                    let x = inner.operand_size(ctx, module, i);
                    inner.nonexpanding(ctx, module, i) || (broadcasts(x, y) && broadcasts(y, z))
                }
                None => y == Size::Known(1) || broadcasts(y, z),
            };
        if !safe {
            return None;
        }
    }
    let targets: Vec<usize> = inner.targets.iter().map(|&t| outer.targets[t]).collect();
    let dims: Vec<i64> = targets
        .iter()
        .map(|&t| i64::try_from(t).ok())
        .collect::<Option<_>>()?;
    let x_dims = &inner.operand_dims;
    let result_ty = module.value_type(outer.result);
    let kind = if inner.to && outer.to {
        let target = match &outer.shape_attr {
            Some(sizes) => Shape::ranked(dims_of(sizes)),
            None => crate::support::shape(ctx, result_ty),
        };
        broadcast_to(&Shape::ranked(dims_of(x_dims)), &target).ok()?;
        Composed::To {
            shape: outer.shape,
            attr: outer.shape_attr.clone(),
        }
    } else {
        let dynamic = outer.result_dims.contains(&DYNAMIC);
        if outer.shape.is_none() && dynamic {
            return None;
        }
        broadcast_in_dim_to(&dims_of(x_dims), &dims_of(&outer.result_dims), &dims).ok()?;
        Composed::InDim { shape: outer.shape }
    };
    let mut known = Vec::new();
    if matches!(kind, Composed::InDim { .. }) {
        for (i, &t) in inner.targets.iter().enumerate() {
            let listed = inner.known[i] || outer.known[t];
            if listed && inner.nonexpanding(ctx, module, i) && outer.nonexpanding(ctx, module, t) {
                // Static sizes that disagree make the pair fail always: keep it.
                let (a, b) = (x_dims[i], outer.result_dims[targets[i]]);
                if a != DYNAMIC && b != DYNAMIC && a != b {
                    return None;
                }
                known.push(i64::try_from(i).ok()?);
            }
        }
    }
    Some(Plan {
        kind,
        operand: inner.operand,
        dims,
        known,
    })
}

/// A broadcast whose shape operand is a constant: checked against the operand and
/// the result type (an error in StableHLO's words if it contradicts them), then
/// made static where the result type allows: `nd.broadcast_in_dim` with a static
/// result drops the shape; `nd.broadcast_to` with a ranked result takes it as its
/// `shape` attribute (which allows `?` in the result type).
///
/// A `nd.broadcast_in_dim` whose result type has `?` dims keeps its shape operand:
/// giving it the constant's static type would change the type its users see, and
/// `nd` has no cast between static and dynamic dims to hand them the old one.
pub(super) fn constant_shape_pattern(op: OpId, rw: &mut Builder<'_>) -> Result<bool, EditError> {
    let (ctx, module) = (&*rw.ctx, &*rw.module);
    let Some(s) = module.operand(op, 1) else {
        return Ok(false);
    };
    let Some(shape) = constant_shape(ctx, module, s) else {
        return Ok(false);
    };
    let Some(x) = module.operand(op, 0) else {
        return Ok(false);
    };
    let loc = module.op(op).location();
    let ty = module.value_type(module.result(op, 0));
    if ctx.str(module.op(op).name()) == TO {
        if let Some(message) = to_contradiction(ctx, module, op, &shape) {
            report(rw, op, message);
            return Ok(false);
        }
        if tensor_dims(ctx, ty).is_none() {
            return Ok(false);
        }
        let new = BroadcastToOp::build(rw, loc, x, None, Some(&shape), ty)?;
        replace_by(rw, op, new.op())?;
        return Ok(true);
    }
    let Some(v) = View::of(ctx, module, op) else {
        return Ok(false);
    };
    if let Some(message) = v.contradiction(ctx, module) {
        report(rw, op, message);
        return Ok(false);
    }
    if v.result_dims.contains(&DYNAMIC) {
        return Ok(false);
    }
    let Some(this) = BroadcastInDimOp::cast(ctx, module, op) else {
        return Ok(false);
    };
    let dims = this.broadcast_dimensions(ctx, module);
    let known = this.known_nonexpanding_dimensions(ctx, module);
    let new = BroadcastInDimOp::build(rw, loc, x, None, &dims, known.as_deref(), ty)?;
    replace_by(rw, op, new.op())?;
    Ok(true)
}

/// Why the constant `shape` contradicts a `nd.broadcast_to` (of any ranks): a
/// negative size or one the result type does not have, an operand of higher rank,
/// or a static operand size that is neither 1 nor the shape's.
fn to_contradiction(ctx: &Context, module: &Module, op: OpId, shape: &[i64]) -> Option<String> {
    let x = module.value_type(*module.operands(op).first()?);
    let r = module.value_type(module.try_result(op, 0)?);
    let no_dims: &[i64] = &[];
    let operand = tensor_dims(ctx, x).unwrap_or(no_dims);
    let Some(offset) = shape.len().checked_sub(operand.len()) else {
        return Some(format!(
            "result rank ({}) is less than operand rank ({})",
            shape.len(),
            operand.len()
        ));
    };
    let targets: Vec<usize> = (offset..shape.len()).collect();
    constant_contradiction(ctx, shape, r, operand, &targets)
}
