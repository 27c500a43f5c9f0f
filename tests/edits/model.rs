//! The test's shadow of the IR: plain maps and vectors, changed by its own simple
//! rules (`rules.rs`), which predict what each edit of the module must do or why it
//! must be refused. It is compared with the module after every edit.

use crate::rules::Point;
use std::collections::{BTreeMap, BTreeSet};
use tensor_ir::module::{EditError, Use};
use tensor_ir::{BlockId, Context, Module, OpId, RegionId, Type, Value, ValueDef};

/// What an op is, as far as the oracle cares.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// The `builtin.module`.
    Top,
    /// A `func.func` (isolated from above).
    Func,
    /// A `func.return` (a registered terminator).
    Return,
    /// An unregistered `t.*` op.
    T,
}

#[derive(Clone, Debug)]
pub struct MOp {
    pub name: String,
    pub kind: Kind,
    pub operands: Vec<Value>,
    pub results: Vec<Value>,
    pub regions: Vec<RegionId>,
    pub successors: Vec<BlockId>,
    pub parent: Option<BlockId>,
    pub erased: bool,
}

#[derive(Clone, Debug, Default)]
pub struct MBlock {
    pub args: Vec<Value>,
    pub ops: Vec<OpId>,
    pub parent: Option<RegionId>,
    pub erased: bool,
}

#[derive(Clone, Debug, Default)]
pub struct MRegion {
    pub blocks: Vec<BlockId>,
    pub parent: Option<OpId>,
}

/// Where a value comes from; an argument's index is its position in the block.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Def {
    Result(OpId, usize),
    Arg(BlockId),
    /// An erased block argument.
    Gone,
}

#[derive(Clone, Debug)]
pub struct MValue {
    pub ty: Type,
    pub def: Def,
}

#[derive(Clone, Debug)]
pub struct Model {
    pub ops: BTreeMap<OpId, MOp>,
    pub blocks: BTreeMap<BlockId, MBlock>,
    pub regions: BTreeMap<RegionId, MRegion>,
    pub values: BTreeMap<Value, MValue>,
    pub top: OpId,
}

impl Model {
    /// A model of a freshly parsed module (the skeleton the test starts from): read
    /// once from the module, then kept by the model's own rules.
    pub fn import(ctx: &Context, m: &Module) -> Model {
        let top = m.top().expect("a parsed module has a top op");
        let mut model = Model {
            ops: BTreeMap::new(),
            blocks: BTreeMap::new(),
            regions: BTreeMap::new(),
            values: BTreeMap::new(),
            top,
        };
        for op in m.collect_ops(top) {
            let o = m.op(op);
            let name = ctx.str(o.name()).to_owned();
            let kind = match name.as_str() {
                "builtin.module" => Kind::Top,
                "func.func" => Kind::Func,
                "func.return" => Kind::Return,
                _ => Kind::T,
            };
            for &r in o.regions() {
                model.regions.insert(
                    r,
                    MRegion {
                        blocks: Vec::new(),
                        parent: None,
                    },
                );
                for &b in m.region(r).blocks() {
                    let types: Vec<Type> =
                        m.block(b).args().iter().map(|&a| m.value_type(a)).collect();
                    model.add_block(m, b, &types);
                    model.attach_block(r, b);
                }
            }
            let types = m.result_types(op).to_vec();
            let parent = o.parent();
            model.add_op(
                m,
                op,
                name,
                kind,
                m.operands(op).to_vec(),
                &types,
                o.regions().to_vec(),
                o.successors().to_vec(),
            );
            if let Some(b) = parent {
                model.blocks.get_mut(&b).expect("parent block").ops.push(op);
                model.op_mut(op).parent = Some(b);
            }
        }
        // The parser may leave unused scratch blocks and regions behind.
        for (r, region) in m.regions() {
            if !model.regions.contains_key(&r) {
                assert!(region.parent().is_none());
                model.add_region(r);
                for &b in region.blocks() {
                    assert!(m.block(b).is_empty() && m.block(b).args().is_empty());
                    model.add_block(m, b, &[]);
                    model.attach_block(r, b);
                }
            }
        }
        model
    }

    pub fn op(&self, op: OpId) -> &MOp {
        &self.ops[&op]
    }

    pub fn op_mut(&mut self, op: OpId) -> &mut MOp {
        self.ops.get_mut(&op).expect("known op")
    }

    pub fn block(&self, b: BlockId) -> &MBlock {
        &self.blocks[&b]
    }

    pub fn block_mut(&mut self, b: BlockId) -> &mut MBlock {
        self.blocks.get_mut(&b).expect("known block")
    }

    pub fn region(&self, r: RegionId) -> &MRegion {
        &self.regions[&r]
    }

    /// Records a created region (empty, detached).
    pub fn add_region(&mut self, r: RegionId) {
        let fresh = self.regions.insert(r, MRegion::default()).is_none();
        assert!(fresh, "region id {r:?} reused");
    }

    /// Records a created block whose arguments have `types`; the argument ids are
    /// read from the module.
    pub fn add_block(&mut self, m: &Module, b: BlockId, types: &[Type]) {
        let args = m.block(b).args().to_vec();
        assert_eq!(args.len(), types.len(), "block {b:?} has the wrong arity");
        for (&a, &ty) in args.iter().zip(types) {
            let fresh = self
                .values
                .insert(
                    a,
                    MValue {
                        ty,
                        def: Def::Arg(b),
                    },
                )
                .is_none();
            assert!(fresh, "value id {a:?} reused");
        }
        let fresh = self
            .blocks
            .insert(
                b,
                MBlock {
                    args,
                    ..MBlock::default()
                },
            )
            .is_none();
        assert!(fresh, "block id {b:?} reused");
    }

    /// Appends a detached block to a region (what `append_block` does).
    pub fn attach_block(&mut self, r: RegionId, b: BlockId) {
        self.regions.get_mut(&r).expect("region").blocks.push(b);
        self.block_mut(b).parent = Some(r);
    }

    /// Records a created, detached op; result ids are read from the module.
    #[allow(clippy::too_many_arguments)]
    pub fn add_op(
        &mut self,
        m: &Module,
        op: OpId,
        name: String,
        kind: Kind,
        operands: Vec<Value>,
        result_types: &[Type],
        regions: Vec<RegionId>,
        successors: Vec<BlockId>,
    ) {
        let results: Vec<Value> = m.results(op).collect();
        assert_eq!(results.len(), result_types.len(), "op {op:?} result count");
        for (i, (&v, &ty)) in results.iter().zip(result_types).enumerate() {
            let fresh = self
                .values
                .insert(
                    v,
                    MValue {
                        ty,
                        def: Def::Result(op, i),
                    },
                )
                .is_none();
            assert!(fresh, "value id {v:?} reused");
        }
        for &r in &regions {
            self.regions.get_mut(&r).expect("region").parent = Some(op);
        }
        let fresh = self
            .ops
            .insert(
                op,
                MOp {
                    name,
                    kind,
                    operands,
                    results,
                    regions,
                    successors,
                    parent: None,
                    erased: false,
                },
            )
            .is_none();
        assert!(fresh, "op id {op:?} reused");
    }

    // ---- Structure queries -------------------------------------------------------

    pub fn block_parent_op(&self, b: BlockId) -> Option<OpId> {
        self.block(b).parent.and_then(|r| self.region(r).parent)
    }

    pub fn parent_op(&self, op: OpId) -> Option<OpId> {
        self.op(op).parent.and_then(|b| self.block_parent_op(b))
    }

    /// The region holding `op`, if it is in a block of one.
    pub fn op_region(&self, op: OpId) -> Option<RegionId> {
        self.op(op).parent.and_then(|b| self.block(b).parent)
    }

    /// The function holding `op`, if it is in one.
    pub fn enclosing_func(&self, op: OpId) -> Option<OpId> {
        let mut cur = Some(op);
        while let Some(o) = cur {
            if self.op(o).kind == Kind::Func {
                return Some(o);
            }
            cur = self.parent_op(o);
        }
        None
    }

    /// True if `a` is `op` or encloses it.
    pub fn is_ancestor(&self, a: OpId, op: OpId) -> bool {
        let mut cur = Some(op);
        while let Some(o) = cur {
            if o == a {
                return true;
            }
            cur = self.parent_op(o);
        }
        false
    }

    /// True if `inner` is nested (strictly) in `outer`.
    pub fn region_is_proper_ancestor(&self, outer: RegionId, inner: RegionId) -> bool {
        let mut cur = self.region(inner).parent.and_then(|op| self.op_region(op));
        while let Some(r) = cur {
            if r == outer {
                return true;
            }
            cur = self.region(r).parent.and_then(|op| self.op_region(op));
        }
        false
    }

    /// True if `op` hangs from the top op through live ops and blocks.
    pub fn op_in_tree(&self, op: OpId) -> bool {
        let mut cur = op;
        loop {
            if self.op(cur).erased {
                return false;
            }
            if cur == self.top {
                return true;
            }
            let Some(b) = self.op(cur).parent else {
                return false;
            };
            if self.block(b).erased {
                return false;
            }
            match self.block_parent_op(b) {
                Some(p) => cur = p,
                None => return false,
            }
        }
    }

    pub fn block_in_tree(&self, b: BlockId) -> bool {
        !self.block(b).erased && self.block_parent_op(b).is_some_and(|p| self.op_in_tree(p))
    }

    /// The values some op reads.
    pub fn used_values(&self) -> BTreeSet<Value> {
        self.ops
            .values()
            .filter(|o| !o.erased)
            .flat_map(|o| o.operands.iter().copied())
            .collect()
    }

    /// The values defined by ops and blocks that hang from the top.
    pub fn live_values(&self) -> BTreeSet<Value> {
        let ops = self.subtree(self.top);
        let blocks = self.nested_blocks(&ops);
        self.defined(&ops, &blocks).into_iter().collect()
    }

    /// `root` and every op nested in it, in pre-order.
    pub fn subtree(&self, root: OpId) -> Vec<OpId> {
        let mut out = Vec::new();
        let mut stack = vec![root];
        while let Some(op) = stack.pop() {
            out.push(op);
            for &r in self.op(op).regions.iter().rev() {
                for &b in self.region(r).blocks.iter().rev() {
                    stack.extend(self.block(b).ops.iter().rev());
                }
            }
        }
        out
    }

    /// The blocks of the regions of `ops`.
    pub fn nested_blocks(&self, ops: &[OpId]) -> Vec<BlockId> {
        ops.iter()
            .flat_map(|&o| self.op(o).regions.iter())
            .flat_map(|&r| self.region(r).blocks.iter().copied())
            .collect()
    }

    /// The values `ops` and the blocks nested in them define.
    pub fn defined(&self, ops: &[OpId], blocks: &[BlockId]) -> Vec<Value> {
        ops.iter()
            .flat_map(|&o| self.op(o).results.iter().copied())
            .chain(
                blocks
                    .iter()
                    .flat_map(|&b| self.block(b).args.iter().copied()),
            )
            .collect()
    }

    /// Every operand slot reading `v` (erased ops read nothing).
    pub fn uses(&self, v: Value) -> Vec<Use> {
        let mut out = Vec::new();
        for (&op, o) in &self.ops {
            if o.erased {
                continue;
            }
            for (index, &x) in o.operands.iter().enumerate() {
                if x == v {
                    out.push(Use { user: op, index });
                }
            }
        }
        out
    }

    /// Uses of `values` by ops outside `inside`.
    pub fn outside_uses(&self, values: &[Value], inside: &BTreeSet<OpId>) -> Vec<Use> {
        values
            .iter()
            .flat_map(|&v| self.uses(v))
            .filter(|u| !inside.contains(&u.user))
            .collect()
    }

    /// The position of `op` in its block.
    pub fn position(&self, op: OpId) -> Option<usize> {
        let b = self.op(op).parent?;
        self.block(b).ops.iter().position(|&o| o == op)
    }

    /// The block and index an insertion point names, if it names one.
    pub fn point(&self, at: Point) -> Option<(BlockId, usize)> {
        self.resolve(at).ok()
    }

    /// The block and index an insertion point names, or why it names none.
    pub fn resolve(&self, at: Point) -> Result<(BlockId, usize), EditError> {
        match at {
            Point::Before(a) | Point::After(a) => {
                let b = self.op(a).parent.ok_or(EditError::AnchorDetached)?;
                let i = self.position(a).expect("an op is in its parent's list");
                Ok((
                    b,
                    if matches!(at, Point::After(_)) {
                        i + 1
                    } else {
                        i
                    },
                ))
            }
            Point::Start(b) => Ok((b, 0)),
            Point::End(b) => Ok((b, self.block(b).ops.len())),
        }
    }

    // ---- Agreement with the module ------------------------------------------------

    /// Panics unless the module holds exactly what the model says.
    pub fn compare(&self, ctx: &Context, m: &Module) {
        assert_eq!(m.num_ops(), self.ops.len(), "op count");
        assert_eq!(m.num_blocks(), self.blocks.len(), "block count");
        assert_eq!(m.regions().count(), self.regions.len(), "region count");
        assert_eq!(m.num_values(), self.values.len(), "value count");
        assert_eq!(m.top(), Some(self.top), "top op");
        for (&id, o) in &self.ops {
            let mo = m.op(id);
            assert_eq!(ctx.str(mo.name()), o.name, "name of {id:?}");
            assert_eq!(
                mo.is_erased(),
                o.erased,
                "erased flag of {id:?} ({})",
                o.name
            );
            assert_eq!(mo.parent(), o.parent, "parent of {id:?} ({})", o.name);
            assert_eq!(
                m.operands(id),
                &o.operands[..],
                "operands of {id:?} ({})",
                o.name
            );
            assert_eq!(mo.num_operands(), o.operands.len());
            assert_eq!(
                m.results(id).collect::<Vec<_>>(),
                o.results,
                "results of {id:?}"
            );
            assert_eq!(mo.regions(), &o.regions[..], "regions of {id:?}");
            assert_eq!(mo.successors(), &o.successors[..], "successors of {id:?}");
            assert_eq!(
                m.is_in_module(id),
                self.op_in_tree(id),
                "is_in_module({id:?})"
            );
            assert_eq!(m.parent_op(id), self.parent_op(id), "parent_op({id:?})");
        }
        for (&id, b) in &self.blocks {
            let mb = m.block(id);
            assert_eq!(mb.is_erased(), b.erased, "erased flag of {id:?}");
            assert_eq!(mb.parent(), b.parent, "parent of {id:?}");
            assert_eq!(mb.args(), &b.args[..], "args of {id:?}");
            assert_eq!(m.block_ops(id).collect::<Vec<_>>(), b.ops, "ops of {id:?}");
        }
        for (&id, r) in &self.regions {
            let mr = m.region(id);
            assert_eq!(mr.parent(), r.parent, "parent of {id:?}");
            assert_eq!(mr.blocks(), &r.blocks[..], "blocks of {id:?}");
        }
        for (&v, x) in &self.values {
            assert_eq!(m.value_type(v), x.ty, "type of {v:?}");
            let def = match x.def {
                Def::Result(op, index) => ValueDef::Result {
                    op,
                    index: index as u32,
                },
                Def::Arg(block) => ValueDef::BlockArg {
                    block,
                    index: self
                        .block(block)
                        .args
                        .iter()
                        .position(|&a| a == v)
                        .expect("arg") as u32,
                },
                Def::Gone => ValueDef::Placeholder,
            };
            assert_eq!(m.value(v).def(), def, "definition of {v:?}");
        }
    }
}
