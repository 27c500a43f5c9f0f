//! Op definitions: what an op is called, which traits it has, and its custom syntax and verifier.

use crate::diag::Diagnostic;
use crate::module::{OpId, OperationState};
use crate::parse::{PResult, Parser};
use crate::print::OpPrinter;
use crate::{Context, Module};
use std::fmt;

/// Parses an op's custom form after its name, filling `state`.
pub type ParseFn = fn(&mut Parser<'_>, &mut OperationState) -> PResult<()>;
/// Prints an op's custom form after its name and results.
pub type PrintFn = fn(&mut OpPrinter<'_>, OpId) -> fmt::Result;
/// Checks an op's own invariants (its traits are checked generically).
pub type VerifyFn = fn(&Context, &Module, OpId) -> Result<(), Diagnostic>;

/// Declarative op properties, checked by the generic verifier.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OpTrait {
    /// Regions cannot see values defined outside the op.
    IsolatedFromAbove,
    /// Must be the last op of its block.
    Terminator,
    /// Its regions' blocks need no terminator.
    NoTerminator,
    /// Each region has at most one block.
    SingleBlock,
    /// Its region holds a symbol table.
    SymbolTable,
    /// Its regions are graph regions: ops of a block may use values defined later in
    /// it (upstream's `RegionKindInterface` answering `Graph`, as `builtin.module`).
    HasOnlyGraphRegion,
    /// Has no results.
    ZeroResults,
    /// Has no side effects: removable when its results are unused, and two such ops
    /// with equal operands and attributes compute the same values (CSE).
    Pure,
    /// Result shape follows from operand shapes by broadcasting, under the
    /// given policy ([`OpTrait::BROADCASTABLE`] for the default, NumPy).
    /// Verified generically: see [`crate::traits::broadcastable`].
    Broadcastable(crate::traits::broadcastable::BroadcastPolicy),
}

/// A registered operation.
#[derive(Debug)]
pub struct OpDef {
    /// The full name, `dialect.op`.
    pub name: &'static str,
    /// Traits.
    pub traits: &'static [OpTrait],
    /// Inherent attribute names: stored as properties and printed in `<{...}>` in generic form.
    pub inherent_attrs: &'static [&'static str],
    /// Custom-form parser.
    pub parse: Option<ParseFn>,
    /// Custom-form printer.
    pub print: Option<PrintFn>,
    /// Op-specific verifier.
    pub verify: Option<VerifyFn>,
}

impl OpDef {
    /// A definition with only a name; fill the rest with struct update syntax.
    pub const fn named(name: &'static str) -> Self {
        OpDef {
            name,
            traits: &[],
            inherent_attrs: &[],
            parse: None,
            print: None,
            verify: None,
        }
    }

    /// True if the op has `t`.
    #[inline]
    pub fn has_trait(&self, t: OpTrait) -> bool {
        self.traits.contains(&t)
    }

    /// The policy of the op's Broadcastable trait, if it has one.
    pub fn broadcast_policy(&self) -> Option<crate::traits::broadcastable::BroadcastPolicy> {
        self.traits.iter().find_map(|t| match t {
            OpTrait::Broadcastable(policy) => Some(*policy),
            _ => None,
        })
    }
}

/// A dialect: a namespace of ops.
#[derive(Debug)]
pub struct Dialect {
    /// The namespace, e.g. `func`.
    pub name: &'static str,
    /// Its ops.
    pub ops: &'static [OpDef],
}

impl fmt::Display for OpTrait {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}
