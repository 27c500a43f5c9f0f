//! The registry: the dialects a context knows, their op definitions by kind, and
//! what registration compiles from each definition (its declarative format, its
//! check plan), with the trait verifiers and interface tables that layers attach.
//! It is above the data model: op definitions carry their parsers, printers and
//! verifiers.

use super::{Context, Symbol};
use crate::interfaces::{InterfaceTables, OpKind};
use crate::ods::check::Plan;
use crate::ods::format::Format;
use crate::registry::{Dialect, OpDef, Syntax};
use crate::verify::TraitVerifier;
use std::sync::Arc;

/// The dialects and ops of a context, and the tables keyed by op kind.
#[derive(Default)]
pub(crate) struct Registry {
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
    allow_unregistered: bool,
    trait_verifiers: Vec<(&'static str, Arc<dyn TraitVerifier>)>,
    open_dialects: Vec<&'static str>,
    attr_hooks: Vec<(&'static str, DialectAttrHook)>,
    /// Dialects whose ops do not make their dialect the default in their regions.
    qualified_dialects: Vec<&'static str>,
    /// Result-name suggestions by op kind ([`Context::set_result_namer`]).
    result_namers: Vec<Option<ResultNamer>>,
}

/// The name an op suggests for its single result in the custom form (upstream's
/// `OpAsmOpInterface::getAsmResultNames`: `%cst` for `stablehlo.constant`), if any.
pub type ResultNamer = fn(&Context, &crate::Module, crate::OpId) -> Option<&'static str>;

/// Reads the symbol data of one of a dialect's attributes (`comparison_direction GT`
/// of `#stablehlo<comparison_direction GT>`, `dot<...>` of `#stablehlo.dot<...>`):
/// the text its printer writes for it, or why it is not one of its attributes. The
/// attribute is kept as that text (an opaque attribute of the dialect), so it
/// prints as upstream's printer writes it.
pub type DialectAttrHook = fn(data: &str) -> Result<String, String>;

impl Context {
    /// Registers a dialect and its ops.
    pub fn register_dialect(&mut self, dialect: &'static Dialect) {
        if self
            .registry
            .dialects
            .iter()
            .any(|d| d.name == dialect.name)
        {
            return;
        }
        self.registry.dialects.push(dialect);
        for op in dialect.ops {
            let name = self.sym(op.name);
            let i = name.0 as usize;
            if self.registry.ops.len() <= i {
                self.registry.ops.resize(i + 1, None);
            }
            let kind = OpKind(u32::try_from(self.registry.op_defs.len()).unwrap_or(u32::MAX));
            self.registry.op_defs.push(op);
            self.registry.ops[i] = Some(kind);
            // Formats compile once, here; a malformed one is reported when the op is
            // parsed or printed (and by the dialect's definition tests).
            let plan = Plan::new(self, op);
            self.registry.plans.push(plan);
            self.registry.formats.push(match op.syntax {
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
        if !self.registry.open_dialects.contains(&dialect.name) {
            self.registry.open_dialects.push(dialect.name);
        }
    }

    /// Lets a registered dialect read its own attributes (`#dialect<...>`,
    /// `#dialect.name<...>`) with `hook`; without one, they are refused.
    pub fn register_attr_hook(&mut self, dialect: &'static str, hook: DialectAttrHook) {
        self.registry.attr_hooks.retain(|(d, _)| *d != dialect);
        self.registry.attr_hooks.push((dialect, hook));
    }

    /// Makes the printer name the single result of the registered op `op` as
    /// `namer` suggests. Returns false if `op` is not registered.
    pub fn set_result_namer(&mut self, op: &str, namer: ResultNamer) -> bool {
        let Some(kind) = self.lookup_sym(op).and_then(|s| self.op_kind(s)) else {
            return false;
        };
        let namers = &mut self.registry.result_namers;
        if namers.len() <= kind.index() {
            namers.resize(kind.index() + 1, None);
        }
        namers[kind.index()] = Some(namer);
        true
    }

    /// Makes the printer write the full names of the ops nested in the regions of
    /// `dialect`'s ops (`stablehlo.return`, not `return`, in a `stablehlo.reduce`):
    /// upstream's ops that name no default dialect.
    pub fn qualify_nested_ops(&mut self, dialect: &'static str) {
        if !self.registry.qualified_dialects.contains(&dialect) {
            self.registry.qualified_dialects.push(dialect);
        }
    }

    /// Whether the ops nested in `dialect`'s ops print their full names.
    pub(crate) fn qualifies_nested_ops(&self, dialect: &str) -> bool {
        self.registry.qualified_dialects.contains(&dialect)
    }

    /// Whether some op suggests result names.
    pub(crate) fn has_result_namers(&self) -> bool {
        !self.registry.result_namers.is_empty()
    }

    /// The result namer of the op named `name`, if it has one.
    pub(crate) fn result_namer(&self, name: Symbol) -> Option<ResultNamer> {
        let kind = self.op_kind(name)?;
        self.registry
            .result_namers
            .get(kind.index())
            .copied()
            .flatten()
    }

    /// The attribute hook of the dialect of that namespace, if it has one.
    pub fn dialect_attr_hook(&self, dialect: &str) -> Option<DialectAttrHook> {
        self.registry
            .attr_hooks
            .iter()
            .find(|(d, _)| *d == dialect)
            .map(|&(_, h)| h)
    }

    /// Whether the dialect of that namespace accepts unknown operations.
    pub fn dialect_allows_unknown_ops(&self, name: &str) -> bool {
        self.registry.open_dialects.contains(&name)
    }

    /// What the declarative checks of an op kind need.
    pub(crate) fn plan_of_kind(&self, kind: OpKind) -> &Plan {
        &self.registry.plans[kind.index()]
    }

    /// The compiled format of an op kind with [`Syntax::Format`].
    pub fn format_of_kind(&self, kind: OpKind) -> Option<&Result<Arc<Format>, String>> {
        self.registry.formats.get(kind.index())?.as_ref()
    }

    /// True if a dialect of that namespace is registered.
    pub fn is_dialect_registered(&self, name: &str) -> bool {
        self.registry.dialects.iter().any(|d| d.name == name)
    }

    /// The registered dialects.
    pub fn dialects(&self) -> impl Iterator<Item = &'static Dialect> + '_ {
        self.registry.dialects.iter().copied()
    }

    /// The definition of a registered op.
    pub fn op_def(&self, name: Symbol) -> Option<&'static OpDef> {
        self.registry
            .op_defs
            .get(self.op_kind(name)?.index())
            .copied()
    }

    /// The compact identity of a registered op.
    pub fn op_kind(&self, name: Symbol) -> Option<OpKind> {
        self.registry.ops.get(name.0 as usize).copied().flatten()
    }

    /// The definition of an op kind.
    pub fn op_def_of_kind(&self, kind: OpKind) -> &'static OpDef {
        self.registry.op_defs[kind.index()]
    }

    /// How many ops are registered (op kinds are `0..num_op_kinds()`).
    pub fn num_op_kinds(&self) -> usize {
        self.registry.op_defs.len()
    }

    /// Every registered op with its kind, in registration order.
    pub fn registered_ops(&self) -> impl Iterator<Item = (OpKind, &'static OpDef)> + '_ {
        self.registry
            .op_defs
            .iter()
            .enumerate()
            .map(|(i, &d)| (OpKind(u32::try_from(i).unwrap_or(u32::MAX)), d))
    }

    /// Whether ops and types of unregistered dialects are accepted.
    pub fn allows_unregistered(&self) -> bool {
        self.registry.allow_unregistered
    }

    /// Accept (or reject) ops of unregistered dialects, as `--allow-unregistered-dialect`.
    pub fn set_allow_unregistered(&mut self, allow: bool) {
        self.registry.allow_unregistered = allow;
    }

    /// Registers the verifier of the external trait `key` ([`crate::OpTrait::External`]): it
    /// runs on every op whose definition lists the trait, after the op's own verifier.
    /// A second registration under the same key replaces the first.
    pub fn register_trait_verifier(&mut self, key: &'static str, hook: Arc<dyn TraitVerifier>) {
        self.registry.trait_verifiers.retain(|(k, _)| *k != key);
        self.registry.trait_verifiers.push((key, hook));
    }

    /// The registered trait verifiers, by key.
    pub fn trait_verifiers(&self) -> &[(&'static str, Arc<dyn TraitVerifier>)] {
        &self.registry.trait_verifiers
    }
}
