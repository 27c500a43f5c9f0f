//! Creating and editing IR. Every edit keeps block lists, parent links and use-lists
//! consistent; edits that would leave the IR dangling are refused with an
//! [`EditError`] instead of being carried out (an op whose results are used cannot be
//! erased; an op cannot be inserted into its own region).

use super::{
    Block, BlockId, Link, Module, NONE, OpId, Operation, OperationState, Region, RegionId, Use,
    Value, ValueData, ValueDef, next_id, unpack,
};
use crate::Type;
use crate::location::Location;
use rustc_hash::FxHashSet;

/// `items` as a boxed slice; the common empty case allocates nothing, and a
/// `SmallVec` held inline would otherwise go through a `Vec` first.
fn boxed<T: Copy>(items: &[T]) -> Box<[T]> {
    if items.is_empty() {
        Box::default()
    } else {
        items.into()
    }
}

/// Why an edit was refused. The IR is unchanged when an edit returns one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    /// Erasing would leave a use of a result or block argument dangling.
    #[error("cannot erase: value is still used by operand #{} of another operation", .user.index)]
    StillUsed {
        /// The first outside use found.
        user: Use,
    },
    /// The operation or block was erased already.
    #[error("the operation or block was already erased")]
    Erased,
    /// The operation or block is already attached somewhere; detach it first.
    #[error("the operation or block is already attached; detach it first")]
    Attached,
    /// The anchor of an insertion is not in a block.
    #[error("the anchor operation is not in a block")]
    AnchorDetached,
    /// Inserting an operation into one of its own regions.
    #[error("an operation cannot be inserted into one of its own regions")]
    Cycle,
    /// A replacement gives a different number of values than the op has results.
    #[error("replacement has {found} values for an operation with {expected} results")]
    CountMismatch {
        /// Results of the replaced operation.
        expected: usize,
        /// Values given.
        found: usize,
    },
    /// An operand, result, argument or successor index out of range.
    #[error("index {index} is out of range (there are {len})")]
    OutOfRange {
        /// The index asked for.
        index: usize,
        /// How many there are.
        len: usize,
    },
    /// Another block's terminator still branches to the block.
    #[error("the block is still the successor of an operation")]
    HasPredecessors,
    /// The top-level module operation cannot be erased or moved.
    #[error("the top-level operation cannot be erased or moved")]
    Top,
}

impl Module {
    /// Creates a detached operation with fresh result values; its regions must be
    /// detached (the op takes them).
    pub fn create_op(&mut self, state: OperationState) -> OpId {
        let OperationState {
            name,
            operands,
            result_types,
            attrs,
            props,
            regions,
            successors,
            location,
            props_written,
        } = state;
        let id = OpId(next_id(self.ops.len()));
        let first_result = next_id(self.values.len());
        self.values.reserve(result_types.len());
        for (index, &ty) in (0u32..).zip(result_types.iter()) {
            self.values.push(ValueData {
                ty,
                def: ValueDef::Result { op: id, index },
                first_use: NONE,
            });
        }
        for &r in &regions {
            self.regions[r.index()].parent = id.0;
        }
        let operand_start = next_id(self.operand_values.len());
        self.ops.push(Operation {
            name,
            location,
            operand_start,
            num_operands: next_id(operands.len()),
            first_result,
            num_results: next_id(result_types.len()),
            props: props.into_boxed_slice(),
            attrs: attrs.into_boxed_slice(),
            regions: boxed(&regions),
            successors: boxed(&successors),
            parent: NONE,
            prev: NONE,
            next: NONE,
            erased: false,
            props_written,
        });
        self.push_operands(id, &operands);
        self.note_op(id);
        id
    }

    /// Creates a detached region.
    pub fn create_region(&mut self) -> RegionId {
        self.note_global();
        let id = RegionId(next_id(self.regions.len()));
        self.regions.push(Region {
            blocks: Vec::new(),
            parent: NONE,
        });
        id
    }

    /// Creates a detached block with arguments of the given types.
    pub fn create_block(&mut self, arg_types: &[Type], location: Location) -> BlockId {
        self.note_global();
        let id = BlockId(next_id(self.blocks.len()));
        self.blocks.push(Block {
            args: Vec::with_capacity(arg_types.len()),
            first: NONE,
            last: NONE,
            len: 0,
            parent: NONE,
            location,
            erased: false,
        });
        for &ty in arg_types {
            self.add_block_arg(id, ty);
        }
        id
    }

    /// Adds an argument to a block.
    pub fn add_block_arg(&mut self, block: BlockId, ty: Type) -> Value {
        self.note_global();
        let index = next_id(self.blocks[block.index()].args.len());
        let v = self.new_value(ty, ValueDef::BlockArg { block, index });
        self.blocks[block.index()].args.push(v);
        v
    }

    /// Removes argument `index` of a block; refused while it is used.
    pub fn erase_block_arg(&mut self, block: BlockId, index: usize) -> Result<(), EditError> {
        let args = &self.blocks[block.index()].args;
        let Some(&arg) = args.get(index) else {
            return Err(EditError::OutOfRange {
                index,
                len: args.len(),
            });
        };
        if let Some(user) = self.uses(arg).next() {
            return Err(EditError::StillUsed { user });
        }
        self.note_global();
        self.blocks[block.index()].args.remove(index);
        // The argument keeps its id as a tombstone; later ones shift down.
        self.values[arg.index()].def = ValueDef::Placeholder;
        for (i, &a) in self.blocks[block.index()]
            .args
            .iter()
            .enumerate()
            .skip(index)
        {
            self.values[a.index()].def = ValueDef::BlockArg {
                block,
                index: next_id(i),
            };
        }
        Ok(())
    }

    /// Creates a value that is not yet defined (a parser forward reference).
    pub fn create_placeholder(&mut self, ty: Type) -> Value {
        self.new_value(ty, ValueDef::Placeholder)
    }

    fn new_value(&mut self, ty: Type, def: ValueDef) -> Value {
        let v = Value(next_id(self.values.len()));
        self.values.push(ValueData {
            ty,
            def,
            first_use: NONE,
        });
        v
    }

    /// Changes a value's type (for type-refining passes).
    pub fn set_value_type(&mut self, v: Value, ty: Type) {
        self.note_value_type(v);
        self.values[v.index()].ty = ty;
    }

    /// Appends a detached block to a region.
    pub fn append_block(&mut self, region: RegionId, block: BlockId) -> Result<(), EditError> {
        let len = self.regions[region.index()].blocks.len();
        self.insert_block(region, len, block)
    }

    /// Inserts a detached block into a region at position `index`.
    pub fn insert_block(
        &mut self,
        region: RegionId,
        index: usize,
        block: BlockId,
    ) -> Result<(), EditError> {
        let b = &self.blocks[block.index()];
        if b.erased {
            return Err(EditError::Erased);
        }
        if b.parent != NONE {
            return Err(EditError::Attached);
        }
        let len = self.regions[region.index()].blocks.len();
        if index > len {
            return Err(EditError::OutOfRange { index, len });
        }
        if let Some(owner) = self.regions[region.index()].parent() {
            // A block holding the region's owner would make the owner its own ancestor.
            let mut inner = Vec::new();
            self.block_ops(block)
                .for_each(|op| self.walk(op, |o| inner.push(o)));
            if inner.iter().any(|&o| self.is_ancestor(o, owner)) {
                return Err(EditError::Cycle);
            }
        }
        self.note_global();
        self.blocks_inserted += 1;
        self.blocks[block.index()].parent = region.0;
        self.regions[region.index()].blocks.insert(index, block);
        Ok(())
    }

    /// Detaches a block from its region (its ops and their uses stay).
    pub fn detach_block(&mut self, block: BlockId) -> Result<(), EditError> {
        let Some(region) = self.blocks[block.index()].parent() else {
            return Ok(());
        };
        self.note_global();
        self.regions[region.index()].blocks.retain(|&b| b != block);
        self.blocks[block.index()].parent = NONE;
        Ok(())
    }

    /// Checks that `op` may be inserted into `block`.
    fn check_insert(&self, op: OpId, block: BlockId) -> Result<(), EditError> {
        let o = &self.ops[op.index()];
        if o.erased || self.blocks[block.index()].erased {
            return Err(EditError::Erased);
        }
        if o.parent != NONE {
            return Err(EditError::Attached);
        }
        if Some(op) == self.top {
            return Err(EditError::Top);
        }
        if !o.regions.is_empty()
            && let Some(holder) = self.block_parent_op(block)
            && self.is_ancestor(op, holder)
        {
            return Err(EditError::Cycle);
        }
        Ok(())
    }

    /// Links a checked, detached `op` into `block` between `prev` and `next`.
    fn link_op(&mut self, op: OpId, block: BlockId, prev: u32, next: u32) {
        {
            let o = &mut self.ops[op.index()];
            o.parent = block.0;
            o.prev = prev;
            o.next = next;
        }
        match unpack(prev) {
            Some(p) => self.ops[p as usize].next = op.0,
            None => self.blocks[block.index()].first = op.0,
        }
        match unpack(next) {
            Some(n) => self.ops[n as usize].prev = op.0,
            None => self.blocks[block.index()].last = op.0,
        }
        self.blocks[block.index()].len += 1;
        self.note_position(op);
    }

    /// Appends a detached operation to a block.
    pub fn append_op(&mut self, block: BlockId, op: OpId) -> Result<(), EditError> {
        self.check_insert(op, block)?;
        let last = self.blocks[block.index()].last;
        self.link_op(op, block, last, NONE);
        Ok(())
    }

    /// Inserts a detached operation at the start of a block.
    pub fn prepend_op(&mut self, block: BlockId, op: OpId) -> Result<(), EditError> {
        self.check_insert(op, block)?;
        let first = self.blocks[block.index()].first;
        self.link_op(op, block, NONE, first);
        Ok(())
    }

    /// Inserts a detached operation right before `anchor`.
    pub fn insert_op_before(&mut self, anchor: OpId, op: OpId) -> Result<(), EditError> {
        let block = self.ops[anchor.index()]
            .parent()
            .ok_or(EditError::AnchorDetached)?;
        self.check_insert(op, block)?;
        let prev = self.ops[anchor.index()].prev;
        self.link_op(op, block, prev, anchor.0);
        Ok(())
    }

    /// Inserts a detached operation right after `anchor`.
    pub fn insert_op_after(&mut self, anchor: OpId, op: OpId) -> Result<(), EditError> {
        let block = self.ops[anchor.index()]
            .parent()
            .ok_or(EditError::AnchorDetached)?;
        self.check_insert(op, block)?;
        let next = self.ops[anchor.index()].next;
        self.link_op(op, block, anchor.0, next);
        Ok(())
    }

    /// Unlinks an operation from its block; it keeps its operands, results and
    /// regions, and can be inserted elsewhere. Detaching a detached op does nothing.
    pub fn detach_op(&mut self, op: OpId) {
        let Operation {
            parent, prev, next, ..
        } = self.ops[op.index()];
        let Some(block) = unpack(parent) else { return };
        self.note_position(op);
        match unpack(prev) {
            Some(p) => self.ops[p as usize].next = next,
            None => self.blocks[block as usize].first = next,
        }
        match unpack(next) {
            Some(n) => self.ops[n as usize].prev = prev,
            None => self.blocks[block as usize].last = prev,
        }
        let b = &mut self.blocks[block as usize];
        b.len = b.len.saturating_sub(1);
        let o = &mut self.ops[op.index()];
        o.parent = NONE;
        o.prev = NONE;
        o.next = NONE;
    }

    /// Moves an operation right before `anchor` (in any block).
    pub fn move_op_before(&mut self, op: OpId, anchor: OpId) -> Result<(), EditError> {
        if op == anchor {
            return Ok(());
        }
        let block = self.ops[anchor.index()]
            .parent()
            .ok_or(EditError::AnchorDetached)?;
        self.check_move(op, block)?;
        self.detach_op(op);
        self.insert_op_before(anchor, op)
    }

    /// Moves an operation right after `anchor` (in any block).
    pub fn move_op_after(&mut self, op: OpId, anchor: OpId) -> Result<(), EditError> {
        if op == anchor {
            return Ok(());
        }
        let block = self.ops[anchor.index()]
            .parent()
            .ok_or(EditError::AnchorDetached)?;
        self.check_move(op, block)?;
        self.detach_op(op);
        self.insert_op_after(anchor, op)
    }

    /// Moves an operation to the end of `block`.
    pub fn move_op_to_end(&mut self, op: OpId, block: BlockId) -> Result<(), EditError> {
        self.check_move(op, block)?;
        self.detach_op(op);
        self.append_op(block, op)
    }

    /// The checks of an insertion, before an attached op is detached to move it (so a
    /// refused move leaves the op where it was).
    fn check_move(&self, op: OpId, block: BlockId) -> Result<(), EditError> {
        let o = &self.ops[op.index()];
        if o.erased || self.blocks[block.index()].erased {
            return Err(EditError::Erased);
        }
        if Some(op) == self.top {
            return Err(EditError::Top);
        }
        if let Some(holder) = self.block_parent_op(block)
            && self.is_ancestor(op, holder)
        {
            return Err(EditError::Cycle);
        }
        Ok(())
    }

    /// Erases an operation and everything nested in it.
    ///
    /// # Errors
    /// [`EditError::StillUsed`] if a result (of it or of an op nested in it) or an
    /// argument of a nested block is read from outside, so nothing is left dangling;
    /// [`EditError::Erased`] if it was erased already. The IR is unchanged on error.
    pub fn erase_op(&mut self, op: OpId) -> Result<(), EditError> {
        if self.ops[op.index()].erased {
            return Err(EditError::Erased);
        }
        if Some(op) == self.top {
            return Err(EditError::Top);
        }
        let o = &self.ops[op.index()];
        if o.regions.is_empty() {
            // The common case: nothing nested, so any use is an outside use.
            let outside = |v| self.uses(v).find(|u| u.user != op);
            if let Some(user) = self.results(op).find_map(outside) {
                return Err(EditError::StillUsed { user });
            }
            self.detach_op(op);
            self.drop_op(op);
            return Ok(());
        }
        let inner = self.collect_ops(op);
        let set: FxHashSet<OpId> = inner.iter().copied().collect();
        let blocks = self.nested_blocks(&inner);
        self.check_no_outside_use(&inner, &blocks, &set)?;
        self.detach_op(op);
        self.drop_all(inner, blocks);
        Ok(())
    }

    /// Refuses an erasure that would leave a use of a value defined by `inner` ops or
    /// `blocks` dangling: a use by an op outside `set`.
    fn check_no_outside_use(
        &self,
        inner: &[OpId],
        blocks: &[BlockId],
        set: &FxHashSet<OpId>,
    ) -> Result<(), EditError> {
        let results = inner.iter().flat_map(|&o| self.results(o));
        let args = blocks
            .iter()
            .flat_map(|&b| self.blocks[b.index()].args.iter().copied());
        for v in results.chain(args) {
            if let Some(user) = self.uses(v).find(|u| !set.contains(&u.user)) {
                return Err(EditError::StillUsed { user });
            }
        }
        Ok(())
    }

    /// Erases `ops` and marks `blocks` erased (after the checks).
    fn drop_all(&mut self, ops: Vec<OpId>, blocks: Vec<BlockId>) {
        for o in ops {
            self.drop_op(o);
        }
        for b in blocks {
            self.blocks[b.index()].erased = true;
        }
    }

    /// The blocks of the regions of `ops`.
    fn nested_blocks(&self, ops: &[OpId]) -> Vec<BlockId> {
        ops.iter()
            .flat_map(|&o| self.ops[o.index()].regions.iter())
            .flat_map(|&r| self.regions[r.index()].blocks.iter().copied())
            .collect()
    }

    /// Releases an op's operands and marks it erased (its id becomes a tombstone).
    fn drop_op(&mut self, op: OpId) {
        for slot in self.operand_slots(op) {
            self.unlink(slot);
            self.operand_links[slot as usize].owner = NONE;
        }
        let o = &mut self.ops[op.index()];
        o.erased = true;
        o.num_operands = 0;
    }

    /// Erases a block and its operations.
    ///
    /// # Errors
    /// [`EditError::HasPredecessors`] while an op outside it branches to it;
    /// [`EditError::StillUsed`] while a value it defines is read from outside.
    pub fn erase_block(&mut self, block: BlockId) -> Result<(), EditError> {
        if self.blocks[block.index()].erased {
            return Err(EditError::Erased);
        }
        let top_level: Vec<OpId> = self.block_ops(block).collect();
        let mut inner = Vec::new();
        for &op in &top_level {
            self.walk(op, |o| inner.push(o));
        }
        let set: FxHashSet<OpId> = inner.iter().copied().collect();
        if let Some(region) = self.blocks[block.index()].parent() {
            for &b in &self.regions[region.index()].blocks {
                for op in self.block_ops(b) {
                    if !set.contains(&op) && self.ops[op.index()].successors.contains(&block) {
                        return Err(EditError::HasPredecessors);
                    }
                }
            }
        }
        let mut blocks = self.nested_blocks(&inner);
        blocks.push(block);
        self.check_no_outside_use(&inner, &blocks, &set)?;
        self.note_global();
        self.detach_block(block)?;
        for op in top_level {
            self.detach_op(op);
        }
        self.drop_all(inner, blocks);
        Ok(())
    }

    /// Erases several blocks and their operations at once, in time linear in their
    /// size and that of their regions. Values may be used, and blocks branched to,
    /// from anywhere inside the erased blocks (unreachable blocks often refer to each
    /// other), but not from outside.
    ///
    /// # Errors
    /// As [`Module::erase_block`]; nothing changes then.
    pub fn erase_blocks(&mut self, blocks: &[BlockId]) -> Result<(), EditError> {
        let set: FxHashSet<BlockId> = blocks.iter().copied().collect();
        if blocks.iter().any(|b| self.blocks[b.index()].erased) {
            return Err(EditError::Erased);
        }
        let mut top_level = Vec::new();
        let mut inner = Vec::new();
        for &b in blocks {
            for op in self.block_ops(b) {
                top_level.push(op);
                self.walk(op, |o| inner.push(o));
            }
        }
        let inside: FxHashSet<OpId> = inner.iter().copied().collect();
        let mut regions: Vec<RegionId> = blocks
            .iter()
            .filter_map(|&b| self.blocks[b.index()].parent())
            .collect();
        regions.sort_unstable();
        regions.dedup();
        for &r in &regions {
            for &b in &self.regions[r.index()].blocks {
                if set.contains(&b) {
                    continue;
                }
                for op in self.block_ops(b) {
                    if self.ops[op.index()]
                        .successors
                        .iter()
                        .any(|s| set.contains(s))
                    {
                        return Err(EditError::HasPredecessors);
                    }
                }
            }
        }
        let mut all_blocks = self.nested_blocks(&inner);
        all_blocks.extend_from_slice(blocks);
        let defined = inner.iter().flat_map(|&o| self.results(o)).chain(
            all_blocks
                .iter()
                .flat_map(|&b| self.blocks[b.index()].args.iter().copied()),
        );
        for v in defined {
            if let Some(user) = self.uses(v).find(|u| !inside.contains(&u.user)) {
                return Err(EditError::StillUsed { user });
            }
        }
        self.note_global();
        for &r in &regions {
            self.regions[r.index()].blocks.retain(|b| !set.contains(b));
        }
        for &b in blocks {
            self.blocks[b.index()].parent = NONE;
        }
        for op in top_level {
            self.detach_op(op);
        }
        for o in inner {
            self.drop_op(o);
        }
        for b in all_blocks {
            self.blocks[b.index()].erased = true;
        }
        Ok(())
    }

    /// Makes every use of `from` read `to` instead; returns how many uses moved.
    pub fn replace_all_uses_with(&mut self, from: Value, to: Value) -> usize {
        self.replace_uses_with_if(from, to, |_| true)
    }

    /// Makes the uses of `from` that `pred` accepts read `to` instead; returns how many
    /// moved.
    pub fn replace_uses_with_if(
        &mut self,
        from: Value,
        to: Value,
        mut pred: impl FnMut(Use) -> bool,
    ) -> usize {
        if from == to {
            return 0;
        }
        let mut moved = 0;
        let mut slot = self.values[from.index()].first_use;
        while let Some(s) = unpack(slot) {
            let Link { owner, next, .. } = self.operand_links[s as usize];
            let start = self.ops[owner as usize].operand_start;
            if pred(Use {
                user: OpId(owner),
                index: (s - start) as usize,
            }) {
                self.retarget(s, to);
                moved += 1;
            }
            slot = next;
        }
        moved
    }

    /// Replaces every use of the results of `op` by `values`, then erases `op`.
    ///
    /// # Errors
    /// [`EditError::CountMismatch`] if `values` does not have one value per result;
    /// [`EditError::Cycle`] if a replacement is a result of `op`; an error of
    /// [`Module::erase_op`], also when a use would be left reading a replacement
    /// defined inside `op`. Nothing is replaced then.
    pub fn replace_op(&mut self, op: OpId, values: &[Value]) -> Result<(), EditError> {
        self.check_replace_op(op, values)?;
        let results: Vec<Value> = self.results(op).collect();
        for (&r, &v) in results.iter().zip(values) {
            self.replace_all_uses_with(r, v);
        }
        self.erase_op(op)
    }

    /// The checks of [`Module::replace_op`], made before anything changes.
    pub(crate) fn check_replace_op(&self, op: OpId, values: &[Value]) -> Result<(), EditError> {
        let n = self.num_results(op);
        if values.len() != n {
            return Err(EditError::CountMismatch {
                expected: n,
                found: values.len(),
            });
        }
        if self.ops[op.index()].erased {
            return Err(EditError::Erased);
        }
        if Some(op) == self.top {
            return Err(EditError::Top);
        }
        // A replacement value defined by `op` itself would be erased with it.
        if self.results(op).any(|r| values.contains(&r)) {
            return Err(EditError::Cycle);
        }
        if self.ops[op.index()].regions.is_empty() {
            return Ok(());
        }
        // The erase that follows the replacement must not leave a use dangling: no
        // value defined inside `op` may be read from outside, and no outside use of a
        // result may move to a replacement defined inside.
        let inner = self.collect_ops(op);
        let set: FxHashSet<OpId> = inner.iter().copied().collect();
        let nested: FxHashSet<Value> = inner[1..]
            .iter()
            .flat_map(|&o| self.results(o))
            .chain(
                self.nested_blocks(&inner)
                    .iter()
                    .flat_map(|&b| self.blocks[b.index()].args.iter().copied()),
            )
            .collect();
        let outside = |v: Value| self.uses(v).find(|u| !set.contains(&u.user));
        if let Some(user) = nested.iter().find_map(|&v| outside(v)) {
            return Err(EditError::StillUsed { user });
        }
        for (r, v) in self.results(op).zip(values) {
            if nested.contains(v)
                && let Some(user) = outside(r)
            {
                return Err(EditError::StillUsed { user });
            }
        }
        Ok(())
    }

    /// Sets operand `i` of `op`.
    pub fn set_operand(&mut self, op: OpId, i: usize, value: Value) -> Result<(), EditError> {
        let slots = self.operand_slots(op);
        let len = slots.len();
        let slot = slots
            .clone()
            .nth(i)
            .ok_or(EditError::OutOfRange { index: i, len })?;
        self.retarget(slot, value);
        Ok(())
    }

    /// Replaces all operands of `op`.
    pub fn set_operands(&mut self, op: OpId, values: &[Value]) {
        self.note_op(op);
        let slots = self.operand_slots(op);
        if slots.len() == values.len() {
            for (slot, &v) in slots.zip(values) {
                self.retarget(slot, v);
            }
            return;
        }
        // A different count: the op gets a fresh range at the end of the arena, and
        // the old slots become dead.
        for slot in slots {
            self.unlink(slot);
            self.operand_links[slot as usize].owner = NONE;
        }
        let start = next_id(self.operand_values.len());
        {
            let o = &mut self.ops[op.index()];
            o.operand_start = start;
            o.num_operands = next_id(values.len());
        }
        self.push_operands(op, values);
    }

    /// Replaces the successors of `op`.
    pub fn set_successors(&mut self, op: OpId, successors: &[BlockId]) {
        self.note_global();
        self.ops[op.index()].successors = successors.into();
    }

    /// Sets an op's location.
    pub fn set_location(&mut self, op: OpId, location: Location) {
        self.ops[op.index()].location = location;
    }

    /// Records where a block's label was written.
    pub fn set_block_location(&mut self, block: BlockId, location: Location) {
        self.blocks[block.index()].location = location;
    }
}
