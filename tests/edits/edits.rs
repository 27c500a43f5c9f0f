//! Random edits, applied to the module through the public API (the module's edit
//! methods, or the `Builder` with a recording listener) and to the model by its own
//! rules. Targets are picks resolved against the current IR: mostly live ops,
//! blocks and values in scope, sometimes detached or erased ones, or the top op.

use crate::Harness;
use crate::model::Kind;
use crate::oracle::visible_at;
use crate::rules::{Expect, Point};
use proptest::collection::vec;
use proptest::prelude::*;
use tensor_ir::builder::{Builder, InsertionPoint, Listener};
use tensor_ir::module::{EditError, ValueMap};
use tensor_ir::{BlockId, Location, Module, OpId, OperationState, Value};

/// Where an edit puts an op: `how` picks before/after an anchor or start/end of a
/// block, `target` picks the anchor or block.
#[derive(Clone, Copy, Debug)]
pub struct Pt {
    pub how: u8,
    pub target: u32,
}

#[derive(Clone, Debug)]
pub enum Edit {
    /// Creates an op (maybe with an empty region) and inserts it.
    Create {
        at: Pt,
        results: Vec<u8>,
        operands: Vec<u32>,
        region: u8,
        builder: bool,
    },
    /// Replaces all uses of a value by another of the same type.
    Rauw {
        from: u32,
        to: u32,
    },
    /// Replaces an op by values (`twist` sometimes gives a wrong count or its own result).
    Replace {
        op: u32,
        values: Vec<u32>,
        twist: u8,
        builder: bool,
    },
    Erase {
        op: u32,
        builder: bool,
    },
    /// Moves an op before/after an anchor or to the end of a block.
    Move {
        op: u32,
        to: Pt,
        builder: bool,
    },
    /// Clones an op (with its regions) and maybe inserts the copy.
    Clone {
        op: u32,
        to: Option<Pt>,
    },
    SetOperand {
        op: u32,
        index: u32,
        value: u32,
    },
    EraseBlockArg {
        block: u32,
        index: u32,
    },
    EraseBlock {
        block: u32,
    },
    Detach {
        op: u32,
    },
    /// Inserts an op that is (usually) detached.
    Insert {
        op: u32,
        to: Pt,
    },
}

fn pt() -> impl Strategy<Value = Pt> {
    (any::<u8>(), any::<u32>()).prop_map(|(how, target)| Pt { how, target })
}

pub fn gen_edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        3 => (pt(), vec(any::<u8>(), 0..=3), vec(any::<u32>(), 0..=3), any::<u8>(), any::<bool>())
            .prop_map(|(at, results, operands, region, builder)| Edit::Create {
                at, results, operands, region, builder
            }),
        2 => (any::<u32>(), any::<u32>()).prop_map(|(from, to)| Edit::Rauw { from, to }),
        2 => (any::<u32>(), vec(any::<u32>(), 3), any::<u8>(), any::<bool>())
            .prop_map(|(op, values, twist, builder)| Edit::Replace { op, values, twist, builder }),
        2 => (any::<u32>(), any::<bool>()).prop_map(|(op, builder)| Edit::Erase { op, builder }),
        3 => (any::<u32>(), pt(), any::<bool>())
            .prop_map(|(op, to, builder)| Edit::Move { op, to, builder }),
        2 => (any::<u32>(), proptest::option::of(pt())).prop_map(|(op, to)| Edit::Clone { op, to }),
        2 => (any::<u32>(), any::<u32>(), any::<u32>())
            .prop_map(|(op, index, value)| Edit::SetOperand { op, index, value }),
        1 => (any::<u32>(), any::<u32>())
            .prop_map(|(block, index)| Edit::EraseBlockArg { block, index }),
        1 => any::<u32>().prop_map(|block| Edit::EraseBlock { block }),
        1 => any::<u32>().prop_map(|op| Edit::Detach { op }),
        2 => (any::<u32>(), pt()).prop_map(|(op, to)| Edit::Insert { op, to }),
    ]
}

/// What the builder told its listener.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Inserted(OpId),
    Modified(OpId),
    Replaced(OpId, Vec<Value>),
    Erased(OpId),
}

#[derive(Default)]
pub struct Recorder {
    pub events: Vec<Event>,
}

impl Listener for Recorder {
    fn op_inserted(&mut self, _: &Module, op: OpId) {
        self.events.push(Event::Inserted(op));
    }
    fn op_modified(&mut self, _: &Module, op: OpId) {
        self.events.push(Event::Modified(op));
    }
    fn op_replaced(&mut self, _: &Module, op: OpId, values: &[Value]) {
        self.events.push(Event::Replaced(op, values.to_vec()));
    }
    fn op_erased(&mut self, _: &Module, op: OpId) {
        self.events.push(Event::Erased(op));
    }
}

/// `p`-th of `live` most of the time, else of `all`.
fn choose<T: Copy>(p: u32, live: &[T], all: &[T]) -> Option<T> {
    let (list, i) = if p % 8 == 1 || live.is_empty() {
        (all, p / 8)
    } else {
        (live, p / 8)
    };
    (!list.is_empty()).then(|| list[i as usize % list.len()])
}

impl Harness {
    fn live_ops(&self, kinds: &[Kind]) -> Vec<OpId> {
        let m = &self.model;
        m.subtree(m.top)
            .into_iter()
            .filter(|&o| kinds.contains(&m.op(o).kind))
            .collect()
    }

    fn all_ops(&self, kinds: &[Kind]) -> Vec<OpId> {
        let m = &self.model;
        m.ops
            .keys()
            .copied()
            .filter(|&o| kinds.contains(&m.op(o).kind))
            .collect()
    }

    /// A `t.*` op (live, detached or erased), or now and then the top op.
    fn pick_op(&self, p: u32) -> Option<OpId> {
        if p.is_multiple_of(32) {
            return Some(self.model.top);
        }
        choose(p, &self.live_ops(&[Kind::T]), &self.all_ops(&[Kind::T]))
    }

    /// A block to insert into: of a function body or of a `t.*` op's region
    /// (`t_only`: the latter only); a live one accepted by `local` most of the time.
    fn pick_block(&self, p: u32, t_only: bool, local: impl Fn(BlockId) -> bool) -> Option<BlockId> {
        let m = &self.model;
        let ok = |b: &BlockId| {
            let holder = m.block_parent_op(*b).map(|o| m.op(o).kind);
            holder == Some(Kind::T) || (!t_only && holder == Some(Kind::Func))
        };
        let all: Vec<BlockId> = m.blocks.keys().copied().filter(ok).collect();
        let live: Vec<BlockId> = all
            .iter()
            .copied()
            .filter(|&b| m.block_in_tree(b) && local(b))
            .collect();
        choose(p, &live, &all)
    }

    /// An insertion point: before or after an anchor (mostly), or at the start or
    /// end of a block. With `near`, usually one in the same function, often one in
    /// the same block: random moves far away break dominance almost always.
    fn pick_point(&self, at: Pt, near: Option<OpId>) -> Option<Point> {
        let m = &self.model;
        let func = near
            .filter(|_| !at.target.is_multiple_of(4))
            .and_then(|op| m.enclosing_func(op));
        let same_block = near
            .filter(|_| at.target % 4 >= 2)
            .and_then(|op| m.op(op).parent);
        let in_func = |op: OpId| func.is_none_or(|f| m.is_ancestor(f, op));
        let local_op = |op: OpId| match same_block {
            Some(b) => m.op(op).parent == Some(b),
            None => in_func(op),
        };
        let local_block = |b: BlockId| match same_block {
            Some(sb) => b == sb,
            None => m.block_parent_op(b).is_some_and(in_func),
        };
        let kinds = [Kind::T, Kind::Return];
        let anchor = || {
            let live: Vec<OpId> = self
                .live_ops(&kinds)
                .into_iter()
                .filter(|&o| local_op(o))
                .collect();
            choose(at.target / 4, &live, &self.all_ops(&kinds))
        };
        let block = || self.pick_block(at.target / 4, false, local_block);
        Some(match at.how % 8 {
            0..=2 => Point::Before(anchor()?),
            3..=5 => Point::After(anchor()?),
            6 => Point::Start(block()?),
            _ => Point::End(block()?),
        })
    }

    /// A value in scope at `near` (a block position) most of the time, else any.
    fn pick_value(&self, p: u32, near: Option<(BlockId, usize)>) -> Option<Value> {
        let scope = near.map_or_else(Vec::new, |(b, i)| visible_at(&self.model, b, i));
        let all: Vec<Value> = self.model.values.keys().copied().collect();
        choose(p, &scope, &all)
    }

    /// A value with the type of `like`: a live one most of the time.
    fn pick_same_type(&self, p: u32, like: Value) -> Option<Value> {
        let m = &self.model;
        let ty = m.values[&like].ty;
        let all: Vec<Value> = m
            .values
            .iter()
            .filter(|(_, x)| x.ty == ty)
            .map(|(&v, _)| v)
            .collect();
        let defined = m.live_values();
        let live: Vec<Value> = all
            .iter()
            .copied()
            .filter(|v| defined.contains(v))
            .collect();
        choose(p, &live, &all)
    }

    fn scope_of(&self, op: OpId) -> Option<(BlockId, usize)> {
        let b = self.model.op(op).parent?;
        Some((b, self.model.position(op)?))
    }

    pub fn module_insert(&mut self, op: OpId, at: Point) -> Result<(), EditError> {
        match at {
            Point::Before(a) => self.m.insert_op_before(a, op),
            Point::After(a) => self.m.insert_op_after(a, op),
            Point::Start(b) => self.m.prepend_op(b, op),
            Point::End(b) => self.m.append_op(b, op),
        }
    }

    /// Applies one edit to module and model and checks the outcome agrees. Returns
    /// a description and whether the edit was refused.
    pub fn apply(&mut self, e: &Edit) -> Option<(String, bool)> {
        let mut rec = Recorder::default();
        let (what, expect, got, builder) = match *e {
            Edit::Create {
                at,
                ref results,
                ref operands,
                region,
                builder,
            } => {
                let point = self.pick_point(at, None)?;
                let near = self.model.point(point);
                let operands: Vec<Value> = operands
                    .iter()
                    .filter_map(|&p| self.pick_value(p, near))
                    .collect();
                let name = self.fresh_name("new");
                let mut state = OperationState::new(self.ctx.sym(&name), Location::Unknown);
                state.operands = operands.into_iter().collect();
                state.result_types = results.iter().map(|&t| self.ty(t)).collect();
                if region % 3 != 0 {
                    let arg = vec![self.ty(region)];
                    let (r, blocks) = self.new_region(&vec![arg; usize::from(region % 3)]);
                    state.regions.push(r);
                    // Several blocks need terminators: a branch to each next block.
                    for (i, &b) in blocks.iter().enumerate().filter(|_| blocks.len() > 1) {
                        let name = self.fresh_name("br");
                        let mut br = OperationState::new(self.ctx.sym(&name), Location::Unknown);
                        br.successors.extend(blocks.get(i + 1).copied());
                        let br = self.new_op(br);
                        self.insert_checked(br, Point::End(b));
                    }
                }
                if builder {
                    // The builder creates the op and erases it again if it cannot be
                    // inserted: the model does the same.
                    let n = self.m.num_ops();
                    let ip = match point {
                        Point::Before(a) => InsertionPoint::Before(a),
                        Point::After(a) => InsertionPoint::After(a),
                        Point::Start(b) => InsertionPoint::Start(b),
                        Point::End(b) => InsertionPoint::End(b),
                    };
                    let st = state.clone();
                    let got = {
                        let mut b = Builder::with_listener(&mut self.ctx, &mut self.m, &mut rec);
                        b.set_insertion_point(ip);
                        b.create(st)
                    };
                    let op = self.m.op_at(n).expect("the builder created an op");

                    let regions = state.regions.to_vec();
                    self.model.add_op(
                        &self.m,
                        op,
                        name.clone(),
                        Kind::T,
                        state.operands.to_vec(),
                        &state.result_types,
                        regions,
                        Vec::new(),
                    );
                    let expect = self.model.insert(op, point);
                    if expect != Expect::Ok {
                        assert_eq!(self.model.erase_op(op), Expect::Ok);
                    }
                    let got = got.map(|created| assert_eq!(created, op));
                    expect.check(&got, "Builder::create");
                    if got.is_ok() {
                        assert_eq!(rec.events, [Event::Inserted(op)]);
                    }
                    (
                        format!("create {name} at {point:?} (builder)"),
                        expect,
                        got,
                        true,
                    )
                } else {
                    let op = self.new_op(state);
                    let expect = self.model.insert(op, point);
                    let got = self.module_insert(op, point);
                    (
                        format!("create {name} ({op:?}) at {point:?}"),
                        expect,
                        got,
                        false,
                    )
                }
            }
            Edit::Rauw { from, to } => {
                let m = &self.model;
                let used: Vec<Value> = m.used_values().into_iter().collect();
                let all: Vec<Value> = m.values.keys().copied().collect();
                let from = choose(from, &used, &all)?;
                let to = self.pick_same_type(to, from)?;
                let want = self.model.rauw(from, to);
                let moved = self.m.replace_all_uses_with(from, to);
                assert_eq!(moved, want, "uses moved from {from:?} to {to:?}");
                (
                    format!("rauw {from:?} -> {to:?}"),
                    Expect::Ok,
                    Ok(()),
                    false,
                )
            }
            Edit::Replace {
                op,
                ref values,
                twist,
                builder,
            } => {
                let op = self.pick_op(op)?;
                let near = self.scope_of(op);
                let results = self.model.op(op).results.clone();
                let mut vals: Vec<Value> = Vec::new();
                for (i, &r) in results.iter().enumerate() {
                    let p = values[i % values.len()];
                    let v = match near {
                        Some(_) if p % 4 != 0 => self
                            .pick_value(p / 4, near)
                            .filter(|v| self.model.values[v].ty == self.model.values[&r].ty),
                        _ => None,
                    };
                    vals.push(v.or_else(|| self.pick_same_type(p, r))?);
                }
                match twist % 16 {
                    0 if vals.pop().is_none() => {
                        vals.extend(self.model.values.keys().next().copied());
                    }
                    1 if !results.is_empty() => vals[0] = results[0],
                    _ => {}
                }
                let expect = self.model.replace_op(op, &vals);
                let got = if builder {
                    let mut b = Builder::with_listener(&mut self.ctx, &mut self.m, &mut rec);
                    b.replace_op(op, &vals)
                } else {
                    self.m.replace_op(op, &vals)
                };
                (format!("replace {op:?} by {vals:?}"), expect, got, builder)
            }
            Edit::Erase { op, builder } => {
                let op = self.pick_op(op)?;
                let order: Vec<OpId> = self.model.subtree(op).into_iter().rev().collect();
                let expect = self.model.erase_op(op);
                let got = if builder {
                    let mut b = Builder::with_listener(&mut self.ctx, &mut self.m, &mut rec);
                    b.erase_op(op)
                } else {
                    self.m.erase_op(op)
                };
                if builder && got.is_ok() {
                    let want: Vec<Event> = order.into_iter().map(Event::Erased).collect();
                    assert_eq!(rec.events, want, "erase notifications, nested ops first");
                }
                (format!("erase {op:?}"), expect, got, builder)
            }
            Edit::Move { op, to, builder } => {
                let op = self.pick_op(op)?;
                let mut point = self.pick_point(to, Some(op))?;
                if let Point::Start(b) = point {
                    point = Point::End(b);
                }
                let builder = builder && matches!(point, Point::Before(_) | Point::After(_));
                let expect = self.model.move_op(op, point);
                let got = if builder {
                    let mut b = Builder::with_listener(&mut self.ctx, &mut self.m, &mut rec);
                    match point {
                        Point::Before(a) => b.move_op_before(op, a),
                        Point::After(a) => b.move_op_after(op, a),
                        _ => unreachable!(),
                    }
                } else {
                    match point {
                        Point::Before(a) => self.m.move_op_before(op, a),
                        Point::After(a) => self.m.move_op_after(op, a),
                        Point::Start(b) | Point::End(b) => self.m.move_op_to_end(op, b),
                    }
                };
                if builder && got.is_ok() {
                    assert_eq!(rec.events, [Event::Inserted(op)]);
                }
                (format!("move {op:?} to {point:?}"), expect, got, builder)
            }
            Edit::Clone { op, to } => {
                let op = self
                    .pick_op(op)
                    .filter(|&o| self.model.op(o).kind == Kind::T && !self.model.op(o).erased)?;
                let copy = self.m.clone_op(op, &mut ValueMap::new());
                self.model.record_clone(&self.m, op, copy);
                let point = to.and_then(|pt| self.pick_point(pt, Some(op)));
                match point {
                    Some(point) => {
                        let expect = self.model.insert(copy, point);
                        let got = self.module_insert(copy, point);
                        (
                            format!("clone {op:?} as {copy:?} to {point:?}"),
                            expect,
                            got,
                            false,
                        )
                    }
                    None => (
                        format!("clone {op:?} as {copy:?}"),
                        Expect::Ok,
                        Ok(()),
                        false,
                    ),
                }
            }
            Edit::SetOperand { op, index, value } => {
                let op = self.pick_op(op)?;
                let len = self.model.op(op).operands.len();
                let i = index as usize % (len + 1);
                let v = self.pick_value(value, self.scope_of(op))?;
                let expect = self.model.set_operand(op, i, v);
                let got = self.m.set_operand(op, i, v);
                (
                    format!("set operand #{i} of {op:?} to {v:?}"),
                    expect,
                    got,
                    false,
                )
            }
            Edit::EraseBlockArg { block, index } => {
                let b = self.pick_block(block, true, |_| true)?;
                let i = index as usize % (self.model.block(b).args.len() + 1);
                let expect = self.model.erase_block_arg(b, i);
                let got = self.m.erase_block_arg(b, i);
                (format!("erase arg #{i} of {b:?}"), expect, got, false)
            }
            Edit::EraseBlock { block } => {
                let b = self.pick_block(block, true, |_| true)?;
                let expect = self.model.erase_block(b);
                let got = self.m.erase_block(b);
                (format!("erase {b:?}"), expect, got, false)
            }
            Edit::Detach { op } => {
                let op = self.pick_op(op).filter(|&o| o != self.model.top)?;
                self.model.detach(op);
                self.m.detach_op(op);
                (format!("detach {op:?}"), Expect::Ok, Ok(()), false)
            }
            Edit::Insert { op, to } => {
                let detached: Vec<OpId> = self
                    .all_ops(&[Kind::T])
                    .into_iter()
                    .filter(|&o| {
                        let x = self.model.op(o);
                        !x.erased && x.parent.is_none()
                    })
                    .collect();
                let op = match choose(op, &detached, &[]) {
                    Some(o) => o,
                    None => self.pick_op(op)?,
                };
                let point = self.pick_point(to, Some(op))?;
                let expect = self.model.insert(op, point);
                let got = self.module_insert(op, point);
                (format!("insert {op:?} at {point:?}"), expect, got, false)
            }
        };
        expect.check(&got, &what);
        let variant = format!("{e:?}");
        let variant = variant.split([' ', '{']).next().unwrap_or_default();
        let via = if builder { " (builder)" } else { "" };
        let outcome = match &got {
            Ok(()) => "ok".to_owned(),
            Err(err) => {
                let d = format!("{err:?}");
                format!(
                    "refused: {}",
                    d.split([' ', '{']).next().unwrap_or_default()
                )
            }
        };
        crate::stats::count(format!("edit {variant}{via}: {outcome}"));
        if builder && got.is_err() {
            assert_eq!(
                rec.events,
                [],
                "{what}: a refused edit notified the listener"
            );
        }
        Some((what, got.is_err()))
    }
}
