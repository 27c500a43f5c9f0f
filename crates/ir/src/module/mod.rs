//! IR storage: operations, blocks, regions and values in arenas owned by a [`Module`].
//!
//! - Operations of a block form a doubly linked list, so inserting or removing one
//!   anywhere costs O(1) (`edit.rs`).
//! - Every value has a use-list: each operand slot is linked into the list of the
//!   value it reads, as upstream's `OpOperand`s are (`uses.rs`). Replacing all uses
//!   of a value costs O(uses), and an operation whose results are used cannot be erased.
//! - Ids are never reused: an erased operation stays in its arena as a tombstone, so a
//!   stale id is detected (by the verifier, or by the edit that meets it) instead of
//!   silently naming another operation.
//!
//! Reading is through `&Module` methods; every edit goes through the methods in
//! `edit.rs` and `attr_edit.rs`, which keep links and use-lists consistent.

mod attr_edit;
mod changes;
mod clone;
mod edit;
mod uses;

pub use changes::Changes;
pub use clone::ValueMap;
pub use edit::EditError;
pub use uses::{Use, Uses};

use crate::attrs::NamedAttr;
use crate::location::Location;
use crate::{Attribute, Symbol, Type};
use smallvec::SmallVec;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
        pub struct $name(pub(crate) u32);

        impl $name {
            /// The arena index.
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

id_type!(
    /// An operation in a [`Module`].
    OpId
);
id_type!(
    /// A block in a [`Module`].
    BlockId
);
id_type!(
    /// A region in a [`Module`].
    RegionId
);
id_type!(
    /// An SSA value (an operation result or a block argument).
    Value
);

/// The "no link" marker of the packed `u32` links below.
const NONE: u32 = u32::MAX;

/// An optional id packed in a `u32` ([`NONE`] is absent): links are stored this way
/// to keep [`Operation`] small.
fn unpack(raw: u32) -> Option<u32> {
    (raw != NONE).then_some(raw)
}

/// Where a value is defined.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ValueDef {
    /// Result `index` of `op`.
    Result {
        /// The defining operation.
        op: OpId,
        /// The result number.
        index: u32,
    },
    /// Argument `index` of `block`.
    BlockArg {
        /// The owning block.
        block: BlockId,
        /// The argument number.
        index: u32,
    },
    /// Not yet defined: a forward reference while parsing.
    Placeholder,
}

/// An SSA value's data.
#[derive(Clone, Debug)]
pub struct ValueData {
    ty: Type,
    def: ValueDef,
    /// The most recent use (head of the use-list), [`NONE`] if unused.
    first_use: u32,
}

impl ValueData {
    /// The value's type.
    pub fn ty(&self) -> Type {
        self.ty
    }

    /// Its definition.
    pub fn def(&self) -> ValueDef {
        self.def
    }
}

/// An operation: `name(operands)[successors] <{props}> (regions) {attrs} : types`.
///
/// Its operands live in the module's operand arena: read them with
/// [`Module::operands`].
#[derive(Clone, Debug)]
pub struct Operation {
    name: Symbol,
    location: Location,
    operand_start: u32,
    num_operands: u32,
    first_result: u32,
    num_results: u32,
    props: Box<[NamedAttr]>,
    attrs: Box<[NamedAttr]>,
    regions: Box<[RegionId]>,
    successors: Box<[BlockId]>,
    parent: u32,
    prev: u32,
    next: u32,
    erased: bool,
    props_written: bool,
}

impl Operation {
    /// The full name, `dialect.op`.
    pub fn name(&self) -> Symbol {
        self.name
    }

    /// Where it came from.
    pub fn location(&self) -> Location {
        self.location
    }

    /// Inherent attributes (properties), sorted by name.
    pub fn props(&self) -> &[NamedAttr] {
        &self.props
    }

    /// Whether an unregistered op's properties were written, `<{}>` even when
    /// empty: upstream keeps such an op's properties dictionary and prints it.
    pub fn props_written(&self) -> bool {
        self.props_written
    }

    /// Discardable attributes, sorted by name.
    pub fn attrs(&self) -> &[NamedAttr] {
        &self.attrs
    }

    /// Its regions.
    pub fn regions(&self) -> &[RegionId] {
        &self.regions
    }

    /// Its successor blocks.
    pub fn successors(&self) -> &[BlockId] {
        &self.successors
    }

    /// The block holding it, if it is attached to one.
    pub fn parent(&self) -> Option<BlockId> {
        unpack(self.parent).map(BlockId)
    }

    /// The number of operands.
    pub fn num_operands(&self) -> usize {
        self.num_operands as usize
    }

    /// The number of results.
    pub fn num_results(&self) -> usize {
        self.num_results as usize
    }

    /// True once the operation was erased: its id is a tombstone.
    pub fn is_erased(&self) -> bool {
        self.erased
    }
}

/// A block: arguments and a list of operations.
#[derive(Clone, Debug, Default)]
pub struct Block {
    args: Vec<Value>,
    first: u32,
    last: u32,
    len: u32,
    parent: u32,
    location: Location,
    erased: bool,
}

impl Block {
    /// Its arguments.
    pub fn args(&self) -> &[Value] {
        &self.args
    }

    /// The region holding it, if it is attached to one.
    pub fn parent(&self) -> Option<RegionId> {
        unpack(self.parent).map(RegionId)
    }

    /// Where its label was written, for diagnostics.
    pub fn location(&self) -> Location {
        self.location
    }

    /// The number of operations in it.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// True when it holds no operation.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The first operation.
    pub fn first_op(&self) -> Option<OpId> {
        unpack(self.first).map(OpId)
    }

    /// The last operation (the terminator, in a well-formed block).
    pub fn last_op(&self) -> Option<OpId> {
        unpack(self.last).map(OpId)
    }

    /// True once the block was erased.
    pub fn is_erased(&self) -> bool {
        self.erased
    }
}

/// A region: a list of blocks, the first being the entry block.
#[derive(Clone, Debug, Default)]
pub struct Region {
    blocks: Vec<BlockId>,
    parent: u32,
}

impl Region {
    /// Blocks in order.
    pub fn blocks(&self) -> &[BlockId] {
        &self.blocks
    }

    /// The entry block.
    pub fn entry(&self) -> Option<BlockId> {
        self.blocks.first().copied()
    }

    /// The operation holding it, if any.
    pub fn parent(&self) -> Option<OpId> {
        unpack(self.parent).map(OpId)
    }
}

/// What is needed to create an operation.
#[derive(Clone, Debug)]
pub struct OperationState {
    /// The full name.
    pub name: Symbol,
    /// Operands.
    pub operands: SmallVec<[Value; 3]>,
    /// Result types.
    pub result_types: SmallVec<[Type; 1]>,
    /// Discardable attributes.
    pub attrs: Vec<NamedAttr>,
    /// Properties.
    pub props: Vec<NamedAttr>,
    /// Regions, already built and detached.
    pub regions: SmallVec<[RegionId; 1]>,
    /// Successors.
    pub successors: SmallVec<[BlockId; 1]>,
    /// Location.
    pub location: Location,
    /// An unregistered op's properties dictionary was written (kept if empty).
    pub props_written: bool,
}

impl OperationState {
    /// An empty state for an op named `name`.
    pub fn new(name: Symbol, location: Location) -> Self {
        OperationState {
            name,
            operands: SmallVec::new(),
            result_types: SmallVec::new(),
            attrs: Vec::new(),
            props: Vec::new(),
            regions: SmallVec::new(),
            successors: SmallVec::new(),
            location,
            props_written: false,
        }
    }
}

/// One operand slot: which op owns it and its neighbours in the used value's use-list.
#[derive(Clone, Copy, Debug)]
struct Link {
    owner: u32,
    next: u32,
    prev: u32,
}

/// The arenas holding a program; `top` is its `builtin.module` operation.
#[derive(Clone, Debug, Default)]
pub struct Module {
    ops: Vec<Operation>,
    blocks: Vec<Block>,
    regions: Vec<Region>,
    values: Vec<ValueData>,
    /// Operand slots of every op: the value read, and its use-list links.
    operand_values: Vec<Value>,
    operand_links: Vec<Link>,
    top: Option<OpId>,
    /// Where block arguments were written (`%x` of `%x: f32`), for diagnostics
    /// about an argument; only the parser sets them.
    arg_locations: rustc_hash::FxHashMap<Value, Location>,
    /// What edits may have invalidated, while a pass runs (`changes.rs`).
    changes: Changes,
    /// How many times a block was inserted into a region: while it stays the same,
    /// no region gained a block.
    blocks_inserted: u64,
}

/// An arena length as a `u32` id. Ids are `u32` everywhere; a program of four billion
/// entities is out of scope, and saturating keeps the arena consistent instead of panicking.
fn next_id(len: usize) -> u32 {
    u32::try_from(len).unwrap_or(NONE - 1)
}

impl Module {
    /// An empty module with no top operation yet.
    pub fn new() -> Self {
        Module::default()
    }

    /// Reserves arena space for a source text of `bytes` bytes, so large inputs do not
    /// pay for repeated growth: about one op per 100 bytes in practice, and as many
    /// again for the ops that passes create (a lowering adds one or two per op).
    /// Room never used costs address space only: its pages are never touched.
    pub fn reserve_for_source(&mut self, bytes: usize) {
        let ops = bytes / 50;
        self.ops.reserve(ops);
        self.values.reserve(ops + ops / 2);
        self.operand_values.reserve(2 * ops);
        self.operand_links.reserve(2 * ops);
    }

    /// The top `builtin.module` operation.
    pub fn top(&self) -> Option<OpId> {
        self.top
    }

    /// Sets the top operation.
    pub fn set_top(&mut self, op: OpId) {
        self.top = Some(op);
    }

    /// An operation.
    ///
    /// # Panics
    /// If `id` does not belong to this module (ids are only made by it).
    pub fn op(&self, id: OpId) -> &Operation {
        &self.ops[id.index()]
    }

    /// The operation with arena index `index`, if there is one (erased or not).
    pub fn op_at(&self, index: usize) -> Option<OpId> {
        (index < self.ops.len()).then(|| OpId(next_id(index)))
    }

    /// A block.
    pub fn block(&self, id: BlockId) -> &Block {
        &self.blocks[id.index()]
    }

    /// A region.
    pub fn region(&self, id: RegionId) -> &Region {
        &self.regions[id.index()]
    }

    /// A value's data.
    pub fn value(&self, v: Value) -> &ValueData {
        &self.values[v.index()]
    }

    /// A value's type.
    pub fn value_type(&self, v: Value) -> Type {
        self.values[v.index()].ty
    }

    /// Where a block argument was written, when it was parsed from source: the
    /// location upstream gives a block argument with no explicit `loc(...)`.
    pub fn arg_location(&self, v: Value) -> Option<Location> {
        self.arg_locations.get(&v).copied()
    }

    /// Records where block argument `v` was written.
    pub fn set_arg_location(&mut self, v: Value, location: Location) {
        self.arg_locations.insert(v, location);
    }

    /// The operands of an operation.
    pub fn operands(&self, op: OpId) -> &[Value] {
        let o = &self.ops[op.index()];
        let start = o.operand_start as usize;
        &self.operand_values[start..start + o.num_operands as usize]
    }

    /// Operand `i` of an operation, if it has that many.
    pub fn operand(&self, op: OpId, i: usize) -> Option<Value> {
        self.operands(op).get(i).copied()
    }

    /// The number of results of an operation.
    pub fn num_results(&self, op: OpId) -> usize {
        self.ops[op.index()].num_results as usize
    }

    /// Result `i` of an operation, if it has that many.
    pub fn try_result(&self, op: OpId, i: usize) -> Option<Value> {
        let o = &self.ops[op.index()];
        let i = u32::try_from(i).ok().filter(|&i| i < o.num_results)?;
        Some(Value(o.first_result + i))
    }

    /// Result `i` of an operation.
    ///
    /// # Panics
    /// If the operation has no result `i`: use [`Module::try_result`] where the count
    /// is not already known.
    pub fn result(&self, op: OpId, i: usize) -> Value {
        match self.try_result(op, i) {
            Some(v) => v,
            None => panic!(
                "result #{i} of an operation with {} results",
                self.num_results(op)
            ),
        }
    }

    /// All results of an operation.
    pub fn results(&self, op: OpId) -> impl ExactSizeIterator<Item = Value> + use<> {
        let o = &self.ops[op.index()];
        (o.first_result..o.first_result + o.num_results).map(Value)
    }

    /// The types of an operation's operands.
    pub fn operand_types(&self, op: OpId) -> SmallVec<[Type; 3]> {
        self.operands(op)
            .iter()
            .map(|&v| self.value_type(v))
            .collect()
    }

    /// The types of an operation's results.
    pub fn result_types(&self, op: OpId) -> SmallVec<[Type; 1]> {
        self.results(op).map(|v| self.value_type(v)).collect()
    }

    /// A property, or else a discardable attribute, of the given name.
    pub fn get_attr(&self, op: OpId, name: Symbol) -> Option<Attribute> {
        let o = &self.ops[op.index()];
        o.props
            .iter()
            .chain(o.attrs.iter())
            .find(|a| a.name == name)
            .map(|a| a.value)
    }

    /// The property or attribute named `name`: comparing the op's few names is
    /// cheaper than hashing `name` to find its symbol, which typed accessors would
    /// do on every call.
    pub fn get_attr_named(&self, ctx: &crate::Context, op: OpId, name: &str) -> Option<Attribute> {
        let o = &self.ops[op.index()];
        o.props
            .iter()
            .chain(o.attrs.iter())
            .find(|a| ctx.str(a.name) == name)
            .map(|a| a.value)
    }

    /// The operations of a block, in order.
    pub fn block_ops(&self, block: BlockId) -> BlockOps<'_> {
        let b = &self.blocks[block.index()];
        BlockOps {
            module: self,
            front: b.first,
            back: b.last,
            remaining: b.len,
        }
    }

    /// The operation after `op` in its block.
    pub fn next_op(&self, op: OpId) -> Option<OpId> {
        unpack(self.ops[op.index()].next).map(OpId)
    }

    /// The operation before `op` in its block.
    pub fn prev_op(&self, op: OpId) -> Option<OpId> {
        unpack(self.ops[op.index()].prev).map(OpId)
    }

    /// The operation holding a block, via its region.
    pub fn block_parent_op(&self, block: BlockId) -> Option<OpId> {
        self.blocks[block.index()]
            .parent()
            .and_then(|r| self.regions[r.index()].parent())
    }

    /// The operation enclosing `op`.
    pub fn parent_op(&self, op: OpId) -> Option<OpId> {
        self.ops[op.index()]
            .parent()
            .and_then(|b| self.block_parent_op(b))
    }

    /// The position of `block` in its region (0 for the entry block).
    pub fn block_index(&self, block: BlockId) -> Option<usize> {
        let region = self.blocks[block.index()].parent()?;
        self.regions[region.index()]
            .blocks
            .iter()
            .position(|&b| b == block)
    }

    /// True if `ancestor` is `op` or encloses it.
    pub fn is_ancestor(&self, ancestor: OpId, op: OpId) -> bool {
        let mut cur = Some(op);
        while let Some(o) = cur {
            if o == ancestor {
                return true;
            }
            cur = self.parent_op(o);
        }
        false
    }

    /// True if `op` is reachable from the top operation through parents: attached to
    /// the module, and not erased.
    pub fn is_in_module(&self, op: OpId) -> bool {
        let Some(top) = self.top else { return false };
        let mut cur = op;
        loop {
            let o = &self.ops[cur.index()];
            if o.erased {
                return false;
            }
            if cur == top {
                return true;
            }
            match self.parent_op(cur) {
                Some(p) => cur = p,
                None => return false,
            }
        }
    }

    /// Visits `root` and every operation nested in it, in pre-order, without recursion.
    pub fn walk(&self, root: OpId, mut f: impl FnMut(OpId)) {
        let mut stack = vec![root];
        while let Some(op) = stack.pop() {
            f(op);
            for &r in self.ops[op.index()].regions.iter().rev() {
                for &b in self.regions[r.index()].blocks.iter().rev() {
                    stack.extend(self.block_ops(b).rev());
                }
            }
        }
    }

    /// The operations under `root` (included), in pre-order.
    pub fn collect_ops(&self, root: OpId) -> Vec<OpId> {
        let mut ops = Vec::new();
        self.walk(root, |op| ops.push(op));
        ops
    }

    /// How many values the arena holds (for index-addressed side tables).
    pub fn num_values(&self) -> usize {
        self.values.len()
    }

    /// How many times a block has been inserted into a region (appended, prepended
    /// or moved there): a region that had one block still has at most one while
    /// this count is unchanged, which lets a driver skip looking for unreachable
    /// blocks.
    pub fn blocks_inserted(&self) -> u64 {
        self.blocks_inserted
    }

    /// How many blocks the arena holds.
    pub fn num_blocks(&self) -> usize {
        self.blocks.len()
    }

    /// How many operations the arena holds, erased ones included.
    pub fn num_ops(&self) -> usize {
        self.ops.len()
    }

    /// Every block in the arena, attached or not.
    pub fn blocks(&self) -> impl Iterator<Item = (BlockId, &Block)> {
        self.blocks
            .iter()
            .enumerate()
            .map(|(i, b)| (BlockId(next_id(i)), b))
    }

    /// Every region in the arena, attached or not.
    pub fn regions(&self) -> impl Iterator<Item = (RegionId, &Region)> {
        self.regions
            .iter()
            .enumerate()
            .map(|(i, r)| (RegionId(next_id(i)), r))
    }
}

/// The operations of a block, front to back (double-ended).
pub struct BlockOps<'a> {
    module: &'a Module,
    front: u32,
    back: u32,
    remaining: u32,
}

impl Iterator for BlockOps<'_> {
    type Item = OpId;

    fn next(&mut self) -> Option<OpId> {
        if self.remaining == 0 {
            return None;
        }
        let op = unpack(self.front)?;
        self.remaining -= 1;
        self.front = self.module.ops[op as usize].next;
        Some(OpId(op))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining as usize, Some(self.remaining as usize))
    }
}

impl DoubleEndedIterator for BlockOps<'_> {
    fn next_back(&mut self) -> Option<OpId> {
        if self.remaining == 0 {
            return None;
        }
        let op = unpack(self.back)?;
        self.remaining -= 1;
        self.back = self.module.ops[op as usize].prev;
        Some(OpId(op))
    }
}

impl ExactSizeIterator for BlockOps<'_> {}

#[cfg(test)]
mod tests;
