//! The `nd` tensor dialect: the ops programs are written in, each carrying
//! the broadcasting semantics of one of the specifications tensor-opt
//! follows.
//!
//! | module | ops | semantics |
//! | ------ | --- | --------- |
//! | [`elementwise`] | `nd.add` ... `nd.xor`, `nd.cmp`, `nd.select`, `nd.neg` ... `nd.tanh` | NumPy / Array API (seed 001, 003); XLA `broadcast_dimensions` on binary ops (seed 002) |
//! | [`broadcast`] | `nd.broadcast_in_dim`, `nd.broadcast_to`, `nd.broadcast`, `nd.assign` | XLA/StableHLO, Array API `broadcast_to`, ONNX N-ary Broadcast (seed 000), Array API in place |
//! | [`shape`] | `nd.shape_of`, `nd.dim`, `nd.broadcast_shapes`, `nd.shape_slice`, `nd.shape_concat` | shapes as `tensor<Nxindex>` values |
//! | [`reduce`] | `nd.reduce`, `nd.matmul` | reductions, NumPy batch matmul |
//! | [`constant`] | `nd.constant`, `nd.cast` | |
//! | [`structure`] | `nd.reshape`, `nd.transpose`, `nd.concatenate` | StableHLO's structural ops |
//! | [`slice`] | `nd.slice`, `nd.dynamic_slice` | StableHLO (clamped dynamic starts) |
//! | [`iota`] | `nd.iota` | StableHLO `iota` / `dynamic_iota` |
//! | [`gather`] | `nd.gather`, `nd.gather_elements` | ONNX `Gather`, `GatherElements` (negative indices) |
//! | [`dot`] | `nd.dot_general` | StableHLO `dot_general` |
//!
//! Each op is defined once with [`tensor_ir::op!`]: operands, results and
//! attributes with their constraints, traits, a declarative format, and its
//! documentation; [`DIALECT`] lists them. An elementwise op also declares its
//! scalar semantics ([`scalar::ScalarFn`]), from which the layers derive theirs.
//! Elementwise ops have no shape code of their own: they list the Broadcastable
//! trait with a policy and the generic verifier checks them. Every other size
//! rule is a call into the `broadcastable` crate. `docs/dialect.md` is generated
//! from the definitions.

#![warn(missing_docs)]

pub mod assert;
pub mod broadcast;
pub mod constant;
pub mod dim_names;
pub mod dot;
pub mod dynamic_reduce;
pub mod elementwise;
pub mod fold;
pub mod gather;
pub mod iota;
pub mod lower;
pub mod reduce;
pub mod scalar;
pub mod shape;
pub mod shape_source;
pub mod slice;
pub mod structure;
mod support;
pub mod transfer;

/// The name of the `broadcast_dimensions` attribute of binary ops, `nd.cmp`,
/// `nd.broadcast_in_dim` and `nd.broadcast_shapes` (XLA's, seed 002).
pub use broadcastable_ir::BROADCAST_DIMENSIONS;
pub use dim_names::DIM_NAMES;
pub use support::{CmpPredicate, ReduceKind, ShapesPolicy};

use broadcast::{AssignOp, BroadcastInDimOp, BroadcastOp, BroadcastToOp};
use constant::{CastOp, ConstantOp};
use dot::DotGeneralOp;
use elementwise::{
    AbsOp, AddOp, AndOp, CeilOp, CmpOp, CosOp, DivOp, ExpOp, FloorOp, LogOp, MaxOp, MinOp, MulOp,
    NegOp, OrOp, PowOp, RemOp, RsqrtOp, SelectOp, SinOp, SqrtOp, SubOp, TanhOp, XorOp,
};
use elementwise::{Atan2Op, ClampOp};
use elementwise::{ErfOp, NotOp, RoundEvenOp, SignOp};
use elementwise::{Expm1Op, Log1pOp, LogisticOp};
use gather::{GatherElementsOp, GatherOp};
use iota::IotaOp;
use reduce::{MatmulOp, ReduceOp};
use shape::{BroadcastShapesOp, DimOp, ShapeConcatOp, ShapeOfOp, ShapeSliceOp};
use slice::{DynamicSliceOp, SliceOp};
use structure::{ConcatenateOp, ReshapeOp, TransposeOp};
use tensor_ir::{Context, Dialect};

/// The `nd` dialect: every op, in the order of `docs/dialect.md`.
pub static DIALECT: Dialect = Dialect {
    name: "nd",
    description: include_str!("dialect.md"),
    ops: &[
        AddOp::DEF,
        SubOp::DEF,
        MulOp::DEF,
        DivOp::DEF,
        RemOp::DEF,
        PowOp::DEF,
        MaxOp::DEF,
        MinOp::DEF,
        AndOp::DEF,
        OrOp::DEF,
        XorOp::DEF,
        Atan2Op::DEF,
        CmpOp::DEF,
        SelectOp::DEF,
        ClampOp::DEF,
        NegOp::DEF,
        AbsOp::DEF,
        ExpOp::DEF,
        LogOp::DEF,
        SqrtOp::DEF,
        TanhOp::DEF,
        SinOp::DEF,
        CosOp::DEF,
        FloorOp::DEF,
        CeilOp::DEF,
        RsqrtOp::DEF,
        RoundEvenOp::DEF,
        NotOp::DEF,
        ErfOp::DEF,
        SignOp::DEF,
        Log1pOp::DEF,
        Expm1Op::DEF,
        LogisticOp::DEF,
        CastOp::DEF,
        ConstantOp::DEF,
        BroadcastInDimOp::DEF,
        BroadcastToOp::DEF,
        BroadcastOp::DEF,
        AssignOp::DEF,
        ShapeOfOp::DEF,
        DimOp::DEF,
        BroadcastShapesOp::DEF,
        ShapeSliceOp::DEF,
        ShapeConcatOp::DEF,
        ReduceOp::DEF,
        dynamic_reduce::DynamicReduceOp::DEF,
        MatmulOp::DEF,
        DotGeneralOp::DEF,
        ReshapeOp::DEF,
        TransposeOp::DEF,
        ConcatenateOp::DEF,
        SliceOp::DEF,
        DynamicSliceOp::DEF,
        IotaOp::DEF,
        GatherOp::DEF,
        GatherElementsOp::DEF,
        assert::AssertOp::DEF,
    ],
};

/// Registers the `nd` dialect in `ctx`, with the Broadcastable trait its ops list.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect(&DIALECT);
    broadcastable_ir::register(ctx);
    // The dialect was registered just above, so only a bug in an entry's op can
    // make attaching fail: fail loudly, naming it.
    fold::register(ctx).expect("nd folds: attaching to an op of nd");
    lower::register(ctx).expect("nd lowering: attaching to an op of nd");
    transfer::register(ctx).expect("nd shape transfer: attaching to an op of nd");
    assert::register(ctx).expect("nd.assert: the dialect was just registered");
    ctx.attach_interface(
        MatmulOp::NAME,
        broadcastable_ir::SizeChecks(reduce::matmul_size_checks),
    )
    .expect("nd.matmul size checks: the dialect was just registered");
    ctx.attach_interface(
        DotGeneralOp::NAME,
        broadcastable_ir::SizeChecks(dot::dot_size_checks),
    )
    .expect("nd.dot_general size checks: the dialect was just registered");
    ctx.attach_interface(
        ConcatenateOp::NAME,
        broadcastable_ir::SizeChecks(structure::concatenate_size_checks),
    )
    .expect("nd.concatenate size checks: the dialect was just registered");
    broadcastable_ir::shapes::set_dim_names_attr(ctx, DIM_NAMES);
    ctx.attach_dialect_interface(DIALECT.name, dim_names::VERIFIER)
        .expect("nd argument attributes: the dialect was just registered");
}

#[cfg(test)]
mod tests;
