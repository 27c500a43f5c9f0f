//! The `stablehlo` dialect: the ops JAX exports for neural-network code, each
//! defined once with [`tensor_ir::op!`], parsed and printed byte for byte as
//! StableHLO's own tools (`torch-mlir-opt`, `stablehlo-opt`) do, and verified
//! with their messages for the common mistakes.
//!
//! | module | ops |
//! | ------ | --- |
//! | [`elementwise`] | `add` ... `xor`, `not` ... `round_nearest_even`, `clamp`, `compare`, `select`, `convert` |
//! | [`structure`] | `constant`, `iota`, `dynamic_iota`, `broadcast_in_dim`, `dynamic_broadcast_in_dim`, `reshape`, `dynamic_reshape`, `transpose`, `concatenate`, `slice`, `dynamic_slice`, `get_dimension_size` |
//! | [`reduce`] | `reduce` (compact `applies` form and general region), `return` |
//! | [`calls`] | `dot_general`, `custom_call` |
//! | [`control`] | `if` (the lowering's dispatch) |
//!
//! The dialect's attributes (`#stablehlo<comparison_direction GT>`,
//! `#stablehlo.dot<...>`) are read by [`attrs::read_attr`]. [`shapes`] declares
//! what the shape analysis learns from each op, and [`lower`] is
//! `--lower-broadcast` on StableHLO: every `dynamic_broadcast_in_dim` annotated.

#![warn(missing_docs)]

pub mod attrs;
pub mod calls;
pub mod control;
pub mod elementwise;
pub mod lower;
mod lower_checks;
mod lower_dispatch;
mod lower_dot;
mod lower_reshape;
mod lower_upstream;
pub mod reduce;
pub mod shapes;
pub mod structure;
mod support;

use calls::{CustomCallOp, DotGeneralOp};
use elementwise::{
    AbsOp, AddOp, AndOp, CeilOp, ClampOp, CompareOp, ConvertOp, CosineOp, DivideOp, ExpOp, Expm1Op,
    FloorOp, Log1pOp, LogOp, LogisticOp, MaximumOp, MinimumOp, MultiplyOp, NegateOp, NotOp, OrOp,
    PowerOp, RemainderOp, RoundEvenOp, RsqrtOp, SelectOp, SignOp, SineOp, SqrtOp, SubtractOp,
    TanhOp, XorOp,
};
use reduce::{ReduceOp, ReturnOp};
use structure::{
    BroadcastInDimOp, ConcatenateOp, ConstantOp, DynamicBroadcastInDimOp, DynamicIotaOp,
    DynamicReshapeOp, DynamicSliceOp, GetDimensionSizeOp, IotaOp, ReshapeOp, SliceOp, TransposeOp,
};
use tensor_ir::{Context, Dialect, Module, OpId};

/// The `stablehlo` dialect: every op.
pub static DIALECT: Dialect = Dialect {
    name: attrs::NAMESPACE,
    description: "StableHLO, as JAX exports it (openxla/stablehlo).",
    ops: &[
        AddOp::DEF,
        SubtractOp::DEF,
        MultiplyOp::DEF,
        DivideOp::DEF,
        RemainderOp::DEF,
        PowerOp::DEF,
        MaximumOp::DEF,
        MinimumOp::DEF,
        AndOp::DEF,
        OrOp::DEF,
        XorOp::DEF,
        NotOp::DEF,
        NegateOp::DEF,
        AbsOp::DEF,
        SignOp::DEF,
        ExpOp::DEF,
        Expm1Op::DEF,
        LogOp::DEF,
        Log1pOp::DEF,
        LogisticOp::DEF,
        SqrtOp::DEF,
        RsqrtOp::DEF,
        TanhOp::DEF,
        SineOp::DEF,
        CosineOp::DEF,
        FloorOp::DEF,
        CeilOp::DEF,
        RoundEvenOp::DEF,
        ClampOp::DEF,
        CompareOp::DEF,
        SelectOp::DEF,
        ConvertOp::DEF,
        ConstantOp::DEF,
        IotaOp::DEF,
        DynamicIotaOp::DEF,
        BroadcastInDimOp::DEF,
        DynamicBroadcastInDimOp::DEF,
        ReshapeOp::DEF,
        DynamicReshapeOp::DEF,
        TransposeOp::DEF,
        ConcatenateOp::DEF,
        SliceOp::DEF,
        DynamicSliceOp::DEF,
        GetDimensionSizeOp::DEF,
        ReduceOp::DEF,
        ReturnOp::DEF,
        DotGeneralOp::DEF,
        CustomCallOp::DEF,
        control::IfOp::DEF,
    ],
};

/// Registers the dialect in `ctx`, with its attribute parser and the result names
/// of `stablehlo.constant` (`%cst`, `%c`).
pub fn register(ctx: &mut Context) {
    ctx.register_dialect(&DIALECT);
    ctx.register_attr_parser(attrs::NAMESPACE, attrs::read_attr);
    ctx.qualify_nested_ops(attrs::NAMESPACE);
    ctx.set_result_namer(ConstantOp::NAME, constant_name);
    broadcastable_ir::register(ctx);
    // The dialect was registered just above, so only a bug in an entry's op can
    // make attaching fail: fail loudly, naming it.
    shapes::register(ctx).expect("stablehlo shapes: attaching to an op of stablehlo");
    lower::register(ctx).expect("stablehlo lowering: attaching to an op of stablehlo");
}

/// Upstream's `ConstantOp::getAsmResultNames`: `%c` for integer elements, else
/// `%cst`.
fn constant_name(ctx: &Context, module: &Module, op: OpId) -> Option<&'static str> {
    let t = support::result_ty(module, op, 0)?;
    let e = support::elem(ctx, t)?;
    Some(match ctx.type_kind(e) {
        tensor_ir::TypeKind::Integer { .. } => "c",
        _ => "cst",
    })
}
