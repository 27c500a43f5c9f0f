//! Elementwise ops: binary arithmetic and logic (`nd.add` ... `nd.xor`), `nd.cmp`,
//! `nd.select` and the unary ops (`nd.neg` ... `nd.tanh`).
//!
//! Their shapes are checked by the Broadcastable trait their definitions list (NumPy,
//! or XLA explicit when a binary op carries `broadcast_dimensions`); their types by
//! the declared constraints and the `SameElementType` trait. They need no verifier of
//! their own.

use broadcastable::Policy;
use broadcastable_ir::{NUMPY, NUMPY_OR_XLA};
use tensor_ir::ods::attr_types::DenseI64ArrayAttr;
use tensor_ir::registry::{OpTrait, Syntax};
use tensor_ir::{Context, NamedAttr, Type};

use crate::scalar::{Arith, Bitwise, Elementwise, FloatFn, ScalarFn};
use crate::shape_source;
use crate::support::{
    BOOL_TENSOR, CONDITION, CmpPredicate, NUMERIC_TENSOR, SIGNED_TENSOR, TENSOR, i1_tensor_like,
};

/// The custom form of binary, select and unary ops: operands, attributes, then
/// `: T` or `: (A, B) -> R`.
const ELEMENTWISE: Syntax = Syntax::Format(
    "operands attr-dict `:` custom<SameOperandsAndResultType>",
    &[tensor_ir::ods::format::SAME_OPERANDS_AND_RESULT_TYPE],
);

/// Operands and results share one element type.
const SAME_ALL: OpTrait = OpTrait::SameElementType {
    from_operand: 0,
    results: true,
};

macro_rules! binary_doc {
    () => {
        "Elementwise, after broadcasting both operands to the result shape. Without \
`broadcast_dimensions`: NumPy/Array API rules (ranks aligned on the right, 1s \
prepended, then each pair of sizes equal or one of them 1). With \
`broadcast_dimensions` (`array<i64: ...>`): XLA rules: entry `i` is the dim of the \
higher-rank operand that dim `i` of the lower-rank operand maps to; unmapped dims \
become 1, then degenerate broadcasting applies (so `4` with `1x2` using `(0)` is \
`4x2`, and `1x2` with `4x3x1` using `(1, 2)` is `4x3x2`).\n\n\
```mlir\n\
%r = nd.add %a, %b : tensor<4xf32>\n\
%r = nd.add %a, %b : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>\n\
%r = nd.add %v, %m {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<1x2xf32>) -> tensor<4x2xf32>\n\
```\n\n\
The verifier checks the operand and result types and, through the Broadcastable \
trait, the shapes: under NumPy rules the operand sizes are compatible and the \
result is as inferred (seed 003); under XLA rules there is one entry per dim of \
the lower-rank operand (none for a rank-0 operand; none or the identity for equal \
ranks), each in range, strictly increasing, matched sizes equal or 1, then the \
result is as inferred."
    };
}

/// Sets each op type's declared scalar function and lists the ops in `$table`.
macro_rules! scalar_table {
    ($table:ident; $($ty:ident $class:ident::$f:ident;)*) => {
        $(
            impl Elementwise for $ty {
                const SCALAR: ScalarFn = $class::$f.scalar();
            }
        )*

        /// The ops this table defines, with their scalar functions.
        pub(crate) const $table: &[(&str, ScalarFn)] = &[$(($ty::NAME, $ty::SCALAR)),*];
    };
}

/// Defines the binary ops: the name, the summary, and the scalar function
/// (`Class::Fn`), whose class gives the element constraint; lists them in `$table`.
macro_rules! binary {
    ($table:ident; $($ty:ident $(($adaptor:ident))? $name:literal $what:literal $class:ident::$f:ident;)*) => {
        $(
            tensor_ir::op! {
                #[doc = binary_doc!()]
                pub struct $ty = $name {
                    summary: $what,
                    $(adaptor: $adaptor,)?
                    traits: [OpTrait::Pure, NUMPY_OR_XLA, SAME_ALL],
                    operands: { lhs: $class::TENSOR, rhs: $class::TENSOR },
                    results: { result: $class::TENSOR },
                    attributes: { broadcast_dimensions?: DenseI64ArrayAttr },
                    syntax: ELEMENTWISE,
                    infer: broadcastable_ir::infer_numpy_or_xla,
                }
            }
        )*
        scalar_table!($table; $($ty $class::$f;)*);
    };
}

binary! {
    BINARY;
    AddOp(BinaryAdaptor) "nd.add" "elementwise sum" Arith::Add;
    SubOp "nd.sub" "elementwise difference" Arith::Sub;
    MulOp "nd.mul" "elementwise product" Arith::Mul;
    DivOp "nd.div" "elementwise quotient" Arith::Div;
    RemOp "nd.rem" "elementwise remainder" Arith::Rem;
    PowOp "nd.pow" "elementwise power" Arith::Pow;
    MaxOp "nd.max" "elementwise maximum" Arith::Max;
    MinOp "nd.min" "elementwise minimum" Arith::Min;
    AndOp "nd.and" "elementwise bitwise and" Bitwise::And;
    OrOp "nd.or" "elementwise bitwise or" Bitwise::Or;
    XorOp "nd.xor" "elementwise bitwise exclusive or" Bitwise::Xor;
    Atan2Op "nd.atan2" "elementwise arctangent of lhs / rhs (numpy.arctan2)" FloatFn::Atan2;
}

/// The result type of `nd.cmp`: the broadcast shape, of `i1`.
fn infer_cmp(ctx: &mut Context, operands: &[Type], props: &[NamedAttr]) -> Option<Vec<Type>> {
    let policy = broadcastable_ir::numpy_or_xla_policy(ctx, props);
    let t = broadcastable_ir::infer_result(ctx, &policy, operands)?;
    i1_tensor_like(ctx, t).map(|t| vec![t])
}

tensor_ir::op! {
    /// Elementwise comparison, with the broadcasting of the binary ops.
    ///
    /// ```mlir
    /// %r = nd.cmp lt, %a, %b : (tensor<4xf32>, tensor<f32>) -> tensor<4xi1>
    /// ```
    ///
    /// `predicate` is a keyword in the custom form. The operands have one numeric
    /// element type; the result is an `i1` tensor.
    pub struct CmpOp = "nd.cmp" {
        summary: "elementwise comparison",
        traits: [
            OpTrait::Pure,
            NUMPY_OR_XLA,
            OpTrait::SameElementType { from_operand: 0, results: false },
        ],
        operands: { lhs: NUMERIC_TENSOR, rhs: NUMERIC_TENSOR },
        results: { result: BOOL_TENSOR },
        attributes: {
            broadcast_dimensions?: DenseI64ArrayAttr,
            predicate: CmpPredicate,
        },
        syntax: Syntax::Format(
            "$predicate `,` operands attr-dict `:` functional-type(operands, results)",
            &[],
        ),
        infer: infer_cmp,
    }
}

impl CmpOp {
    /// The name of its `predicate` attribute, for the layers that read it by name.
    pub const PREDICATE: &str = "predicate";
}

/// The result type of `nd.select`: the NumPy broadcast of the three operands, with
/// the element type of the chosen values.
fn infer_select(ctx: &mut Context, operands: &[Type], _: &[NamedAttr]) -> Option<Vec<Type>> {
    let t = broadcastable_ir::infer_result(ctx, &Policy::NumPy, operands)?;
    let elem = crate::support::tensor_elem(ctx, *operands.get(1)?)?;
    crate::support::with_element(ctx, t, elem).map(|t| vec![t])
}

tensor_ir::op! {
    /// `cond ? a : b` elementwise, broadcasting all three operands (NumPy).
    ///
    /// ```mlir
    /// %r = nd.select %cond, %a, %b : (tensor<4xi1>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    /// ```
    ///
    /// The condition has `i1` elements; `a`, `b` and the result have one element
    /// type.
    pub struct SelectOp = "nd.select" {
        summary: "elementwise choice",
        traits: [
            OpTrait::Pure,
            NUMPY,
            OpTrait::SameElementType { from_operand: 1, results: true },
        ],
        operands: { condition: CONDITION, on_true: TENSOR, on_false: TENSOR },
        results: { result: TENSOR },
        syntax: ELEMENTWISE,
        infer: infer_select,
    }
}

/// The result type of `nd.clamp`: the NumPy broadcast of the three operands, with
/// their element type.
fn infer_clamp(ctx: &mut Context, operands: &[Type], _: &[NamedAttr]) -> Option<Vec<Type>> {
    broadcastable_ir::infer_result(ctx, &Policy::NumPy, operands).map(|t| vec![t])
}

tensor_ir::op! {
    /// `min(max(x, lo), hi)` elementwise, broadcasting all three operands (NumPy),
    /// in the order of NumPy's `clip` and ONNX's `Clip` (`x` first).
    ///
    /// ```mlir
    /// %r = nd.clamp %x, %lo, %hi : (tensor<4xf32>, tensor<f32>, tensor<f32>) -> tensor<4xf32>
    /// ```
    ///
    /// The three operands and the result have one numeric element type. Where
    /// `lo > hi` the result is `hi`, as `np.clip`. `max` and `min` are
    /// [`crate::scalar::Arith::Max`] and `Min`: NaN propagates, from any operand.
    /// StableHLO's `clamp(min, operand, max)` takes the bound first: an importer
    /// of it reorders the operands.
    pub struct ClampOp = "nd.clamp" {
        summary: "elementwise clamp into [lo, hi]",
        traits: [OpTrait::Pure, NUMPY, SAME_ALL],
        operands: { input: NUMERIC_TENSOR, lo: NUMERIC_TENSOR, hi: NUMERIC_TENSOR },
        results: { result: NUMERIC_TENSOR },
        syntax: ELEMENTWISE,
        infer: infer_clamp,
    }
}

/// The result type of a unary op: the operand's.
fn infer_unary(_: &mut Context, operands: &[Type], _: &[NamedAttr]) -> Option<Vec<Type>> {
    operands.first().map(|&t| vec![t])
}

/// Defines the unary ops as `binary!` does the binary ones. A row may name its
/// element constraint (`in SIGNED_TENSOR`) where its function's kinds are not its
/// class's ([`crate::scalar::ScalarFn::kinds`]; `scalar::tests` checks they agree).
macro_rules! unary {
    ($table:ident; $($ty:ident $(($adaptor:ident))? $name:literal $what:literal $class:ident::$f:ident $(in $tensor:path)?;)*) => {
        $(
        unary!(@op $ty [$($adaptor)?] $name $what [$($tensor,)? $class::TENSOR]);
        )*
        scalar_table!($table; $($ty $class::$f;)*);
    };
    (@op $ty:ident [$($adaptor:ident)?] $name:literal $what:literal [$tensor:path $(, $default:path)?]) => {
        tensor_ir::op! {
            #[doc = "One operand and one result of one element type; the Broadcastable \
trait (NumPy) with one operand, so the result has the operand's shape or is less \
precise (`?` or unranked).\n\n```mlir\n%r = nd.exp %x : tensor<4xf32>\n\
%r = nd.tanh %x : (tensor<2x?xf32>) -> tensor<?x?xf32>\n```"]
            pub struct $ty = $name {
                summary: $what,
                $(adaptor: $adaptor,)?
                traits: [OpTrait::Pure, NUMPY, SAME_ALL, shape_source::OPERAND_0],
                operands: { input: $tensor },
                results: { result: $tensor },
                syntax: ELEMENTWISE,
                infer: infer_unary,
            }
        }
    };
}

unary! {
    UNARY;
    NegOp "nd.neg" "elementwise negation" Arith::Neg;
    AbsOp "nd.abs" "elementwise absolute value" Arith::Abs;
    ExpOp "nd.exp" "elementwise exponential" FloatFn::Exp;
    LogOp "nd.log" "elementwise natural logarithm" FloatFn::Log;
    SqrtOp "nd.sqrt" "elementwise square root" FloatFn::Sqrt;
    TanhOp "nd.tanh" "elementwise hyperbolic tangent" FloatFn::Tanh;
    SinOp "nd.sin" "elementwise sine" FloatFn::Sin;
    CosOp "nd.cos" "elementwise cosine" FloatFn::Cos;
    FloorOp "nd.floor" "elementwise floor (round toward -inf)" FloatFn::Floor;
    CeilOp "nd.ceil" "elementwise ceiling (round toward +inf)" FloatFn::Ceil;
    RsqrtOp "nd.rsqrt" "elementwise reciprocal square root" FloatFn::Rsqrt;
    RoundEvenOp "nd.round_even" "elementwise round to nearest, ties to even" FloatFn::RoundEven;
    NotOp "nd.not" "elementwise bitwise not (logical not on i1)" Bitwise::Not;
    ErfOp "nd.erf" "elementwise error function" FloatFn::Erf;
    SignOp "nd.sign" "elementwise sign (-1, 0 or 1)" Arith::Sign in SIGNED_TENSOR;
    Log1pOp "nd.log1p" "elementwise log(1 + x), precise near 0" FloatFn::Log1p;
    Expm1Op "nd.expm1" "elementwise exp(x) - 1, precise near 0" FloatFn::Expm1;
    LogisticOp "nd.logistic" "elementwise logistic sigmoid 1 / (1 + exp(-x))" FloatFn::Logistic;
}
