//! Which ops an iteration of the greedy driver after the first may skip, under
//! [`GreedyConfig::skip_unchanged`](super::GreedyConfig::skip_unchanged).
//!
//! Each iteration revisits every op, though an op whose fold and patterns read
//! only the op and the ops defining its operands, transitively (its kind has
//! [`LocalRewrites`](super::LocalRewrites)), gets the same answer as at its last
//! visit while nothing in that cone changed. So the driver stamps each op with a
//! clock: when it last changed (created, modified, rewritten) and when a visit
//! last left it unchanged. Filling the worklist computes, in program order, the
//! latest change in each op's cone; an op whose cone did not change since its
//! last such visit is skipped, as long as nothing changed yet in the iteration
//! (then the IR is the one the cones were computed on). Skipping it is what
//! visiting it would do: fold and patterns fail again.

use crate::module::{Module, OpId, ValueDef};

/// An op's clock readings.
#[derive(Clone, Copy, Default)]
struct Stamp {
    /// When it last changed.
    changed: u32,
    /// One past the clock when a visit last left it unchanged; 0: never.
    visited: u32,
    /// The latest change in its cone, as of the last fill of `generation`.
    cone: u32,
    generation: u32,
}

/// The stamps of every op, by op index.
#[derive(Default)]
pub(super) struct Stamps {
    /// Whether the driver keeps them (and so skips ops).
    pub(super) enabled: bool,
    clock: u32,
    /// The clock when the current iteration's cones were computed (`None`: they
    /// were not, or the worklist filling itself changed the IR).
    filled_at: Option<u32>,
    generation: u32,
    ops: Vec<Stamp>,
}

impl Stamps {
    #[inline]
    fn stamp(&mut self, op: OpId) -> &mut Stamp {
        let i = op.index();
        if i >= self.ops.len() {
            self.ops.resize(i + 1, Stamp::default());
        }
        &mut self.ops[i]
    }

    /// `op` changed (or a rewrite applied to it): its cone, and so its users',
    /// changed too.
    #[inline]
    pub(super) fn changed(&mut self, op: OpId) {
        if !self.enabled {
            return;
        }
        // Far from any real run; stop skipping rather than wrap around.
        if self.clock >= u32::MAX - 1 {
            self.enabled = false;
            return;
        }
        self.clock += 1;
        let now = self.clock;
        self.stamp(op).changed = now;
    }

    /// A visit left `op` unchanged: no fold and no pattern applied.
    #[inline]
    pub(super) fn visited(&mut self, op: OpId) {
        if self.enabled {
            let next = self.clock + 1;
            self.stamp(op).visited = next;
        }
    }

    /// Starts filling the worklist of iteration `generation` (from 1).
    pub(super) fn begin_fill(&mut self, generation: u32) {
        self.generation = generation;
        self.filled_at = None;
    }

    /// Computes the cone stamp of `op`, whose operands' defining ops came earlier
    /// in this fill if they dominate it (any other counts as changed).
    #[inline]
    pub(super) fn fill(&mut self, module: &Module, op: OpId) {
        // The first iteration visits every op anyway.
        if !self.enabled || self.generation < 2 {
            return;
        }
        let generation = self.generation;
        let mut cone = self.stamp(op).changed;
        for &v in module.operands(op) {
            if let ValueDef::Result { op: def, .. } = module.value(v).def() {
                let d = self.ops.get(def.index()).copied().unwrap_or_default();
                cone = if d.generation == generation {
                    cone.max(d.cone)
                } else {
                    u32::MAX
                };
            }
        }
        let s = self.stamp(op);
        s.cone = cone;
        s.generation = generation;
    }

    /// Ends the fill; `edited`: filling changed the IR (merged constants), after
    /// which the cones may be stale, and nothing is skipped in this iteration.
    pub(super) fn end_fill(&mut self, edited: bool) {
        if self.enabled && self.generation >= 2 && !edited {
            self.filled_at = Some(self.clock);
        }
    }

    /// True if visiting `op` now would find what its last visit found.
    #[inline]
    pub(super) fn skippable(&self, op: OpId) -> bool {
        self.enabled
            && self.filled_at == Some(self.clock)
            && self.ops.get(op.index()).is_some_and(|s| {
                s.generation == self.generation && s.visited != 0 && s.cone < s.visited
            })
    }
}
