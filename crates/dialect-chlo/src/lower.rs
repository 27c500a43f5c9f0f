//! `--lower-broadcast` on CHLO: each implicitly broadcasting op becomes its
//! StableHLO op on operands broadcast explicitly to the result's shape, as
//! upstream's `chlo-legalize-to-stablehlo` does, but with the broadcasts
//! annotated (`docs/lowering.md`).
//!
//! - An operand that already has the result's shape (static, or proven by the
//!   shape analysis) is used as it is.
//! - With a static result, an operand is broadcast by `stablehlo.broadcast_in_dim`.
//! - Otherwise the result's shape is built as JAX builds it: per dim, a constant
//!   or the `get_dimension_size` of an operand dim the analysis proves has the
//!   result's size, reshaped and concatenated. Each operand is broadcast to it by
//!   a `dynamic_broadcast_in_dim`, annotated by the StableHLO lowering
//!   ([`tensor_dialect_stablehlo::lower::lower_dynamic_broadcast`]), which adds a
//!   run-time check where a static size needs one.
//! - A result dim whose size is a run-time choice between `?` operand sizes
//!   (any may be the stretching 1) is computed as the first of them that is not
//!   1; each operand's broadcast then dispatches on its own size (the StableHLO
//!   lowering's `stablehlo.if`), checking that a size that is not 1 is the
//!   result's.
//! - `chlo.broadcast_atan2` has no StableHLO op here: it stays, on explicitly
//!   broadcast operands and without `broadcast_dimensions`.

use broadcastable::align::Alignment;
use broadcastable::{BroadcastableOp, Shape, Typed};
use broadcastable_ir::shapes::{Decision, ShapeAnalysis};
use broadcastable_ir::{ExplicitBroadcast, OpView, Sweep};
use smallvec::SmallVec;
use tensor_dialect_stablehlo::elementwise::{
    AddOp, AndOp, CompareOp, DivideOp, MaximumOp, MinimumOp, MultiplyOp, OrOp, PowerOp,
    RemainderOp, SelectOp, SubtractOp, XorOp,
};
use tensor_dialect_stablehlo::lower::{Analysis, Lowered, lower_dynamic_broadcast};
use tensor_dialect_stablehlo::structure::{
    BroadcastInDimOp, ConcatenateOp, ConstantOp, DynamicBroadcastInDimOp, GetDimensionSizeOp,
    ReshapeOp,
};
use tensor_ir::builder::Builder;
use tensor_ir::interfaces::InterfaceError;
use tensor_ir::module::EditError;
use tensor_ir::{Context, DYNAMIC, Diagnostic, Location, Module, OpId, Type, Value};

use crate::DIALECT;
use crate::ops::{
    BroadcastAddOp, BroadcastAndOp, BroadcastAtan2Op, BroadcastCompareOp, BroadcastDivideOp,
    BroadcastMaxOp, BroadcastMinOp, BroadcastMultiplyOp, BroadcastOrOp, BroadcastPowerOp,
    BroadcastRemainderOp, BroadcastSelectOp, BroadcastSubtractOp, BroadcastXorOp,
};

/// Builds the StableHLO op for a CHLO op on explicit operands, with its result type.
type Emit = fn(&mut Builder<'_>, OpId, Location, &[Value], Type) -> Result<Value, EditError>;

/// A binary op of StableHLO.
macro_rules! binary {
    ($op:ident) => {
        (|b, _, loc, v, ty| Ok($op::build(b, loc, v[0], v[1], ty)?.result(b.module))) as Emit
    };
}

/// The StableHLO form of each CHLO op that broadcasts.
fn emitter(name: &str) -> Option<Emit> {
    Some(match name {
        BroadcastAddOp::NAME => binary!(AddOp),
        BroadcastSubtractOp::NAME => binary!(SubtractOp),
        BroadcastMultiplyOp::NAME => binary!(MultiplyOp),
        BroadcastDivideOp::NAME => binary!(DivideOp),
        BroadcastRemainderOp::NAME => binary!(RemainderOp),
        BroadcastPowerOp::NAME => binary!(PowerOp),
        BroadcastMaxOp::NAME => binary!(MaximumOp),
        BroadcastMinOp::NAME => binary!(MinimumOp),
        BroadcastAndOp::NAME => binary!(AndOp),
        BroadcastOrOp::NAME => binary!(OrOp),
        BroadcastXorOp::NAME => binary!(XorOp),
        BroadcastAtan2Op::NAME => |b, _, loc, v, ty| {
            Ok(BroadcastAtan2Op::build(b, loc, v[0], v[1], None, ty)?.result(b.module))
        },
        BroadcastCompareOp::NAME => |b, op, loc, v, ty| {
            let Some(c) = BroadcastCompareOp::cast(b.ctx, b.module, op) else {
                return Ok(v[0]);
            };
            let direction = c.comparison_direction(b.ctx, b.module).to_owned();
            let kind = c.compare_type(b.ctx, b.module).map(str::to_owned);
            let r = CompareOp::build(b, loc, v[0], v[1], kind.as_deref(), &direction, ty)?;
            Ok(r.result(b.module))
        },
        BroadcastSelectOp::NAME => {
            |b, _, loc, v, ty| Ok(SelectOp::build(b, loc, v[0], v[1], v[2], ty)?.result(b.module))
        }
        _ => return None,
    })
}

/// Attaches the lowering to every op of the dialect that broadcasts.
///
/// # Errors
/// If the dialect is not registered in `ctx`.
pub fn register(ctx: &mut Context) -> Result<(), InterfaceError> {
    for def in DIALECT.ops {
        if emitter(def.name).is_some() {
            ctx.attach_interface(def.name, ExplicitBroadcast { implicit, lower })?;
        }
    }
    Ok(())
}

/// Why a CHLO op still broadcasts: it may, unless it has no
/// `broadcast_dimensions` and every operand provably has the result's shape
/// (an `atan2` the lowering left).
fn implicit(ctx: &Context, module: &Module, op: OpId, sweep: &mut Sweep) -> Option<String> {
    let explicit = module.op(op).props().is_empty()
        && plan(ctx, module, op, sweep.state::<Analysis>())
            .is_some_and(|p| p.operands.iter().all(|o| o.as_is));
    (!explicit).then(|| "it broadcasts its operands implicitly".to_owned())
}

/// Rewrites one CHLO op into StableHLO on explicitly broadcast operands.
fn lower(b: &mut Builder<'_>, op: OpId, sweep: &mut Sweep) -> Result<bool, EditError> {
    let name = b.ctx.str(b.module.op(op).name()).to_owned();
    let Some(emit) = emitter(&name) else {
        return Ok(false);
    };
    let loc = b.module.op(op).location();
    let Some(plan) = plan(b.ctx, b.module, op, sweep.state::<Analysis>()) else {
        b.report(Diagnostic::warning(
            loc,
            "not lowered: an operand or the result is unranked, or the operands do not align",
        ));
        return Ok(false);
    };
    // An atan2 stays a CHLO op: one on operands of its result's shape already
    // is lowered (lowering twice is lowering once).
    if name == BroadcastAtan2Op::NAME && implicit(b.ctx, b.module, op, sweep).is_none() {
        return Ok(false);
    }
    let Some(result) = b.module.results(op).next() else {
        return Ok(false);
    };
    let rty = b.module.value_type(result);
    let rdims = plan.result.clone();
    b.set_insertion_point_before(op);
    if let Some(why) = refuted(b.ctx, b.module, op, sweep.state::<Analysis>()) {
        b.report(Diagnostic::error(
            loc,
            format!("operands are not broadcast compatible: {why}"),
        ));
        return Ok(false);
    }
    let shape = if rdims.contains(&DYNAMIC) {
        match shape_value(b, loc, &plan)? {
            Some(s) => Some(s),
            None => {
                b.report(Diagnostic::warning(
                    loc,
                    "not lowered: a result size is not an i32",
                ));
                return Ok(false);
            }
        }
    } else {
        None
    };
    let mut explicit: SmallVec<[Value; 3]> = SmallVec::new();
    for o in &plan.operands {
        if o.as_is {
            explicit.push(o.value);
            continue;
        }
        let Some(elem) = b.ctx.element_type(b.module.value_type(o.value)) else {
            return Ok(false);
        };
        let ty = b.ctx.tensor_type(&rdims, elem);
        let dims: SmallVec<[i64; 4]> = o
            .map
            .iter()
            .map(|&j| i64::try_from(j).unwrap_or(i64::MAX))
            .collect();
        let v = match shape {
            None if !o.dims.contains(&DYNAMIC) => {
                BroadcastInDimOp::build(b, loc, o.value, &dims, ty)?.result(b.module)
            }
            _ => {
                let s = match shape {
                    Some(s) => s,
                    None => match static_shape(b, loc, &rdims)? {
                        Some(s) => s,
                        None => return Ok(false),
                    },
                };
                let d = DynamicBroadcastInDimOp::build(b, loc, o.value, s, &dims, None, None, ty)?;
                let v = d.result(b.module);
                let lowered = lower_dynamic_broadcast(b, d.op(), sweep)?;
                b.set_insertion_point_before(op);
                match lowered {
                    Lowered::Replaced(w) => w,
                    Lowered::Unchanged | Lowered::Checked => v,
                }
            }
        };
        explicit.push(v);
    }
    let v = emit(b, op, loc, &explicit, rty)?;
    b.replace_op(op, &[v])?;
    Ok(true)
}

/// Why the op's operands can never broadcast, when the shape analysis refutes
/// one of its run-time conditions.
fn refuted(ctx: &Context, module: &Module, op: OpId, analysis: &mut Analysis) -> Option<String> {
    let view = OpView::of(ctx, module, op)?;
    let policy = view.checked_policy().ok()?;
    let any = Typed::tensor(Shape::Unranked);
    let inferred = broadcastable::verify_with_policy(
        &policy,
        broadcastable_ir::semantics(ctx),
        &view.operand_types(),
        &[any],
    )
    .ok()?;
    let a = analysis.get(ctx, module)?;
    inferred
        .checks
        .iter()
        .find_map(|c| match a.decide(ctx, module, op, c) {
            Decision::Refuted(why) => Some(why),
            Decision::Proven | Decision::Open => None,
        })
}

/// One operand of the op, placed in the result.
struct Placed {
    value: Value,
    /// Its static dims (`DYNAMIC` for `?`).
    dims: Vec<i64>,
    /// The result dim each of its dims lands on.
    map: Vec<usize>,
    /// It has the result's shape already.
    as_is: bool,
}

/// Where a dynamic result size is read.
#[derive(Clone)]
enum Source {
    /// Dim `.1` of operand `.0`.
    Dim(Value, usize),
    /// A static operand size.
    Static(i64),
    /// The broadcast of these `?` operand dims: the first that is not 1 (each
    /// operand's broadcast then dispatches on its own size, and checks it).
    Join(SmallVec<[(Value, usize); 2]>),
}

/// The op's operands placed in its ranked result.
struct Plan {
    operands: Vec<Placed>,
    result: Vec<i64>,
    /// Per result dim, an operand dim proven to have its size.
    sources: Vec<Option<Source>>,
}

/// Places the operands of `op` in its result, with what the shape analysis
/// proves of their sizes.
fn plan(ctx: &Context, module: &Module, op: OpId, analysis: &mut Analysis) -> Option<Plan> {
    let view = OpView::of(ctx, module, op)?;
    let policy = view.checked_policy().ok()?;
    let result_value = module.results(op).next()?;
    let result = ctx.shape_dims(module.value_type(result_value))?.to_vec();
    let shapes: Vec<Shape> = view.operand_types().into_iter().map(|t| t.shape).collect();
    let align = Alignment::of(&policy, &shapes)?;
    let offset = result.len().checked_sub(align.rank)?;
    let a: Option<&mut ShapeAnalysis> = analysis.get(ctx, module);
    let mut a = a;
    if let Some(a) = a.as_deref_mut() {
        a.ensure(ctx, module, result_value);
    }
    let same = |a: &mut Option<&mut ShapeAnalysis>, v: Value, i: usize, j: usize| {
        a.as_deref_mut().is_some_and(|a| {
            a.ensure(ctx, module, v);
            matches!((a.size_of(v, i), a.size_of(result_value, j)), (Some(p), Some(q)) if p == q)
        })
    };
    let mut sources = vec![None; result.len()];
    // Per result dim, the `?` operand dims landing there, and a static size
    // other than 1 landing there (which the result's size then is).
    let mut landing: Vec<SmallVec<[(Value, usize); 2]>> = vec![SmallVec::new(); result.len()];
    let mut fixed: Vec<Option<i64>> = vec![None; result.len()];
    let mut operands = Vec::new();
    for (&v, columns) in module.operands(op).iter().zip(&align.columns) {
        let dims = ctx.shape_dims(module.value_type(v))?.to_vec();
        let map: Vec<usize> = columns.as_ref()?.iter().map(|&c| c + offset).collect();
        let mut as_is = dims.len() == result.len();
        for (i, &j) in map.iter().enumerate() {
            match (dims.get(i), landing.get_mut(j), fixed.get_mut(j)) {
                (Some(&DYNAMIC), Some(l), _) => l.push((v, i)),
                (Some(&n), _, Some(f)) if n != 1 => *f = Some(n),
                _ => {}
            }
            let equal = dims.get(i) == result.get(j) && dims.get(i) != Some(&DYNAMIC)
                || same(&mut a, v, i, j);
            as_is &= i == j && equal;
            if equal && let (Some(slot), Some(&n)) = (sources.get_mut(j), dims.get(i)) {
                slot.get_or_insert(if n == DYNAMIC {
                    Source::Dim(v, i)
                } else {
                    Source::Static(n)
                });
            }
        }
        operands.push(Placed {
            value: v,
            dims,
            map,
            as_is,
        });
    }
    for (((slot, l), f), &r) in sources.iter_mut().zip(landing).zip(fixed).zip(&result) {
        if slot.is_none() && r == DYNAMIC {
            *slot = match f {
                Some(n) => Some(Source::Static(n)),
                None => (!l.is_empty()).then_some(Source::Join(l)),
            };
        }
    }
    Some(Plan {
        operands,
        result,
        sources,
    })
}

/// The result's shape as a `tensor<Nxi32>`, JAX's way; `None` when a dynamic dim
/// has no operand dim proven to have its size.
fn shape_value(
    b: &mut Builder<'_>,
    loc: Location,
    plan: &Plan,
) -> Result<Option<Value>, EditError> {
    let i32t = b.ctx.i(32);
    let one = b.ctx.tensor_type(&[1], i32t);
    let scalar = b.ctx.tensor_type(&[], i32t);
    let mut parts = Vec::with_capacity(plan.result.len());
    for (j, &n) in plan.result.iter().enumerate() {
        let source = match (n, plan.sources.get(j)) {
            (DYNAMIC, Some(Some(s))) => s.clone(),
            (DYNAMIC, _) => return Ok(None),
            _ => Source::Static(n),
        };
        let part = match source {
            Source::Dim(v, i) => {
                let s = dim_size(b, loc, v, i, scalar)?;
                ReshapeOp::build(b, loc, s, one)?.result(b.module)
            }
            Source::Join(dims) => {
                let Some(s) = join(b, loc, &dims, scalar)? else {
                    return Ok(None);
                };
                ReshapeOp::build(b, loc, s, one)?.result(b.module)
            }
            Source::Static(n) => match constant(b, loc, one, n)? {
                Some(c) => c,
                None => return Ok(None),
            },
        };
        parts.push(part);
    }
    Ok(Some(concat(b, loc, &parts, i32t)?))
}

/// `stablehlo.get_dimension_size` of dim `i` of `v`.
fn dim_size(
    b: &mut Builder<'_>,
    loc: Location,
    v: Value,
    i: usize,
    scalar: Type,
) -> Result<Value, EditError> {
    let dim = i64::try_from(i).unwrap_or(i64::MAX);
    Ok(GetDimensionSizeOp::build(b, loc, v, dim, scalar)?.result(b.module))
}

/// The broadcast size of the `?` dims `dims`: the first that is not 1 (all 1:
/// 1), `select(acc == 1, next, acc)` along them. Whether they broadcast at all
/// is checked by the broadcasts that take it.
fn join(
    b: &mut Builder<'_>,
    loc: Location,
    dims: &[(Value, usize)],
    scalar: Type,
) -> Result<Option<Value>, EditError> {
    let Some(((v, i), rest)) = dims.split_first() else {
        return Ok(None);
    };
    let Some(one) = b.ctx.dense_int_attr(scalar, vec![1]) else {
        return Ok(None);
    };
    let one = ConstantOp::build(b, loc, one, scalar)?.output(b.module);
    let i1 = b.ctx.i(1);
    let pred_ty = b.ctx.tensor_type(&[], i1);
    let mut acc = dim_size(b, loc, *v, *i, scalar)?;
    for &(v, i) in rest {
        let next = dim_size(b, loc, v, i, scalar)?;
        let is_one = CompareOp::build(b, loc, acc, one, Some("SIGNED"), "EQ", pred_ty)?;
        let p = is_one.result(b.module);
        acc = SelectOp::build(b, loc, p, next, acc, scalar)?.result(b.module);
    }
    Ok(Some(acc))
}

/// The static shape `dims` as a `tensor<Nxi32>`; `None` if a size is not an i32.
fn static_shape(
    b: &mut Builder<'_>,
    loc: Location,
    dims: &[i64],
) -> Result<Option<Value>, EditError> {
    let i32t = b.ctx.i(32);
    let one = b.ctx.tensor_type(&[1], i32t);
    let mut parts = Vec::with_capacity(dims.len());
    for &n in dims {
        match constant(b, loc, one, n)? {
            Some(c) => parts.push(c),
            None => return Ok(None),
        }
    }
    concat(b, loc, &parts, i32t).map(Some)
}

/// `stablehlo.constant dense<n> : ty`; `None` if `n` does not fit its elements.
fn constant(
    b: &mut Builder<'_>,
    loc: Location,
    ty: Type,
    n: i64,
) -> Result<Option<Value>, EditError> {
    let Some(value) = b.ctx.dense_int_attr(ty, vec![i128::from(n)]) else {
        return Ok(None);
    };
    Ok(Some(ConstantOp::build(b, loc, value, ty)?.output(b.module)))
}

/// The 1-element `parts` concatenated into one shape.
fn concat(
    b: &mut Builder<'_>,
    loc: Location,
    parts: &[Value],
    elem: Type,
) -> Result<Value, EditError> {
    let len = i64::try_from(parts.len()).unwrap_or(i64::MAX);
    let ty = b.ctx.tensor_type(&[len], elem);
    Ok(ConcatenateOp::build(b, loc, parts, 0, ty)?.result(b.module))
}
