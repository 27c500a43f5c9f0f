//! `--convert-upstream-to-nd`: the upstream subset that `--convert-nd-to-upstream`
//! emits, read back into `nd`, so that export and import round-trip
//! (`docs/export.md`).
//!
//! Each upstream op is recognised by its name and, for `linalg.map`, its body,
//! and every `nd` op built is kept only if its export is the text it replaces
//! (bodies, operand order, init values and accumulators included; [`hints`]):
//!
//! | upstream | `nd` |
//! | --- | --- |
//! | `arith.constant` of a tensor | `nd.constant` |
//! | `linalg.map` whose body is the export of an elementwise op | that elementwise op |
//! | `linalg.map` without inputs reading `tensor.extract` at `linalg.index`es | `nd.broadcast_in_dim` |
//! | `linalg.broadcast` (of a `tensor.collapse_shape` that drops unit dims) | `nd.broadcast_in_dim` (of the uncollapsed operand) |
//! | `linalg.reduce` (then a `tensor.expand_shape` that restores the reduced dims as 1s) | `nd.reduce` (`keep_dims`) |
//! | `linalg.matmul`, `linalg.batch_matmul` (of operands whose batch dims are collapsed into one, expanded back; of a vector expanded to a matrix, collapsed back) | `nd.matmul` |
//!
//! | `linalg.copy` | `nd.assign` ([`explicit`]) |
//! | `linalg.generic` of the export's batched product (two `?` batch dims or more) | `nd.matmul` ([`batched`]) |
//! | `tensor.from_elements` of `tensor.dim`s (and constants) | `nd.dim` (`tensor<index>`), `nd.shape_of` |
//! | `linalg.generic` of one input whose body reads another tensor with `tensor.extract` at a normalised index | `nd.gather`, `nd.gather_elements` ([`gather`]) |
//! | `linalg.transpose` | `nd.transpose` ([`structure`]) |
//! | `tensor.concat`, `tensor.extract_slice` (static offsets), `tensor.reshape` | `nd.concatenate`, `nd.slice`, `nd.reshape` ([`structure`]) |
//!
//! With `?` sizes ([`dynamic`]) the op is rebuilt over what its inputs broadcast,
//! lowered as `--lower-broadcast` does (`nd.shape_of`, `nd.broadcast_shapes`,
//! `nd.broadcast_in_dim`), and kept if its export is the text read, `cf.assert`s
//! included ([`compare`]). Rank specialisation (`scf.index_switch` on the rank of
//! an unranked tensor) is read the same way, a switch whose cases compute as one
//! op ([`unranked`]).
//!
//! Reductions and products are read in [`contract`].
//!
//! Shape and broadcast ops a user wrote directly are rebuilt last, from the
//! values still read from upstream ops ([`standalone`]).
//!
//! `tensor.empty`, `linalg.fill`, sizes and scalar constants that only fed those
//! are erased. Anything else left (a `cf.assert` no rebuilt op makes, a shape or
//! broadcast no candidate exports to, a switch no rebuilt op exports to, a vector
//! operand of a batched matmul) is an error at the op.

mod asserts;
mod batched;
mod compare;
mod contract;
mod dynamic;
mod explicit;
mod gather;
mod hints;
mod indexed;
mod standalone;
mod structure;
mod unranked;

use hints::Try;
use tensor_dialect_nd::broadcast::BroadcastInDimOp;
use tensor_dialect_nd::constant::ConstantOp;
use tensor_dialect_nd::shape::{DimOp, ShapeOfOp};

use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use tensor_ir::builder::Builder;
use tensor_ir::builder::ReuseTable;
use tensor_ir::module::{OpId, OperationState};
use tensor_ir::pass::{Pass, PassOutcome};
use tensor_ir::verify::op_error;
use tensor_ir::{
    AttrKind, Attribute, Context, DYNAMIC, Diagnostic, Diagnostics, Module, NamedAttr, Type,
    TypeKind, Value, ValueDef,
};

/// The `--convert-upstream-to-nd` pass.
#[derive(Default)]
pub struct ConvertUpstreamToNd;

impl Pass for ConvertUpstreamToNd {
    fn argument(&self) -> &'static str {
        "convert-upstream-to-nd"
    }

    fn name(&self) -> &'static str {
        "ConvertUpstreamToNd"
    }

    fn description(&self) -> &'static str {
        "Import the upstream subset --convert-nd-to-upstream emits (arith, tensor, linalg, \
         cf.assert, scf rank specialisation) back into nd"
    }

    fn run(&mut self, ctx: &mut Context, module: &mut Module) -> Result<PassOutcome, Diagnostics> {
        let Some(top) = module.top() else {
            return Ok(PassOutcome::unchanged());
        };
        let mut ops = Vec::new();
        module.walk(top, |op| ops.push(op));
        let mut im = Importer {
            b: Builder::new(ctx, module),
            replaced: FxHashSet::default(),
            reuse: ReuseTable::default(),
            sweep: broadcastable_ir::Sweep::default(),
            shape_table: dynamic::ShapeTable::default(),
            shape_consts: FxHashMap::default(),
            asserts: asserts::Asserts::default(),
            max_rank: crate::unranked::DEFAULT_MAX_RANK,
            matched: FxHashSet::default(),
            refined: unranked::Refined::default(),
            lowering: true,
            positions: FxHashMap::default(),
            unlowered: Vec::new(),
        };
        // The asserts of the `nd.dim_names` contract: the attribute says them again.
        crate::entry::take_contracts(&mut im.b, top);
        for &op in &ops {
            if im.b.module.op(op).is_erased() {
                continue;
            }
            if im.name(op) == "cf.assert" && im.top_level(op) {
                let msg = im.prop(op, "msg");
                im.asserts.push(msg, op);
            }
        }
        let mut errors = Diagnostics::default();
        let mut changed = false;
        for &op in &ops {
            if im.b.module.op(op).is_erased() || im.replaced.contains(&op) || !im.top_level(op) {
                continue;
            }
            match im.import(op) {
                Ok(c) => changed |= c,
                Err(d) => errors.push(d),
            }
        }
        im.cleanup(top);
        if !errors.has_errors() && im.standalone(top, &mut errors) {
            changed = true;
            im.cleanup(top);
        }
        if !errors.has_errors() {
            im.unproven(top, &mut errors);
        }
        // Whatever upstream op is left has no nd form here (reported when nothing
        // else was: those ops feed the ops reported).
        let leftovers = if errors.has_errors() {
            &[][..]
        } else {
            &ops[..]
        };
        for &op in leftovers {
            let m = &*im.b.module;
            if m.op(op).is_erased() || !im.top_level(op) {
                continue;
            }
            // An op that feeds another op left is reported at that op only.
            let feeds_upstream = m.results(op).any(|v| {
                m.users(v).iter().any(|&u| {
                    let n = im.b.ctx.str(m.op(u).name());
                    !Side::of(n).is_nd_or_func()
                })
            });
            if feeds_upstream {
                continue;
            }
            let name = im.b.ctx.str(m.op(op).name());
            if name == "cf.assert" {
                errors.push(op_error(
                    im.b.ctx,
                    m,
                    op,
                    "has no nd form: a run-time check that no nd.broadcast_shapes the import \
                     rebuilt makes",
                ));
            } else if Side::of(name) == Side::Upstream && name != crate::UPSTREAM_TEST_OP {
                errors.push(op_error(
                    im.b.ctx,
                    m,
                    op,
                    "has no nd form: the import covers what --convert-nd-to-upstream emits",
                ));
            }
        }
        if errors.has_errors() {
            return Err(errors);
        }
        Ok(PassOutcome::changed(changed))
    }
}

type IResult<T> = Result<T, Diagnostic>;

struct Importer<'a> {
    b: Builder<'a>,
    /// Ops whose results a pattern replaced (an `expand_shape` after a reduce).
    replaced: FxHashSet<OpId>,
    /// The lowering's shared pure ops, as in one `--lower-broadcast` sweep.
    reuse: ReuseTable,
    /// What the lowering knows of the values so far, as in that sweep.
    sweep: broadcastable_ir::Sweep,
    /// The entries of the shapes rebuilt so far ([`dynamic`]).
    shape_table: dynamic::ShapeTable,
    /// The `nd.constant` shapes (`tensor<Nxindex>`) imported so far, by value:
    /// `--canonicalize` makes the shape of a static tensor one, which candidates
    /// then read ([`dynamic`]).
    shape_consts: FxHashMap<Attribute, Value>,
    /// The text's `cf.assert`s by message, in program order.
    asserts: asserts::Asserts,
    /// The highest rank of the text's rank specialisation (its switches' cases).
    max_rank: usize,
    /// The text's `scf` ops a candidate's export matched ([`unranked`]): erased
    /// once unused (an unmatched one may hold checks, and is reported).
    matched: FxHashSet<OpId>,
    /// The unranked results whose rank the export knew ([`unranked`]).
    refined: unranked::Refined,
    /// False while a candidate is tried as the text has it, not lowered
    /// ([`dynamic`]).
    lowering: bool,
    /// The candidates kept without lowering: each must be explicit in the
    /// program imported ([`dynamic::Importer::unproven`]).
    unlowered: Vec<OpId>,
    /// The program order of the ops when the standalone ops are read
    /// ([`standalone`]).
    positions: FxHashMap<OpId, usize>,
}

/// Ops the import erases once nothing uses them (besides `arith.*` and
/// `math.*`): all without side effects.
const HELPERS: &[&str] = &[
    "tensor.empty",
    "tensor.dim",
    "tensor.cast",
    "tensor.extract",
    "tensor.from_elements",
    "linalg.fill",
    "tensor.collapse_shape",
    "tensor.expand_shape",
    "linalg.matmul",
    "linalg.batch_matmul",
    "linalg.reduce",
    "linalg.map",
    "linalg.broadcast",
    "tensor.rank",
    "tensor.reshape",
    "linalg.copy",
    "linalg.generic",
    "linalg.transpose",
    "tensor.concat",
    "tensor.extract_slice",
];

impl Importer<'_> {
    /// True if `op` is directly in a function body (not in a linalg body).
    fn top_level(&self, op: OpId) -> bool {
        let m = &*self.b.module;
        let Some(parent) = m.parent_op(op) else {
            return false;
        };
        self.b.ctx.str(m.op(parent).name()) == "func.func"
    }

    fn name(&self, op: OpId) -> &str {
        self.b.ctx.str(self.b.module.op(op).name())
    }

    fn error(&self, op: OpId, message: impl std::fmt::Display) -> Diagnostic {
        op_error(self.b.ctx, self.b.module, op, message)
    }

    fn prop(&self, op: OpId, name: &str) -> Option<Attribute> {
        let sym = self.b.ctx.lookup_sym(name)?;
        self.b.module.get_attr(op, sym)
    }

    fn i64s(&self, op: OpId, name: &str) -> Vec<i64> {
        self.prop(op, name)
            .and_then(|a| self.b.ctx.as_i64_array(a))
            .unwrap_or_default()
    }

    fn int_prop(&self, op: OpId, name: &str) -> Option<i64> {
        self.prop(op, name)
            .and_then(|a| match self.b.ctx.attr_kind(a) {
                AttrKind::Integer { value, .. } => i64::try_from(*value).ok(),
                _ => None,
            })
    }

    /// Operand `i` of `op`, or an error (upstream text may be malformed).
    fn operand(&self, op: OpId, i: usize) -> IResult<Value> {
        self.b
            .module
            .operands(op)
            .get(i)
            .copied()
            .ok_or_else(|| self.error(op, format!("has no nd form: no operand #{i}")))
    }

    fn def_op(&self, v: Value) -> Option<OpId> {
        match self.b.module.value(v).def() {
            ValueDef::Result { op, .. } => Some(op),
            _ => None,
        }
    }

    fn ranked_dims(&self, op: OpId, ty: Type) -> IResult<SmallVec<[i64; 4]>> {
        self.b
            .ctx
            .shape_dims(ty)
            .map(|d| d.iter().copied().collect())
            .ok_or_else(|| {
                self.error(
                    op,
                    format!(
                        "has no nd form here: the import covers ranked tensors, not '{}'",
                        self.b.ctx.ty(ty)
                    ),
                )
            })
    }

    fn static_dims(&self, op: OpId, ty: Type) -> IResult<SmallVec<[i64; 4]>> {
        match self.b.ctx.type_kind(ty) {
            TypeKind::Tensor { dims, .. } if !dims.contains(&DYNAMIC) => {
                Ok(dims.iter().copied().collect())
            }
            _ => Err(self.error(
                op,
                format!(
                    "has no nd form here: the import covers static shapes, not '{}'",
                    self.b.ctx.ty(ty)
                ),
            )),
        }
    }

    /// The state of `nd.<name>` at `at`'s location with `operands`, `props` (sorted
    /// by name, as the parser leaves them) and one result of type `ty`.
    fn state(
        &mut self,
        at: OpId,
        name: &str,
        operands: &[Value],
        props: Vec<(&str, Attribute)>,
        ty: Type,
    ) -> OperationState {
        let loc = self.b.module.op(at).location();
        let mut state = OperationState::new(self.b.ctx.sym(name), loc);
        state.operands.extend_from_slice(operands);
        state.result_types.push(ty);
        state.props = props
            .into_iter()
            .map(|(n, value)| NamedAttr {
                name: self.b.ctx.sym(n),
                value,
            })
            .collect();
        tensor_ir::parse::sort_props(self.b.ctx, &mut state.props);
        state
    }

    /// Creates `nd.<name>` before `at` with `operands`, `props` and one result of
    /// type `ty`, and makes it replace `old`, if its export is the text `old`
    /// (every op of a body, operand order, init values and accumulators: the
    /// export is the one definition of what an `nd` op writes, [`compare`]).
    fn replace(
        &mut self,
        at: OpId,
        old: Value,
        name: &str,
        operands: &[Value],
        props: Vec<(&str, Attribute)>,
        ty: Type,
    ) -> IResult<()> {
        if self.is_dynamic(ty, operands) {
            return self.dynamic(at, old, name, operands, props, ty);
        }
        if self.try_built(at, old, |im| im.create_nd(at, name, operands, props, ty)) {
            return Ok(());
        }
        Err(self.error(
            at,
            format!(
                "has no nd form: no '{name}' over its operands exports to this op (every op \
                 of its body, their operand order, its init values and accumulator)"
            ),
        ))
    }

    /// [`Self::replace`] with the first of `tries` (names and properties) whose
    /// export is the text; else an error at `at` naming `what`.
    fn replace_first(
        &mut self,
        at: OpId,
        old: Value,
        tries: Vec<Try>,
        operands: &[Value],
        ty: Type,
        what: &str,
    ) -> IResult<()> {
        let mut last = None;
        for (name, props) in tries {
            match self.replace(at, old, name, operands, props, ty) {
                Ok(()) => return Ok(()),
                Err(e) => last = Some(e),
            }
        }
        Err(match last {
            Some(e) if self.is_dynamic(ty, operands) => e,
            _ => self.error(
                at,
                format!(
                    "has no nd form: no {what} exports to this op (every op of its body, \
                     their operand order, the yielded value, its init values)"
                ),
            ),
        })
    }

    /// True if the op's own verifier (its definition's, if any) accepts `op`.
    fn valid(&self, op: OpId) -> bool {
        let ctx = &*self.b.ctx;
        let Some(kind) = ctx.op_kind(self.b.module.op(op).name()) else {
            return true;
        };
        ctx.op_def_of_kind(kind)
            .verify
            .is_none_or(|verify| verify(ctx, self.b.module, op).is_ok())
    }

    /// Imports one top-level op; false if it is left for the cleanup.
    fn import(&mut self, op: OpId) -> IResult<bool> {
        let name = self.name(op).to_owned();
        let result = self.b.module.try_result(op, 0);
        match (name.as_str(), result) {
            ("arith.constant", Some(r)) => {
                let ty = self.b.module.value_type(r);
                if !matches!(self.b.ctx.type_kind(ty), TypeKind::Tensor { .. }) {
                    return Ok(false);
                }
                let value = self
                    .prop(op, "value")
                    .ok_or_else(|| self.error(op, "has no value"))?;
                let mut made = None;
                let props = vec![(tensor_dialect_nd::constant::ConstantOp::VALUE, value)];
                if !self.try_built(op, r, |im| {
                    made = im.create_nd(op, ConstantOp::NAME, &[], props, ty);
                    made
                }) {
                    return Err(self.error(op, "has no nd form: no nd.constant exports to it"));
                }
                let is_shape = self.b.ctx.shape_dims(ty).is_some_and(|d| d.len() == 1)
                    && self
                        .b
                        .ctx
                        .element_type(ty)
                        .is_some_and(|e| matches!(self.b.ctx.type_kind(e), TypeKind::Index));
                if is_shape && let Some(v) = made {
                    self.shape_consts.entry(value).or_insert(v);
                }
            }
            // A dynamic broadcast is rebuilt with the op that reads it.
            // So is a static broadcast of a `?` operand (a static size other than
            // 1 meeting a `?`: checked at run time).
            ("linalg.map" | "linalg.broadcast", Some(r))
                if self.is_dynamic(self.b.module.value_type(r), &[r])
                    && (name == "linalg.broadcast" || self.b.module.operands(op).len() == 1) =>
            {
                return Ok(false);
            }
            ("linalg.map", Some(r)) => self.map(op, r)?,
            ("linalg.broadcast", Some(r)) => self.broadcast(op, r)?,
            ("tensor.from_elements", Some(r)) => return self.sizes_tensor(op, r),
            ("linalg.reduce", Some(r)) => self.reduce(op, r)?,
            ("linalg.matmul" | "linalg.batch_matmul", Some(r)) => self.matmul(op, r)?,
            ("scf.index_switch", Some(r)) => return self.switch(op, r),
            ("linalg.copy", Some(r)) => self.copy(op, r)?,
            ("linalg.generic", Some(r)) if self.is_index_check(op, r) => return Ok(false),
            ("linalg.generic", Some(r)) if self.gather_generic(op, r)? => {}
            ("linalg.generic", Some(r)) => self.generic(op, r)?,
            ("linalg.transpose", Some(r)) => self.transpose(op, r)?,
            ("tensor.concat", Some(r)) => return self.concat(op, r),
            ("tensor.extract_slice", Some(r)) => return self.extract_slice(op, r),
            ("tensor.reshape", Some(r)) if self.top_level(op) => return self.reshape(op, r),
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The ops of the body of `op`'s first region, and its block arguments.
    fn body(&self, op: OpId) -> Option<(Vec<OpId>, Vec<Value>)> {
        let m = &*self.b.module;
        let region = *m.op(op).regions().first()?;
        let block = *m.region(region).blocks().first()?;
        let ops = m.block_ops(block).collect();
        Some((ops, m.block(block).args().to_vec()))
    }

    fn map(&mut self, op: OpId, r: Value) -> IResult<()> {
        let operands: SmallVec<[Value; 4]> = self.b.module.operands(op).iter().copied().collect();
        let ty = self.b.module.value_type(r);
        let inputs = &operands[..operands.len().saturating_sub(1)];
        let (body, _) = self.body(op).ok_or_else(|| self.error(op, "has no body"))?;
        if inputs.is_empty() {
            return self.gather(op, r, &body);
        }
        let tries = self.elementwise(&body, inputs.len());
        self.replace_first(
            op,
            r,
            tries,
            inputs,
            ty,
            "elementwise nd op over its inputs",
        )
    }

    /// A `linalg.map` without inputs whose body reads one tensor at the output's
    /// indices: `nd.broadcast_in_dim`.
    fn gather(&mut self, op: OpId, r: Value, body: &[OpId]) -> IResult<()> {
        let m = &*self.b.module;
        let extract = body
            .iter()
            .copied()
            .find(|&o| self.name(o) == "tensor.extract")
            .ok_or_else(|| self.error(op, "has no nd form: a body without tensor.extract"))?;
        let operands = m.operands(extract);
        let src = *operands
            .first()
            .ok_or_else(|| self.error(extract, "has no operands"))?;
        let target = m.value_type(r);
        let dst = self.static_dims(op, target)?;
        let src_dims = self.static_dims(op, m.value_type(src))?;
        let mut map: SmallVec<[Option<usize>; 4]> = SmallVec::new();
        for &idx in operands.iter().skip(1) {
            let def = self.def_op(idx);
            let j = match def {
                Some(d) if self.name(d) == "linalg.index" => self
                    .int_prop(d, "dim")
                    .and_then(|j| usize::try_from(j).ok()),
                Some(d) if self.name(d) == "arith.constant" => None,
                _ => {
                    return Err(self.error(
                        op,
                        "has no nd form here: a read whose index depends on run-time sizes",
                    ));
                }
            };
            map.push(j);
        }
        let map = complete_map(&map, &src_dims, dst.len())
            .ok_or_else(|| self.error(op, "has no nd form: its reads are not a broadcast"))?;
        let dims = self.b.ctx.i64_array_attr(&map);
        self.replace(
            op,
            r,
            BroadcastInDimOp::NAME,
            &[src],
            vec![(tensor_dialect_nd::BROADCAST_DIMENSIONS, dims)],
            target,
        )
    }

    /// `linalg.broadcast`, looking through a `tensor.collapse_shape` that dropped
    /// unit dims.
    fn broadcast(&mut self, op: OpId, r: Value) -> IResult<()> {
        let input = self.operand(op, 0)?;
        let target = self.b.module.value_type(r);
        let dst = self.static_dims(op, target)?;
        let added = self.i64s(op, "dimensions");
        let kept: Vec<usize> = (0..dst.len())
            .filter(|j| !added.contains(&i64::try_from(*j).unwrap_or(-1)))
            .collect();
        let (src, map) = match self
            .def_op(input)
            .filter(|&d| self.name(d) == "tensor.collapse_shape")
        {
            Some(c) => {
                let src = self.operand(c, 0)?;
                let src_dims = self.static_dims(op, self.b.module.value_type(src))?;
                let groups = self.groups(c);
                let mut map: SmallVec<[Option<usize>; 4]> =
                    SmallVec::from_elem(None, src_dims.len());
                for (g, group) in groups.iter().enumerate() {
                    // The group's one non-unit dim (or its first) carries it.
                    let carrier = group
                        .iter()
                        .copied()
                        .find(|&d| src_dims.get(d).is_some_and(|&n| n != 1))
                        .or_else(|| group.first().copied());
                    if let (Some(d), Some(&j)) = (carrier, kept.get(g))
                        && d < map.len()
                    {
                        map[d] = Some(j);
                    }
                }
                let map = complete_map(&map, &src_dims, dst.len())
                    .ok_or_else(|| self.error(op, "has no nd form: an unexpected collapse"))?;
                (src, map)
            }
            None => {
                let map: Vec<i64> = kept
                    .iter()
                    .map(|&j| i64::try_from(j).unwrap_or(i64::MAX))
                    .collect();
                (input, map)
            }
        };
        let dims = self.b.ctx.i64_array_attr(&map);
        self.replace(
            op,
            r,
            BroadcastInDimOp::NAME,
            &[src],
            vec![(tensor_dialect_nd::BROADCAST_DIMENSIONS, dims)],
            target,
        )
    }

    /// The reassociation groups of a collapse or expand.
    fn groups(&self, op: OpId) -> Vec<Vec<usize>> {
        let Some(a) = self.prop(op, "reassociation") else {
            return Vec::new();
        };
        let AttrKind::Array(outer) = self.b.ctx.attr_kind(a) else {
            return Vec::new();
        };
        outer
            .iter()
            .map(|&g| match self.b.ctx.attr_kind(g) {
                AttrKind::Array(inner) => inner
                    .iter()
                    .filter_map(|&d| match self.b.ctx.attr_kind(d) {
                        AttrKind::Integer { value, .. } => usize::try_from(*value).ok(),
                        _ => None,
                    })
                    .collect(),
                _ => Vec::new(),
            })
            .collect()
    }

    fn only_user(&self, v: Value, name: &str) -> Option<OpId> {
        let users = self.b.module.users(v);
        match users.as_slice() {
            [u] if self.name(*u) == name && self.b.module.has_one_use(v) => Some(*u),
            _ => None,
        }
    }

    /// Erases the upstream ops without side effects left unused, latest first
    /// (their bodies with them).
    fn cleanup(&mut self, top: OpId) {
        let mut ops = Vec::new();
        self.b.module.walk(top, |op| ops.push(op));
        for &op in ops.iter().rev() {
            let m = &*self.b.module;
            if m.op(op).is_erased() || !self.top_level(op) {
                continue;
            }
            let name = self.name(op);
            let pure = HELPERS.contains(&name)
                || name.starts_with("arith.")
                || name.starts_with("math.")
                || self.matched.contains(&op);
            let unused = m.results(op).all(|v| !m.has_uses(v));
            if unused && pure {
                // Unused: erasing cannot be refused.
                let _ = self.b.erase_op(op);
            }
        }
    }

    /// `tensor.from_elements` of sizes: `nd.dim` (one entry, `tensor<index>`) or
    /// `nd.shape_of` (every dim of one tensor), checked as a dynamic candidate.
    fn sizes_tensor(&mut self, op: OpId, r: Value) -> IResult<bool> {
        let m = &*self.b.module;
        let entries: SmallVec<[Value; 4]> = m.operands(op).iter().copied().collect();
        let ty = m.value_type(r);
        let dim_of = |v: Value| {
            self.def_op(v)
                .filter(|&d| self.name(d) == "tensor.dim")
                .and_then(|d| {
                    let ops = m.operands(d);
                    let i = self
                        .def_op(*ops.get(1)?)
                        .and_then(|c| self.int_prop(c, "value"))?;
                    Some((*ops.first()?, i))
                })
        };
        let Some(dims) = self.b.ctx.shape_dims(ty) else {
            return Ok(false);
        };
        if dims.is_empty() && entries.len() == 1 {
            let Some((v, i)) = dim_of(entries[0]) else {
                return Ok(false);
            };
            let i64t = self.b.ctx.i(64);
            let index = self.b.ctx.int_attr(i128::from(i), i64t);
            return Ok(self
                .dynamic(
                    op,
                    r,
                    DimOp::NAME,
                    &[v],
                    vec![(tensor_dialect_nd::shape::DimOp::INDEX, index)],
                    ty,
                )
                .is_ok());
        }
        // Every dim of one tensor: nd.shape_of of it (else one of the shape ops
        // tried after the computing ops, `standalone`).
        let Some((v, _)) = entries.iter().find_map(|&e| dim_of(e)) else {
            return Ok(false);
        };
        Ok(self
            .dynamic(op, r, ShapeOfOp::NAME, &[v], Vec::new(), ty)
            .is_ok())
    }
}

/// A full `broadcast_in_dim` map from a partial one: operand dims without a result
/// dim (unit dims, whose place does not change the result) take the unused result
/// dims in order. `None` unless that gives distinct, in-range dims.
fn complete_map(map: &[Option<usize>], src: &[i64], rank: usize) -> Option<Vec<i64>> {
    let used: FxHashSet<usize> = map.iter().flatten().copied().collect();
    let mut free = (0..rank).filter(|j| !used.contains(j));
    let mut out = Vec::with_capacity(map.len());
    for (i, m) in map.iter().enumerate() {
        let j = match m {
            Some(j) if *j < rank => *j,
            Some(_) => return None,
            None if src.get(i) == Some(&1) => free.next()?,
            None => return None,
        };
        out.push(i64::try_from(j).ok()?);
    }
    Some(out)
}

/// Which of the three kinds of op an imported module holds an op is, by its
/// dialect: `nd`'s are what the import builds, `func`'s and `builtin`'s are kept
/// as they are, and every other is upstream's, for the import to replace.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Side {
    /// An op of the `nd` dialect.
    Nd,
    /// A `func` op: kept.
    Func,
    /// A `builtin` op: kept.
    Builtin,
    /// An upstream op.
    Upstream,
}

impl Side {
    /// The side of the op named `name`.
    pub(crate) fn of(name: &str) -> Side {
        match name.split_once('.').map(|(d, _)| d) {
            Some(d) if d == tensor_dialect_nd::DIALECT.name => Side::Nd,
            Some("func") => Side::Func,
            Some("builtin") => Side::Builtin,
            _ => Side::Upstream,
        }
    }

    /// True for an op whose values the import's `nd` program reads as they are.
    pub(crate) fn is_nd_or_func(self) -> bool {
        matches!(self, Side::Nd | Side::Func)
    }
}
