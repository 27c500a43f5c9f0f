//! Which ops verification after a pass checks, and the indexes they need. Most
//! passes change ops without regions, directly in blocks of the tree: then only the
//! blocks holding them (and those above) are indexed, not the whole module.

use super::{IN_TREE, OUT_OF_TREE, Verifier};
use crate::dominance::DomTree;
use crate::module::{BlockId, BlockOps, OpId, ValueDef};
use smallvec::SmallVec;

impl<'a> Verifier<'a> {
    /// The ops of `only` in the tree under `top`, in pre-order, with positions,
    /// dominator trees and tree membership indexed for what their checks read: the
    /// blocks holding them and their ancestors, their operands' blocks and their
    /// successors. `None` when some changed op is `top`, has regions, or reads a
    /// value from outside its isolated ancestor: then the whole tree is indexed and
    /// [`Verifier::changed_ops`] chooses (the blocks resolved so far stay right).
    pub(super) fn index_changed(&mut self, top: OpId, only: &[OpId]) -> Option<Vec<OpId>> {
        let module = self.module;
        let mut todo = vec![false; module.num_ops()];
        // Blocks whose ops are indexed: those holding changed ops, and their ancestors.
        let mut needed = vec![false; module.num_blocks()];
        // Each resolved block's nearest isolated ancestor op (of the ops in it).
        let mut iso_of: Vec<Option<OpId>> = vec![None; module.num_blocks()];
        let mut count = 0usize;
        for &op in only {
            if todo.get(op.index()).is_none_or(|&done| done) {
                continue;
            }
            let o = module.op(op);
            if op == top {
                return None;
            }
            let Some(block) = o.parent().filter(|_| !o.is_erased()) else {
                continue;
            };
            if !self.is_in_tree(block, top, &mut iso_of) {
                continue;
            }
            if !o.regions().is_empty() {
                return None;
            }
            let iso = iso_of[block.index()];
            for &v in module.operands(op) {
                let def_block = match module.value(v).def() {
                    ValueDef::Result { op: d, .. } => module.op(d).parent(),
                    ValueDef::BlockArg { block, .. } => Some(block),
                    ValueDef::Placeholder => None,
                };
                let Some(def_block) = def_block else { continue };
                let inside = self.is_in_tree(def_block, top, &mut iso_of);
                // As `changed_ops`: a value from outside the isolated ancestor makes
                // that ancestor (an op with regions) one to check.
                let Some(iso) = iso else { continue };
                let Some(owner) = module.block_parent_op(def_block).filter(|&w| w != iso) else {
                    continue;
                };
                let owner_iso = module
                    .op(owner)
                    .parent()
                    .filter(|&b| inside && self.is_in_tree(b, top, &mut iso_of))
                    .and_then(|b| iso_of[b.index()]);
                if owner_iso != Some(iso) {
                    return None;
                }
            }
            for &s in o.successors() {
                self.is_in_tree(s, top, &mut iso_of);
            }
            todo[op.index()] = true;
            count += 1;
            let mut b = block;
            while !std::mem::replace(&mut needed[b.index()], true) {
                match module
                    .block_parent_op(b)
                    .and_then(|p| module.op(p).parent())
                {
                    Some(above) => b = above,
                    None => break,
                }
            }
        }
        // The pre-order walk of `Module::walk`, entering only needed blocks, which
        // it indexes as it goes: a stack of the blocks being walked, with the
        // position of the next op in each.
        let mut order = Vec::with_capacity(count);
        let mut stack: Vec<(BlockOps<'a>, u32)> = Vec::new();
        let enter = |this: &mut Self, stack: &mut Vec<(BlockOps<'a>, u32)>, op: OpId| {
            for &r in module.op(op).regions().iter().rev() {
                let blocks = module.region(r).blocks();
                if !blocks.iter().any(|b| needed[b.index()]) {
                    continue;
                }
                if blocks.len() > 1 {
                    this.dom_trees.insert(r, DomTree::new(module, r));
                }
                let inside = blocks.iter().rev().filter(|b| needed[b.index()]);
                stack.extend(inside.map(|&b| (module.block_ops(b), 0)));
            }
        };
        enter(self, &mut stack, top);
        while let Some((ops, next)) = stack.last_mut() {
            let Some(op) = ops.next() else {
                stack.pop();
                continue;
            };
            self.positions[op.index()] = *next;
            *next = next.saturating_add(1);
            if todo[op.index()] {
                order.push(op);
            }
            if !module.op(op).regions().is_empty() {
                enter(self, &mut stack, op);
            }
        }
        Some(order)
    }

    /// [`Verifier::resolve`], answered at once for a block resolved before.
    #[inline]
    fn is_in_tree(&mut self, block: BlockId, top: OpId, iso_of: &mut [Option<OpId>]) -> bool {
        match self.tree_blocks[block.index()] {
            IN_TREE => true,
            OUT_OF_TREE => false,
            _ => self.resolve(block, top, iso_of),
        }
    }

    /// Whether `block` is in the tree under `top`, recording that (and the nearest
    /// isolated ancestor of its ops in `iso_of`) for it and the unresolved blocks
    /// above it: each block is climbed once.
    #[inline(never)]
    fn resolve(&mut self, block: BlockId, top: OpId, iso_of: &mut [Option<OpId>]) -> bool {
        let module = self.module;
        let mut chain: SmallVec<[BlockId; 8]> = SmallVec::new();
        let mut cur = block;
        let (inside, mut iso) = loop {
            match self.tree_blocks[cur.index()] {
                IN_TREE => break (true, iso_of[cur.index()]),
                OUT_OF_TREE => break (false, None),
                _ => {}
            }
            chain.push(cur);
            match module.block_parent_op(cur) {
                Some(owner) if owner == top => break (true, None),
                Some(owner) => match module.op(owner).parent() {
                    Some(above) if !module.op(owner).is_erased() => cur = above,
                    _ => break (false, None),
                },
                None => break (false, None),
            }
        };
        for &b in chain.iter().rev() {
            if inside {
                if let Some(owner) = module.block_parent_op(b)
                    && self.is_isolated(owner)
                {
                    iso = Some(owner);
                }
                iso_of[b.index()] = iso;
            }
            self.tree_blocks[b.index()] = if inside { IN_TREE } else { OUT_OF_TREE };
        }
        inside
    }

    /// Whether `block` is in the tree, by climbing its ancestors (for a block that
    /// [`Verifier::index_changed`] did not resolve).
    #[cold]
    pub(super) fn climb_to_top(&self, block: BlockId) -> bool {
        let module = self.module;
        let mut cur = block;
        loop {
            match self.tree_blocks[cur.index()] {
                IN_TREE => return true,
                OUT_OF_TREE => return false,
                _ => {}
            }
            let Some(owner) = module.block_parent_op(cur) else {
                return false;
            };
            if Some(owner) == self.top {
                return true;
            }
            match module.op(owner).parent() {
                Some(above) if !module.op(owner).is_erased() => cur = above,
                _ => return false,
            }
        }
    }

    /// The ops of `all` (in its order) that `only` names, with the isolated op each
    /// sits in when it reads a value defined outside that op's direct body: a use
    /// from outside an isolated region is that region's owner's error to report.
    pub(super) fn changed_ops(&self, all: &[OpId], only: &[OpId]) -> Vec<OpId> {
        let module = self.module;
        let mut todo = vec![false; module.num_ops()];
        // Each op's nearest isolated ancestor, from the pre-order walk.
        let mut isolated_in: Vec<Option<OpId>> = vec![None; module.num_ops()];
        // Siblings come in runs: the parent's answer is worked out once per run.
        let mut last: Option<(OpId, Option<OpId>)> = None;
        for &op in all {
            if let Some(p) = module.parent_op(op) {
                let iso = match last {
                    Some((q, iso)) if q == p => iso,
                    _ => {
                        let iso = if self.is_isolated(p) {
                            Some(p)
                        } else {
                            isolated_in[p.index()]
                        };
                        last = Some((p, iso));
                        iso
                    }
                };
                isolated_in[op.index()] = iso;
            }
        }
        for &op in only {
            let Some(slot) = todo.get_mut(op.index()) else {
                continue;
            };
            *slot = true;
            let Some(iso) = isolated_in[op.index()] else {
                continue;
            };
            let outside = module.operands(op).iter().any(|&v| {
                let owner = match module.value(v).def() {
                    ValueDef::Result { op: d, .. } => module.parent_op(d),
                    ValueDef::BlockArg { block, .. } => module.block_parent_op(block),
                    ValueDef::Placeholder => None,
                };
                owner.is_some_and(|o| o != iso && isolated_in[o.index()] != Some(iso))
            });
            if outside {
                todo[iso.index()] = true;
            }
        }
        all.iter().copied().filter(|o| todo[o.index()]).collect()
    }
}
