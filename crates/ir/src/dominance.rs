//! Block dominance within a region (Cooper, Harvey and Kennedy's iterative algorithm),
//! as the verifier needs it for uses across the blocks of a multi-block region.

use crate::module::{BlockId, Module, RegionId};
use rustc_hash::FxHashMap;

/// Immediate dominators of a region's blocks.
#[derive(Debug)]
pub struct DomTree {
    blocks: Vec<BlockId>,
    index: FxHashMap<BlockId, usize>,
    /// Immediate dominator by block index; `None` for the entry and unreachable blocks.
    idom: Vec<Option<usize>>,
    reachable: Vec<bool>,
}

impl DomTree {
    /// Computes dominance for `region`. As upstream's `Block::getSuccessors`, a
    /// block's edges are the successors of its last op (its terminator): successors
    /// anywhere else are a verifier error of their own.
    pub fn new(module: &Module, region: RegionId) -> Self {
        let blocks = &module.region(region).blocks();
        let index: FxHashMap<BlockId, usize> =
            blocks.iter().enumerate().map(|(i, &b)| (b, i)).collect();
        let n = blocks.len();
        let succs: Vec<Vec<usize>> = blocks
            .iter()
            .map(|&b| {
                module
                    .block(b)
                    .last_op()
                    .into_iter()
                    .flat_map(|op| module.op(op).successors().iter())
                    .filter_map(|s| index.get(s).copied())
                    .collect()
            })
            .collect();
        // Reverse postorder from the entry, iteratively (regions can be long chains).
        let mut post = Vec::with_capacity(n);
        let mut seen = vec![false; n];
        if n > 0 {
            let mut stack = vec![(0usize, 0usize)];
            seen[0] = true;
            while let Some((b, next)) = stack.pop() {
                if let Some(&s) = succs[b].get(next) {
                    stack.push((b, next + 1));
                    if !seen[s] {
                        seen[s] = true;
                        stack.push((s, 0));
                    }
                } else {
                    post.push(b);
                }
            }
        }
        let mut order = vec![usize::MAX; n];
        for (i, &b) in post.iter().enumerate() {
            order[b] = i;
        }
        let mut preds = vec![Vec::new(); n];
        for (b, ss) in succs.iter().enumerate() {
            for &s in ss {
                preds[s].push(b);
            }
        }
        let mut idom: Vec<Option<usize>> = vec![None; n];
        if n > 0 {
            idom[0] = Some(0);
        }
        let intersect = |idom: &[Option<usize>], mut a: usize, mut b: usize| {
            while a != b {
                while order[a] < order[b] {
                    a = idom[a].unwrap_or(0);
                }
                while order[b] < order[a] {
                    b = idom[b].unwrap_or(0);
                }
            }
            a
        };
        let mut changed = true;
        while changed {
            changed = false;
            for &b in post.iter().rev().skip(1) {
                let mut new = None;
                for &p in &preds[b] {
                    if idom[p].is_some() {
                        new = Some(match new {
                            None => p,
                            Some(cur) => intersect(&idom, p, cur),
                        });
                    }
                }
                if new.is_some() && idom[b] != new {
                    idom[b] = new;
                    changed = true;
                }
            }
        }
        if n > 0 {
            idom[0] = None;
        }
        DomTree {
            blocks: blocks.to_vec(),
            index,
            idom,
            reachable: seen,
        }
    }

    /// True if `b` is a block of the region reachable from its entry.
    pub fn is_reachable(&self, b: BlockId) -> bool {
        self.index.get(&b).is_some_and(|&i| self.reachable[i])
    }

    /// True if every path from the entry to `b` passes through `a`. Unreachable blocks
    /// are dominated by everything, as upstream treats them.
    pub fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        let (Some(&a), Some(&b)) = (self.index.get(&a), self.index.get(&b)) else {
            return false;
        };
        if !self.reachable[b] {
            return true;
        }
        let mut cur = Some(b);
        while let Some(c) = cur {
            if c == a {
                return true;
            }
            cur = self.idom[c];
        }
        false
    }

    /// The block's immediate dominator; `None` for the entry, unreachable blocks and
    /// blocks of other regions.
    pub fn immediate_dominator(&self, b: BlockId) -> Option<BlockId> {
        let i = *self.index.get(&b)?;
        self.idom[i].map(|d| self.blocks[d])
    }
}
