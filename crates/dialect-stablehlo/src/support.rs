//! What the op families share: type constraints, the `SelectOpType`
//! directive of StableHLO's assembly formats, and helpers
//! for verifiers that report StableHLO's own messages.

use std::fmt;
use tensor_ir::module::OpId;
use tensor_ir::module::OperationState;
use tensor_ir::ods::TypeConstraint;
use tensor_ir::ods::format::{CustomDirective, FormatParse};
use tensor_ir::parse::{PResult, Parser, Tok, UnresolvedOperand};
use tensor_ir::print::OpPrinter;
use tensor_ir::{Context, Diagnostic, Module, Type, TypeKind};

/// A verifier's outcome.
pub(crate) type VResult = Result<(), Diagnostic>;

/// An error at the op with StableHLO's message as is: its shape functions report
/// without the `'stablehlo.x' op` prefix.
pub(crate) fn plain(module: &Module, op: OpId, message: impl fmt::Display) -> VResult {
    Err(Diagnostic::error(
        module.op(op).location(),
        message.to_string(),
    ))
}

/// An error at the op, prefixed `'stablehlo.x' op`.
pub(crate) fn prefixed(
    ctx: &Context,
    module: &Module,
    op: OpId,
    message: impl fmt::Display,
) -> VResult {
    Err(tensor_ir::verify::op_error(ctx, module, op, message))
}

/// The element type of a tensor type.
pub(crate) fn elem(ctx: &Context, t: Type) -> Option<Type> {
    match ctx.type_kind(t) {
        TypeKind::Tensor { elem, .. } | TypeKind::UnrankedTensor { elem } => Some(*elem),
        _ => None,
    }
}

/// The dims of a ranked tensor type (`tensor_ir::DYNAMIC` for `?`).
pub(crate) fn dims(ctx: &Context, t: Type) -> Option<&[i64]> {
    match ctx.type_kind(t) {
        TypeKind::Tensor { dims, .. } => Some(dims),
        _ => None,
    }
}

/// The type of operand `i`.
pub(crate) fn operand_ty(module: &Module, op: OpId, i: usize) -> Option<Type> {
    module.operand(op, i).map(|v| module.value_type(v))
}

/// The type of result `i`.
pub(crate) fn result_ty(module: &Module, op: OpId, i: usize) -> Option<Type> {
    module.try_result(op, i).map(|v| module.value_type(v))
}

/// Two sizes that may be equal at run time (`?` is compatible with any).
pub(crate) fn size_compatible(a: i64, b: i64) -> bool {
    a == b || a == tensor_ir::DYNAMIC || b == tensor_ir::DYNAMIC
}

/// Two shapes that may be equal at run time (unranked is compatible with any).
pub(crate) fn shapes_compatible(a: Option<&[i64]>, b: Option<&[i64]>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(&x, &y)| size_compatible(x, y))
        }
        _ => true,
    }
}

/// A tensor (ranked or not) of any element type.
pub(crate) const TENSOR: TypeConstraint = TypeConstraint {
    summary: "tensor of any type values",
    check: |ctx, t, s| {
        elem(ctx, t)
            .is_none()
            .then(|| format!("{s} must be a tensor"))
    },
};

/// `stablehlo.select`'s types: `: pred_type, result_type` when both choices have
/// the result's type, else the functional type.
pub(crate) const SELECT_TYPES: CustomDirective = CustomDirective {
    name: "SelectOpType",
    parse: parse_select_types,
    print: print_select_types,
};

fn parse_select_types(f: &mut FormatParse<'_, '_>) -> PResult<()> {
    let pos = f.p.pos();
    let first = f.p.parse_type()?;
    if let Some((inputs, results)) = f.p.ctx.function_signature(first) {
        let (inputs, results) = (inputs.to_vec(), results.to_vec());
        f.set_operand_types(inputs, pos);
        f.set_result_types(results);
        return Ok(());
    }
    f.p.expect(Tok::Comma, ",")?;
    let result = f.p.parse_type()?;
    f.set_operand_types(vec![first, result, result], pos);
    f.set_result_types(vec![result]);
    Ok(())
}

fn print_select_types(p: &mut OpPrinter<'_>, op: OpId) -> fmt::Result {
    let inputs = p.module.operand_types(op);
    let results = p.module.result_types(op);
    if let ([pred, a, b], [r]) = (&inputs[..], &results[..])
        && a == r
        && b == r
    {
        p.print_type(*pred)?;
        p.write(", ");
        return p.print_type(*r);
    }
    p.write("(");
    p.print_types(&inputs)?;
    p.write(") -> ");
    p.print_result_types(&results)
}

/// Any attribute: for properties whose values upstream constrains loosely
/// (`stablehlo.custom_call`'s `backend_config`, layouts).
pub struct AnyAttr;

impl tensor_ir::ods::attr_types::AttrType for AnyAttr {
    type Value<'c> = tensor_ir::Attribute;
    type Input<'i> = tensor_ir::Attribute;
    const CONSTRAINT: tensor_ir::ods::AttrConstraint = tensor_ir::ods::AttrConstraint {
        summary: "any attribute",
        check: |_, _, _| None,
        missing: "",
        parse: tensor_ir::ods::attr_types::parse_any,
        print: tensor_ir::ods::attr_types::print_any,
        is_set: tensor_ir::ods::attr_types::always_set,
    };
    fn get(_: &Context, a: tensor_ir::Attribute) -> Option<tensor_ir::Attribute> {
        Some(a)
    }
    fn make(_: &mut Context, a: tensor_ir::Attribute) -> tensor_ir::Attribute {
        a
    }
}

/// `: (A, B) -> R` after the operands `uses`: resolves them and sets the result
/// types; returns the operand types.
pub(crate) fn parse_functional_types<'a>(
    p: &mut Parser<'a>,
    state: &mut OperationState,
    uses: &[UnresolvedOperand<'a>],
) -> PResult<Vec<Type>> {
    p.expect(Tok::Colon, ":")?;
    let pos = p.pos();
    let t = p.parse_type()?;
    let Some((inputs, results)) = p.ctx.function_signature(t) else {
        return Err(p.error_at(pos, "expected a function type"));
    };
    let (inputs, results) = (inputs.to_vec(), results.to_vec());
    state.operands = p
        .resolve_operands(uses, &inputs, pos)?
        .into_iter()
        .collect();
    state.result_types.extend(results);
    Ok(inputs)
}

/// ` : (A, B) -> R`.
pub(crate) fn print_functional_types(p: &mut OpPrinter<'_>, op: OpId) -> fmt::Result {
    p.write(" : (");
    p.print_types(&p.module.operand_types(op))?;
    p.write(") -> ");
    p.print_result_types(&p.module.result_types(op))
}

/// Sizes as upstream's messages write them: `2, ?`.
pub(crate) fn show_dims(d: &[i64]) -> String {
    let items: Vec<String> = d
        .iter()
        .map(|&s| {
            if s == tensor_ir::DYNAMIC {
                "?".into()
            } else {
                s.to_string()
            }
        })
        .collect();
    items.join(", ")
}
