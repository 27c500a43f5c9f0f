//! The generic verifier: registration, traits, terminators, dominance, isolation,
//! symbol tables and symbol uses, and each op's own verifier. It reports every
//! failing op instead of stopping at the first.

use crate::Context;
use crate::diag::{Diagnostic, Diagnostics, codes, suggest};
use crate::dominance::DomTree;
use crate::module::{BlockId, Changes, Module, OpId, RegionId, ValueDef};
use crate::print::op_to_generic_string;
use crate::registry::OpTrait;
use crate::symbol_table::{self, SymbolTableCollection};
use rustc_hash::FxHashMap;

/// The verifier of an external trait ([`crate::registry::ExternalTrait`]): how trait
/// crates such as `broadcastable-ir` attach verification without the core depending
/// on them. Verification runs on several threads; each starts its own [`TraitCheck`]
/// (which may keep a memo).
pub trait TraitVerifier: Send + Sync {
    /// A checker for one thread of one verification run.
    fn begin(&self) -> Box<dyn TraitCheck + '_>;
}

/// Checks ops that have one external trait.
pub trait TraitCheck {
    /// Checks `op`, whose definition lists the trait with parameter `param`.
    ///
    /// # Errors
    /// The diagnostic for the op.
    fn check(
        &mut self,
        ctx: &Context,
        module: &Module,
        op: OpId,
        param: &'static (dyn std::any::Any + Send + Sync),
    ) -> Result<(), Diagnostic>;
}

/// Verifies every op under the module's top op; all diagnostics are returned.
pub fn verify_module(ctx: &Context, module: &Module) -> Diagnostics {
    let mut diags = Diagnostics::default();
    verify_module_each(ctx, module, &mut |d| diags.push(d));
    diags
}

/// [`verify_module`] handing each diagnostic to `report` in op order as soon as it
/// is found, so a caller that writes them out holds one at a time: the notes of a
/// failing op with regions print its whole tree, and nested failing ops would
/// otherwise hold the tree once per level until the end.
pub fn verify_module_each(ctx: &Context, module: &Module, report: &mut dyn FnMut(Diagnostic)) {
    if let Some(top) = module.top() {
        Verifier::new(ctx, module).run(top, None, report);
    }
}

/// Verifies what `changes` says edits may have invalidated, in a module that
/// verified before them: the same diagnostics as [`verify_module`] for those ops
/// (and the isolated ops they sit in when they read values from outside), at a
/// fraction of the cost when a pass touched few ops. Global changes verify every op.
pub fn verify_changed(ctx: &Context, module: &Module, changes: &Changes) -> Diagnostics {
    if changes.is_global() {
        return verify_module(ctx, module);
    }
    let mut diags = Diagnostics::default();
    if let Some(top) = module.top() {
        Verifier::new(ctx, module).run(top, Some(changes.ops()), &mut |d| diags.push(d));
    }
    diags
}

mod changed;
mod dominance;
mod errors;
pub use errors::{ArgAttrVerifier, missing_attribute, op_error, with_current_op};

struct Verifier<'a> {
    ctx: &'a Context,
    module: &'a Module,
    /// The op whose tree is verified (set by [`Verifier::run`]).
    top: Option<OpId>,
    /// Each op's position in its block, by arena index (`u32::MAX` where not indexed:
    /// after a pass, only the blocks holding changed ops and their ancestors are).
    positions: Vec<u32>,
    /// Dominator trees of the multi-block regions (of the indexed blocks).
    dom_trees: FxHashMap<RegionId, DomTree>,
    /// Whether each block, by arena index, is reachable from the top op:
    /// [`UNKNOWN`], [`IN_TREE`] or [`OUT_OF_TREE`].
    tree_blocks: Vec<u8>,
    /// True when the whole tree was walked: a block not marked in `tree_blocks`
    /// is out of it. Otherwise an unknown block's ancestors are climbed.
    complete: bool,
    /// Every symbol table of the tree, built once for all symbol-use checks, when
    /// the first op that needs one is checked (after a pass, usually none is).
    symbols: std::sync::OnceLock<SymbolTableCollection>,
    /// The ops of the tree in pre-order, which the symbol tables are built from
    /// (`None`: walked when they are needed).
    walked: Option<Vec<OpId>>,
    /// Blocks some op of the module branches to, by arena index (when complete).
    branched_to: Vec<bool>,
}

/// Tree membership of a block not worked out yet.
const UNKNOWN: u8 = 0;
/// A block reachable from the top op.
const IN_TREE: u8 = 1;
/// A block that is not.
const OUT_OF_TREE: u8 = 2;

/// Below this many ops, verifying on one thread is faster than starting others.
const PARALLEL_MIN_OPS: usize = 16_384;

/// The stack of a verification thread: that of a main thread.
const WORKER_STACK: usize = 8 << 20;

impl<'a> Verifier<'a> {
    fn new(ctx: &'a Context, module: &'a Module) -> Self {
        Verifier {
            ctx,
            module,
            top: None,
            positions: vec![u32::MAX; module.num_ops()],
            dom_trees: FxHashMap::default(),
            tree_blocks: vec![UNKNOWN; module.num_blocks()],
            complete: false,
            symbols: std::sync::OnceLock::new(),
            walked: None,
            branched_to: vec![false; module.num_blocks()],
        }
    }

    /// Indexes the whole tree under `top` (positions, tree blocks, branch targets,
    /// dominator trees) and returns its ops in pre-order.
    fn index_all(&mut self, top: OpId) -> Vec<OpId> {
        let module = self.module;
        let mut all = Vec::with_capacity(module.num_ops());
        module.walk(top, |op| all.push(op));
        for &op in &all {
            for &s in module.op(op).successors() {
                self.branched_to[s.index()] = true;
            }
            for &r in module.op(op).regions() {
                let blocks = module.region(r).blocks();
                for &b in blocks {
                    self.tree_blocks[b.index()] = IN_TREE;
                    for (i, o) in module.block_ops(b).enumerate() {
                        self.positions[o.index()] = u32::try_from(i).unwrap_or(u32::MAX);
                    }
                }
                if blocks.len() > 1 {
                    self.dom_trees.insert(r, DomTree::new(module, r));
                }
            }
        }
        self.complete = true;
        all
    }

    /// Verifies the ops under `top`, or of them only those in `only`.
    fn run(&mut self, top: OpId, only: Option<&[OpId]>, report: &mut dyn FnMut(Diagnostic)) {
        let module = self.module;
        self.top = Some(top);
        // After a pass, only the blocks holding the changed ops are indexed, when
        // that is enough (`index_changed`); otherwise the whole tree is.
        let all = match only.and_then(|only| self.index_changed(top, only)) {
            Some(changed) => changed,
            None => {
                let all = self.index_all(top);
                match only {
                    Some(only) => {
                        let changed = self.changed_ops(&all, only);
                        self.walked = Some(all);
                        changed
                    }
                    None => {
                        // Every op is checked, the module's symbol table among them.
                        self.symbols =
                            SymbolTableCollection::build_for(self.ctx, module, &all).into();
                        all
                    }
                }
            }
        };
        // Ops are checked independently (read-only), so large modules are split into
        // contiguous chunks verified on several threads, as upstream verifies in
        // parallel. Each thread has its own broadcast memo. Diagnostics are handed
        // to `report` one at a time, in op order.
        let this = &*self;
        let checks = || -> Vec<(&'static str, Box<dyn TraitCheck + '_>)> {
            this.ctx
                .trait_verifiers()
                .iter()
                .map(|(key, v)| (*key, v.begin()))
                .collect()
        };
        let threads = if all.len() < PARALLEL_MIN_OPS {
            1
        } else {
            std::thread::available_parallelism()
                .map_or(1, |n| n.get())
                .min(8)
        };
        // Each failing op's note names the values of its isolated ancestor,
        // which is named once per thread, not once per failing op.
        // Verifies `ops` in order on this thread, reporting each diagnostic.
        let verify_in_order = |ops: &mut dyn Iterator<Item = OpId>,
                               report: &mut dyn FnMut(Diagnostic)| {
            let _names = crate::print::cache_generic_names(module);
            let mut checks = checks();
            for op in ops {
                if let Err(d) = this.verify_op(op, &mut checks) {
                    report(d);
                }
            }
        };
        if threads <= 1 {
            verify_in_order(&mut all.iter().copied(), report);
            return;
        }
        // Workers only find the failing ops, dropping each diagnostic at once: a
        // failing op's note can be as large as the module, and holding every one
        // until the threads join is what nested failing ops blow up on. The failing
        // ops are then verified again here, in order, and reported one by one
        // (the verifier is deterministic; only failing ops pay twice).
        let verify_chunk = |ops: &[OpId]| {
            let _names = crate::print::cache_generic_names(module);
            let mut checks = checks();
            ops.iter()
                .copied()
                .filter(|&op| this.verify_op(op, &mut checks).is_err())
                .collect::<Vec<_>>()
        };
        let per_thread = all.len().div_ceil(threads);
        let failing: Vec<Vec<OpId>> = std::thread::scope(|scope| {
            let handles: Vec<_> = all
                .chunks(per_thread)
                .map(|ops| {
                    // Workers get the main thread's usual stack, not the smaller
                    // default of spawned threads: printing a note recurses over
                    // types and attributes (as deep as `MAX_NESTING`).
                    let spawned = std::thread::Builder::new()
                        .stack_size(WORKER_STACK)
                        .spawn_scoped(scope, move || verify_chunk(ops));
                    (ops, spawned)
                })
                .collect();
            handles
                .into_iter()
                .map(|(ops, h)| match h {
                    Ok(h) => match h.join() {
                        Ok(found) => found,
                        Err(panic) => std::panic::resume_unwind(panic),
                    },
                    // No thread to be had: verify the chunk on this one.
                    Err(_) => verify_chunk(ops),
                })
                .collect()
        });
        if failing.iter().any(|ops| !ops.is_empty()) {
            verify_in_order(&mut failing.into_iter().flatten(), report);
        }
    }

    fn verify_op(
        &self,
        op: OpId,
        checks: &mut [(&'static str, Box<dyn TraitCheck + '_>)],
    ) -> Result<(), Diagnostic> {
        let (ctx, module) = (self.ctx, self.module);
        let o = module.op(op);
        let current = |d| with_current_op(ctx, module, op, d);
        // Upstream checks this on entering the block, before the op itself.
        if !o.successors().is_empty()
            && let Some(b) = o.parent()
            && module.block(b).last_op() != Some(op)
        {
            return Err(current(Diagnostic::error(
                o.location(),
                "operation with block successors must terminate its parent block",
            )));
        }
        let Some(kind) = ctx.op_kind(o.name()) else {
            let name = ctx.str(o.name());
            let dialect = name.split_once('.').map_or(name, |(d, _)| d);
            if ctx.is_dialect_registered(dialect) && !ctx.dialect_allows_unknown_ops(dialect) {
                let d = Diagnostic::error(
                    o.location(),
                    format!(
                        "unregistered operation '{name}' found in dialect ('{dialect}') that does not allow unknown operations"
                    ),
                )
                .with_code(codes::UNREGISTERED_OP);
                let ops = ctx
                    .registered_ops()
                    .map(|(_, def)| def.name)
                    .filter(|n| n.split_once('.').is_some_and(|(d, _)| d == dialect));
                let d = match suggest::best_match(name, ops) {
                    Some(best) => d.with_hint(o.location(), suggest::did_you_mean(best)),
                    None => d,
                };
                return Err(current(d));
            }
            let dominated = self.verify_operands_live(op)?;
            self.verify_successors(op)?;
            self.verify_regions(op, true)?;
            return match dominated {
                true => Ok(()),
                false => self.verify_operands_dominate(op),
            };
        };
        let def = ctx.op_def_of_kind(kind);
        let plan = ctx.plan_of_kind(kind);
        // Upstream checks operands on entering the op, before its own invariants.
        let dominated = self.verify_operands_live(op)?;
        if plan.has_trait(OpTrait::ZeroResults) && module.num_results(op) != 0 {
            return Err(current(op_error(ctx, module, op, "requires zero results")));
        }
        if plan.has_trait(OpTrait::Terminator)
            && let Some(b) = o.parent()
            && module.block(b).last_op() != Some(op)
        {
            return Err(current(op_error(
                ctx,
                module,
                op,
                "must be the last operation in the parent block",
            )));
        }
        if plan.has_trait(OpTrait::SingleBlock) {
            for (i, &r) in o.regions().iter().enumerate() {
                if module.region(r).blocks().len() > 1 {
                    return Err(current(op_error(
                        ctx,
                        module,
                        op,
                        format!("expects region #{i} to have 0 or 1 blocks"),
                    )));
                }
            }
        }
        if !o.successors().is_empty() {
            self.verify_successors(op)?;
        }
        if plan.has_trait(OpTrait::IsolatedFromAbove) {
            self.verify_isolation(op)?;
        }
        crate::ods::check::verify_declared(ctx, module, op, def, plan).map_err(current)?;
        if let Some(verify) = def.verify {
            verify(ctx, module, op).map_err(current)?;
        }
        // External traits: listing one in the op definition is enough.
        let external = if plan.has_external_trait() {
            def.traits
        } else {
            &[]
        };
        for t in external {
            let OpTrait::External(e) = t else { continue };
            // Keys are `static` strings, most often the same one: address first.
            let same = |k: &str| std::ptr::eq(k, e.key) || k == e.key;
            if let Some((_, check)) = checks.iter_mut().find(|(k, _)| same(k)) {
                check.check(ctx, module, op, e.param).map_err(current)?;
            }
        }
        if plan.has_trait(OpTrait::SymbolTable) {
            // Not `current`: the error is the redefining symbol's and names it.
            symbol_table::verify_symbol_table(ctx, module, op, self.symbols())?;
        }
        if !o.regions().is_empty() {
            self.verify_regions(op, plan.has_trait(OpTrait::NoTerminator))?;
        }
        // Upstream checks dominance once the structure is known to be sound, and
        // symbol uses last, once the ops themselves are valid.
        if !dominated {
            self.verify_operands_dominate(op)?;
        }
        if let Some(verify_uses) = def.verify_symbol_uses {
            verify_uses(ctx, module, op, self.symbols()).map_err(current)?;
        }
        Ok(())
    }

    /// No branch enters a region's entry block. Every block ends in a terminator,
    /// except the only block of a region of an op that may have none (`NoTerminator`,
    /// or unregistered), as upstream's `mayBeValidWithoutTerminator`.
    fn verify_regions(&self, op: OpId, no_terminator: bool) -> Result<(), Diagnostic> {
        let (ctx, module) = (self.ctx, self.module);
        for &r in module.op(op).regions() {
            if let Some(entry) = module.region(r).entry()
                && self.branched_to[entry.index()]
            {
                return Err(Diagnostic::error(
                    module.op(op).location(),
                    "entry block of region may not have predecessors",
                ));
            }
        }
        for &r in module.op(op).regions() {
            let blocks = module.region(r).blocks();
            if no_terminator && blocks.len() == 1 {
                continue;
            }
            for &b in blocks {
                let Some(last) = module.block(b).last_op() else {
                    return Err(Diagnostic::error(
                        module.op(op).location(),
                        "empty block: expect at least a terminator",
                    ));
                };
                let is_terminator = match ctx.op_def(module.op(last).name()) {
                    Some(d) => d.has_trait(OpTrait::Terminator),
                    None => true, // An unregistered op may be a terminator.
                };
                if !is_terminator {
                    let l = module.op(last).location();
                    let text = op_to_generic_string(ctx, module, last);
                    return Err(with_current_op(
                        ctx,
                        module,
                        last,
                        Diagnostic::error(l, format!("block with no terminator, has {text}")),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Ops inside an isolated op's regions use only values defined inside them.
    fn verify_isolation(&self, op: OpId) -> Result<(), Diagnostic> {
        let module = self.module;
        // Pre-order, as `Module::walk`, but without entering nested isolated
        // ops: as upstream, a use inside one is that op's to report.
        let mut stack = vec![op];
        while let Some(inner) = stack.pop() {
            if inner != op {
                for &v in module.operands(inner) {
                    let def_block: Option<BlockId> = match module.value(v).def() {
                        ValueDef::Result { op: d, .. } => module.op(d).parent(),
                        ValueDef::BlockArg { block, .. } => Some(block),
                        ValueDef::Placeholder => None,
                    };
                    // A value outside the module is its user's error to report.
                    let Some(def_block) = def_block.filter(|&b| self.in_tree(b)) else {
                        continue;
                    };
                    if !self.block_is_inside(def_block, op) {
                        return Err(with_current_op(
                            self.ctx,
                            module,
                            inner,
                            op_error(
                                self.ctx,
                                module,
                                inner,
                                "using value defined outside the region",
                            ),
                        )
                        .with_note(
                            module.op(op).location(),
                            "required by region isolation constraints",
                        ));
                    }
                }
                if self.is_isolated(inner) {
                    continue;
                }
            }
            for &r in module.op(inner).regions().iter().rev() {
                for &b in module.region(r).blocks().iter().rev() {
                    stack.extend(module.block_ops(b).rev());
                }
            }
        }
        Ok(())
    }

    /// Whether order matters within the blocks of `region`. As upstream's
    /// `mayBeGraphRegion`, the only block of a region of an unregistered op or of a
    /// graph-region op (`builtin.module`) is a graph: its ops may use values defined
    /// after them. Regions of several blocks always follow SSA dominance.
    fn has_ssa_dominance(&self, region: Option<RegionId>) -> bool {
        let Some(region) = region else { return true };
        let module = self.module;
        if module.region(region).blocks().len() > 1 {
            return true;
        }
        let Some(op) = module.region(region).parent() else {
            return true;
        };
        self.ctx.op_kind(module.op(op).name()).is_some_and(|k| {
            !self
                .ctx
                .plan_of_kind(k)
                .has_trait(OpTrait::HasOnlyGraphRegion)
        })
    }

    /// The symbol tables of the tree, built on first use.
    fn symbols(&self) -> &SymbolTableCollection {
        self.symbols.get_or_init(|| match &self.walked {
            Some(walked) => SymbolTableCollection::build_for(self.ctx, self.module, walked),
            None => {
                let mut all = Vec::new();
                if let Some(top) = self.top {
                    self.module.walk(top, |op| all.push(op));
                }
                SymbolTableCollection::build_for(self.ctx, self.module, &all)
            }
        })
    }

    /// Whether `op` is registered and isolated from above (a bit of its plan, not a
    /// search of its traits: the isolation check asks for every op it walks).
    fn is_isolated(&self, op: OpId) -> bool {
        self.ctx
            .op_kind(self.module.op(op).name())
            .is_some_and(|k| {
                self.ctx
                    .plan_of_kind(k)
                    .has_trait(OpTrait::IsolatedFromAbove)
            })
    }

    fn block_is_inside(&self, block: BlockId, op: OpId) -> bool {
        let mut cur = self.module.block_parent_op(block);
        while let Some(o) = cur {
            if o == op {
                return true;
            }
            cur = self.module.parent_op(o);
        }
        false
    }
}
