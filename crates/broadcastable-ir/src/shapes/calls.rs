//! Sizes out of a call: a call's results have the sizes its callee returns,
//! where those are sizes of the caller's program point.
//!
//! A private callee's arguments have the sizes every call site agrees on
//! ([`ShapeAnalysis::ensure`]), which are the callers' sizes. What it returns
//! is then an expression of those, of constants, and of sizes of its own (a
//! dim its ops do not fix, a dim name of its own signature, an argument on a
//! cycle of calls). The first two mean the same at every call site; a size of
//! the callee's own does not (it may differ from one call to the next), so a
//! result that holds one gets a size of its own instead. All exits must agree.

use broadcastable::symbolic::{SizeExpr, SizeId};
use smallvec::SmallVec;
use tensor_ir::module::{Module, OpId};
use tensor_ir::{Context, Value, ValueDef};

use super::{Facts, Origin, ShapeAnalysis};

/// At most this many sizes of one result's facts are followed to their leaves.
const MAX_LEAVES: usize = 1 << 10;

impl ShapeAnalysis {
    /// Gives `call`'s results the facts `callee` returns through `exits` (the
    /// operands of each of its exits), where sound; others what their types say.
    pub(super) fn visit_call(
        &mut self,
        ctx: &Context,
        module: &Module,
        call: OpId,
        callee: OpId,
        exits: &[&[Value]],
    ) {
        let results = module.results(call).count();
        let mut given: SmallVec<[Facts; 1]> = SmallVec::new();
        for i in 0..results {
            let mut agreed: Option<Facts> = None;
            for exit in exits {
                let f = exit
                    .get(i)
                    .and_then(|&v| self.facts(v))
                    .cloned()
                    .unwrap_or_default();
                agreed = Some(match agreed {
                    None => f,
                    Some(a) => Facts {
                        dims: a.dims.filter(|d| Some(d) == f.dims.as_ref()),
                        entries: a.entries.filter(|e| Some(e) == f.entries.as_ref()),
                        whole: a.whole.filter(|&w| Some(w) == f.whole),
                        holds: a.holds.filter(|&h| Some(h) == f.holds),
                    },
                });
            }
            let mut f = agreed.unwrap_or_default();
            let keep = |s: &[SizeId]| s.iter().all(|&id| self.callers_size(module, id, callee));
            f.dims = f.dims.filter(|d| keep(d));
            f.entries = f.entries.filter(|e| keep(e));
            f.whole = f.whole.filter(|&w| keep(&[w]));
            f.holds = f.holds.filter(|&h| keep(&[h]));
            given.push(f);
        }
        self.assign(ctx, module, call, &mut given);
    }

    /// Whether `id` is a size of the callers' program points: no leaf of it is
    /// a size of `callee`'s own. Past [`MAX_LEAVES`] leaves, no.
    fn callers_size(&self, module: &Module, id: SizeId, callee: OpId) -> bool {
        let mut stack = vec![id];
        let mut seen = 0;
        while let Some(id) = stack.pop() {
            seen += 1;
            if seen > MAX_LEAVES {
                return false;
            }
            match self.sizes.expr(id) {
                SizeExpr::Const(_) => {}
                SizeExpr::Product(t) | SizeExpr::Sum(t) | SizeExpr::Join(t) => {
                    stack.extend(t.iter().copied());
                }
                SizeExpr::Symbol(s) => {
                    let inside = match self.origin(*s) {
                        Origin::Dim(v, _) | Origin::Entry(v, _) | Origin::Whole(v) => {
                            within(module, v, callee)
                        }
                        // A name stands for a size in the function that names it.
                        // (the callee's table exists if its names were used).
                        Origin::Named(_) => self
                            .named_functions
                            .get(&callee)
                            .is_some_and(|names| names.values().any(|&n| n == id)),
                        Origin::Algebra => true,
                    };
                    if inside {
                        return false;
                    }
                }
            }
        }
        true
    }
}

/// Whether `v` is defined inside `op` (in one of its regions, at any depth).
fn within(module: &Module, v: Value, op: OpId) -> bool {
    let mut at = match module.value(v).def() {
        ValueDef::Result { op, .. } => module
            .op(op)
            .parent()
            .and_then(|b| module.block_parent_op(b)),
        ValueDef::BlockArg { block, .. } => module.block_parent_op(block),
        // Not defined yet: nothing is known of it, so it may be anywhere.
        ValueDef::Placeholder => return true,
    };
    while let Some(o) = at {
        if o == op {
            return true;
        }
        at = module
            .op(o)
            .parent()
            .and_then(|b| module.block_parent_op(b));
    }
    false
}
