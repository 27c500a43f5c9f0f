//! `broadcastable-ir`: the Broadcastable op trait on the tensor-ir core, a thin
//! layer over the pure `broadcastable` crate, as upstream's
//! `ResultsBroadcastableShape` is over `OpTrait::util`. The core knows nothing of
//! it: the trait is an [`ExternalTrait`] an op definition lists, and [`register`]
//! attaches its verifier to a context.
//!
//! * An op definition lists one of the trait constants ([`NUMPY`], [`NUMPY_OR_XLA`],
//!   [`EQUAL_RANK`], [`XLA`], [`UNIDIRECTIONAL`], or its own [`ExternalTrait`] with a
//!   [`BroadcastPolicy`]); the generic verifier then checks every such op through
//!   [`BroadcastVerifier`] with no code of the op's own.
//! * [`OpView`] implements [`BroadcastableOp`](broadcastable::BroadcastableOp) over
//!   `(&Context, &Module, OpId)`: the same trait another IR implements over its own
//!   operations.
//! * [`diagnose`] turns the crate's structured errors into diagnostics with
//!   upstream's wording; under the spec semantics it adds notes naming the
//!   conflicting operands and dimensions, under the `mlir` semantics the output is
//!   exactly upstream's.
//!
//! * [`SizeChecks`] lets an op that is not Broadcastable declare its own
//!   run-time size conditions (a matrix product's batch and contracted dims), so
//!   `--verify-broadcast` reports and proves them too.
//! * [`shapes`] is the shape analysis: a symbolic size for each `?`, from the
//!   transfer each op declares ([`shapes::ShapeTransfer`]).
//!
//! The semantics ([`Semantics::Spec`] by default, or upstream's) is a setting stored
//! in the context ([`set_semantics`]).

mod align;
mod checks;
pub mod codes;
mod diagnose;
mod expand;
pub mod lower;
pub mod shapes;
mod verifier;
mod view;

pub use checks::{SizeCheck, SizeChecks};
pub use diagnose::{diagnose, obligation, obligation_named};
pub use expand::{Expansion, expansions};
pub use lower::{ExplicitBroadcast, ExplicitForm, Sweep};
pub use verifier::{BroadcastVerifier, Obligation};
pub use view::{OpView, typed, with_shape};

use broadcastable::Semantics;
use std::sync::Arc;
use tensor_ir::registry::{ExternalTrait, OpDef, OpTrait};
use tensor_ir::{Context, Type};

/// The key of the trait in op definitions and in the context's trait verifiers.
pub const KEY: &str = "broadcastable";

/// The name of XLA's explicit-dimensions attribute (seed 002), spelled once: the
/// policies below, the ops that declare it and every layer that reads it use this.
pub const BROADCAST_DIMENSIONS: &str = "broadcast_dimensions";

/// How the operands of an op broadcast: the parameter of the trait, fixed by the op
/// definition.
///
/// It mirrors [`Policy`] but is a compile-time constant, so it can sit in a
/// `static` op definition; explicit (XLA) dimensions are read from an
/// attribute of each op.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BroadcastPolicy {
    /// NumPy / MLIR `Broadcastable` (seed 003): the default.
    #[default]
    NumPy,
    /// TOSA-like: ranked operands must have equal ranks.
    EqualRank,
    /// XLA-like binary op: the lower-rank operand's dimensions are placed by
    /// the `array<i64: ...>` attribute named `attr` (absent means `[]`).
    Explicit {
        /// Name of the attribute holding `broadcast_dimensions`.
        attr: &'static str,
    },
    /// In place: operands #1.. broadcast into operand #0's shape.
    Unidirectional,
    /// NumPy, unless the op carries the `array<i64: ...>` attribute named
    /// `attr`; then [`BroadcastPolicy::Explicit`] with it. This is XlaBuilder's
    /// binary ops with optional `broadcast_dimensions`, and the `nd` dialect's
    /// elementwise ops.
    NumPyOrExplicit {
        /// Name of the optional attribute holding `broadcast_dimensions`.
        attr: &'static str,
    },
}

/// The trait with the NumPy policy (seed 003, upstream's `Broadcastable`).
pub const NUMPY: OpTrait = OpTrait::External(ExternalTrait {
    key: KEY,
    param: &BroadcastPolicy::NumPy,
    doc: "Broadcastable (NumPy)",
});

/// The trait with the equal-rank (TOSA) policy.
pub const EQUAL_RANK: OpTrait = OpTrait::External(ExternalTrait {
    key: KEY,
    param: &BroadcastPolicy::EqualRank,
    doc: "Broadcastable (equal ranks, TOSA)",
});

/// The trait with XLA's explicit `broadcast_dimensions` (absent means `[]`).
pub const XLA: OpTrait = OpTrait::External(ExternalTrait {
    key: KEY,
    param: &BroadcastPolicy::Explicit {
        attr: BROADCAST_DIMENSIONS,
    },
    doc: "Broadcastable (XLA broadcast_dimensions)",
});

/// NumPy, or XLA's `broadcast_dimensions` when the op carries that attribute.
pub const NUMPY_OR_XLA: OpTrait = OpTrait::External(ExternalTrait {
    key: KEY,
    param: &BroadcastPolicy::NumPyOrExplicit {
        attr: BROADCAST_DIMENSIONS,
    },
    doc: "Broadcastable (NumPy, or XLA broadcast_dimensions)",
});

/// In place: operands #1.. broadcast into operand #0's shape.
pub const UNIDIRECTIONAL: OpTrait = OpTrait::External(ExternalTrait {
    key: KEY,
    param: &BroadcastPolicy::Unidirectional,
    doc: "Broadcastable (unidirectional, in place)",
});

/// The policy of an op definition's Broadcastable trait, if it lists one.
pub fn policy_of(def: &OpDef) -> Option<BroadcastPolicy> {
    def.external_trait(KEY)?
        .downcast_ref::<BroadcastPolicy>()
        .copied()
}

/// The trait's settings, stored in the context.
#[derive(Clone, Copy, Debug, Default)]
struct Settings {
    semantics: Semantics,
}

/// Which rules the trait applies in `ctx` (the spec by default).
pub fn semantics(ctx: &Context) -> Semantics {
    ctx.extension::<Settings>()
        .map_or(Semantics::Spec, |s| s.semantics)
}

/// Selects the trait's rules, as `--broadcast-semantics`.
pub fn set_semantics(ctx: &mut Context, semantics: Semantics) {
    ctx.set_extension(Settings { semantics });
}

/// Attaches the trait's verifier to `ctx`: every op whose definition lists the trait
/// is then checked by the generic verifier.
pub fn register(ctx: &mut Context) {
    ctx.register_trait_verifier(KEY, Arc::new(verifier::Hook));
}

/// The policy an op with [`NUMPY_OR_XLA`] takes from its properties: XLA's
/// placement with [`BROADCAST_DIMENSIONS`], else NumPy. Result-type inference and
/// custom parsers see properties before the op exists, so they read them here.
pub fn numpy_or_xla_policy(ctx: &Context, props: &[tensor_ir::NamedAttr]) -> broadcastable::Policy {
    use tensor_ir::ods::attr_types::{AttrType, DenseI64ArrayAttr};
    let dims = props
        .iter()
        .find(|a| ctx.str(a.name) == BROADCAST_DIMENSIONS)
        .and_then(|a| DenseI64ArrayAttr::get(ctx, a.value));
    match dims {
        Some(dims) => broadcastable::Policy::Explicit(smallvec::SmallVec::from_vec(dims)),
        None => broadcastable::Policy::NumPy,
    }
}

/// The result type of a binary op with [`NUMPY_OR_XLA`]: its operands broadcast
/// under [`numpy_or_xla_policy`], with the first operand's element type.
pub fn infer_numpy_or_xla(
    ctx: &mut Context,
    operands: &[Type],
    props: &[tensor_ir::NamedAttr],
) -> Option<Vec<Type>> {
    let policy = numpy_or_xla_policy(ctx, props);
    infer_result(ctx, &policy, operands).map(|t| vec![t])
}

/// The broadcast result type of `operands` under `policy`: the inferred shape with the
/// first operand's element type (for builders of elementwise ops).
pub fn infer_result(
    ctx: &mut Context,
    policy: &broadcastable::Policy,
    operands: &[Type],
) -> Option<Type> {
    let typed: Vec<_> = operands.iter().map(|&t| typed(ctx, t)).collect();
    // Checked against an unranked result, the verdict is the inferred shape itself.
    let any = broadcastable::Typed::tensor(broadcastable::Shape::Unranked);
    let inferred =
        broadcastable::verify_with_policy(policy, semantics(ctx), &typed, &[any]).ok()?;
    with_shape(ctx, *operands.first()?, &inferred.shape)
}

#[cfg(test)]
mod tests;
