//! Op definitions: what an op is called, its operands, results, inherent attributes,
//! regions and traits, its syntax and its verifier. Definitions are usually written
//! with [`op!`](crate::op), which derives the rest (typed accessors, builders, docs).

use crate::attrs::NamedAttr;
use crate::diag::Diagnostic;
use crate::module::{OpId, OperationState};
use crate::ods::format::CustomDirective;
use crate::ods::{AttrDef, DiagStyle, GroupDef};
use crate::parse::{PResult, Parser};
use crate::print::OpPrinter;
use crate::symbol_table::SymbolTableCollection;
use crate::{Context, Module, Type};
use std::any::Any;
use std::fmt;

/// Parses an op's custom form after its name, filling `state`.
pub type ParseFn = fn(&mut Parser<'_>, &mut OperationState) -> PResult<()>;
/// Prints an op's custom form after its name and results.
pub type PrintFn = fn(&mut OpPrinter<'_>, OpId) -> fmt::Result;
/// Checks an op's own invariants (its declared groups, attributes and traits are
/// checked centrally first).
pub type VerifyFn = fn(&Context, &Module, OpId) -> Result<(), Diagnostic>;
/// Infers result types from operand types and properties; `None` when they do not
/// determine them.
pub type InferFn = fn(&mut Context, &[Type], &[NamedAttr]) -> Option<Vec<Type>>;

/// A trait defined outside the core (such as Broadcastable), verified by the hook
/// registered under its key ([`Context::register_trait_verifier`]). `param` is the
/// trait's parameter (a policy, say), read back with [`OpDef::external_trait`].
#[derive(Clone, Copy)]
pub struct ExternalTrait {
    /// The trait's identity: the hook's key.
    pub key: &'static str,
    /// Its parameter for this op.
    pub param: &'static (dyn Any + Send + Sync),
    /// How documentation names it with its parameter (`Broadcastable (NumPy)`).
    pub doc: &'static str,
}

impl fmt::Debug for ExternalTrait {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.key)
    }
}

/// Checks the symbols an op references (upstream's `SymbolUserOpInterface::
/// verifySymbolUses`), through symbol tables the verifier builds once per run.
pub type VerifySymbolUsesFn =
    fn(&Context, &Module, OpId, &SymbolTableCollection) -> Result<(), Diagnostic>;

/// Declarative op properties, checked by the generic verifier.
#[derive(Clone, Copy, Debug)]
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
    /// Has no successors, even though it is a [`OpTrait::Terminator`] (other ops
    /// never have any): upstream's `ZeroSuccessors`, as `func.return` has it.
    ZeroSuccessors,
    /// Has no side effects: removable when its results are unused, and two such ops
    /// with equal operands and attributes compute the same values (CSE).
    Pure,
    /// Operands from `from_operand` on (and the results, with `results`) share one
    /// element type.
    SameElementType {
        /// The first operand that takes part.
        from_operand: u8,
        /// Whether the results take part.
        results: bool,
    },
    /// A trait of another crate, verified by its registered hook.
    External(ExternalTrait),
}

impl PartialEq for OpTrait {
    /// External traits are equal when their keys are: "has trait Broadcastable"
    /// whatever its parameter.
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (OpTrait::External(a), OpTrait::External(b)) => a.key == b.key,
            (
                OpTrait::SameElementType {
                    from_operand: a,
                    results: x,
                },
                OpTrait::SameElementType {
                    from_operand: b,
                    results: y,
                },
            ) => a == b && x == y,
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }
}

/// How an op is written besides the generic form.
#[derive(Clone, Copy, Debug)]
pub enum Syntax {
    /// Only the generic form.
    Generic,
    /// A declarative format ([`crate::ods::format`]) and the custom directives it uses.
    Format(&'static str, &'static [CustomDirective]),
    /// Hand-written parser and printer.
    Custom(ParseFn, PrintFn),
}

/// A registered operation.
#[derive(Debug)]
pub struct OpDef {
    /// The full name, `dialect.op`.
    pub name: &'static str,
    /// One line: what the op does.
    pub summary: &'static str,
    /// Markdown: semantics and rules, for the dialect's documentation.
    pub description: &'static str,
    /// Traits.
    pub traits: &'static [OpTrait],
    /// Operand groups; `None` leaves operands unchecked (custom ops).
    pub operands: Option<&'static [GroupDef]>,
    /// Result groups; `None` leaves results unchecked.
    pub results: Option<&'static [GroupDef]>,
    /// Inherent attributes: stored as properties and printed in `<{...}>` in generic form.
    pub attributes: &'static [AttrDef],
    /// The number of regions, checked centrally; `None` leaves them unchecked.
    pub regions: Option<u32>,
    /// The custom syntax.
    pub syntax: Syntax,
    /// Op-specific verifier, run after the declarative checks.
    pub verify: Option<VerifyFn>,
    /// Result-type inference, for builders and formats that do not spell result types.
    pub infer: Option<InferFn>,
    /// How its diagnostics are worded.
    pub style: DiagStyle,
    /// Symbol-use verifier, run after the op's other checks pass.
    pub verify_symbol_uses: Option<VerifySymbolUsesFn>,
}

impl OpDef {
    /// A definition with only a name; fill the rest with struct update syntax.
    pub const fn named(name: &'static str) -> Self {
        OpDef {
            name,
            summary: "",
            description: "",
            traits: &[],
            operands: None,
            results: None,
            attributes: &[],
            regions: None,
            syntax: Syntax::Generic,
            verify: None,
            infer: None,
            style: DiagStyle::Descriptive,
            verify_symbol_uses: None,
        }
    }

    /// True if the op has `t`.
    #[inline]
    pub fn has_trait(&self, t: OpTrait) -> bool {
        self.traits.contains(&t)
    }

    /// The parameter of the external trait `key`, if the op has it.
    pub fn external_trait(&self, key: &str) -> Option<&'static (dyn Any + Send + Sync)> {
        self.traits.iter().find_map(|t| match t {
            OpTrait::External(e) if e.key == key => Some(e.param),
            _ => None,
        })
    }

    /// True if `name` is one of its inherent attributes.
    pub fn is_inherent(&self, name: &str) -> bool {
        self.attributes.iter().any(|a| a.name == name)
    }

    /// The dialect namespace (`nd` of `nd.add`).
    pub fn dialect(&self) -> &'static str {
        self.name.split_once('.').map_or(self.name, |(d, _)| d)
    }
}

/// A dialect: a namespace of ops.
#[derive(Debug)]
pub struct Dialect {
    /// The namespace, e.g. `func`.
    pub name: &'static str,
    /// Markdown introduction for the dialect's documentation.
    pub description: &'static str,
    /// Its ops.
    pub ops: &'static [OpDef],
}

impl fmt::Display for OpTrait {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpTrait::External(e) => f.write_str(e.key),
            OpTrait::SameElementType { .. } => f.write_str("SameElementType"),
            _ => fmt::Debug::fmt(self, f),
        }
    }
}
