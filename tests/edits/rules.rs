//! The model's rules for each edit: what the edit API must do, or the error it must
//! refuse with, decided on the model's plain vectors. Each rule changes the model
//! only when the edit is to succeed.

use crate::model::{Def, Model};
use std::collections::{BTreeMap, BTreeSet};
use tensor_ir::module::{EditError, Use};
use tensor_ir::{BlockId, Module, OpId, Type, Value};

/// Where to put an op.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Point {
    Before(OpId),
    After(OpId),
    Start(BlockId),
    End(BlockId),
}

/// What an edit must return.
#[derive(Clone, Debug, PartialEq)]
pub enum Expect {
    Ok,
    Err(EditError),
    /// Refused because a value it would erase is used: any of these uses may be named.
    StillUsed(Vec<Use>),
}

impl Expect {
    fn from(r: Result<(), Expect>) -> Expect {
        r.err().unwrap_or(Expect::Ok)
    }

    /// Panics unless `got` is what was expected.
    pub fn check(&self, got: &Result<(), EditError>, what: &str) {
        match (self, got) {
            (Expect::Ok, Ok(())) => {}
            (Expect::Err(e), Err(g)) if e == g => {}
            (Expect::StillUsed(uses), Err(EditError::StillUsed { user })) => {
                assert!(
                    uses.contains(user),
                    "{what}: StillUsed names {user:?}, not an outside use ({uses:?})"
                );
            }
            _ => panic!("{what}: expected {self:?}, got {got:?}"),
        }
    }
}

impl Model {
    fn unlink(&mut self, op: OpId) {
        if let Some(b) = self.op_mut(op).parent.take() {
            self.block_mut(b).ops.retain(|&o| o != op);
        }
    }

    /// Detaching never fails; detaching a detached op does nothing.
    pub fn detach(&mut self, op: OpId) {
        self.unlink(op);
    }

    /// Why `op` may not enter `block` (as a fresh insertion).
    fn check_insert(&self, op: OpId, block: BlockId) -> Result<(), EditError> {
        if self.op(op).erased || self.block(block).erased {
            return Err(EditError::Erased);
        }
        if self.op(op).parent.is_some() {
            return Err(EditError::Attached);
        }
        if op == self.top {
            return Err(EditError::Top);
        }
        if self
            .block_parent_op(block)
            .is_some_and(|h| self.is_ancestor(op, h))
        {
            return Err(EditError::Cycle);
        }
        Ok(())
    }

    /// Inserts a detached op.
    pub fn insert(&mut self, op: OpId, at: Point) -> Expect {
        Expect::from(self.try_insert(op, at).map_err(Expect::Err))
    }

    fn try_insert(&mut self, op: OpId, at: Point) -> Result<(), EditError> {
        let (b, i) = self.resolve(at)?;
        self.check_insert(op, b)?;
        self.block_mut(b).ops.insert(i, op);
        self.op_mut(op).parent = Some(b);
        Ok(())
    }

    /// Moves an op (possibly attached) before or after an anchor, or to a block's end.
    pub fn move_op(&mut self, op: OpId, at: Point) -> Expect {
        if matches!(at, Point::Before(a) | Point::After(a) if a == op) {
            return Expect::Ok;
        }
        let r = (|| {
            let (b, _) = self.resolve(at)?;
            if self.op(op).erased || self.block(b).erased {
                return Err(EditError::Erased);
            }
            if op == self.top {
                return Err(EditError::Top);
            }
            if self
                .block_parent_op(b)
                .is_some_and(|h| self.is_ancestor(op, h))
            {
                return Err(EditError::Cycle);
            }
            self.unlink(op);
            self.try_insert(op, at)
        })();
        Expect::from(r.map_err(Expect::Err))
    }

    /// Marks `ops` erased (their operands released) and `blocks` erased.
    fn drop_all(&mut self, ops: &[OpId], blocks: &[BlockId]) {
        for &o in ops {
            let o = self.op_mut(o);
            o.erased = true;
            o.operands.clear();
        }
        for &b in blocks {
            self.block_mut(b).erased = true;
        }
    }

    /// Why erasing `op` is refused, if it is.
    fn check_erase(&self, op: OpId) -> Result<(), Expect> {
        if self.op(op).erased {
            return Err(Expect::Err(EditError::Erased));
        }
        if op == self.top {
            return Err(Expect::Err(EditError::Top));
        }
        let inner = self.subtree(op);
        let blocks = self.nested_blocks(&inner);
        let set: BTreeSet<OpId> = inner.iter().copied().collect();
        let outside = self.outside_uses(&self.defined(&inner, &blocks), &set);
        if !outside.is_empty() {
            return Err(Expect::StillUsed(outside));
        }
        Ok(())
    }

    fn do_erase(&mut self, op: OpId) {
        let inner = self.subtree(op);
        let blocks = self.nested_blocks(&inner);
        self.unlink(op);
        self.drop_all(&inner, &blocks);
    }

    pub fn erase_op(&mut self, op: OpId) -> Expect {
        let r = self.check_erase(op).map(|()| self.do_erase(op));
        Expect::from(r)
    }

    /// Makes every use of `from` read `to`; returns how many moved.
    pub fn rauw(&mut self, from: Value, to: Value) -> usize {
        if from == to {
            return 0;
        }
        let mut moved = 0;
        for o in self.ops.values_mut() {
            if o.erased {
                continue;
            }
            for x in &mut o.operands {
                if *x == from {
                    *x = to;
                    moved += 1;
                }
            }
        }
        moved
    }

    /// Replaces `op`'s results by `values` and erases it; refused as a whole (nothing
    /// replaced) if the erase would be.
    pub fn replace_op(&mut self, op: OpId, values: &[Value]) -> Expect {
        let results = self.op(op).results.clone();
        if values.len() != results.len() {
            return Expect::Err(EditError::CountMismatch {
                expected: results.len(),
                found: values.len(),
            });
        }
        if self.op(op).erased {
            return Expect::Err(EditError::Erased);
        }
        if op == self.top {
            return Expect::Err(EditError::Top);
        }
        if results.iter().any(|r| values.contains(r)) {
            return Expect::Err(EditError::Cycle);
        }
        // After the replacement, outside uses of a result read its replacement: that
        // blocks the erase if the replacement is defined inside `op`.
        let inner = self.subtree(op);
        let blocks = self.nested_blocks(&inner);
        let set: BTreeSet<OpId> = inner.iter().copied().collect();
        let nested = self.defined(&inner[1..], &blocks);
        let mut outside = self.outside_uses(&nested, &set);
        for (&r, v) in results.iter().zip(values) {
            if nested.contains(v) {
                outside.extend(self.outside_uses(&[r], &set));
            }
        }
        if !outside.is_empty() {
            return Expect::StillUsed(outside);
        }
        for (&r, &v) in results.iter().zip(values) {
            self.rauw(r, v);
        }
        self.do_erase(op);
        Expect::Ok
    }

    pub fn set_operand(&mut self, op: OpId, i: usize, v: Value) -> Expect {
        let len = self.op(op).operands.len();
        if i >= len {
            return Expect::Err(EditError::OutOfRange { index: i, len });
        }
        self.op_mut(op).operands[i] = v;
        Expect::Ok
    }

    pub fn erase_block_arg(&mut self, b: BlockId, i: usize) -> Expect {
        let len = self.block(b).args.len();
        if i >= len {
            return Expect::Err(EditError::OutOfRange { index: i, len });
        }
        let arg = self.block(b).args[i];
        let uses = self.uses(arg);
        if !uses.is_empty() {
            return Expect::StillUsed(uses);
        }
        self.block_mut(b).args.remove(i);
        self.values.get_mut(&arg).expect("arg").def = Def::Gone;
        Expect::Ok
    }

    pub fn erase_block(&mut self, b: BlockId) -> Expect {
        if self.block(b).erased {
            return Expect::Err(EditError::Erased);
        }
        let top_level = self.block(b).ops.clone();
        let inner: Vec<OpId> = top_level.iter().flat_map(|&o| self.subtree(o)).collect();
        let set: BTreeSet<OpId> = inner.iter().copied().collect();
        if let Some(r) = self.block(b).parent {
            let branches_here = self.region(r).blocks.iter().any(|&other| {
                self.block(other)
                    .ops
                    .iter()
                    .any(|o| !set.contains(o) && self.op(*o).successors.contains(&b))
            });
            if branches_here {
                return Expect::Err(EditError::HasPredecessors);
            }
        }
        let mut blocks = self.nested_blocks(&inner);
        blocks.push(b);
        let outside = self.outside_uses(&self.defined(&inner, &blocks), &set);
        if !outside.is_empty() {
            return Expect::StillUsed(outside);
        }
        if let Some(r) = self.block_mut(b).parent.take() {
            self.regions
                .get_mut(&r)
                .expect("region")
                .blocks
                .retain(|&x| x != b);
        }
        for o in top_level {
            self.unlink(o);
        }
        self.drop_all(&inner, &blocks);
        Expect::Ok
    }

    /// Records `copy`, the module's clone of `src`: ids are bound by walking both in
    /// step (so a copy of the wrong shape fails here), and operands and successors are
    /// what the model says a clone has. `compare` then checks the module agrees.
    pub fn record_clone(&mut self, m: &Module, src: OpId, copy: OpId) {
        let mut values: BTreeMap<Value, Value> = BTreeMap::new();
        let mut blocks: BTreeMap<BlockId, BlockId> = BTreeMap::new();
        let mut pairs: Vec<(OpId, OpId)> = Vec::new();
        let mut placed: Vec<(OpId, BlockId)> = Vec::new();
        let mut work = vec![(src, copy)];
        while let Some((s, c)) = work.pop() {
            pairs.push((s, c));
            let so = self.op(s).clone();
            let copy_regions = m.op(c).regions().to_vec();
            assert_eq!(so.regions.len(), copy_regions.len(), "clone region count");
            for (&sr, &cr) in so.regions.iter().zip(&copy_regions) {
                self.add_region(cr);
                let sblocks = self.region(sr).blocks.clone();
                let cblocks = m.region(cr).blocks().to_vec();
                assert_eq!(sblocks.len(), cblocks.len(), "clone block count");
                for (&sb, &cb) in sblocks.iter().zip(&cblocks) {
                    let types: Vec<Type> = self
                        .block(sb)
                        .args
                        .iter()
                        .map(|a| self.values[a].ty)
                        .collect();
                    self.add_block(m, cb, &types);
                    self.attach_block(cr, cb);
                    for (&sa, &ca) in self
                        .block(sb)
                        .args
                        .clone()
                        .iter()
                        .zip(&m.block(cb).args().to_vec())
                    {
                        values.insert(sa, ca);
                    }
                    blocks.insert(sb, cb);
                    let sops = self.block(sb).ops.clone();
                    let cops: Vec<OpId> = m.block_ops(cb).collect();
                    assert_eq!(sops.len(), cops.len(), "clone op count in a block");
                    // Bound by position: a copy out of order shows up as a wrong
                    // name or wrong operands in `compare`.
                    for (&so, &co) in sops.iter().zip(&cops) {
                        work.push((so, co));
                        placed.push((co, cb));
                    }
                }
            }
            let types: Vec<Type> = so.results.iter().map(|r| self.values[r].ty).collect();
            self.add_op(
                m,
                c,
                so.name.clone(),
                so.kind,
                Vec::new(),
                &types,
                copy_regions,
                Vec::new(),
            );
            for (&sr, cr) in so.results.iter().zip(m.results(c)) {
                values.insert(sr, cr);
            }
        }
        // Nested copies sit in their blocks; the copied root stays detached.
        for (c, b) in placed {
            self.block_mut(b).ops.push(c);
            self.op_mut(c).parent = Some(b);
        }
        for (s, c) in pairs {
            let so = self.op(s).clone();
            let co = self.op_mut(c);
            co.operands = so
                .operands
                .iter()
                .map(|v| *values.get(v).unwrap_or(v))
                .collect();
            co.successors = so
                .successors
                .iter()
                .map(|b| *blocks.get(b).unwrap_or(b))
                .collect();
        }
    }
}
