//! Attribute and type aliases, as upstream's `AliasInitializer` and `AliasState`:
//! `#map = affine_map<...>`, `#set`, `#loc`, `#distinct`, `!tuple` (more than 16
//! members), and aliases of dialect attributes and types the context keeps as text,
//! named as the input named them (see [`Context::alias_hint`]).
//!
//! Collection visits what printing would print, in printing order, recording for
//! each attribute and type its alias depth (one more than the deepest aliased value
//! inside it); aliases then print sorted by depth, types first, then by name, and
//! each name is made unique with a numeric suffix (`#map1`). Visiting is memoized
//! per value, so shared values are visited once, whatever the expanded size.

use crate::Context;
use crate::attrs::{AttrKind, AttrOrType, Attribute};
use crate::location::{LocKind, Location};
use crate::types::{Type, TypeKind};
use rustc_hash::{FxHashMap, FxHashSet};
use std::cell::Cell;

/// An aliased value.
pub(crate) type AliasKey = AttrOrType;

/// One alias: its printed name (without `#`/`!`).
#[derive(Debug)]
pub(crate) struct AliasEntry {
    pub(crate) name: Box<str>,
    /// Type aliases are used only after their definition is printed.
    pub(crate) printed: Cell<bool>,
}

/// The aliases of one printing, in definition order.
#[derive(Default, Debug)]
pub(crate) struct Aliases {
    map: FxHashMap<AliasKey, usize>,
    pub(crate) order: Vec<(AliasKey, AliasEntry)>,
}

impl Aliases {
    pub(crate) fn get(&self, key: AliasKey) -> Option<&AliasEntry> {
        self.map.get(&key).map(|&i| &self.order[i].1)
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.order.is_empty()
    }
}

struct InProgress {
    key: AliasKey,
    /// The base name for sorting and suffixing, and the exact name of a hint.
    alias: Option<(Box<str>, bool)>,
    depth: u32,
}

/// Visits values in printing order; see the module docs.
pub(crate) struct AliasCollector<'c> {
    ctx: &'c Context,
    seen: FxHashMap<AliasKey, usize>,
    entries: Vec<InProgress>,
}

impl<'c> AliasCollector<'c> {
    pub(crate) fn new(ctx: &'c Context) -> Self {
        AliasCollector {
            ctx,
            seen: FxHashMap::default(),
            entries: Vec::new(),
        }
    }

    /// Visits an attribute; returns its alias depth.
    pub(crate) fn visit_attr(&mut self, a: Attribute, elide_type: bool) -> u32 {
        let key = AliasKey::Attr(a);
        if let Some(&i) = self.seen.get(&key) {
            return self.entries[i].depth;
        }
        let alias = self.attr_alias(a);
        let i = self.push(key, alias);
        let mut depth = 0;
        let ctx = self.ctx;
        match ctx.attr_kind(a) {
            AttrKind::AffineMap(_)
            | AttrKind::IntegerSet(_)
            | AttrKind::DenseArray { .. }
            | AttrKind::Float { .. }
            | AttrKind::Integer { .. }
            | AttrKind::WideInteger { .. }
            | AttrKind::Bool(_)
            | AttrKind::Unit => return self.finish(i, 0),
            AttrKind::Distinct { referenced, .. } => {
                depth = depth.max(self.visit_attr(*referenced, false));
            }
            AttrKind::Dictionary(entries) => {
                for e in entries {
                    depth = depth.max(self.visit_attr(e.value, false));
                }
            }
            AttrKind::Array(items) => {
                for &item in items {
                    depth = depth.max(self.visit_attr(item, false));
                }
            }
            AttrKind::Type(t) => {
                depth = depth.max(self.visit_type(*t));
            }
            AttrKind::Location(loc) => {
                if let Some(m) = loc_metadata(ctx, *loc) {
                    depth = depth.max(self.visit_attr(m, false));
                }
                for l in loc_children(ctx, *loc) {
                    depth = depth.max(self.visit_loc(l));
                }
            }
            AttrKind::Opaque { refs, .. } => {
                for r in refs.iter() {
                    depth = depth.max(self.visit_ref(r.target));
                }
            }
            _ => {}
        }
        if !elide_type && let Some(t) = typed_attr_type(ctx, a) {
            depth = depth.max(self.visit_type(t));
        }
        self.finish(i, depth)
    }

    fn visit_ref(&mut self, r: AttrOrType) -> u32 {
        match r {
            AttrOrType::Attr(a) => self.visit_attr(a, false),
            AttrOrType::Type(t) => self.visit_type(t),
        }
    }

    /// Visits a location used as an attribute (nested ones are attributes too).
    fn visit_loc(&mut self, loc: Location) -> u32 {
        match self.ctx.lookup_location_attr(loc) {
            Some(a) => self.visit_attr(a, false),
            None => 0,
        }
    }

    /// Visits a type; returns its alias depth.
    pub(crate) fn visit_type(&mut self, t: Type) -> u32 {
        let key = AliasKey::Type(t);
        if let Some(&i) = self.seen.get(&key) {
            return self.entries[i].depth;
        }
        let ctx = self.ctx;
        let alias = match ctx.type_kind(t) {
            TypeKind::Tuple { types } if types.len() > 16 => Some(("tuple".into(), false)),
            TypeKind::Opaque { .. } => ctx.alias_hint(key).map(|h| (h.into(), true)),
            _ => None,
        };
        let i = self.push(key, alias);
        let mut depth = 0;
        let mut take = |d: u32| depth = depth.max(d);
        match ctx.type_kind(t) {
            TypeKind::MemRef {
                elem,
                layout,
                memory_space,
                ..
            } => {
                take(self.visit_type(*elem));
                for a in [layout, memory_space].into_iter().flatten() {
                    take(self.visit_attr(*a, false));
                }
            }
            TypeKind::UnrankedMemRef { elem, memory_space } => {
                take(self.visit_type(*elem));
                if let Some(a) = memory_space {
                    take(self.visit_attr(*a, false));
                }
            }
            TypeKind::Tensor { elem, encoding, .. } => {
                take(self.visit_type(*elem));
                if let Some(a) = encoding {
                    take(self.visit_attr(*a, false));
                }
            }
            TypeKind::UnrankedTensor { elem }
            | TypeKind::Vector { elem, .. }
            | TypeKind::Complex { elem } => take(self.visit_type(*elem)),
            TypeKind::Function { inputs, results } => {
                for &x in inputs.iter().chain(results.iter()) {
                    take(self.visit_type(x));
                }
            }
            TypeKind::Tuple { types } => {
                for &x in types {
                    take(self.visit_type(x));
                }
            }
            TypeKind::Opaque { refs, .. } => {
                for r in refs.iter() {
                    take(self.visit_ref(r.target));
                }
            }
            _ => {}
        }
        self.finish(i, depth)
    }

    fn attr_alias(&self, a: Attribute) -> Option<(Box<str>, bool)> {
        let ctx = self.ctx;
        match ctx.attr_kind(a) {
            AttrKind::AffineMap(_) => Some(("map".into(), false)),
            AttrKind::IntegerSet(_) => Some(("set".into(), false)),
            AttrKind::Location(_) => Some(("loc".into(), false)),
            AttrKind::Distinct { referenced, .. }
                if !matches!(ctx.attr_kind(*referenced), AttrKind::Unit) =>
            {
                Some(("distinct".into(), false))
            }
            AttrKind::Opaque { .. } => ctx.alias_hint(AliasKey::Attr(a)).map(|h| (h.into(), true)),
            _ => None,
        }
    }

    fn push(&mut self, key: AliasKey, alias: Option<(Box<str>, bool)>) -> usize {
        let i = self.entries.len();
        let depth = u32::from(alias.is_some());
        self.entries.push(InProgress { key, alias, depth });
        self.seen.insert(key, i);
        i
    }

    fn finish(&mut self, i: usize, child_depth: u32) -> u32 {
        let e = &mut self.entries[i];
        if child_depth > 0 {
            e.depth = child_depth + 1;
        }
        e.depth
    }

    /// Names the aliases: sorted by depth, types first, then by name (stably, so
    /// values of one name keep their visiting order), each name made unique.
    pub(crate) fn finish_aliases(self) -> Aliases {
        let mut named: Vec<&InProgress> =
            self.entries.iter().filter(|e| e.alias.is_some()).collect();
        let key = |e: &InProgress| {
            let (name, exact) = e.alias.as_ref().map_or(("", false), |(n, x)| (&**n, *x));
            let base = if exact { hint_base(name) } else { name };
            (
                e.depth,
                !matches!(e.key, AliasKey::Type(_)),
                base.to_string(),
            )
        };
        named.sort_by_cached_key(|e| key(e));
        let mut used: FxHashSet<String> = FxHashSet::default();
        let mut counts: FxHashMap<String, u32> = FxHashMap::default();
        let mut aliases = Aliases::default();
        for e in named {
            let Some((name, exact)) = &e.alias else {
                continue;
            };
            let printed = unique_name(name, *exact, &mut used, &mut counts);
            aliases.map.insert(e.key, aliases.order.len());
            aliases.order.push((
                e.key,
                AliasEntry {
                    name: printed.into(),
                    printed: Cell::new(false),
                },
            ));
        }
        aliases
    }
}

/// The base name upstream would have given an alias printed as `name`: without a
/// numeric suffix (`tbaa_root1` is `tbaa_root`, `x1_2` is `x1`).
fn hint_base(name: &str) -> &str {
    let stem = name.trim_end_matches(|c: char| c.is_ascii_digit());
    if stem.len() == name.len() || stem.is_empty() {
        return name;
    }
    match stem.strip_suffix('_') {
        Some(s) if s.ends_with(|c: char| c.is_ascii_digit()) => s,
        _ => stem,
    }
}

/// Upstream's `uniqueAliasNameIndex` and `SymbolAlias::print`: the first use of a
/// name is the name, later ones get the first free suffix (`_N` after a digit). A
/// hint keeps its exact name unless it is taken.
fn unique_name(
    alias: &str,
    exact: bool,
    used: &mut FxHashSet<String>,
    counts: &mut FxHashMap<String, u32>,
) -> String {
    if !used.contains(alias) {
        used.insert(alias.to_string());
        return alias.to_string();
    }
    let _ = exact;
    let mut probe = alias.to_string();
    if alias.ends_with(|c: char| c.is_ascii_digit()) {
        probe.push('_');
    }
    let count = counts.entry(probe.clone()).or_insert(1);
    loop {
        let candidate = format!("{probe}{count}");
        *count += 1;
        if !used.contains(&candidate) {
            used.insert(candidate.clone());
            return candidate;
        }
    }
}

/// The type of a typed attribute that upstream's alias walk visits (`none` excluded).
fn typed_attr_type(ctx: &Context, a: Attribute) -> Option<Type> {
    let t = match ctx.attr_kind(a) {
        AttrKind::TypedString { ty, .. }
        | AttrKind::DenseElements { ty, .. }
        | AttrKind::DenseComplex { ty, .. }
        | AttrKind::DenseString { ty, .. }
        | AttrKind::DenseResource { ty, .. }
        | AttrKind::Sparse { ty, .. } => *ty,
        AttrKind::Opaque { ty: Some(ty), .. } => *ty,
        _ => return None,
    };
    (!matches!(ctx.type_kind(t), TypeKind::None)).then_some(t)
}

/// The nested locations upstream's alias walk visits, in its order.
fn loc_children(ctx: &Context, loc: Location) -> Vec<Location> {
    match loc {
        Location::Id(id) => match ctx.loc_kind(id) {
            LocKind::Name { child: Some(c), .. } if *c != Location::Unknown => vec![*c],
            LocKind::CallSite { callee, caller } => vec![*callee, *caller],
            LocKind::Fused { locs, .. } => locs.clone(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

fn loc_metadata(ctx: &Context, loc: Location) -> Option<Attribute> {
    match loc {
        Location::Id(id) => match ctx.loc_kind(id) {
            LocKind::Fused { metadata, .. } => *metadata,
            _ => None,
        },
        _ => None,
    }
}
