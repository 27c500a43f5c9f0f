//! Rewriting: patterns, folding and the greedy driver that applies them, as
//! upstream's `PatternMatch`, `FoldUtils` and `GreedyPatternRewriteDriver`.
//!
//! - `pattern`: the [`RewritePattern`] trait and pattern sets.
//! - `fold`: the per-op fold, constant and canonicalization interfaces, and the
//!   per-dialect constant materializer.
//! - `greedy`: the driver, [`apply_patterns_greedily`].

pub mod fold;
pub mod greedy;
pub mod pattern;
mod stamps;

pub use fold::{
    Canonicalization, ConstantLike, ConstantMaterializer, Fold, FoldResult, FoldResults,
    LocalRewrites, constant_value, is_trivially_dead,
};
pub use greedy::{GreedyConfig, GreedyOutcome, Strictness, apply_patterns_greedily};
pub use pattern::{FnPattern, FrozenPatternSet, PatternSet, RewritePattern};

use crate::diag::Diagnostic;
use crate::module::{BlockId, EditError, Module, OpId, RegionId};
use crate::registry::OpTrait;
use crate::{Context, Location};

/// A rewrite that could not be carried out: an edit the module refused, or a fold
/// hook that broke its contract. Both are bugs in a pattern or hook, reported at
/// the op being rewritten.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct RewriteError {
    /// The op being rewritten.
    pub location: Location,
    /// What went wrong, starting with the op's name.
    pub message: String,
}

impl RewriteError {
    /// An error about `op`.
    pub fn at(ctx: &Context, module: &Module, op: OpId, message: impl std::fmt::Display) -> Self {
        let o = module.op(op);
        RewriteError {
            location: o.location(),
            message: format!("'{}' op {message}", ctx.str(o.name())),
        }
    }

    /// A refused edit while rewriting `op`.
    pub fn edit(ctx: &Context, module: &Module, op: OpId, e: EditError) -> Self {
        RewriteError::at(ctx, module, op, format_args!("could not be rewritten: {e}"))
    }

    /// The error as a diagnostic.
    pub fn to_diagnostic(&self) -> Diagnostic {
        Diagnostic::error(self.location, self.message.clone())
    }
}

/// True if `op` is, or (being unregistered) may be, isolated from above: values
/// defined outside it must not be used in its regions.
pub fn might_be_isolated(ctx: &Context, module: &Module, op: OpId) -> bool {
    ctx.op_def(module.op(op).name())
        .is_none_or(|d| d.has_trait(OpTrait::IsolatedFromAbove))
}

/// Erases the blocks no path from their region's entry reaches, in every region
/// nested under `root`; returns how many it erased.
///
/// # Errors
/// As [`Module::erase_blocks`], if a value of an unreachable block is used from a
/// reachable one (IR that does not verify).
pub fn erase_unreachable_blocks(module: &mut Module, root: OpId) -> Result<usize, EditError> {
    let mut regions: Vec<RegionId> = Vec::new();
    module.walk(root, |op| {
        for &r in module.op(op).regions() {
            if module.region(r).blocks().len() > 1 {
                regions.push(r);
            }
        }
    });
    let mut erased = 0;
    let mut reached: rustc_hash::FxHashSet<BlockId> = rustc_hash::FxHashSet::default();
    for region in regions {
        // Regions of ops erased with an unreachable block are gone.
        if module
            .region(region)
            .parent()
            .is_some_and(|p| module.op(p).is_erased())
        {
            continue;
        }
        let blocks = module.region(region).blocks();
        let Some(entry) = blocks.first().copied() else {
            continue;
        };
        reached.clear();
        reached.insert(entry);
        let mut stack = vec![entry];
        while let Some(b) = stack.pop() {
            for op in module.block_ops(b) {
                for &s in module.op(op).successors() {
                    if reached.insert(s) {
                        stack.push(s);
                    }
                }
            }
        }
        let dead: Vec<BlockId> = blocks
            .iter()
            .copied()
            .filter(|b| !reached.contains(b))
            .collect();
        if !dead.is_empty() {
            module.erase_blocks(&dead)?;
            erased += dead.len();
        }
    }
    Ok(erased)
}
