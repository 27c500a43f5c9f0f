//! The plan of ops whose operands broadcast to one common shape (elementwise ops,
//! `nd.cmp`, `nd.select`, `nd.assign`, `nd.broadcast`): for each operand, the type
//! it must have, how its dims map into that type, and whether it already has it.
//!
//! An operand has its target when its type is the target (same rank and dims, or
//! both unranked, with its own element type) and, for each `?` dim, its size is
//! provably the common size there ([`Sizes`]); for unranked operands, when every
//! operand provably has the same shape. Otherwise it needs an explicit broadcast.

use smallvec::SmallVec;
use tensor_ir::ods::describe;
use tensor_ir::{Context, DYNAMIC, Module, Type, Value};

use super::emit::{aligned_right, nonexpanding};
use super::sizes::{Memo, Size, Sizes};
use crate::support::{tensor_dims, tensor_elem};

/// How operand dims map into the common shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    /// NumPy, ONNX: ranks aligned on the right.
    Right,
    /// In place: operand #0 is the common shape, the others align on the right.
    InPlace,
    /// XLA: the lower-rank of two operands placed by `broadcast_dimensions`.
    Placed(Vec<i64>),
}

/// Why an operand is not at its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Why {
    /// Its rank differs from the target's.
    Rank(usize, usize),
    /// Ranked where the target is unranked.
    Ranked,
    /// Unranked where the target is ranked.
    Unranked,
    /// Dim `.0` has static size `.1` where the target has `.2` (`?` as -1).
    Size(usize, i64, i64),
    /// Dim `.0` is `?` but not provably the common size.
    Unproven(usize),
    /// Unranked, and not provably of the common shape.
    UnprovenShape,
    /// The types differ otherwise (an encoding).
    Type,
}

impl Why {
    /// The reason, about operand `k` of type `ty` used at the shape `target`
    /// (`None`: unranked).
    pub(crate) fn render(
        self,
        ctx: &Context,
        k: usize,
        ty: Type,
        target: Option<&[i64]>,
    ) -> String {
        let size = |n: i64| {
            if n == DYNAMIC {
                "'?'".to_owned()
            } else {
                n.to_string()
            }
        };
        let why = match self {
            Why::Rank(r, t) => format!("it has rank {r}, not {t}"),
            Why::Ranked => "it is ranked".to_owned(),
            Why::Unranked => "it is unranked".to_owned(),
            Why::Size(i, a, b) => format!("dim {i} has size {}, not {}", size(a), size(b)),
            Why::Unproven(i) => format!(
                "dim {i} is not provably the size of the result's dim {i} (a '?' may be 1 at run time and stretch)"
            ),
            Why::UnprovenShape => {
                "its shape is not provably the result's (its dims may be 1 at run time and stretch)"
                    .to_owned()
            }
            Why::Type => "the types differ".to_owned(),
        };
        let elem = tensor_elem(ctx, ty).unwrap_or(ty);
        format!(
            "{} is not of the shape it is used at, '{}': {why}",
            describe(ctx, "operand", k, ty),
            type_text(ctx, target, elem)
        )
    }
}

/// `tensor<2x?xf32>` (`tensor<*xf32>` for `None`) without interning the type.
pub(crate) fn type_text(ctx: &Context, dims: Option<&[i64]>, elem: Type) -> String {
    let shape = match dims {
        None => "*x".to_owned(),
        Some(dims) => dims
            .iter()
            .map(|&d| {
                if d == DYNAMIC {
                    "?x".to_owned()
                } else {
                    format!("{d}x")
                }
            })
            .collect(),
    };
    format!("tensor<{shape}{}>", ctx.ty(elem))
}

/// The dims of a shape.
pub(crate) type Dims = SmallVec<[i64; 4]>;

/// Where each dim of an operand goes in the common shape.
pub(crate) type DimMap = SmallVec<[usize; 4]>;

/// The operands of one op, where each must go.
pub(crate) struct Plan {
    /// The op's operands, in order.
    pub operands: SmallVec<[Value; 3]>,
    /// Per operand, the shape it must have (`None`: unranked), with its own
    /// element type.
    pub targets: SmallVec<[Option<Dims>; 3]>,
    /// Per operand, the exact type it must have, if the op fixes it (the results of
    /// `nd.broadcast`, which replace the operands that have their type).
    pub exact: SmallVec<[Option<Type>; 3]>,
    /// Per ranked operand, the common dim each of its dims maps to (`None` for an
    /// unranked operand, or when the common rank is unknown).
    pub maps: SmallVec<[Option<DimMap>; 3]>,
    /// The common rank, when known: the rank of the ranked targets, else of the
    /// broadcast of ranked operands.
    pub frame: Option<usize>,
    /// The provable size of each common dim.
    pub common: SmallVec<[Option<Size>; 4]>,
    /// Per operand, why it needs an explicit broadcast (`None`: it is at its target).
    pub needs: SmallVec<[Option<Why>; 3]>,
    /// The op's rule.
    pub rule: Rule,
    /// Unless `all_static`, per operand that needs a broadcast with a shape operand
    /// (`nd.broadcast_in_dim`), its dims provably the size of the target dim they
    /// map to (`known_nonexpanding_dimensions`); empty for the others. Resolved
    /// here, with the planning's resolver, so the emitter resolves nothing again.
    pub nonexpanding: SmallVec<[Dims; 3]>,
    /// Every operand and target is ranked without `?`: the broadcasts are static.
    pub all_static: bool,
    /// The operands' shapes may fail to broadcast at run time: unless every
    /// operand size is provably 1 or the common size (or absorbed by it), the
    /// lowering emits the check.
    pub check: bool,
    /// An operand whose dims are provably the common shape's, if any: without a
    /// check, the broadcasts take their shape from it.
    pub shape_from: Option<usize>,
    /// The common shape as a value, when the plan found one: the checked shape
    /// an unranked operand was broadcast to.
    pub given: Option<Value>,
    /// Per operand, its shape as a value when it is unranked and was broadcast
    /// to a checked shape (directly or through elementwise ops).
    pub shapes: SmallVec<[Option<Value>; 3]>,
}

impl Plan {
    /// Plans `operands` broadcast to `targets` under `rule`.
    ///
    /// # Errors
    /// Why the broadcast cannot be made explicit (XLA placement of an operand whose
    /// rank is known only at run time), or why the op is malformed.
    pub(crate) fn new(
        ctx: &Context,
        module: &Module,
        operands: &[Value],
        targets: SmallVec<[Option<Dims>; 3]>,
        exact: SmallVec<[Option<Type>; 3]>,
        rule: Rule,
        memo: &mut Memo,
    ) -> Result<Plan, String> {
        let ranks: SmallVec<[Option<usize>; 3]> = operands
            .iter()
            .map(|&v| tensor_dims(ctx, module.value_type(v)).map(<[i64]>::len))
            .collect();
        let target_rank = targets.iter().flatten().map(SmallVec::len).next();
        if targets
            .iter()
            .flatten()
            .any(|d| Some(d.len()) != target_rank)
        {
            return Err("its results have different ranks".to_owned());
        }
        let all_ranked: Option<SmallVec<[usize; 3]>> = ranks.iter().copied().collect();
        let frame = target_rank.or_else(|| match rule {
            Rule::InPlace => ranks.first().copied().flatten(),
            _ => all_ranked.as_ref().and_then(|r| r.iter().copied().max()),
        });
        // A result may have more dims than any operand (upstream's semantics
        // allow it). Static, they are broadcast to; with a `?` anywhere the
        // lowering would need a run-time shape of the result's rank, which the
        // operands' shapes (of lower rank) do not give.
        if rule == Rule::Right
            && let (Some(frame), Some(max)) = (
                frame,
                all_ranked.as_ref().and_then(|r| r.iter().copied().max()),
            )
            && let Some(target) = targets.iter().flatten().next()
            && frame > max
            && target.contains(&DYNAMIC)
        {
            return Err(
                "its result has more dims than its operands, and a dynamic one: no run-time shape of its rank is known"
                    .to_owned(),
            );
        }
        let maps = dim_maps(&ranks, frame, &rule)?;
        // A static operand size other than 1 mapped to a different static result
        // size would make an invalid nd.broadcast_in_dim. The verifier rejects it
        // (`broadcastable::xla::check_beside_unranked`, beside an unranked operand
        // too); this keeps the lowering safe on IR that was not verified.
        for (k, map) in maps.iter().enumerate() {
            let (Some(map), Some(target)) = (map, targets.get(k).and_then(Option::as_ref)) else {
                continue;
            };
            let Some(dims) = tensor_dims(ctx, module.value_type(operands[k])) else {
                continue;
            };
            for (i, &j) in map.iter().enumerate() {
                if let (Some(&n), Some(&t)) = (dims.get(i), target.get(j))
                    && n != 1
                    && n != DYNAMIC
                    && t != DYNAMIC
                    && n != t
                {
                    return Err(format!(
                        "operand #{k} dim {i} has size {n}, which cannot broadcast to the size {t} of the result's dim {j}"
                    ));
                }
            }
        }
        let mut sizes = Sizes::resume(ctx, module, std::mem::take(memo));
        let common = common_sizes(&mut sizes, operands, &maps, frame, &rule);
        let mut plan = Plan {
            operands: operands.into(),
            targets,
            exact,
            maps,
            frame,
            common,
            needs: SmallVec::new(),
            rule,
            nonexpanding: SmallVec::new(),
            all_static: false,
            check: true,
            shape_from: None,
            given: None,
            shapes: SmallVec::new(),
        };
        plan.all_static = plan.targets.iter().all(|t| is_static_dims(t.as_deref()))
            && operands
                .iter()
                .all(|&v| is_static_dims(tensor_dims(ctx, module.value_type(v))));
        let covering = plan.covering_whole(ctx, module, &mut sizes);
        let whole = match covering {
            Some((w, _)) => Some(w),
            None => plan.common_whole(&mut sizes, &ranks),
        };
        for k in 0..operands.len() {
            let why = plan.why(ctx, module, &mut sizes, k, whole);
            plan.needs.push(why);
        }
        if !plan.all_static {
            for k in 0..operands.len() {
                let known = plan.resolve_nonexpanding(&mut sizes, k);
                plan.nonexpanding.push(known);
            }
            (plan.check, plan.shape_from) = plan.need_check(&mut sizes);
            for &v in operands {
                let given = tensor_dims(ctx, module.value_type(v))
                    .is_none()
                    .then(|| sizes.whole(v))
                    .filter(|&w| is_unknown_length_shape(ctx, module, w));
                plan.shapes.push(given);
            }
            if let Some((w, k)) = covering {
                plan.check = false;
                plan.shape_from = Some(k);
                plan.given = is_unknown_length_shape(ctx, module, w).then_some(w);
            }
        }
        *memo = sizes.into_memo();
        Ok(plan)
    }

    /// Whether the operands' shapes need a run-time check, and which operand (if
    /// any) provably has the common shape.
    fn need_check(&self, sizes: &mut Sizes<'_>) -> (bool, Option<usize>) {
        let Some(frame) = self.frame else {
            return (true, None);
        };
        let mut check = false;
        let mut from = None;
        for (k, (&v, map)) in self.operands.iter().zip(&self.maps).enumerate() {
            let Some(map) = map else {
                return (true, None);
            };
            let mut exact = map.len() == frame;
            for (i, &j) in map.iter().enumerate() {
                let d = sizes.dim(v, i);
                match self.common.get(j).copied().flatten() {
                    Some(c) => {
                        exact &= c == d;
                        check |= !sizes.covers(c, d);
                    }
                    None => return (true, None),
                }
            }
            if exact && from.is_none() {
                from = Some(k);
            }
        }
        (check, from)
    }

    /// An unranked operand whose shape covers every operand's, with that shape's
    /// name, for an op of unranked result under NumPy rules (in place, the
    /// destination): each operand has
    /// that shape, or is one of the shapes a check combined into it (so
    /// broadcasting them again gives it and cannot fail).
    fn covering_whole(
        &self,
        ctx: &Context,
        module: &Module,
        sizes: &mut Sizes<'_>,
    ) -> Option<(Value, usize)> {
        // In place, only the destination can be the shape: it never changes.
        let candidates = match self.rule {
            Rule::Right => self.operands.len(),
            Rule::InPlace => 1,
            Rule::Placed(_) => return None,
        };
        if self.targets.iter().any(Option::is_some) {
            return None;
        }
        let wholes: SmallVec<[Value; 3]> = self.operands.iter().map(|&v| sizes.whole(v)).collect();
        for (k, &v) in self.operands.iter().enumerate().take(candidates) {
            if tensor_dims(ctx, module.value_type(v)).is_some() {
                continue;
            }
            let w = wholes[k];
            if wholes.iter().all(|&x| x == w || sizes.absorbs_whole(w, x)) {
                return Some((w, k));
            }
        }
        None
    }

    /// The value naming the common shape when every operand is unranked and
    /// provably of one shape (in place: the destination's).
    fn common_whole(&self, sizes: &mut Sizes<'_>, ranks: &[Option<usize>]) -> Option<Value> {
        if self.rule == Rule::InPlace {
            return self.operands.first().map(|&v| sizes.whole(v));
        }
        if ranks.iter().any(Option::is_some) {
            return None;
        }
        let first = sizes.whole(*self.operands.first()?);
        self.operands[1..]
            .iter()
            .all(|&v| sizes.whole(v) == first)
            .then_some(first)
    }

    /// Why operand `k` needs an explicit broadcast, if it does.
    fn why(
        &self,
        ctx: &Context,
        module: &Module,
        sizes: &mut Sizes<'_>,
        k: usize,
        whole: Option<Value>,
    ) -> Option<Why> {
        let v = self.operands[k];
        let ty = module.value_type(v);
        let why = match (tensor_dims(ctx, ty), self.targets[k].as_deref()) {
            (None, None) => (whole != Some(sizes.whole(v))).then_some(Why::UnprovenShape),
            (Some(_), None) => Some(Why::Ranked),
            (None, Some(_)) => Some(Why::Unranked),
            (Some(dims), Some(want)) => self.why_ranked(sizes, v, dims, want),
        };
        why.or_else(|| self.exact[k].is_some_and(|t| t != ty).then_some(Why::Type))
    }

    fn why_ranked(
        &self,
        sizes: &mut Sizes<'_>,
        v: Value,
        dims: &[i64],
        want: &[i64],
    ) -> Option<Why> {
        if dims.len() != want.len() {
            return Some(Why::Rank(dims.len(), want.len()));
        }
        for (j, (&d, &w)) in dims.iter().zip(want).enumerate() {
            if d != w {
                return Some(Why::Size(j, d, w));
            }
            if d == DYNAMIC && self.common.get(j).copied().flatten() != Some(sizes.dim(v, j)) {
                return Some(Why::Unproven(j));
            }
        }
        None
    }

    /// The non-expanding dims of operand `k`'s `nd.broadcast_in_dim`, if the
    /// emitter makes one with a shape operand: to a ranked target, or placed into
    /// the common rank on the way to an unranked one.
    fn resolve_nonexpanding(&self, sizes: &mut Sizes<'_>, k: usize) -> Dims {
        let (Some(_), Some(map)) = (self.needs[k], &self.maps[k]) else {
            return Dims::new();
        };
        let v = self.operands[k];
        sizes.renew();
        if self.targets[k].is_some() {
            nonexpanding(sizes, v, map, |j| self.target_size(k, j))
        } else if !aligned_right(map, self.frame) {
            nonexpanding(sizes, v, map, |j| self.common.get(j).copied().flatten())
        } else {
            Dims::new()
        }
    }

    /// The proven size of dim `j` of operand `k`'s target: its static size, else the
    /// common size.
    pub(crate) fn target_size(&self, k: usize, j: usize) -> Option<Size> {
        match self.targets[k].as_ref().and_then(|d| d.get(j)) {
            Some(&d) if d != DYNAMIC => Some(Size::Static(d)),
            _ => self.common.get(j).copied().flatten(),
        }
    }

    /// True if any operand needs an explicit broadcast.
    pub(crate) fn any_needed(&self) -> bool {
        self.needs.iter().any(Option::is_some)
    }

    /// The first reason, rendered.
    pub(crate) fn first_reason(&self, ctx: &Context, module: &Module) -> Option<String> {
        let (k, why) = self
            .needs
            .iter()
            .enumerate()
            .find_map(|(k, w)| w.map(|w| (k, w)))?;
        let ty = module.value_type(self.operands[k]);
        Some(why.render(ctx, k, ty, self.targets[k].as_deref()))
    }
}

/// True if `w` is the result of an `nd.broadcast_shapes` of unknown length (the
/// type of an unranked tensor's shape).
fn is_unknown_length_shape(ctx: &Context, module: &Module, w: Value) -> bool {
    let tensor_ir::ValueDef::Result { op, .. } = module.value(w).def() else {
        return false;
    };
    ctx.str(module.op(op).name()) == crate::shape::BroadcastShapesOp::NAME
        && tensor_dims(ctx, module.value_type(w)) == Some(&[DYNAMIC][..])
}

/// True for ranked dims without `?`.
fn is_static_dims(dims: Option<&[i64]>) -> bool {
    dims.is_some_and(|d| !d.contains(&DYNAMIC))
}

/// Per operand, the common dim each of its dims maps to.
fn dim_maps(
    ranks: &[Option<usize>],
    frame: Option<usize>,
    rule: &Rule,
) -> Result<SmallVec<[Option<DimMap>; 3]>, String> {
    let right = |r: usize| -> Result<Option<DimMap>, String> {
        let Some(f) = frame else {
            return Ok(None);
        };
        let pad = f
            .checked_sub(r)
            .ok_or_else(|| format!("an operand of rank {r} does not fit a result of rank {f}"))?;
        Ok(Some((pad..f).collect()))
    };
    let Rule::Placed(dims) = rule else {
        return ranks.iter().map(|r| r.map_or(Ok(None), right)).collect();
    };
    if dims.is_empty() {
        // No placement: equal ranks or a scalar, both aligned on the right.
        return ranks.iter().map(|r| r.map_or(Ok(None), right)).collect();
    }
    let unplaceable = || {
        "broadcast_dimensions place an operand whose rank is known only at run time, \
         into a shape of unknown rank; the lowering needs ranks it can see"
            .to_owned()
    };
    match ranks {
        [Some(a), Some(b)] => {
            let any = |n: usize| vec![broadcastable::Dim::Dynamic; n];
            let m = broadcastable::xla::validate_broadcast_dimensions(&any(*a), &any(*b), dims)
                .map_err(|e| format!("invalid broadcast dimensions: {e}"))?;
            let mut maps: SmallVec<[Option<DimMap>; 3]> = SmallVec::new();
            for (k, &r) in [*a, *b].iter().enumerate() {
                maps.push(Some(if k == m.lower {
                    m.targets.iter().copied().collect()
                } else {
                    (0..r).collect()
                }));
            }
            if frame.is_some_and(|f| f != *a.max(b)) {
                return Err("the result's rank is not the operands' broadcast rank".to_owned());
            }
            Ok(maps)
        }
        // One ranked operand placed by `broadcast_dimensions` (it must be the
        // lower-rank one: the other is at least as long), into a ranked result.
        [Some(r), None] | [None, Some(r)] if *r == dims.len() => {
            let f = frame.ok_or_else(unplaceable)?;
            let placed: Option<SmallVec<[usize; 4]>> = dims
                .iter()
                .map(|&d| usize::try_from(d).ok().filter(|&d| d < f))
                .collect();
            let placed = placed.ok_or_else(|| "broadcast_dimensions out of range".to_owned())?;
            // Found by the lower fuzzer: a repeated dim would make an invalid
            // nd.broadcast_in_dim. The verifier now refuses entries that do not
            // increase strictly even beside an unranked operand, so verified IR
            // does not get here; kept for IR that was not verified.
            let mut taken = vec![false; f];
            if placed
                .iter()
                .any(|&d| std::mem::replace(&mut taken[d], true))
            {
                return Err(
                    "broadcast_dimensions place two operand dims at one result dim".to_owned(),
                );
            }
            Ok(ranks.iter().map(|r| r.map(|_| placed.clone())).collect())
        }
        _ => Err(unplaceable()),
    }
}

/// The provable size of each common dim: in place, the destination's; otherwise
/// the broadcast of the operand dims that map there, when every operand is ranked.
fn common_sizes(
    sizes: &mut Sizes<'_>,
    operands: &[Value],
    maps: &[Option<DimMap>],
    frame: Option<usize>,
    rule: &Rule,
) -> SmallVec<[Option<Size>; 4]> {
    let Some(f) = frame else {
        return SmallVec::new();
    };
    if *rule == Rule::InPlace {
        let dst = operands[0];
        return match maps.first() {
            Some(Some(_)) => (0..f).map(|j| Some(sizes.dim(dst, j))).collect(),
            _ => SmallVec::from_elem(None, f),
        };
    }
    if maps.iter().any(Option::is_none) {
        return SmallVec::from_elem(None, f);
    }
    let mut columns: SmallVec<[SmallVec<[Size; 3]>; 4]> = SmallVec::from_elem(SmallVec::new(), f);
    for (&v, map) in operands.iter().zip(maps) {
        for (i, &j) in map.iter().flatten().enumerate() {
            if let Some(c) = columns.get_mut(j) {
                c.push(sizes.dim(v, i));
            }
        }
    }
    columns.iter().map(|c| sizes.join_sizes(c)).collect()
}
