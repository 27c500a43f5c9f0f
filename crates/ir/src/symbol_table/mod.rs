//! Symbols and symbol tables, as upstream's `mlir/IR/SymbolTable.h`.
//!
//! A *symbol* is an op with a `sym_name` string attribute (inherent or discardable);
//! its `sym_visibility` is `public` (the default), `private` or `nested`. A *symbol
//! table* is an op with [`OpTrait::SymbolTable`] (e.g. `builtin.module`): the symbols
//! directly in its region have unique names, and symbol references (`@f`, `@m::@f`)
//! inside it resolve there. Nothing here knows a particular dialect: `func.call`
//! resolves its callee through [`SymbolTableCollection`] like any other symbol user.
//!
//! A [`SymbolTable`] is one hash map from name to op, built with one pass over the
//! table's ops, so each lookup is one probe instead of a scan of the table.

use crate::attrs::AttrKind;
use crate::diag::Diagnostic;
use crate::diag::suggest::SuggestionIndex;
use crate::registry::OpTrait;
use crate::{Attribute, Context, Module, OpId};
use rustc_hash::FxHashMap;
use std::sync::OnceLock;

/// The attribute naming a symbol.
pub const SYM_NAME: &str = "sym_name";
/// The attribute holding a symbol's visibility.
pub const SYM_VISIBILITY: &str = "sym_visibility";

/// Where a symbol may be referenced from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Visibility {
    /// Visible from outside its symbol table (the default).
    Public,
    /// Visible only within its symbol table.
    Private,
    /// Visible from its symbol table and the tables enclosing it, not beyond.
    Nested,
}

/// The name of `op` if it is a symbol (has a `sym_name` string attribute).
pub fn symbol_name<'c>(ctx: &'c Context, module: &Module, op: OpId) -> Option<&'c str> {
    string_attr_of(ctx, module, op, SYM_NAME)
}

/// The visibility of a symbol: `sym_visibility`, public when absent (as upstream,
/// any other string also counts as public).
pub fn symbol_visibility(ctx: &Context, module: &Module, op: OpId) -> Visibility {
    match string_attr_of(ctx, module, op, SYM_VISIBILITY) {
        Some("private") => Visibility::Private,
        Some("nested") => Visibility::Nested,
        _ => Visibility::Public,
    }
}

fn string_attr_of<'c>(ctx: &'c Context, module: &Module, op: OpId, name: &str) -> Option<&'c str> {
    module
        .get_attr(op, ctx.lookup_sym(name)?)
        .and_then(|a| ctx.as_str_attr(a))
}

/// True if `op` is a registered op with [`OpTrait::SymbolTable`].
pub fn is_symbol_table(ctx: &Context, module: &Module, op: OpId) -> bool {
    ctx.op_def(module.op(op).name())
        .is_some_and(|d| d.has_trait(OpTrait::SymbolTable))
}

/// An op whose dialect is unknown and that has one region may be a symbol table we
/// know nothing about; as upstream, lookups do not look past it.
fn is_potentially_unknown_symbol_table(ctx: &Context, module: &Module, op: OpId) -> bool {
    let o = module.op(op);
    if o.regions().len() != 1 || ctx.op_def(o.name()).is_some() {
        return false;
    }
    let name = ctx.str(o.name());
    let dialect = name.split_once('.').map_or(name, |(d, _)| d);
    !ctx.is_dialect_registered(dialect)
}

/// The nearest symbol table enclosing `from`, `from` itself included. None if there
/// is none, or if an op of an unknown dialect with one region comes first (it may
/// be a symbol table, as upstream's `getNearestSymbolTable`).
pub fn nearest_symbol_table(ctx: &Context, module: &Module, from: OpId) -> Option<OpId> {
    let mut cur = Some(from);
    while let Some(op) = cur {
        if is_potentially_unknown_symbol_table(ctx, module, op) {
            return None;
        }
        if is_symbol_table(ctx, module, op) {
            return Some(op);
        }
        cur = module.parent_op(op);
    }
    None
}

/// A symbol defined twice in one table: the later definition and the first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Redefinition {
    /// The later definition, where upstream reports the error.
    pub symbol: OpId,
    /// The first definition, which lookups resolve to.
    pub existing: OpId,
}

/// The symbols of one symbol-table op, by name.
#[derive(Debug)]
pub struct SymbolTable {
    op: OpId,
    symbols: FxHashMap<Box<str>, OpId>,
    redefinition: Option<Redefinition>,
    /// Built on the first "did you mean" lookup.
    suggestions: OnceLock<SuggestionIndex>,
}

impl SymbolTable {
    /// Indexes the symbols directly in `table_op`'s regions (one pass over its ops).
    /// A name defined twice resolves to its first definition; the first such clash
    /// is kept for [`SymbolTable::redefinition`].
    pub fn new(ctx: &Context, module: &Module, table_op: OpId) -> Self {
        let mut table = SymbolTable {
            op: table_op,
            symbols: FxHashMap::default(),
            redefinition: None,
            suggestions: OnceLock::new(),
        };
        let Some(key) = ctx.lookup_sym(SYM_NAME) else {
            return table; // No op anywhere has a `sym_name`.
        };
        for op in table_ops(module, table_op) {
            let Some(name) = module.get_attr(op, key).and_then(|a| ctx.as_str_attr(a)) else {
                continue;
            };
            match table.symbols.get(name) {
                Some(&existing) => {
                    table.redefinition.get_or_insert(Redefinition {
                        symbol: op,
                        existing,
                    });
                }
                None => {
                    table.symbols.insert(name.into(), op);
                }
            }
        }
        table
    }

    /// The symbol-table op.
    pub fn op(&self) -> OpId {
        self.op
    }

    /// The symbol named `name`.
    pub fn lookup(&self, name: &str) -> Option<OpId> {
        self.symbols.get(name).copied()
    }

    /// The defined name closest to the undefined `name` (at most one edit away) whose
    /// symbol `accept` takes, for a "did you mean" hint. The first call indexes the
    /// names, so that a lookup costs the length of `name`, however many symbols the
    /// table has and however many references fail.
    pub fn suggest(&self, name: &str, accept: impl Fn(OpId) -> bool) -> Option<&str> {
        let index = self.suggestions.get_or_init(|| {
            // Sorted, so that ties do not depend on hashing.
            let mut names: Vec<&str> = self.symbols.keys().map(|k| &**k).collect();
            names.sort_unstable();
            SuggestionIndex::new(names)
        });
        index.best_match_where(name, |n| self.lookup(n).is_some_and(&accept))
    }

    /// How many distinct names the table defines.
    pub fn len(&self) -> usize {
        self.symbols.len()
    }

    /// True if the table defines no symbol.
    pub fn is_empty(&self) -> bool {
        self.symbols.is_empty()
    }

    /// The first name defined twice, in op order.
    pub fn redefinition(&self) -> Option<Redefinition> {
        self.redefinition
    }
}

/// The ops directly in the regions of `table_op`.
fn table_ops(module: &Module, table_op: OpId) -> impl Iterator<Item = OpId> + '_ {
    module
        .op(table_op)
        .regions()
        .iter()
        .flat_map(move |&r| module.region(r).blocks().iter())
        .flat_map(move |&b| module.block_ops(b))
}

/// Symbol tables by their op, for lookups from any op (upstream's
/// `SymbolTableCollection`). Build the tables once ([`SymbolTableCollection::build_all`]
/// or [`SymbolTableCollection::get_or_build`]); a lookup in a table that is not built
/// scans that table's ops instead. Edits that add, remove or rename symbols make a
/// built table stale: [`SymbolTableCollection::invalidate`] it.
#[derive(Debug, Default)]
pub struct SymbolTableCollection {
    tables: FxHashMap<OpId, SymbolTable>,
}

impl SymbolTableCollection {
    /// An empty collection.
    pub fn new() -> Self {
        Self::default()
    }

    /// The tables of every symbol table under `root` (included).
    pub fn build_all(ctx: &Context, module: &Module, root: OpId) -> Self {
        let mut tables = Self::new();
        module.walk(root, |op| {
            if is_symbol_table(ctx, module, op) {
                tables.tables.insert(op, SymbolTable::new(ctx, module, op));
            }
        });
        tables
    }

    /// The tables of the symbol tables among `ops`.
    pub(crate) fn build_for(ctx: &Context, module: &Module, ops: &[OpId]) -> Self {
        let mut tables = Self::new();
        for &op in ops {
            if is_symbol_table(ctx, module, op) {
                tables.tables.insert(op, SymbolTable::new(ctx, module, op));
            }
        }
        tables
    }

    /// The built table of `table_op`.
    pub fn get(&self, table_op: OpId) -> Option<&SymbolTable> {
        self.tables.get(&table_op)
    }

    /// The table of `table_op`, built on first use.
    pub fn get_or_build(&mut self, ctx: &Context, module: &Module, table_op: OpId) -> &SymbolTable {
        self.tables
            .entry(table_op)
            .or_insert_with(|| SymbolTable::new(ctx, module, table_op))
    }

    /// Drops the table of `table_op` (after an edit of its symbols).
    pub fn invalidate(&mut self, table_op: OpId) {
        self.tables.remove(&table_op);
    }

    /// The symbol named `name` directly in `table_op`.
    pub fn lookup_in(
        &self,
        ctx: &Context,
        module: &Module,
        table_op: OpId,
        name: &str,
    ) -> Option<OpId> {
        match self.tables.get(&table_op) {
            Some(t) => t.lookup(name),
            None => {
                let key = ctx.lookup_sym(SYM_NAME)?;
                table_ops(module, table_op).find(|&op| {
                    module.get_attr(op, key).and_then(|a| ctx.as_str_attr(a)) == Some(name)
                })
            }
        }
    }

    /// The symbol `sym_ref` (a symbol reference attribute, `@a` or `@a::@b::@c`)
    /// names, starting in `table_op`. Each non-leaf reference must be a symbol table.
    pub fn lookup_ref_in(
        &self,
        ctx: &Context,
        module: &Module,
        table_op: OpId,
        sym_ref: Attribute,
    ) -> Option<OpId> {
        let AttrKind::SymbolRef { root, nested } = ctx.attr_kind(sym_ref) else {
            return None;
        };
        let mut found = self.lookup_in(ctx, module, table_op, ctx.str(*root))?;
        for &name in nested {
            if !is_symbol_table(ctx, module, found) {
                return None;
            }
            found = self.lookup_in(ctx, module, found, ctx.str(name))?;
        }
        Some(found)
    }

    /// The symbol `sym_ref` names, resolved in the symbol table nearest `from`
    /// (`from` included), as upstream's `lookupNearestSymbolFrom`.
    pub fn lookup_nearest(
        &self,
        ctx: &Context,
        module: &Module,
        from: OpId,
        sym_ref: Attribute,
    ) -> Option<OpId> {
        let table = nearest_symbol_table(ctx, module, from)?;
        self.lookup_ref_in(ctx, module, table, sym_ref)
    }
}

/// Symbols in a symbol table are unique: upstream's redefinition error, reported at
/// the later definition, with a note at the first. Uses `tables` when it holds the
/// table of `table_op`.
pub(crate) fn verify_symbol_table(
    ctx: &Context,
    module: &Module,
    table_op: OpId,
    tables: &SymbolTableCollection,
) -> Result<(), Diagnostic> {
    let redefinition = match tables.get(table_op) {
        Some(t) => t.redefinition(),
        None => SymbolTable::new(ctx, module, table_op).redefinition(),
    };
    let Some(Redefinition { symbol, existing }) = redefinition else {
        return Ok(());
    };
    let name = symbol_name(ctx, module, symbol).unwrap_or_default();
    let d = Diagnostic::error(
        module.op(symbol).location(),
        format!("redefinition of symbol named '{name}'"),
    );
    // As upstream, the error is the later definition's: it is the current operation.
    Err(
        crate::verify::with_current_op(ctx, module, symbol, d).with_note(
            module.op(existing).location(),
            "see existing symbol definition here",
        ),
    )
}

#[cfg(test)]
mod tests;
