//! Making broadcasts explicit: the [`ExplicitBroadcast`] entry of every `nd` op that
//! can broadcast, which `--lower-broadcast` applies as rewrite patterns and
//! `--verify-explicit-broadcast` checks (`docs/lowering.md`).
//!
//! | module | ops | rewrite |
//! | ------ | --- | ------- |
//! | [`elementwise`] | binary ops, `nd.cmp`, `nd.select`, unary ops, `nd.assign` | each operand broadcast to the result's shape (in place: the source into the destination's); `broadcast_dimensions` removed |
//! | [`broadcast`] | `nd.broadcast`, `nd.broadcast_to` | one explicit broadcast per result; a ranked `broadcast_to` as `nd.broadcast_in_dim` |
//! | [`matmul`] | `nd.matmul` | the batch dims of matrix operands broadcast to the result's |
//!
//! Static shapes give static `nd.broadcast_in_dim`s. With a `?` or `*` the op's
//! operands' shapes are taken (`nd.shape_of`) and broadcast by
//! `nd.broadcast_shapes`, with the op's operands in its order, its rule and its
//! location: that is the run-time check of every condition the verifier left to run
//! time, and a failure names the op's operand, its dim and both sizes. The
//! broadcasts take their shape from it. [`sizes`] proves sizes equal where it can
//! (`known_nonexpanding_dimensions`, and operands left alone); [`plan`] decides
//! which operands need a broadcast, [`emit`] builds them. [`checks`] says what an
//! explicit broadcast to a computed shape still leaves to run time (the export's
//! asserts).

mod broadcast;
mod checks;
mod elementwise;
mod emit;
mod matmul;
mod plan;
mod sizes;

pub use checks::{
    DimCheck, MatmulProofs, broadcast_checks, matmul_checks_proven, shape_checks_proven,
};
pub(crate) use sizes::landing;

use broadcastable_ir::{ExplicitBroadcast, ExplicitForm};
use tensor_ir::Context;
use tensor_ir::interfaces::InterfaceError;

use crate::DIALECT;
use crate::broadcast::{BroadcastInDimOp, BroadcastOp, BroadcastToOp};
use crate::reduce::MatmulOp;
use crate::shape::BroadcastShapesOp;

/// Attaches the lowering to every `nd` op that can broadcast: those with the
/// Broadcastable trait, `nd.broadcast`, `nd.broadcast_to` and `nd.matmul`; and
/// says which ops are the lowering's explicit broadcasts and shape checks.
///
/// # Errors
/// If the `nd` dialect is not registered in `ctx`.
pub fn register(ctx: &mut Context) -> Result<(), InterfaceError> {
    let own = [
        (
            BroadcastOp::NAME,
            ExplicitBroadcast {
                implicit: broadcast::implicit_broadcast,
                lower: broadcast::lower_broadcast,
            },
        ),
        (
            BroadcastToOp::NAME,
            ExplicitBroadcast {
                implicit: broadcast::implicit_to,
                lower: broadcast::lower_to,
            },
        ),
        (
            MatmulOp::NAME,
            ExplicitBroadcast {
                implicit: matmul::implicit,
                lower: matmul::lower,
            },
        ),
    ];
    let elementwise = ExplicitBroadcast {
        implicit: elementwise::implicit,
        lower: elementwise::lower,
    };
    // The Broadcastable trait the definition lists is the declaration: every op
    // with it is lowered alike, unless it has its own entry (attached last, so it
    // wins).
    let broadcastable = DIALECT
        .ops
        .iter()
        .filter(|def| broadcastable_ir::policy_of(def).is_some())
        .map(|def| (def.name, elementwise));
    for (name, entry) in broadcastable.chain(own) {
        ctx.attach_interface(name, entry)?;
    }
    for (name, form) in [
        (BroadcastInDimOp::NAME, ExplicitForm::Broadcast),
        (BroadcastToOp::NAME, ExplicitForm::Broadcast),
        (BroadcastShapesOp::NAME, ExplicitForm::ShapeCheck),
    ] {
        ctx.attach_interface(name, form)?;
    }
    Ok(())
}
