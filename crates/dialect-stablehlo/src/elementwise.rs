//! Elementwise ops: binary arithmetic and logic (`stablehlo.add` ...
//! `stablehlo.xor`), unary math (`stablehlo.not` ... `stablehlo.round_nearest_even`),
//! `clamp`, `compare`, `select` and `convert`.
//!
//! StableHLO broadcasts nothing implicitly: operands and results have one shape
//! (`?` matching any size), which each op's verifier checks with upstream's
//! messages.

use crate::attrs::{ComparisonDirectionAttr, ComparisonTypeAttr};
use crate::support::{
    SELECT_TYPES, TENSOR, VResult, dims, elem, operand_ty, plain, prefixed, result_ty,
    shapes_compatible, show_dims,
};
use tensor_ir::ods::format::SAME_OPERANDS_AND_RESULT_TYPE;
use tensor_ir::ods::{DiagStyle, TypeConstraint};
use tensor_ir::registry::{OpTrait, Syntax};
use tensor_ir::{Context, Module, OpId, TypeKind};

/// Whether `t` is a ranked tensor whose elements `accepts` (upstream's element
/// classes, without the quantized types tensor-opt does not have).
fn ranked_of(ctx: &Context, t: tensor_ir::Type, accepts: fn(&TypeKind) -> bool) -> bool {
    dims(ctx, t).is_some() && elem(ctx, t).is_some_and(|e| accepts(ctx.type_kind(e)))
}

/// Upstream's `HLO_FpComplexOrQuantizedIntTensor`.
const FP_COMPLEX_TENSOR: TypeConstraint = TypeConstraint {
    summary: "ranked tensor of 4/6/8/16/32/64-bit float or complex type with 32/64-bit float elements or per-tensor integer quantized values",
    check: |ctx, t, s| {
        (!ranked_of(ctx, t, |k| {
            matches!(k, TypeKind::Float(_) | TypeKind::Complex { .. })
        }))
        .then(|| format!("{s} must be a ranked tensor of float or complex elements"))
    },
};

/// Upstream's `HLO_FpOrQuantizedIntTensor`.
const FP_TENSOR: TypeConstraint = TypeConstraint {
    summary: "ranked tensor of 4/6/8/16/32/64-bit float or per-tensor integer quantized values",
    check: |ctx, t, s| {
        (!ranked_of(ctx, t, |k| matches!(k, TypeKind::Float(_))))
            .then(|| format!("{s} must be a ranked tensor of float elements"))
    },
};

/// `%r = stablehlo.add %a, %b : T` (or `: (A, B) -> R`).
const ELEMENTWISE: Syntax = Syntax::Format(
    "operands attr-dict `:` custom<SameOperandsAndResultType>",
    &[SAME_OPERANDS_AND_RESULT_TYPE],
);

/// Upstream's `SameOperandsAndResultShape` error.
fn not_same_shape(ctx: &Context, module: &Module, op: OpId) -> VResult {
    prefixed(
        ctx,
        module,
        op,
        "requires the same shape for all operands and results",
    )
}

/// Operands and results have one element type and compatible shapes
/// (upstream's `SameOperandsAndResultElementType` and `SameOperandsAndResultShape`).
fn verify_same(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let mut types = module.operand_types(op);
    types.extend(module.result_types(op));
    let Some(&first) = types.first() else {
        return Ok(());
    };
    let e = elem(ctx, first);
    if types.iter().any(|&t| elem(ctx, t) != e) {
        return plain(
            module,
            op,
            "op requires the same element type for all operands and results",
        );
    }
    let d = dims(ctx, first);
    if types.iter().any(|&t| !shapes_compatible(d, dims(ctx, t))) {
        return not_same_shape(ctx, module, op);
    }
    Ok(())
}

/// Defines elementwise ops of `$arity` operands (`binary` or `unary`).
macro_rules! elementwise {
    ($($ty:ident $name:literal $what:literal $arity:ident $(($c:path))?;)*) => {
        $(
            elementwise!(@op $ty $name $what $arity $(($c))?);
        )*
    };
    (@op $ty:ident $name:literal $what:literal binary) => {
        tensor_ir::op! {
            #[doc = concat!("`", $name, "`: ", $what, ", of two operands of one type.")]
            pub struct $ty = $name {
                summary: $what,
                traits: [OpTrait::Pure],
                operands: { lhs: TENSOR, rhs: TENSOR },
                results: { result: TENSOR },
                syntax: ELEMENTWISE,
                verify: verify_same,
                style: DiagStyle::Ods,
            }
        }
    };
    (@op $ty:ident $name:literal $what:literal unary) => {
        elementwise!(@op $ty $name $what unary(TENSOR));
    };
    (@op $ty:ident $name:literal $what:literal unary($c:path)) => {
        tensor_ir::op! {
            #[doc = concat!("`", $name, "`: ", $what, "; the result has the operand's type.")]
            pub struct $ty = $name {
                summary: $what,
                traits: [OpTrait::Pure],
                operands: { operand: $c },
                results: { result: $c },
                syntax: ELEMENTWISE,
                verify: verify_same,
                style: DiagStyle::Ods,
            }
        }
    };
}

elementwise! {
    AddOp "stablehlo.add" "elementwise sum" binary;
    SubtractOp "stablehlo.subtract" "elementwise difference" binary;
    MultiplyOp "stablehlo.multiply" "elementwise product" binary;
    DivideOp "stablehlo.divide" "elementwise quotient" binary;
    RemainderOp "stablehlo.remainder" "elementwise remainder" binary;
    PowerOp "stablehlo.power" "elementwise power" binary;
    MaximumOp "stablehlo.maximum" "elementwise maximum" binary;
    MinimumOp "stablehlo.minimum" "elementwise minimum" binary;
    AndOp "stablehlo.and" "elementwise and" binary;
    OrOp "stablehlo.or" "elementwise or" binary;
    XorOp "stablehlo.xor" "elementwise exclusive or" binary;
}

elementwise! {
    NotOp "stablehlo.not" "elementwise not" unary;
    NegateOp "stablehlo.negate" "elementwise negation" unary;
    AbsOp "stablehlo.abs" "elementwise absolute value" unary;
    SignOp "stablehlo.sign" "elementwise sign" unary;
    ExpOp "stablehlo.exponential" "elementwise exponential" unary(FP_COMPLEX_TENSOR);
    Expm1Op "stablehlo.exponential_minus_one" "elementwise exp(x) - 1" unary(FP_COMPLEX_TENSOR);
    LogOp "stablehlo.log" "elementwise natural logarithm" unary(FP_COMPLEX_TENSOR);
    Log1pOp "stablehlo.log_plus_one" "elementwise log(1 + x)" unary(FP_COMPLEX_TENSOR);
    LogisticOp "stablehlo.logistic" "elementwise logistic sigmoid" unary(FP_COMPLEX_TENSOR);
    SqrtOp "stablehlo.sqrt" "elementwise square root" unary(FP_COMPLEX_TENSOR);
    RsqrtOp "stablehlo.rsqrt" "elementwise reciprocal square root" unary(FP_COMPLEX_TENSOR);
    TanhOp "stablehlo.tanh" "elementwise hyperbolic tangent" unary(FP_COMPLEX_TENSOR);
    SineOp "stablehlo.sine" "elementwise sine" unary(FP_COMPLEX_TENSOR);
    CosineOp "stablehlo.cosine" "elementwise cosine" unary(FP_COMPLEX_TENSOR);
    FloorOp "stablehlo.floor" "elementwise floor" unary(FP_TENSOR);
    CeilOp "stablehlo.ceil" "elementwise ceiling" unary(FP_TENSOR);
    RoundEvenOp "stablehlo.round_nearest_even" "elementwise round to nearest, ties to even" unary(FP_TENSOR);
}

/// `min` and `max` are scalars or have the operand's shape; all three and the
/// result have one element type.
fn verify_clamp(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let (Some(min), Some(x), Some(max), Some(r)) = (
        operand_ty(module, op, 0),
        operand_ty(module, op, 1),
        operand_ty(module, op, 2),
        result_ty(module, op, 0),
    ) else {
        return Ok(());
    };
    let e = elem(ctx, x);
    if [min, max, r].iter().any(|&t| elem(ctx, t) != e) {
        return plain(
            module,
            op,
            "op requires the same element type for all operands and results",
        );
    }
    for (name, t) in [("min", min), ("max", max)] {
        let d = dims(ctx, t);
        if d.is_some_and(|d| !d.is_empty()) && !shapes_compatible(d, dims(ctx, x)) {
            let shape = |t| dims(ctx, t).map(show_dims).unwrap_or_default();
            return plain(
                module,
                op,
                format!(
                    "{name} shape [{}] is not scalar and is not compatible to operand shape [{}]",
                    shape(t),
                    shape(x)
                ),
            );
        }
    }
    if !shapes_compatible(dims(ctx, x), dims(ctx, r)) {
        return not_same_shape(ctx, module, op);
    }
    Ok(())
}

tensor_ir::op! {
    /// `min(max(operand, min), max)` elementwise; `min` and `max` come first and
    /// last, and may be scalars.
    ///
    /// ```mlir
    /// %r = stablehlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    /// ```
    pub struct ClampOp = "stablehlo.clamp" {
        summary: "elementwise clamp",
        traits: [OpTrait::Pure],
        operands: { min: TENSOR, operand: TENSOR, max: TENSOR },
        results: { result: TENSOR },
        syntax: ELEMENTWISE,
        verify: verify_clamp,
    }
}

/// The operands have one element type and shape; the result has their shape and
/// `i1` elements.
fn verify_compare(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let (Some(a), Some(b), Some(r)) = (
        operand_ty(module, op, 0),
        operand_ty(module, op, 1),
        result_ty(module, op, 0),
    ) else {
        return Ok(());
    };
    if elem(ctx, a) != elem(ctx, b) {
        return prefixed(
            ctx,
            module,
            op,
            "requires compatible element types for all operands",
        );
    }
    if !shapes_compatible(dims(ctx, a), dims(ctx, b))
        || !shapes_compatible(dims(ctx, a), dims(ctx, r))
    {
        return not_same_shape(ctx, module, op);
    }
    let i1 = elem(ctx, r).is_some_and(|e| {
        matches!(
            ctx.type_kind(e),
            tensor_ir::TypeKind::Integer {
                width: 1,
                signedness: tensor_ir::Signedness::Signless
            }
        )
    });
    if !i1 {
        return prefixed(
            ctx,
            module,
            op,
            format!(
                "result #0 must be ranked tensor of bool values, but got '{}'",
                ctx.ty(r)
            ),
        );
    }
    Ok(())
}

tensor_ir::op! {
    /// Elementwise comparison in direction `comparison_direction`, with an
    /// optional `compare_type`.
    ///
    /// ```mlir
    /// %r = stablehlo.compare GT, %a, %b, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    /// ```
    pub struct CompareOp = "stablehlo.compare" {
        summary: "elementwise comparison",
        traits: [OpTrait::Pure],
        operands: { lhs: TENSOR, rhs: TENSOR },
        results: { result: TENSOR },
        attributes: {
            compare_type?: ComparisonTypeAttr,
            comparison_direction: ComparisonDirectionAttr,
        },
        syntax: Syntax::Format(
            "$comparison_direction `,` $lhs `,` $rhs (`,` $compare_type^)? attr-dict `:` functional-type(operands, results)",
            &[],
        ),
        verify: verify_compare,
    }
}

/// `pred` is `i1`, a scalar or of the result's shape; both choices have the
/// result's type.
fn verify_select(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let (Some(p), Some(a), Some(b), Some(r)) = (
        operand_ty(module, op, 0),
        operand_ty(module, op, 1),
        operand_ty(module, op, 2),
        result_ty(module, op, 0),
    ) else {
        return Ok(());
    };
    if elem(ctx, a) != elem(ctx, b) || elem(ctx, a) != elem(ctx, r) {
        return plain(
            module,
            op,
            "requires compatible types for non-predicate operands",
        );
    }
    let pd = dims(ctx, p);
    if !shapes_compatible(dims(ctx, a), dims(ctx, b))
        || (pd.is_some_and(|d| !d.is_empty()) && !shapes_compatible(pd, dims(ctx, a)))
    {
        return plain(module, op, "requires the same shape for all operands");
    }
    Ok(())
}

tensor_ir::op! {
    /// `pred ? on_true : on_false` elementwise; `pred` may be a scalar.
    ///
    /// ```mlir
    /// %r = stablehlo.select %p, %a, %b : tensor<4xi1>, tensor<4xf32>
    /// ```
    pub struct SelectOp = "stablehlo.select" {
        summary: "elementwise choice",
        traits: [OpTrait::Pure],
        operands: { pred: TENSOR, on_true: TENSOR, on_false: TENSOR },
        results: { result: TENSOR },
        syntax: Syntax::Format(
            "operands attr-dict `:` custom<SelectOpType>",
            &[SELECT_TYPES],
        ),
        verify: verify_select,
    }
}

/// The result has the operand's shape.
fn verify_convert(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let (Some(a), Some(r)) = (operand_ty(module, op, 0), result_ty(module, op, 0)) else {
        return Ok(());
    };
    if !shapes_compatible(dims(ctx, a), dims(ctx, r)) {
        return not_same_shape(ctx, module, op);
    }
    Ok(())
}

tensor_ir::op! {
    /// Converts each element to the result's element type.
    ///
    /// ```mlir
    /// %r = stablehlo.convert %x : (tensor<4xf32>) -> tensor<4xi32>
    /// ```
    pub struct ConvertOp = "stablehlo.convert" {
        summary: "elementwise conversion",
        traits: [OpTrait::Pure],
        operands: { operand: TENSOR },
        results: { result: TENSOR },
        syntax: ELEMENTWISE,
        verify: verify_convert,
    }
}
