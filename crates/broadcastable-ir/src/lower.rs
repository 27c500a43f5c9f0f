//! The per-op interface that makes broadcasting explicit: how an op whose operands
//! broadcast implicitly is rewritten so that every operand already has the shape it
//! is used at (explicit broadcast ops before it, with the run-time checks that `?`
//! and `*` sizes need), and how to tell whether it still broadcasts implicitly.
//!
//! A dialect attaches an [`ExplicitBroadcast`] to each of its ops that can broadcast
//! (`Context::attach_interface`); `--lower-broadcast` applies the rewrites as
//! patterns and `--verify-explicit-broadcast` checks the invariant with
//! [`ExplicitBroadcast::implicit`]. A dialect checks that every op that can
//! broadcast has one with `Context::ops_without_interface` in a test.

use std::any::{Any, TypeId};

use rustc_hash::FxHashMap;
use tensor_ir::Context;
use tensor_ir::builder::Builder;
use tensor_ir::module::{EditError, Module, OpId};

/// How one op's implicit broadcasting becomes explicit.
#[derive(Clone, Copy, Debug)]
pub struct ExplicitBroadcast {
    /// Why the op still broadcasts implicitly (which operand does not have the
    /// shape it is used at, or which attribute still places dims), or `None` when
    /// nothing is implicit.
    pub implicit: fn(&Context, &Module, OpId, &mut Sweep) -> Option<String>,
    /// Rewrites the op so that nothing is implicit, inserting what it needs before
    /// it through the builder (whose listener sees every edit); `Ok(false)` without
    /// touching the IR when nothing is implicit, so the rewrite is idempotent.
    ///
    /// # Errors
    /// An edit the module refused (a bug in the rewrite).
    pub lower: fn(&mut Builder<'_>, OpId, &mut Sweep) -> Result<bool, EditError>,
}

/// What an op the lowering creates is to it: the pass counts these, before and
/// after, for its statistics, so that no rewrite has to report what it made and
/// the pass names no dialect's ops. A dialect attaches one to each of its explicit
/// broadcast ops and each of its run-time shape checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExplicitForm {
    /// An explicit broadcast: its operand is stretched to the shape it is used at.
    Broadcast,
    /// A run-time check that sizes broadcast.
    ShapeCheck,
}

/// What one sweep over a module (a lowering, or a check of the invariant) keeps
/// between the ops it visits in program order: each dialect keeps there what it
/// has worked out about values, so that a chain of ops is not worked out again
/// at each op of the chain. A fresh one is always correct; a shared one must only
/// see edits that keep each value's meaning (as lowering does), since it outlives
/// one op.
#[derive(Default)]
pub struct Sweep {
    slots: FxHashMap<TypeId, Box<dyn Any + Send>>,
}

impl Sweep {
    /// The dialect's state of type `T`, created empty on first use.
    pub fn state<T: Any + Send + Default>(&mut self) -> &mut T {
        let slot = self
            .slots
            .entry(TypeId::of::<T>())
            .or_insert_with(|| Box::<T>::default());
        // The slot under `T`'s id holds a `T`: only this method fills it.
        match slot.downcast_mut::<T>() {
            Some(t) => t,
            None => unreachable!("a sweep slot holds the type it is keyed by"),
        }
    }
}
