//! Entry contracts that tie argument dims together other than by dim names: a
//! dialect may read, from a function's own ops, that it checks on entry that
//! some dims of its arguments are equal. JAX's shape-polymorphic `main` does so
//! with `stablehlo.custom_call @shape_assertion`s before anything else. The
//! analysis then gives those dims one size, as it does a name's.
//!
//! A reader must only report equalities that hold wherever a size can be used:
//! checked before any op that could fail or depend on the sizes.

use rustc_hash::FxHashMap;
use tensor_ir::{Context, Module, OpId};

/// Dim `.1` of entry argument `.0`.
pub type ArgDim = (usize, usize);

/// A dialect's reader of entry contracts: the pairs of argument dims that
/// `func` checks equal before anything else.
#[derive(Clone, Copy, Debug)]
pub struct EntryEqualities(pub fn(&Context, &Module, OpId) -> Vec<(ArgDim, ArgDim)>);

/// The readers registered in a context.
#[derive(Clone, Debug, Default)]
struct Readers(Vec<EntryEqualities>);

/// Adds `reader` to the entry contracts the analysis reads in `ctx`.
pub fn add_entry_equalities(ctx: &mut Context, reader: EntryEqualities) {
    let mut readers = ctx.extension::<Readers>().cloned().unwrap_or_default();
    if !readers
        .0
        .iter()
        .any(|r| std::ptr::fn_addr_eq(r.0, reader.0))
    {
        readers.0.push(reader);
    }
    ctx.set_extension(readers);
}

/// Per argument dim of `func` tied to an earlier one, that earlier one (the
/// first of its class, by argument then dim).
pub(super) fn representatives(
    ctx: &Context,
    module: &Module,
    func: OpId,
) -> FxHashMap<ArgDim, ArgDim> {
    let mut parent: FxHashMap<ArgDim, ArgDim> = FxHashMap::default();
    let Some(readers) = ctx.extension::<Readers>() else {
        return parent;
    };
    // Union-find with the smaller dim as root, so the representative is the
    // first dim of its class; paths are halved on the way up.
    fn find(parent: &mut FxHashMap<ArgDim, ArgDim>, mut x: ArgDim) -> ArgDim {
        while let Some(&p) = parent.get(&x) {
            if p == x {
                break;
            }
            let grand = parent.get(&p).copied().unwrap_or(p);
            parent.insert(x, grand);
            x = grand;
        }
        x
    }
    for reader in &readers.0 {
        for (a, b) in (reader.0)(ctx, module, func) {
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            let (root, child) = if ra <= rb { (ra, rb) } else { (rb, ra) };
            parent.insert(root, root);
            parent.insert(child, root);
        }
    }
    let keys: Vec<ArgDim> = parent.keys().copied().collect();
    let mut out = FxHashMap::default();
    for k in keys {
        let r = find(&mut parent, k);
        if r != k {
            out.insert(k, r);
        }
    }
    out
}
