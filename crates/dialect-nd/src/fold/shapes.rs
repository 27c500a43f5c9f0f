//! Folds and patterns of the shape ops: `nd.shape_of`, `nd.broadcast_shapes`,
//! `nd.shape_slice` and `nd.shape_concat`. Every broadcasting rule is the
//! `broadcastable` crate's; sizes are read through [`super::facts`].

use std::borrow::Cow;

use broadcastable::{Dim, Error, Inferred, Policy, Shape};
use smallvec::{SmallVec, smallvec};
use tensor_ir::builder::Builder;
use tensor_ir::module::EditError;
use tensor_ir::rewrite::{FoldResult, FoldResults};
use tensor_ir::{Attribute, Context, Module, OpId, Type, Value};

use super::facts::{
    MAX_SHAPE_LEN, Size, constant_shape, def_named, def_op, dim_size, entry_size, shape_sizes,
};
use super::{Operand, list_text, materialize_operands, replace_by, report};
use crate::broadcast::{BroadcastInDimOp, BroadcastToOp};
use crate::constant::CastOp;
use crate::shape::{BroadcastShapesOp, ShapeConcatOp, ShapeOfOp, ShapeSliceOp, slice_bounds};
use crate::support::{result_type, shape_length, tensor_dims};

/// The constant `tensor<Nxindex>` of `sizes` for a result of type `r`, if `r` has
/// that length.
fn shape_attr(ctx: &mut Context, r: Type, sizes: &[i64]) -> Option<FoldResults> {
    if shape_length(ctx, r)? != sizes.len() {
        return None;
    }
    let values = sizes.iter().map(|&s| i128::from(s)).collect();
    Some(smallvec![FoldResult::Attribute(
        ctx.dense_int_attr(r, values)?
    )])
}

/// A static shape of sizes (none negative).
fn static_shape(sizes: &[i64]) -> Option<Shape> {
    let dims: Option<Vec<Dim>> = sizes
        .iter()
        .map(|&n| u64::try_from(n).ok().map(Dim::Static))
        .collect();
    Some(Shape::ranked(dims?))
}

/// Known sizes as `i64`s; `None` if one is not known.
fn known_sizes(sizes: &[Size]) -> Option<Vec<i64>> {
    sizes
        .iter()
        .map(|s| s.known().and_then(|n| i64::try_from(n).ok()))
        .collect()
}

/// The entries of `s`: its constant's values as written (negative ones too), or
/// else every entry known; `None` otherwise.
fn known_entries(ctx: &Context, module: &Module, s: Value) -> Option<Vec<i64>> {
    constant_shape(ctx, module, s)
        .or_else(|| known_sizes(&shape_sizes::<Vec<Size>>(ctx, module, s)?))
}

/// The shape of the tensor: a constant if every size is known (static, or given by
/// the constant shape or `shape` attribute of the broadcast that made it), else
/// the shape operand of the broadcast that made it, if it has the result's type.
pub(super) fn fold_shape_of(
    ctx: &mut Context,
    module: &Module,
    op: OpId,
    _: &[Option<Attribute>],
) -> Option<FoldResults> {
    let x = *module.operands(op).first()?;
    let r = result_type(module, op, 0)?;
    if let Some(rank) = tensor_dims(ctx, module.value_type(x)).map(<[i64]>::len)
        && rank <= MAX_SHAPE_LEN
    {
        // Stops at the first size not known, as most shapes have one.
        let sizes: Option<Vec<i64>> = (0..rank)
            .map(|d| {
                let n = dim_size(ctx, module, x, d).known()?;
                i64::try_from(n).ok()
            })
            .collect();
        if let Some(sizes) = sizes {
            return shape_attr(ctx, r, &sizes);
        }
    }
    let def = def_op(module, x)?;
    let name = ctx.str(module.op(def).name());
    let s = match name {
        BroadcastInDimOp::NAME | BroadcastToOp::NAME => module.operand(def, 1)?,
        _ => return None,
    };
    (module.value_type(s) == r).then(|| smallvec![FoldResult::Value(s)])
}

/// `nd.shape_of (nd.cast %x)` is `nd.shape_of %x`: a cast changes the element type
/// only, and the shape no longer depends on the cast (which may then die).
pub(super) fn shape_of_cast(op: OpId, rw: &mut Builder<'_>) -> Result<bool, EditError> {
    let m = &*rw.module;
    let Some(&y) = m.operands(op).first() else {
        return Ok(false);
    };
    let Some(cast) = def_named(rw.ctx, m, y, CastOp::NAME) else {
        return Ok(false);
    };
    let (Some(&x), Some(r)) = (m.operands(cast).first(), result_type(m, op, 0)) else {
        return Ok(false);
    };
    let loc = m.op(op).location();
    let new = ShapeOfOp::build(rw, loc, x, r)?;
    replace_by(rw, op, new.op())?;
    Ok(true)
}

/// The policy of an `nd.broadcast_shapes` and its `broadcast_dimensions`.
fn policy_of(
    ctx: &Context,
    module: &Module,
    op: OpId,
) -> Option<(Cow<'static, str>, Option<Vec<i64>>)> {
    let this = BroadcastShapesOp::cast(ctx, module, op)?;
    // The policies the op accepts need no copy.
    let policy = match this.policy(ctx, module).unwrap_or("numpy") {
        "numpy" => Cow::Borrowed("numpy"),
        "onnx" => Cow::Borrowed("onnx"),
        "in_place" => Cow::Borrowed("in_place"),
        other => Cow::Owned(other.to_owned()),
    };
    Some((policy, this.broadcast_dimensions(ctx, module)))
}

/// The broadcast of `shapes` under `policy`, by the `broadcastable` crate.
fn broadcast(policy: &str, dims: Option<&[i64]>, shapes: &[Shape]) -> Result<Inferred, Error> {
    match (policy, dims) {
        ("onnx", _) => broadcastable::onnx::common_shape(shapes),
        ("in_place", _) => broadcastable::infer(&Policy::Unidirectional, shapes),
        (_, Some(d)) => {
            broadcastable::infer(&Policy::Explicit(d.iter().copied().collect()), shapes)
        }
        (_, None) => broadcastable::infer(&Policy::NumPy, shapes),
    }
}

/// The broadcast of the shapes: the shape itself if there is one (or the same one
/// repeated: a shape broadcasts with itself to itself under every policy); the
/// constant broadcast if every entry is known and they broadcast.
pub(super) fn fold_broadcast_shapes(
    ctx: &mut Context,
    module: &Module,
    op: OpId,
    _: &[Option<Attribute>],
) -> Option<FoldResults> {
    let r = result_type(module, op, 0)?;
    let operands = module.operands(op);
    let first = *operands.first()?;
    if operands.iter().all(|&s| s == first) {
        return (module.value_type(first) == r).then(|| smallvec![FoldResult::Value(first)]);
    }
    // Sizes first, stopping at the first unknown entry: most shapes computed at
    // run time have one, and then the policy need not be read.
    let mut shapes = Vec::with_capacity(operands.len());
    for &s in operands {
        shapes.push(known_shape(ctx, module, s)?);
    }
    let (policy, dims) = policy_of(ctx, module, op)?;
    let inferred = broadcast(&policy, dims.as_deref(), &shapes).ok()?;
    let sizes: Vec<i64> = inferred
        .shape
        .dims()?
        .iter()
        .map(|d| d.to_mlir())
        .collect::<Option<_>>()?;
    shape_attr(ctx, r, &sizes)
}

/// The static shape the entries of `s` give, if every one is known (and fits an
/// `i64`, as a size written in a constant must).
fn known_shape(ctx: &Context, module: &Module, s: Value) -> Option<Shape> {
    let len = shape_length(ctx, module.value_type(s)).filter(|&n| n <= MAX_SHAPE_LEN)?;
    let mut dims = broadcastable::Dims::with_capacity(len);
    for k in 0..len {
        let n = entry_size(ctx, module, s, k).known()?;
        i64::try_from(n).ok()?;
        dims.push(Dim::Static(n));
    }
    Some(Shape::Ranked(dims))
}

/// What the patterns of one `nd.broadcast_shapes` read, once per visit: the
/// policy, `broadcast_dimensions`, and per operand its constant entries (as
/// written) and its sizes.
struct ShapesFacts {
    policy: Cow<'static, str>,
    dims: Option<Vec<i64>>,
    /// Per operand, in order.
    operands: SmallVec<[OperandFacts; 4]>,
}

struct OperandFacts {
    value: Value,
    /// Its constant's entries, if a constant shape defines it.
    constant: Option<Vec<i64>>,
    /// Its entries as [`shape_sizes`] gives them.
    sizes: Option<SmallVec<[Size; 4]>>,
}

impl ShapesFacts {
    fn of(ctx: &Context, module: &Module, op: OpId) -> Option<ShapesFacts> {
        let (policy, dims) = policy_of(ctx, module, op)?;
        let operands = module
            .operands(op)
            .iter()
            .map(|&value| {
                let constant = constant_shape(ctx, module, value);
                let sizes = match &constant {
                    // The same sizes [`shape_sizes`] reads from the constant, without
                    // reading it again per entry.
                    Some(c) if shape_length(ctx, module.value_type(value)) == Some(c.len()) => {
                        Some(
                            c.iter()
                                .enumerate()
                                .map(|(k, &n)| {
                                    u64::try_from(n).map_or(Size::Entry(value, k), Size::Known)
                                })
                                .collect(),
                        )
                    }
                    _ => shape_sizes(ctx, module, value),
                };
                OperandFacts {
                    value,
                    constant,
                    sizes,
                }
            })
            .collect();
        Some(ShapesFacts {
            policy,
            dims,
            operands,
        })
    }

    /// The facts of operand `v`.
    fn of_value(&self, v: Value) -> Option<&OperandFacts> {
        self.operands.iter().find(|o| o.value == v)
    }
}

/// `[2, ?]`, or `[*]` for a shape of unknown length.
fn sizes_text(sizes: Option<&[Size]>) -> String {
    match sizes {
        None => "[*]".to_owned(),
        Some(sizes) => {
            let items: Vec<String> = sizes.iter().map(|s| s.dim().to_string()).collect();
            format!("[{}]", items.join(", "))
        }
    }
}

/// The patterns of `nd.broadcast_shapes`, in this order, on facts read once:
/// known sizes that never broadcast make `--canonicalize` fail (see [`conflict`]);
/// then fewer operands for the same broadcast (see [`operands_plan`]).
pub(super) fn broadcast_shapes_pattern(op: OpId, rw: &mut Builder<'_>) -> Result<bool, EditError> {
    let Some(facts) = ShapesFacts::of(rw.ctx, rw.module, op) else {
        return Ok(false);
    };
    if let Some(message) = conflict(&facts) {
        report(rw, op, message);
    }
    broadcast_shapes_operands(op, rw, &facts)
}

/// Why the known sizes never broadcast, with the error at the op naming each
/// operand's shape (`?` where unknown), the dims and their sizes; or a negative
/// entry in a constant shape. At run time the op would report the same.
fn conflict(facts: &ShapesFacts) -> Option<String> {
    for (k, o) in facts.operands.iter().enumerate() {
        if let Some(sizes) = &o.constant
            && let Some((j, &n)) = sizes.iter().enumerate().find(|&(_, &n)| n < 0)
        {
            return Some(format!(
                "operand #{k} {} has entry {j} = {n}, which is not a size",
                list_text(sizes)
            ));
        }
    }
    if facts.policy != "onnx"
        && facts.policy != "in_place"
        && facts.dims.is_none()
        && numpy_compatible(facts)
    {
        return None;
    }
    let shapes: Vec<Shape> = facts
        .operands
        .iter()
        .map(|o| match &o.sizes {
            Some(s) => Shape::ranked(s.iter().map(|s| s.dim())),
            None => Shape::Unranked,
        })
        .collect();
    let why = match broadcast(&facts.policy, facts.dims.as_deref(), &shapes) {
        Ok(_) => return None,
        Err(Error::Incompatible(c)) => c.to_string(),
        Err(e) => e.to_string(),
    };
    let listed: Vec<String> = facts
        .operands
        .iter()
        .enumerate()
        .map(|(k, o)| format!("operand #{k} {}", sizes_text(o.sizes.as_deref())))
        .collect();
    let policy = match &facts.dims {
        Some(d) => format!("broadcast_dimensions = {}", list_text(d)),
        None => facts.policy.to_string(),
    };
    Some(format!(
        "shapes never broadcast ({policy}): {}: {why}",
        listed.join(", ")
    ))
}

/// True if the sizes broadcast under `numpy` (as `broadcastable::infer` decides,
/// without building the shapes): at least one operand, and in each dim, aligned on
/// the right, no two known sizes other than 1 that differ. Shapes of unknown length
/// constrain nothing.
fn numpy_compatible(facts: &ShapesFacts) -> bool {
    if facts.operands.is_empty() {
        return false;
    }
    let ranked = || facts.operands.iter().filter_map(|o| o.sizes.as_deref());
    let rank = ranked().map(<[Size]>::len).max().unwrap_or(0);
    (0..rank).all(|col| {
        let mut witness = None;
        ranked().all(|sizes| {
            let Some(j) = (col + sizes.len()).checked_sub(rank) else {
                return true;
            };
            match sizes[j] {
                Size::Known(1) => true,
                Size::Known(n) => *witness.get_or_insert(n) == n,
                _ => true,
            }
        })
    })
}

/// Fewer operands for the same broadcast (without `broadcast_dimensions`): a
/// repeated operand goes (it broadcasts with itself to itself); under `numpy` and
/// `onnx` constant shapes are merged into their broadcast, at the first one's
/// place; and an operand that a reference operand subsumes goes (see
/// [`drop_subsumed`]). The result type is unchanged, and the rewrite only applies
/// if the op still verifies with it.
fn broadcast_shapes_operands(
    op: OpId,
    rw: &mut Builder<'_>,
    facts: &ShapesFacts,
) -> Result<bool, EditError> {
    let Some(plan) = operands_plan(rw.ctx, rw.module, op, facts) else {
        return Ok(false);
    };
    let Some(this) = BroadcastShapesOp::cast(rw.ctx, rw.module, op) else {
        return Ok(false);
    };
    let policy = this.policy(rw.ctx, rw.module).map(str::to_owned);
    let location = rw.module.op(op).location();
    let Some(operands) = materialize_operands(rw, plan, location)? else {
        return Ok(false);
    };
    let ty = rw.module.value_type(rw.module.result(op, 0));
    let new = BroadcastShapesOp::build(rw, location, &operands, policy.as_deref(), None, ty)?;
    replace_by(rw, op, new.op())?;
    Ok(true)
}

fn operands_plan(
    ctx: &Context,
    module: &Module,
    op: OpId,
    facts: &ShapesFacts,
) -> Option<Vec<Operand>> {
    if facts.dims.is_some() {
        return None;
    }
    let policy = &*facts.policy;
    let old = module.operands(op);
    // Repeated operands; `in_place` keeps operand #0 in front. Operands are few:
    // a linear search beats hashing them.
    let mut kept: SmallVec<[&OperandFacts; 4]> = SmallVec::with_capacity(old.len());
    for o in &facts.operands {
        if !kept.iter().any(|k| k.value == o.value) {
            kept.push(o);
        }
    }
    // Most ops keep every operand: with no operand repeated and fewer than two
    // constants to merge, the plan is the operands unless one is subsumed, which
    // is decided without building it.
    let mergeable = |o: &&&OperandFacts| {
        o.constant
            .as_deref()
            .is_some_and(|c| c.iter().all(|&n| n >= 0))
    };
    if kept.len() == old.len()
        && (policy == "in_place" || kept.iter().filter(mergeable).count() < 2)
    {
        let sizes: SmallVec<[Option<&[Size]>; 4]> =
            kept.iter().map(|o| o.sizes.as_deref()).collect();
        if !any_subsumed(&sizes, policy) {
            return None;
        }
    }
    let mut plan: Vec<Operand> = kept.iter().map(|o| Operand::Keep(o.value)).collect();
    if policy != "in_place" {
        let constants: Vec<(usize, Shape)> = kept
            .iter()
            .enumerate()
            .filter_map(|(i, o)| Some((i, static_shape(o.constant.as_deref()?)?)))
            .collect();
        if constants.len() >= 2 {
            let shapes: Vec<Shape> = constants.iter().map(|(_, c)| c.clone()).collect();
            if let Ok(merged) = broadcast(policy, None, &shapes)
                && let Some(sizes) = merged
                    .shape
                    .dims()
                    .and_then(|d| d.iter().map(|d| d.to_mlir()).collect::<Option<Vec<_>>>())
            {
                let at = constants[0].0;
                plan = plan
                    .into_iter()
                    .enumerate()
                    .filter(|(i, _)| *i == at || !constants.iter().any(|(c, _)| c == i))
                    .map(|(i, o)| {
                        if i == at {
                            Operand::Constant(sizes.clone())
                        } else {
                            o
                        }
                    })
                    .collect();
            }
        }
    }
    plan = drop_subsumed(facts, policy, plan);
    if plan.len() == old.len() {
        return None;
    }
    // The declared result must still have the length the verifier expects.
    let lengths: Vec<Option<usize>> = plan
        .iter()
        .map(|o| match o {
            Operand::Keep(v) => shape_length(ctx, module.value_type(*v)),
            Operand::Constant(c) => Some(c.len()),
        })
        .collect();
    let new_length = if policy == "in_place" {
        lengths.first().copied().flatten()
    } else {
        lengths
            .iter()
            .copied()
            .try_fold(0usize, |m, l| Some(m.max(l?)))
    };
    let declared = shape_length(ctx, result_type(module, op, 0)?);
    (declared.is_none() || declared == new_length).then_some(plan)
}

/// Drops the operands that the reference operand subsumes (see [`keep_mask`]).
fn drop_subsumed(facts: &ShapesFacts, policy: &str, plan: Vec<Operand>) -> Vec<Operand> {
    let sizes: Vec<Option<Cow<'_, [Size]>>> = plan
        .iter()
        .map(|o| match o {
            Operand::Keep(v) => facts
                .of_value(*v)
                .and_then(|f| f.sizes.as_deref())
                .map(Cow::Borrowed),
            Operand::Constant(c) => c
                .iter()
                .map(|&n| u64::try_from(n).ok().map(Size::Known))
                .collect::<Option<Vec<_>>>()
                .map(Cow::Owned),
        })
        .collect();
    let sizes: SmallVec<[Option<&[Size]>; 4]> = sizes.iter().map(|s| s.as_deref()).collect();
    let keep = keep_mask(&sizes, policy);
    plan.into_iter()
        .zip(keep)
        .filter_map(|(o, keep)| keep.then_some(o))
        .collect()
}

/// Per operand (its sizes, if its length is known), whether it stays: those that
/// the reference operand (see [`reference`]) subsumes go.
fn keep_mask(sizes: &[Option<&[Size]>], policy: &str) -> SmallVec<[bool; 4]> {
    match reference(sizes, policy) {
        Some((r, reference_sizes)) => sizes
            .iter()
            .enumerate()
            .map(|(k, s)| k == r || !s.is_some_and(|m| subsumes(reference_sizes, m, policy)))
            .collect(),
        None => smallvec![true; sizes.len()],
    }
}

/// True if [`keep_mask`] drops an operand, without building the mask.
fn any_subsumed(sizes: &[Option<&[Size]>], policy: &str) -> bool {
    reference(sizes, policy).is_some_and(|(r, reference_sizes)| {
        sizes
            .iter()
            .enumerate()
            .any(|(k, s)| k != r && s.is_some_and(|m| subsumes(reference_sizes, m, policy)))
    })
}

/// The operand others are compared with, and its sizes: the target under
/// `in_place`, else the first longest, preferably not all 1s (which subsumes
/// less). Comparing with one operand keeps this linear in the operands.
fn reference<'s>(sizes: &[Option<&'s [Size]>], policy: &str) -> Option<(usize, &'s [Size])> {
    let r = if policy == "in_place" {
        0
    } else {
        let longest = sizes.iter().flatten().map(|s| s.len()).max()?;
        let is_longest = |s: &Option<&[Size]>| s.is_some_and(|s| s.len() == longest);
        let ones = |s: &Option<&[Size]>| s.is_some_and(|s| s.iter().all(|&n| n == Size::Known(1)));
        sizes
            .iter()
            .position(|s| is_longest(s) && !ones(s))
            .or_else(|| sizes.iter().position(is_longest))?
    };
    Some((r, (*sizes.get(r)?)?))
}

/// True if an operand of sizes `m` changes nothing next to the reference's: no
/// longer, and each entry provably the reference's entry there or, except under
/// `onnx`, a 1 (which changes nothing, where `onnx` rejects a 1 next to a
/// run-time 0).
fn subsumes(reference: &[Size], m: &[Size], policy: &str) -> bool {
    let Some(offset) = reference.len().checked_sub(m.len()) else {
        return false;
    };
    let ones_change_nothing = policy != "onnx";
    m.iter()
        .zip(&reference[offset..])
        .all(|(&a, &b)| a == b || (ones_change_nothing && a == Size::Known(1)))
}

/// A slice of known entries is a constant; the whole operand is the operand.
pub(super) fn fold_shape_slice(
    ctx: &mut Context,
    module: &Module,
    op: OpId,
    _: &[Option<Attribute>],
) -> Option<FoldResults> {
    let this = ShapeSliceOp::cast(ctx, module, op)?;
    let s = this.shape(module);
    let r = result_type(module, op, 0)?;
    let (start, end) = (this.start(ctx, module), this.end(ctx, module));
    // Of a shape of unknown length, the slice's length is unknown too: no constant.
    let n = shape_length(ctx, module.value_type(s))?;
    let (lo, hi) = slice_bounds(n, start, end);
    if lo == 0 && hi == n && module.value_type(s) == r {
        return Some(smallvec![FoldResult::Value(s)]);
    }
    if hi - lo > MAX_SHAPE_LEN {
        return None;
    }
    let sizes = match constant_shape(ctx, module, s) {
        Some(c) => c.get(lo..hi)?.to_vec(),
        None => {
            let sizes: Vec<Size> = (lo..hi).map(|k| entry_size(ctx, module, s, k)).collect();
            known_sizes(&sizes)?
        }
    };
    shape_attr(ctx, r, &sizes)
}

/// Known entries are a constant; one operand is itself.
pub(super) fn fold_shape_concat(
    ctx: &mut Context,
    module: &Module,
    op: OpId,
    _: &[Option<Attribute>],
) -> Option<FoldResults> {
    let r = result_type(module, op, 0)?;
    let operands = module.operands(op);
    if let [only] = operands {
        return (module.value_type(*only) == r).then(|| smallvec![FoldResult::Value(*only)]);
    }
    let mut sizes = Vec::new();
    for &s in operands {
        sizes.extend(known_entries(ctx, module, s)?);
        if sizes.len() > MAX_SHAPE_LEN {
            return None;
        }
    }
    shape_attr(ctx, r, &sizes)
}

/// `nd.shape_concat` without its empty operands (static length 0), and with
/// adjacent constants merged into one.
pub(super) fn shape_concat_operands(op: OpId, rw: &mut Builder<'_>) -> Result<bool, EditError> {
    let (ctx, module) = (&*rw.ctx, &*rw.module);
    let old = module.operands(op);
    // Runs of operands, each a constant run or one other operand.
    let mut runs: Vec<(Vec<Value>, Option<Vec<i64>>)> = Vec::with_capacity(old.len());
    let mut total = 0usize;
    for &s in old {
        let len = shape_length(ctx, module.value_type(s));
        if len == Some(0) {
            continue;
        }
        total = total.saturating_add(len.unwrap_or(0));
        match (runs.last_mut(), constant_shape(ctx, module, s)) {
            (Some((values, Some(prev))), Some(c)) => {
                values.push(s);
                prev.extend(c);
            }
            (_, c) => runs.push((vec![s], c)),
        }
    }
    let same = runs.len() == old.len();
    if same || runs.is_empty() || total > MAX_SHAPE_LEN {
        return Ok(false);
    }
    let plan: Vec<Operand> = runs
        .into_iter()
        .map(|(values, c)| match (values.as_slice(), c) {
            ([only], _) => Operand::Keep(*only),
            (_, Some(c)) => Operand::Constant(c),
            (_, None) => Operand::Keep(values[0]),
        })
        .collect();
    let location = module.op(op).location();
    let Some(operands) = materialize_operands(rw, plan, location)? else {
        return Ok(false);
    };
    let ty = rw.module.value_type(rw.module.result(op, 0));
    let new = ShapeConcatOp::build(rw, location, &operands, ty)?;
    replace_by(rw, op, new.op())?;
    Ok(true)
}

/// `nd.shape_slice` of `nd.shape_concat` that falls within one operand (of known
/// offset): that operand if it is all of it, else a slice of it.
pub(super) fn slice_of_concat_pattern(op: OpId, rw: &mut Builder<'_>) -> Result<bool, EditError> {
    let Some((part, lo, hi)) = slice_of_concat(rw.ctx, rw.module, op) else {
        return Ok(false);
    };
    let r = rw.module.value_type(rw.module.result(op, 0));
    let len = shape_length(rw.ctx, rw.module.value_type(part));
    if lo == 0 && (hi.is_none() || hi == len) && rw.module.value_type(part) == r {
        rw.replace_op(op, &[part])?;
        return Ok(true);
    }
    let (Ok(lo), Ok(hi)) = (i64::try_from(lo), hi.map(i64::try_from).transpose()) else {
        return Ok(false);
    };
    let loc = rw.module.op(op).location();
    let new = ShapeSliceOp::build(rw, loc, part, lo, hi, r)?;
    replace_by(rw, op, new.op())?;
    Ok(true)
}

/// The operand of the concatenation the slice falls in, and the slice's bounds in
/// it (`None`: to its end); `None` if it spans several, is empty, or its place is
/// not known.
fn slice_of_concat(
    ctx: &Context,
    module: &Module,
    op: OpId,
) -> Option<(Value, usize, Option<usize>)> {
    let this = ShapeSliceOp::cast(ctx, module, op)?;
    let s = this.shape(module);
    let concat = def_named(ctx, module, s, ShapeConcatOp::NAME)?;
    let (start, end) = (this.start(ctx, module), this.end(ctx, module));
    // Bounds counted from the front; without the length, only non-negative ones.
    let (lo, hi) = match shape_length(ctx, module.value_type(s)) {
        Some(n) => {
            let (lo, hi) = slice_bounds(n, start, end);
            (lo, Some(hi))
        }
        None => {
            let lo = usize::try_from(start).ok()?;
            let hi = end.map(usize::try_from).transpose().ok()?;
            (lo, hi.map(|h| h.max(lo)))
        }
    };
    if hi == Some(lo) {
        return None;
    }
    let parts = module.operands(concat);
    let mut offset = 0usize;
    for (k, &part) in parts.iter().enumerate() {
        let last = k + 1 == parts.len();
        match (shape_length(ctx, module.value_type(part)), hi) {
            (Some(len), Some(hi)) => {
                let next = offset.checked_add(len)?;
                if lo >= offset && hi <= next {
                    return Some((part, lo - offset, Some(hi - offset)));
                }
                if lo < next {
                    return None;
                }
                offset = next;
            }
            // To the end: within the last operand only.
            (_, None) if last => return (lo >= offset).then(|| (part, lo - offset, None)),
            (Some(len), None) => {
                offset = offset.checked_add(len)?;
                if lo < offset {
                    return None;
                }
            }
            (None, _) => return None,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every list of up to three shapes (unranked, or of rank 0 to 2 over `?`, 0,
    /// 1, 2 and 3): `numpy_compatible`, the conflict check's fast path, decides it
    /// as the full check under `numpy` does.
    #[test]
    fn numpy_compatible_is_analyze() {
        let mut ctx = Context::new();
        let mut module = Module::new();
        let index = ctx.index_type();
        let value = module.create_placeholder(index);
        let entries = [None, Some(0u64), Some(1), Some(2), Some(3)];
        // `None`: unranked.
        let mut shapes: Vec<Option<Vec<Option<u64>>>> = vec![None, Some(vec![])];
        for &a in &entries {
            shapes.push(Some(vec![a]));
            for &b in &entries {
                shapes.push(Some(vec![a, b]));
            }
        }
        let mut lists: Vec<Vec<&Option<Vec<Option<u64>>>>> = vec![vec![]];
        for _ in 0..3 {
            let longer: Vec<_> = lists
                .iter()
                .filter(|l| l.len() == lists.last().map_or(0, Vec::len))
                .flat_map(|l| {
                    shapes.iter().map(move |s| {
                        let mut l = l.clone();
                        l.push(s);
                        l
                    })
                })
                .collect();
            lists.extend(longer);
        }
        for list in &lists {
            let operands: SmallVec<[OperandFacts; 4]> = list
                .iter()
                .enumerate()
                .map(|(k, s)| OperandFacts {
                    value,
                    constant: None,
                    sizes: s.as_ref().map(|e| {
                        e.iter()
                            .enumerate()
                            .map(|(j, x)| x.map_or(Size::Entry(value, 3 * k + j), Size::Known))
                            .collect()
                    }),
                })
                .collect();
            let reference: Vec<Shape> = operands
                .iter()
                .map(|o| match &o.sizes {
                    None => Shape::Unranked,
                    Some(s) => Shape::ranked(s.iter().map(|x| x.dim())),
                })
                .collect();
            let facts = ShapesFacts {
                policy: Cow::Borrowed("numpy"),
                dims: None,
                operands,
            };
            // The fast path may only say yes where the full check does (it skips
            // it), and says yes wherever it does, but for no operands at all.
            let full = broadcast("numpy", None, &reference).is_ok();
            let fast = numpy_compatible(&facts);
            assert!(!fast || full, "shapes {list:?}");
            assert_eq!(fast, full && !list.is_empty(), "shapes {list:?}");
        }
    }
}
