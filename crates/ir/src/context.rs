//! The context: uniquing tables for symbols, types, attributes and locations, the
//! registered dialects, and the loaded source buffers.

use crate::affine::{AffineExprKind, ExprInfo};
use crate::attrs::{AttrKind, AttrOrType, Attribute};
use crate::interfaces::{InterfaceTables, OpKind};
use crate::intern::{Interner, StrInterner};
use crate::location::{LocId, LocKind, Location};
use crate::ods::check::Plan;
use crate::ods::format::Format;
use crate::registry::{Dialect, OpDef, Syntax};
use crate::source::SourceBuffer;
use crate::types::{Type, TypeKind};
use crate::verify::TraitVerifier;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::any::{Any, TypeId};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

/// Upstream's default for `--mlir-print-elementsattrs-with-hex-if-larger`.
pub const DEFAULT_ELEMENTS_HEX_LIMIT: i64 = 100;

/// An interned string: op names, attribute names, symbol names.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Symbol(pub(crate) u32);

/// The symbol of one `'static` name for the context that last asked for it, packed
/// with that context's id: a generated builder keeps one per name it interns, so
/// naming its op and properties costs a load and a compare instead of a hash lookup.
/// Each value is read and written whole, so a context never takes another's symbol.
pub struct SymCache(AtomicU64);

impl SymCache {
    /// An empty cache (no context has id 0).
    pub const fn new() -> Self {
        SymCache(AtomicU64::new(0))
    }
}

impl Default for SymCache {
    fn default() -> Self {
        SymCache::new()
    }
}

/// The id of the next context; ids start at 1 and stop at [`NO_CACHE_ID`].
static NEXT_CONTEXT_ID: AtomicU32 = AtomicU32::new(1);

/// The id every context gets once the others are used up: such a context never
/// uses a [`SymCache`], so ids that caches hold stay unique.
const NO_CACHE_ID: u32 = u32::MAX;

fn next_context_id() -> u32 {
    NEXT_CONTEXT_ID
        .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |id| {
            (id < NO_CACHE_ID).then_some(id + 1)
        })
        .unwrap_or(NO_CACHE_ID)
}

/// Owns everything uniqued: comparing two [`Type`]s or [`Attribute`]s is comparing two integers.
pub struct Context {
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
    /// Resources of the `builtin` dialect (`dense_resource` blobs), by key.
    pub(crate) resources: crate::resources::Resources,
    dialects: Vec<&'static Dialect>,
    /// Registered ops in registration order; an op's index is its [`OpKind`].
    op_defs: Vec<&'static OpDef>,
    /// Op kinds by symbol id: a direct index, as every op of every phase looks one up.
    ops: Vec<Option<OpKind>>,
    pub(crate) interfaces: InterfaceTables,
    /// Compiled declarative formats by op kind.
    formats: Vec<Option<Result<Arc<Format>, String>>>,
    /// What the declarative checks need, by op kind.
    plans: Vec<Plan>,
    sources: Vec<SourceBuffer>,
    allow_unregistered: bool,
    trait_verifiers: Vec<(&'static str, Arc<dyn TraitVerifier>)>,
    open_dialects: Vec<&'static str>,
    /// Settings and state of other crates (a trait crate's semantics, say), by type.
    extensions: FxHashMap<TypeId, Box<dyn Any + Send + Sync>>,
    elements_hex_limit: Option<i64>,
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

impl Default for Context {
    fn default() -> Self {
        Context::new()
    }
}

impl Context {
    /// A context with the `builtin` dialect registered; whoever builds it registers
    /// the other dialects it needs.
    pub fn new() -> Self {
        let mut ctx = Context {
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
            resources: Default::default(),
            dialects: Vec::new(),
            op_defs: Vec::new(),
            ops: Vec::new(),
            interfaces: InterfaceTables::default(),
            formats: Vec::new(),
            plans: Vec::new(),
            sources: Vec::new(),
            allow_unregistered: false,
            trait_verifiers: Vec::new(),
            open_dialects: Vec::new(),
            extensions: FxHashMap::default(),
            elements_hex_limit: Some(DEFAULT_ELEMENTS_HEX_LIMIT),
            i64_arrays: FxHashMap::default(),
            index: None,
            static_syms: FxHashMap::default(),
            id: next_context_id(),
        };
        ctx.register_dialect(&crate::dialects::builtin::DIALECT);
        ctx
    }

    /// Registers a dialect and its ops.
    pub fn register_dialect(&mut self, dialect: &'static Dialect) {
        if self.dialects.iter().any(|d| d.name == dialect.name) {
            return;
        }
        self.dialects.push(dialect);
        for op in dialect.ops {
            let name = self.sym(op.name);
            let i = name.0 as usize;
            if self.ops.len() <= i {
                self.ops.resize(i + 1, None);
            }
            let kind = OpKind(u32::try_from(self.op_defs.len()).unwrap_or(u32::MAX));
            self.op_defs.push(op);
            self.ops[i] = Some(kind);
            // Formats compile once, here; a malformed one is reported when the op is
            // parsed or printed (and by the dialect's definition tests).
            let plan = Plan::new(self, op);
            self.plans.push(plan);
            self.formats.push(match op.syntax {
                Syntax::Format(text, directives) => {
                    Some(crate::ods::format::compile(op, text, directives).map(Arc::new))
                }
                _ => None,
            });
        }
    }

    /// Registers a dialect that, like upstream's `test` dialect, accepts
    /// operations it does not define (they are parsed and printed generically
    /// and not verified).
    pub fn register_open_dialect(&mut self, dialect: &'static Dialect) {
        self.register_dialect(dialect);
        if !self.open_dialects.contains(&dialect.name) {
            self.open_dialects.push(dialect.name);
        }
    }

    /// Whether the dialect of that namespace accepts unknown operations.
    pub fn dialect_allows_unknown_ops(&self, name: &str) -> bool {
        self.open_dialects.contains(&name)
    }

    /// What the declarative checks of an op kind need.
    pub(crate) fn plan_of_kind(&self, kind: OpKind) -> &Plan {
        &self.plans[kind.index()]
    }

    /// The compiled format of an op kind with [`Syntax::Format`].
    pub fn format_of_kind(&self, kind: OpKind) -> Option<&Result<Arc<Format>, String>> {
        self.formats.get(kind.index())?.as_ref()
    }

    /// Stores a setting or state of another crate, replacing one of the same type.
    pub fn set_extension<T: Any + Send + Sync>(&mut self, value: T) {
        self.extensions.insert(TypeId::of::<T>(), Box::new(value));
    }

    /// A setting or state of another crate, if stored.
    pub fn extension<T: Any + Send + Sync>(&self) -> Option<&T> {
        self.extensions.get(&TypeId::of::<T>())?.downcast_ref()
    }

    /// Dense attributes with more elements than this (and not splats) print as hex
    /// literals, `dense<"0x...">`; `None` never does. Upstream's
    /// `--mlir-print-elementsattrs-with-hex-if-larger` (-1 is `None`), which applies to
    /// everything printed, diagnostics included.
    pub fn set_elements_hex_limit(&mut self, limit: Option<i64>) {
        self.elements_hex_limit = limit;
    }

    /// See [`Context::set_elements_hex_limit`].
    pub fn elements_hex_limit(&self) -> Option<i64> {
        self.elements_hex_limit
    }

    /// True if a dialect of that namespace is registered.
    pub fn is_dialect_registered(&self, name: &str) -> bool {
        self.dialects.iter().any(|d| d.name == name)
    }

    /// The registered dialects.
    pub fn dialects(&self) -> impl Iterator<Item = &'static Dialect> + '_ {
        self.dialects.iter().copied()
    }

    /// The definition of a registered op.
    pub fn op_def(&self, name: Symbol) -> Option<&'static OpDef> {
        self.op_defs.get(self.op_kind(name)?.index()).copied()
    }

    /// The compact identity of a registered op.
    pub fn op_kind(&self, name: Symbol) -> Option<OpKind> {
        self.ops.get(name.0 as usize).copied().flatten()
    }

    /// The definition of an op kind.
    pub fn op_def_of_kind(&self, kind: OpKind) -> &'static OpDef {
        self.op_defs[kind.index()]
    }

    /// How many ops are registered (op kinds are `0..num_op_kinds()`).
    pub fn num_op_kinds(&self) -> usize {
        self.op_defs.len()
    }

    /// Every registered op with its kind, in registration order.
    pub fn registered_ops(&self) -> impl Iterator<Item = (OpKind, &'static OpDef)> + '_ {
        self.op_defs
            .iter()
            .enumerate()
            .map(|(i, &d)| (OpKind(u32::try_from(i).unwrap_or(u32::MAX)), d))
    }

    /// Whether ops and types of unregistered dialects are accepted.
    pub fn allows_unregistered(&self) -> bool {
        self.allow_unregistered
    }

    /// Accept (or reject) ops of unregistered dialects, as `--allow-unregistered-dialect`.
    pub fn set_allow_unregistered(&mut self, allow: bool) {
        self.allow_unregistered = allow;
    }

    /// Interns a string.
    pub fn sym(&mut self, s: &str) -> Symbol {
        Symbol(self.strs.intern(s))
    }

    /// Interns a `'static` string, as [`Context::sym`] does, remembering it by address.
    pub fn static_sym(&mut self, s: &'static str) -> Symbol {
        let key = (s.as_ptr() as usize, s.len());
        if let Some(&sym) = self.static_syms.get(&key) {
            return sym;
        }
        let sym = self.sym(s);
        self.static_syms.insert(key, sym);
        sym
    }

    /// Interns a `'static` string, as [`Context::static_sym`] does, remembering the
    /// symbol in `cache` (a `static` of the caller's, one per name).
    #[inline]
    pub fn cached_sym(&mut self, cache: &SymCache, s: &'static str) -> Symbol {
        let packed = cache.0.load(Ordering::Relaxed);
        if self.id != NO_CACHE_ID && packed >> 32 == u64::from(self.id) {
            // The low half is the symbol's id, as stored below.
            return Symbol(packed as u32);
        }
        let sym = self.static_sym(s);
        if self.id != NO_CACHE_ID {
            cache.0.store(
                u64::from(self.id) << 32 | u64::from(sym.0),
                Ordering::Relaxed,
            );
        }
        sym
    }

    /// Looks up an interned string without interning it.
    pub fn lookup_sym(&self, s: &str) -> Option<Symbol> {
        self.strs.lookup(s).map(Symbol)
    }

    /// The text of a symbol.
    pub fn str(&self, s: Symbol) -> &str {
        self.strs.get(s.0)
    }

    /// Uniques a type.
    pub fn intern_type(&mut self, kind: TypeKind) -> Type {
        let id = self.types.intern(kind);
        if id as usize == self.type_depth.len() {
            let kind = self.types.get(id);
            let depth = crate::walk::type_depth(self, kind);
            if matches!(kind, TypeKind::Tuple { types } if types.len() > 16) {
                self.may_alias = true;
            }
            self.type_depth.push(depth);
            let size = self.type_kind_size(self.types.get(id));
            self.type_sizes.push(size);
        }
        Type(id)
    }

    /// How deeply a type nests (1 for `i32`).
    pub fn type_depth(&self, t: Type) -> u32 {
        self.type_depth.get(t.0 as usize).copied().unwrap_or(1)
    }

    /// How deeply an attribute nests (1 for `1 : i32`).
    pub fn attr_depth(&self, a: Attribute) -> u32 {
        self.attr_depth.get(a.0 as usize).copied().unwrap_or(1)
    }

    /// How deeply a location nests.
    pub fn loc_depth(&self, l: Location) -> u32 {
        match l {
            Location::Id(id) => self.loc_depth.get(id.0 as usize).copied().unwrap_or(1),
            _ => 1,
        }
    }

    /// Whether any value that can print as an alias was created (so printing can
    /// skip looking for aliases).
    pub fn may_alias(&self) -> bool {
        self.may_alias
    }

    /// The attribute of this structure, if it exists, without creating it.
    pub fn lookup_attr(&self, kind: &AttrKind) -> Option<Attribute> {
        self.attrs.lookup(kind).map(Attribute)
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
        let id = self.next_distinct;
        self.next_distinct = self.next_distinct.saturating_add(1);
        self.intern_attr(AttrKind::Distinct { id, referenced })
    }

    /// Names a dialect attribute or type kept as text the way the input's alias
    /// definition did (`#tbaa_root = #llvm.tbaa_root<...>`): upstream's dialect would
    /// alias it, with this name, and the printer does the same.
    pub fn set_alias_hint(&mut self, value: AttrOrType, name: &str) {
        self.alias_hints.insert(value, name.into());
        self.may_alias = true;
    }

    /// The alias name the input gave a dialect attribute or type, if any.
    pub fn alias_hint(&self, value: AttrOrType) -> Option<&str> {
        self.alias_hints.get(&value).map(|n| &**n)
    }

    /// The structure of a type.
    pub fn type_kind(&self, t: Type) -> &TypeKind {
        self.types.get(t.0)
    }

    /// Uniques an attribute.
    pub fn intern_attr(&mut self, kind: AttrKind) -> Attribute {
        let id = self.attrs.intern(kind);
        if id as usize == self.attr_depth.len() {
            let kind = self.attrs.get(id);
            let depth = crate::walk::attr_depth(self, kind);
            if crate::walk::attr_may_alias(self, kind) {
                self.may_alias = true;
            }
            self.attr_depth.push(depth);
            let size = self.attr_kind_size(self.attrs.get(id));
            self.attr_sizes.push(size);
        }
        Attribute(id)
    }

    /// The structure of an attribute.
    pub fn attr_kind(&self, a: Attribute) -> &AttrKind {
        self.attrs.get(a.0)
    }

    /// Uniques a structured location.
    pub fn intern_loc(&mut self, kind: LocKind) -> Location {
        let id = self.locs.intern(kind);
        if id as usize == self.loc_depth.len() {
            let depth = crate::walk::loc_depth(self, self.locs.get(id));
            self.loc_depth.push(depth);
            let size = self.loc_kind_size(self.locs.get(id));
            self.loc_sizes.push(size);
        }
        Location::Id(LocId(id))
    }

    /// The structure of a structured location.
    pub fn loc_kind(&self, id: LocId) -> &LocKind {
        self.locs.get(id.0)
    }

    /// Loads a source text; the index names it in [`Location::Source`].
    pub fn add_source(&mut self, name: impl Into<String>, text: impl Into<String>) -> u32 {
        self.sources.push(SourceBuffer::new(name, text));
        u32::try_from(self.sources.len() - 1).unwrap_or(u32::MAX)
    }

    /// Loads bytes that may not all be UTF-8 (see [`SourceBuffer::from_bytes`]).
    pub fn add_source_bytes(&mut self, name: impl Into<String>, bytes: Vec<u8>) -> u32 {
        self.sources.push(SourceBuffer::from_bytes(name, bytes));
        u32::try_from(self.sources.len() - 1).unwrap_or(u32::MAX)
    }

    /// A loaded source buffer.
    pub fn source(&self, index: u32) -> Option<&SourceBuffer> {
        self.sources.get(index as usize)
    }

    /// The first loaded buffer of that name.
    pub fn find_source(&self, name: &str) -> Option<u32> {
        self.sources
            .iter()
            .position(|b| b.name() == name)
            .and_then(|i| u32::try_from(i).ok())
    }
}

impl Context {
    /// Registers the verifier of the external trait `key` ([`crate::OpTrait::External`]): it
    /// runs on every op whose definition lists the trait, after the op's own verifier.
    /// A second registration under the same key replaces the first.
    pub fn register_trait_verifier(&mut self, key: &'static str, hook: Arc<dyn TraitVerifier>) {
        self.trait_verifiers.retain(|(k, _)| *k != key);
        self.trait_verifiers.push((key, hook));
    }

    /// The registered trait verifiers, by key.
    pub fn trait_verifiers(&self) -> &[(&'static str, Arc<dyn TraitVerifier>)] {
        &self.trait_verifiers
    }
}

impl std::fmt::Debug for Context {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let dialects: Vec<&str> = self.dialects.iter().map(|d| d.name).collect();
        f.debug_struct("Context")
            .field("dialects", &dialects)
            .field("ops", &self.op_defs.len())
            .field("sources", &self.sources.len())
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sym_cache_hands_each_context_its_own_symbol() {
        static CACHE: SymCache = SymCache::new();
        let mut first = Context::new();
        // The name gets a different id in each context.
        first.sym("test.cache_other");
        let in_first = first.sym("test.cache_name");
        let mut second = Context::new();
        let in_second = second.sym("test.cache_name");
        assert_ne!(in_first, in_second);
        for _ in 0..2 {
            assert_eq!(first.cached_sym(&CACHE, "test.cache_name"), in_first);
            assert_eq!(second.cached_sym(&CACHE, "test.cache_name"), in_second);
        }
        // A name not interned yet is interned, as `sym` would.
        static FRESH: SymCache = SymCache::new();
        let fresh = first.cached_sym(&FRESH, "test.cache_fresh");
        assert_eq!(first.str(fresh), "test.cache_fresh");
        assert_eq!(first.cached_sym(&FRESH, "test.cache_fresh"), fresh);
    }
}
