//! The shape analysis: a symbolic size ([`broadcastable::symbolic`]) for each dim
//! of each ranked tensor, and for each entry of each shape value, worked out
//! forward in program order from what each op declares.
//!
//! An op says how its results' sizes derive from its operands' through a
//! [`ShapeTransfer`] its dialect attaches with the op's definition
//! (`Context::attach_interface`); ops with the Broadcastable trait share
//! [`broadcast_transfer`], derived from their policy. Where an op has no transfer,
//! or its transfer knows nothing, each dynamic size of its results is a symbol of
//! its own, named by where it comes from ([`Origin`]): sound, and no more precise
//! than reasoning about each `?` alone. A static size in a result type always wins:
//! a value that exists at run time has it.
//!
//! The analysis is one walk over the ops, without recursion, and each op costs in
//! proportion to its operands' ranks.

use broadcastable::align::Alignment;
use broadcastable::symbolic::{SizeId, SizeTable};
use broadcastable::{BroadcastableOp, Policy, Shape};
use rustc_hash::FxHashSet;
use smallvec::SmallVec;
use tensor_ir::calls::CallSites;
use tensor_ir::module::{Module, OpId};
use tensor_ir::types::TypeKind;
use tensor_ir::{Context, DYNAMIC, Value, ValueDef};

use crate::view::OpView;

mod calls;
mod contracts;
mod decide;
mod names;
pub use contracts::{ArgDim, EntryEqualities, add_entry_equalities};
pub use decide::Decision;
pub use names::{
    NamedDim, arg_dim_names, entry_args, named_dims, names_of, set_dim_names_attr, static_conflict,
    tied,
};

/// Entries of one shape value followed: a shape's length is a number in its type,
/// which a program may make huge; past this its entries are left unknown.
pub const MAX_ENTRIES: usize = 1 << 12;

/// The sizes of a value's dims, or of a shape's entries.
pub type Sizes = SmallVec<[SizeId; 4]>;

/// What the analysis knows of one value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    /// A ranked tensor's dims.
    pub dims: Option<Sizes>,
    /// What a shape value holds at run time, one size per entry (an `index`
    /// scalar holds one).
    pub entries: Option<Sizes>,
    /// A name for the tensor's whole shape, for tensors whose rank is unknown:
    /// equal names are equal shapes, and a join is the shape a passed check
    /// broadcast its members into (the same algebra as sizes).
    pub whole: Option<SizeId>,
    /// For a shape value, a name for the whole shape it holds.
    pub holds: Option<SizeId>,
}

/// Where a symbol comes from: the size the program does not fix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Dim `.1` of the tensor `.0` (a function argument's, or of a result whose
    /// op says nothing more).
    Dim(Value, usize),
    /// Entry `.1` of the shape value `.0`.
    Entry(Value, usize),
    /// The whole shape of the tensor `.0` (or the shape the shape value `.0`
    /// holds).
    Whole(Value),
    /// A name the function's `nd.dim_names` gives its arguments' dims: the
    /// number of the name ([`ShapeAnalysis::dim_name`]).
    Named(u32),
    /// Made by the size algebra (an expression too large to keep).
    Algebra,
}

/// The signature of a transfer function.
pub type TransferFn = fn(&mut Transfer<'_>, OpId) -> SmallVec<[Facts; 1]>;

/// One op's transfer: its results' facts from its operands'.
#[derive(Clone, Copy, Debug)]
pub struct ShapeTransfer {
    /// The facts of each result, in order; a result left out, or a field left
    /// `None`, is what its type says.
    pub transfer: TransferFn,
}

/// The sizes of every value of a module, as far as the program fixes them.
#[derive(Debug, Default)]
pub struct ShapeAnalysis {
    sizes: SizeTable,
    /// Per value (by index), what is known of it.
    facts: Vec<Option<Facts>>,
    /// Per symbol number, where it comes from.
    origins: Vec<Origin>,
    /// Per size (by index), the first tensor dim found to have it: a name for
    /// the size that a client reasoning in terms of dims can share.
    representatives: Vec<Option<(Value, u32)>>,
    /// The calls entering each private function, found on first need: its
    /// arguments have the sizes its call sites agree on. `None` also while
    /// [`ShapeAnalysis::ensure`] runs (it holds them), so that a value first seen
    /// there is worked out by its loop, not by a nested one.
    calls: Option<CallSites>,
    /// Per function that names dims, the size of each name.
    named_functions: rustc_hash::FxHashMap<OpId, rustc_hash::FxHashMap<String, SizeId>>,
    /// The names of `Origin::Named` symbols, by number.
    names: Vec<Box<str>>,
    /// Per function, each argument dim its entry contracts tie to an earlier
    /// one, with that one ([`EntryEqualities`]).
    tied_functions: rustc_hash::FxHashMap<OpId, rustc_hash::FxHashMap<ArgDim, ArgDim>>,
}

/// What a [`ShapeTransfer`] sees: the IR, and the facts found so far.
pub struct Transfer<'a> {
    /// The context.
    pub ctx: &'a Context,
    /// The module being analysed.
    pub module: &'a Module,
    analysis: &'a mut ShapeAnalysis,
}

impl Transfer<'_> {
    /// The sizes of `v`'s dims; `None` unless it is a ranked tensor.
    pub fn dims(&mut self, v: Value) -> Option<Sizes> {
        self.analysis.known(self.ctx, self.module, v).dims.clone()
    }

    /// What the shape value (or index) `v` holds, if the analysis knows.
    pub fn entries(&mut self, v: Value) -> Option<Sizes> {
        self.analysis
            .known(self.ctx, self.module, v)
            .entries
            .clone()
    }

    /// The name of `v`'s whole shape (made on first use).
    pub fn whole(&mut self, v: Value) -> Option<SizeId> {
        self.analysis.known(self.ctx, self.module, v);
        self.analysis.whole_of(v)
    }

    /// The name of `v`'s whole shape if it has one already: a value that only
    /// takes another's shape need not make one.
    pub fn known_whole(&mut self, v: Value) -> Option<SizeId> {
        self.analysis.known(self.ctx, self.module, v).whole
    }

    /// The name of the whole shape the shape value `v` holds (made on first
    /// use).
    pub fn holds(&mut self, v: Value) -> Option<SizeId> {
        self.analysis.known(self.ctx, self.module, v);
        self.analysis.holds_of(v)
    }

    /// The size algebra, to combine sizes.
    pub fn sizes(&mut self) -> &mut SizeTable {
        &mut self.analysis.sizes
    }
}

/// The transfer of an op with the Broadcastable trait: each result dim is the
/// common size of the operand dims its policy aligns with it, as the op's
/// run-time check leaves them (each is 1 or that size).
pub fn broadcast_transfer(t: &mut Transfer<'_>, op: OpId) -> SmallVec<[Facts; 1]> {
    let mut out = SmallVec::new();
    let Some(view) = OpView::of(t.ctx, t.module, op) else {
        return out;
    };
    let Ok(policy) = view.checked_policy() else {
        return out;
    };
    let operands = t.module.operands(op).to_vec();
    let results = view.num_results();
    // In place, operand #0 is the result and never changes: its dims keep their
    // names (the others are 1 or equal to them once checked).
    if policy == Policy::Unidirectional {
        let Some(&first) = operands.first() else {
            return out;
        };
        let facts = Facts {
            dims: t.dims(first),
            whole: t.known_whole(first),
            ..Facts::default()
        };
        out.extend(std::iter::repeat_n(facts, results));
        return out;
    }
    let dims = broadcast_dims(t, &policy, &view, &operands);
    // Whole shapes are for values of unknown rank: named only around them. A
    // join of whole shapes aligns them on the right, as NumPy does; XLA's
    // placement may put an operand's dims elsewhere, so its result's whole shape
    // is its own.
    let unranked = dims.is_none() || (0..results).any(|i| view.result(i).shape.rank().is_none());
    let whole = if unranked && !matches!(policy, Policy::Explicit(_)) {
        let wholes: Option<Sizes> = operands.iter().map(|&v| t.whole(v)).collect();
        wholes.and_then(|w| t.sizes().join(&w).ok())
    } else {
        None
    };
    let facts = Facts {
        dims,
        whole,
        ..Facts::default()
    };
    out.extend(std::iter::repeat_n(facts, results));
    out
}

/// Each result dim of a broadcast: the join of the operand dims `policy` aligns
/// with it; `None` when an operand is unranked (it could stretch any column) or
/// the check always fails.
fn broadcast_dims(
    t: &mut Transfer<'_>,
    policy: &Policy,
    view: &OpView<'_>,
    operands: &[Value],
) -> Option<Sizes> {
    let shapes: Vec<Shape> = (0..operands.len()).map(|i| view.operand(i).shape).collect();
    let alignment = Alignment::of(policy, &shapes)?;
    let mut columns: Vec<Sizes> = vec![Sizes::new(); alignment.rank];
    for (&v, placed) in operands.iter().zip(&alignment.columns) {
        let (Some(placed), Some(dims)) = (placed, t.dims(v)) else {
            return None;
        };
        for (&column, &size) in placed.iter().zip(&dims) {
            if let Some(c) = columns.get_mut(column) {
                c.push(size);
            }
        }
    }
    columns.iter().map(|c| t.sizes().join(c).ok()).collect()
}

impl ShapeAnalysis {
    /// An analysis that knows nothing yet: [`ShapeAnalysis::ensure`] works out
    /// the values asked about, and only those.
    #[must_use]
    pub fn new() -> ShapeAnalysis {
        ShapeAnalysis::default()
    }

    /// Analyses every op under `root` (included), in program order.
    #[must_use]
    pub fn run(ctx: &Context, module: &Module, root: OpId) -> ShapeAnalysis {
        let mut analysis = ShapeAnalysis {
            calls: Some(CallSites::of(ctx, module, root)),
            ..ShapeAnalysis::default()
        };
        // Through `ensure`, which works out a call's callee first. Operands
        // first and in order, so sizes are numbered in program order.
        module.walk(root, |op| {
            for &o in module.operands(op) {
                analysis.ensure(ctx, module, o);
            }
            for r in module.results(op) {
                analysis.ensure(ctx, module, r);
            }
        });
        analysis
    }

    /// Makes sure the analysis has facts for `v`, working them out from its
    /// defining op (and those of its operands, without recursion) when `v` is
    /// newer than the walk: a pass that adds ops while it asks (a lowering, an
    /// import) keeps one analysis for its whole sweep. The work of one call is
    /// bounded; past it, sizes are symbols of their own, which is sound.
    pub fn ensure(&mut self, ctx: &Context, module: &Module, v: Value) {
        const MAX_STEPS: usize = 1 << 12;
        if self.has(v) {
            return;
        }
        let calls = self.take_calls(ctx, module);
        let mut stack = vec![v];
        let mut steps = 0;
        // Arguments whose call sites' operands were asked for: met again before
        // those are known, an argument is on a cycle of calls and gets sizes of
        // its own.
        let mut entered: FxHashSet<Value> = FxHashSet::default();
        // Calls whose callee's returned values were asked for: met again before
        // those are known, a call is on a cycle of calls and its results get
        // sizes of their own.
        let mut entered_calls: FxHashSet<OpId> = FxHashSet::default();
        while let Some(&top) = stack.last() {
            if self.has(top) {
                stack.pop();
                continue;
            }
            steps += 1;
            let ValueDef::Result { op, .. } = module.value(top).def() else {
                let passed = calls.passed(module, top);
                if let Some(passed) = &passed
                    && steps <= MAX_STEPS
                    && stack.len() <= MAX_STEPS
                    && entered.insert(top)
                {
                    let missing: SmallVec<[Value; 4]> =
                        passed.iter().copied().filter(|&o| !self.has(o)).collect();
                    if !missing.is_empty() {
                        stack.extend(missing);
                        continue;
                    }
                }
                stack.pop();
                let given = passed.map_or_else(Facts::default, |p| self.agreed(&p));
                let facts = self.settle(ctx, module, top, given);
                self.set(top, facts);
                continue;
            };
            let mut missing: SmallVec<[Value; 4]> = module
                .operands(op)
                .iter()
                .copied()
                .filter(|&o| !self.has(o))
                .collect();
            let returned = calls.returned(module, op);
            if missing.is_empty()
                && let Some(exits) = &returned
                && entered_calls.insert(op)
            {
                missing.extend(
                    exits
                        .iter()
                        .flat_map(|e| e.iter())
                        .copied()
                        .filter(|&v| !self.has(v)),
                );
            }
            if missing.is_empty() || steps > MAX_STEPS || stack.len() > MAX_STEPS {
                // Past the bound, the operands are named as they are.
                stack.pop();
                match (returned, calls.callee(op)) {
                    (Some(exits), Some(callee)) => {
                        self.visit_call(ctx, module, op, callee, &exits);
                    }
                    _ => self.visit(ctx, module, op),
                }
            } else {
                stack.extend(missing);
            }
        }
        self.calls = Some(calls);
    }

    /// The call sites of the module's private functions (found now if not yet),
    /// taken out while [`ShapeAnalysis::ensure`] borrows the analysis.
    fn take_calls(&mut self, ctx: &Context, module: &Module) -> CallSites {
        match self.calls.take() {
            Some(c) => c,
            None => module
                .top()
                .map(|top| CallSites::of(ctx, module, top))
                .unwrap_or_default(),
        }
    }

    /// What every value in `passed` has alike: the facts of a function argument
    /// that each call passes one of them for. A value not known (on a cycle of
    /// calls) has nothing alike.
    fn agreed(&self, passed: &[Value]) -> Facts {
        let Some((first, rest)) = passed.split_first() else {
            return Facts::default();
        };
        let Some(first) = self.facts(*first) else {
            return Facts::default();
        };
        let mut alike = first.clone();
        for v in rest {
            let Some(f) = self.facts(*v) else {
                return Facts::default();
            };
            if alike.dims != f.dims {
                alike.dims = None;
            }
            if alike.entries != f.entries {
                alike.entries = None;
            }
            if alike.whole != f.whole {
                alike.whole = None;
            }
            if alike.holds != f.holds {
                alike.holds = None;
            }
        }
        alike
    }

    /// The size algebra the facts are written in.
    #[must_use]
    pub fn sizes(&self) -> &SizeTable {
        &self.sizes
    }

    /// What the analysis found for `v`, if it reached it.
    #[must_use]
    pub fn facts(&self, v: Value) -> Option<&Facts> {
        self.facts.get(v.index())?.as_ref()
    }

    fn has(&self, v: Value) -> bool {
        self.facts(v).is_some()
    }

    fn set(&mut self, v: Value, facts: Facts) {
        let i = v.index();
        if self.facts.len() <= i {
            self.facts.resize_with(i + 1, || None);
        }
        self.facts[i] = Some(facts);
    }

    /// The name of the whole shape of `v`, made on first use, if the analysis
    /// reached `v`.
    pub fn whole_of(&mut self, v: Value) -> Option<SizeId> {
        if let Some(w) = self.facts(v)?.whole {
            return Some(w);
        }
        let w = self.symbol(Origin::Whole(v));
        self.facts.get_mut(v.index())?.as_mut()?.whole = Some(w);
        Some(w)
    }

    /// The name of the whole shape the shape value `v` holds, made on first
    /// use, if the analysis reached `v`.
    pub fn holds_of(&mut self, v: Value) -> Option<SizeId> {
        if let Some(h) = self.facts(v)?.holds {
            return Some(h);
        }
        let h = self.symbol(Origin::Whole(v));
        self.facts.get_mut(v.index())?.as_mut()?.holds = Some(h);
        Some(h)
    }

    /// The sizes of `v`'s dims, if it is a ranked tensor the analysis reached.
    #[must_use]
    pub fn dims(&self, v: Value) -> Option<&[SizeId]> {
        self.facts(v)?.dims.as_deref()
    }

    /// The size of dim `i` of the tensor `v`, or of entry `i` of the shape `v`.
    #[must_use]
    pub fn size_of(&self, v: Value, i: usize) -> Option<SizeId> {
        let facts = self.facts(v)?;
        facts
            .dims
            .as_ref()
            .or(facts.entries.as_ref())?
            .get(i)
            .copied()
    }

    /// The first tensor dim (in program order) found to have size `id`.
    #[must_use]
    pub fn representative(&self, id: SizeId) -> Option<(Value, usize)> {
        let (v, i) = (*self.representatives.get(SizeTable::index(id))?)?;
        Some((v, i as usize))
    }

    /// Where symbol `symbol` comes from.
    #[must_use]
    pub fn origin(&self, symbol: u32) -> Origin {
        self.origins
            .get(symbol as usize)
            .copied()
            .unwrap_or(Origin::Algebra)
    }

    fn visit(&mut self, ctx: &Context, module: &Module, op: OpId) {
        let name = module.op(op).name();
        // The Broadcastable trait is a declaration too: an op with it and no
        // transfer of its own (another dialect's) joins as its policy says.
        let declared = ctx
            .interface::<ShapeTransfer>(name)
            .map(|t| t.transfer)
            .or_else(|| {
                ctx.op_def(name)
                    .and_then(crate::policy_of)
                    .map(|_| broadcast_transfer as TransferFn)
            });
        let mut given = match declared {
            Some(transfer) => transfer(
                &mut Transfer {
                    ctx,
                    module,
                    analysis: self,
                },
                op,
            ),
            None => SmallVec::new(),
        };
        self.assign(ctx, module, op, &mut given);
    }

    /// Gives `op`'s results the facts in `given` (what their types say where it
    /// has none).
    fn assign(&mut self, ctx: &Context, module: &Module, op: OpId, given: &mut [Facts]) {
        for (i, v) in module.results(op).enumerate() {
            // A use seen before this definition (a graph region) already named
            // the value: keep that name, so every reader agrees.
            if self.has(v) {
                continue;
            }
            let facts = given.get_mut(i).map(std::mem::take).unwrap_or_default();
            let facts = self.settle(ctx, module, v, facts);
            self.set(v, facts);
        }
    }

    /// Records `v`'s dims as representatives of their sizes where none is yet.
    fn represent(&mut self, v: Value, dims: &[SizeId]) {
        for (i, &d) in dims.iter().enumerate() {
            let at = SizeTable::index(d);
            if self.representatives.len() <= at {
                self.representatives.resize(at + 1, None);
            }
            if self.representatives[at].is_none() {
                self.representatives[at] = Some((v, u32::try_from(i).unwrap_or(u32::MAX)));
            }
        }
    }

    /// The facts of `v`, made from its type on first sight.
    fn known(&mut self, ctx: &Context, module: &Module, v: Value) -> &Facts {
        // An argument of a function whose calls are all known has their sizes:
        // worked out from the call sites' operands, which the walk may not
        // have reached yet.
        if !self.has(v) && self.calls.as_ref().is_some_and(|c| c.argument(v).is_some()) {
            self.ensure(ctx, module, v);
        }
        if !self.has(v) {
            let facts = self.settle(ctx, module, v, Facts::default());
            self.set(v, facts);
        }
        match self.facts.get(v.index()) {
            Some(Some(f)) => f,
            // `set` just filled the slot.
            _ => unreachable!("the facts of a settled value"),
        }
    }

    /// `given` checked against `v`'s type: a static size wins, a missing or
    /// misshapen one is a symbol of its own.
    fn settle(&mut self, ctx: &Context, module: &Module, v: Value, given: Facts) -> Facts {
        let (declared, holds_sizes) = match ctx.type_kind(module.value_type(v)) {
            TypeKind::Tensor { dims, elem, .. } => (
                Some(dims.iter().copied().collect::<SmallVec<[i64; 4]>>()),
                matches!(ctx.type_kind(*elem), TypeKind::Index),
            ),
            _ => (None, false),
        };
        // A tensor of unknown rank is known by its whole shape; others get
        // one only when asked (`whole_of`).
        let whole = match given.whole {
            Some(w) => Some(w),
            None if matches!(
                ctx.type_kind(module.value_type(v)),
                TypeKind::UnrankedTensor { .. }
            ) =>
            {
                Some(self.symbol(Origin::Whole(v)))
            }
            None => None,
        };
        let dims: Option<Sizes> = declared.as_ref().map(|declared| {
            let given = given.dims.filter(|g| g.len() == declared.len());
            declared
                .iter()
                .enumerate()
                .map(|(i, &d)| match (d, &given) {
                    (DYNAMIC, Some(g)) => g[i],
                    (DYNAMIC, None) => self.dynamic_dim(ctx, module, v, i),
                    (d, _) => self.sizes.constant(d),
                })
                .collect()
        });
        // A shape's length is its type's only dim.
        let entries = match (&declared, given.entries) {
            // A rank-0 tensor of `index` holds one size, like an `index`.
            (Some(d), Some(e)) if d.is_empty() && e.len() == 1 => Some(e),
            (Some(d), Some(e))
                if d.len() == 1
                    && (d[0] == DYNAMIC || usize::try_from(d[0]).ok() == Some(e.len())) =>
            {
                Some(e)
            }
            (None, Some(e)) if e.len() == 1 => Some(e),
            // A shape nothing computes (an argument) holds sizes of its own.
            (Some(d), None) if holds_sizes && d.len() == 1 => match usize::try_from(d[0]) {
                Ok(n) if n <= MAX_ENTRIES => {
                    Some((0..n).map(|i| self.symbol(Origin::Entry(v, i))).collect())
                }
                _ => None,
            },
            _ => None,
        };
        if let Some(d) = &dims {
            self.represent(v, d);
        }
        Facts {
            dims,
            entries,
            whole,
            holds: given.holds,
        }
    }

    fn symbol(&mut self, origin: Origin) -> SizeId {
        let (id, n) = self.sizes.symbol();
        let n = n as usize;
        if self.origins.len() <= n {
            self.origins.resize(n + 1, Origin::Algebra);
        }
        self.origins[n] = origin;
        id
    }
}
