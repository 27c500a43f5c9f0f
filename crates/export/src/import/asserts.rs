//! The text's `cf.assert`s, which the import's candidates must each find one of
//! ([`super::dynamic`]).
//!
//! An assert is looked up by its message; its location is not part of the key: a
//! text printed without `--mlir-print-debuginfo` gives each op the place it was
//! read at, so the assert and the op it checks for no longer share one. The asserts
//! of one message are kept in program order; ops are imported in program order and
//! each accepted candidate takes its asserts away, so the asserts an op's candidate
//! makes are among the first few left of their message. Looking at a bounded
//! window of them keeps the import linear in the number of asserts (an assert no
//! candidate takes stays, and is reported at the end).

use rustc_hash::FxHashMap;
use tensor_ir::module::OpId;
use tensor_ir::{Attribute, Module};

/// How many of the first asserts left of a message a candidate's assert is
/// compared with.
const WINDOW: usize = 8;

/// How many asserts (erased ones included) past the first one left are looked at:
/// bounded even when an assert no candidate takes holds the front.
const SCAN: usize = 64;

/// The text's asserts by message, in program order.
#[derive(Default)]
pub(super) struct Asserts {
    by_msg: FxHashMap<Option<Attribute>, Queue>,
}

#[derive(Default)]
struct Queue {
    ops: Vec<OpId>,
    /// The asserts before it are all erased.
    front: usize,
}

impl Asserts {
    /// Records `op`, an assert of the text with message `msg` (in program order).
    pub(super) fn push(&mut self, msg: Option<Attribute>, op: OpId) {
        self.by_msg.entry(msg).or_default().ops.push(op);
    }

    /// The first asserts of message `msg` that are left (not erased), at most
    /// [`WINDOW`] of them.
    pub(super) fn window(&mut self, module: &Module, msg: Option<Attribute>) -> Vec<OpId> {
        let Some(q) = self.by_msg.get_mut(&msg) else {
            return Vec::new();
        };
        while q
            .ops
            .get(q.front)
            .is_some_and(|&o| module.op(o).is_erased())
        {
            q.front += 1;
        }
        q.ops[q.front..]
            .iter()
            .copied()
            .take(SCAN)
            .filter(|&o| !module.op(o).is_erased())
            .take(WINDOW)
            .collect()
    }
}
