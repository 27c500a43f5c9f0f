//! Per-op interfaces: an open table from (interface type, op) to an implementation,
//! as upstream attaches interfaces to operation names, and as xDSL keeps one
//! interpreter table per dialect.
//!
//! An interface is any `'static` type, usually a struct holding a function pointer
//! (`struct Fold(pub fn(...) -> ...)`). The crate that owns a layer (folding, the
//! interpreter, a lowering, an export) defines the type and the implementations, and
//! attaches them to ops by name; nothing in the op's definition changes. A crate
//! checks that every op it must cover has its entry with
//! [`Context::ops_without_interface`], in a test.
//!
//! ```
//! use tensor_ir::Context;
//!
//! /// How many cycles an op costs (an example interface).
//! struct Cost(u32);
//!
//! let mut ctx = Context::new();
//! ctx.attach_interface("builtin.module", Cost(0)).unwrap();
//! let module = ctx.sym("builtin.module");
//! assert_eq!(ctx.interface::<Cost>(module).map(|c| c.0), Some(0));
//! // The completeness check names every op still without an entry.
//! assert_eq!(
//!     ctx.ops_without_interface::<Cost>("builtin"),
//!     ["builtin.unrealized_conversion_cast"]
//! );
//! ```

use crate::Context;
use crate::context::Symbol;
use rustc_hash::FxHashMap;
use std::any::{Any, TypeId};

/// A registered op's compact identity: its index among the context's registered ops.
/// Tables of per-op data can be indexed by it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct OpKind(pub(crate) u32);

impl OpKind {
    /// The index, dense from 0 in registration order.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The interface tables of a context: per interface type, one slot per op kind.
#[derive(Default)]
pub(crate) struct InterfaceTables {
    tables: FxHashMap<TypeId, Vec<Option<Box<dyn Any + Send + Sync>>>>,
    /// Per-dialect interfaces (upstream's dialect interfaces), by type and dialect name.
    dialect_tables: FxHashMap<(TypeId, &'static str), Box<dyn Any + Send + Sync>>,
}

impl std::fmt::Debug for InterfaceTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "InterfaceTables({} interfaces)", self.tables.len())
    }
}

/// Why an interface could not be attached.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InterfaceError {
    /// No registered op has that name.
    #[error("no registered op is named '{0}'")]
    UnknownOp(String),
    /// No registered dialect has that name.
    #[error("no registered dialect is named '{0}'")]
    UnknownDialect(String),
}

impl Context {
    /// Attaches `implementation` of interface `I` to the registered op `op_name`,
    /// replacing an earlier one.
    ///
    /// # Errors
    /// [`InterfaceError::UnknownOp`] if no registered op has that name. Callers
    /// propagate it or fail naming the op: a dropped error is a silently lost entry.
    #[must_use = "an unknown op loses its entry silently: propagate the error"]
    pub fn attach_interface<I: Any + Send + Sync>(
        &mut self,
        op_name: &str,
        implementation: I,
    ) -> Result<(), InterfaceError> {
        let kind = self
            .lookup_sym(op_name)
            .and_then(|s| self.op_kind(s))
            .ok_or_else(|| InterfaceError::UnknownOp(op_name.to_owned()))?;
        let n = self.num_op_kinds();
        let table = self
            .registry
            .interfaces
            .tables
            .entry(TypeId::of::<I>())
            .or_default();
        if table.len() < n {
            table.resize_with(n, || None);
        }
        table[kind.index()] = Some(Box::new(implementation));
        Ok(())
    }

    /// The implementation of interface `I` for the op named `name`, if attached.
    pub fn interface<I: Any + Send + Sync>(&self, name: Symbol) -> Option<&I> {
        self.interface_of_kind(self.op_kind(name)?)
    }

    /// The implementation of interface `I` for an op kind, if attached.
    pub fn interface_of_kind<I: Any + Send + Sync>(&self, kind: OpKind) -> Option<&I> {
        self.registry
            .interfaces
            .tables
            .get(&TypeId::of::<I>())?
            .get(kind.index())?
            .as_ref()?
            .downcast_ref()
    }

    /// The ops of `dialect` that lack interface `I`, by name: a completeness check
    /// for the crate that provides `I`.
    pub fn ops_without_interface<I: Any + Send + Sync>(&self, dialect: &str) -> Vec<&'static str> {
        let prefix = format!("{dialect}.");
        self.registered_ops()
            .filter(|(_, def)| def.name.starts_with(&prefix))
            .filter(|&(kind, _)| self.interface_of_kind::<I>(kind).is_none())
            .map(|(_, def)| def.name)
            .collect()
    }

    /// Attaches `implementation` of interface `I` to the registered dialect
    /// `dialect`, replacing an earlier one (as upstream's dialect interfaces, such
    /// as the constant materializer folding needs).
    ///
    /// # Errors
    /// [`InterfaceError::UnknownDialect`] if no registered dialect has that name.
    #[must_use = "an unknown dialect loses its entry silently: propagate the error"]
    pub fn attach_dialect_interface<I: Any + Send + Sync>(
        &mut self,
        dialect: &str,
        implementation: I,
    ) -> Result<(), InterfaceError> {
        let name = self
            .dialects()
            .find(|d| d.name == dialect)
            .map(|d| d.name)
            .ok_or_else(|| InterfaceError::UnknownDialect(dialect.to_owned()))?;
        self.registry
            .interfaces
            .dialect_tables
            .insert((TypeId::of::<I>(), name), Box::new(implementation));
        Ok(())
    }

    /// The implementation of interface `I` for the dialect named `dialect`, if attached.
    pub fn dialect_interface<I: Any + Send + Sync>(&self, dialect: &str) -> Option<&I> {
        // Keys hold the registered dialect's own `&'static str`; look it up by name.
        let name = self.dialects().find(|d| d.name == dialect)?.name;
        self.registry
            .interfaces
            .dialect_tables
            .get(&(TypeId::of::<I>(), name))?
            .downcast_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::InterfaceError;
    use crate::Context;

    struct Marker;

    #[test]
    fn attaching_to_an_unknown_op_is_an_error_and_attaches_nothing() {
        let mut ctx = Context::new();
        assert_eq!(
            ctx.attach_interface("builtin.modul", Marker),
            Err(InterfaceError::UnknownOp("builtin.modul".to_owned()))
        );
        assert_eq!(
            ctx.attach_interface("demo.op", Marker)
                .map_err(|e| e.to_string()),
            Err("no registered op is named 'demo.op'".to_owned())
        );
        let module = ctx.sym("builtin.module");
        assert!(ctx.interface::<Marker>(module).is_none());
        assert_eq!(
            ctx.ops_without_interface::<Marker>("builtin"),
            ["builtin.module", "builtin.unrealized_conversion_cast"]
        );
    }

    #[test]
    fn attaching_to_an_unknown_dialect_is_an_error() {
        let mut ctx = Context::new();
        assert_eq!(
            ctx.attach_dialect_interface("nope", Marker),
            Err(InterfaceError::UnknownDialect("nope".to_owned()))
        );
        assert!(ctx.dialect_interface::<Marker>("nope").is_none());
        assert_eq!(ctx.attach_dialect_interface("builtin", Marker), Ok(()));
        assert!(ctx.dialect_interface::<Marker>("builtin").is_some());
    }
}
