//! Structural equality of two upstream fragments: the import's check that the
//! export of the `nd` ops it rebuilt is the upstream text it read.
//!
//! Two values are equal if they are the same value, or results (of the same
//! number) of upstream ops with the same name, properties, result types and
//! operands and regions equal in turn (block arguments by position). `nd` and
//! `func` values are leaves: only the same value is equal. The walk uses an
//! explicit work list (the depth is the input's) and visits each pair once.

use rustc_hash::{FxHashMap, FxHashSet};
use tensor_ir::module::OpId;
use tensor_ir::{Context, Module, NamedAttr, Value, ValueDef};

/// The pairs proven equal so far (scratch value, actual value), kept across
/// comparisons of one fragment.
#[derive(Default)]
pub(crate) struct Matching {
    pairs: FxHashSet<(Value, Value)>,
    ops: FxHashSet<(OpId, OpId)>,
    /// The first actual value each scratch value was matched to.
    pub(crate) to_actual: FxHashMap<Value, Value>,
}

/// At most this many pairs are compared per fragment: the comparison stays
/// linear in what it reads even on hostile input.
const BUDGET: usize = 1 << 20;

/// True if `x` and `y` name the same attributes, equal or printed alike: read
/// back from text, `false` is a boolean where the export built an `i1` integer.
fn same_attrs(ctx: &Context, x: &[NamedAttr], y: &[NamedAttr]) -> bool {
    x == y
        || (x.len() == y.len()
            && x.iter().zip(y).all(|(a, b)| {
                a.name == b.name
                    && (a.value == b.value
                        || ctx.attr(a.value).to_string() == ctx.attr(b.value).to_string())
            }))
}

enum Item {
    Val(Value, Value),
    Op(OpId, OpId),
}

fn is_upstream(ctx: &Context, module: &Module, op: OpId) -> bool {
    let name = ctx.str(module.op(op).name());
    super::Side::of(name) == super::Side::Upstream
}

impl Matching {
    /// True if `s` (scratch) and `a` (actual) are equal; on false, nothing is
    /// recorded.
    pub(crate) fn equal(&mut self, ctx: &Context, m: &Module, s: Value, a: Value) -> bool {
        let mut added_pairs = Vec::new();
        let mut added_ops = Vec::new();
        let ok = self.walk(ctx, m, Item::Val(s, a), &mut added_pairs, &mut added_ops);
        if !ok {
            for p in added_pairs {
                self.pairs.remove(&p);
            }
            for p in added_ops {
                self.ops.remove(&p);
            }
        } else {
            for (s, a) in added_pairs {
                self.to_actual.entry(s).or_insert(a);
            }
        }
        ok
    }

    /// The ops matched so far, scratch and actual.
    pub(crate) fn ops(&self) -> impl Iterator<Item = OpId> + '_ {
        self.ops.iter().flat_map(|&(s, a)| [s, a])
    }

    fn walk(
        &mut self,
        ctx: &Context,
        m: &Module,
        first: Item,
        added_pairs: &mut Vec<(Value, Value)>,
        added_ops: &mut Vec<(OpId, OpId)>,
    ) -> bool {
        let mut work = vec![first];
        let mut steps = 0usize;
        while let Some(item) = work.pop() {
            steps += 1;
            if steps > BUDGET {
                return false;
            }
            match item {
                Item::Val(s, a) => {
                    if s == a || self.pairs.contains(&(s, a)) {
                        continue;
                    }
                    if m.value_type(s) != m.value_type(a) {
                        return false;
                    }
                    let (
                        ValueDef::Result { op: so, index: si },
                        ValueDef::Result { op: ao, index: ai },
                    ) = (m.value(s).def(), m.value(a).def())
                    else {
                        return false;
                    };
                    if si != ai || !is_upstream(ctx, m, so) || !is_upstream(ctx, m, ao) {
                        return false;
                    }
                    self.pairs.insert((s, a));
                    added_pairs.push((s, a));
                    work.push(Item::Op(so, ao));
                }
                Item::Op(so, ao) => {
                    if so == ao || self.ops.contains(&(so, ao)) {
                        continue;
                    }
                    let (x, y) = (m.op(so), m.op(ao));
                    if x.name() != y.name()
                        || !same_attrs(ctx, x.props(), y.props())
                        || !same_attrs(ctx, x.attrs(), y.attrs())
                        || m.result_types(so) != m.result_types(ao)
                        || m.operands(so).len() != m.operands(ao).len()
                        || x.regions().len() != y.regions().len()
                    {
                        return false;
                    }
                    self.ops.insert((so, ao));
                    added_ops.push((so, ao));
                    for (&s, &a) in m.operands(so).iter().zip(m.operands(ao)) {
                        work.push(Item::Val(s, a));
                    }
                    for (&rs, &ra) in x.regions().iter().zip(y.regions()) {
                        let (bs, ba) = (m.region(rs).blocks(), m.region(ra).blocks());
                        if bs.len() != ba.len() {
                            return false;
                        }
                        for (&b1, &b2) in bs.iter().zip(ba) {
                            let (args1, args2) = (m.block(b1).args(), m.block(b2).args());
                            if args1.len() != args2.len() {
                                return false;
                            }
                            for (&s, &a) in args1.iter().zip(args2) {
                                if m.value_type(s) != m.value_type(a) {
                                    return false;
                                }
                                self.pairs.insert((s, a));
                                added_pairs.push((s, a));
                            }
                            let ops1: Vec<OpId> = m.block_ops(b1).collect();
                            let ops2: Vec<OpId> = m.block_ops(b2).collect();
                            if ops1.len() != ops2.len() {
                                return false;
                            }
                            for (&o1, &o2) in ops1.iter().zip(&ops2) {
                                for (s, a) in m.results(o1).zip(m.results(o2)) {
                                    self.pairs.insert((s, a));
                                    added_pairs.push((s, a));
                                }
                                work.push(Item::Op(o1, o2));
                            }
                        }
                    }
                }
            }
        }
        true
    }
}
