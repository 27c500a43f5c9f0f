//! The `nd` tensor dialect: the ops programs are written in, each carrying
//! the broadcasting semantics of one of the specifications tensor-opt
//! follows.
//!
//! | module | ops | semantics |
//! | ------ | --- | --------- |
//! | [`elementwise`] | `nd.add` ... `nd.xor`, `nd.cmp`, `nd.select`, `nd.neg` ... `nd.tanh` | NumPy / Array API (seed 001, 003); XLA `broadcast_dimensions` on binary ops (seed 002) |
//! | [`broadcast`] | `nd.broadcast_in_dim`, `nd.broadcast_to`, `nd.broadcast`, `nd.assign` | XLA/StableHLO, Array API `broadcast_to`, ONNX N-ary Broadcast (seed 000), Array API in place |
//! | [`shape`] | `nd.shape_of`, `nd.dim`, `nd.broadcast_shapes` | shapes as `tensor<Nxindex>` values |
//! | [`reduce`] | `nd.reduce`, `nd.matmul` | reductions, NumPy batch matmul |
//! | [`constant`] | `nd.constant`, `nd.cast` | |
//!
//! [`DIALECT`] is the op table. Elementwise ops have no shape code of their
//! own: they list the Broadcastable trait with a policy and the generic
//! verifier checks them. Every other size rule is a call into the
//! `broadcastable` crate. `docs/dialect.md` describes each op's syntax and
//! rules.

#![warn(missing_docs)]

pub mod broadcast;
pub mod constant;
pub mod elementwise;
pub mod fold;
pub mod reduce;
pub mod shape;
mod support;

use elementwise::{BINARY_ATTRS, CMP_ATTRS};
use tensor_ir::traits::broadcastable::BroadcastPolicy;
use tensor_ir::{Context, Dialect, OpDef, OpTrait};

/// NumPy broadcasting, or XLA's explicit `broadcast_dimensions` when the op
/// carries that attribute.
const NUMPY_OR_XLA: OpTrait = OpTrait::Broadcastable(BroadcastPolicy::NumPyOrExplicit {
    attr: elementwise::BROADCAST_DIMENSIONS,
});

/// An elementwise binary op.
const fn binary(name: &'static str) -> OpDef {
    OpDef {
        traits: &[OpTrait::Pure, NUMPY_OR_XLA],
        inherent_attrs: BINARY_ATTRS,
        parse: Some(elementwise::parse_binary),
        print: Some(elementwise::print_binary),
        verify: Some(elementwise::verify_binary),
        ..OpDef::named(name)
    }
}

/// An elementwise unary op.
const fn unary(name: &'static str) -> OpDef {
    OpDef {
        traits: &[OpTrait::Pure, OpTrait::BROADCASTABLE],
        parse: Some(elementwise::parse_unary),
        print: Some(elementwise::print_binary),
        verify: Some(elementwise::verify_unary),
        ..OpDef::named(name)
    }
}

/// An op whose custom form is its operands and a functional type.
const fn plain(name: &'static str, verify: tensor_ir::registry::VerifyFn) -> OpDef {
    OpDef {
        traits: &[OpTrait::Pure],
        parse: Some(support::parse_operands_and_types),
        print: Some(support::print_operands_and_types),
        verify: Some(verify),
        ..OpDef::named(name)
    }
}

/// The `nd` dialect: every op, in the order of `docs/dialect.md`.
pub static DIALECT: Dialect = Dialect {
    name: "nd",
    ops: &[
        binary("nd.add"),
        binary("nd.sub"),
        binary("nd.mul"),
        binary("nd.div"),
        binary("nd.rem"),
        binary("nd.pow"),
        binary("nd.max"),
        binary("nd.min"),
        binary("nd.and"),
        binary("nd.or"),
        binary("nd.xor"),
        OpDef {
            traits: &[OpTrait::Pure, NUMPY_OR_XLA],
            inherent_attrs: CMP_ATTRS,
            parse: Some(elementwise::parse_cmp),
            print: Some(elementwise::print_cmp),
            verify: Some(elementwise::verify_cmp),
            ..OpDef::named("nd.cmp")
        },
        OpDef {
            traits: &[OpTrait::Pure, OpTrait::BROADCASTABLE],
            parse: Some(elementwise::parse_select),
            print: Some(elementwise::print_binary),
            verify: Some(elementwise::verify_select),
            ..OpDef::named("nd.select")
        },
        unary("nd.neg"),
        unary("nd.abs"),
        unary("nd.exp"),
        unary("nd.log"),
        unary("nd.sqrt"),
        unary("nd.tanh"),
        OpDef {
            traits: &[OpTrait::Pure],
            parse: Some(constant::parse_cast),
            print: Some(constant::print_cast),
            verify: Some(constant::verify_cast),
            ..OpDef::named("nd.cast")
        },
        OpDef {
            traits: &[OpTrait::Pure],
            inherent_attrs: constant::CONSTANT_ATTRS,
            parse: Some(constant::parse_constant),
            print: Some(constant::print_constant),
            verify: Some(constant::verify_constant),
            ..OpDef::named("nd.constant")
        },
        OpDef {
            traits: &[OpTrait::Pure],
            inherent_attrs: broadcast::IN_DIM_ATTRS,
            parse: Some(broadcast::parse_broadcast_in_dim),
            print: Some(broadcast::print_broadcast_in_dim),
            verify: Some(broadcast::verify_broadcast_in_dim),
            ..OpDef::named("nd.broadcast_in_dim")
        },
        OpDef {
            traits: &[OpTrait::Pure],
            inherent_attrs: broadcast::TO_ATTRS,
            parse: Some(broadcast::parse_broadcast_to),
            print: Some(broadcast::print_broadcast_to),
            verify: Some(broadcast::verify_broadcast_to),
            ..OpDef::named("nd.broadcast_to")
        },
        OpDef {
            traits: &[OpTrait::Pure],
            parse: Some(support::parse_operands_and_types),
            print: Some(support::print_operands_and_types),
            verify: Some(broadcast::verify_broadcast),
            ..OpDef::named("nd.broadcast")
        },
        OpDef {
            traits: &[
                OpTrait::Pure,
                OpTrait::Broadcastable(BroadcastPolicy::Unidirectional),
            ],
            parse: Some(support::parse_operands_and_types),
            print: Some(support::print_operands_and_types),
            verify: Some(broadcast::verify_assign),
            ..OpDef::named("nd.assign")
        },
        plain("nd.shape_of", shape::verify_shape_of),
        OpDef {
            traits: &[OpTrait::Pure],
            inherent_attrs: shape::DIM_ATTRS,
            parse: Some(shape::parse_dim),
            print: Some(shape::print_dim),
            verify: Some(shape::verify_dim),
            ..OpDef::named("nd.dim")
        },
        plain("nd.broadcast_shapes", shape::verify_broadcast_shapes),
        OpDef {
            traits: &[OpTrait::Pure],
            inherent_attrs: reduce::REDUCE_ATTRS,
            parse: Some(reduce::parse_reduce),
            print: Some(reduce::print_reduce),
            verify: Some(reduce::verify_reduce),
            ..OpDef::named("nd.reduce")
        },
        plain("nd.matmul", reduce::verify_matmul),
    ],
};

/// Registers the `nd` dialect in `ctx`.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect(&DIALECT);
    fold::register(ctx);
}

#[cfg(test)]
mod tests;
