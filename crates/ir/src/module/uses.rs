//! Use-lists: every operand slot is linked into the list of the value it reads, as
//! upstream's `IRObjectWithUseList`/`OpOperand`. Linking and unlinking a slot cost O(1);
//! listing the uses of a value costs O(uses).

use super::{Link, Module, NONE, OpId, Value, unpack};

/// One use of a value: operand `index` of `user`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Use {
    /// The operation reading the value.
    pub user: OpId,
    /// Which of its operands.
    pub index: usize,
}

/// The uses of a value, most recent first (as upstream lists them).
pub struct Uses<'a> {
    module: &'a Module,
    slot: u32,
}

impl Iterator for Uses<'_> {
    type Item = Use;

    fn next(&mut self) -> Option<Use> {
        let slot = unpack(self.slot)?;
        let link = self.module.operand_links[slot as usize];
        self.slot = link.next;
        let user = OpId(link.owner);
        let start = self.module.ops[user.index()].operand_start;
        Some(Use {
            user,
            index: (slot - start) as usize,
        })
    }
}

impl Module {
    /// The uses of `v`.
    pub fn uses(&self, v: Value) -> Uses<'_> {
        Uses {
            module: self,
            slot: self.values[v.index()].first_use,
        }
    }

    /// True if anything reads `v`.
    pub fn has_uses(&self, v: Value) -> bool {
        self.values[v.index()].first_use != NONE
    }

    /// True if exactly one operand reads `v`.
    pub fn has_one_use(&self, v: Value) -> bool {
        let mut uses = self.uses(v);
        uses.next().is_some() && uses.next().is_none()
    }

    /// The distinct operations reading `v`, in use-list order.
    pub fn users(&self, v: Value) -> Vec<OpId> {
        let mut users: Vec<OpId> = Vec::new();
        // A set only for values with many users: linear in the number of uses.
        let mut seen: rustc_hash::FxHashSet<OpId> = rustc_hash::FxHashSet::default();
        for u in self.uses(v) {
            let new = if users.len() < 16 && seen.is_empty() {
                !users.contains(&u.user)
            } else {
                if seen.is_empty() {
                    seen.extend(users.iter().copied());
                }
                seen.insert(u.user)
            };
            if new {
                users.push(u.user);
            }
        }
        users
    }

    /// True if no result of `op` is read.
    pub fn results_unused(&self, op: OpId) -> bool {
        self.results(op).all(|v| !self.has_uses(v))
    }

    /// Appends operand slots reading `values` for `owner` and links them.
    pub(super) fn push_operands(&mut self, owner: OpId, values: &[Value]) {
        self.operand_values.reserve(values.len());
        self.operand_links.reserve(values.len());
        for &value in values {
            let slot = super::next_id(self.operand_values.len());
            // Linked at the head of the value's use-list, as `link` does.
            let head = std::mem::replace(&mut self.values[value.index()].first_use, slot);
            if let Some(h) = unpack(head) {
                self.operand_links[h as usize].prev = slot;
            }
            self.operand_values.push(value);
            self.operand_links.push(Link {
                owner: owner.0,
                next: head,
                prev: NONE,
            });
        }
    }

    /// Links `slot` at the head of its value's use-list.
    pub(super) fn link(&mut self, slot: u32) {
        let value = self.operand_values[slot as usize];
        let head = self.values[value.index()].first_use;
        {
            let l = &mut self.operand_links[slot as usize];
            l.next = head;
            l.prev = NONE;
        }
        if let Some(h) = unpack(head) {
            self.operand_links[h as usize].prev = slot;
        }
        self.values[value.index()].first_use = slot;
    }

    /// Removes `slot` from its value's use-list.
    pub(super) fn unlink(&mut self, slot: u32) {
        let Link { next, prev, .. } = self.operand_links[slot as usize];
        match unpack(prev) {
            Some(p) => self.operand_links[p as usize].next = next,
            None => {
                let value = self.operand_values[slot as usize];
                self.values[value.index()].first_use = next;
            }
        }
        if let Some(n) = unpack(next) {
            self.operand_links[n as usize].prev = prev;
        }
        let l = &mut self.operand_links[slot as usize];
        l.next = NONE;
        l.prev = NONE;
    }

    /// Points `slot` at `value`, moving it between use-lists.
    pub(super) fn retarget(&mut self, slot: u32, value: Value) {
        if self.operand_values[slot as usize] == value {
            return;
        }
        let owner = self.operand_links[slot as usize].owner;
        self.note_op(OpId(owner));
        self.unlink(slot);
        self.operand_values[slot as usize] = value;
        self.link(slot);
    }

    /// The operand slots of `op`.
    pub(super) fn operand_slots(&self, op: OpId) -> std::ops::Range<u32> {
        let o = &self.ops[op.index()];
        o.operand_start..o.operand_start + o.num_operands
    }
}
