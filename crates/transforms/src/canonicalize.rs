//! `--canonicalize`: the greedy pattern driver with every registered op's
//! canonicalization patterns ([`Canonicalization`]) and fold hooks, as upstream's
//! `Canonicalizer` (top-down, at most 10 iterations, unreachable blocks erased).
//!
//! Like upstream, a run that does not converge within the bound is not an error.
//! Unlike upstream, an iteration also stops after 64 rewrites per op of the
//! module, so patterns that undo each other cannot hang the pass. Iterations after
//! the first skip the ops whose fold and patterns only read their operands'
//! definitions ([`LocalRewrites`](tensor_ir::rewrite::LocalRewrites)) while none of
//! those changed since the op was last visited: the output is the same.

use tensor_ir::pass::{Pass, PassOutcome};
use tensor_ir::rewrite::{Canonicalization, GreedyConfig, PatternSet, apply_patterns_greedily};
use tensor_ir::{Context, Diagnostics, Module};

/// The `--canonicalize` pass.
#[derive(Default)]
pub struct Canonicalize;

impl Pass for Canonicalize {
    fn argument(&self) -> &'static str {
        "canonicalize"
    }

    fn name(&self) -> &'static str {
        "Canonicalizer"
    }

    fn description(&self) -> &'static str {
        "Canonicalize operations: fold them, apply their canonicalization patterns, \
         unique constants and erase dead operations and unreachable blocks"
    }

    fn run(&mut self, ctx: &mut Context, module: &mut Module) -> Result<PassOutcome, Diagnostics> {
        let Some(top) = module.top() else {
            return Ok(PassOutcome::unchanged());
        };
        let patterns = canonicalization_patterns(ctx).freeze(ctx);
        // Canonicalization patterns and folds of ops with `LocalRewrites` keep its
        // promise: later iterations skip those ops while their cone is unchanged.
        let config = GreedyConfig {
            skip_unchanged: true,
            ..GreedyConfig::default()
        };
        let outcome =
            apply_patterns_greedily(ctx, module, top, &patterns, &config).map_err(|e| {
                let mut d = Diagnostics::default();
                d.push(e.to_diagnostic());
                d
            })?;
        // An error a pattern proved in the program (conflicting constant shapes, say)
        // fails the pass.
        if outcome.diagnostics.has_errors() {
            return Err(outcome.diagnostics);
        }
        let reported = outcome.diagnostics;
        Ok(PassOutcome::changed(outcome.changed)
            .with_diagnostics(reported)
            .with_statistic(
                "num-iterations",
                "Iterations of the greedy driver",
                outcome.iterations.into(),
            )
            .with_statistic("num-folded", "Operations folded", outcome.folded)
            .with_statistic("num-rewrites", "Patterns applied", outcome.rewrites)
            .with_statistic("num-dce'd", "Dead operations erased", outcome.erased)
            .with_statistic(
                "num-constants-merged",
                "Constants replaced by an equal one",
                outcome.constants_merged,
            )
            .with_statistic(
                "num-blocks-erased",
                "Unreachable blocks erased",
                outcome.blocks_erased,
            ))
    }
}

/// The canonicalization patterns of every registered op.
pub fn canonicalization_patterns(ctx: &Context) -> PatternSet {
    let mut set = PatternSet::new();
    for (kind, _) in ctx.registered_ops() {
        if let Some(c) = ctx.interface_of_kind::<Canonicalization>(kind) {
            (c.0)(&mut set);
        }
    }
    set
}
