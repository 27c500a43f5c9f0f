//! Unit tests of the storage and edit API: use-lists, insertion, erasure, cloning,
//! and what the verifier says about IR left inconsistent by edits.

use super::*;
use crate::verify::verify_module;
use crate::{Context, print};

/// A module `func.func @f(%a: i32) { <ops> return }` built through the API, with
/// unregistered ops allowed.
struct Fixture {
    ctx: Context,
    m: Module,
    body: BlockId,
    arg: Value,
    i32: Type,
}

impl Fixture {
    fn new() -> Self {
        let mut ctx = Context::new();
        ctx.set_allow_unregistered(true);
        let i32 = ctx.i(32);
        let mut m = Module::new();
        let top_region = m.create_region();
        let top_block = m.create_block(&[], Location::Unknown);
        m.append_block(top_region, top_block).unwrap();
        let mut state = OperationState::new(ctx.sym("builtin.module"), Location::Unknown);
        state.regions.push(top_region);
        let top = m.create_op(state);
        m.set_top(top);
        let body_region = m.create_region();
        let body = m.create_block(&[i32], Location::Unknown);
        m.append_block(body_region, body).unwrap();
        let mut f = OperationState::new(ctx.sym("t.func"), Location::Unknown);
        f.regions.push(body_region);
        let func = m.create_op(f);
        m.append_op(top_block, func).unwrap();
        let arg = m.block(body).args()[0];
        Fixture {
            ctx,
            m,
            body,
            arg,
            i32,
        }
    }

    /// A detached `t.<name>(operands) : -> i32 x results` op.
    fn op(&mut self, name: &str, operands: &[Value], results: usize) -> OpId {
        let mut s = OperationState::new(self.ctx.sym(&format!("t.{name}")), Location::Unknown);
        s.operands.extend(operands.iter().copied());
        s.result_types
            .extend(std::iter::repeat_n(self.i32, results));
        self.m.create_op(s)
    }

    fn append(&mut self, name: &str, operands: &[Value]) -> (OpId, Value) {
        let op = self.op(name, operands, 1);
        self.m.append_op(self.body, op).unwrap();
        (op, self.m.result(op, 0))
    }

    fn names(&self) -> Vec<String> {
        self.m
            .block_ops(self.body)
            .map(|o| self.ctx.str(self.m.op(o).name()).to_owned())
            .collect()
    }

    fn errors(&self) -> Vec<String> {
        verify_module(&self.ctx, &self.m)
            .iter()
            .map(|d| d.message.clone())
            .collect()
    }

    fn text(&self) -> String {
        let mut out = String::new();
        print::print_module(&self.ctx, &self.m, Default::default(), &mut out);
        out
    }
}

#[test]
fn use_lists_follow_operands() {
    let mut f = Fixture::new();
    let arg = f.arg;
    let (a, va) = f.append("a", &[arg, arg]);
    let (b, _) = f.append("b", &[va, arg]);
    let uses: Vec<Use> = f.m.uses(arg).collect();
    assert_eq!(uses.len(), 3);
    assert!(uses.contains(&Use { user: a, index: 1 }));
    assert!(uses.contains(&Use { user: b, index: 1 }));
    assert_eq!(f.m.users(arg), vec![b, a]);
    assert!(f.m.has_one_use(va));
    f.m.set_operand(b, 0, arg).unwrap();
    assert!(!f.m.has_uses(va));
    assert_eq!(f.m.uses(arg).count(), 4);
    assert_eq!(
        f.m.set_operand(b, 2, arg),
        Err(EditError::OutOfRange { index: 2, len: 2 })
    );
    // A different operand count moves the op to fresh slots.
    f.m.set_operands(b, &[va, va, va]);
    assert_eq!(f.m.operands(b), &[va, va, va]);
    assert_eq!(f.m.uses(arg).count(), 2);
    assert_eq!(f.m.uses(va).count(), 3);
}

#[test]
fn results_are_bounds_checked() {
    let mut f = Fixture::new();
    let arg = f.arg;
    let one = f.op("one", &[arg], 1);
    let two = f.op("two", &[], 2);
    assert_eq!(f.m.try_result(one, 1), None);
    assert!(f.m.try_result(two, 1).is_some());
    let caught = std::panic::catch_unwind(|| f.m.result(one, 1));
    assert!(
        caught.is_err(),
        "result #1 of a one-result op must not name another op's value"
    );
}

#[test]
fn insertion_points_and_moves() {
    let mut f = Fixture::new();
    let (a, _) = f.append("a", &[]);
    let (c, _) = f.append("c", &[]);
    let b = f.op("b", &[], 0);
    f.m.insert_op_before(c, b).unwrap();
    let z = f.op("z", &[], 0);
    f.m.prepend_op(f.body, z).unwrap();
    let d = f.op("d", &[], 0);
    f.m.insert_op_after(c, d).unwrap();
    assert_eq!(f.names(), ["t.z", "t.a", "t.b", "t.c", "t.d"]);
    assert_eq!(f.m.block_ops(f.body).next_back(), Some(d));
    assert_eq!(f.m.insert_op_after(c, d), Err(EditError::Attached));
    f.m.move_op_before(d, a).unwrap();
    f.m.move_op_after(z, c).unwrap();
    assert_eq!(f.names(), ["t.d", "t.a", "t.b", "t.c", "t.z"]);
    assert_eq!(f.m.block(f.body).len(), 5);
    assert_eq!(f.m.next_op(a), Some(b));
    assert_eq!(f.m.prev_op(a), Some(d));
}

#[test]
fn an_op_cannot_enter_its_own_region() {
    let mut f = Fixture::new();
    let region = f.m.create_region();
    let inner = f.m.create_block(&[], Location::Unknown);
    f.m.append_block(region, inner).unwrap();
    let mut s = OperationState::new(f.ctx.sym("t.wrap"), Location::Unknown);
    s.regions.push(region);
    let wrap = f.m.create_op(s);
    f.m.append_op(f.body, wrap).unwrap();
    let (x, _) = f.append("x", &[]);
    f.m.move_op_to_end(x, inner).unwrap();
    assert_eq!(f.m.move_op_to_end(wrap, inner), Err(EditError::Cycle));
    // Refused moves leave the op where it was.
    assert_eq!(f.m.op(wrap).parent(), Some(f.body));
    let top = f.m.top().unwrap();
    assert_eq!(f.m.erase_op(top), Err(EditError::Top));
}

#[test]
fn erase_is_refused_while_results_are_used() {
    let mut f = Fixture::new();
    let arg = f.arg;
    let (a, va) = f.append("a", &[arg]);
    let (b, _) = f.append("b", &[va]);
    assert_eq!(
        f.m.erase_op(a),
        Err(EditError::StillUsed {
            user: Use { user: b, index: 0 }
        })
    );
    assert_eq!(f.names(), ["t.a", "t.b"], "a refused erase changes nothing");
    assert_eq!(f.m.replace_all_uses_with(va, arg), 1);
    f.m.erase_op(a).unwrap();
    assert_eq!(f.names(), ["t.b"]);
    assert!(f.m.op(a).is_erased());
    assert_eq!(f.m.erase_op(a), Err(EditError::Erased));
    assert_eq!(
        f.m.uses(arg).count(),
        1,
        "the erased op's operand use is gone"
    );
}

#[test]
fn erasing_a_region_op_releases_nested_uses() {
    let mut f = Fixture::new();
    let arg = f.arg;
    let region = f.m.create_region();
    let inner = f.m.create_block(&[f.i32], Location::Unknown);
    f.m.append_block(region, inner).unwrap();
    let mut s = OperationState::new(f.ctx.sym("t.wrap"), Location::Unknown);
    s.regions.push(region);
    s.result_types.push(f.i32);
    let wrap = f.m.create_op(s);
    f.m.append_op(f.body, wrap).unwrap();
    let inner_arg = f.m.block(inner).args()[0];
    let user = f.op("use", &[arg, inner_arg], 1);
    f.m.append_op(inner, user).unwrap();
    let inner_value = f.m.result(user, 0);
    // An outside use of a value defined inside blocks the erase.
    let (outside, _) = f.append("outside", &[inner_value]);
    assert!(matches!(
        f.m.erase_op(wrap),
        Err(EditError::StillUsed { .. })
    ));
    f.m.erase_op(outside).unwrap();
    f.m.erase_op(wrap).unwrap();
    assert!(f.m.op(user).is_erased());
    assert!(f.m.block(inner).is_erased());
    assert!(!f.m.has_uses(arg));
}

#[test]
fn replace_op_checks_counts_and_self_reference() {
    let mut f = Fixture::new();
    let arg = f.arg;
    let (a, va) = f.append("a", &[arg]);
    let (b, _) = f.append("b", &[va, va]);
    assert_eq!(
        f.m.replace_op(a, &[]),
        Err(EditError::CountMismatch {
            expected: 1,
            found: 0
        })
    );
    assert_eq!(f.m.replace_op(a, &[va]), Err(EditError::Cycle));
    f.m.replace_op(a, &[arg]).unwrap();
    assert_eq!(f.m.operands(b), &[arg, arg]);
    assert!(f.errors().is_empty(), "{:?}", f.errors());
}

#[test]
fn a_refused_replace_op_replaces_nothing() {
    let mut f = Fixture::new();
    let arg = f.arg;
    let region = f.m.create_region();
    let inner = f.m.create_block(&[], Location::Unknown);
    f.m.append_block(region, inner).unwrap();
    let mut s = OperationState::new(f.ctx.sym("t.wrap"), Location::Unknown);
    s.regions.push(region);
    s.result_types.push(f.i32);
    let wrap = f.m.create_op(s);
    f.m.append_op(f.body, wrap).unwrap();
    let wrapped = f.m.result(wrap, 0);
    let x = f.op("x", &[], 1);
    f.m.append_op(inner, x).unwrap();
    let vx = f.m.result(x, 0);
    let (user, _) = f.append("user", &[wrapped]);
    // A replacement defined inside the op would be read after the erase.
    assert_eq!(
        f.m.replace_op(wrap, &[vx]),
        Err(EditError::StillUsed {
            user: Use { user, index: 0 }
        })
    );
    assert_eq!(f.m.operands(user), &[wrapped], "nothing was replaced");
    // A value defined inside is read from outside: the erase would be refused.
    let (reader, _) = f.append("reader", &[vx]);
    assert_eq!(
        f.m.replace_op(wrap, &[arg]),
        Err(EditError::StillUsed {
            user: Use {
                user: reader,
                index: 0
            }
        })
    );
    assert_eq!(f.m.operands(user), &[wrapped], "nothing was replaced");
    assert!(!f.m.op(wrap).is_erased());
    f.m.erase_op(reader).unwrap();
    f.m.replace_op(wrap, &[arg]).unwrap();
    assert_eq!(f.m.operands(user), &[arg]);
}

#[test]
fn a_refused_builder_replace_notifies_nothing() {
    use crate::builder::{Builder, Listener};
    #[derive(Default)]
    struct Heard(usize);
    impl Listener for Heard {
        fn op_replaced(&mut self, _: &Module, _: OpId, _: &[Value]) {
            self.0 += 1;
        }
        fn op_erased(&mut self, _: &Module, _: OpId) {
            self.0 += 1;
        }
    }
    let mut f = Fixture::new();
    let arg = f.arg;
    let (a, va) = f.append("a", &[arg]);
    let top = f.m.top().unwrap();
    let mut heard = Heard::default();
    let mut b = Builder::with_listener(&mut f.ctx, &mut f.m, &mut heard);
    assert_eq!(b.replace_op(a, &[va]), Err(EditError::Cycle));
    assert_eq!(b.replace_op(top, &[]), Err(EditError::Top));
    assert_eq!(heard.0, 0, "refused replacements are not reported");
    let mut b = Builder::with_listener(&mut f.ctx, &mut f.m, &mut heard);
    b.replace_op(a, &[arg]).unwrap();
    assert_eq!(heard.0, 2, "replaced, then erased");
}

#[test]
fn replace_uses_if_filters() {
    let mut f = Fixture::new();
    let arg = f.arg;
    let (_, va) = f.append("a", &[arg]);
    let (b, _) = f.append("b", &[arg]);
    let (c, _) = f.append("c", &[arg]);
    let moved = f.m.replace_uses_with_if(arg, va, |u| u.user == c);
    assert_eq!(moved, 1);
    assert_eq!(f.m.operands(b), &[arg]);
    assert_eq!(f.m.operands(c), &[va]);
}

#[test]
fn clone_copies_regions_and_maps_values() {
    let mut f = Fixture::new();
    let arg = f.arg;
    let region = f.m.create_region();
    let entry = f.m.create_block(&[f.i32], Location::Unknown);
    let next = f.m.create_block(&[], Location::Unknown);
    f.m.append_block(region, entry).unwrap();
    f.m.append_block(region, next).unwrap();
    let mut s = OperationState::new(f.ctx.sym("t.wrap"), Location::Unknown);
    s.regions.push(region);
    let wrap = f.m.create_op(s);
    f.m.append_op(f.body, wrap).unwrap();
    let x = f.m.block(entry).args()[0];
    let inner = f.op("inner", &[x, arg], 1);
    f.m.append_op(entry, inner).unwrap();
    let mut br = OperationState::new(f.ctx.sym("t.br"), Location::Unknown);
    br.successors.push(next);
    let br = f.m.create_op(br);
    f.m.append_op(entry, br).unwrap();
    let inner_v = f.m.result(inner, 0);
    let last = f.op("last", &[inner_v], 0);
    f.m.append_op(next, last).unwrap();

    let mut map = ValueMap::new();
    let copy = f.m.clone_op(wrap, &mut map);
    f.m.insert_op_after(wrap, copy).unwrap();
    let copied_region = f.m.op(copy).regions()[0];
    let blocks = f.m.region(copied_region).blocks().to_vec();
    assert_eq!(blocks.len(), 2);
    let copied_inner = f.m.block(blocks[0]).first_op().unwrap();
    let copied_x = f.m.block(blocks[0]).args()[0];
    assert_eq!(f.m.operands(copied_inner), &[copied_x, arg]);
    let copied_br = f.m.next_op(copied_inner).unwrap();
    assert_eq!(f.m.op(copied_br).successors(), &[blocks[1]]);
    let copied_last = f.m.block(blocks[1]).first_op().unwrap();
    assert_eq!(f.m.operands(copied_last), &[f.m.result(copied_inner, 0)]);
    assert!(f.errors().is_empty(), "{:?}", f.errors());
    assert_eq!(f.text().matches("\"t.inner\"").count(), 2);
}

#[test]
fn the_verifier_names_values_left_dangling() {
    let mut f = Fixture::new();
    let arg = f.arg;
    let (a, va) = f.append("a", &[arg]);
    let (b, _) = f.append("b", &[va]);
    // A detached definition.
    f.m.detach_op(a);
    assert_eq!(
        f.errors(),
        ["'t.b' op operand #0 is a result of an operation that is not in the module"]
    );
    // An erased one (reached through set_operand, which does not check).
    f.m.set_operand(b, 0, arg).unwrap();
    f.m.erase_op(a).unwrap();
    f.m.set_operand(b, 0, va).unwrap();
    assert_eq!(
        f.errors(),
        ["'t.b' op operand #0 is a result of an erased operation"]
    );
    // The printer never prints a placeholder for IR that verifies.
    f.m.set_operand(b, 0, arg).unwrap();
    assert!(f.errors().is_empty());
    assert!(!f.text().contains("UNKNOWN"));
}

#[test]
fn the_verifier_reports_values_of_regions_that_do_not_enclose_the_use() {
    let mut f = Fixture::new();
    let region = f.m.create_region();
    let inner = f.m.create_block(&[f.i32], Location::Unknown);
    f.m.append_block(region, inner).unwrap();
    let mut s = OperationState::new(f.ctx.sym("t.wrap"), Location::Unknown);
    s.regions.push(region);
    let wrap = f.m.create_op(s);
    f.m.append_op(f.body, wrap).unwrap();
    let inner_arg = f.m.block(inner).args()[0];
    let x = f.op("x", &[inner_arg], 1);
    f.m.append_op(inner, x).unwrap();
    let vx = f.m.result(x, 0);
    let errors = |f: &Fixture| -> Vec<(String, Vec<String>)> {
        verify_module(&f.ctx, &f.m)
            .iter()
            .map(|d| {
                let notes = d.notes.iter().skip(1).map(|n| n.message.clone());
                (d.message.clone(), notes.collect())
            })
            .collect()
    };
    let dominance = |note: &str| {
        vec![(
            "operand #0 does not dominate this use".to_owned(),
            vec![note.to_owned()],
        )]
    };
    // Used after the op holding its region: the definition is in a child region.
    let (after, _) = f.append("after", &[vx]);
    assert_eq!(
        errors(&f),
        dominance("operand defined here (op in a child region)")
    );
    f.m.set_operand(after, 0, inner_arg).unwrap();
    assert_eq!(
        errors(&f),
        dominance("operand defined as a block argument (block #0 in a child region)")
    );
    // Used inside a sibling's region: neither a parent nor a child region.
    f.m.erase_op(after).unwrap();
    let sibling_region = f.m.create_region();
    let sibling_block = f.m.create_block(&[], Location::Unknown);
    f.m.append_block(sibling_region, sibling_block).unwrap();
    let mut s = OperationState::new(f.ctx.sym("t.sibling"), Location::Unknown);
    s.regions.push(sibling_region);
    let sibling = f.m.create_op(s);
    f.m.append_op(f.body, sibling).unwrap();
    let user = f.op("user", &[vx], 0);
    f.m.append_op(sibling_block, user).unwrap();
    assert_eq!(
        errors(&f),
        dominance("operand defined here (op is neither in a parent nor in a child region)")
    );
    // An op reading a value defined in its own region.
    f.m.erase_op(user).unwrap();
    f.m.set_operands(wrap, &[vx]);
    assert_eq!(
        errors(&f),
        dominance("operand defined here (op in a child region)")
    );
}

#[test]
fn the_verifier_names_detached_blocks() {
    let mut f = Fixture::new();
    let stray = f.m.create_block(&[f.i32], Location::Unknown);
    let stray_arg = f.m.block(stray).args()[0];
    let (b, _) = f.append("b", &[stray_arg]);
    assert_eq!(
        f.errors(),
        ["'t.b' op operand #0 is an argument of a block that is not in the module"]
    );
    f.m.set_operand(b, 0, f.arg).unwrap();
    let mut br = OperationState::new(f.ctx.sym("t.br"), Location::Unknown);
    br.successors.push(stray);
    let br = f.m.create_op(br);
    f.m.append_op(f.body, br).unwrap();
    assert_eq!(
        f.errors(),
        ["'t.br' op branching to block of a different region"]
    );
}

#[test]
fn blocks_with_predecessors_or_used_args_are_not_erased() {
    let mut f = Fixture::new();
    let region = f.m.op(f.m.block_parent_op(f.body).unwrap()).regions()[0];
    let next = f.m.create_block(&[f.i32], Location::Unknown);
    f.m.append_block(region, next).unwrap();
    let mut br = OperationState::new(f.ctx.sym("t.br"), Location::Unknown);
    br.successors.push(next);
    let br = f.m.create_op(br);
    f.m.append_op(f.body, br).unwrap();
    assert_eq!(f.m.erase_block(next), Err(EditError::HasPredecessors));
    f.m.erase_op(br).unwrap();
    let x = f.m.block(next).args()[0];
    let (user, _) = f.append("user", &[x]);
    assert!(matches!(
        f.m.erase_block(next),
        Err(EditError::StillUsed { .. })
    ));
    assert!(matches!(
        f.m.erase_block_arg(next, 0),
        Err(EditError::StillUsed { .. })
    ));
    f.m.erase_op(user).unwrap();
    f.m.erase_block_arg(next, 0).unwrap();
    f.m.erase_block(next).unwrap();
    assert_eq!(f.m.region(region).blocks(), &[f.body]);
}
