//! Block dominance within a region (Lengauer and Tarjan's algorithm, with path
//! compression: O(E log N), and no recursion, so long chains of blocks and blocks
//! with many predecessors cost what their edges cost), as the verifier needs it for
//! uses across the blocks of a multi-block region. Dominance queries are O(1), from
//! the intervals of a walk of the dominator tree.

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
    /// Entry and exit times of each block in a walk of the dominator tree: `a`
    /// dominates `b` when `b`'s interval lies within `a`'s.
    enter: Vec<u32>,
    exit: Vec<u32>,
}

const NONE: usize = usize::MAX;

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
        let idom = immediate_dominators(&succs);
        let reachable: Vec<bool> = (0..n).map(|b| b == 0 || idom[b].is_some()).collect();
        let (enter, exit) = tree_intervals(&idom);
        DomTree {
            blocks: blocks.to_vec(),
            index,
            idom,
            reachable,
            enter,
            exit,
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
        self.reachable[a] && self.enter[a] <= self.enter[b] && self.exit[b] <= self.exit[a]
    }

    /// The block's immediate dominator; `None` for the entry, unreachable blocks and
    /// blocks of other regions.
    pub fn immediate_dominator(&self, b: BlockId) -> Option<BlockId> {
        let i = *self.index.get(&b)?;
        self.idom[i].map(|d| self.blocks[d])
    }
}

/// The immediate dominator of each node of a graph with entry 0 (`None` for the
/// entry and for nodes it does not reach), by Lengauer and Tarjan's algorithm.
fn immediate_dominators(succs: &[Vec<usize>]) -> Vec<Option<usize>> {
    let n = succs.len();
    let mut idom: Vec<Option<usize>> = vec![None; n];
    if n == 0 {
        return idom;
    }
    // Depth-first preorder from the entry, iteratively: `number[b]` is b's
    // preorder number, `vertex[i]` the node numbered i, `parent[i]` the number of
    // its parent in the search tree.
    let mut number = vec![NONE; n];
    let mut vertex = Vec::with_capacity(n);
    let mut parent = Vec::with_capacity(n);
    let mut stack = vec![(0usize, NONE)];
    while let Some((b, from)) = stack.pop() {
        if number[b] != NONE {
            continue;
        }
        number[b] = vertex.len();
        vertex.push(b);
        parent.push(from);
        // Reversed, so successors are visited in order.
        for &s in succs[b].iter().rev() {
            if number[s] == NONE {
                stack.push((s, number[b]));
            }
        }
    }
    let m = vertex.len();
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); m];
    for (i, &b) in vertex.iter().enumerate() {
        for &s in &succs[b] {
            preds[number[s]].push(i);
        }
    }
    // Over preorder numbers from here on.
    let mut semi: Vec<usize> = (0..m).collect();
    let mut label: Vec<usize> = (0..m).collect();
    let mut ancestor = vec![NONE; m];
    let mut dom = vec![0usize; m];
    let mut bucket: Vec<Vec<usize>> = vec![Vec::new(); m];
    let mut path = Vec::new();
    for w in (1..m).rev() {
        for &v in &preds[w] {
            let u = eval(v, &mut ancestor, &mut label, &semi, &mut path);
            semi[w] = semi[w].min(semi[u]);
        }
        bucket[semi[w]].push(w);
        let p = parent[w];
        ancestor[w] = p;
        for v in std::mem::take(&mut bucket[p]) {
            let u = eval(v, &mut ancestor, &mut label, &semi, &mut path);
            dom[v] = if semi[u] < semi[v] { u } else { p };
        }
    }
    for w in 1..m {
        if dom[w] != semi[w] {
            dom[w] = dom[dom[w]];
        }
        idom[vertex[w]] = Some(vertex[dom[w]]);
    }
    idom
}

/// The node of least semidominator on the compressed forest path above `v`.
/// Path compression without recursion: the path is collected first, then
/// compressed from the root down.
fn eval(
    v: usize,
    ancestor: &mut [usize],
    label: &mut [usize],
    semi: &[usize],
    path: &mut Vec<usize>,
) -> usize {
    if ancestor[v] == NONE {
        return v;
    }
    path.clear();
    let mut x = v;
    while ancestor[ancestor[x]] != NONE {
        path.push(x);
        x = ancestor[x];
    }
    while let Some(x) = path.pop() {
        let a = ancestor[x];
        if semi[label[a]] < semi[label[x]] {
            label[x] = label[a];
        }
        ancestor[x] = ancestor[a];
    }
    label[v]
}

/// Entry and exit times of a walk of the tree given by `idom` (rooted at 0).
fn tree_intervals(idom: &[Option<usize>]) -> (Vec<u32>, Vec<u32>) {
    let n = idom.len();
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (b, d) in idom.iter().enumerate() {
        if let Some(d) = d {
            children[*d].push(b);
        }
    }
    let (mut enter, mut exit) = (vec![0u32; n], vec![0u32; n]);
    if n == 0 {
        return (enter, exit);
    }
    let mut clock = 0u32;
    let mut stack = vec![(0usize, 0usize)];
    enter[0] = clock;
    while let Some((b, next)) = stack.pop() {
        if let Some(&c) = children[b].get(next) {
            stack.push((b, next + 1));
            clock += 1;
            enter[c] = clock;
            stack.push((c, 0));
        } else {
            clock += 1;
            exit[b] = clock;
        }
    }
    (enter, exit)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Dominators by the definition: `a` dominates `b` when removing `a` makes `b`
    /// unreachable from the entry.
    fn naive(succs: &[Vec<usize>]) -> Vec<Option<usize>> {
        let n = succs.len();
        let reach = |skip: usize| {
            let mut seen = vec![false; n];
            let mut stack = vec![0];
            while let Some(b) = stack.pop() {
                if b == skip || seen[b] {
                    continue;
                }
                seen[b] = true;
                stack.extend(succs[b].iter().copied());
            }
            seen
        };
        let all = reach(NONE);
        let doms: Vec<Vec<bool>> = (0..n)
            .map(|a| {
                let r = reach(a);
                (0..n).map(|b| all[b] && (a == b || !r[b])).collect()
            })
            .collect();
        (0..n)
            .map(|b| {
                if b == 0 || !all[b] {
                    return None;
                }
                // The strict dominator that every other strict dominator dominates.
                (0..n).find(|&d| {
                    d != b
                        && doms[d][b]
                        && (0..n).all(|e| e == b || e == d || !doms[e][b] || doms[e][d])
                })
            })
            .collect()
    }

    #[test]
    fn matches_the_definition_on_random_graphs() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |bound: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % bound as u64) as usize
        };
        for _ in 0..500 {
            let n = 1 + next(12);
            let succs: Vec<Vec<usize>> = (0..n)
                .map(|_| (0..next(4)).map(|_| next(n)).collect())
                .collect();
            assert_eq!(immediate_dominators(&succs), naive(&succs), "{succs:?}");
            let idom = immediate_dominators(&succs);
            let (enter, exit) = tree_intervals(&idom);
            for a in 0..n {
                for b in 0..n {
                    let mut cur = Some(b);
                    let mut walks = false;
                    while let Some(c) = cur {
                        walks |= c == a;
                        cur = idom[c];
                    }
                    let reached = b == 0 || idom[b].is_some();
                    let a_reached = a == 0 || idom[a].is_some();
                    if reached && a_reached {
                        let by_interval = enter[a] <= enter[b] && exit[b] <= exit[a];
                        assert_eq!(walks, by_interval, "{succs:?} {a} {b}");
                    }
                }
            }
        }
    }
}
