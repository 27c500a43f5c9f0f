//! The greedy pattern driver, as upstream's `applyPatternsGreedily`: a worklist of
//! ops, kept current through the builder's [`Listener`], on which dead ops are
//! erased, ops are folded and patterns applied until nothing changes.
//!
//! Each iteration:
//! 1. fills the worklist with every op under the root (pre-order when top-down,
//!    post-order otherwise) and, on the way, uniques constants per insertion region
//!    (the entry block of the closest isolated region), hoisting them to its front;
//! 2. pops ops until the worklist is empty: a trivially dead op is erased; an op
//!    that folds is replaced by the folded values (constants are materialized right
//!    before it through its dialect's [`ConstantMaterializer`]); otherwise the first
//!    matching pattern, by benefit, rewrites it. Created and modified ops, users of
//!    replaced values and defining ops of operands that lost a use re-enter the
//!    worklist; erased ops leave it;
//! 3. erases unreachable blocks.
//!
//! It stops when an iteration changes nothing (converged) or after
//! [`GreedyConfig::max_iterations`].

use super::fold::{
    ConstantLike, ConstantMaterializer, Fold, FoldFn, FoldResult, LocalRewrites, MaterializeFn,
};
use super::pattern::FrozenPatternSet;
use super::stamps::Stamps;
use super::{RewriteError, erase_unreachable_blocks, might_be_isolated};
use crate::builder::{Builder, Listener};
use crate::module::{BlockId, Module, OpId, RegionId, Value, ValueDef};
use crate::{Attribute, Context, OpTrait, Type};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// How the greedy driver runs.
#[derive(Clone, Copy, Debug)]
pub struct GreedyConfig {
    /// Iterations before giving up on convergence (upstream's default is 10).
    pub max_iterations: u32,
    /// Fill the worklist in pre-order (as `--canonicalize` does) rather than
    /// post-order.
    pub top_down: bool,
    /// Fold ops with their [`Fold`] hooks.
    pub fold: bool,
    /// Unique and hoist constants while filling the worklist.
    pub cse_constants: bool,
    /// Erase unreachable blocks after each iteration.
    pub region_simplification: bool,
    /// Erase trivially dead ops (upstream always does; a pass that only rewrites
    /// certain ops, such as a lowering, may leave the rest of the program alone).
    pub erase_dead_ops: bool,
    /// Stop an iteration after this many pattern rewrites (`None`: no bound).
    pub max_rewrites: Option<u64>,
    /// Which ops the driver visits (upstream's `GreedyRewriteStrictness`).
    pub strictness: Strictness,
    /// In iterations after the first, skip the ops whose kind has
    /// [`LocalRewrites`] and whose cone (the op and the ops defining its operands,
    /// transitively) did not change since a visit last left them unchanged: their
    /// fold and patterns would fail again. Only for a pattern set whose patterns
    /// for such ops keep that promise too (as canonicalization patterns do); the
    /// result is the same as without skipping. Off without [`LocalRewrites`]
    /// kinds, and when the set has patterns for any op.
    pub skip_unchanged: bool,
}

/// Which ops the greedy driver visits, as upstream's `GreedyRewriteStrictness`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Strictness {
    /// Every op under the root, including those that rewrites create.
    #[default]
    AnyOp,
    /// Only ops that existed when the driver started: a pass that rewrites each op
    /// once into ops it needs not revisit (a lowering) skips its own output.
    ExistingOps,
}

impl Default for GreedyConfig {
    fn default() -> Self {
        GreedyConfig {
            max_iterations: 10,
            top_down: true,
            fold: true,
            cse_constants: true,
            region_simplification: true,
            erase_dead_ops: true,
            max_rewrites: None,
            strictness: Strictness::AnyOp,
            skip_unchanged: false,
        }
    }
}

/// What a greedy rewrite did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GreedyOutcome {
    /// The last iteration changed nothing.
    pub converged: bool,
    /// Anything changed.
    pub changed: bool,
    /// Iterations run.
    pub iterations: u32,
    /// Ops replaced by their folded values.
    pub folded: u64,
    /// Pattern rewrites.
    pub rewrites: u64,
    /// Trivially dead ops erased.
    pub erased: u64,
    /// Constants replaced by an equal one of the same region.
    pub constants_merged: u64,
    /// Unreachable blocks erased.
    pub blocks_erased: u64,
    /// What patterns reported (errors they proved in the program, say), in order;
    /// a diagnostic reported again in a later iteration is kept once.
    pub diagnostics: crate::diag::Diagnostics,
}

/// Applies `patterns` and folding to every op nested under `root` (not `root`
/// itself) until a fixpoint or the iteration bound.
///
/// # Errors
/// An edit a pattern made that the module refused, or a fold that returned the
/// wrong number or types of values (bugs in a pattern or a fold hook). The IR may
/// be partly rewritten.
pub fn apply_patterns_greedily(
    ctx: &mut Context,
    module: &mut Module,
    root: OpId,
    patterns: &FrozenPatternSet,
    config: &GreedyConfig,
) -> Result<GreedyOutcome, RewriteError> {
    let tables = Tables::new(ctx);
    let mut state = State::default();
    if config.strictness == Strictness::ExistingOps {
        // Ids are never reused: an op created from here on has a larger one.
        state.new_ops_from = Some(module.num_ops());
    }
    state.stamps.enabled =
        config.skip_unchanged && tables.local.contains(&true) && !patterns.has_any_op_patterns();
    let mut outcome = GreedyOutcome::default();
    loop {
        if outcome.iterations >= config.max_iterations {
            break;
        }
        outcome.iterations += 1;
        state.worklist.clear();
        state.folder = ConstantFolder::default();
        // Uniquing constants changes the IR but, as upstream, calls for no new
        // iteration by itself.
        outcome.changed |= populate(ctx, module, root, config, &tables, &mut state, &mut outcome);
        let mut changed = process(
            ctx,
            module,
            patterns,
            config,
            &tables,
            &mut state,
            &mut outcome,
        )?;
        // Only a region of several blocks can have an unreachable one: skip the
        // walk when none had several and no block was inserted since.
        if config.region_simplification
            && (state.multi_block || module.blocks_inserted() != state.blocks_inserted)
        {
            let erased = erase_unreachable_blocks(module, root)
                .map_err(|e| RewriteError::edit(ctx, module, root, e))?;
            outcome.blocks_erased += erased as u64;
            changed |= erased > 0;
        }
        outcome.changed |= changed;
        if !changed {
            outcome.converged = true;
            break;
        }
    }
    outcome.diagnostics = std::mem::take(&mut state.reports);
    Ok(outcome)
}

/// A [`ConstantLike`] hook.
type ConstantFn = fn(&Context, &Module, OpId) -> Option<Attribute>;

/// Per op kind: the hooks, looked up once rather than per op.
struct Tables {
    /// `Pure` and not a terminator: erasable once unused (see
    /// [`is_trivially_dead`](super::fold::is_trivially_dead)).
    erasable: Vec<bool>,
    fold: Vec<Option<FoldFn>>,
    constant: Vec<Option<ConstantFn>>,
    materialize: Vec<Option<MaterializeFn>>,
    dialect: Vec<&'static str>,
    /// The kind has [`LocalRewrites`].
    local: Vec<bool>,
}

impl Tables {
    fn new(ctx: &Context) -> Self {
        let mut t = Tables {
            erasable: Vec::new(),
            fold: Vec::new(),
            constant: Vec::new(),
            materialize: Vec::new(),
            dialect: Vec::new(),
            local: Vec::new(),
        };
        for (kind, def) in ctx.registered_ops() {
            let dialect = def.name.split_once('.').map_or(def.name, |(d, _)| d);
            t.erasable
                .push(def.has_trait(OpTrait::Pure) && !def.has_trait(OpTrait::Terminator));
            t.fold
                .push(ctx.interface_of_kind::<Fold>(kind).map(|f| f.0));
            t.constant
                .push(ctx.interface_of_kind::<ConstantLike>(kind).map(|f| f.0));
            t.materialize.push(
                ctx.dialect_interface::<ConstantMaterializer>(dialect)
                    .map(|m| m.0),
            );
            t.dialect.push(dialect);
            t.local
                .push(ctx.interface_of_kind::<LocalRewrites>(kind).is_some());
        }
        t
    }

    fn kind(ctx: &Context, module: &Module, op: OpId) -> Option<usize> {
        ctx.op_kind(module.op(op).name()).map(crate::OpKind::index)
    }

    /// The value of a constant op.
    fn constant(&self, ctx: &Context, module: &Module, op: OpId) -> Option<Attribute> {
        let f = self
            .constant
            .get(Self::kind(ctx, module, op)?)
            .copied()
            .flatten()?;
        f(ctx, module, op)
    }

    /// The constant value of `v`, if a constant op defines it.
    fn value(&self, ctx: &Context, module: &Module, v: Value) -> Option<Attribute> {
        match module.value(v).def() {
            ValueDef::Result { op, .. } => self.constant(ctx, module, op),
            _ => None,
        }
    }
}

/// Ops to visit, last in first out; each op at most once.
#[derive(Default)]
struct Worklist {
    list: Vec<OpId>,
    /// By op index: whether the op is in `list` (entries of removed ops stay in
    /// `list`, unmarked, and are skipped).
    member: Vec<bool>,
}

impl Worklist {
    fn push(&mut self, op: OpId) {
        let i = op.index();
        if i >= self.member.len() {
            self.member.resize(i + 1, false);
        }
        if !self.member[i] {
            self.member[i] = true;
            self.list.push(op);
        }
    }

    fn pop(&mut self) -> Option<OpId> {
        while let Some(op) = self.list.pop() {
            if let Some(m) = self.member.get_mut(op.index())
                && *m
            {
                *m = false;
                return Some(op);
            }
        }
        None
    }

    fn remove(&mut self, op: OpId) {
        if let Some(m) = self.member.get_mut(op.index()) {
            *m = false;
        }
    }

    fn clear(&mut self) {
        for op in self.list.drain(..) {
            if let Some(m) = self.member.get_mut(op.index()) {
                *m = false;
            }
        }
    }
}

/// The constants uniqued in this iteration: by insertion region, dialect, value
/// and type (upstream's `OperationFolder`).
type ConstantKey = (RegionId, &'static str, Attribute, Type);

#[derive(Default)]
struct ConstantFolder {
    by_key: FxHashMap<ConstantKey, OpId>,
    owned: FxHashMap<OpId, ConstantKey>,
}

/// The driver's listener: the worklist and the constant folder.
#[derive(Default)]
struct State {
    worklist: Worklist,
    folder: ConstantFolder,
    reports: crate::diag::Diagnostics,
    /// What `reports` holds (severity, location, message): each iteration revisits
    /// every op, and a pattern that proves an error reports it again each time.
    reported: rustc_hash::FxHashSet<(crate::diag::Severity, crate::Location, String)>,
    /// Under [`Strictness::ExistingOps`], the first id of an op the driver did not
    /// start with: such ops are not visited.
    new_ops_from: Option<usize>,
    /// When the worklist was filled: whether a region under the root had several
    /// blocks, and [`Module::blocks_inserted`].
    multi_block: bool,
    blocks_inserted: u64,
    /// Which ops a later iteration may skip.
    stamps: Stamps,
}

impl State {
    /// Queues `op` unless the strictness leaves it out.
    fn visit(&mut self, op: OpId) {
        if self.new_ops_from.is_none_or(|first| op.index() < first) {
            self.worklist.push(op);
        }
    }
}

impl Listener for State {
    fn op_inserted(&mut self, _: &Module, op: OpId) {
        self.stamps.changed(op);
        self.visit(op);
    }

    fn op_modified(&mut self, _: &Module, op: OpId) {
        self.stamps.changed(op);
        self.visit(op);
    }

    fn op_erased(&mut self, module: &Module, op: OpId) {
        // A defining op whose value loses its last (or next to last) use may now be
        // dead or simpler: upstream revisits those. `op`'s own use still counts here.
        for &v in module.operands(op) {
            if let ValueDef::Result { op: def, .. } = module.value(v).def()
                && module.uses(v).nth(1).is_none()
                && !module.op(def).is_erased()
            {
                self.visit(def);
            }
        }
        self.worklist.remove(op);
        if let Some(key) = self.folder.owned.remove(&op) {
            self.folder.by_key.remove(&key);
        }
    }

    fn diagnostic(&mut self, diagnostic: crate::diag::Diagnostic) {
        let key = (
            diagnostic.severity,
            diagnostic.location,
            diagnostic.message.clone(),
        );
        if self.reported.insert(key) {
            self.reports.push(diagnostic);
        }
    }
}

/// Fills the worklist, uniquing constants on the way; returns whether a constant
/// moved or was merged.
fn populate(
    ctx: &Context,
    module: &mut Module,
    root: OpId,
    config: &GreedyConfig,
    tables: &Tables,
    state: &mut State,
    outcome: &mut GreedyOutcome,
) -> bool {
    let mut changed = false;
    let ops = if config.top_down {
        module.collect_ops(root)
    } else {
        post_order(module, root)
    };
    state.blocks_inserted = module.blocks_inserted();
    state.multi_block = false;
    state.stamps.begin_fill(outcome.iterations);
    let merged_before = outcome.constants_merged;
    for op in ops {
        state.multi_block |= module
            .op(op)
            .regions()
            .iter()
            .any(|&r| module.region(r).blocks().len() > 1);
        let created = state.new_ops_from.is_some_and(|first| op.index() >= first);
        if op == root || module.op(op).is_erased() || created {
            continue;
        }
        if config.cse_constants
            && let Some(value) = tables.constant(ctx, module, op)
        {
            match insert_known_constant(ctx, module, tables, state, op, value) {
                Known::Merged => {
                    outcome.constants_merged += 1;
                    changed = true;
                    continue;
                }
                Known::Kept { moved } => changed |= moved,
            }
        }
        state.stamps.fill(module, op);
        state.worklist.push(op);
    }
    state
        .stamps
        .end_fill(outcome.constants_merged != merged_before);
    if config.top_down {
        // Pop order is then program order.
        state.worklist.list.reverse();
    }
    changed
}

/// What uniquing did with a constant.
enum Known {
    /// It is the region's constant of its value (`moved` to the front, maybe).
    Kept { moved: bool },
    /// It was replaced by an equal constant and erased.
    Merged,
}

/// Ops under `root` (included), nested ops before their parent, without recursion.
fn post_order(module: &Module, root: OpId) -> Vec<OpId> {
    // A pre-order that visits children last-to-first, reversed, is a post-order.
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(op) = stack.pop() {
        out.push(op);
        for &r in module.op(op).regions() {
            for &b in module.region(r).blocks() {
                stack.extend(module.block_ops(b));
            }
        }
    }
    out.reverse();
    out
}

/// The region whose entry block receives constants used in `block`: the closest
/// enclosing region of an op that is (or, unregistered, may be) isolated from above,
/// or of the top op.
fn insertion_region(ctx: &Context, module: &Module, mut block: BlockId) -> Option<RegionId> {
    loop {
        let region = module.block(block).parent()?;
        let Some(parent) = module.region(region).parent() else {
            return Some(region);
        };
        match module.op(parent).parent() {
            Some(b) if !might_be_isolated(ctx, module, parent) => block = b,
            _ => return Some(region),
        }
    }
}

/// Uniques the constant `op` in its insertion region and hoists it to the front of
/// that region's entry block, as upstream's `OperationFolder::insertKnownConstant`.
fn insert_known_constant(
    ctx: &Context,
    module: &mut Module,
    tables: &Tables,
    state: &mut State,
    op: OpId,
    value: Attribute,
) -> Known {
    let unmoved = Known::Kept { moved: false };
    let Some(block) = module.op(op).parent() else {
        return unmoved;
    };
    let owned =
        |state: &State, o: Option<OpId>| o.is_some_and(|o| state.folder.owned.contains_key(&o));
    if state.folder.owned.contains_key(&op) {
        // Already uniqued: only re-hoist it if something was inserted before it.
        if let Some(front) = module.block(block).first_op()
            && front != op
            && !owned(state, module.prev_op(op))
        {
            return Known::Kept {
                moved: module.move_op_before(op, front).is_ok(),
            };
        }
        return unmoved;
    }
    let (Some(region), Some(kind), Some(ty)) = (
        insertion_region(ctx, module, block),
        Tables::kind(ctx, module, op),
        module.try_result(op, 0).map(|v| module.value_type(v)),
    ) else {
        return unmoved;
    };
    if module.num_results(op) != 1 {
        return unmoved;
    }
    let key = (region, tables.dialect[kind], value, ty);
    if let Some(&existing) = state.folder.by_key.get(&key) {
        let v = module.result(existing, 0);
        return if module.replace_op(op, &[v]).is_ok() {
            Known::Merged
        } else {
            unmoved
        };
    }
    let Some(entry) = module.region(region).entry() else {
        return unmoved;
    };
    let entry_front = module.block(entry).first_op();
    let in_place = block == entry && (entry_front == Some(op) || owned(state, module.prev_op(op)));
    let mut moved = false;
    if !in_place && let Some(f) = entry_front {
        moved = module.move_op_before(op, f).is_ok();
    }
    state.folder.by_key.insert(key, op);
    state.folder.owned.insert(op, key);
    Known::Kept { moved }
}

/// Processes the worklist; returns whether anything changed.
fn process(
    ctx: &mut Context,
    module: &mut Module,
    patterns: &FrozenPatternSet,
    config: &GreedyConfig,
    tables: &Tables,
    state: &mut State,
    outcome: &mut GreedyOutcome,
) -> Result<bool, RewriteError> {
    let mut changed = false;
    let mut rewrites = 0u64;
    while let Some(op) = state.worklist.pop() {
        if config.max_rewrites.is_some_and(|max| rewrites >= max) {
            // Leave the op for a later iteration (the result is then not converged).
            state.worklist.push(op);
            changed = true;
            break;
        }
        if module.op(op).is_erased() || module.op(op).parent().is_none() {
            continue;
        }
        let kind = Tables::kind(ctx, module, op);
        // As `is_trivially_dead`, with the traits looked up by kind.
        if config.erase_dead_ops
            && kind.is_some_and(|k| tables.erasable[k])
            && module.op(op).regions().is_empty()
            && module.results_unused(op)
        {
            let erased = Builder::with_listener(ctx, module, state).erase_op(op);
            erased.map_err(|e| RewriteError::edit(ctx, module, op, e))?;
            outcome.erased += 1;
            changed = true;
            continue;
        }
        if kind.is_some_and(|k| tables.local[k]) && state.stamps.skippable(op) {
            continue;
        }
        let is_constant = kind.is_some_and(|k| tables.constant[k].is_some());
        if config.fold
            && !is_constant
            && let Some(f) = kind.and_then(|k| tables.fold[k])
            && try_fold(ctx, module, tables, state, op, f)?
        {
            outcome.folded += 1;
            changed = true;
            continue;
        }
        let name = module.op(op).name();
        let candidates = patterns.for_kind(ctx.op_kind(name), name);
        if candidates.len() == 0 {
            state.stamps.visited(op);
            continue;
        }
        // One rewriter for every pattern tried on the op.
        let mut b = Builder::with_listener(ctx, module, state);
        let mut applied = false;
        for pattern in candidates {
            b.set_insertion_point_before(op);
            let done = pattern.match_and_rewrite(op, &mut b);
            applied = done.map_err(|e| RewriteError::edit(b.ctx, b.module, op, e))?;
            if applied {
                break;
            }
        }
        if applied {
            outcome.rewrites += 1;
            rewrites += 1;
            changed = true;
            // It may still be there, and match again.
            state.stamps.changed(op);
        } else {
            state.stamps.visited(op);
        }
    }
    Ok(changed)
}

/// Folds `op` and replaces it by the folded values; returns whether it did.
fn try_fold(
    ctx: &mut Context,
    module: &mut Module,
    tables: &Tables,
    state: &mut State,
    op: OpId,
    fold: FoldFn,
) -> Result<bool, RewriteError> {
    let operands: SmallVec<[Option<Attribute>; 4]> = module
        .operands(op)
        .iter()
        .map(|&v| tables.value(ctx, module, v))
        .collect();
    let Some(results) = fold(ctx, module, op, &operands) else {
        return Ok(false);
    };
    let n = module.num_results(op);
    if results.len() != n {
        return Err(RewriteError::at(
            ctx,
            module,
            op,
            format!("folded to {} values for {n} results", results.len()),
        ));
    }
    // Nothing to replace (no results, or a fold to the op's own results).
    let own =
        |r: &FoldResult| matches!(r, FoldResult::Value(v) if module.results(op).any(|x| x == *v));
    if n == 0 || results.iter().any(own) {
        return Ok(false);
    }
    let kind = Tables::kind(ctx, module, op);
    let materialize = kind.and_then(|k| tables.materialize[k]);
    let location = module.op(op).location();
    let mut values: SmallVec<[Value; 1]> = SmallVec::new();
    let mut created: SmallVec<[OpId; 1]> = SmallVec::new();
    for (i, r) in results.iter().enumerate() {
        let ty = module.value_type(module.result(op, i));
        let value = match *r {
            FoldResult::Value(v) => {
                if module.value_type(v) != ty {
                    return Err(RewriteError::at(
                        ctx,
                        module,
                        op,
                        format!("folded result #{i} to a value of another type"),
                    ));
                }
                v
            }
            FoldResult::Attribute(a) => {
                let made = materialize.and_then(|m| {
                    let mut b = Builder::with_listener(ctx, module, state);
                    b.set_insertion_point_before(op);
                    m(&mut b, a, ty, location)
                });
                let Some(c) = made else {
                    // The dialect cannot express this constant: undo, and do not fold.
                    for c in created {
                        let erased = Builder::with_listener(ctx, module, state).erase_op(c);
                        erased.map_err(|e| RewriteError::edit(ctx, module, op, e))?;
                    }
                    return Ok(false);
                };
                created.push(c);
                match module.try_result(c, 0) {
                    Some(v)
                        if module.value_type(v) == ty
                            && tables.constant(ctx, module, c).is_some() =>
                    {
                        v
                    }
                    _ => {
                        return Err(RewriteError::at(
                            ctx,
                            module,
                            op,
                            format!(
                                "the constant materialized for result #{i} is not a constant of its type"
                            ),
                        ));
                    }
                }
            }
        };
        values.push(value);
    }
    let replaced = Builder::with_listener(ctx, module, state).replace_op(op, &values);
    replaced.map_err(|e| RewriteError::edit(ctx, module, op, e))?;
    Ok(true)
}
