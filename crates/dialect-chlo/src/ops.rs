//! The ops, each defined once: the `broadcast_*` binary ops, `broadcast_compare`,
//! `broadcast_select` and `erf`, in the custom forms StableHLO's printer writes.
//!
//! Every `broadcast_*` op lists the Broadcastable trait with XLA's policy
//! ([`NUMPY_OR_XLA`]): NumPy's right-aligned rules without `broadcast_dimensions`,
//! XLA's explicit placement with it, the code `nd`'s binary ops use. Their own
//! verifiers ([`crate::verify`]) only give upstream's messages first.

use broadcastable::Policy;
use broadcastable_ir::{NUMPY, NUMPY_OR_XLA};
use tensor_ir::ods::DiagStyle;
use tensor_ir::ods::attr_types::DenseI64ArrayAttr;
use tensor_ir::registry::{OpTrait, Syntax};
use tensor_ir::{Context, NamedAttr, Type};

use crate::attrs::{ComparisonDirection, ComparisonType};
use crate::constraints::{FP_TENSOR, PRED_OR_INT_TENSOR, PRED_TENSOR, RANKED_PRED_TENSOR, TENSOR};
use crate::verify;

/// `%r = chlo.broadcast_add %a, %b {attrs} : (A, B) -> R`.
const BINARY: Syntax = Syntax::Format(
    "$lhs `,` $rhs attr-dict `:` functional-type(operands, results)",
    &[],
);

macro_rules! binary_doc {
    () => {
        "Elementwise, after broadcasting both operands to the result shape. Without \
`broadcast_dimensions`: NumPy rules (ranks aligned on the right, then each pair of \
sizes equal or one of them 1). With `broadcast_dimensions` (`array<i64: ...>`) and \
operands of different ranks: XLA's rules (seed 002): entry `i` is the dim of the \
higher-rank operand that dim `i` of the lower-rank operand maps to.\n\n\
```mlir\n\
%r = chlo.broadcast_add %a, %b : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>\n\
%r = chlo.broadcast_add %v, %m {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>\n\
```"
    };
}

/// Defines the binary ops: name, summary, operand constraint.
macro_rules! binary {
    ($($ty:ident $(($adaptor:ident))? $name:literal $what:literal $tensor:ident;)*) => {
        $(
            tensor_ir::op! {
                #[doc = binary_doc!()]
                pub struct $ty = $name {
                    summary: $what,
                    $(adaptor: $adaptor,)?
                    traits: [OpTrait::Pure, NUMPY_OR_XLA],
                    operands: { lhs: $tensor, rhs: $tensor },
                    results: { result: $tensor },
                    attributes: { broadcast_dimensions?: DenseI64ArrayAttr },
                    syntax: BINARY,
                    verify: verify::binary,
                    infer: broadcastable_ir::infer_numpy_or_xla,
                    style: DiagStyle::Ods,
                }
            }
        )*
    };
}

binary! {
    BroadcastAddOp(BinaryAdaptor) "chlo.broadcast_add" "addition with implicit broadcasting" TENSOR;
    BroadcastSubtractOp "chlo.broadcast_subtract" "subtraction with implicit broadcasting" TENSOR;
    BroadcastMultiplyOp "chlo.broadcast_multiply" "multiplication with implicit broadcasting" TENSOR;
    BroadcastDivideOp "chlo.broadcast_divide" "division with implicit broadcasting" TENSOR;
    BroadcastRemainderOp "chlo.broadcast_remainder" "remainder with implicit broadcasting" TENSOR;
    BroadcastPowerOp "chlo.broadcast_power" "power with implicit broadcasting" TENSOR;
    BroadcastMaxOp "chlo.broadcast_maximum" "maximum with implicit broadcasting" TENSOR;
    BroadcastMinOp "chlo.broadcast_minimum" "minimum with implicit broadcasting" TENSOR;
    BroadcastAndOp "chlo.broadcast_and" "logical and with implicit broadcasting" PRED_OR_INT_TENSOR;
    BroadcastOrOp "chlo.broadcast_or" "logical or with implicit broadcasting" PRED_OR_INT_TENSOR;
    BroadcastXorOp "chlo.broadcast_xor" "logical xor with implicit broadcasting" PRED_OR_INT_TENSOR;
    BroadcastAtan2Op "chlo.broadcast_atan2" "atan2 with implicit broadcasting" TENSOR;
}

/// The result type of `broadcast_compare`: the broadcast shape, of `i1`.
fn infer_compare(ctx: &mut Context, operands: &[Type], props: &[NamedAttr]) -> Option<Vec<Type>> {
    let policy = broadcastable_ir::numpy_or_xla_policy(ctx, props);
    let t = broadcastable_ir::infer_result(ctx, &policy, operands)?;
    let i1 = ctx.i(1);
    let shape = broadcastable_ir::typed(ctx, t).shape;
    let like = ctx.tensor_type(&[], i1);
    broadcastable_ir::with_shape(ctx, like, &shape).map(|t| vec![t])
}

tensor_ir::op! {
    /// Elementwise comparison, with the broadcasting of the binary ops.
    ///
    /// ```mlir
    /// %r = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction GT>} : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
    /// ```
    ///
    /// `comparison_direction` is required, `compare_type` optional; the operands
    /// have one element type and the result is an `i1` tensor.
    pub struct BroadcastCompareOp = "chlo.broadcast_compare" {
        summary: "comparison with implicit broadcasting",
        traits: [OpTrait::Pure, NUMPY_OR_XLA],
        operands: { lhs: TENSOR, rhs: TENSOR },
        results: { result: PRED_TENSOR },
        attributes: {
            broadcast_dimensions?: DenseI64ArrayAttr,
            comparison_direction: ComparisonDirection,
            compare_type?: ComparisonType,
        },
        syntax: BINARY,
        verify: verify::compare,
        infer: infer_compare,
        style: DiagStyle::Ods,
    }
}

/// The result type of `broadcast_select`: the NumPy broadcast of the three operands,
/// with the chosen values' element type.
fn infer_select(ctx: &mut Context, operands: &[Type], _: &[NamedAttr]) -> Option<Vec<Type>> {
    let t = broadcastable_ir::infer_result(ctx, &Policy::NumPy, operands)?;
    let shape = broadcastable_ir::typed(ctx, t).shape;
    broadcastable_ir::with_shape(ctx, *operands.get(1)?, &shape).map(|t| vec![t])
}

tensor_ir::op! {
    /// `pred ? on_true : on_false` elementwise, broadcasting all three operands
    /// (NumPy rules).
    ///
    /// ```mlir
    /// %r = chlo.broadcast_select %p, %a, %b : (tensor<2x4xi1>, tensor<4xf32>, tensor<f32>) -> tensor<2x4xf32>
    /// ```
    pub struct BroadcastSelectOp = "chlo.broadcast_select" {
        summary: "select with implicit broadcasting",
        traits: [OpTrait::Pure, NUMPY],
        operands: { pred: RANKED_PRED_TENSOR, on_true: TENSOR, on_false: TENSOR },
        results: { result: TENSOR },
        syntax: Syntax::Format(
            "$pred `,` $on_true `,` $on_false attr-dict `:` functional-type(operands, results)",
            &[],
        ),
        verify: verify::select,
        infer: infer_select,
        style: DiagStyle::Ods,
    }
}

/// The result type of `erf`: the operand's.
fn infer_same(_: &mut Context, operands: &[Type], _: &[NamedAttr]) -> Option<Vec<Type>> {
    operands.first().map(|&t| vec![t])
}

tensor_ir::op! {
    /// The error function, elementwise.
    ///
    /// ```mlir
    /// %r = chlo.erf %x : tensor<4xf32> -> tensor<4xf32>
    /// ```
    ///
    /// Upstream's `SameOperandsAndResultType`: one element type, compatible shapes;
    /// the Broadcastable trait with one operand (NumPy) gives it its operand's sizes
    /// in the shape analysis.
    pub struct ErfOp = "chlo.erf" {
        summary: "elementwise error function",
        traits: [OpTrait::Pure, NUMPY],
        operands: { operand: FP_TENSOR },
        results: { result: FP_TENSOR },
        syntax: Syntax::Format("$operand attr-dict `:` type($operand) `->` type($result)", &[]),
        verify: verify::same_type,
        infer: infer_same,
        style: DiagStyle::Ods,
    }
}
