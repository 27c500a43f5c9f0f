//! Deep copies of operations and regions, as upstream's `Operation::clone` and
//! `Region::cloneInto` with an `IRMapping`.

use super::{BlockId, Module, OpId, OperationState, RegionId, Value};
use rustc_hash::FxHashMap;

/// What a clone maps: original values and blocks to their copies. Values not in the
/// map are used as they are (they are defined outside what is cloned).
#[derive(Clone, Debug, Default)]
pub struct ValueMap {
    values: FxHashMap<Value, Value>,
    blocks: FxHashMap<BlockId, BlockId>,
}

impl ValueMap {
    /// An empty map.
    pub fn new() -> Self {
        ValueMap::default()
    }

    /// Maps `from` to `to`.
    pub fn map(&mut self, from: Value, to: Value) {
        self.values.insert(from, to);
    }

    /// What `v` maps to, or `v` itself.
    pub fn lookup(&self, v: Value) -> Value {
        self.values.get(&v).copied().unwrap_or(v)
    }

    /// What `b` maps to, or `b` itself.
    pub fn lookup_block(&self, b: BlockId) -> BlockId {
        self.blocks.get(&b).copied().unwrap_or(b)
    }
}

impl Module {
    /// A detached deep copy of `op`: operands mapped through `map` (values defined
    /// outside `op` stay as they are), regions copied, and every result and block
    /// argument of the copy recorded in `map`.
    pub fn clone_op(&mut self, op: OpId, map: &mut ValueMap) -> OpId {
        let mut created = Vec::new();
        let copy = self.clone_shallow(op, map, &mut created);
        // Copy regions breadth-first with an explicit work list: nesting depth is
        // input-driven, so no recursion.
        let mut work: Vec<(RegionId, RegionId)> = self
            .op(op)
            .regions()
            .iter()
            .copied()
            .zip(self.op(copy).regions().iter().copied())
            .collect();
        while let Some((src, dst)) = work.pop() {
            self.clone_region_blocks(src, dst, map, &mut created, &mut work);
        }
        self.remap(&created, map);
        copy
    }

    /// Copies the blocks of `src` to the end of `dst`, mapping values through `map`.
    pub fn clone_region_into(&mut self, src: RegionId, dst: RegionId, map: &mut ValueMap) {
        let mut created = Vec::new();
        let mut work = vec![(src, dst)];
        while let Some((s, d)) = work.pop() {
            self.clone_region_blocks(s, d, map, &mut created, &mut work);
        }
        self.remap(&created, map);
    }

    /// Copies one op without its regions' contents (its regions are new and empty).
    fn clone_shallow(&mut self, op: OpId, map: &mut ValueMap, created: &mut Vec<OpId>) -> OpId {
        let o = self.op(op).clone();
        let mut state = OperationState::new(o.name(), o.location());
        state.operands = self.operands(op).iter().map(|&v| map.lookup(v)).collect();
        state.result_types = self.result_types(op);
        state.attrs = o.attrs().to_vec();
        state.props = o.props().to_vec();
        state.props_written = o.props_written();
        state.successors = o.successors().iter().copied().collect();
        for _ in o.regions() {
            state.regions.push(self.create_region());
        }
        let copy = self.create_op(state);
        for (r, c) in self.results(op).zip(self.results(copy)) {
            map.map(r, c);
        }
        created.push(copy);
        copy
    }

    fn clone_region_blocks(
        &mut self,
        src: RegionId,
        dst: RegionId,
        map: &mut ValueMap,
        created: &mut Vec<OpId>,
        work: &mut Vec<(RegionId, RegionId)>,
    ) {
        let blocks = self.region(src).blocks().to_vec();
        // All blocks first, so successors and arguments of later blocks map.
        let mut copies = Vec::with_capacity(blocks.len());
        for &b in &blocks {
            let types: Vec<_> = self
                .block(b)
                .args()
                .iter()
                .map(|&a| self.value_type(a))
                .collect();
            let c = self.create_block(&types, self.block(b).location());
            for (&a, &ca) in self.block(b).args().iter().zip(self.block(c).args()) {
                map.map(a, ca);
            }
            map.blocks.insert(b, c);
            // A fresh block in a region of a fresh op: appending cannot fail.
            let _ = self.append_block(dst, c);
            copies.push(c);
        }
        for (&b, &c) in blocks.iter().zip(&copies) {
            let ops: Vec<OpId> = self.block_ops(b).collect();
            for op in ops {
                let copy = self.clone_shallow(op, map, created);
                let _ = self.append_op(c, copy);
                let pairs = self.op(op).regions().to_vec();
                work.extend(pairs.into_iter().zip(self.op(copy).regions().to_vec()));
            }
        }
    }

    /// Maps operands and successors of `ops` again, now that every copy is known (a
    /// use may precede its definition in block order).
    fn remap(&mut self, ops: &[OpId], map: &ValueMap) {
        for &op in ops {
            let operands: Vec<Value> = self.operands(op).iter().map(|&v| map.lookup(v)).collect();
            self.set_operands(op, &operands);
            let succs: Vec<BlockId> = self
                .op(op)
                .successors()
                .iter()
                .map(|&b| map.lookup_block(b))
                .collect();
            self.set_successors(op, &succs);
        }
    }
}
