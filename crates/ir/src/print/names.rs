//! SSA and block naming as upstream's `SSANameState`: `%argN` for entry block
//! arguments, `%N` for results and other block arguments, `^bbN` per region;
//! nested regions continue after their parent region.

use crate::Context;
use crate::module::{BlockId, Module, OpId, RegionId, Value};
use rustc_hash::FxHashMap;

/// A printed value name.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) enum ValueName {
    #[default]
    Unnamed,
    /// `%argN`.
    Arg(u32),
    /// `%N`, or `%N#i` for result `i` of a multi-result op.
    Num { id: u32, sub: Option<u32> },
    /// `%name`: the name an op suggests for its single result
    /// ([`Context::set_result_namer`]), made unique; an index into the names.
    Named(u32),
}

/// Names by arena index: a dense vector when naming a whole module (it beats a
/// hash map at 100k+ values), a map when naming a part of one, so that naming a
/// small function for a diagnostic does not cost the size of the module.
enum Slots<T> {
    Dense(Vec<T>),
    Sparse(FxHashMap<u32, T>),
}

impl<T: Copy + Default> Slots<T> {
    fn new(len: usize, dense: bool) -> Self {
        if dense {
            Slots::Dense(vec![T::default(); len])
        } else {
            Slots::Sparse(FxHashMap::default())
        }
    }

    fn set(&mut self, i: usize, value: T) {
        match self {
            Slots::Dense(v) => {
                if let Some(slot) = v.get_mut(i) {
                    *slot = value;
                }
            }
            Slots::Sparse(m) => {
                m.insert(u32::try_from(i).unwrap_or(u32::MAX), value);
            }
        }
    }

    fn get(&self, i: usize) -> T {
        match self {
            Slots::Dense(v) => v.get(i).copied().unwrap_or_default(),
            Slots::Sparse(m) => u32::try_from(i)
                .ok()
                .and_then(|i| m.get(&i).copied())
                .unwrap_or_default(),
        }
    }
}

/// The value and block names of the ops under one root.
pub(crate) struct NameState {
    values: Slots<ValueName>,
    blocks: Slots<Option<u32>>,
    /// The suggested names given, made unique ([`ValueName::Named`]).
    named: Vec<Box<str>>,
}

/// Upstream's scoped table of used names: the names taken in a region and in the
/// regions around it.
struct NameScopes {
    /// Each scope's parent and names.
    scopes: Vec<(Option<usize>, rustc_hash::FxHashSet<Box<str>>)>,
}

impl NameScopes {
    fn used(&self, mut scope: Option<usize>, name: &str) -> bool {
        while let Some(i) = scope {
            let (parent, names) = &self.scopes[i];
            if names.contains(name) {
                return true;
            }
            scope = *parent;
        }
        false
    }
}

impl NameState {
    /// Names the values and blocks under `root` as upstream's `SSANameState`:
    /// regions are numbered from a worklist (pushed in order, taken from the back),
    /// each starting from the counters its parent region reached. With `unique`
    /// (upstream's generic form), the counters are never restored, so every value
    /// has its own number.
    pub(crate) fn new(ctx: &Context, module: &Module, root: OpId, unique: bool) -> Self {
        Self::build(ctx, module, root, unique, true)
    }

    /// [`NameState::new`] in tables as large as what is named: the cost is that of
    /// the subtree, not of the module.
    pub(crate) fn for_subtree(ctx: &Context, module: &Module, root: OpId, unique: bool) -> Self {
        Self::build(ctx, module, root, unique, false)
    }

    fn build(ctx: &Context, module: &Module, root: OpId, unique: bool, dense: bool) -> Self {
        let mut s = NameState {
            values: Slots::new(module.num_values(), dense),
            blocks: Slots::new(module.num_blocks(), dense),
            named: Vec::new(),
        };
        // Suggested names are upstream's custom-form feature: the generic form
        // (`unique`) numbers every value.
        let mut names = Naming {
            ctx: (!unique && ctx.has_result_namers()).then_some(ctx),
            scopes: NameScopes { scopes: Vec::new() },
            scope: None,
            next_conflict: 0,
        };
        // (region, next value id, next argument id, next conflict id, parent scope)
        let mut work: Vec<(RegionId, u32, u32, u32, Option<usize>)> = Vec::new();
        let (mut next_value, mut next_arg) = (0u32, 0u32);
        for &r in module.op(root).regions() {
            work.push((r, 0, 0, 0, None));
        }
        s.name_results(module, root, &mut next_value, &mut names);
        while let Some((region, v, a, c, parent)) = work.pop() {
            if !unique {
                next_value = v;
                next_arg = a;
                names.next_conflict = c;
            }
            if names.ctx.is_some() {
                names.scopes.scopes.push((parent, Default::default()));
                names.scope = Some(names.scopes.scopes.len() - 1);
            }
            s.number_region(module, region, &mut next_value, &mut next_arg, &mut names);
            for &b in module.region(region).blocks() {
                for op in module.block_ops(b) {
                    for &r in module.op(op).regions() {
                        work.push((r, next_value, next_arg, names.next_conflict, names.scope));
                    }
                }
            }
        }
        s
    }

    fn number_region(
        &mut self,
        module: &Module,
        region: RegionId,
        next_value: &mut u32,
        next_arg: &mut u32,
        names: &mut Naming<'_>,
    ) {
        for (i, &b) in module.region(region).blocks().iter().enumerate() {
            self.blocks
                .set(b.index(), Some(u32::try_from(i).unwrap_or(u32::MAX)));
            for &arg in module.block(b).args() {
                let name = if i == 0 {
                    *next_arg += 1;
                    ValueName::Arg(*next_arg - 1)
                } else {
                    *next_value += 1;
                    ValueName::Num {
                        id: *next_value - 1,
                        sub: None,
                    }
                };
                self.values.set(arg.index(), name);
            }
            for op in module.block_ops(b) {
                self.name_results(module, op, next_value, names);
            }
        }
    }

    fn name_results(
        &mut self,
        module: &Module,
        op: OpId,
        next_value: &mut u32,
        names: &mut Naming<'_>,
    ) {
        let n = module.num_results(op);
        if n == 0 {
            return;
        }
        if n == 1
            && let Some(name) = names.suggest(module, op)
        {
            let i = u32::try_from(self.named.len()).unwrap_or(u32::MAX);
            self.named.push(name);
            self.values
                .set(module.result(op, 0).index(), ValueName::Named(i));
            return;
        }
        let id = *next_value;
        *next_value += 1;
        for (i, v) in module.results(op).enumerate() {
            let sub = (n > 1).then(|| u32::try_from(i).unwrap_or(u32::MAX));
            self.values.set(v.index(), ValueName::Num { id, sub });
        }
    }

    pub(crate) fn value(&self, v: Value) -> ValueName {
        self.values.get(v.index())
    }

    pub(crate) fn block(&self, b: BlockId) -> Option<u32> {
        self.blocks.get(b.index())
    }

    /// The text of a [`ValueName::Named`].
    pub(crate) fn named(&self, i: u32) -> &str {
        self.named.get(i as usize).map_or("<<UNKNOWN>>", |n| n)
    }
}

/// Suggested result names while naming: the ops' suggestions, made unique as
/// upstream's `SSANameState::uniqueValueName` does (`c`, `c_0`, `cst_1`: one
/// conflict counter for all names, restored per region as the value counters).
struct Naming<'c> {
    /// The context, when some op may suggest a name.
    ctx: Option<&'c Context>,
    scopes: NameScopes,
    scope: Option<usize>,
    next_conflict: u32,
}

impl Naming<'_> {
    fn suggest(&mut self, module: &Module, op: OpId) -> Option<Box<str>> {
        let ctx = self.ctx?;
        let base = ctx.result_namer(module.op(op).name())?(ctx, module, op)?;
        let mut name = base.to_string();
        if self.scopes.used(self.scope, &name) {
            loop {
                name.truncate(base.len());
                name.push('_');
                name.push_str(itoa::Buffer::new().format(self.next_conflict));
                self.next_conflict += 1;
                if !self.scopes.used(self.scope, &name) {
                    break;
                }
            }
        }
        let name: Box<str> = name.into();
        if let Some(i) = self.scope {
            self.scopes.scopes[i].1.insert(name.clone());
        }
        Some(name)
    }
}

/// The names the printer gives values (`%arg0`, `%0`, `%0#1`), for tools that show
/// values outside a printout of the module (`--view-op-graph`).
pub struct ValueNames(NameState);

impl ValueNames {
    /// Names every value under `root`, as printing `root` would.
    pub fn new(ctx: &Context, module: &Module, root: OpId) -> Self {
        ValueNames(NameState::new(ctx, module, root, false))
    }

    /// Appends `v`'s name (`<<UNKNOWN SSA VALUE>>` for one outside `root`).
    pub fn write(&self, v: Value, out: &mut String) {
        match self.0.value(v) {
            ValueName::Arg(n) => {
                out.push_str("%arg");
                out.push_str(itoa::Buffer::new().format(n));
            }
            ValueName::Num { id, sub } => {
                out.push('%');
                out.push_str(itoa::Buffer::new().format(id));
                if let Some(s) = sub {
                    out.push('#');
                    out.push_str(itoa::Buffer::new().format(s));
                }
            }
            ValueName::Named(i) => {
                out.push('%');
                out.push_str(self.0.named(i));
            }
            ValueName::Unnamed => out.push_str("<<UNKNOWN SSA VALUE>>"),
        }
    }
}
