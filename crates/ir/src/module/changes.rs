//! Which ops edits may have made invalid, so that verification after a pass can
//! check those instead of the whole module (`verify::verify_changed`).
//!
//! Every edit goes through `edit.rs`, `attr_edit.rs` and `uses.rs`, and each
//! records what it may invalidate: the op it edits; an op's users when the op moves or its result types
//! change (dominance, operand types); the op before an op linked in or out last
//! (a terminator that is no longer last); the block's owner when its last op changes
//! (the block's terminator). Edits whose effects reach further than that (blocks,
//! regions, successors, block arguments, and ops with regions, which may be symbols
//! that calls anywhere refer to) mark the record global: everything is checked.
//! While nothing is tracking, edits record nothing and cost nothing.

use super::{Module, OpId, ValueDef, unpack};

/// What edits since [`Module::track_changes`] may have made invalid.
#[derive(Clone, Debug, Default)]
pub struct Changes {
    tracking: bool,
    global: bool,
    ops: Vec<OpId>,
}

impl Changes {
    /// True when every op must be checked: nothing was tracking, or an edit reached
    /// beyond the ops it names.
    pub fn is_global(&self) -> bool {
        !self.tracking || self.global
    }

    /// The ops to check (with repeats, and possibly erased or detached ones), when
    /// not [global](Changes::is_global): verification marks them in a table, which
    /// costs less than keeping the list free of repeats as edits come.
    pub fn ops(&self) -> &[OpId] {
        &self.ops
    }
}

impl Module {
    /// Starts recording what edits may invalidate, forgetting earlier records.
    pub fn track_changes(&mut self) {
        self.changes = Changes {
            tracking: true,
            global: false,
            ops: Vec::new(),
        };
    }

    /// Stops recording.
    pub fn stop_tracking_changes(&mut self) {
        self.changes = Changes::default();
    }

    /// What edits since [`Module::track_changes`] may have made invalid (global when
    /// nothing was tracking).
    pub fn changes(&self) -> &Changes {
        &self.changes
    }

    /// `op` itself changed.
    pub(super) fn note_op(&mut self, op: OpId) {
        if self.changes.tracking && !self.changes.global {
            self.changes.ops.push(op);
        }
    }

    /// A change whose effects the op-level record cannot follow.
    pub(super) fn note_global(&mut self) {
        self.changes.global = true;
    }

    /// The attributes or properties of `op` changed: a symbol's name or type is
    /// read by symbol uses anywhere, so an op with regions makes the change global.
    pub(super) fn note_attrs(&mut self, op: OpId) {
        if !self.changes.tracking {
            return;
        }
        if self.ops[op.index()].regions.is_empty() {
            self.note_op(op);
        } else {
            self.note_global();
        }
    }

    /// The users of `op`'s results, which read values whose place or type changed.
    pub(super) fn note_users(&mut self, op: OpId) {
        if !self.changes.tracking || self.changes.global {
            return;
        }
        let o = &self.ops[op.index()];
        for v in o.first_result..o.first_result + o.num_results {
            self.note_uses(v);
        }
    }

    /// The users of value `v` (an arena index), read from the use-list directly:
    /// `Module::uses` would borrow the whole module while the record is pushed to.
    fn note_uses(&mut self, v: u32) {
        let mut slot = self.values[v as usize].first_use;
        while let Some(s) = unpack(slot) {
            let link = self.operand_links[s as usize];
            self.changes.ops.push(OpId(link.owner));
            slot = link.next;
        }
    }

    /// `v`'s type changed: its users, and its definition.
    pub(super) fn note_value_type(&mut self, v: super::Value) {
        if !self.changes.tracking || self.changes.global {
            return;
        }
        match self.values[v.index()].def {
            ValueDef::Result { op, .. } => self.note_op(op),
            // A block argument's type is part of its owner's signature.
            ValueDef::BlockArg { .. } | ValueDef::Placeholder => return self.note_global(),
        }
        self.note_uses(v.0);
    }

    /// `op` is being linked into or out of its block (called while it is linked):
    /// the op and its users; when `op` is last, the op before it (which stops or
    /// starts being last: a terminator must be last) and the block's owner (the
    /// block's terminator). The other ops keep their relative order (dominance)
    /// and whether they are last, and no op's verifier reads its neighbours
    /// otherwise, so they are not checked again.
    pub(super) fn note_position(&mut self, op: OpId) {
        if !self.changes.tracking || self.changes.global {
            return;
        }
        let o = &self.ops[op.index()];
        if !o.regions.is_empty() {
            return self.note_global();
        }
        let (prev, next, parent) = (unpack(o.prev), unpack(o.next), unpack(o.parent));
        self.note_op(op);
        self.note_users(op);
        if next.is_some() {
            // The other ops of the block keep their order, and whether they are last.
            return;
        }
        if let Some(p) = prev {
            self.note_op(OpId(p));
        }
        if let Some(b) = parent
            && let Some(owner) = self.blocks[b as usize]
                .parent()
                .and_then(|r| self.regions[r.index()].parent())
        {
            self.note_op(owner);
        }
    }
}
