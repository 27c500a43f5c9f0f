//! Building upstream MLIR ops (`arith`, `math`, `tensor`, `linalg`, `cf`) in our own
//! IR. The core knows none of these dialects: the ops are created as ops of
//! unregistered dialects, in upstream's generic form, which is what `mlir-opt`
//! parses back. Each builder here was checked against `mlir-opt` 22.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use tensor_dialect_nd::lower::{DimCheck, MatmulProofs};
use tensor_ir::builder::{Builder, InsertionPoint};
use tensor_ir::module::{BlockId, EditError, OpId};
use tensor_ir::verify::op_error;
use tensor_ir::{
    AttrKind, Attribute, DYNAMIC, Diagnostic, Location, NamedAttr, OperationState, Signedness,
    Type, TypeKind, Value, ValueDef,
};

/// An export step's outcome: an error is located at the op being exported.
pub type XResult<T> = Result<T, Diagnostic>;

/// The scalar kinds upstream `arith` distinguishes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Scalar {
    /// A float of the given width.
    Float(u32),
    /// A signless integer of the given width (`i1` included).
    Int(u32),
    /// `index`.
    Index,
}

/// Entries of one shape value the export writes out: a shape becomes one `index`
/// value per entry, and its length is only a number in a type, which a program
/// can make huge. (A tensor's rank is written dim by dim, so it needs no bound.)
pub const MAX_SHAPE_ENTRIES: i64 = 1 << 12;

/// The state of one export: a builder, the op being exported, and what is known
/// about the values built so far (index constants, the entries of shapes).
pub struct Exporter<'a> {
    /// The builder; its insertion point is before the op being exported.
    pub b: Builder<'a>,
    /// The op being exported: errors are reported at it.
    pub op: OpId,
    /// Its location, given to every op built for it.
    pub loc: Location,
    /// The value of each `index` constant built.
    consts: FxHashMap<Value, i64>,
    /// The `index` constants built in each block, reused by later ops of it.
    const_cache: FxHashMap<(BlockId, i64), Value>,
    /// The `tensor.dim` of each dim of a value taken so far, by block: ops are
    /// exported in program order, so one taken earlier in a block dominates the
    /// insertion point (upstream's CSE cannot merge them: our IR does not know the
    /// upstream ops are pure).
    dim_cache: FxHashMap<(BlockId, Value, usize), Value>,
    /// The entries (as `index` values) of each shape built.
    shapes: FxHashMap<Value, SmallVec<[Value; 4]>>,
    /// Side-effect-free helper ops built, erased at the end if unused.
    helpers: Vec<OpId>,
    /// The sizes each broadcast result was built with: checks that compare
    /// sizes (matmul's batch dims) see two broadcasts to one shape as equal.
    built_sizes: FxHashMap<Value, SmallVec<[Value; 4]>>,
    /// The highest rank an unranked tensor is specialised for (`crate::unranked`).
    pub max_rank: usize,
    /// Per operand of the op being exported: whether its shape was padded on the
    /// left with 1s (rank specialisation), which the run-time messages say.
    pub padded: SmallVec<[bool; 4]>,
    /// Per explicit broadcast to a computed shape, by op, what the program proves
    /// of each operand dim ([`tensor_dialect_nd::lower::broadcast_checks`], worked
    /// out before the export edits the module). A broadcast without an entry has
    /// every operand dim checked.
    pub dim_checks: FxHashMap<OpId, SmallVec<[DimCheck; 4]>>,
    /// Per `nd.broadcast_shapes` under NumPy's rule or XLA's placement, by op,
    /// which result entries the program proves cannot fail their check
    /// ([`tensor_dialect_nd::lower::shape_checks_proven`]): those get no assert.
    pub shape_checks: FxHashMap<OpId, SmallVec<[bool; 4]>>,
    /// Per `nd.matmul`, by op, which of its size checks the program proves
    /// ([`tensor_dialect_nd::lower::matmul_checks_proven`]): those get no assert.
    pub matmul_checks: FxHashMap<OpId, MatmulProofs>,
}

impl<'a> Exporter<'a> {
    /// An exporter over `b`, with no op yet.
    pub fn new(b: Builder<'a>, op: OpId) -> Self {
        let loc = b.module.op(op).location();
        Exporter {
            b,
            op,
            loc,
            consts: FxHashMap::default(),
            const_cache: FxHashMap::default(),
            dim_cache: FxHashMap::default(),
            shapes: FxHashMap::default(),
            helpers: Vec::new(),
            built_sizes: FxHashMap::default(),
            max_rank: crate::unranked::DEFAULT_MAX_RANK,
            padded: SmallVec::new(),
            dim_checks: FxHashMap::default(),
            shape_checks: FxHashMap::default(),
            matmul_checks: FxHashMap::default(),
        }
    }

    /// Makes `op` the op being exported, building before it.
    pub fn start(&mut self, op: OpId) {
        self.op = op;
        self.loc = self.b.module.op(op).location();
        self.b.set_insertion_point(InsertionPoint::Before(op));
    }

    /// An error at the op being exported: `'nd.x' op <message>`.
    pub fn error(&self, message: impl std::fmt::Display) -> Diagnostic {
        op_error(self.b.ctx, self.b.module, self.op, message)
    }

    fn edit(&self, e: EditError) -> Diagnostic {
        self.error(format!("cannot be exported: {e}"))
    }

    /// A property or attribute of the op being exported.
    pub fn attr(&self, name: &str) -> Option<Attribute> {
        let sym = self.b.ctx.lookup_sym(name)?;
        self.b.module.get_attr(self.op, sym)
    }

    /// An `i64` array property of the op being exported (empty if absent).
    pub fn i64s(&self, name: &str) -> Vec<i64> {
        self.attr(name)
            .and_then(|a| self.b.ctx.as_i64_array(a))
            .unwrap_or_default()
    }

    /// An integer property of the op being exported, if it fits an `i64`.
    pub fn int(&self, name: &str) -> Option<i64> {
        match self.b.ctx.attr_kind(self.attr(name)?) {
            AttrKind::Integer { value, .. } => i64::try_from(*value).ok(),
            _ => None,
        }
    }

    /// A string property of the op being exported.
    pub fn string(&self, name: &str) -> Option<String> {
        self.attr(name)
            .and_then(|a| self.b.ctx.as_str_attr(a))
            .map(str::to_owned)
    }

    /// Creates `name(operands)` with `props`, result types and regions, at the
    /// insertion point.
    pub fn create(
        &mut self,
        name: &str,
        operands: &[Value],
        results: &[Type],
        props: &[(&str, Attribute)],
        regions: &[tensor_ir::RegionId],
    ) -> XResult<OpId> {
        let mut state = OperationState::new(self.b.ctx.sym(name), self.loc);
        state.operands.extend_from_slice(operands);
        state.result_types.extend_from_slice(results);
        let mut named: Vec<NamedAttr> = props
            .iter()
            .map(|&(n, value)| NamedAttr {
                name: self.b.ctx.sym(n),
                value,
            })
            .collect();
        // Properties print sorted by name, as upstream's.
        named.sort_by(|x, y| self.b.ctx.str(x.name).cmp(self.b.ctx.str(y.name)));
        state.props = named;
        state.regions.extend_from_slice(regions);
        self.b.create(state).map_err(|e| self.edit(e))
    }

    /// Creates an op of one result and returns it.
    pub fn one(
        &mut self,
        name: &str,
        operands: &[Value],
        result: Type,
        props: &[(&str, Attribute)],
    ) -> XResult<Value> {
        let op = self.create(name, operands, &[result], props, &[])?;
        Ok(self.b.module.result(op, 0))
    }

    /// Like [`Exporter::one`], for an op without side effects that may end unused.
    pub(crate) fn helper(
        &mut self,
        name: &str,
        operands: &[Value],
        result: Type,
        props: &[(&str, Attribute)],
    ) -> XResult<Value> {
        let op = self.create(name, operands, &[result], props, &[])?;
        self.helpers.push(op);
        Ok(self.b.module.result(op, 0))
    }

    /// Erases the helper ops that ended unused, latest first.
    pub fn erase_unused_helpers(&mut self) {
        while let Some(op) = self.helpers.pop() {
            let unused = self
                .b
                .module
                .results(op)
                .all(|v| !self.b.module.has_uses(v));
            if unused && !self.b.module.op(op).is_erased() {
                // Unused: erasing cannot be refused.
                let _ = self.b.erase_op(op);
            }
        }
    }

    /// [`Self::erase_unused_helpers`], keeping `kept` (values a caller reads
    /// after the export) and what they read.
    pub fn erase_unused_helpers_but(&mut self, kept: &[Value]) -> XResult<()> {
        let keep = self.create("import.keep", kept, &[], &[], &[])?;
        self.erase_unused_helpers();
        // Without results: erasing cannot be refused.
        let _ = self.b.erase_op(keep);
        Ok(())
    }

    /// `index`.
    pub fn index_type(&mut self) -> Type {
        self.b.ctx.index_type()
    }

    /// The block ops are created in.
    fn insertion_block(&self) -> Option<BlockId> {
        match self.b.insertion_point()? {
            InsertionPoint::Before(op) | InsertionPoint::After(op) => self.b.module.op(op).parent(),
            InsertionPoint::Start(b) | InsertionPoint::End(b) => Some(b),
        }
    }

    /// `arith.constant n : index`.
    pub fn const_index(&mut self, n: i64) -> XResult<Value> {
        let block = self.insertion_block();
        if let Some(&v) = block.and_then(|b| self.const_cache.get(&(b, n))) {
            return Ok(v);
        }
        let ty = self.index_type();
        let attr = self.b.ctx.int_attr(i128::from(n), ty);
        let v = self.helper("arith.constant", &[], ty, &[("value", attr)])?;
        self.consts.insert(v, n);
        if let Some(b) = block {
            self.const_cache.insert((b, n), v);
        }
        Ok(v)
    }

    /// The value of `v` if it is an `index` constant built here.
    pub fn const_of(&self, v: Value) -> Option<i64> {
        self.consts.get(&v).copied()
    }

    /// `arith.constant value : ty` for a scalar or tensor attribute.
    pub fn constant(&mut self, value: Attribute, ty: Type) -> XResult<Value> {
        self.helper("arith.constant", &[], ty, &[("value", value)])
    }

    /// A scalar constant of element type `elem`: an integer `i` or a float `f`.
    pub fn scalar_const(&mut self, elem: Type, i: i128, f: f64) -> XResult<Value> {
        let attr = match self.b.ctx.type_kind(elem).clone() {
            TypeKind::Float(kind) => self.b.ctx.intern_attr(AttrKind::Float {
                bits: kind.from_f64(f),
                ty: elem,
            }),
            _ => self.b.ctx.int_attr(i, elem),
        };
        self.constant(attr, elem)
    }

    /// The scalar kind of `elem`, or an error naming it.
    pub fn scalar(&self, elem: Type) -> XResult<Scalar> {
        match self.b.ctx.type_kind(elem) {
            TypeKind::Float(k) => Ok(Scalar::Float(k.width())),
            TypeKind::Integer {
                width,
                signedness: Signedness::Signless,
            } => Ok(Scalar::Int(*width)),
            TypeKind::Index => Ok(Scalar::Index),
            _ => Err(self.error(format!(
                "cannot be exported: upstream arith takes signless integers, index and floats, \
                 not '{}'",
                self.b.ctx.ty(elem)
            ))),
        }
    }

    /// The dims and element type of a ranked tensor, or an error: upstream linalg
    /// takes ranked tensors only.
    pub fn ranked(&self, v: Value) -> XResult<(SmallVec<[i64; 4]>, Type)> {
        let ty = self.b.module.value_type(v);
        match self.b.ctx.type_kind(ty) {
            TypeKind::Tensor { dims, elem, .. } => Ok((dims.iter().copied().collect(), *elem)),
            _ => Err(self.error(format!(
                "cannot be exported: '{}' is not a ranked tensor, and upstream linalg takes \
                 ranked tensors only",
                self.b.ctx.ty(ty)
            ))),
        }
    }

    /// The dims of a ranked tensor type (the result types of the op being exported).
    pub fn ranked_type(&self, ty: Type) -> XResult<(SmallVec<[i64; 4]>, Type)> {
        match self.b.ctx.type_kind(ty) {
            TypeKind::Tensor { dims, elem, .. } => Ok((dims.iter().copied().collect(), *elem)),
            _ => Err(self.error(format!(
                "cannot be exported: '{}' is not a ranked tensor, and upstream linalg takes \
                 ranked tensors only",
                self.b.ctx.ty(ty)
            ))),
        }
    }

    /// The size of dim `i` of `v`: a constant if static, else `tensor.dim`.
    pub fn dim(&mut self, v: Value, i: usize) -> XResult<Value> {
        let (dims, _) = self.ranked(v)?;
        match dims.get(i) {
            Some(&n) if n != DYNAMIC => self.const_index(n),
            _ => {
                let block = self.insertion_block();
                if let Some(&d) = block.and_then(|b| self.dim_cache.get(&(b, v, i))) {
                    return Ok(d);
                }
                let c = self.const_index(i64::try_from(i).unwrap_or(i64::MAX))?;
                let ty = self.index_type();
                let d = self.helper("tensor.dim", &[v, c], ty, &[])?;
                if let Some(b) = block {
                    self.dim_cache.insert((b, v, i), d);
                }
                Ok(d)
            }
        }
    }

    /// Every dim size of `v`.
    pub fn dims(&mut self, v: Value) -> XResult<SmallVec<[Value; 4]>> {
        let rank = self.ranked(v)?.0.len();
        (0..rank).map(|i| self.dim(v, i)).collect()
    }

    /// `tensor.empty` of type `ty`, its `?` dims sized by `sizes` (one per dim).
    pub fn empty(&mut self, ty: Type, sizes: &[Value]) -> XResult<Value> {
        let (dims, _) = self.ranked_type(ty)?;
        let dynamic: SmallVec<[Value; 4]> = dims
            .iter()
            .zip(sizes)
            .filter(|&(&d, _)| d == DYNAMIC)
            .map(|(_, &s)| s)
            .collect();
        self.helper("tensor.empty", &dynamic, ty, &[])
    }

    /// `tensor.cast` of `v` to `ty` unless it has that type.
    pub fn cast_to(&mut self, v: Value, ty: Type) -> XResult<Value> {
        if self.b.module.value_type(v) == ty {
            return Ok(v);
        }
        self.helper("tensor.cast", &[v], ty, &[])
    }

    /// A one-block region whose block has arguments of `arg_types`, filled by `body`
    /// (given the arguments), ending in `linalg.yield` of what it returns.
    pub fn body(
        &mut self,
        arg_types: &[Type],
        body: impl FnOnce(&mut Self, &[Value]) -> XResult<SmallVec<[Value; 1]>>,
    ) -> XResult<tensor_ir::RegionId> {
        self.region("linalg.yield", arg_types, body)
    }

    /// A one-block region whose block has arguments of `arg_types`, filled by `body`
    /// (given the arguments), ending in `terminator` of what it returns.
    pub fn region(
        &mut self,
        terminator: &str,
        arg_types: &[Type],
        body: impl FnOnce(&mut Self, &[Value]) -> XResult<SmallVec<[Value; 1]>>,
    ) -> XResult<tensor_ir::RegionId> {
        let region = self.b.module.create_region();
        let block = self
            .b
            .create_block(region, arg_types, self.loc)
            .map_err(|e| self.edit(e))?;
        let args: SmallVec<[Value; 3]> =
            self.b.module.block(block).args().iter().copied().collect();
        let saved = self.b.insertion_point();
        self.b.set_insertion_point(InsertionPoint::End(block));
        let built = body(self, &args);
        let yielded = built.and_then(|values| self.create(terminator, &values, &[], &[], &[]));
        if let Some(ip) = saved {
            self.b.set_insertion_point(ip);
        }
        yielded?;
        Ok(region)
    }

    /// A binary scalar op `name(a, b)` of the type of `a`.
    pub fn bin(&mut self, name: &str, a: Value, b: Value) -> XResult<Value> {
        let ty = self.b.module.value_type(a);
        self.one(name, &[a, b], ty, &[])
    }

    /// A unary scalar op `name(a)` of the type of `a`.
    pub fn un(&mut self, name: &str, a: Value) -> XResult<Value> {
        let ty = self.b.module.value_type(a);
        self.one(name, &[a], ty, &[])
    }

    /// `arith.cmpi` with upstream's predicate number (0 eq, 1 ne, 2 slt, 3 sle, 4
    /// sgt, 5 sge).
    pub fn cmpi(&mut self, predicate: i64, a: Value, b: Value) -> XResult<Value> {
        self.compare("arith.cmpi", predicate, a, b)
    }

    /// `arith.cmpf` with upstream's predicate number (1 oeq, 2 ogt, 3 oge, 4 olt, 5
    /// ole, 13 une).
    pub fn cmpf(&mut self, predicate: i64, a: Value, b: Value) -> XResult<Value> {
        self.compare("arith.cmpf", predicate, a, b)
    }

    fn compare(&mut self, name: &str, predicate: i64, a: Value, b: Value) -> XResult<Value> {
        let i64t = self.b.ctx.i(64);
        let i1 = self.b.ctx.i(1);
        let p = self.b.ctx.int_attr(i128::from(predicate), i64t);
        self.helper(name, &[a, b], i1, &[("predicate", p)])
    }

    /// Records that `v` was built with the dim sizes `sizes`.
    pub(crate) fn record_sizes(&mut self, v: Value, sizes: &[Value]) {
        self.built_sizes.insert(v, sizes.iter().copied().collect());
    }

    /// The size of dim `i` of `v`: the one it was built with if recorded, else
    /// [`Exporter::dim`].
    pub(crate) fn built_dim(&mut self, v: Value, i: usize) -> XResult<Value> {
        match self.built_sizes.get(&v).and_then(|s| s.get(i)) {
            Some(&d) => Ok(d),
            None => self.dim(v, i),
        }
    }

    /// `arith.select %c, %a, %b`.
    pub fn select(&mut self, c: Value, a: Value, b: Value) -> XResult<Value> {
        let ty = self.b.module.value_type(a);
        self.helper("arith.select", &[c, a, b], ty, &[])
    }

    /// `cf.assert %cond, "message"` at the op's location.
    pub fn assert(&mut self, cond: Value, message: &str) -> XResult<()> {
        let msg = self.b.ctx.string_attr(message);
        self.create("cf.assert", &[cond], &[], &[("msg", msg)], &[])?;
        Ok(())
    }

    /// The entries of a shape value as `index` values: those recorded when it was
    /// built, else one `tensor.extract` per entry.
    pub fn shape_entries(&mut self, shape: Value) -> XResult<SmallVec<[Value; 4]>> {
        if let Some(entries) = self.shapes.get(&shape) {
            return Ok(entries.clone());
        }
        let ty = self.b.module.value_type(shape);
        let len = match self.b.ctx.type_kind(ty) {
            TypeKind::Tensor { dims, .. } if dims.len() == 1 && dims[0] != DYNAMIC => dims[0],
            _ => {
                return Err(self.error(format!(
                    "cannot be exported: a shape of unknown length ('{}') belongs to an \
                     unranked tensor, and upstream linalg takes ranked tensors only",
                    self.b.ctx.ty(ty)
                )));
            }
        };
        if len > MAX_SHAPE_ENTRIES {
            return Err(self.error(format!(
                "cannot be exported: a shape of {len} entries becomes one value per entry, \
                 and more than {MAX_SHAPE_ENTRIES} are not written out"
            )));
        }
        let index = self.index_type();
        let mut out = SmallVec::new();
        for i in 0..len {
            let c = self.const_index(i)?;
            out.push(self.helper("tensor.extract", &[shape, c], index, &[])?);
        }
        Ok(out)
    }

    /// Records `entries` as the entries of the shape value `v` (the import's
    /// rebuilt shapes, exported earlier), and the value of each entry that is an
    /// `index` constant: the export decides by them which sizes are static (a
    /// static 1 needs no check and no select).
    pub(crate) fn seed_shape(&mut self, v: Value, entries: SmallVec<[Value; 4]>) {
        for &e in &entries {
            if let Some(n) = self.index_constant(e) {
                self.consts.insert(e, n);
            }
        }
        self.shapes.insert(v, entries);
    }

    /// The value of `v` if an `arith.constant` of `index` type defines it.
    fn index_constant(&self, v: Value) -> Option<i64> {
        let m = &*self.b.module;
        let ValueDef::Result { op, .. } = m.value(v).def() else {
            return None;
        };
        if self.b.ctx.str(m.op(op).name()) != "arith.constant"
            || !matches!(self.b.ctx.type_kind(m.value_type(v)), TypeKind::Index)
        {
            return None;
        }
        let sym = self.b.ctx.lookup_sym("value")?;
        match self.b.ctx.attr_kind(m.get_attr(op, sym)?) {
            AttrKind::Integer { value, .. } => i64::try_from(*value).ok(),
            _ => None,
        }
    }

    /// The entries recorded for the shape value `v`.
    pub(crate) fn entries_of(&self, v: Value) -> Option<SmallVec<[Value; 4]>> {
        self.shapes.get(&v).cloned()
    }

    /// A shape value of `entries` (`tensor.from_elements`), remembering them.
    pub fn shape_value(&mut self, entries: SmallVec<[Value; 4]>) -> XResult<Value> {
        let index = self.index_type();
        let n = i64::try_from(entries.len()).unwrap_or(i64::MAX);
        let ty = self.b.ctx.tensor_type(&[n], index);
        let v = self.helper("tensor.from_elements", &entries, ty, &[])?;
        self.shapes.insert(v, entries);
        Ok(v)
    }

    /// A `array<i64: ...>` attribute.
    pub fn i64_array(&mut self, values: &[i64]) -> Attribute {
        self.b.ctx.i64_array_attr(values)
    }

    /// A `[[0, 1], [2]]` reassociation attribute.
    pub fn reassociation(&mut self, groups: &[SmallVec<[usize; 4]>]) -> Attribute {
        let i64t = self.b.ctx.i(64);
        let outer: Vec<Attribute> = groups
            .iter()
            .map(|g| {
                let inner: Vec<Attribute> = g
                    .iter()
                    .map(|&d| self.b.ctx.int_attr(i128::try_from(d).unwrap_or(0), i64t))
                    .collect();
                self.b.ctx.intern_attr(AttrKind::Array(inner))
            })
            .collect();
        self.b.ctx.intern_attr(AttrKind::Array(outer))
    }

    /// `tensor.collapse_shape %v` by `groups` into `ty`.
    pub fn collapse(
        &mut self,
        v: Value,
        groups: &[SmallVec<[usize; 4]>],
        ty: Type,
    ) -> XResult<Value> {
        let r = self.reassociation(groups);
        self.helper("tensor.collapse_shape", &[v], ty, &[("reassociation", r)])
    }

    /// `tensor.expand_shape %v` by `groups` into `ty`, its `?` dims sized by `sizes`
    /// (one per result dim).
    pub fn expand(
        &mut self,
        v: Value,
        groups: &[SmallVec<[usize; 4]>],
        ty: Type,
        sizes: &[Value],
    ) -> XResult<Value> {
        let (dims, _) = self.ranked_type(ty)?;
        let r = self.reassociation(groups);
        let statics = self.i64_array(&dims);
        let mut operands: SmallVec<[Value; 4]> = SmallVec::new();
        operands.push(v);
        operands.extend(
            dims.iter()
                .zip(sizes)
                .filter(|&(&d, _)| d == DYNAMIC)
                .map(|(_, &s)| s),
        );
        self.helper(
            "tensor.expand_shape",
            &operands,
            ty,
            &[("reassociation", r), ("static_output_shape", statics)],
        )
    }
}
