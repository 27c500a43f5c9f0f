//! Shape and broadcast ops a user writes directly (not made by `--lower-broadcast`
//! for an elementwise op): `nd.shape_of`, `nd.dim`, `nd.broadcast_shapes`,
//! `nd.shape_slice`, `nd.shape_concat`, and `nd.broadcast_in_dim` to a shape given
//! as a value (which a ranked `nd.broadcast_to` with a shape operand becomes).
//!
//! Their export has no op that computes: a shape is `index` values, a
//! `tensor.from_elements` only where the shape itself is used (returned, or read by
//! an `nd` op); a broadcast is a `linalg` op sized by those values. So these are
//! read back last, after every computing op, from the values the program still
//! reads that upstream ops define (the roots): a `tensor.from_elements`, a
//! `tensor.dim` (`nd.dim` as `index`) or a broadcast. For each, the sizes it is
//! made of are followed back to their sources (`tensor.dim` of a tensor,
//! `tensor.extract` of a shape value), and a few candidates are built over them
//! (`nd.shape_of` of each tensor, then `nd.broadcast_shapes` with each policy,
//! `nd.shape_concat`, `nd.shape_slice`, `nd.broadcast_in_dim`), not lowered (they
//! are explicit already), and checked by exporting them as the computing ops are
//! ([`super::dynamic`]): the first whose export is the text is kept.

use smallvec::SmallVec;
use tensor_dialect_nd::broadcast::BroadcastInDimOp;
use tensor_dialect_nd::shape::{BroadcastShapesOp, DimOp, ShapeConcatOp, ShapeOfOp, ShapeSliceOp};
use tensor_ir::module::OpId;
use tensor_ir::{Attribute, DYNAMIC, Diagnostics, Value};

use super::{Importer, Side};

/// At most this many values are followed back from one root's sizes: an export's
/// size is a few `arith` ops over its sources, so this bounds the work per root
/// (linear import) without refusing what the export writes.
const WALK: usize = 256;

/// At most this many sources are combined (each order of two is tried).
const MAX_SOURCES: usize = 4;

/// Where a size comes from: a dim of a tensor (with the `tensor.dim` met first:
/// the `nd.shape_of` rebuilt gets its location), or an entry of a shape value.
#[derive(Clone, Copy)]
enum Source {
    Tensor(Value, Option<OpId>),
    Shape(Value),
}

impl Source {
    fn value(self) -> Value {
        match self {
            Source::Tensor(v, _) | Source::Shape(v) => v,
        }
    }

    fn same(self, other: Source) -> bool {
        matches!(
            (self, other),
            (Source::Tensor(..), Source::Tensor(..)) | (Source::Shape(_), Source::Shape(_))
        ) && self.value() == other.value()
    }
}

impl Importer<'_> {
    /// True if `v` is not defined by an upstream op (an `nd` result or a function
    /// argument).
    fn is_nd_value(&self, v: Value) -> bool {
        match self.def_op(v) {
            Some(d) => {
                let n = self.name(d);
                Side::of(n).is_nd_or_func()
            }
            None => true,
        }
    }

    /// True if `v` has a user that is not an upstream op.
    fn read_by_nd(&self, v: Value) -> bool {
        self.b.module.users(v).iter().any(|&u| {
            let n = self.name(u);
            Side::of(n).is_nd_or_func()
        })
    }

    /// Imports the standalone shape and broadcast ops left after the computing ops
    /// (and the cleanup of what they used), in program order.
    pub(super) fn standalone(&mut self, top: OpId, errors: &mut Diagnostics) -> bool {
        let mut ops = Vec::new();
        self.b.module.walk(top, |op| ops.push(op));
        self.positions = ops.iter().enumerate().map(|(i, &o)| (o, i)).collect();
        let mut changed = false;
        for op in ops {
            if self.b.module.op(op).is_erased() || !self.top_level(op) {
                continue;
            }
            let Some(r) = self.b.module.try_result(op, 0) else {
                continue;
            };
            if !self.read_by_nd(r) {
                continue;
            }
            let name = self.name(op).to_owned();
            let done = match name.as_str() {
                "tensor.from_elements" => self.shape_root(op, r),
                "tensor.dim" => self.dim_root(op, r),
                "linalg.map" | "linalg.broadcast" | "tensor.cast" | "tensor.collapse_shape" => {
                    self.broadcast_root(op, r)
                }
                _ => continue,
            };
            if done {
                changed = true;
            } else if name != "tensor.cast" && name != "tensor.collapse_shape" {
                errors.push(self.error(
                    op,
                    format!(
                        "has no nd form here: no nd shape or broadcast op over the sizes it \
                         reads (nd.shape_of, nd.dim, nd.broadcast_shapes, nd.shape_slice, \
                         nd.shape_concat, nd.broadcast_in_dim) exports to this '{name}' and \
                         the checks it reads"
                    ),
                ));
            }
        }
        changed
    }

    /// The sources of `sizes` in the order first met (operands in order), or
    /// `None` if a size is not made of sources, constants and the export's `arith`.
    fn sources(&self, sizes: &[Value]) -> Option<SmallVec<[Source; 4]>> {
        let m = &*self.b.module;
        let mut out: SmallVec<[Source; 4]> = SmallVec::new();
        let mut stack: Vec<Value> = sizes.iter().rev().copied().collect();
        let mut seen = rustc_hash::FxHashSet::default();
        let mut steps = 0usize;
        while let Some(v) = stack.pop() {
            if !seen.insert(v) {
                continue;
            }
            steps += 1;
            if steps > WALK {
                return None;
            }
            let d = self.def_op(v)?;
            let operands = m.operands(d);
            let source = match self.name(d) {
                "arith.constant" => continue,
                "tensor.dim" => Source::Tensor(*operands.first()?, Some(d)),
                "tensor.extract" => Source::Shape(*operands.first()?),
                "arith.select" | "arith.maxui" | "arith.cmpi" | "arith.ori" => {
                    stack.extend(operands.iter().rev().copied());
                    continue;
                }
                _ => return None,
            };
            if !self.is_nd_value(source.value()) {
                return None;
            }
            if !out.iter().any(|o| o.same(source)) {
                out.push(source);
            }
        }
        (out.len() <= MAX_SOURCES).then_some(out)
    }

    /// The shape value of a source: `nd.shape_of` of a tensor (created at the
    /// insertion point), or the shape itself.
    fn source_shape(&mut self, at: OpId, s: Source) -> Option<Value> {
        match s {
            Source::Shape(v) => Some(v),
            Source::Tensor(x, loc) => {
                let rank = self.b.ctx.shape_dims(self.b.module.value_type(x))?.len();
                let index = self.b.ctx.index_type();
                let ty = self.b.ctx.tensor_type(&[i64::try_from(rank).ok()?], index);
                self.create_nd(loc.unwrap_or(at), ShapeOfOp::NAME, &[x], Vec::new(), ty)
            }
        }
    }

    /// Creates `nd.<name>` at the insertion point, at `at`'s location; `None`
    /// if the op's own verifier refuses it (a candidate must be a valid op before
    /// its export is compared).
    pub(super) fn create_nd(
        &mut self,
        at: OpId,
        name: &str,
        operands: &[Value],
        props: Vec<(&str, Attribute)>,
        ty: tensor_ir::Type,
    ) -> Option<Value> {
        let state = self.state(at, name, operands, props, ty);
        let op = self.b.create(state).ok()?;
        if !self.valid(op) {
            let _ = self.b.erase_op(op);
            return None;
        }
        Some(self.b.module.result(op, 0))
    }

    /// The orders in which `sources` are tried as operands.
    fn orders(sources: &[Source]) -> Vec<SmallVec<[Source; 4]>> {
        let mut out = vec![SmallVec::from_slice(sources)];
        if let [a, b] = sources {
            out.push(SmallVec::from_slice(&[*b, *a]));
        }
        out
    }

    /// Builds `shape_op(shapes of order)` (`nd.broadcast_shapes` with `props`, or
    /// `nd.shape_concat`) of type `ty` before `at`.
    fn combined(
        &mut self,
        at: OpId,
        name: &str,
        order: &[Source],
        props: Vec<(&str, Attribute)>,
        ty: tensor_ir::Type,
    ) -> Option<Value> {
        let mut shapes: SmallVec<[Value; 4]> = SmallVec::new();
        for &s in order {
            shapes.push(self.source_shape(at, s)?);
        }
        if shapes.len() == 1 && name == ShapeConcatOp::NAME {
            return None;
        }
        self.create_nd(at, name, &shapes, props, ty)
    }

    /// The shapes `sizes` can be read from, as candidates: one builder per shape.
    /// `also` is one more source to try (the tensor a broadcast reads: its
    /// static sizes do not show in the sizes).
    fn shape_candidates(
        &mut self,
        sizes: &[Value],
        ty: tensor_ir::Type,
        also: Option<Source>,
    ) -> Vec<ShapeBuild> {
        let Some(mut sources) = self.sources(sizes) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if let [s] = sources.as_slice() {
            out.push(ShapeBuild::One(*s));
        }
        if let Some(a) = also
            && !sources.iter().any(|o| o.same(a))
            && sources.len() < MAX_SOURCES
        {
            sources.insert(0, a);
        }
        // NumPy's and ONNX's checks export alike where constants decide them:
        // ONNX first behind a broadcast (nd.broadcast lowers so), NumPy (the
        // default policy) first for a shape.
        let policies = if also.is_some() {
            [Some("onnx"), None]
        } else {
            [None, Some("onnx")]
        };
        for order in Self::orders(&sources) {
            for p in policies {
                out.push(ShapeBuild::Broadcast(order.clone(), p));
            }
            out.push(ShapeBuild::Concat(order));
        }
        // A slice of one tensor's shape: each start that fits.
        if let [t @ Source::Tensor(x, _)] = sources.as_slice() {
            let rank = self
                .b
                .ctx
                .shape_dims(self.b.module.value_type(*x))
                .map_or(0, <[i64]>::len);
            // The slice's length: the shape type's one dim.
            let n = self
                .b
                .ctx
                .shape_dims(ty)
                .and_then(|d| usize::try_from(*d.first()?).ok())
                .unwrap_or(0);
            for start in 0..=rank.saturating_sub(n) {
                if n < rank {
                    out.push(ShapeBuild::Slice(*t, start, start + n));
                }
            }
        }
        out
    }

    /// Builds one shape candidate of type `ty` before `at`.
    fn build_shape(&mut self, at: OpId, c: &ShapeBuild, ty: tensor_ir::Type) -> Option<Value> {
        match c {
            ShapeBuild::Known(v) => (self.b.module.value_type(*v) == ty).then_some(*v),
            ShapeBuild::One(s) => {
                let v = self.source_shape(at, *s)?;
                (self.b.module.value_type(v) == ty).then_some(v)
            }
            ShapeBuild::Broadcast(order, policy) => {
                let props = match policy {
                    Some(p) => vec![(
                        tensor_dialect_nd::shape::BroadcastShapesOp::POLICY,
                        self.b.ctx.string_attr(p),
                    )],
                    None => Vec::new(),
                };
                self.combined(at, BroadcastShapesOp::NAME, order, props, ty)
            }
            ShapeBuild::Concat(order) => {
                self.combined(at, ShapeConcatOp::NAME, order, Vec::new(), ty)
            }
            ShapeBuild::Slice(x, start, end) => {
                let shape = self.source_shape(at, *x)?;
                let i64t = self.b.ctx.i(64);
                let start = self.b.ctx.int_attr(i128::try_from(*start).ok()?, i64t);
                let end = self.b.ctx.int_attr(i128::try_from(*end).ok()?, i64t);
                self.create_nd(
                    at,
                    ShapeSliceOp::NAME,
                    &[shape],
                    vec![
                        (tensor_dialect_nd::shape::ShapeSliceOp::START, start),
                        (tensor_dialect_nd::shape::ShapeSliceOp::END, end),
                    ],
                    ty,
                )
            }
        }
    }

    /// A `tensor.from_elements` of sizes: the shape op it is.
    fn shape_root(&mut self, op: OpId, r: Value) -> bool {
        let entries: SmallVec<[Value; 4]> = self.b.module.operands(op).iter().copied().collect();
        let ty = self.b.module.value_type(r);
        let candidates = self.shape_candidates(&entries, ty, None);
        for c in &candidates {
            if self.try_built(op, r, |im| im.build_shape(op, c, ty)) {
                return true;
            }
        }
        false
    }

    /// A `tensor.dim` read as such: `nd.dim` of `index` type.
    fn dim_root(&mut self, op: OpId, r: Value) -> bool {
        let m = &*self.b.module;
        let (Some(&x), Some(&i)) = (m.operands(op).first(), m.operands(op).get(1)) else {
            return false;
        };
        let Some(i) = self.def_op(i).and_then(|c| self.int_prop(c, "value")) else {
            return false;
        };
        if !self.is_nd_value(x) {
            return false;
        }
        let ty = m.value_type(r);
        let i64t = self.b.ctx.i(64);
        let index = self.b.ctx.int_attr(i128::from(i), i64t);
        self.try_built(op, r, |im| {
            im.create_nd(
                op,
                DimOp::NAME,
                &[x],
                vec![(tensor_dialect_nd::shape::DimOp::INDEX, index)],
                ty,
            )
        })
    }

    /// A broadcast the program reads as such: `nd.broadcast_in_dim` of what it
    /// reads to a shape of the sizes of its `tensor.empty`.
    fn broadcast_root(&mut self, op: OpId, r: Value) -> bool {
        let Some(src) = self.peel(r) else {
            return false;
        };
        let ty = self.b.module.value_type(r);
        let Some(dst) = self.b.ctx.shape_dims(ty).map(<[i64]>::to_vec) else {
            return false;
        };
        let Some(src_dims) = self
            .b
            .ctx
            .shape_dims(self.b.module.value_type(src))
            .map(<[i64]>::to_vec)
        else {
            return false;
        };
        let Some((map, stretching)) = self.broadcast_map(r, &src_dims, dst.len()) else {
            return false;
        };
        // The sizes of the result's `?` dims: the operands of its tensor.empty.
        let Some(sizes) = self.empty_sizes(r) else {
            return false;
        };
        if sizes.len() != dst.iter().filter(|&&d| d == DYNAMIC).count() {
            return false;
        }
        let index = self.b.ctx.index_type();
        let Ok(rank) = i64::try_from(dst.len()) else {
            return false;
        };
        let shape_ty = self.b.ctx.tensor_type(&[rank], index);
        // A shape rebuilt before (the check of an nd.broadcast's other results)
        // whose entries are these sizes, then shapes over their sources.
        let dynamic_dims: Vec<usize> = (0..dst.len()).filter(|&j| dst[j] == DYNAMIC).collect();
        let mut shapes: Vec<ShapeBuild> = match sizes.first() {
            Some(&first) => self
                .shape_table
                .with_entry(first)
                .iter()
                .rev()
                .copied()
                .filter(|&sh| {
                    self.shape_table.get(&sh).is_some_and(|e| {
                        e.len() == dst.len()
                            && dynamic_dims.iter().zip(&sizes).all(|(&j, &v)| e[j] == v)
                    })
                })
                .filter(|&sh| self.defined_before(sh, op))
                .map(ShapeBuild::Known)
                .collect(),
            None => Vec::new(),
        };
        let more = self.shape_candidates(&sizes, shape_ty, Some(Source::Tensor(src, None)));
        // The shape of one tensor whose static sizes are not the result's would
        // contradict the result type (its export is the same).
        let fits = |im: &Self, c: &ShapeBuild| match c {
            ShapeBuild::One(Source::Tensor(x, _)) => {
                im.b.ctx
                    .shape_dims(im.b.module.value_type(*x))
                    .is_some_and(|xd| {
                        xd.len() == dst.len()
                            && xd
                                .iter()
                                .zip(&dst)
                                .all(|(&a, &b)| a == DYNAMIC || b == DYNAMIC || a == b)
                    })
            }
            _ => true,
        };
        shapes.extend(more.into_iter().filter(|c| fits(self, c)));
        // known_nonexpanding_dimensions: every dim that does not stretch (as
        // --lower-broadcast writes it for nd.broadcast_to), only the `?` ones, none.
        let not_stretching: Vec<i64> = (0..src_dims.len())
            .filter(|&i| src_dims[i] != 1 && !stretching.contains(&i))
            .filter_map(|i| i64::try_from(i).ok())
            .collect();
        let dynamic_only: Vec<i64> = not_stretching
            .iter()
            .copied()
            .filter(|&i| usize::try_from(i).is_ok_and(|i| src_dims[i] == DYNAMIC))
            .collect();
        let mut knowns = vec![not_stretching];
        for k in [dynamic_only, Vec::new()] {
            if !knowns.contains(&k) {
                knowns.push(k);
            }
        }
        let dims = self.b.ctx.i64_array_attr(&map);
        for s in &shapes {
            for known in &knowns {
                let built = self.try_built(op, r, |im| {
                    let shape = im.build_shape(op, s, shape_ty)?;
                    let mut props = vec![(tensor_dialect_nd::BROADCAST_DIMENSIONS, dims)];
                    if !known.is_empty() {
                        let k = im.b.ctx.i64_array_attr(known);
                        props.push((tensor_dialect_nd::broadcast::BroadcastInDimOp::KNOWN_NONEXPANDING_DIMENSIONS, k));
                    }
                    im.create_nd(op, BroadcastInDimOp::NAME, &[src, shape], props, ty)
                });
                if built {
                    return true;
                }
            }
        }
        false
    }

    /// True if `v` is defined before the root `op` (a shape rebuilt for an op
    /// after it does not dominate it): an op made here since the walk started
    /// was made before the root being imported.
    fn defined_before(&self, v: Value, op: OpId) -> bool {
        match (self.def_op(v), self.positions.get(&op)) {
            (Some(d), Some(&at)) => self.positions.get(&d).is_none_or(|&p| p < at),
            _ => true,
        }
    }

    /// The operands of the `tensor.empty` a broadcast writes into (through a
    /// `tensor.cast` of its result).
    fn empty_sizes(&self, r: Value) -> Option<SmallVec<[Value; 4]>> {
        let m = &*self.b.module;
        let mut d = self.def_op(r)?;
        if self.name(d) == "tensor.cast" {
            d = self.def_op(*m.operands(d).first()?)?;
        }
        let init = *m.operands(d).last()?;
        let e = self
            .def_op(init)
            .filter(|&e| self.name(e) == "tensor.empty")?;
        Some(m.operands(e).iter().copied().collect())
    }

    /// The `broadcast_dimensions` of a broadcast the export wrote, and the operand
    /// dims it stretches at run time (read at index 0 where their size is 1).
    fn broadcast_map(
        &self,
        r: Value,
        src_dims: &[i64],
        rank: usize,
    ) -> Option<(Vec<i64>, Vec<usize>)> {
        let m = &*self.b.module;
        let mut v = r;
        if let Some(c) = self.def_op(v).filter(|&c| self.name(c) == "tensor.cast") {
            v = *m.operands(c).first()?;
        }
        let d = self.def_op(v)?;
        let mut partial: SmallVec<[Option<usize>; 4]> = SmallVec::new();
        let mut stretching = Vec::new();
        match self.name(d) {
            "linalg.map" => {
                for (i, (dim, stretches)) in self.map_reads(d)?.into_iter().enumerate() {
                    if stretches {
                        stretching.push(i);
                    }
                    partial.push(dim.and_then(|j| usize::try_from(j).ok()));
                }
            }
            "linalg.broadcast" => {
                let added = self.i64s(d, "dimensions");
                let kept: Vec<usize> = (0..rank)
                    .filter(|j| !added.contains(&i64::try_from(*j).unwrap_or(-1)))
                    .collect();
                let input = *m.operands(d).first()?;
                match self
                    .def_op(input)
                    .filter(|&c| self.name(c) == "tensor.collapse_shape")
                {
                    Some(c) => {
                        partial = SmallVec::from_elem(None, src_dims.len());
                        for (g, group) in self.groups(c).iter().enumerate() {
                            let carrier = group
                                .iter()
                                .copied()
                                .find(|&i| src_dims.get(i).is_some_and(|&n| n != 1))
                                .or_else(|| group.first().copied());
                            if let (Some(i), Some(&j)) = (carrier, kept.get(g))
                                && i < partial.len()
                            {
                                partial[i] = Some(j);
                            }
                        }
                    }
                    None => partial = kept.into_iter().map(Some).collect(),
                }
            }
            _ => return None,
        }
        if partial.len() != src_dims.len() {
            return None;
        }
        let map = super::complete_map(&partial, src_dims, rank)?;
        Some((map, stretching))
    }
}

/// One way to build a shape candidate.
#[derive(Clone)]
enum ShapeBuild {
    /// A shape rebuilt before.
    Known(Value),
    /// The shape of one source.
    One(Source),
    /// `nd.broadcast_shapes` of the sources' shapes (with the policy).
    Broadcast(SmallVec<[Source; 4]>, Option<&'static str>),
    /// `nd.shape_concat` of the sources' shapes.
    Concat(SmallVec<[Source; 4]>),
    /// `nd.shape_slice` of one tensor's shape, `[start : end]`.
    Slice(Source, usize, usize),
}
