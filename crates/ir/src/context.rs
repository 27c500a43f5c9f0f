//! The context: uniquing tables for symbols, types, attributes and locations, the
//! registered dialects, and the loaded source buffers.

use crate::attrs::{AttrKind, Attribute};
use crate::extent::Extent;
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
use std::any::{Any, TypeId};
use std::sync::Arc;

/// Upstream's default for `--mlir-print-elementsattrs-with-hex-if-larger`.
pub const DEFAULT_ELEMENTS_HEX_LIMIT: i64 = 100;

/// An interned string: op names, attribute names, symbol names.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Symbol(pub(crate) u32);

/// Owns everything uniqued: comparing two [`Type`]s or [`Attribute`]s is comparing two integers.
pub struct Context {
    strs: StrInterner,
    types: Interner<TypeKind>,
    attrs: Interner<AttrKind>,
    locs: Interner<LocKind>,
    /// Depth and written size of each type, attribute and location, by id.
    pub(crate) type_extents: Vec<Extent>,
    pub(crate) attr_extents: Vec<Extent>,
    pub(crate) loc_extents: Vec<Extent>,
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
            type_extents: Vec::new(),
            attr_extents: Vec::new(),
            loc_extents: Vec::new(),
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
        let extent = self.type_kind_extent(&kind);
        let id = self.types.intern(kind);
        if id as usize == self.type_extents.len() {
            self.type_extents.push(extent);
        }
        Type(id)
    }

    /// The structure of a type.
    pub fn type_kind(&self, t: Type) -> &TypeKind {
        self.types.get(t.0)
    }

    /// Uniques an attribute.
    pub fn intern_attr(&mut self, kind: AttrKind) -> Attribute {
        let extent = self.attr_kind_extent(&kind);
        let id = self.attrs.intern(kind);
        if id as usize == self.attr_extents.len() {
            self.attr_extents.push(extent);
        }
        Attribute(id)
    }

    /// The structure of an attribute.
    pub fn attr_kind(&self, a: Attribute) -> &AttrKind {
        self.attrs.get(a.0)
    }

    /// Uniques a structured location.
    pub fn intern_loc(&mut self, kind: LocKind) -> Location {
        let extent = self.loc_kind_extent(&kind);
        let id = self.locs.intern(kind);
        if id as usize == self.loc_extents.len() {
            self.loc_extents.push(extent);
        }
        Location::Id(LocId(id))
    }

    /// A fused location as upstream's `FusedLoc::get` builds it: nested fused
    /// locations with the same metadata are flattened, unknown locations dropped and
    /// repeats removed (first kept); no location left is `unknown`, one is itself
    /// (unless there is metadata). So `fused[#l, #l]` is `#l`, and a chain of fusions
    /// stays flat.
    pub fn fused_loc(&mut self, locs: &[Location], metadata: Option<Attribute>) -> Location {
        let mut flat: Vec<Location> = Vec::with_capacity(locs.len());
        let mut seen = rustc_hash::FxHashSet::default();
        let mut add = |l: Location, flat: &mut Vec<Location>| {
            if seen.insert(l) {
                flat.push(l);
            }
        };
        for &l in locs {
            if let Location::Id(id) = l
                && let LocKind::Fused {
                    locs: inner,
                    metadata: m,
                } = self.loc_kind(id)
                && *m == metadata
            {
                for &i in inner {
                    add(i, &mut flat);
                }
                continue;
            }
            if l != Location::Unknown {
                add(l, &mut flat);
            }
        }
        match (flat.len(), metadata) {
            (0, None) => Location::Unknown,
            (0, Some(_)) => self.intern_loc(LocKind::Fused {
                locs: vec![Location::Unknown],
                metadata,
            }),
            (1, None) => flat[0],
            _ => self.intern_loc(LocKind::Fused {
                locs: flat,
                metadata,
            }),
        }
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
