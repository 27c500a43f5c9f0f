//! `--cse`: common subexpression elimination, as upstream's `CSE` pass.
//!
//! Two `Pure` ops with the same name, operands, properties, attributes and result
//! types compute the same values, so the later one is replaced by the earlier when
//! the earlier dominates it: in the same block, in a block it dominates, or in a
//! region nested in those, but never across an op that is (or, unregistered, may
//! be) isolated from above. Like upstream, the pass also erases ops that are
//! already trivially dead when it reaches them (unused `Pure` results).
//!
//! Ops are visited once, in dominance order, with a scoped hash table of the ops
//! seen so far: the cost is linear in the size of the program. Not handled, as
//! upstream: ops with regions or successors, terminators, and ops directly in a
//! graph region (the body of `builtin.module`), which are only scanned for nested
//! regions; unreachable blocks are not visited.

use rustc_hash::{FxHashMap, FxHasher};
use smallvec::SmallVec;
use std::hash::{Hash, Hasher};
use tensor_ir::dominance::DomTree;
use tensor_ir::module::EditError;
use tensor_ir::pass::{Pass, PassOutcome};
use tensor_ir::rewrite::might_be_isolated;
use tensor_ir::{BlockId, Context, Diagnostics, Location, Module, OpId, OpTrait, RegionId};

/// The `--cse` pass.
#[derive(Default)]
pub struct Cse;

impl Pass for Cse {
    fn argument(&self) -> &'static str {
        "cse"
    }

    fn name(&self) -> &'static str {
        "CSE"
    }

    fn description(&self) -> &'static str {
        "Eliminate common sub-expressions"
    }

    fn run(&mut self, ctx: &mut Context, module: &mut Module) -> Result<PassOutcome, Diagnostics> {
        let stats = eliminate_common_subexpressions(ctx, module).map_err(|e| {
            let mut d = Diagnostics::default();
            d.push(tensor_ir::Diagnostic::error(
                Location::Unknown,
                format!("CSE could not erase an operation: {e}"),
            ));
            d
        })?;
        Ok(PassOutcome::changed(stats.replaced + stats.erased > 0)
            .with_statistic("num-cse'd", "Number of operations CSE'd", stats.replaced)
            .with_statistic("num-dce'd", "Number of operations DCE'd", stats.erased))
    }
}

/// What [`eliminate_common_subexpressions`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CseStats {
    /// Ops replaced by an equal, dominating op.
    pub replaced: u64,
    /// Trivially dead ops erased.
    pub erased: u64,
}

/// Runs CSE on the whole module.
///
/// # Errors
/// If an op could not be erased (IR that did not verify).
pub fn eliminate_common_subexpressions(
    ctx: &Context,
    module: &mut Module,
) -> Result<CseStats, EditError> {
    let Some(top) = module.top() else {
        return Ok(CseStats::default());
    };
    let kinds = ctx
        .registered_ops()
        .map(|(_, def)| KindFlags {
            pure: def.has_trait(OpTrait::Pure),
            terminator: def.has_trait(OpTrait::Terminator),
        })
        .collect();
    let mut cse = Eliminator {
        ctx,
        kinds,
        known: Known::default(),
        next_scope: 1,
        stats: CseStats::default(),
        to_erase: Vec::new(),
        dom_children: FxHashMap::default(),
    };
    let mut stack: Vec<Frame> = Vec::new();
    cse.push_regions(module, top, &mut stack);
    while let Some(frame) = stack.pop() {
        match frame {
            Frame::Exit { mark, scope } => {
                if scope == cse.known.scope {
                    cse.known.undo(mark);
                } else {
                    // Leaving an isolated region: its ops are of a scope never
                    // entered again, so they can never match; they stay in the
                    // map rather than being removed one by one.
                    cse.known.log.truncate(mark);
                }
                cse.known.scope = scope;
            }
            Frame::Region { region, isolated } => {
                cse.enter_region(module, region, isolated, &mut stack)
            }
            Frame::DomNode { block, ssa } => {
                stack.push(Frame::Exit {
                    mark: cse.known.log.len(),
                    scope: cse.known.scope,
                });
                if let Some(children) = cse.dom_children.remove(&block) {
                    stack.extend(
                        children
                            .into_iter()
                            .rev()
                            .map(|block| Frame::DomNode { block, ssa }),
                    );
                }
                stack.push(Frame::Block {
                    next: module.block(block).first_op(),
                    ssa,
                });
            }
            Frame::Block { next, ssa } => cse.scan_block(module, next, ssa, &mut stack),
        }
    }
    for op in std::mem::take(&mut cse.to_erase) {
        module.erase_op(op)?;
    }
    Ok(cse.stats)
}

/// Work left to do, on an explicit stack (nesting comes from the input).
enum Frame {
    /// Leave a scope: forget the ops seen since `mark`, restore the isolation scope.
    Exit { mark: usize, scope: u32 },
    /// Simplify a region.
    Region { region: RegionId, isolated: bool },
    /// Simplify a block, then the blocks it immediately dominates, in one scope.
    DomNode { block: BlockId, ssa: bool },
    /// Continue a block at `next`.
    Block { next: Option<OpId>, ssa: bool },
}

/// The traits CSE asks about, per registered op kind.
#[derive(Clone, Copy)]
struct KindFlags {
    pure: bool,
    terminator: bool,
}

struct Eliminator<'a> {
    ctx: &'a Context,
    /// By op kind, looked up once rather than per op.
    kinds: Vec<KindFlags>,
    known: Known,
    next_scope: u32,
    stats: CseStats,
    to_erase: Vec<OpId>,
    /// Dominator-tree children of the blocks of multi-block regions being visited.
    dom_children: FxHashMap<BlockId, Vec<BlockId>>,
}

impl Eliminator<'_> {
    /// Schedules the regions of `op`, first region first.
    fn push_regions(&mut self, module: &Module, op: OpId, stack: &mut Vec<Frame>) {
        let isolated = might_be_isolated(self.ctx, module, op);
        for &region in module.op(op).regions().iter().rev() {
            stack.push(Frame::Region { region, isolated });
        }
    }

    fn enter_region(
        &mut self,
        module: &Module,
        region: RegionId,
        isolated: bool,
        stack: &mut Vec<Frame>,
    ) {
        let blocks = module.region(region).blocks();
        let Some(&entry) = blocks.first() else {
            return;
        };
        let ssa = !self.is_graph_region(module, region);
        stack.push(Frame::Exit {
            mark: self.known.log.len(),
            scope: self.known.scope,
        });
        if isolated {
            self.known.scope = self.next_scope;
            self.next_scope += 1;
        }
        if blocks.len() == 1 {
            // At most one entry per op of the block: no growth while scanning it.
            let len = module.block(entry).len();
            self.known.map.reserve(len);
            stack.push(Frame::Block {
                next: module.block(entry).first_op(),
                ssa,
            });
            return;
        }
        if !ssa {
            // Without dominance there is no safe order to reuse values in.
            return;
        }
        let dom = DomTree::new(module, region);
        for &b in blocks {
            if let Some(parent) = dom.immediate_dominator(b) {
                self.dom_children.entry(parent).or_default().push(b);
            }
        }
        stack.push(Frame::DomNode { block: entry, ssa });
    }

    /// The body of `builtin.module` is a graph region: no dominance inside.
    fn is_graph_region(&self, module: &Module, region: RegionId) -> bool {
        module
            .region(region)
            .parent()
            .is_some_and(|p| self.ctx.str(module.op(p).name()) == "builtin.module")
    }

    /// Simplifies ops from `next` on; stops at an op with regions, scheduling its
    /// regions and the rest of the block.
    fn scan_block(
        &mut self,
        module: &mut Module,
        mut next: Option<OpId>,
        ssa: bool,
        stack: &mut Vec<Frame>,
    ) {
        while let Some(op) = next {
            next = module.next_op(op);
            if !module.op(op).regions().is_empty() {
                stack.push(Frame::Block { next, ssa });
                self.push_regions(module, op, stack);
                return;
            }
            self.simplify(module, op, ssa);
        }
    }

    fn simplify(&mut self, module: &mut Module, op: OpId, ssa: bool) {
        let o = module.op(op);
        let Some(kind) = self.ctx.op_kind(o.name()) else {
            return;
        };
        let Some(&flags) = self.kinds.get(kind.index()) else {
            return;
        };
        if flags.terminator {
            return;
        }
        // As `is_trivially_dead`, with the traits already at hand (the op has no
        // regions: `scan_block` handles those).
        if flags.pure && module.results_unused(op) {
            self.to_erase.push(op);
            self.stats.erased += 1;
            return;
        }
        if !ssa || !flags.pure || !o.successors().is_empty() {
            return;
        }
        let hash = self.known.hash(module, op);
        if let Some(existing) = self.known.lookup(module, hash, op) {
            let results: SmallVec<[_; 2]> =
                module.results(op).zip(module.results(existing)).collect();
            for (from, to) in results {
                module.replace_all_uses_with(from, to);
            }
            if module.op(existing).location() == Location::Unknown {
                let loc = module.op(op).location();
                module.set_location(existing, loc);
            }
            self.to_erase.push(op);
            self.stats.replaced += 1;
        } else {
            self.known.insert(hash, op);
        }
    }
}

/// The ops seen in the enclosing scopes, by content hash, with an undo log.
#[derive(Default)]
struct Known {
    map: FxHashMap<u64, SmallVec<[(OpId, u32); 1]>>,
    log: Vec<u64>,
    /// The current isolation scope: ops of other scopes never match.
    scope: u32,
}

impl Known {
    fn hash(&self, module: &Module, op: OpId) -> u64 {
        let o = module.op(op);
        let mut h = FxHasher::default();
        self.scope.hash(&mut h);
        o.name().hash(&mut h);
        module.operands(op).hash(&mut h);
        o.props().hash(&mut h);
        o.attrs().hash(&mut h);
        for v in module.results(op) {
            module.value_type(v).hash(&mut h);
        }
        h.finish()
    }

    fn lookup(&self, module: &Module, hash: u64, op: OpId) -> Option<OpId> {
        let candidates = self.map.get(&hash)?;
        candidates
            .iter()
            .rev()
            .find(|&&(c, scope)| scope == self.scope && equivalent(module, c, op))
            .map(|&(c, _)| c)
    }

    fn insert(&mut self, hash: u64, op: OpId) {
        self.map.entry(hash).or_default().push((op, self.scope));
        self.log.push(hash);
    }

    fn undo(&mut self, mark: usize) {
        while self.log.len() > mark {
            let Some(hash) = self.log.pop() else { break };
            if let Some(list) = self.map.get_mut(&hash) {
                list.pop();
                if list.is_empty() {
                    self.map.remove(&hash);
                }
            }
        }
    }
}

/// Same name, operands, properties, attributes and result types.
fn equivalent(module: &Module, a: OpId, b: OpId) -> bool {
    let (x, y) = (module.op(a), module.op(b));
    x.name() == y.name()
        && module.operands(a) == module.operands(b)
        && x.props() == y.props()
        && x.attrs() == y.attrs()
        && module.num_results(a) == module.num_results(b)
        && module
            .results(a)
            .zip(module.results(b))
            .all(|(r, s)| module.value_type(r) == module.value_type(s))
}
