//! What the shape analysis (`broadcastable_ir::shapes`) learns from StableHLO
//! ops, and the run-time size conditions they leave, so `--verify-broadcast`
//! proves a JAX program's broadcasts where its shapes say they hold.
//!
//! Transfers: elementwise ops keep their operands' shape; `dynamic_broadcast_in_dim`
//! and `dynamic_reshape` take the sizes their shape operand holds;
//! `get_dimension_size` holds a dim's size, and `reshape`, `concatenate` and
//! `convert` of such values carry the sizes they hold, as JAX builds its shapes
//! (`b` reshaped to `tensor<1xi32>` and concatenated with constants);
//! constants of integers hold their values; `transpose`, `reduce` and
//! `dot_general` place their operands' sizes.
//!
//! Conditions ([`broadcastable_ir::SizeChecks`]): the operands of an elementwise
//! op have one shape; each operand dim of a `dynamic_broadcast_in_dim` is 1 or its
//! target size (exactly it where `known_nonexpanding_dimensions` lists it, 1 where
//! `known_expanding_dimensions` does), and a static result dim is its entry;
//! `dot_general`'s batch and contracted dims match; `concatenate`'s other dims
//! match. StableHLO leaves a program that breaks one undefined.
//!
//! Sizes held in integers are followed only through ops that cannot change
//! them: no arithmetic, and no `convert` to a narrower integer (a 64-bit size
//! may not fit in 32 bits).

use broadcastable::in_dim::permuted;
use broadcastable::{Bound, OperandDim, RuntimeCheck};
use broadcastable_ir::shapes::{
    ArgDim, EntryEqualities, Facts, MAX_ENTRIES, ShapeTransfer, Sizes, Transfer, TransferFn,
};
use broadcastable_ir::{SizeCheck, SizeChecks};
use smallvec::{SmallVec, smallvec};
use tensor_ir::interfaces::InterfaceError;
use tensor_ir::module::ValueDef;
use tensor_ir::{Context, Module, OpId, TypeKind, Value};

use crate::calls::{CustomCallOp, DotGeneralOp};
use crate::elementwise::{
    AbsOp, AddOp, AndOp, CeilOp, ClampOp, CompareOp, ConvertOp, CosineOp, DivideOp, ExpOp, Expm1Op,
    FloorOp, Log1pOp, LogOp, LogisticOp, MaximumOp, MinimumOp, MultiplyOp, NegateOp, NotOp, OrOp,
    PowerOp, RemainderOp, RoundEvenOp, RsqrtOp, SelectOp, SignOp, SineOp, SqrtOp, SubtractOp,
    TanhOp, XorOp,
};
use crate::reduce::ReduceOp;
use crate::structure::{
    ConcatenateOp, ConstantOp, DynamicBroadcastInDimOp, DynamicIotaOp, DynamicReshapeOp,
    GetDimensionSizeOp, ReshapeOp, TransposeOp,
};

type Out = SmallVec<[Facts; 1]>;

/// The ops whose operands and results have one shape (a rank-0 `pred` of
/// `select`, or `min`/`max` of `clamp`, aside).
const SAME_SHAPE: [&str; 32] = [
    AddOp::NAME,
    SubtractOp::NAME,
    MultiplyOp::NAME,
    DivideOp::NAME,
    RemainderOp::NAME,
    PowerOp::NAME,
    MaximumOp::NAME,
    MinimumOp::NAME,
    AndOp::NAME,
    OrOp::NAME,
    XorOp::NAME,
    NotOp::NAME,
    NegateOp::NAME,
    AbsOp::NAME,
    SignOp::NAME,
    ExpOp::NAME,
    Expm1Op::NAME,
    LogOp::NAME,
    Log1pOp::NAME,
    LogisticOp::NAME,
    SqrtOp::NAME,
    RsqrtOp::NAME,
    TanhOp::NAME,
    SineOp::NAME,
    CosineOp::NAME,
    FloorOp::NAME,
    CeilOp::NAME,
    RoundEvenOp::NAME,
    ClampOp::NAME,
    CompareOp::NAME,
    SelectOp::NAME,
    ConvertOp::NAME,
];

/// Attaches the transfers and the size conditions to the dialect's ops.
pub fn register(ctx: &mut Context) -> Result<(), InterfaceError> {
    for name in SAME_SHAPE {
        let transfer: TransferFn = if name == ConvertOp::NAME {
            convert
        } else {
            same_shape
        };
        ctx.attach_interface(name, ShapeTransfer { transfer })?;
        ctx.attach_interface(name, SizeChecks(same_shape_checks))?;
    }
    let own: [(&str, TransferFn); 9] = [
        (ConstantOp::NAME, constant),
        (GetDimensionSizeOp::NAME, get_dimension_size),
        (ReshapeOp::NAME, reshape),
        (ConcatenateOp::NAME, concatenate),
        (DynamicBroadcastInDimOp::NAME, to_shape),
        (DynamicReshapeOp::NAME, to_shape),
        (DynamicIotaOp::NAME, to_shape),
        (TransposeOp::NAME, transpose),
        (ReduceOp::NAME, reduce),
    ];
    for (name, transfer) in own {
        ctx.attach_interface(name, ShapeTransfer { transfer })?;
    }
    ctx.attach_interface(DotGeneralOp::NAME, ShapeTransfer { transfer: dot })?;
    ctx.attach_interface(
        DynamicBroadcastInDimOp::NAME,
        SizeChecks(dynamic_broadcast_checks),
    )?;
    ctx.attach_interface(DotGeneralOp::NAME, SizeChecks(dot_checks))?;
    ctx.attach_interface(ConcatenateOp::NAME, SizeChecks(concatenate_checks))?;
    broadcastable_ir::shapes::add_entry_equalities(ctx, EntryEqualities(shape_assertions));
    Ok(())
}

/// The target of JAX's run-time shape checks.
const SHAPE_ASSERTION: &str = "shape_assertion";

/// The argument dims a function asserts equal before anything else, as JAX's
/// shape-polymorphic `main` does: `custom_call @shape_assertion` of a
/// `compare EQ` of two `get_dimension_size`s of entry arguments. Only the
/// leading ops that compute and check such sizes are read; the first other op
/// ends the contract, so no op that could use a size runs before it is checked.
fn shape_assertions(ctx: &Context, module: &Module, func: OpId) -> Vec<(ArgDim, ArgDim)> {
    let mut out = Vec::new();
    let Some(&region) = module.op(func).regions().first() else {
        return out;
    };
    let Some(&entry) = module.region(region).blocks().first() else {
        return out;
    };
    // The entry argument dim whose size `v` is, if a get_dimension_size of the
    // entry block reads it.
    let arg_dim = |v: Value| -> Option<ArgDim> {
        let ValueDef::Result { op, .. } = module.value(v).def() else {
            return None;
        };
        let g = GetDimensionSizeOp::cast(ctx, module, op)?;
        let ValueDef::BlockArg { block, index } = module.value(g.operand(module)).def() else {
            return None;
        };
        (block == entry)
            .then(|| {
                Some((
                    index as usize,
                    usize::try_from(g.dimension(ctx, module)).ok()?,
                ))
            })
            .flatten()
    };
    for op in module.block_ops(entry) {
        let name = ctx.str(module.op(op).name());
        if name == ConstantOp::NAME || name == GetDimensionSizeOp::NAME || name == CompareOp::NAME {
            continue;
        }
        let Some(call) = CustomCallOp::cast(ctx, module, op)
            .filter(|c| c.call_target_name(ctx, module) == SHAPE_ASSERTION)
        else {
            break;
        };
        let Some(&ok) = module.operands(call.op()).first() else {
            continue;
        };
        let ValueDef::Result { op: cmp, .. } = module.value(ok).def() else {
            continue;
        };
        let Some(cmp) = CompareOp::cast(ctx, module, cmp) else {
            continue;
        };
        if cmp.comparison_direction(ctx, module) != "EQ" {
            continue;
        }
        if let (Some(a), Some(b)) = (arg_dim(cmp.lhs(module)), arg_dim(cmp.rhs(module))) {
            out.push((a, b));
        }
    }
    out
}

fn dims_facts(d: Sizes) -> Out {
    smallvec![Facts {
        dims: Some(d),
        ..Facts::default()
    }]
}

fn entries_facts(e: Sizes) -> Out {
    smallvec![Facts {
        entries: Some(e),
        ..Facts::default()
    }]
}

/// The rank of `v`'s type, if ranked.
fn rank(ctx: &Context, module: &Module, v: Value) -> Option<usize> {
    ctx.shape_dims(module.value_type(v)).map(<[i64]>::len)
}

/// The result has its operands' shape: per dim, a size an operand of the
/// result's rank fixes, else the first such operand's. Once the op ran, its
/// operands had that one shape, so every one of their sizes is the result's.
fn same_shape(t: &mut Transfer<'_>, op: OpId) -> Out {
    let Some(result) = t.module.results(op).next() else {
        return Out::new();
    };
    let Some(r) = rank(t.ctx, t.module, result) else {
        return Out::new();
    };
    let mut out: Option<Sizes> = None;
    for v in t.module.operands(op).to_vec() {
        let Some(d) = t.dims(v).filter(|d| d.len() == r) else {
            continue;
        };
        match &mut out {
            None => out = Some(d),
            Some(o) => {
                for (mine, theirs) in o.iter_mut().zip(d) {
                    if t.sizes().constant_of(*mine).is_none()
                        && t.sizes().constant_of(theirs).is_some()
                    {
                        *mine = theirs;
                    }
                }
            }
        }
    }
    out.map(dims_facts).unwrap_or_default()
}

/// The width in bits of `v`'s integer (or index, as 64) elements.
fn int_width(ctx: &Context, module: &Module, v: Value) -> Option<u32> {
    let TypeKind::Tensor { elem, .. } = ctx.type_kind(module.value_type(v)) else {
        return None;
    };
    match ctx.type_kind(*elem) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Index => Some(64),
        _ => None,
    }
}

/// A conversion keeps the shape, and the sizes an integer holds when the
/// target is no narrower (a size always fits its source's width).
fn convert(t: &mut Transfer<'_>, op: OpId) -> Out {
    let mut out = same_shape(t, op);
    let (Some(&src), Some(dst)) = (t.module.operands(op).first(), t.module.results(op).next())
    else {
        return out;
    };
    let widening = matches!(
        (int_width(t.ctx, t.module, src), int_width(t.ctx, t.module, dst)),
        (Some(a), Some(b)) if b >= a && b > 1
    );
    if widening && let Some(e) = t.entries(src) {
        match out.first_mut() {
            Some(f) => f.entries = Some(e),
            None => out = entries_facts(e),
        }
    }
    out
}

/// An integer constant of rank 0 or 1 holds its values as sizes (negative ones
/// are no sizes: then nothing).
fn constant(t: &mut Transfer<'_>, op: OpId) -> Out {
    let Some(o) = ConstantOp::cast(t.ctx, t.module, op) else {
        return Out::new();
    };
    let Some((_, values)) = t.ctx.as_dense_elements(o.value(t.ctx, t.module)) else {
        return Out::new();
    };
    let Some(result) = t.module.results(op).next() else {
        return Out::new();
    };
    if int_width(t.ctx, t.module, result).is_none_or(|w| w <= 1) {
        return Out::new();
    }
    let n = match t.ctx.shape_dims(t.module.value_type(result)) {
        Some([]) => 1,
        Some([n]) => match usize::try_from(*n) {
            Ok(n) if n <= MAX_ENTRIES => n,
            _ => return Out::new(),
        },
        _ => return Out::new(),
    };
    let mut e = Sizes::new();
    for j in 0..n {
        let v = values.int(if values.is_splat() { 0 } else { j });
        let Some(v) = v.and_then(|v| i64::try_from(v).ok()).filter(|&v| v >= 0) else {
            return Out::new();
        };
        e.push(t.sizes().constant(v));
    }
    entries_facts(e)
}

/// `get_dimension_size` holds that dim's size.
fn get_dimension_size(t: &mut Transfer<'_>, op: OpId) -> Out {
    let Some(o) = GetDimensionSizeOp::cast(t.ctx, t.module, op) else {
        return Out::new();
    };
    let i = usize::try_from(o.dimension(t.ctx, t.module)).ok();
    match (t.dims(o.operand(t.module)), i) {
        (Some(d), Some(i)) if i < d.len() => entries_facts(smallvec![d[i]]),
        _ => Out::new(),
    }
}

/// A reshape of a value that holds sizes holds them in the same order (JAX
/// turns a dimension variable into a `tensor<1xi32>` so).
fn reshape(t: &mut Transfer<'_>, op: OpId) -> Out {
    let Some(o) = ReshapeOp::cast(t.ctx, t.module, op) else {
        return Out::new();
    };
    match t.entries(o.operand(t.module)) {
        Some(e) => entries_facts(e),
        None => Out::new(),
    }
}

/// A concatenation of values that hold sizes holds them in order; of tensors,
/// the joined dim is the sum of the operands' and the others are the first's.
fn concatenate(t: &mut Transfer<'_>, op: OpId) -> Out {
    let Some(o) = ConcatenateOp::cast(t.ctx, t.module, op) else {
        return Out::new();
    };
    let inputs = o.inputs(t.module).to_vec();
    let mut held = Some(Sizes::new());
    for &v in &inputs {
        held = match (held, t.entries(v)) {
            (Some(mut e), Some(part)) if e.len() + part.len() <= MAX_ENTRIES => {
                e.extend(part);
                Some(e)
            }
            _ => None,
        };
    }
    if let Some(e) = held {
        return entries_facts(e);
    }
    let Ok(axis) = usize::try_from(o.dimension(t.ctx, t.module)) else {
        return Out::new();
    };
    let mut parts = Sizes::new();
    let mut first: Option<Sizes> = None;
    for &v in &inputs {
        let Some(d) = t.dims(v).filter(|d| axis < d.len()) else {
            return Out::new();
        };
        parts.push(d[axis]);
        first.get_or_insert(d);
    }
    let Some(mut d) = first else {
        return Out::new();
    };
    match t.sizes().sum(&parts) {
        Some(s) => d[axis] = s,
        None => return Out::new(),
    }
    dims_facts(d)
}

/// The result's dims are the sizes its shape operand (#1 for a broadcast and a
/// reshape, #0 for an iota) holds.
fn to_shape(t: &mut Transfer<'_>, op: OpId) -> Out {
    let operands = t.module.operands(op);
    let shape = match operands.len() {
        1 => operands[0],
        _ => operands[1],
    };
    match t.entries(shape) {
        Some(e) => dims_facts(e),
        None => Out::new(),
    }
}

/// Dim `i` of the result is dim `permutation[i]` of the operand.
fn transpose(t: &mut Transfer<'_>, op: OpId) -> Out {
    let Some(o) = TransposeOp::cast(t.ctx, t.module, op) else {
        return Out::new();
    };
    let Some(d) = t.dims(o.operand(t.module)) else {
        return Out::new();
    };
    permuted::<_, Sizes>(&d, &o.permutation(t.ctx, t.module))
        .map(dims_facts)
        .unwrap_or_default()
}

/// Each result keeps its input's dims that are not reduced.
fn reduce(t: &mut Transfer<'_>, op: OpId) -> Out {
    let Some(o) = ReduceOp::cast(t.ctx, t.module, op) else {
        return Out::new();
    };
    let reduced = o.dimensions(t.ctx, t.module);
    let inputs = t.module.operands(op).to_vec();
    let results = t.module.results(op).count();
    let mut out = Out::new();
    for &v in inputs.iter().take(results) {
        let kept: Option<Sizes> = t.dims(v).map(|d| {
            d.iter()
                .enumerate()
                .filter(|(i, _)| !reduced.iter().any(|&r| usize::try_from(r).ok() == Some(*i)))
                .map(|(_, &s)| s)
                .collect()
        });
        out.push(Facts {
            dims: kept,
            ..Facts::default()
        });
    }
    out
}

/// Batch dims (the left side's), then the left side's free dims, then the
/// right side's, as StableHLO orders the result.
fn dot(t: &mut Transfer<'_>, op: OpId) -> Out {
    let Some(o) = DotGeneralOp::cast(t.ctx, t.module, op) else {
        return Out::new();
    };
    let dd = o.dot_dimension_numbers(t.ctx, t.module);
    let (Some(a), Some(b)) = (t.dims(o.lhs(t.module)), t.dims(o.rhs(t.module))) else {
        return Out::new();
    };
    let [lb, rb, lc, rc] = &dd.lists;
    let pick = |d: &Sizes, list: &[i64]| -> Option<Sizes> {
        list.iter()
            .map(|&i| usize::try_from(i).ok().and_then(|i| d.get(i).copied()))
            .collect()
    };
    let free = |d: &Sizes, b: &[i64], c: &[i64]| -> Sizes {
        (0..d.len())
            .filter(|&i| {
                let i = i64::try_from(i).unwrap_or(-1);
                !b.contains(&i) && !c.contains(&i)
            })
            .map(|i| d[i])
            .collect()
    };
    let Some(mut out) = pick(&a, lb) else {
        return Out::new();
    };
    out.extend(free(&a, lb, lc));
    out.extend(free(&b, rb, rc));
    dims_facts(out)
}

/// One run-time condition: `subject` equals `to`.
fn equal(
    what: &'static str,
    subject: OperandDim,
    to: Bound,
    entries_of: Option<usize>,
) -> SizeCheck {
    SizeCheck {
        what,
        check: RuntimeCheck::Equal {
            result_dim: usize::MAX,
            subject,
            to,
        },
        entries_of,
    }
}

/// The static size of dim `i` of `v`, if its type fixes one.
fn static_size(ctx: &Context, module: &Module, v: Value, i: usize) -> Option<u64> {
    let d = *ctx.shape_dims(module.value_type(v))?.get(i)?;
    u64::try_from(d).ok()
}

/// Dim `(k, i)` equals dim `(j, l)`, unless both are static (the verifier has
/// checked those).
fn dims_equal(
    ctx: &Context,
    module: &Module,
    op: OpId,
    what: &'static str,
    (k, i): (usize, usize),
    (j, l): (usize, usize),
) -> Option<SizeCheck> {
    let operands = module.operands(op);
    let (x, y) = (*operands.get(k)?, *operands.get(j)?);
    match (
        static_size(ctx, module, x, i),
        static_size(ctx, module, y, l),
    ) {
        (Some(_), Some(_)) => None,
        (None, Some(n)) => Some(equal(what, OperandDim::new(k, i), Bound::Size(n), None)),
        (Some(n), None) => Some(equal(what, OperandDim::new(j, l), Bound::Size(n), None)),
        (None, None) => Some(equal(
            what,
            OperandDim::new(k, i),
            Bound::Dim(OperandDim::new(j, l)),
            None,
        )),
    }
}

/// Every operand of the result's rank has the first such operand's shape.
fn same_shape_checks(ctx: &Context, module: &Module, op: OpId) -> Vec<SizeCheck> {
    let Some(r) = module.results(op).next().and_then(|v| rank(ctx, module, v)) else {
        return Vec::new();
    };
    let full: Vec<usize> = (0..module.operands(op).len())
        .filter(|&k| rank(ctx, module, module.operands(op)[k]) == Some(r))
        .collect();
    let Some((&first, rest)) = full.split_first() else {
        return Vec::new();
    };
    rest.iter()
        .flat_map(|&k| (0..r).map(move |i| (k, i)))
        .filter_map(|(k, i)| dims_equal(ctx, module, op, "operand shapes", (k, i), (first, i)))
        .collect()
}

/// Each operand dim is 1 or its target entry (exactly it if non-expanding,
/// 1 if expanding); a static result dim is its entry.
fn dynamic_broadcast_checks(ctx: &Context, module: &Module, op: OpId) -> Vec<SizeCheck> {
    let mut out = Vec::new();
    let Some(o) = DynamicBroadcastInDimOp::cast(ctx, module, op) else {
        return out;
    };
    let x = o.operand(module);
    let (Some(src), Some(dst)) = (
        ctx.shape_dims(module.value_type(x)),
        ctx.shape_dims(module.value_type(o.result(module))),
    ) else {
        return out;
    };
    let listed = |l: Option<Vec<i64>>, i: usize| {
        l.is_some_and(|l| l.iter().any(|&d| usize::try_from(d).ok() == Some(i)))
    };
    for (i, &j) in o.broadcast_dimensions(ctx, module).iter().enumerate() {
        let Some(j) = usize::try_from(j).ok().filter(|&j| j < dst.len()) else {
            continue;
        };
        let (subject, entry) = (OperandDim::new(0, i), OperandDim::new(1, j));
        let what = "broadcast";
        let check = if listed(o.known_expanding_dimensions(ctx, module), i) {
            RuntimeCheck::Equal {
                result_dim: j,
                subject,
                to: Bound::Size(1),
            }
        } else if listed(o.known_nonexpanding_dimensions(ctx, module), i) {
            RuntimeCheck::Equal {
                result_dim: j,
                subject,
                to: Bound::Dim(entry),
            }
        } else if src.get(i) == Some(&1) {
            continue;
        } else {
            RuntimeCheck::OneOrEqual {
                result_dim: j,
                subject,
                to: Bound::Dim(entry),
            }
        };
        out.push(SizeCheck {
            what,
            check,
            entries_of: Some(1),
        });
    }
    for (j, &d) in dst.iter().enumerate() {
        if let Ok(d) = u64::try_from(d) {
            out.push(equal(
                "result type",
                OperandDim::new(1, j),
                Bound::Size(d),
                Some(1),
            ));
        }
    }
    out
}

/// Batch dims pair up, and so do contracted dims.
fn dot_checks(ctx: &Context, module: &Module, op: OpId) -> Vec<SizeCheck> {
    let Some(o) = DotGeneralOp::cast(ctx, module, op) else {
        return Vec::new();
    };
    let dd = o.dot_dimension_numbers(ctx, module);
    let [lb, rb, lc, rc] = &dd.lists;
    let pairs = |what, l: &[i64], r: &[i64]| -> Vec<SizeCheck> {
        l.iter()
            .zip(r)
            .filter_map(|(&a, &b)| {
                let (a, b) = (usize::try_from(a).ok()?, usize::try_from(b).ok()?);
                dims_equal(ctx, module, op, what, (0, a), (1, b))
            })
            .collect()
    };
    let mut out = pairs("batch dims", lb, rb);
    out.extend(pairs("contracted dims", lc, rc));
    out
}

/// The inputs agree on every dim but the joined one.
fn concatenate_checks(ctx: &Context, module: &Module, op: OpId) -> Vec<SizeCheck> {
    let Some(o) = ConcatenateOp::cast(ctx, module, op) else {
        return Vec::new();
    };
    let Ok(axis) = usize::try_from(o.dimension(ctx, module)) else {
        return Vec::new();
    };
    let n = module.operands(op).len();
    let Some(r) = module
        .operands(op)
        .first()
        .and_then(|&v| rank(ctx, module, v))
    else {
        return Vec::new();
    };
    (1..n)
        .flat_map(|k| (0..r).filter(move |&i| i != axis).map(move |i| (k, i)))
        .filter_map(|(k, i)| dims_equal(ctx, module, op, "concatenated shapes", (k, i), (0, i)))
        .collect()
}
