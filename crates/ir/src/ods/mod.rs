//! Declarative op definitions, as upstream's ODS (`mlir/IR/OpBase.td`): an op is
//! defined once, by [`op!`](crate::op), and everything else comes from that definition:
//!
//! - its [`OpDef`](crate::OpDef): operand and result groups with type constraints,
//!   inherent attributes with their kinds, regions, traits; [`check`] verifies all of
//!   them centrally, so an op's own verifier only states what is specific to it;
//! - a typed handle with accessors (no attribute-name strings at use sites) and a
//!   builder (with result-type inference where the op has it);
//! - its custom syntax from a declarative format string ([`format`]);
//! - its entry in the dialect's documentation ([`docs`]).
//!
//! The pieces are data: constraints are statics with a summary (for documentation and
//! upstream-style messages) and a check that words a descriptive message.

pub mod attr_types;
pub(crate) mod check;
pub mod constraints;
pub mod docs;
pub mod format;
mod macros;

use crate::module::{Module, OpId, Value};
use crate::parse::{PResult, Parser};
use crate::print::OpPrinter;
use crate::{Attribute, Context, Type};
use std::ops::Range;

/// How many values an operand or result group holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupKind {
    /// Exactly one.
    Single,
    /// Zero or one.
    Optional,
    /// Any number.
    Variadic,
}

/// How an op words its diagnostics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum DiagStyle {
    /// tensor-opt's own: name the value and its type, say what is wrong
    /// (`operand #0 ('vector<4xf32>') must be a tensor`).
    #[default]
    Descriptive,
    /// Upstream ODS's generated verifiers, byte for byte (`operand #0 must be variadic
    /// of tensor of any type values, but got 'vector<4xf32>'`), for ops that mirror
    /// upstream ones.
    Ods,
}

/// A constraint on the type of an operand or result.
#[derive(Debug)]
pub struct TypeConstraint {
    /// What it accepts, as ODS summarizes it (`tensor of any type values`); shown in
    /// documentation and in [`DiagStyle::Ods`] messages.
    pub summary: &'static str,
    /// Why `ty` violates the constraint, as a message about `subject`, which displays
    /// as `operand #0 ('tensor<4xi8>')`; `None` if it satisfies it.
    pub check: fn(ctx: &Context, ty: Type, subject: &Subject<'_>) -> Option<String>,
}

/// An operand or result group of an op.
#[derive(Debug)]
pub struct GroupDef {
    /// The name, used by accessors and documentation.
    pub name: &'static str,
    /// How many values it holds.
    pub kind: GroupKind,
    /// The type constraint of each value.
    pub constraint: &'static TypeConstraint,
}

/// A constraint on an inherent attribute's value.
#[derive(Debug)]
pub struct AttrConstraint {
    /// What it accepts (`i64 dense array attribute`).
    pub summary: &'static str,
    /// Why `attr` is not acceptable as attribute `name`, as a full message tail
    /// (`attribute 'shape' must be an i64 dense array ...`); `None` if it is.
    pub check: fn(ctx: &Context, attr: Attribute, name: &str) -> Option<String>,
    /// The message when a required attribute is missing (`requires attribute 'x'` for
    /// `""`, `requires integer attribute 'x'` for `"integer "`): the word before
    /// `attribute`.
    pub missing: &'static str,
    /// Parses the attribute where a format names it (`$dims` reads `[1, 2]`).
    pub parse: fn(&mut Parser<'_>) -> PResult<Attribute>,
    /// Prints it where a format names it.
    pub print: fn(&mut OpPrinter<'_>, Attribute) -> std::fmt::Result,
    /// Whether it counts as present when it anchors an optional group (a unit flag
    /// set to `false` does not).
    pub is_set: fn(&Context, Attribute) -> bool,
}

/// An inherent attribute (a property) of an op.
#[derive(Debug)]
pub struct AttrDef {
    /// The name.
    pub name: &'static str,
    /// Whether it may be absent.
    pub optional: bool,
    /// What it must be.
    pub constraint: &'static AttrConstraint,
}

/// The positions of group `index` among `total` values laid out by `groups`, or
/// `None` if the count does not fit the groups (at most one group may be optional or
/// variadic; [`docs::validate`] checks definitions for that).
pub fn group_range(groups: &[GroupDef], total: usize, index: usize) -> Option<Range<usize>> {
    let singles = groups
        .iter()
        .filter(|g| g.kind == GroupKind::Single)
        .count();
    let flexible = total.checked_sub(singles)?;
    let mut start = 0;
    for (i, g) in groups.iter().enumerate() {
        let len = match g.kind {
            GroupKind::Single => 1,
            GroupKind::Optional if flexible > 1 => return None,
            GroupKind::Optional | GroupKind::Variadic => flexible,
        };
        if i == index {
            return Some(start..start + len);
        }
        start += len;
    }
    None
}

/// The values of group `index` of a value list laid out by `groups` (empty if the list
/// does not fit: an unverified op).
pub fn group<'a>(groups: &[GroupDef], values: &'a [Value], index: usize) -> &'a [Value] {
    group_range(groups, values.len(), index)
        .and_then(|r| values.get(r))
        .unwrap_or(&[])
}

/// Operand group `index` of `op` laid out by `groups`.
pub fn operand_group<'m>(
    module: &'m Module,
    op: OpId,
    groups: &[GroupDef],
    index: usize,
) -> &'m [Value] {
    group(groups, module.operands(op), index)
}

/// Result group `index` of `op` laid out by `groups`.
pub fn result_group(module: &Module, op: OpId, groups: &[GroupDef], index: usize) -> Vec<Value> {
    group_range(groups, module.num_results(op), index)
        .map(|r| r.filter_map(|i| module.try_result(op, i)).collect())
        .unwrap_or_default()
}

/// The first result of group `index` of `op` laid out by `groups`, if any.
pub fn result_at(module: &Module, op: OpId, groups: &[GroupDef], index: usize) -> Option<Value> {
    group_range(groups, module.num_results(op), index)
        .filter(|r| !r.is_empty())
        .and_then(|r| module.try_result(op, r.start))
}

/// How many operands the groups allow, for messages: `2`, `1 or 2`, `at least 1`.
pub fn arity(groups: &[GroupDef]) -> Arity {
    let singles = groups
        .iter()
        .filter(|g| g.kind == GroupKind::Single)
        .count();
    if groups.iter().any(|g| g.kind == GroupKind::Variadic) {
        Arity::AtLeast(singles)
    } else {
        let optional = groups
            .iter()
            .filter(|g| g.kind == GroupKind::Optional)
            .count();
        if optional == 0 {
            Arity::Exactly(singles)
        } else {
            Arity::Between(singles, singles + optional)
        }
    }
}

/// A count that groups accept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arity {
    /// Exactly this many.
    Exactly(usize),
    /// Between these (inclusive).
    Between(usize, usize),
    /// At least this many.
    AtLeast(usize),
}

impl Arity {
    /// Whether `n` values fit.
    pub fn accepts(self, n: usize) -> bool {
        match self {
            Arity::Exactly(k) => n == k,
            Arity::Between(lo, hi) => (lo..=hi).contains(&n),
            Arity::AtLeast(k) => n >= k,
        }
    }
}

impl std::fmt::Display for Arity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Arity::Exactly(k) => write!(f, "{k}"),
            Arity::Between(lo, hi) if hi - lo == 1 => write!(f, "{lo} or {hi}"),
            Arity::Between(lo, hi) => write!(f, "{lo} to {hi}"),
            Arity::AtLeast(k) => write!(f, "at least {k}"),
        }
    }
}

/// The value a type constraint is checked on, as messages name it: displays as
/// `operand #i ('type')`. It is formatted only when a message is written, so a
/// passing check costs no allocation.
pub struct Subject<'a> {
    /// The context, to print the type.
    pub ctx: &'a Context,
    /// `operand` or `result`.
    pub what: &'a str,
    /// The value's position.
    pub index: usize,
    /// Its type.
    pub ty: Type,
}

impl std::fmt::Display for Subject<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} #{} ('{}')",
            self.what,
            self.index,
            self.ctx.ty(self.ty)
        )
    }
}

/// `operand #i ('type')` / `result #i ('type')`, how descriptive messages name a value.
pub fn describe(ctx: &Context, what: &str, i: usize, ty: Type) -> String {
    format!("{what} #{i} ('{}')", ctx.ty(ty))
}

/// Whether `op` is an instance of `def` whose operands, results and required
/// attributes fit the definition: what a typed handle's accessors rely on.
pub fn fits(ctx: &Context, module: &Module, op: OpId, def: &crate::OpDef) -> bool {
    let o = module.op(op);
    // The registered definition of the op's name, if it is `def`'s: its plan holds
    // the attribute names as symbols, so no name is compared as text below.
    let registered = ctx.op_kind(o.name()).filter(|&k| {
        let d = ctx.op_def_of_kind(k);
        std::ptr::eq(d, def) || same_text(d.name, def.name)
    });
    if registered.is_none() && ctx.str(o.name()) != def.name {
        return false;
    }
    // Whether `group_range` places every group, in one pass over the groups: enough
    // values for the single ones, and at most one for an optional one.
    let groups_fit = |groups: Option<&[GroupDef]>, n: usize| {
        groups.is_none_or(|gs| {
            let singles = gs.iter().filter(|g| g.kind == GroupKind::Single).count();
            let optional = gs.iter().any(|g| g.kind == GroupKind::Optional);
            n.checked_sub(singles)
                .is_some_and(|flexible| !optional || flexible <= 1)
        })
    };
    groups_fit(def.operands, module.operands(op).len())
        && groups_fit(def.results, module.num_results(op))
        && def
            .attributes
            .iter()
            .enumerate()
            .filter(|(_, a)| !a.optional)
            .all(|(i, a)| {
                let value = match registered {
                    Some(k) => attr_of_kind(ctx, module, op, k, i, a.name),
                    None => module.get_attr_named(ctx, op, a.name),
                };
                value.is_some_and(|v| (a.constraint.check)(ctx, v, a.name).is_none())
            })
}

/// Inherent attribute `index` (named `name`) of `op`'s definition, found by the
/// symbol the registration interned for it: comparing symbols, not text, as typed
/// accessors do on every call.
#[doc(hidden)]
pub fn attr_at(
    ctx: &Context,
    module: &Module,
    op: OpId,
    index: usize,
    name: &str,
) -> Option<Attribute> {
    match ctx.op_kind(module.op(op).name()) {
        Some(k) => attr_of_kind(ctx, module, op, k, index, name),
        None => module.get_attr_named(ctx, op, name),
    }
}

/// `a == b`, settled without comparing bytes when both are the same literal.
#[inline]
fn same_text(a: &str, b: &str) -> bool {
    a.len() == b.len() && (std::ptr::eq(a.as_ptr(), b.as_ptr()) || a == b)
}

/// [`attr_at`] for an op of kind `kind`; by text if that kind's definition has no
/// attribute `index` named `name` (a handle made for another definition).
fn attr_of_kind(
    ctx: &Context,
    module: &Module,
    op: OpId,
    kind: crate::OpKind,
    index: usize,
    name: &str,
) -> Option<Attribute> {
    let sym = ctx.plan_of_kind(kind).attr_name(index).filter(|_| {
        // One definition per op name: the registered one is the handle's, and
        // its attribute `index` is `name` (a length is compared, not the text,
        // to catch an index that does not fit at no cost).
        ctx.op_def_of_kind(kind)
            .attributes
            .get(index)
            .is_some_and(|a| a.name.len() == name.len())
    });
    match sym {
        Some(sym) => module.get_attr(op, sym),
        None => module.get_attr_named(ctx, op, name),
    }
}

/// Why a typed builder could not build its op.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// The op could not be inserted.
    #[error(transparent)]
    Edit(#[from] crate::module::EditError),
    /// The operands do not determine the result types.
    #[error("cannot infer the result types of '{0}' from its operands")]
    Infer(&'static str),
}

#[cfg(test)]
mod tests;
