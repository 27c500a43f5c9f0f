//! The context, in three parts: uniquing (symbols, types, attributes, locations;
//! `uniquing.rs`, data model only), the registry of dialects and ops
//! (`registration.rs`, which knows ODS and verifiers), and the tables passes and
//! diagnostics share (`tables.rs`: sources, resources, settings).

use std::sync::atomic::{AtomicU32, AtomicU64};

mod registration;
mod tables;
mod uniquing;

pub(crate) use registration::Registry;
pub use registration::{AttrBodyParser, ResultNamer};
pub(crate) use tables::Tables;
pub(crate) use uniquing::Uniquing;

/// Upstream's default for `--mlir-print-elementsattrs-with-hex-if-larger`.
pub const DEFAULT_ELEMENTS_HEX_LIMIT: i64 = 100;

/// An interned string: op names, attribute names, symbol names.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Symbol(pub(crate) u32);

/// The symbol of one `'static` name for the context that last asked for it, packed
/// with that context's id: a generated builder keeps one per name it interns, so
/// naming its op and properties costs a load and a compare instead of a hash lookup.
/// Each value is read and written whole, so a context never takes another's symbol.
pub struct SymCache(pub(crate) AtomicU64);

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
pub(crate) const NO_CACHE_ID: u32 = u32::MAX;

fn next_context_id() -> u32 {
    use std::sync::atomic::Ordering;
    NEXT_CONTEXT_ID
        .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |id| {
            (id < NO_CACHE_ID).then_some(id + 1)
        })
        .unwrap_or(NO_CACHE_ID)
}

/// The root of an IR: what is uniqued, what is registered, and the tables that
/// passes and diagnostics share. The three parts are separate structs, each with
/// its methods in its own file, so that the data model's uniquing does not depend
/// on the registry of ops (which knows ODS, formats and verifiers) or on the
/// loaded sources and settings.
pub struct Context {
    /// Strings, types, attributes, locations and affine expressions, each
    /// uniqued, with what is cached about them (`uniquing.rs`).
    pub(crate) uniq: Uniquing,
    /// Dialects, op definitions and kinds, their compiled formats, check plans,
    /// trait verifiers and interface tables (`registration.rs`).
    pub(crate) registry: Registry,
    /// Loaded sources, resources, other crates' settings and print settings
    /// (`tables.rs`).
    pub(crate) tables: Tables,
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
            uniq: Uniquing::new(next_context_id()),
            registry: Registry::default(),
            tables: Tables::default(),
        };
        ctx.register_dialect(&crate::dialects::builtin::DIALECT);
        ctx
    }
}

impl std::fmt::Debug for Context {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let dialects: Vec<&str> = self.dialects().map(|d| d.name).collect();
        f.debug_struct("Context")
            .field("dialects", &dialects)
            .field("ops", &self.num_op_kinds())
            .field("sources", &self.tables.sources.len())
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
