//! The declarative checks of an op against its definition: region, successor, operand
//! and result counts, type constraints, inherent attributes and the core traits that
//! constrain types. Messages follow the op's [`DiagStyle`].

use super::{Arity, AttrDef, DiagStyle, GroupDef, GroupKind, arity, describe};
use crate::diag::Diagnostic;
use crate::module::{Module, OpId};
use crate::registry::{OpDef, OpTrait};
use crate::verify::{missing_attribute, op_error};
use crate::{Context, Symbol, Type, TypeKind};

type Check = Result<(), Diagnostic>;

/// What the declarative checks of one op kind need, worked out once when its dialect
/// is registered: the verifier runs them on every op.
#[derive(Debug)]
pub(crate) struct Plan {
    operands: Option<Arity>,
    results: Option<Arity>,
    /// Whether the op may have successors.
    terminator: bool,
    /// The interned names of the inherent attributes, in definition order.
    attr_names: Vec<Symbol>,
    /// `SameElementType`: the first operand that takes part, and the results.
    same_element: Option<(usize, bool)>,
    /// The core traits the generic verifier asks about on every op, as bits
    /// (`OpDef::has_trait` compares trait by trait).
    traits: u16,
}

/// The bit of every external trait in [`Plan`]'s trait set.
const EXTERNAL: u16 = 1 << 9;

/// The bit of `t` in [`Plan`]'s trait set (`None` for traits it does not keep).
fn trait_bit(t: OpTrait) -> Option<u16> {
    Some(match t {
        OpTrait::IsolatedFromAbove => 1,
        OpTrait::Terminator => 1 << 1,
        OpTrait::NoTerminator => 1 << 2,
        OpTrait::SingleBlock => 1 << 3,
        OpTrait::SymbolTable => 1 << 4,
        OpTrait::HasOnlyGraphRegion => 1 << 5,
        OpTrait::ZeroResults => 1 << 6,
        OpTrait::ZeroSuccessors => 1 << 7,
        OpTrait::Pure => 1 << 8,
        OpTrait::External(_) => EXTERNAL,
        OpTrait::SameElementType { .. } => return None,
    })
}

impl Plan {
    pub(crate) fn new(ctx: &mut Context, def: &OpDef) -> Plan {
        let same_element = def.traits.iter().find_map(|t| match *t {
            OpTrait::SameElementType {
                from_operand,
                results,
            } => Some((usize::from(from_operand), results)),
            _ => None,
        });
        Plan {
            operands: def.operands.map(arity),
            results: def.results.map(arity),
            // Only terminators may branch, and not those declared without successors.
            terminator: def.has_trait(OpTrait::Terminator)
                && !def.has_trait(OpTrait::ZeroSuccessors),
            attr_names: def.attributes.iter().map(|a| ctx.sym(a.name)).collect(),
            same_element,
            traits: def
                .traits
                .iter()
                .filter_map(|&t| trait_bit(t))
                .fold(0, |acc, b| acc | b),
        }
    }

    /// Whether the op has `t` (any external trait, for [`OpTrait::External`]), as
    /// [`OpDef::has_trait`] answers but in O(1); `SameElementType` is not kept.
    #[inline]
    pub(crate) fn has_trait(&self, t: OpTrait) -> bool {
        trait_bit(t).is_some_and(|b| self.traits & b != 0)
    }

    /// The interned name of inherent attribute `index`.
    #[inline]
    pub(crate) fn attr_name(&self, index: usize) -> Option<Symbol> {
        self.attr_names.get(index).copied()
    }

    /// Whether the op lists any external trait.
    #[inline]
    pub(crate) fn has_external_trait(&self) -> bool {
        self.traits & EXTERNAL != 0
    }
}

/// Runs every declarative check of `def` on `op`, in upstream's order for
/// [`DiagStyle::Ods`] (regions, results, successors, operands, types, attributes) and
/// in tensor-opt's for [`DiagStyle::Descriptive`] (structure first, then types).
pub(crate) fn verify_declared(
    ctx: &Context,
    module: &Module,
    op: OpId,
    def: &OpDef,
    plan: &Plan,
) -> Check {
    let fail = |msg: String| Err(op_error(ctx, module, op, msg));
    let o = module.op(op);
    if let Some(n) = def.regions
        && o.regions().len() != n as usize
    {
        return fail(match n {
            0 => "requires zero regions".to_owned(),
            1 => "requires one region".to_owned(),
            n => format!("expected {n} regions"),
        });
    }
    let operands = module.operands(op);
    let num_results = o.num_results();
    let counts = match def.style {
        DiagStyle::Ods => result_count(def, plan, num_results)
            .or_else(|| successors(def, plan, o.successors().len()))
            .or_else(|| operand_count(def, plan, operands.len())),
        DiagStyle::Descriptive => successors(def, plan, o.successors().len())
            .or_else(|| operand_count(def, plan, operands.len()))
            .or_else(|| result_count(def, plan, num_results)),
    };
    if let Some(msg) = counts {
        return fail(msg);
    }
    if let (Some(groups), Some(arity)) = (def.operands, plan.operands) {
        let ty = |k: usize| module.value_type(operands[k]);
        value_types(ctx, def, "operand", groups, arity, operands.len(), ty).or_else(fail)?;
    }
    if let (Some(groups), Some(arity)) = (def.results, plan.results) {
        let ty = |k: usize| module.value_type(module.result(op, k));
        value_types(ctx, def, "result", groups, arity, num_results, ty).or_else(fail)?;
    }
    for (a, &name) in def.attributes.iter().zip(&plan.attr_names) {
        attribute(ctx, module, op, a, name)?;
    }
    if let Some((from_operand, results)) = plan.same_element {
        same_element_type(ctx, module, op, def, from_operand, results)?;
    }
    Ok(())
}

fn successors(def: &OpDef, plan: &Plan, n: usize) -> Option<String> {
    if n == 0 || plan.terminator {
        return None;
    }
    Some(match def.style {
        DiagStyle::Descriptive => "requires zero successors".to_owned(),
        DiagStyle::Ods => format!("requires 0 successors but found {n}"),
    })
}

fn operand_count(def: &OpDef, plan: &Plan, n: usize) -> Option<String> {
    let want = plan.operands?;
    if want.accepts(n) {
        return None;
    }
    Some(match (def.style, want) {
        (DiagStyle::Ods, Arity::AtLeast(k)) => {
            format!("expected {k} or more operands, but found {n}")
        }
        (DiagStyle::Ods, Arity::Exactly(0)) => "requires zero operands".to_owned(),
        (DiagStyle::Ods, Arity::Exactly(1)) => "requires a single operand".to_owned(),
        _ => format!("expected {want} operands, but found {n}"),
    })
}

fn result_count(def: &OpDef, plan: &Plan, got: usize) -> Option<String> {
    let want = plan.results?;
    if want.accepts(got) {
        return None;
    }
    Some(match (def.style, want) {
        (DiagStyle::Ods, Arity::Exactly(0)) => "requires zero results".to_owned(),
        (DiagStyle::Ods, Arity::Exactly(1)) => "requires one result".to_owned(),
        (DiagStyle::Ods, Arity::AtLeast(k)) => {
            format!("expected {k} or more results, but found {got}")
        }
        (_, Arity::Exactly(1)) => format!("expected 1 result, but found {got}"),
        _ => format!("expected {want} results, but found {got}"),
    })
}

/// The type constraint of each of the `len` values `value(i)`, laid out by `groups`.
/// (Nothing is checked when the count does not fit: the count check reports that.)
#[inline]
fn value_types(
    ctx: &Context,
    def: &OpDef,
    what: &str,
    groups: &[GroupDef],
    arity: Arity,
    len: usize,
    value: impl Fn(usize) -> Type,
) -> Result<(), String> {
    let singles = match arity {
        Arity::Exactly(k) | Arity::Between(k, _) | Arity::AtLeast(k) => k,
    };
    let Some(flexible) = len.checked_sub(singles) else {
        return Ok(());
    };
    let mut i = 0;
    for g in groups {
        let n = if g.kind == GroupKind::Single {
            1
        } else {
            flexible
        };
        for k in i..(i + n).min(len) {
            let ty = value(k);
            let subject = super::Subject {
                ctx,
                what,
                index: k,
                ty,
            };
            if let Some(detail) = (g.constraint.check)(ctx, ty, &subject) {
                return Err(match def.style {
                    DiagStyle::Descriptive => detail,
                    DiagStyle::Ods => {
                        let variadic = if g.kind == GroupKind::Single {
                            ""
                        } else {
                            "variadic of "
                        };
                        format!(
                            "{what} #{k} must be {variadic}{}, but got '{}'",
                            g.constraint.summary,
                            ctx.ty(ty)
                        )
                    }
                });
            }
        }
        i += n;
    }
    Ok(())
}

fn attribute(ctx: &Context, module: &Module, op: OpId, a: &AttrDef, name: Symbol) -> Check {
    let value = module.get_attr(op, name);
    let msg = match value {
        None if a.optional => return Ok(()),
        None => {
            let msg = format!("requires {}attribute '{}'", a.constraint.missing, a.name);
            return Err(missing_attribute(ctx, module, op, a.name, msg));
        }
        Some(v) => match (a.constraint.check)(ctx, v, a.name) {
            None => return Ok(()),
            Some(m) => m,
        },
    };
    Err(op_error(ctx, module, op, msg))
}

/// The element type of a shaped type, or the type itself.
fn element_or_self(ctx: &Context, t: Type) -> Type {
    match ctx.type_kind(t) {
        TypeKind::Tensor { elem, .. }
        | TypeKind::UnrankedTensor { elem }
        | TypeKind::Vector { elem, .. } => *elem,
        _ => t,
    }
}

fn same_element_type(
    ctx: &Context,
    module: &Module,
    op: OpId,
    def: &OpDef,
    from_operand: usize,
    results: bool,
) -> Check {
    let operands = module
        .operands(op)
        .iter()
        .enumerate()
        .skip(from_operand)
        .map(|(i, &v)| ("operand", i, module.value_type(v)));
    let results = module
        .results(op)
        .enumerate()
        .filter(|_| results)
        .map(|(i, v)| ("result", i, module.value_type(v)));
    // The first value, described only if another differs (this runs on every op).
    let mut first: Option<(&str, usize, Type, Type)> = None;
    for (what, i, t) in operands.chain(results) {
        let elem = element_or_self(ctx, t);
        match first {
            None => first = Some((what, i, t, elem)),
            Some((w0, i0, t0, e)) if e != elem => {
                let msg = match def.style {
                    DiagStyle::Ods => {
                        "requires the same element type for all operands and results".to_owned()
                    }
                    DiagStyle::Descriptive => {
                        let short = def.name.split_once('.').map_or(def.name, |(_, n)| n);
                        format!(
                            "{} has element type '{}' but {} has '{}': '{short}' needs one element type",
                            describe(ctx, what, i, t),
                            ctx.ty(elem),
                            describe(ctx, w0, i0, t0),
                            ctx.ty(e),
                        )
                    }
                };
                return Err(op_error(ctx, module, op, msg));
            }
            Some(_) => {}
        }
    }
    Ok(())
}
