//! What the lowering can prove about sizes at run time.
//!
//! A `?` is never assumed equal to another `?`: it may be 1 at run time and
//! stretch. Two sizes are equal only when they are provably the same: the same dim
//! of the same SSA value, or sizes that the ops defining the values fix. The
//! resolver follows those definitions a bounded number of steps:
//!
//! - a dim of `nd.cast`, a unary elementwise op or `nd.assign` is its operand's (the
//!   destination's), as the folds' facts read it ([`shape_source`]);
//! - a result dim of `nd.broadcast_in_dim` or `nd.broadcast_to` with a shape operand
//!   is that shape's entry;
//! - an entry of `nd.shape_of %x` is `%x`'s dim; of an `nd.constant`, its value;
//!   of `nd.shape_slice` and `nd.shape_concat`, the entry it copies;
//! - an entry of `nd.broadcast_shapes` is the broadcast of the entries it combines
//!   (an operand's static size other than 1 if there is one, since otherwise the
//!   check fails and nothing downstream runs; else the one symbol they all share;
//!   else unknown); in place, the first shape's entry.
//!
//! This is what makes the lowering idempotent: after it, an operand reads a
//! broadcast to the same shape value as its sibling operands, whose entries resolve
//! to the same symbols as the op's result.
//!
//! For that, the size of a tensor's dim must not depend on where the question comes
//! from: the same dim resolves the same way whether it is asked directly or
//! reached through a broadcast's shape. So each tensor dim is resolved with a budget
//! of its own for the shape ops it crosses, and only the nesting of broadcasts
//! (a dim of a broadcast of a broadcast of ...) is bounded, by [`MAX_DEPTH`], with an
//! overall bound on the work per resolver as a safety net.

use broadcastable_ir::BroadcastPolicy;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use tensor_ir::{Context, DYNAMIC, Module, OpId, Value, ValueDef};

use crate::broadcast::{BroadcastInDimOp, BroadcastToOp};
use crate::constant::ConstantOp;
use crate::shape::{BroadcastShapesOp, ShapeConcatOp, ShapeOfOp, ShapeSliceOp, slice_bounds};
use crate::shape_source::shape_source;
use crate::support::{shape_length, tensor_dims};

mod analysis;
use analysis::{Analysed, Analysis};

/// A size at run time, as far as the lowering can name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Size {
    /// A size known at compile time.
    Static(i64),
    /// Dim `.1` of the tensor `.0`, or entry `.1` of the shape value `.0`: equal
    /// symbols are equal sizes at run time.
    Of(Value, usize),
}

/// Shape ops one tensor dim may cross before it reaches another tensor's dim
/// (slices, concatenations and broadcasts of shapes).
const BUDGET: u32 = 64;

/// Broadcasts of broadcasts followed: deeper ones are named by where the
/// resolution stopped.
const MAX_DEPTH: u32 = 8;

/// The work one resolver may do in all (it lives for one op's lowering).
const MAX_WORK: u32 = 1 << 16;

/// Resolves sizes and whole shapes of values through their defining ops.
pub(crate) struct Sizes<'a> {
    ctx: &'a Context,
    module: &'a Module,
    work: u32,
    /// What is known so far.
    memo: Memo,
}

/// The tensor dims resolved so far. One op's lowering asks for each several times
/// (the common shape, each operand's need, its non-expanding dims), and a sweep in
/// program order asks for an op's result dims again at each op that uses it: kept
/// for the whole sweep ([`broadcastable_ir::Sweep`]), a chain of elementwise ops is
/// resolved one op at a time instead of back to its start at each op.
///
/// Keeping answers across the edits of a lowering is sound: ids are never reused,
/// a lowering keeps every value's meaning, and a size is named by a symbol (a dim
/// of a value, an entry of a shape) that stays true of that value.
#[derive(Default)]
pub(crate) struct Memo {
    dims: FxHashMap<(Value, usize), Size>,
    /// The names of whole shapes resolved so far ([`Sizes::whole`]).
    wholes: FxHashMap<Value, Value>,
    /// Per tensor result of a lowered op, how its shape is known, for the ops
    /// after it to reuse.
    pub(crate) shapes: FxHashMap<Value, ShapeOf>,
    /// The shape analysis of the module as the sweep found it
    /// ([`analysis::Analysis`]).
    analysis: Analysis,
}

/// How the shape of a tensor is known as a value.
#[derive(Clone, Copy, Debug)]
pub(crate) enum ShapeOf {
    /// It is this shape value (the shape its op's operands were broadcast to).
    Shape(Value),
    /// It is this other tensor's shape (an operand of its op, of the same shape).
    Like(Value),
}

/// The state of one tensor dim's resolution: its budget of shape ops and how deep
/// in broadcasts it is.
struct Walk {
    budget: u32,
    depth: u32,
}

impl<'a> Sizes<'a> {
    /// A resolver over `module`, knowing nothing yet, and without the shape
    /// analysis (a one-off question does not pay for a walk of the module).
    pub(crate) fn new(ctx: &'a Context, module: &'a Module) -> Self {
        let memo = Memo {
            analysis: Analysis::Off,
            ..Memo::default()
        };
        Self::resume(ctx, module, memo)
    }

    /// A resolver over `module` that knows what `memo` knows, with the shape
    /// analysis of the module made on the sweep's first question.
    pub(crate) fn resume(ctx: &'a Context, module: &'a Module, mut memo: Memo) -> Self {
        memo.analysis.start(ctx, module);
        Sizes {
            ctx,
            module,
            work: MAX_WORK,
            memo,
        }
    }

    /// What the resolver knows, for the next one of the sweep.
    pub(crate) fn into_memo(self) -> Memo {
        self.memo
    }

    /// Renews the overall bound on work, keeping the dims resolved so far: one
    /// resolver answers the several questions of one op's lowering, each with the
    /// bound a resolver of its own would have.
    pub(crate) fn renew(&mut self) {
        self.work = MAX_WORK;
    }

    /// Takes a step of `walk`; false when its budget or the resolver's is spent.
    fn step(&mut self, walk: &mut Walk) -> bool {
        self.work = self.work.saturating_sub(1);
        walk.budget = walk.budget.saturating_sub(1);
        walk.budget > 0 && self.work > 0
    }

    /// The size of dim `i` of the tensor `v`.
    pub(crate) fn dim(&mut self, v: Value, i: usize) -> Size {
        self.dim_at(v, i, 0)
    }

    /// Dim `i` of `v`, asked `depth` broadcasts or elementwise ops deep.
    fn dim_at(&mut self, v: Value, i: usize, depth: u32) -> Size {
        if let Some(&size) = self.memo.dims.get(&(v, i)) {
            return size;
        }
        let size = self.dim_in(v, i, depth);
        self.memo.dims.insert((v, i), size);
        size
    }

    /// Entry `j` of the shape value `s`.
    pub(crate) fn entry(&mut self, s: Value, j: usize) -> Size {
        let mut walk = Walk {
            budget: BUDGET,
            depth: 0,
        };
        self.entry_in(s, j, &mut walk)
    }

    /// The value that names the whole shape of the tensor `v` (for unranked
    /// tensors): equal names are equal shapes at run time.
    pub(crate) fn whole(&mut self, v: Value) -> Value {
        self.whole_tensor(v, 0)
    }

    /// The op defining `v`, with its name.
    fn def(&self, v: Value) -> Option<(tensor_ir::OpId, &'a str)> {
        match self.module.value(v).def() {
            ValueDef::Result { op, .. } => Some((op, self.ctx.str(self.module.op(op).name()))),
            _ => None,
        }
    }

    /// The shape operand of the explicit broadcast defining `v`, if any.
    fn broadcast_shape(&self, v: Value) -> Option<Value> {
        broadcast_shape(self.ctx, self.module, v)
    }

    /// The value whose shape `v` has, past the ops that keep their operand's shape
    /// ([`shape_source`]), a bounded number of them; stops at a static dim `i`.
    fn shape_root(&mut self, mut v: Value, i: Option<usize>) -> Value {
        for _ in 0..BUDGET {
            if let Some(i) = i
                && tensor_dims(self.ctx, self.module.value_type(v))
                    .and_then(|d| d.get(i))
                    .is_some_and(|&d| d != DYNAMIC)
            {
                break;
            }
            let source = self
                .def(v)
                .and_then(|(op, _)| shape_source(self.ctx, self.module, op));
            self.work = self.work.saturating_sub(1);
            match source {
                Some(s) if self.work > 0 => v = s,
                _ => break,
            }
        }
        v
    }

    /// Dim `i` of `v`, `depth` broadcasts deep: resolved with a budget of its own.
    fn dim_in(&mut self, v: Value, i: usize, depth: u32) -> Size {
        match self.analysed_dim(v, i) {
            Some(Analysed::Static(n)) => return Size::Static(n),
            Some(Analysed::Like(w, j)) => return self.dim_at(w, j, depth),
            None => {}
        }
        let v = self.shape_root(v, Some(i));
        let ty = self.module.value_type(v);
        if let Some(&d) = tensor_dims(self.ctx, ty).and_then(|d| d.get(i))
            && d != DYNAMIC
        {
            return Size::Static(d);
        }
        if depth >= MAX_DEPTH {
            return Size::Of(v, i);
        }
        let mut walk = Walk {
            budget: BUDGET,
            depth: depth + 1,
        };
        // The walk starts at the shape, as a question about the shape's entry does.
        if let Some(s) = self.broadcast_shape(v) {
            return self.entry_in(s, i, &mut walk);
        }
        self.elementwise_dim(v, i, depth + 1)
            .unwrap_or(Size::Of(v, i))
    }

    /// Dim `i` of the result `v` of an elementwise op that aligns its operands on
    /// the right: the broadcast of the operand dims there.
    fn elementwise_dim(&mut self, v: Value, i: usize, depth: u32) -> Option<Size> {
        let (op, _) = self.def(v)?;
        if !self.aligns_right(op) {
            return None;
        }
        let rank = tensor_dims(self.ctx, self.module.value_type(v))?.len();
        let mut sizes: SmallVec<[Size; 3]> = SmallVec::new();
        for &o in self.module.operands(op) {
            let r = tensor_dims(self.ctx, self.module.value_type(o))?.len();
            if let Some(k) = (i + r).checked_sub(rank) {
                self.work = self.work.saturating_sub(1);
                if self.work == 0 {
                    return None;
                }
                sizes.push(self.dim_at(o, k, depth));
            }
        }
        let mut walk = Walk {
            budget: BUDGET,
            depth,
        };
        self.join(&sizes, &mut walk)
    }

    /// True if `op` is an elementwise op whose result is the broadcast of its
    /// operands aligned on the right (NumPy rules, no `broadcast_dimensions`).
    fn aligns_right(&self, op: OpId) -> bool {
        let Some(def) = self.ctx.op_def(self.module.op(op).name()) else {
            return false;
        };
        match broadcastable_ir::policy_of(def) {
            Some(BroadcastPolicy::NumPy | BroadcastPolicy::EqualRank) => true,
            Some(BroadcastPolicy::NumPyOrExplicit { attr }) => self
                .ctx
                .lookup_sym(attr)
                .is_none_or(|a| self.module.get_attr(op, a).is_none()),
            _ => false,
        }
    }

    /// The size `sizes` broadcast to, if provable ([`combine`]), or else one of them
    /// that provably absorbs the others: an entry of a checked broadcast of shapes
    /// that the others are among (broadcasting it with them again changes nothing
    /// and cannot fail).
    fn join(&mut self, sizes: &[Size], walk: &mut Walk) -> Option<Size> {
        if let Some(s) = combine(sizes.iter().copied()) {
            return Some(s);
        }
        // A static size other than 1 would have decided `combine`, unless two
        // conflict: then nothing absorbs them.
        if sizes
            .iter()
            .any(|&s| matches!(s, Size::Static(n) if n != 1))
        {
            return None;
        }
        let symbols = || sizes.iter().filter(|s| matches!(s, Size::Of(..)));
        symbols()
            .copied()
            .find(|&a| symbols().all(|&b| b == a || self.absorbs(a, b, walk)))
    }

    /// The size `sizes` broadcast to, if provable ([`Sizes::join`]).
    pub(crate) fn join_sizes(&mut self, sizes: &[Size]) -> Option<Size> {
        let mut walk = Walk {
            budget: BUDGET,
            depth: 0,
        };
        self.join(sizes, &mut walk)
    }

    /// True if broadcasting the size `a` with `b` is `a` and cannot fail: `b` is `a`
    /// or 1, or `a` absorbs it ([`Sizes::join`]).
    pub(crate) fn covers(&mut self, a: Size, b: Size) -> bool {
        if a == b || b == Size::Static(1) {
            return true;
        }
        let mut walk = Walk {
            budget: BUDGET,
            depth: 0,
        };
        self.absorbs(a, b, &mut walk)
    }

    /// True if entry `j` of the shape `s` is the result of a run-time check that
    /// broadcast the size `b` into it: `s` is an `nd.broadcast_shapes` (under any
    /// rule) one of whose entries landing in `j` is `b` or absorbs it
    /// ([`Sizes::covers`]). Once that check passed, `b` is 1 or `s`'s entry `j`.
    pub(crate) fn checked_into(&mut self, s: Value, j: usize, b: Size) -> bool {
        let Some((op, BroadcastShapesOp::NAME)) = self.def(s) else {
            return false;
        };
        let Some(landing) = BroadcastShapesOp::cast(self.ctx, self.module, op)
            .and_then(|o| landing(self.ctx, self.module, o, j))
        else {
            return false;
        };
        let mut walk = Walk {
            budget: BUDGET,
            depth: 0,
        };
        landing.into_iter().any(|(t, i)| {
            let e = self.entry_in(t, i, &mut walk);
            e == b || self.absorbs(e, b, &mut walk)
        })
    }

    /// True if the size `a` is an entry of an `nd.broadcast_shapes` (aligned on the
    /// right) one of whose combined entries is `b`, directly or through such
    /// entries.
    fn absorbs(&mut self, a: Size, b: Size, walk: &mut Walk) -> bool {
        if self.analysis_covers(a, b) {
            return true;
        }
        let Size::Of(s, j) = a else {
            return false;
        };
        if !self.step(walk) {
            return false;
        }
        let Some(o) = self.numpy_check(s) else {
            return false;
        };
        let (ctx, module) = (self.ctx, self.module);
        let Some(len) = shape_length(ctx, module.value_type(s)) else {
            return false;
        };
        for &t in o.shapes(module) {
            let Some(n) = shape_length(ctx, module.value_type(t)) else {
                continue;
            };
            let Some(k) = (j + n).checked_sub(len) else {
                continue;
            };
            let e = self.entry_in(t, k, walk);
            if e == b || self.absorbs(e, b, walk) {
                return true;
            }
        }
        false
    }

    fn entry_in(&mut self, s: Value, j: usize, walk: &mut Walk) -> Size {
        let opaque = Size::Of(s, j);
        if !self.step(walk) {
            return opaque;
        }
        let Some((op, name)) = self.def(s) else {
            return opaque;
        };
        let (ctx, module) = (self.ctx, self.module);
        match name {
            ShapeOfOp::NAME => match ShapeOfOp::cast(ctx, module, op) {
                Some(o) => self.dim_in(o.input(module), j, walk.depth),
                None => opaque,
            },
            ConstantOp::NAME => constant_entry(ctx, module, op, j).unwrap_or(opaque),
            ShapeSliceOp::NAME => {
                let Some(o) = ShapeSliceOp::cast(ctx, module, op) else {
                    return opaque;
                };
                let t = o.shape(module);
                let Some(n) = shape_length(ctx, module.value_type(t)) else {
                    return opaque;
                };
                let (lo, hi) = slice_bounds(n, o.start(ctx, module), o.end(ctx, module));
                match lo.checked_add(j) {
                    Some(k) if k < hi => self.entry_in(t, k, walk),
                    _ => opaque,
                }
            }
            ShapeConcatOp::NAME => {
                let Some(o) = ShapeConcatOp::cast(ctx, module, op) else {
                    return opaque;
                };
                let mut offset = 0usize;
                for &t in o.shapes(module) {
                    let Some(n) = shape_length(ctx, module.value_type(t)) else {
                        return opaque;
                    };
                    if j < offset + n {
                        return self.entry_in(t, j - offset, walk);
                    }
                    offset += n;
                }
                opaque
            }
            BroadcastShapesOp::NAME => match BroadcastShapesOp::cast(ctx, module, op) {
                Some(o) => self.broadcast_entry(o, j, walk).unwrap_or(opaque),
                None => opaque,
            },
            _ => opaque,
        }
    }

    /// Entry `j` of an `nd.broadcast_shapes`: the broadcast of the entries it
    /// combines there.
    fn broadcast_entry(&mut self, o: BroadcastShapesOp, j: usize, walk: &mut Walk) -> Option<Size> {
        let (ctx, module) = (self.ctx, self.module);
        let shapes = o.shapes(module);
        // In place, the result is the first shape.
        if o.policy(ctx, module) == Some("in_place") {
            return Some(self.entry_in(*shapes.first()?, j, walk));
        }
        if let [only] = shapes {
            return Some(self.entry_in(*only, j, walk));
        }
        let mut sizes = Vec::with_capacity(shapes.len());
        for (t, i) in landing(ctx, module, o, j)? {
            sizes.push(self.entry_in(t, i, walk));
        }
        self.join(&sizes, walk)
    }

    /// The name of `v`'s shape, `depth` broadcasts deep.
    fn whole_tensor(&mut self, v: Value, depth: u32) -> Value {
        if let Some(&w) = self.memo.wholes.get(&v) {
            return w;
        }
        let w = self.whole_in(v, depth);
        self.memo.wholes.insert(v, w);
        w
    }

    fn whole_in(&mut self, v: Value, depth: u32) -> Value {
        let v = self.shape_root(v, None);
        if depth >= MAX_DEPTH {
            return v;
        }
        let mut walk = Walk {
            budget: BUDGET,
            depth: depth + 1,
        };
        if let Some(s) = self.broadcast_shape(v) {
            return self.whole_shape(s, &mut walk);
        }
        // An elementwise op over operands of one shape has that shape.
        let Some((op, _)) = self.def(v) else {
            return v;
        };
        if !self.aligns_right(op) {
            return v;
        }
        let mut common = None;
        for &o in self.module.operands(op) {
            self.work = self.work.saturating_sub(1);
            if self.work == 0 {
                return v;
            }
            let w = self.whole_tensor(o, depth + 1);
            match common {
                None => common = Some(w),
                Some(c) if c == w => {}
                Some(_) => return v,
            }
        }
        common.unwrap_or(v)
    }

    /// The `nd.broadcast_shapes` defining `s`, if it checks under NumPy rules
    /// (neither in place nor placed by `broadcast_dimensions`): its result is then
    /// the broadcast of every shape it combines.
    fn numpy_check(&self, s: Value) -> Option<BroadcastShapesOp> {
        let Some((op, BroadcastShapesOp::NAME)) = self.def(s) else {
            return None;
        };
        let (ctx, module) = (self.ctx, self.module);
        let o = BroadcastShapesOp::cast(ctx, module, op)?;
        let numpy = o.policy(ctx, module) != Some("in_place")
            && o.broadcast_dimensions(ctx, module).is_none();
        numpy.then_some(o)
    }

    /// True if `w`, the name of a whole shape, is an `nd.broadcast_shapes` (NumPy
    /// rules) one of whose shapes is named `x`: broadcasting a tensor of shape `w`
    /// with one of shape `x` gives `w` and cannot fail.
    pub(crate) fn absorbs_whole(&mut self, w: Value, x: Value) -> bool {
        if self.analysis_covers_whole(w, x) {
            return true;
        }
        let Some(o) = self.numpy_check(w) else {
            return false;
        };
        let module = self.module;
        let mut walk = Walk {
            budget: BUDGET,
            depth: 0,
        };
        for &t in o.shapes(module) {
            if self.whole_shape(t, &mut walk) == x {
                return true;
            }
        }
        false
    }

    fn whole_shape(&mut self, s: Value, walk: &mut Walk) -> Value {
        if !self.step(walk) {
            return s;
        }
        let Some((op, name)) = self.def(s) else {
            return s;
        };
        let (ctx, module) = (self.ctx, self.module);
        match name {
            ShapeOfOp::NAME => match ShapeOfOp::cast(ctx, module, op) {
                Some(o) => self.whole_tensor(o.input(module), walk.depth),
                None => s,
            },
            BroadcastShapesOp::NAME => {
                let Some(o) = BroadcastShapesOp::cast(ctx, module, op) else {
                    return s;
                };
                let shapes = o.shapes(module);
                let in_place = o.policy(ctx, module) == Some("in_place");
                let Some(&first) = shapes.first() else {
                    return s;
                };
                let first = self.whole_shape(first, walk);
                if in_place {
                    return first;
                }
                // The broadcast of equal shapes is that shape.
                for &t in &shapes[1..] {
                    if self.whole_shape(t, walk) != first {
                        return s;
                    }
                }
                first
            }
            _ => s,
        }
    }
}

/// The entries that land in entry `j` of the result of the `nd.broadcast_shapes`
/// `o`: each combined shape with its entry there, under the op's rule (NumPy and
/// ONNX align on the right, in place on the first shape's right, XLA places the
/// lower-rank shape by `broadcast_dimensions`). `None` if a length is unknown or
/// the placement is invalid.
pub(crate) fn landing(
    ctx: &Context,
    module: &Module,
    o: BroadcastShapesOp,
    j: usize,
) -> Option<SmallVec<[(Value, usize); 4]>> {
    let shapes = o.shapes(module);
    let lengths: Option<SmallVec<[usize; 4]>> = shapes
        .iter()
        .map(|&t| shape_length(ctx, module.value_type(t)))
        .collect();
    let lengths = lengths?;
    let placed = o.broadcast_dimensions(ctx, module);
    let len = match o.policy(ctx, module) {
        Some("in_place") => lengths.first().copied(),
        _ => lengths.iter().copied().max(),
    }?;
    let mut out = SmallVec::new();
    for (k, (&t, &n)) in shapes.iter().zip(&lengths).enumerate() {
        let index = match &placed {
            Some(dims) => placed_index(&lengths, dims, k, j)?,
            None => (j + n).checked_sub(len),
        };
        if let Some(i) = index {
            out.push((t, i));
        }
    }
    Some(out)
}

/// The shape operand of the explicit broadcast defining `v`, if any.
fn broadcast_shape(ctx: &Context, module: &Module, v: Value) -> Option<Value> {
    let ValueDef::Result { op, .. } = module.value(v).def() else {
        return None;
    };
    match ctx.str(module.op(op).name()) {
        BroadcastInDimOp::NAME => BroadcastInDimOp::cast(ctx, module, op)?.shape(module),
        BroadcastToOp::NAME => BroadcastToOp::cast(ctx, module, op)?.target_shape(module),
        _ => None,
    }
}

/// Which entry of shape `k` of an XLA `nd.broadcast_shapes` lands in entry `j` of
/// the result: `Some(None)` for none; `None` if the placement is not valid.
fn placed_index(lengths: &[usize], dims: &[i64], k: usize, j: usize) -> Option<Option<usize>> {
    let [a, b] = lengths else {
        return None;
    };
    let any = |n: usize| vec![broadcastable::Dim::Dynamic; n];
    let m = broadcastable::xla::validate_broadcast_dimensions(&any(*a), &any(*b), dims).ok()?;
    Some(if k == m.lower {
        m.targets.iter().position(|&t| t == j)
    } else {
        Some(j)
    })
}

/// Entry `j` of a constant shape.
fn constant_entry(ctx: &Context, module: &Module, op: tensor_ir::OpId, j: usize) -> Option<Size> {
    let value = ConstantOp::cast(ctx, module, op)?.value(ctx, module);
    let (_, values) = ctx.as_dense_elements(value)?;
    let v = if values.is_splat() {
        values.int(0)?
    } else {
        values.int(j)?
    };
    let v = i64::try_from(v).ok().filter(|&v| v >= 0)?;
    Some(Size::Static(v))
}

/// The size several sizes broadcast to, if provable: a static size other than 1
/// among them (the others are 1 or that size, or the program fails before the
/// result is used); else the one symbol they all are, ignoring 1s; 1 if all are 1.
/// `None` for two different symbols, or two different static sizes (a conflict).
pub(crate) fn combine(sizes: impl IntoIterator<Item = Size>) -> Option<Size> {
    let mut c = Combine::default();
    for s in sizes {
        c.push(s);
    }
    c.finish()
}

/// [`combine`] one size at a time, so that a column of sizes need not be
/// collected first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Combine {
    fixed: Option<i64>,
    symbol: Option<Size>,
    /// The symbols seen are all one.
    agree: bool,
    /// Two different static sizes other than 1 were seen.
    conflict: bool,
}

impl Default for Combine {
    fn default() -> Self {
        Combine {
            fixed: None,
            symbol: None,
            agree: true,
            conflict: false,
        }
    }
}

impl Combine {
    /// Adds a size.
    pub(crate) fn push(&mut self, s: Size) {
        match s {
            Size::Static(1) => {}
            Size::Static(n) => match self.fixed {
                Some(m) if m != n => self.conflict = true,
                _ => self.fixed = Some(n),
            },
            Size::Of(..) => match self.symbol {
                Some(t) if t != s => self.agree = false,
                _ => self.symbol = Some(s),
            },
        }
    }

    /// The size the sizes added broadcast to, if provable.
    pub(crate) fn finish(self) -> Option<Size> {
        if self.conflict {
            return None;
        }
        match (self.fixed, self.symbol) {
            (Some(n), _) => Some(Size::Static(n)),
            (None, None) => Some(Size::Static(1)),
            (None, Some(s)) => self.agree.then_some(s),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combine_follows_broadcasting() {
        let mut ctx = Context::new();
        let mut module = Module::new();
        let index = ctx.index_type();
        let v = module.create_placeholder(index);
        let w = module.create_placeholder(index);
        let (a, b) = (Size::Of(v, 0), Size::Of(w, 0));
        assert_eq!(combine([a, Size::Static(1)]), Some(a));
        assert_eq!(combine([a, a]), Some(a));
        assert_eq!(combine([a, b]), None);
        assert_eq!(combine([a, Size::Static(4)]), Some(Size::Static(4)));
        assert_eq!(
            combine([Size::Static(1), Size::Static(1)]),
            Some(Size::Static(1))
        );
        assert_eq!(combine([Size::Static(2), Size::Static(3)]), None);
        assert_eq!(combine([Size::Static(2), a, Size::Static(3)]), None);
        assert_eq!(combine([a, b, Size::Static(4)]), Some(Size::Static(4)));
        assert_eq!(combine([]), Some(Size::Static(1)));
    }
}
