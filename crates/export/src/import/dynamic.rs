//! Dynamic shapes: the import rebuilds the `nd` op an upstream op came from and
//! checks it by exporting it again.
//!
//! With `?` sizes the export spreads an op's run-time check (`nd.broadcast_shapes`)
//! over `tensor.dim`, `arith` on sizes and `cf.assert`s, and its broadcasts
//! (`nd.broadcast_in_dim` to the checked shape) over `linalg` ops sized by those
//! values. Reading that back op by op would have to invert every step. Instead,
//! for each upstream op that computes (`linalg.map` with inputs, `linalg.reduce`,
//! a matmul, `tensor.from_elements` of sizes), the import builds a candidate:
//! the `nd` op over the values its inputs broadcast (the broadcasts peeled off),
//! lowered as `--lower-broadcast` does it (shapes, check and broadcasts at the
//! op's location), or, failing that, with XLA `broadcast_dimensions`, or over the
//! inputs as they are. A copy of the candidate's ops is exported
//! (`--convert-nd-to-upstream`'s own code) and compared with the upstream text
//! ([`super::compare`]): the op's result and everything it reads, and each
//! `cf.assert` the copy makes must be an assert of the text (same message and
//! condition, [`super::asserts`]). After those, each candidate again with the
//! shapes of static tensors read from the text's constants (as `--canonicalize`
//! leaves them). The first candidate that matches replaces the text's values;
//! the copy is dropped; a candidate that does not match is erased. So what the
//! import gives is exported to what it read (the same ops, up to the sharing of
//! equal sizes), and each run-time check of the text is an `nd.broadcast_shapes`
//! with the same message. An assert no candidate made is left, and reported.

use broadcastable_ir::ExplicitBroadcast;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use tensor_dialect_nd::lower::{broadcast_checks, matmul_checks_proven, shape_checks_proven};
use tensor_dialect_nd::shape::ShapeOfOp;
use tensor_ir::builder::{Builder, InsertionPoint};
use tensor_ir::module::{OpId, ValueMap};
use tensor_ir::{Attribute, DYNAMIC, Type, TypeKind, Value};

use super::compare::Matching;
use super::{IResult, Importer};
use crate::ToUpstream;
use crate::emit::Exporter;

/// Per operand dim of a broadcast: the result dim read, and whether it stretches.
pub(super) type MapReads = SmallVec<[(Option<i64>, bool); 4]>;

/// Entries of `nd` shape values (as `index` values of the text).
type EntryMap = FxHashMap<Value, SmallVec<[Value; 4]>>;

/// At most this many shapes are remembered per entry value (the latest): the
/// shapes a standalone broadcast may read are found by an entry of theirs.
const SHAPES_PER_ENTRY: usize = 8;

/// The `nd` shape values rebuilt so far with their entries, for the export of
/// later candidates that use them, and by entry, for the standalone ops that
/// read them ([`super::standalone`]).
#[derive(Default)]
pub(super) struct ShapeTable {
    entries: EntryMap,
    by_entry: FxHashMap<Value, SmallVec<[Value; 2]>>,
}

impl ShapeTable {
    /// The entries of the shape `v`.
    pub(super) fn get(&self, v: &Value) -> Option<&SmallVec<[Value; 4]>> {
        self.entries.get(v)
    }

    fn insert(&mut self, v: Value, entries: SmallVec<[Value; 4]>) {
        for &e in &entries {
            let list = self.by_entry.entry(e).or_default();
            if list.len() == SHAPES_PER_ENTRY {
                list.remove(0);
            }
            if !list.contains(&v) {
                list.push(v);
            }
        }
        self.entries.insert(v, entries);
    }

    /// The shapes with entry `e` (at most [`SHAPES_PER_ENTRY`], latest last).
    pub(super) fn with_entry(&self, e: Value) -> &[Value] {
        self.by_entry.get(&e).map_or(&[], |l| l.as_slice())
    }
}

/// A candidate's operands and properties.
type Candidate<'a> = (SmallVec<[Value; 3]>, Vec<(&'a str, Attribute)>);

impl Importer<'_> {
    /// True if the op's result, one of its operands or what an operand
    /// broadcasts has a `?` dim.
    pub(super) fn is_dynamic(&self, ty: Type, operands: &[Value]) -> bool {
        let dynamic = |t: Type| match self.b.ctx.type_kind(t) {
            TypeKind::Tensor { dims, .. } => dims.contains(&DYNAMIC),
            _ => false,
        };
        dynamic(ty)
            || operands.iter().any(|&v| {
                dynamic(self.b.module.value_type(v))
                    || self
                        .peel(v)
                        .is_some_and(|s| dynamic(self.b.module.value_type(s)))
            })
    }

    /// The value a broadcast the export wrote reads (`linalg.map` without inputs
    /// reading it by `tensor.extract`, or `linalg.broadcast` of it, through a
    /// `tensor.collapse_shape` and `tensor.cast`s), or `None`.
    pub(super) fn peel(&self, v: Value) -> Option<Value> {
        let m = &*self.b.module;
        let through_cast = |v: Value| match self.def_op(v) {
            Some(d) if self.name(d) == "tensor.cast" => m.operands(d).first().copied(),
            _ => Some(v),
        };
        let v = through_cast(v)?;
        let d = self.def_op(v)?;
        let peeled = match self.name(d) {
            "linalg.map" if m.operands(d).len() == 1 => {
                let (body, _) = self.body(d)?;
                let extract = body
                    .iter()
                    .copied()
                    .find(|&o| self.name(o) == "tensor.extract")?;
                m.operands(extract).first().copied()
            }
            "linalg.broadcast" => {
                let x = through_cast(*m.operands(d).first()?)?;
                match self.def_op(x) {
                    Some(c) if self.name(c) == "tensor.collapse_shape" => {
                        m.operands(c).first().copied()
                    }
                    _ => Some(x),
                }
            }
            // Rank specialisation's forms of a broadcast ([`super::unranked`]).
            _ => return self.switch_source(v),
        };
        peeled.map(|s| self.reshaped_source(s))
    }

    /// How the `linalg.map` broadcast `d` the export wrote reads its operand, dim
    /// by dim: the result dim it reads (`linalg.index`; `None` for a constant 0),
    /// and whether the dim stretches at run time (an `arith.select` of 0 where the
    /// size is 1).
    pub(super) fn map_reads(&self, d: OpId) -> Option<MapReads> {
        let m = &*self.b.module;
        let (body, _) = self.body(d)?;
        let extract = body
            .iter()
            .copied()
            .find(|&o| self.name(o) == "tensor.extract")?;
        let mut reads = SmallVec::new();
        for &idx in m.operands(extract).iter().skip(1) {
            let mut def = self.def_op(idx)?;
            let stretching = self.name(def) == "arith.select";
            if stretching {
                def = self.def_op(*m.operands(def).get(2)?)?;
            }
            let dim = match self.name(def) {
                "linalg.index" => Some(self.int_prop(def, "dim")?),
                "arith.constant" => None,
                _ => return None,
            };
            reads.push((dim, stretching));
        }
        Some(reads)
    }

    /// Where each dim of what `v` broadcasts goes, if every dim has a place
    /// (`linalg.index` reads, or `linalg.broadcast` without a collapse).
    pub(super) fn placement(&self, v: Value) -> Option<Vec<i64>> {
        let m = &*self.b.module;
        let d = self.def_op(v)?;
        match self.name(d) {
            "linalg.map" => self.map_reads(d)?.into_iter().map(|(dim, _)| dim).collect(),
            "linalg.broadcast" => {
                let input = *m.operands(d).first()?;
                if self.def_op(input).is_some_and(|c| {
                    matches!(self.name(c), "tensor.collapse_shape" | "tensor.cast")
                }) {
                    return None;
                }
                let rank = self.b.ctx.shape_dims(m.value_type(v))?.len();
                let added = self.i64s(d, "dimensions");
                Some(
                    (0..rank)
                        .filter_map(|j| i64::try_from(j).ok())
                        .filter(|j| !added.contains(j))
                        .collect(),
                )
            }
            _ => None,
        }
    }

    /// Imports `name(operands)` of type `ty` that replaces `old`, where shapes are
    /// dynamic: the first candidate whose export is the text.
    pub(super) fn dynamic(
        &mut self,
        at: OpId,
        old: Value,
        name: &str,
        operands: &[Value],
        props: Vec<(&str, Attribute)>,
        ty: Type,
    ) -> IResult<()> {
        let operands: SmallVec<[Value; 3]> = operands.iter().map(|&v| self.stand_in(v)).collect();
        let operands = operands.as_slice();
        let peeled: SmallVec<[Value; 3]> = operands
            .iter()
            .map(|&v| self.stand_in(self.peel(v).unwrap_or(v)))
            .collect();
        let mut candidates: Vec<Candidate<'_>> = vec![(peeled.clone(), props.clone())];
        // XLA placement: the lower-rank operand's dims where its broadcast puts them.
        if operands.len() == 2 {
            // An unranked operand beside a ranked result has the result's rank.
            let rank = |v: Value| {
                let ctx = &*self.b.ctx;
                ctx.shape_dims(self.b.module.value_type(v))
                    .or_else(|| ctx.shape_dims(ty))
                    .map(<[i64]>::len)
            };
            let (r0, r1) = (rank(peeled[0]), rank(peeled[1]));
            if let (Some(r0), Some(r1)) = (r0, r1)
                && r0 != r1
            {
                let low = usize::from(r1 < r0);
                if let Some(dims) = self.placement(operands[low]) {
                    let mut p = props.clone();
                    p.push((
                        tensor_dialect_nd::BROADCAST_DIMENSIONS,
                        self.b.ctx.i64_array_attr(&dims),
                    ));
                    candidates.push((peeled.clone(), p));
                }
            }
        }
        if peeled.as_slice() != operands {
            candidates.push((operands.iter().copied().collect(), props.clone()));
        }
        // Then each with the shapes of static tensors read from the constants
        // `--canonicalize` makes of them.
        let constant_shapes = if self.shape_consts.is_empty() {
            &[false][..]
        } else {
            &[false, true][..]
        };
        // Then each with an unranked result whose rank the export knew
        // ([`super::unranked`]),
        // first if the text casts the value to it.
        let unranked = self.unranked_type(ty);
        let types = if unranked.is_some_and(|u| self.cast_to(old, u)) {
            [unranked, Some(ty)]
        } else {
            [Some(ty), unranked]
        };
        for ty in types.into_iter().flatten() {
            for &consts in constant_shapes {
                for (ops, p) in &candidates {
                    if self.candidate(at, old, name, ops, p.clone(), ty, consts) {
                        return Ok(());
                    }
                }
            }
        }
        // Last, the op as the text has it, not lowered: where the lowering proved
        // the sizes equal it wrote no check. Kept only if the program imported
        // proves them equal too ([`Self::unproven`]).
        self.lowering = false;
        let mut kept = false;
        for ty in types.into_iter().flatten() {
            if self.candidate(at, old, name, operands, props.clone(), ty, false) {
                kept = true;
                break;
            }
        }
        self.lowering = true;
        if kept {
            return Ok(());
        }
        Err(self.error(
            at,
            format!(
                "has no nd form here: with dynamic shapes, no '{name}' the import builds \
                 (lowered as --lower-broadcast does) exports to this op and the sizes and \
                 checks it reads"
            ),
        ))
    }

    /// Builds, lowers and checks one candidate (with the constant shapes if
    /// `consts`); true if it replaced `old`.
    #[allow(clippy::too_many_arguments)]
    fn candidate(
        &mut self,
        at: OpId,
        old: Value,
        name: &str,
        operands: &[Value],
        props: Vec<(&str, Attribute)>,
        ty: Type,
        consts: bool,
    ) -> bool {
        let marker = self.b.module.prev_op(at);
        let built = self.build_and_check(at, old, name, operands, props, ty, consts);
        if built {
            return true;
        }
        // Erase what the candidate made, latest first (users follow their values).
        for o in self.made_since(marker, at).into_iter().rev() {
            if !self.b.module.op(o).is_erased() {
                let _ = self.b.erase_op(o);
            }
        }
        false
    }

    #[allow(clippy::too_many_arguments)]
    fn build_and_check(
        &mut self,
        at: OpId,
        old: Value,
        name: &str,
        operands: &[Value],
        props: Vec<(&str, Attribute)>,
        ty: Type,
        consts: bool,
    ) -> bool {
        let marker = self.b.module.prev_op(at);
        let state = self.state(at, name, operands, props, ty);
        let sym = state.name;
        self.b.set_insertion_point(InsertionPoint::Before(at));
        let Ok(c) = self.b.create(state) else {
            return false;
        };
        if !self.valid(c) {
            return false;
        }
        // Lowered as --lower-broadcast lowers it, sharing its shapes with the
        // candidates before it in the block. An op with nothing to lower is
        // still shown to the lowering, which notes its result's shape.
        if !self.lowering {
            let result = self.b.module.result(c, 0);
            let kept = self.check(at, old, marker, result, consts);
            if kept {
                self.unlowered.push(c);
            }
            return kept;
        }
        if let Some(&e) = self.b.ctx.interface::<ExplicitBroadcast>(sym) {
            self.b.set_reuse(std::mem::take(&mut self.reuse));
            self.b.set_insertion_point(InsertionPoint::Before(c));
            let lowered = (e.lower)(&mut self.b, c, &mut self.sweep);
            self.reuse = self.b.take_reuse();
            if lowered.is_err()
                || self.b.module.op(c).is_erased()
                || (e.implicit)(self.b.ctx, self.b.module, c, &mut self.sweep).is_some()
            {
                return false;
            }
        }
        let result = self.b.module.result(c, 0);
        self.check(at, old, marker, result, consts)
    }

    /// Builds a candidate with `build` (nd ops before `at`, none lowered; its
    /// result, or `None`) and checks it as [`Self::candidate`] does; on failure
    /// what it built is erased.
    pub(super) fn try_built(
        &mut self,
        at: OpId,
        old: Value,
        build: impl FnOnce(&mut Self) -> Option<Value>,
    ) -> bool {
        let marker = self.b.module.prev_op(at);
        self.b.set_insertion_point(InsertionPoint::Before(at));
        let ok = build(self).is_some_and(|r| self.check(at, old, marker, r, false));
        if !ok {
            for o in self.made_since(marker, at).into_iter().rev() {
                if !self.b.module.op(o).is_erased() {
                    let _ = self.b.erase_op(o);
                }
            }
        }
        ok
    }

    /// Exports a copy of the candidate's nd ops (those after `marker`, before
    /// `at`; `result` one of their results) and keeps them if the copy is the text
    /// `old` and its asserts are among the text's.
    fn check(
        &mut self,
        at: OpId,
        old: Value,
        marker: Option<OpId>,
        result: Value,
        consts: bool,
    ) -> bool {
        // The nd ops of the candidate, in order (the op last).
        let mut nd_ops = self.made_since(marker, at);
        if consts {
            if !self.constant_shapes(&nd_ops) {
                return false;
            }
            nd_ops = self.made_since(marker, at);
        }
        let Some(exported) = self.export_copy(at, &nd_ops) else {
            return false;
        };
        let (values, shapes, asserts) = exported;
        let Some(&scratch_root) = values.get(&result) else {
            return false;
        };
        let scratch_root = self.cast_source(scratch_root, old);
        let mut matching = Matching::default();
        if !matching.equal(self.b.ctx, self.b.module, scratch_root, old) {
            return false;
        }
        // Each check the copy makes must be one of the text's.
        let mut matched = Vec::new();
        for &sa in &asserts {
            let msg = self.prop(sa, "msg");
            let Some(cond) = self.b.module.operands(sa).first().copied() else {
                return false;
            };
            let window = self.asserts.window(self.b.module, msg);
            let found = window.into_iter().find(|&aa| {
                !matched.contains(&aa)
                    && self
                        .b
                        .module
                        .operands(aa)
                        .first()
                        .is_some_and(|&ac| matching.equal(self.b.ctx, self.b.module, cond, ac))
            });
            match found {
                Some(aa) => matched.push(aa),
                None => return false,
            }
        }
        // Accepted: the text's values become the nd ones, the checks are the
        // nd.broadcast_shapes now, the copy's asserts go (the rest of the copy is
        // erased with the unused upstream ops).
        for (&nd, &up) in &values {
            if let Some(&actual) = matching.to_actual.get(&up)
                && actual != nd
            {
                self.b.replace_all_uses_with(actual, nd);
            }
        }
        self.accept_unranked(result, scratch_root, old);
        for (nd, entries) in shapes {
            let entries = entries
                .iter()
                .map(|e| matching.to_actual.get(e).copied().unwrap_or(*e))
                .collect();
            self.shape_table.insert(nd, entries);
        }
        let scf: Vec<OpId> = matching
            .ops()
            .filter(|&o| self.name(o).starts_with("scf."))
            .collect();
        self.matched.extend(scf);
        for o in asserts.into_iter().chain(matched) {
            let _ = self.b.erase_op(o);
        }
        true
    }

    /// Reports each candidate kept without lowering that still broadcasts
    /// implicitly in the program imported (`--verify-explicit-broadcast`'s
    /// check, in program order): its sizes are not proven equal, and the text,
    /// which has no check for them, would read out of bounds where they differ.
    pub(super) fn unproven(&mut self, top: OpId, errors: &mut tensor_ir::Diagnostics) {
        if self.unlowered.is_empty() {
            return;
        }
        let unlowered: rustc_hash::FxHashSet<OpId> = self.unlowered.iter().copied().collect();
        let (ctx, m) = (&*self.b.ctx, &*self.b.module);
        let mut sweep = broadcastable_ir::Sweep::default();
        m.walk(top, |op| {
            let Some(entry) = ctx.interface::<ExplicitBroadcast>(m.op(op).name()) else {
                return;
            };
            let why = (entry.implicit)(ctx, m, op, &mut sweep);
            if let Some(why) = why
                && unlowered.contains(&op)
            {
                errors.push(tensor_ir::verify::op_error(
                    ctx,
                    m,
                    op,
                    format!(
                        "has no nd form here: the text computes it without a check, but \
                         its operands' sizes are not proven equal ({why})"
                    ),
                ));
            }
        });
    }

    /// The ops between `marker` (or the block's start) and `at`, in order.
    fn made_since(&self, marker: Option<OpId>, at: OpId) -> Vec<OpId> {
        let m = &*self.b.module;
        let mut out = Vec::new();
        let mut cur = match marker {
            Some(p) => m.next_op(p),
            None => m.op(at).parent().and_then(|blk| m.block_ops(blk).next()),
        };
        while let Some(o) = cur {
            if o == at {
                break;
            }
            out.push(o);
            cur = m.next_op(o);
        }
        out
    }

    /// Makes the candidate's ops read the shape of a static tensor from the
    /// `nd.constant` of it the text has (as `--canonicalize` leaves it), erasing
    /// the `nd.shape_of`s of the candidate left unused; false if there is none to
    /// read (the candidate would be the one without).
    fn constant_shapes(&mut self, nd_ops: &[OpId]) -> bool {
        let mut changed = false;
        for &o in nd_ops {
            let operands: SmallVec<[Value; 4]> =
                self.b.module.operands(o).iter().copied().collect();
            for (k, v) in operands.into_iter().enumerate() {
                let Some(c) = self.static_shape_constant(v) else {
                    continue;
                };
                if self.b.module.set_operand(o, k, c).is_ok() {
                    changed = true;
                }
            }
        }
        for &o in nd_ops.iter().rev() {
            let m = &*self.b.module;
            if self.name(o) == ShapeOfOp::NAME && m.results(o).all(|r| !m.has_uses(r)) {
                let _ = self.b.erase_op(o);
            }
        }
        changed
    }

    /// The imported `nd.constant` equal to `v` if `v` is `nd.shape_of` of a
    /// static tensor.
    fn static_shape_constant(&mut self, v: Value) -> Option<Value> {
        let d = self.def_op(v)?;
        if self.name(d) != ShapeOfOp::NAME {
            return None;
        }
        let input = *self.b.module.operands(d).first()?;
        let dims = self.b.ctx.shape_dims(self.b.module.value_type(input))?;
        if dims.contains(&DYNAMIC) {
            return None;
        }
        let values = dims.iter().map(|&n| i128::from(n)).collect();
        let ty = self.b.module.value_type(v);
        let attr = self.b.ctx.dense_int_attr(ty, values)?;
        self.shape_consts.get(&attr).copied()
    }

    /// Exports a copy of `nd_ops` before `at`: for each nd result, the value its
    /// copy's export gives; the entries of each shape; the copy's asserts.
    #[allow(clippy::type_complexity)]
    fn export_copy(
        &mut self,
        at: OpId,
        nd_ops: &[OpId],
    ) -> Option<(FxHashMap<Value, Value>, EntryMap, Vec<OpId>)> {
        let mut seeds: Vec<(Value, SmallVec<[Value; 4]>)> = Vec::new();
        for &o in nd_ops {
            for &v in self.b.module.operands(o) {
                if let Some(e) = self.shape_table.get(&v) {
                    seeds.push((v, e.clone()));
                }
            }
        }
        let marker = self.b.module.prev_op(at);
        let mut values = FxHashMap::default();
        let mut shapes = EntryMap::default();
        let refined = self.refined_operands(nd_ops);
        {
            let b = Builder::new(&mut *self.b.ctx, &mut *self.b.module);
            let mut x = Exporter::new(b, at);
            x.max_rank = self.max_rank;
            for (v, e) in seeds {
                x.seed_shape(v, e);
            }
            let mut map = ValueMap::new();
            x.b.set_insertion_point(InsertionPoint::Before(at));
            for (v, ranked) in refined {
                let ty = x.b.module.value_type(v);
                let cast = x.cast_to(ranked, ty).ok()?;
                map.map(v, cast);
            }
            // What the candidate proves of its broadcasts, as the export sees it
            // in the whole program.
            let mut sweep = broadcastable_ir::Sweep::default();
            for &o in nd_ops {
                let checks = broadcast_checks(x.b.ctx, x.b.module, o, &mut sweep);
                let shape_checks = shape_checks_proven(x.b.ctx, x.b.module, o, &mut sweep);
                let matmul_checks = matmul_checks_proven(x.b.ctx, x.b.module, o, &mut sweep);
                let copy = x.b.module.clone_op(o, &mut map);
                x.b.module.insert_op_before(at, copy).ok()?;
                if let Some(c) = checks {
                    x.dim_checks.insert(copy, c);
                }
                if let Some(c) = shape_checks {
                    x.shape_checks.insert(copy, c);
                }
                if let Some(c) = matmul_checks {
                    x.matmul_checks.insert(copy, c);
                }
                x.start(copy);
                let export =
                    *x.b.ctx
                        .interface::<ToUpstream>(x.b.module.op(copy).name())?;
                let exported = if crate::unranked::involved(&x, copy) {
                    crate::unranked::export(&mut x, copy, export.0).ok()?
                } else {
                    export.0(&mut x, copy).ok()?
                };
                let results: SmallVec<[Value; 2]> = x.b.module.results(o).collect();
                for (&r, &v) in results.iter().zip(&exported) {
                    // Later copies read the export, not the copy it replaces.
                    map.map(r, v);
                    values.insert(r, v);
                    if let Some(e) = x.entries_of(v) {
                        shapes.insert(r, e);
                    }
                }
                x.b.replace_op(copy, &exported).ok()?;
            }
            // As the export ends: the helpers nothing reads go (inside a switch's
            // cases, say), but not the values the candidate gives.
            let kept: Vec<Value> = values
                .values()
                .chain(shapes.values().flatten())
                .copied()
                .collect();
            x.b.set_insertion_point(InsertionPoint::Before(at));
            x.erase_unused_helpers_but(&kept).ok()?;
        }
        // The copy's asserts: between the candidate's ops and `at`.
        let mut asserts = Vec::new();
        let mut cur = marker.and_then(|p| self.b.module.next_op(p));
        while let Some(o) = cur {
            if o == at {
                break;
            }
            if self.name(o) == "cf.assert" {
                asserts.push(o);
            }
            cur = self.b.module.next_op(o);
        }
        Some((values, shapes, asserts))
    }
}
