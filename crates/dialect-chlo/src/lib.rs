//! The `chlo` dialect: CHLO's implicitly broadcasting binary ops
//! (`chlo.broadcast_add` ... `chlo.broadcast_atan2`, `chlo.broadcast_compare`),
//! `chlo.broadcast_select` and `chlo.erf`, parsed and printed as StableHLO's own
//! printer does.
//!
//! Each op is defined once with [`tensor_ir::op!`] ([`ops`]). The binary ops list
//! the Broadcastable trait with XLA's policy, so the generic verifier,
//! `--verify-broadcast` and the shape analysis treat them exactly as `nd`'s binary
//! ops with `broadcast_dimensions`; their own verifiers ([`verify`]) come first only
//! to give upstream's messages. [`lower`] is `--lower-broadcast` on them: StableHLO
//! ops on explicitly broadcast operands. There are no kernels.

#![warn(missing_docs)]

pub mod attrs;
mod constraints;
pub mod lower;
pub mod ops;
mod verify;

use broadcastable_ir::shapes::{ShapeTransfer, broadcast_transfer};
use ops::{
    BroadcastAddOp, BroadcastAndOp, BroadcastAtan2Op, BroadcastCompareOp, BroadcastDivideOp,
    BroadcastMaxOp, BroadcastMinOp, BroadcastMultiplyOp, BroadcastOrOp, BroadcastPowerOp,
    BroadcastRemainderOp, BroadcastSelectOp, BroadcastSubtractOp, BroadcastXorOp, ErfOp,
};
use tensor_ir::{Context, Dialect};

/// The `chlo` dialect: every op, in the order of `docs/chlo.md`.
pub static DIALECT: Dialect = Dialect {
    name: "chlo",
    description: include_str!("dialect.md"),
    ops: &[
        BroadcastAddOp::DEF,
        BroadcastSubtractOp::DEF,
        BroadcastMultiplyOp::DEF,
        BroadcastDivideOp::DEF,
        BroadcastRemainderOp::DEF,
        BroadcastPowerOp::DEF,
        BroadcastMaxOp::DEF,
        BroadcastMinOp::DEF,
        BroadcastAndOp::DEF,
        BroadcastOrOp::DEF,
        BroadcastXorOp::DEF,
        BroadcastAtan2Op::DEF,
        BroadcastCompareOp::DEF,
        BroadcastSelectOp::DEF,
        ErfOp::DEF,
    ],
};

/// Registers the `chlo` dialect in `ctx`: its ops, its attributes, the
/// Broadcastable trait they list, and their shape transfers (each op's result
/// sizes join its operands' as its policy aligns them).
pub fn register(ctx: &mut Context) {
    ctx.register_dialect(&DIALECT);
    ctx.register_attr_parser(DIALECT.name, attrs::parse_body);
    broadcastable_ir::register(ctx);
    for def in DIALECT.ops {
        // Every op of the dialect lists the trait (`tests::every_op_broadcasts`), and
        // it was registered just above, so attaching cannot fail.
        let _ = ctx.attach_interface(
            def.name,
            ShapeTransfer {
                transfer: broadcast_transfer,
            },
        );
    }
    // The dialect was registered just above: only a bug can make attaching fail.
    lower::register(ctx).expect("chlo lowering: attaching to an op of chlo");
}

#[cfg(test)]
mod tests;
