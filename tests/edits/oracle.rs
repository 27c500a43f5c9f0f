//! What the verifier must report, worked out from the model alone: upstream MLIR's
//! rules (checked against mlir-opt where text can express the case) computed the
//! slow and obvious way. Dominance between blocks is "every path from the entry
//! passes through it", found by a search that avoids the dominator.
//!
//! One deliberate difference from upstream: upstream skips every dominance check
//! of an op directly in an unreachable block; a value from a region that does not
//! enclose the use is still reported there, as such IR cannot be printed and read
//! back (only edits can build it; text cannot express it).
//!
//! Within a block, order matters unless the block is the only one of a region of an
//! unregistered op or of the module: upstream treats those as graph regions.
//!
//! The verifier reports each failing op's first error, in pre-order. Per op, as
//! upstream checks structure before dominance: a successor-holding op is last in its
//! block; each operand names a live value; a `func.return` is last; successors are
//! blocks of the op's own region; an isolated op's nested uses stay inside it; the
//! entry blocks of its regions have no predecessors; blocks of regions that need
//! terminators are not empty; and last, each operand's definition dominates the use.

use crate::model::{Def, Kind, Model};
use std::collections::{BTreeMap, BTreeSet};
use tensor_ir::{BlockId, OpId, RegionId, Value};

/// An expected diagnostic: its message and its notes' messages (without the
/// `see current operation` note every op error carries).
pub type Expected = (String, Vec<String>);

/// The diagnostics the verifier must report, in order.
pub fn expected_diagnostics(m: &Model) -> Vec<Expected> {
    let mut facts = Facts::new(m);
    m.subtree(m.top)
        .into_iter()
        .filter_map(|op| first_error(&mut facts, op))
        .collect()
}

fn first_error(f: &mut Facts, op: OpId) -> Option<Expected> {
    let m = f.m;
    let o = m.op(op);
    let plain = |s: &str| Some((s.to_owned(), Vec::new()));
    let named = |s: String| Some((format!("'{}' op {s}", o.name), Vec::new()));
    if !o.successors.is_empty() && m.position(op).is_some_and(|i| i + 1 != block_len(m, op)) {
        return plain("operation with block successors must terminate its parent block");
    }
    for (i, &v) in o.operands.iter().enumerate() {
        if let Some(e) = dangling_operand(f, op, i, v) {
            return Some(e);
        }
    }
    if o.kind == Kind::Return && m.position(op).is_some_and(|i| i + 1 != block_len(m, op)) {
        return named("must be the last operation in the parent block".into());
    }
    let region = m.op_region(op);
    for &s in &o.successors {
        if !f.live_blocks.contains(&s) || m.block(s).parent != region {
            return named("branching to block of a different region".into());
        }
    }
    if matches!(o.kind, Kind::Func | Kind::Top) {
        for inner in isolated_walk(m, op) {
            for &v in &m.op(inner).operands {
                let Some(b) = def_block(m, v).filter(|b| f.live_blocks.contains(b)) else {
                    continue;
                };
                if !block_inside(m, b, op) {
                    return Some((
                        format!(
                            "'{}' op using value defined outside the region",
                            m.op(inner).name
                        ),
                        vec!["required by region isolation constraints".into()],
                    ));
                }
            }
        }
    }
    for &r in &o.regions {
        if let Some(entry) = m.region(r).blocks.first()
            && f.branched_to.contains(entry)
        {
            return plain("entry block of region may not have predecessors");
        }
    }
    // Single-block regions of unregistered ops and of the module need no terminator.
    let no_terminator = matches!(o.kind, Kind::T | Kind::Top);
    for &r in &o.regions {
        let blocks = &m.region(r).blocks;
        if no_terminator && blocks.len() == 1 {
            continue;
        }
        if blocks.iter().any(|&b| m.block(b).ops.is_empty()) {
            return plain("empty block: expect at least a terminator");
        }
    }
    // Dominance last: upstream checks it once the structure is sound.
    for (i, &v) in o.operands.iter().enumerate() {
        if let Some(e) = dominance_error(f, op, i, v) {
            return Some(e);
        }
    }
    None
}

/// The ops nested in the isolated `root`, in pre-order, without entering nested
/// isolated ops (whose uses are theirs to check).
fn isolated_walk(m: &Model, root: OpId) -> Vec<OpId> {
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(op) = stack.pop() {
        if op != root {
            out.push(op);
            if matches!(m.op(op).kind, Kind::Func | Kind::Top) {
                continue;
            }
        }
        for &r in m.op(op).regions.iter().rev() {
            for &b in m.region(r).blocks.iter().rev() {
                stack.extend(m.block(b).ops.iter().rev());
            }
        }
    }
    out
}

/// Whether order matters in the blocks of `r`: always with several blocks; the only
/// block of an unregistered op's region or of the module's is a graph region.
fn ssa_dominance(m: &Model, r: RegionId) -> bool {
    m.region(r).blocks.len() > 1
        || m.region(r)
            .parent
            .is_some_and(|p| m.op(p).kind == Kind::Func)
}

fn block_len(m: &Model, op: OpId) -> usize {
    m.op(op).parent.map_or(0, |b| m.block(b).ops.len())
}

/// The block defining `v`, if it has one.
fn def_block(m: &Model, v: Value) -> Option<BlockId> {
    match m.values[&v].def {
        Def::Result(d, _) => m.op(d).parent,
        Def::Arg(b) => Some(b),
        Def::Gone => None,
    }
}

fn block_inside(m: &Model, b: BlockId, op: OpId) -> bool {
    m.block_parent_op(b).is_some_and(|p| m.is_ancestor(op, p))
}

/// Why operand `i` (`v`) of `user` names no live value, if it does not.
fn dangling_operand(f: &Facts, user: OpId, i: usize, v: Value) -> Option<Expected> {
    let m = f.m;
    let what = match m.values[&v].def {
        Def::Result(d, _) if m.op(d).erased => "is a result of an erased operation",
        Def::Result(d, _) if !f.live_ops.contains(&d) => {
            "is a result of an operation that is not in the module"
        }
        Def::Arg(b) if !f.live_blocks.contains(&b) => {
            "is an argument of a block that is not in the module"
        }
        Def::Gone => "is not defined (an erased block argument or an unresolved reference)",
        _ => return None,
    };
    let name = &m.op(user).name;
    Some((format!("'{name}' op operand #{i} {what}"), Vec::new()))
}

/// Why the definition of operand `i` (`v`, live) of `user` does not dominate it, if
/// it does not.
fn dominance_error(f: &mut Facts, user: OpId, i: usize, v: Value) -> Option<Expected> {
    let m = f.m;
    let def = m.values[&v].def;
    let user_block = m.op(user).parent.expect("a user in the tree has a block");
    let user_region = m.block(user_block).parent.expect("its block has a region");
    let def_block = def_block(m, v).expect("a live value has a block");
    let def_region = m
        .block(def_block)
        .parent
        .expect("a live block has a region");
    // The ancestor of the user in the defining region; crossing an isolated op first
    // makes the use that op's isolation error, if the value is from outside it.
    let mut anc = user;
    let found = loop {
        if m.op_region(anc) == Some(def_region) {
            break Some(anc);
        }
        let p = m
            .parent_op(anc)
            .expect("ops in the tree have parents up to the top");
        if matches!(m.op(p).kind, Kind::Func | Kind::Top) {
            if !block_inside(m, def_block, p) {
                return None;
            }
            break None;
        }
        anc = p;
    };
    // Upstream checks dominance only for ops in blocks reachable from their region's
    // entry. A value of a region that does not enclose the use is still an error
    // there (a deliberate difference): the printed IR could not be parsed back.
    if found.is_some() && !f.reachable(user_region, user_block) {
        return None;
    }
    let dominates = found.is_some_and(|a| {
        let a_block = m.op(a).parent.expect("in a block");
        match def {
            Def::Result(d, _) if a_block == def_block => {
                !ssa_dominance(m, def_region)
                    || m.position(d).expect("live") < m.position(a).expect("live")
            }
            _ => a_block == def_block || f.dominates(def_region, def_block, a_block),
        }
    });
    if dominates {
        return None;
    }
    let where_ = if user_region == def_region {
        "the same region"
    } else if m.region_is_proper_ancestor(def_region, user_region) {
        "a parent region"
    } else if m.region_is_proper_ancestor(user_region, def_region) {
        "a child region"
    } else {
        "neither"
    };
    let note = match def {
        Def::Result(..) if user_block == def_block => {
            "operand defined here (op in the same block)".to_owned()
        }
        Def::Result(..) if where_ == "neither" => {
            "operand defined here (op is neither in a parent nor in a child region)".to_owned()
        }
        Def::Result(..) => format!("operand defined here (op in {where_})"),
        _ => {
            let k = m
                .region(def_region)
                .blocks
                .iter()
                .position(|&b| b == def_block)
                .expect("in its region");
            if where_ == "neither" {
                format!(
                    "operand defined as a block argument (block #{k} neither in a parent nor in a child region)"
                )
            } else {
                format!("operand defined as a block argument (block #{k} in {where_})")
            }
        }
    };
    Some((
        format!("operand #{i} does not dominate this use"),
        vec![note],
    ))
}

/// What the oracle computes once per module: which ops and blocks hang from the
/// top, which blocks are branched to, and each region's control flow.
struct Facts<'a> {
    m: &'a Model,
    live_ops: BTreeSet<OpId>,
    live_blocks: BTreeSet<BlockId>,
    branched_to: BTreeSet<BlockId>,
    regions: BTreeMap<RegionId, RegionFlow>,
}

/// Blocks reached from a region's entry, and for each block those reached without
/// passing through it.
struct RegionFlow {
    reachable: BTreeSet<BlockId>,
    avoiding: BTreeMap<BlockId, BTreeSet<BlockId>>,
}

impl<'a> Facts<'a> {
    fn new(m: &'a Model) -> Self {
        let live: Vec<OpId> = m.subtree(m.top);
        let live_blocks = live
            .iter()
            .flat_map(|&o| m.op(o).regions.iter())
            .flat_map(|&r| m.region(r).blocks.iter().copied())
            .collect();
        let branched_to = live
            .iter()
            .flat_map(|&o| m.op(o).successors.iter().copied())
            .collect();
        Facts {
            m,
            live_ops: live.into_iter().collect(),
            live_blocks,
            branched_to,
            regions: BTreeMap::new(),
        }
    }

    /// A block's edges: the successors (in its region) of its last op, as upstream's
    /// `Block::getSuccessors`.
    fn successors(&self, region: RegionId, b: BlockId) -> Vec<BlockId> {
        let m = self.m;
        let blocks = &m.region(region).blocks;
        m.block(b)
            .ops
            .last()
            .map(|&t| {
                m.op(t)
                    .successors
                    .iter()
                    .copied()
                    .filter(|s| blocks.contains(s))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Blocks reached from the entry without passing through `avoid`.
    fn reach(&self, region: RegionId, avoid: Option<BlockId>) -> BTreeSet<BlockId> {
        let mut seen = BTreeSet::new();
        let Some(&entry) = self.m.region(region).blocks.first() else {
            return seen;
        };
        if Some(entry) == avoid {
            return seen;
        }
        let mut stack = vec![entry];
        seen.insert(entry);
        while let Some(b) = stack.pop() {
            for s in self.successors(region, b) {
                if Some(s) != avoid && seen.insert(s) {
                    stack.push(s);
                }
            }
        }
        seen
    }

    fn flow(&mut self, region: RegionId) -> &RegionFlow {
        if !self.regions.contains_key(&region) {
            let flow = RegionFlow {
                reachable: self.reach(region, None),
                avoiding: self
                    .m
                    .region(region)
                    .blocks
                    .iter()
                    .map(|&d| (d, self.reach(region, Some(d))))
                    .collect(),
            };
            self.regions.insert(region, flow);
        }
        &self.regions[&region]
    }

    fn reachable(&mut self, region: RegionId, b: BlockId) -> bool {
        self.flow(region).reachable.contains(&b)
    }

    /// True if every path from the entry to `b` passes through `d`; unreachable
    /// blocks are dominated by every block.
    fn dominates(&mut self, region: RegionId, d: BlockId, b: BlockId) -> bool {
        let flow = self.flow(region);
        d == b || !flow.reachable.contains(&b) || !flow.avoiding[&d].contains(&b)
    }
}

/// The values an op inserted at `pos` in `block` may use: arguments and earlier
/// results of its block, everything in dominating blocks of its region, and what
/// its enclosing op sees, up to the function. Only a bias for choosing operands:
/// whatever is chosen, the oracle judges the result.
pub fn visible_at(m: &Model, block: BlockId, pos: usize) -> Vec<Value> {
    let mut out = Vec::new();
    // Only control flow is needed here.
    let mut facts = Facts {
        m,
        live_ops: BTreeSet::new(),
        live_blocks: BTreeSet::new(),
        branched_to: BTreeSet::new(),
        regions: BTreeMap::new(),
    };
    let mut cur = Some((block, pos));
    while let Some((b, pos)) = cur.take() {
        let defined_in = |out: &mut Vec<Value>, b: BlockId, upto: usize| {
            out.extend(m.block(b).args.iter().copied());
            for &op in m.block(b).ops.iter().take(upto) {
                out.extend(m.op(op).results.iter().copied());
            }
        };
        defined_in(&mut out, b, pos);
        let Some(r) = m.block(b).parent else { break };
        for &d in &m.region(r).blocks {
            if d != b && facts.dominates(r, d, b) {
                defined_in(&mut out, d, usize::MAX);
            }
        }
        let Some(p) = m.region(r).parent else { break };
        if m.op(p).kind == Kind::T
            && let Some(pb) = m.op(p).parent
        {
            cur = Some((pb, m.position(p).expect("in its block")));
        }
    }
    out
}
