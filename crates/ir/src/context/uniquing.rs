//! Uniquing: strings, types, attributes, locations and affine expressions, each
//! interned once, so that comparing two of them is comparing two integers; with
//! what is cached per interned value (its nesting depth and written size). This is
//! the data model's part of the context: it imports no parser, printer, verifier
//! or ODS.

use super::{Context, NO_CACHE_ID, SymCache, Symbol};
use crate::affine::{AffineExprKind, ExprInfo};
use crate::attrs::{AttrKind, AttrOrType, Attribute};
use crate::intern::{Interner, StrInterner};
use crate::location::{LocId, LocKind, Location};
use crate::types::{Type, TypeKind};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::sync::atomic::Ordering;

/// Everything a context uniques, and what it caches about each.
pub(crate) struct Uniquing {
    strs: StrInterner,
    types: Interner<TypeKind>,
    attrs: Interner<AttrKind>,
    locs: Interner<LocKind>,
    pub(crate) affine: Interner<AffineExprKind>,
    pub(crate) affine_info: Vec<ExprInfo>,
    /// Nesting depth of each type, attribute and structured location, by id.
    type_depth: Vec<u32>,
    attr_depth: Vec<u32>,
    loc_depth: Vec<u32>,
    /// Written size of each type, attribute and location, by id (see
    /// [`crate::Extent`]).
    pub(crate) type_sizes: Vec<u64>,
    pub(crate) attr_sizes: Vec<u64>,
    pub(crate) loc_sizes: Vec<u64>,
    /// Whether any attribute or type that can print as an alias exists.
    may_alias: bool,
    next_distinct: u32,
    /// Alias names the input gave to dialect attributes and types kept as text.
    alias_hints: FxHashMap<AttrOrType, Box<str>>,
    /// `array<i64: ...>` attributes by their values: builders make the same few
    /// (broadcast dims, shapes) thousands of times, and building the generic key
    /// to intern costs more than the lookup.
    pub(crate) i64_arrays: FxHashMap<SmallVec<[i64; 4]>, Attribute>,
    /// `index`, once interned: every shape type (`tensor<Nxindex>`) a lowering
    /// makes asks for it.
    pub(crate) index: Option<Type>,
    /// Symbols of `'static` names by address and length: the generated builders
    /// name their op and properties on every call, and a pointer hashes cheaper than
    /// the text.
    static_syms: FxHashMap<(usize, usize), Symbol>,
    /// Tells this context's entries in [`SymCache`]s from other contexts'.
    id: u32,
}

impl Uniquing {
    /// Nothing uniqued yet, for the context numbered `id`.
    pub(crate) fn new(id: u32) -> Uniquing {
        Uniquing {
            strs: StrInterner::default(),
            types: Interner::default(),
            attrs: Interner::default(),
            locs: Interner::default(),
            affine: Interner::default(),
            affine_info: Vec::new(),
            type_depth: Vec::new(),
            attr_depth: Vec::new(),
            loc_depth: Vec::new(),
            type_sizes: Vec::new(),
            attr_sizes: Vec::new(),
            loc_sizes: Vec::new(),
            may_alias: false,
            next_distinct: 0,
            alias_hints: FxHashMap::default(),
            i64_arrays: FxHashMap::default(),
            index: None,
            static_syms: FxHashMap::default(),
            id,
        }
    }
}

impl Context {
    /// Interns a string.
    pub fn sym(&mut self, s: &str) -> Symbol {
        Symbol(self.uniq.strs.intern(s))
    }

    /// Interns a `'static` string, as [`Context::sym`] does, remembering it by address.
    pub fn static_sym(&mut self, s: &'static str) -> Symbol {
        let key = (s.as_ptr() as usize, s.len());
        if let Some(&sym) = self.uniq.static_syms.get(&key) {
            return sym;
        }
        let sym = self.sym(s);
        self.uniq.static_syms.insert(key, sym);
        sym
    }

    /// Interns a `'static` string, as [`Context::static_sym`] does, remembering the
    /// symbol in `cache` (a `static` of the caller's, one per name).
    #[inline]
    pub fn cached_sym(&mut self, cache: &SymCache, s: &'static str) -> Symbol {
        let packed = cache.0.load(Ordering::Relaxed);
        if self.uniq.id != NO_CACHE_ID && packed >> 32 == u64::from(self.uniq.id) {
            // The low half is the symbol's id, as stored below.
            return Symbol(packed as u32);
        }
        let sym = self.static_sym(s);
        if self.uniq.id != NO_CACHE_ID {
            cache.0.store(
                u64::from(self.uniq.id) << 32 | u64::from(sym.0),
                Ordering::Relaxed,
            );
        }
        sym
    }

    /// Looks up an interned string without interning it.
    pub fn lookup_sym(&self, s: &str) -> Option<Symbol> {
        self.uniq.strs.lookup(s).map(Symbol)
    }

    /// The text of a symbol.
    pub fn str(&self, s: Symbol) -> &str {
        self.uniq.strs.get(s.0)
    }

    /// Uniques a type.
    pub fn intern_type(&mut self, kind: TypeKind) -> Type {
        let id = self.uniq.types.intern(kind);
        if id as usize == self.uniq.type_depth.len() {
            let kind = self.uniq.types.get(id);
            let depth = crate::walk::type_depth(self, kind);
            if matches!(kind, TypeKind::Tuple { types } if types.len() > 16) {
                self.uniq.may_alias = true;
            }
            self.uniq.type_depth.push(depth);
            let size = self.type_kind_size(self.uniq.types.get(id));
            self.uniq.type_sizes.push(size);
        }
        Type(id)
    }

    /// How deeply a type nests (1 for `i32`).
    pub fn type_depth(&self, t: Type) -> u32 {
        self.uniq.type_depth.get(t.0 as usize).copied().unwrap_or(1)
    }

    /// How deeply an attribute nests (1 for `1 : i32`).
    pub fn attr_depth(&self, a: Attribute) -> u32 {
        self.uniq.attr_depth.get(a.0 as usize).copied().unwrap_or(1)
    }

    /// How deeply a location nests.
    pub fn loc_depth(&self, l: Location) -> u32 {
        match l {
            Location::Id(id) => self.uniq.loc_depth.get(id.0 as usize).copied().unwrap_or(1),
            _ => 1,
        }
    }

    /// Whether any value that can print as an alias was created (so printing can
    /// skip looking for aliases).
    pub fn may_alias(&self) -> bool {
        self.uniq.may_alias
    }

    /// The attribute of this structure, if it exists, without creating it.
    pub fn lookup_attr(&self, kind: &AttrKind) -> Option<Attribute> {
        self.uniq.attrs.lookup(kind).map(Attribute)
    }

    /// The location attribute of a location, if it exists.
    pub fn lookup_location_attr(&self, loc: Location) -> Option<Attribute> {
        self.lookup_attr(&AttrKind::Location(loc))
    }

    /// A location as an attribute; its nested locations become attributes too, as
    /// upstream's are (the printer gives each its `#loc` alias).
    pub fn location_attr(&mut self, loc: Location) -> Attribute {
        let mut work = vec![loc];
        // Shared locations are visited once: a chain in which each location uses
        // the previous one twice is linear here, not exponential.
        let mut seen = rustc_hash::FxHashSet::default();
        while let Some(l) = work.pop() {
            // A location that is an attribute already has its nested ones as
            // attributes (only this function makes them): each is walked once.
            if !seen.insert(l) || self.lookup_attr(&AttrKind::Location(l)).is_some() {
                continue;
            }
            if let Location::Id(id) = l {
                match self.loc_kind(id) {
                    LocKind::Name { child: Some(c), .. } => work.push(*c),
                    LocKind::CallSite { callee, caller } => work.extend([*callee, *caller]),
                    LocKind::Fused { locs, .. } => work.extend(locs.iter().copied()),
                    _ => {}
                }
            }
            self.intern_attr(AttrKind::Location(l));
        }
        self.intern_attr(AttrKind::Location(loc))
    }

    /// A new distinct attribute referencing `referenced` (`distinct[N]<...>`).
    pub fn distinct_attr(&mut self, referenced: Attribute) -> Attribute {
        let id = self.uniq.next_distinct;
        self.uniq.next_distinct = self.uniq.next_distinct.saturating_add(1);
        self.intern_attr(AttrKind::Distinct { id, referenced })
    }

    /// Names a dialect attribute or type kept as text the way the input's alias
    /// definition did (`#tbaa_root = #llvm.tbaa_root<...>`): upstream's dialect would
    /// alias it, with this name, and the printer does the same.
    pub fn set_alias_hint(&mut self, value: AttrOrType, name: &str) {
        self.uniq.alias_hints.insert(value, name.into());
        self.uniq.may_alias = true;
    }

    /// The alias name the input gave a dialect attribute or type, if any.
    pub fn alias_hint(&self, value: AttrOrType) -> Option<&str> {
        self.uniq.alias_hints.get(&value).map(|n| &**n)
    }

    /// The structure of a type.
    pub fn type_kind(&self, t: Type) -> &TypeKind {
        self.uniq.types.get(t.0)
    }

    /// Uniques an attribute.
    pub fn intern_attr(&mut self, kind: AttrKind) -> Attribute {
        let id = self.uniq.attrs.intern(kind);
        if id as usize == self.uniq.attr_depth.len() {
            let kind = self.uniq.attrs.get(id);
            let depth = crate::walk::attr_depth(self, kind);
            if crate::walk::attr_may_alias(self, kind) {
                self.uniq.may_alias = true;
            }
            self.uniq.attr_depth.push(depth);
            let size = self.attr_kind_size(self.uniq.attrs.get(id));
            self.uniq.attr_sizes.push(size);
        }
        Attribute(id)
    }

    /// The structure of an attribute.
    pub fn attr_kind(&self, a: Attribute) -> &AttrKind {
        self.uniq.attrs.get(a.0)
    }

    /// Uniques a structured location.
    pub fn intern_loc(&mut self, kind: LocKind) -> Location {
        let id = self.uniq.locs.intern(kind);
        if id as usize == self.uniq.loc_depth.len() {
            let depth = crate::walk::loc_depth(self, self.uniq.locs.get(id));
            self.uniq.loc_depth.push(depth);
            let size = self.loc_kind_size(self.uniq.locs.get(id));
            self.uniq.loc_sizes.push(size);
        }
        Location::Id(LocId(id))
    }

    /// The structure of a structured location.
    pub fn loc_kind(&self, id: LocId) -> &LocKind {
        self.uniq.locs.get(id.0)
    }
}
