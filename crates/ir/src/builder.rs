//! The builder and rewriter: creates operations at an insertion point and edits IR
//! while telling a [`Listener`] what changed, as upstream's `OpBuilder` and
//! `RewriterBase` do. Pattern drivers listen to keep their worklists current.
//!
//! ```
//! use tensor_ir::builder::{Builder, InsertionPoint};
//! use tensor_ir::{Context, Location, Module, OperationState};
//!
//! let mut ctx = Context::new();
//! let mut module = Module::new();
//! let block = module.create_block(&[], Location::Unknown);
//! let mut b = Builder::new(&mut ctx, &mut module);
//! b.set_insertion_point(InsertionPoint::End(block));
//! let name = b.ctx.sym("test.first");
//! let first = b.create(OperationState::new(name, Location::Unknown)).unwrap();
//! b.set_insertion_point(InsertionPoint::Before(first));
//! let name = b.ctx.sym("test.zeroth");
//! let zeroth = b.create(OperationState::new(name, Location::Unknown)).unwrap();
//! assert_eq!(module.block_ops(block).collect::<Vec<_>>(), [zeroth, first]);
//! ```

use std::hash::Hasher;

use rustc_hash::{FxHashMap, FxHasher};
use smallvec::SmallVec;

use crate::diag::Diagnostic;
use crate::module::{BlockId, EditError, Module, OpId, OperationState, RegionId, Value};
use crate::{Context, Location, OpTrait, Type};

/// Where a [`Builder`] inserts the operations it creates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InsertionPoint {
    /// At the start of a block.
    Start(BlockId),
    /// At the end of a block.
    End(BlockId),
    /// Right before an operation.
    Before(OpId),
    /// Right after an operation; moves past each op inserted, so a sequence of
    /// creations keeps its order.
    After(OpId),
}

/// What a [`Builder`] reports about its edits (all methods default to nothing).
///
/// Erasures are reported before they happen, so the op can still be read.
pub trait Listener {
    /// `op` was inserted into a block (created there, or moved there).
    fn op_inserted(&mut self, _module: &Module, _op: OpId) {}
    /// `op` was changed in place: operands, attributes, types or location.
    fn op_modified(&mut self, _module: &Module, _op: OpId) {}
    /// `op` is about to be replaced by `values` (its uses move to them).
    fn op_replaced(&mut self, _module: &Module, _op: OpId, _values: &[Value]) {}
    /// `op` (and everything nested in it) is about to be erased.
    fn op_erased(&mut self, _module: &Module, _op: OpId) {}
    /// A rewrite reported a diagnostic (an error it found in the program, say).
    fn diagnostic(&mut self, _diagnostic: Diagnostic) {}
}

/// Creates and edits IR at an insertion point, reporting to an optional listener.
pub struct Builder<'a> {
    /// The context, for interning types, attributes and names.
    pub ctx: &'a mut Context,
    /// The IR being built.
    pub module: &'a mut Module,
    ip: Option<InsertionPoint>,
    listener: Option<&'a mut dyn Listener>,
    reports: Vec<Diagnostic>,
    reuse: Option<ReuseTable>,
}

/// The pure ops a sweep has created, by block and content. A [`Builder`] holding
/// one ([`Builder::set_reuse`]) returns the earlier op instead of creating an equal
/// one in the same block: common subexpressions are never made, rather than made and
/// then eliminated by `--cse`.
///
/// Only for sweeps that create ops in program order within a block (as a top-down
/// rewrite that inserts before the op it rewrites does): an op found must precede
/// the insertion point, which the table does not check. Ops erased since are not
/// reused.
#[derive(Default)]
pub struct ReuseTable {
    /// By a hash of block and content (what `--cse` compares); the ops are compared
    /// on a hit, so nothing is cloned to make a key.
    ops: FxHashMap<u64, SmallVec<[OpId; 1]>>,
}

impl ReuseTable {
    /// The hash of an op with `state`'s content created in `block`.
    fn hash(block: BlockId, state: &OperationState) -> u64 {
        // Word by word: the derived hashes of the tuple and its slices cost about
        // half as much again. Lengths keep `[a, b] + []` apart from `[a] + [b]`.
        let mut h = FxHasher::default();
        h.write_u32(block.0);
        h.write_u32(state.name.0);
        h.write_usize(state.operands.len());
        state.operands.iter().for_each(|v| h.write_u32(v.0));
        h.write_usize(state.result_types.len());
        state.result_types.iter().for_each(|t| h.write_u32(t.0));
        for list in [&state.props, &state.attrs] {
            h.write_usize(list.len());
            for a in list {
                h.write_u32(a.name.0);
                h.write_u32(a.value.0);
            }
        }
        h.finish()
    }

    /// An op of the table, still in `block`, equal to what `state` would create.
    fn find(
        &self,
        module: &Module,
        hash: u64,
        block: BlockId,
        state: &OperationState,
    ) -> Option<OpId> {
        self.ops.get(&hash)?.iter().copied().find(|&op| {
            let o = module.op(op);
            !o.is_erased()
                && o.parent() == Some(block)
                && o.name() == state.name
                && module.operands(op) == state.operands.as_slice()
                && module
                    .results(op)
                    .map(|v| module.value_type(v))
                    .eq(state.result_types.iter().copied())
                && o.props() == state.props.as_slice()
                && o.attrs() == state.attrs.as_slice()
        })
    }
}

impl<'a> Builder<'a> {
    /// A builder without an insertion point or listener.
    pub fn new(ctx: &'a mut Context, module: &'a mut Module) -> Self {
        Builder {
            ctx,
            module,
            ip: None,
            listener: None,
            reports: Vec::new(),
            reuse: None,
        }
    }

    /// A builder that reports every edit to `listener`.
    pub fn with_listener(
        ctx: &'a mut Context,
        module: &'a mut Module,
        listener: &'a mut dyn Listener,
    ) -> Self {
        Builder {
            ctx,
            module,
            ip: None,
            listener: Some(listener),
            reports: Vec::new(),
            reuse: None,
        }
    }

    /// Reuses the pure ops that `table` holds, and records those created from now
    /// on, until [`Builder::take_reuse`].
    pub fn set_reuse(&mut self, table: ReuseTable) {
        self.reuse = Some(table);
    }

    /// Stops reusing ops and returns the table, to hand to the next builder of the
    /// same sweep.
    pub fn take_reuse(&mut self) -> ReuseTable {
        self.reuse.take().unwrap_or_default()
    }

    /// The insertion point.
    pub fn insertion_point(&self) -> Option<InsertionPoint> {
        self.ip
    }

    /// Sets the insertion point.
    pub fn set_insertion_point(&mut self, ip: InsertionPoint) {
        self.ip = Some(ip);
    }

    /// Inserts right before `op`.
    pub fn set_insertion_point_before(&mut self, op: OpId) {
        self.ip = Some(InsertionPoint::Before(op));
    }

    /// Inserts right after `op`.
    pub fn set_insertion_point_after(&mut self, op: OpId) {
        self.ip = Some(InsertionPoint::After(op));
    }

    /// Clears the insertion point: [`Builder::create`] then makes detached ops.
    pub fn clear_insertion_point(&mut self) {
        self.ip = None;
    }

    /// Reports a diagnostic found while rewriting (a pattern that proves the program
    /// wrong, say): to the listener, which a pass driving patterns collects from, or
    /// else kept for [`Builder::take_reports`].
    pub fn report(&mut self, diagnostic: Diagnostic) {
        match self.listener.as_deref_mut() {
            Some(l) => l.diagnostic(diagnostic),
            None => self.reports.push(diagnostic),
        }
    }

    /// The diagnostics reported without a listener.
    pub fn take_reports(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.reports)
    }

    /// Inserts a detached `op` at the insertion point.
    ///
    /// # Errors
    /// As the module's insertion methods (an attached or erased op, a cycle).
    pub fn insert(&mut self, op: OpId) -> Result<(), EditError> {
        match self.ip {
            None => return Ok(()),
            Some(InsertionPoint::Start(b)) => {
                self.module.prepend_op(b, op)?;
                // Later ops go after this one, keeping creation order.
                self.ip = Some(InsertionPoint::After(op));
            }
            Some(InsertionPoint::End(b)) => self.module.append_op(b, op)?,
            Some(InsertionPoint::Before(anchor)) => self.module.insert_op_before(anchor, op)?,
            Some(InsertionPoint::After(anchor)) => {
                self.module.insert_op_after(anchor, op)?;
                self.ip = Some(InsertionPoint::After(op));
            }
        }
        self.notify(|l, m| l.op_inserted(m, op));
        Ok(())
    }

    /// Creates an operation from `state` at the insertion point.
    ///
    /// # Errors
    /// As [`Builder::insert`]; the op is erased again if it cannot be inserted.
    pub fn create(&mut self, state: OperationState) -> Result<OpId, EditError> {
        let key = self.reuse_key(&state);
        if let (Some((hash, block)), Some(table)) = (key, &self.reuse)
            && let Some(op) = table.find(self.module, hash, block, &state)
        {
            return Ok(op);
        }
        let op = self.module.create_op(state);
        if let Err(e) = self.insert(op) {
            // Fresh and unused: erasing cannot fail.
            let _ = self.module.erase_op(op);
            return Err(e);
        }
        if let (Some((hash, _)), Some(table)) = (key, &mut self.reuse) {
            table.ops.entry(hash).or_default().push(op);
        }
        Ok(op)
    }

    /// The hash and block under which `state` would be reused: a pure op without
    /// regions or successors, created in a block, while a table is held.
    fn reuse_key(&self, state: &OperationState) -> Option<(u64, BlockId)> {
        self.reuse.as_ref()?;
        if !state.regions.is_empty() || !state.successors.is_empty() {
            return None;
        }
        let def = self.ctx.op_def_of_kind(self.ctx.op_kind(state.name)?);
        if !def.has_trait(OpTrait::Pure) || def.has_trait(OpTrait::Terminator) {
            return None;
        }
        let block = match self.ip? {
            InsertionPoint::Start(b) | InsertionPoint::End(b) => b,
            InsertionPoint::Before(o) | InsertionPoint::After(o) => self.module.op(o).parent()?,
        };
        Some((ReuseTable::hash(block, state), block))
    }

    /// Creates a block with arguments of the given types at the end of `region`.
    ///
    /// # Errors
    /// As [`Module::append_block`].
    pub fn create_block(
        &mut self,
        region: RegionId,
        arg_types: &[Type],
        location: Location,
    ) -> Result<BlockId, EditError> {
        let block = self.module.create_block(arg_types, location);
        self.module.append_block(region, block)?;
        Ok(block)
    }

    /// Erases `op` (refused while its results are used).
    ///
    /// # Errors
    /// As [`Module::erase_op`]; nothing is reported to the listener then.
    pub fn erase_op(&mut self, op: OpId) -> Result<(), EditError> {
        if self.listener.is_none() {
            return self.module.erase_op(op);
        }
        let m = &*self.module;
        if !m.op(op).is_erased() && m.op(op).regions().is_empty() && m.top() != Some(op) {
            // The common case, without collecting nested ops: nothing is nested, so
            // any use of a result is an outside use.
            let outside = |v| m.uses(v).find(|u| u.user != op);
            if let Some(user) = m.results(op).find_map(outside) {
                return Err(EditError::StillUsed { user });
            }
            self.notify(|l, m| l.op_erased(m, op));
            return self.module.erase_op(op);
        }
        self.check_erasable(op)?;
        // Nested ops go first, as upstream erases them before their parent.
        let mut inner = self.module.collect_ops(op);
        inner.reverse();
        for o in inner {
            self.notify(|l, m| l.op_erased(m, o));
        }
        self.module.erase_op(op)
    }

    /// Replaces the results of `op` by `values`, then erases it.
    ///
    /// # Errors
    /// As [`Module::replace_op`]; nothing changes then.
    pub fn replace_op(&mut self, op: OpId, values: &[Value]) -> Result<(), EditError> {
        // Refused before the listener hears of it.
        self.module.check_replace_op(op, values)?;
        self.notify(|l, m| l.op_replaced(m, op, values));
        // A range of ids: it does not borrow the module.
        for (r, &v) in self.module.results(op).zip(values) {
            self.replace_all_uses_with(r, v);
        }
        self.erase_op(op)
    }

    /// Creates an op from `state` before `op` and replaces `op` by its results.
    ///
    /// # Errors
    /// As [`Builder::create`] and [`Builder::replace_op`].
    pub fn replace_op_with_new(
        &mut self,
        op: OpId,
        state: OperationState,
    ) -> Result<OpId, EditError> {
        let saved = self.ip;
        self.set_insertion_point_before(op);
        let created = self.create(state);
        self.ip = saved;
        let new = created?;
        let values: Vec<Value> = self.module.results(new).collect();
        self.replace_op(op, &values)?;
        Ok(new)
    }

    /// Makes every use of `from` read `to`, reporting each changed user.
    pub fn replace_all_uses_with(&mut self, from: Value, to: Value) -> usize {
        let users = if self.listener.is_some() {
            self.module.users(from)
        } else {
            Vec::new()
        };
        let moved = self.module.replace_all_uses_with(from, to);
        for user in users {
            self.notify(|l, m| l.op_modified(m, user));
        }
        moved
    }

    /// Runs an in-place change of `op` and reports it as modified. The change gets
    /// the context too: setting an attribute needs it.
    pub fn modify_op<T>(
        &mut self,
        op: OpId,
        change: impl FnOnce(&mut Context, &mut Module) -> T,
    ) -> T {
        let r = change(self.ctx, self.module);
        self.notify(|l, m| l.op_modified(m, op));
        r
    }

    /// Moves `op` right before `anchor`.
    ///
    /// # Errors
    /// As [`Module::move_op_before`].
    pub fn move_op_before(&mut self, op: OpId, anchor: OpId) -> Result<(), EditError> {
        self.module.move_op_before(op, anchor)?;
        self.notify(|l, m| l.op_inserted(m, op));
        Ok(())
    }

    /// Moves `op` right after `anchor`.
    ///
    /// # Errors
    /// As [`Module::move_op_after`].
    pub fn move_op_after(&mut self, op: OpId, anchor: OpId) -> Result<(), EditError> {
        self.module.move_op_after(op, anchor)?;
        self.notify(|l, m| l.op_inserted(m, op));
        Ok(())
    }

    /// Refuses early what [`Module::erase_op`] would refuse, so listeners hear of
    /// an erasure only when it happens.
    fn check_erasable(&self, op: OpId) -> Result<(), EditError> {
        let m = &*self.module;
        if m.op(op).is_erased() {
            return Err(EditError::Erased);
        }
        if m.top() == Some(op) {
            return Err(EditError::Top);
        }
        let inner = m.collect_ops(op);
        let set: rustc_hash::FxHashSet<OpId> = inner.iter().copied().collect();
        let inside = |user: OpId| set.contains(&user);
        for &o in &inner {
            for v in m.results(o) {
                if let Some(user) = m.uses(v).find(|u| !inside(u.user)) {
                    return Err(EditError::StillUsed { user });
                }
            }
            for &r in m.op(o).regions() {
                for &b in m.region(r).blocks() {
                    for &a in m.block(b).args() {
                        if let Some(user) = m.uses(a).find(|u| !inside(u.user)) {
                            return Err(EditError::StillUsed { user });
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn notify(&mut self, f: impl FnOnce(&mut dyn Listener, &Module)) {
        if let Some(l) = self.listener.as_deref_mut() {
            f(l, self.module);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::module::ValueDef;

    /// `builtin.unrealized_conversion_cast %v : T to T` (pure) or an unregistered op
    /// with the same operand, at the builder's insertion point.
    fn make(b: &mut Builder<'_>, name: &str, v: Value) -> OpId {
        let ty = b.module.value_type(v);
        let mut st = OperationState::new(b.ctx.sym(name), Location::Unknown);
        st.operands.push(v);
        st.result_types.push(ty);
        b.create(st).unwrap()
    }

    #[test]
    fn reuse_table_returns_equal_pure_ops_of_the_same_block_only() {
        let mut ctx = Context::new();
        let mut module = Module::new();
        let i32 = ctx.int_type(32, crate::Signedness::Signless);
        let outer = module.create_block(&[i32, i32], Location::Unknown);
        let inner = module.create_block(&[], Location::Unknown);
        let args: Vec<Value> = module.block(outer).args().to_vec();
        assert!(matches!(
            module.value(args[0]).def(),
            ValueDef::BlockArg { .. }
        ));
        let cast = "builtin.unrealized_conversion_cast";
        let mut b = Builder::new(&mut ctx, &mut module);
        b.set_reuse(ReuseTable::default());
        b.set_insertion_point(InsertionPoint::End(outer));
        let first = make(&mut b, cast, args[0]);
        assert_eq!(make(&mut b, cast, args[0]), first, "equal and pure: reused");
        assert_ne!(make(&mut b, cast, args[1]), first, "another operand");
        let unknown = make(&mut b, "test.effects", args[0]);
        assert_ne!(
            make(&mut b, "test.effects", args[0]),
            unknown,
            "not known pure"
        );
        b.set_insertion_point(InsertionPoint::End(inner));
        let other_block = make(&mut b, cast, args[0]);
        assert_ne!(other_block, first, "another block");
        // Without the table, nothing is reused.
        let table = b.take_reuse();
        b.set_insertion_point(InsertionPoint::End(outer));
        assert_ne!(make(&mut b, cast, args[0]), first);
        // An erased op is not handed out again.
        b.set_reuse(table);
        b.module.erase_op(other_block).unwrap();
        b.set_insertion_point(InsertionPoint::End(inner));
        let again = make(&mut b, cast, args[0]);
        assert_ne!(again, other_block);
        assert_eq!(make(&mut b, cast, args[0]), again);
    }
}
