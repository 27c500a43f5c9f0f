//! Structural invariants of a module, checked by brute force over its arenas and
//! its public read API only: use-lists against operands, the linked op lists of
//! blocks both ways, parent links, and nothing erased reachable from the top.

use std::collections::BTreeMap;
use tensor_ir::module::Use;
use tensor_ir::{Module, OpId, Value};

/// Panics at the first broken invariant. `values` lists every value of the module
/// (the arenas give no way to name a value by index).
pub fn check(m: &Module, values: impl Iterator<Item = Value>) {
    let ops: Vec<OpId> = (0..m.num_ops())
        .map(|i| m.op_at(i).expect("in range"))
        .collect();
    assert_eq!(m.op_at(m.num_ops()), None);

    // Use-lists equal the operands: every operand slot of a live op is listed once in
    // its value's uses, and every listed use is such a slot.
    let mut slots: BTreeMap<Value, Vec<Use>> = BTreeMap::new();
    for &op in &ops {
        if m.op(op).is_erased() {
            assert!(m.operands(op).is_empty(), "erased {op:?} keeps operands");
            continue;
        }
        for (index, &v) in m.operands(op).iter().enumerate() {
            slots.entry(v).or_default().push(Use { user: op, index });
        }
    }
    let mut seen = 0;
    for v in values {
        let mut uses: Vec<Use> = m.uses(v).collect();
        let n = uses.len();
        uses.sort_by_key(|u| (u.user, u.index));
        uses.dedup();
        assert_eq!(uses.len(), n, "a use of {v:?} is listed twice");
        let mut expected = slots.remove(&v).unwrap_or_default();
        expected.sort_by_key(|u| (u.user, u.index));
        assert_eq!(uses, expected, "use-list of {v:?}");
        assert_eq!(m.has_uses(v), !expected.is_empty());
        assert_eq!(m.has_one_use(v), expected.len() == 1);
        let mut users: Vec<OpId> = expected.iter().map(|u| u.user).collect();
        users.dedup();
        let mut listed = m.users(v);
        listed.sort();
        assert_eq!(listed, users, "users of {v:?}");
        seen += 1;
    }
    assert_eq!(seen, m.num_values(), "every value checked");
    assert!(slots.is_empty(), "operands read unknown values: {slots:?}");

    // Blocks: the linked list agrees with iteration both ways, the count, the
    // first/last links and each op's parent.
    for (b, block) in m.blocks() {
        let fwd: Vec<OpId> = m.block_ops(b).collect();
        let mut bwd: Vec<OpId> = m.block_ops(b).rev().collect();
        bwd.reverse();
        assert_eq!(fwd, bwd, "{b:?} iterates differently backwards");
        assert_eq!(block.len(), fwd.len(), "op count of {b:?}");
        assert_eq!(m.block_ops(b).len(), fwd.len());
        assert_eq!(block.is_empty(), fwd.is_empty());
        assert_eq!(block.first_op(), fwd.first().copied(), "first op of {b:?}");
        assert_eq!(block.last_op(), fwd.last().copied(), "last op of {b:?}");
        for (i, &op) in fwd.iter().enumerate() {
            assert_eq!(m.op(op).parent(), Some(b), "parent of {op:?}");
            let prev = i.checked_sub(1).map(|j| fwd[j]);
            assert_eq!(m.prev_op(op), prev, "prev of {op:?}");
            assert_eq!(m.next_op(op), fwd.get(i + 1).copied(), "next of {op:?}");
        }
        if let Some(r) = block.parent() {
            let n = m.region(r).blocks().iter().filter(|&&x| x == b).count();
            assert_eq!(n, 1, "{b:?} is listed {n} times by its region");
        }
    }
    for &op in &ops {
        if let Some(b) = m.op(op).parent() {
            assert!(
                m.block_ops(b).any(|o| o == op),
                "{op:?} not in its block's list"
            );
        }
        for &r in m.op(op).regions() {
            assert_eq!(m.region(r).parent(), Some(op), "parent of {r:?}");
        }
    }
    for (r, region) in m.regions() {
        for &b in region.blocks() {
            assert_eq!(m.block(b).parent(), Some(r), "parent of {b:?}");
        }
        if let Some(op) = region.parent() {
            assert!(
                m.op(op).regions().contains(&r),
                "{r:?} not in its op's list"
            );
        }
    }

    // Nothing erased is reachable from the top.
    let top = m.top().expect("a top op");
    m.walk(top, |op| {
        assert!(
            !m.op(op).is_erased(),
            "erased {op:?} reachable from the top"
        );
        assert!(m.is_in_module(op), "{op:?} reachable but not in the module");
        for &r in m.op(op).regions() {
            for &b in m.region(r).blocks() {
                assert!(
                    !m.block(b).is_erased(),
                    "erased {b:?} reachable from the top"
                );
            }
        }
    });
}
