//! Calls and callables, as upstream's `CallOpInterface` and
//! `CallableOpInterface` (`mlir/Interfaces/CallInterfaces.td`): a dialect attaches
//! them to its ops, and an analysis that follows calls (the shape analysis, an
//! inliner) reaches every dialect's calls through them, never by op name.
//!
//! [`CallSites`] finds, for each function, the calls that enter it, when those are
//! provably all of them: the function is private, so nothing outside its module
//! can call it, and every op of the module is registered, so no op the analysis
//! cannot see (an indirect call of an unregistered dialect) can either.

use crate::symbol_table::{SymbolTableCollection, Visibility, symbol_visibility};
use crate::{Context, Module, OpId, RegionId, Symbol, Value};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// An op that calls a function named by a symbol, passing its operands as the
/// callee's arguments (`func.call`).
#[derive(Clone, Copy, Debug)]
pub struct CallOpInterface {
    /// The callee's name, a symbol of the nearest symbol table (`@f`).
    pub callee: fn(&Context, &Module, OpId) -> Option<Symbol>,
}

/// An op whose region a call enters (`func.func`): the region's entry block
/// arguments are the call's operands.
#[derive(Clone, Copy, Debug)]
pub struct CallableOpInterface {
    /// The region a call enters; `None` for a declaration.
    pub body: fn(&Module, OpId) -> Option<RegionId>,
}

/// The calls entering each function of a module whose callers are all known.
#[derive(Debug, Default)]
pub struct CallSites {
    /// Per private callable with a body, every call op that names it.
    calls: FxHashMap<OpId, SmallVec<[OpId; 2]>>,
    /// Per entry block argument of those callables: its callable and position.
    args: FxHashMap<Value, (OpId, usize)>,
    /// Per call of one of those callables, the callable.
    callee: FxHashMap<OpId, OpId>,
}

impl CallSites {
    /// Finds the calls under `root` (one walk, one symbol lookup per call).
    ///
    /// With any unregistered op under `root` the answer is empty: such an op may
    /// take a function's address or call it in a way nothing here can see.
    pub fn of(ctx: &Context, module: &Module, root: OpId) -> CallSites {
        let mut found = CallSites::default();
        let mut calls: Vec<(OpId, Symbol)> = Vec::new();
        let mut callables: Vec<(OpId, RegionId)> = Vec::new();
        let mut closed = true;
        module.walk(root, |op| {
            let name = module.op(op).name();
            if ctx.op_def(name).is_none() {
                closed = false;
                return;
            }
            if let Some(call) = ctx.interface::<CallOpInterface>(name)
                && let Some(callee) = (call.callee)(ctx, module, op)
            {
                calls.push((op, callee));
            }
            if let Some(callable) = ctx.interface::<CallableOpInterface>(name)
                && symbol_visibility(ctx, module, op) == Visibility::Private
                && let Some(body) = (callable.body)(module, op)
            {
                callables.push((op, body));
            }
        });
        if !closed || callables.is_empty() {
            return found;
        }
        for &(f, body) in &callables {
            found.calls.insert(f, SmallVec::new());
            let Some(&entry) = module.region(body).blocks().first() else {
                continue;
            };
            for (i, &a) in module.block(entry).args().iter().enumerate() {
                found.args.insert(a, (f, i));
            }
        }
        let mut tables = SymbolTableCollection::new();
        for (call, callee) in calls {
            let Some(table) = crate::symbol_table::nearest_symbol_table(ctx, module, call) else {
                continue;
            };
            if let Some(f) = tables
                .get_or_build(ctx, module, table)
                .lookup(ctx.str(callee))
                && let Some(sites) = found.calls.get_mut(&f)
            {
                sites.push(call);
                found.callee.insert(call, f);
            }
        }
        found
    }

    /// The calls of `callable`, if they are provably all that enter it.
    pub fn callers(&self, callable: OpId) -> Option<&[OpId]> {
        self.calls.get(&callable).map(|c| c.as_slice())
    }

    /// For an entry block argument of a callable whose callers are all known:
    /// the callable and the argument's position.
    pub fn argument(&self, v: Value) -> Option<(OpId, usize)> {
        self.args.get(&v).copied()
    }

    /// The callable `call` enters, if it is one whose callers are all known.
    pub fn callee(&self, call: OpId) -> Option<OpId> {
        self.callee.get(&call).copied()
    }

    /// The values `call`'s callee returns, per exit: the operands of each
    /// terminator of its body that leaves it (one with no successors), if the
    /// callee is one whose callers are all known.
    pub fn returned<'m>(&self, module: &'m Module, call: OpId) -> Option<Vec<&'m [Value]>> {
        let f = self.callee(call)?;
        let region = *module.op(f).regions().first()?;
        let exits = module
            .region(region)
            .blocks()
            .iter()
            .filter_map(|&b| module.block(b).last_op())
            .filter(|&t| module.op(t).successors().is_empty())
            .map(|t| module.operands(t))
            .collect();
        Some(exits)
    }

    /// The values every caller passes for entry argument `v`, if `v` is one of a
    /// callable whose callers are all known and every call passes it.
    pub fn passed(&self, module: &Module, v: Value) -> Option<SmallVec<[Value; 2]>> {
        let (f, i) = self.argument(v)?;
        self.callers(f)?
            .iter()
            .map(|&call| module.operands(call).get(i).copied())
            .collect()
    }
}
