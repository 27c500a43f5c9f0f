//! `--lower-broadcast`: makes every implicit broadcast explicit, so that no op
//! broadcasts its operands itself (`docs/lowering.md`).
//!
//! The rewrites are each op's [`ExplicitBroadcast`] entry (the `nd` dialect attaches
//! them), applied as rewrite patterns by the greedy driver, with folding, constant
//! hoisting and dead-op erasure off so the pass only lowers: `--cse` and
//! `--canonicalize` clean up after it. An op that cannot be made explicit is left
//! as it is, with a warning (`--verify-explicit-broadcast` then reports it).
//!
//! Ops without an entry (`test.broadcastable`, which has no semantics to lower to,
//! and unregistered ops) are left alone.

use broadcastable_ir::{ExplicitBroadcast, ExplicitForm, Sweep};
use std::sync::{Arc, Mutex, PoisonError};

use rustc_hash::FxHashSet;
use tensor_ir::builder::{Builder, ReuseTable};
use tensor_ir::module::{EditError, OpId};
use tensor_ir::pass::{Pass, PassOutcome};
use tensor_ir::rewrite::{
    GreedyConfig, PatternSet, RewritePattern, Strictness, apply_patterns_greedily,
};
use tensor_ir::{Context, Diagnostics, Module};

/// The `--lower-broadcast` pass.
#[derive(Default)]
pub struct LowerBroadcast;

impl Pass for LowerBroadcast {
    fn argument(&self) -> &'static str {
        "lower-broadcast"
    }

    fn name(&self) -> &'static str {
        "LowerBroadcast"
    }

    fn description(&self) -> &'static str {
        "Make every implicit broadcast explicit: broadcast each operand to the shape its op \
         uses it at, checking dynamic sizes at run time (nd.broadcast_shapes at the op's location)"
    }

    fn run(&mut self, ctx: &mut Context, module: &mut Module) -> Result<PassOutcome, Diagnostics> {
        let Some(top) = module.top() else {
            return Ok(PassOutcome::unchanged());
        };
        let before = explicit_ops(ctx, module, top);
        let patterns = explicit_broadcast_patterns(ctx).freeze(ctx);
        // One sweep over the ops the module had: what a lowering creates is explicit
        // already (visiting it would re-plan it to find nothing to do), and a
        // lowered op stays lowered, so no second sweep is needed; the property test
        // checks that lowering the output again changes nothing.
        let config = GreedyConfig {
            max_iterations: 1,
            strictness: Strictness::ExistingOps,
            // In program order: the patterns reuse ops made for earlier ones.
            top_down: true,
            fold: false,
            cse_constants: false,
            region_simplification: false,
            erase_dead_ops: false,
            ..GreedyConfig::default()
        };
        let outcome =
            apply_patterns_greedily(ctx, module, top, &patterns, &config).map_err(|e| {
                let mut d = Diagnostics::default();
                d.push(e.to_diagnostic());
                d
            })?;
        // An op that cannot be lowered is reported once per attempt: once is enough.
        let mut seen = FxHashSet::default();
        let mut reported = Diagnostics::default();
        for d in outcome.diagnostics.iter() {
            if seen.insert((d.location, d.message.clone())) {
                reported.push(d.clone());
            }
        }
        if reported.has_errors() {
            return Err(reported);
        }
        let after = explicit_ops(ctx, module, top);
        Ok(PassOutcome::changed(outcome.changed)
            .with_diagnostics(reported)
            .with_statistic(
                "num-broadcasts",
                "Explicit broadcasts inserted",
                after.0.saturating_sub(before.0),
            )
            .with_statistic(
                "num-checks",
                "Run-time shape checks emitted (nd.broadcast_shapes)",
                after.1.saturating_sub(before.1),
            )
            .with_statistic("num-lowered", "Operations lowered", outcome.rewrites)
            .with_statistic("num-dce'd", "Dead operations erased", outcome.erased))
    }
}

/// The explicit broadcasts and the run-time shape checks under `top`, as their
/// dialects declare them ([`ExplicitForm`]): the pass statistics are what it adds
/// of each, counted around it so no pattern needs to report.
fn explicit_ops(ctx: &Context, module: &Module, top: OpId) -> (u64, u64) {
    let (mut broadcasts, mut checks) = (0u64, 0u64);
    module.walk(top, |op| {
        match ctx.interface::<ExplicitForm>(module.op(op).name()) {
            Some(ExplicitForm::Broadcast) => broadcasts += 1,
            Some(ExplicitForm::ShapeCheck) => checks += 1,
            None => {}
        }
    });
    (broadcasts, checks)
}

/// One op's lowering as a pattern.
struct Lower {
    root: &'static str,
    lower: fn(&mut Builder<'_>, OpId, &mut Sweep) -> Result<bool, EditError>,
    /// Shared by the patterns of one sweep.
    sweep: Arc<Mutex<Shared>>,
}

/// What the patterns of one sweep share.
#[derive(Default)]
struct Shared {
    /// The shape computations and broadcasts made so far: an operand broadcast the
    /// same way twice in a block, or whose shape is taken twice, is made once.
    reuse: ReuseTable,
    /// The ops lowered so far. Changing an op's operands puts it back on the
    /// driver's worklist, but a lowered op stays lowered (the property test checks
    /// that lowering twice is lowering once): planning it again would find nothing.
    lowered: FxHashSet<OpId>,
    /// What the dialects worked out about the values seen so far.
    state: Sweep,
}

impl RewritePattern for Lower {
    fn root(&self) -> Option<&'static str> {
        Some(self.root)
    }

    fn name(&self) -> &'static str {
        "lower-broadcast"
    }

    fn match_and_rewrite(&self, op: OpId, rewriter: &mut Builder<'_>) -> Result<bool, EditError> {
        let mut sweep = self.sweep.lock().unwrap_or_else(PoisonError::into_inner);
        if sweep.lowered.contains(&op) {
            return Ok(false);
        }
        rewriter.set_reuse(std::mem::take(&mut sweep.reuse));
        let lowered = (self.lower)(rewriter, op, &mut sweep.state);
        sweep.reuse = rewriter.take_reuse();
        if matches!(lowered, Ok(true)) {
            sweep.lowered.insert(op);
        }
        lowered
    }
}

/// A pattern per registered op with an [`ExplicitBroadcast`] entry, for one
/// top-down sweep: the patterns reuse the pure ops they created earlier in a block
/// ([`ReuseTable`]), which is sound only when they rewrite in program order.
pub fn explicit_broadcast_patterns(ctx: &Context) -> PatternSet {
    let mut set = PatternSet::new();
    let sweep = Arc::new(Mutex::new(Shared::default()));
    for (kind, def) in ctx.registered_ops() {
        if let Some(e) = ctx.interface_of_kind::<ExplicitBroadcast>(kind) {
            set.add(Lower {
                root: def.name,
                lower: e.lower,
                sweep: Arc::clone(&sweep),
            });
        }
    }
    set
}
