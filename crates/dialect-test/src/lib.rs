//! The `test` dialect of tensor-opt.
//!
//! * `test.broadcastable` is upstream MLIR's test op
//!   (`mlir/test/lib/Dialect/Test/TestOps.td`): variadic tensor operands, one
//!   tensor result, the `ResultsBroadcastableShape` trait. Its structural and
//!   type-constraint errors are worded and ordered as `mlir-opt` reports
//!   them (zero regions, one result, zero successors, operand types, result
//!   type, then broadcasting), so upstream-style test files run unchanged.
//! * The other ops are tensor-opt's own, one per broadcasting policy, to
//!   exercise what upstream's single trait cannot express:
//!   `test.broadcastable_shaped` (tensors *or vectors*, NumPy policy),
//!   `test.broadcastable_equal_rank` (TOSA-like),
//!   `test.broadcastable_in_dim` (XLA `broadcast_dimensions`) and
//!   `test.broadcastable_in_place` (unidirectional).
//!
//! None of them has code for broadcasting: each lists
//! [`OpTrait::Broadcastable`] with a policy and the generic verifier does the
//! rest. Like upstream's, the dialect accepts operations it does not define
//! (`test.op`, ...): register it with [`register`].

#![warn(missing_docs)]

use tensor_ir::traits::broadcastable::BroadcastPolicy;
use tensor_ir::verify::op_error;
use tensor_ir::{Context, Diagnostic, Dialect, Module, OpDef, OpId, OpTrait, Type, TypeKind};

/// The `test` dialect.
pub static DIALECT: Dialect = Dialect {
    name: "test",
    ops: &[
        OpDef {
            traits: &[OpTrait::BROADCASTABLE],
            verify: Some(verify_tensor_op),
            ..OpDef::named("test.broadcastable")
        },
        OpDef {
            traits: &[OpTrait::BROADCASTABLE],
            verify: Some(verify_shaped_op),
            ..OpDef::named("test.broadcastable_shaped")
        },
        OpDef {
            traits: &[OpTrait::Broadcastable(BroadcastPolicy::EqualRank)],
            verify: Some(verify_tensor_op),
            ..OpDef::named("test.broadcastable_equal_rank")
        },
        OpDef {
            traits: &[OpTrait::Broadcastable(BroadcastPolicy::Explicit {
                attr: "broadcast_dimensions",
            })],
            inherent_attrs: &["broadcast_dimensions"],
            verify: Some(verify_tensor_op),
            ..OpDef::named("test.broadcastable_in_dim")
        },
        OpDef {
            traits: &[OpTrait::Broadcastable(BroadcastPolicy::Unidirectional)],
            verify: Some(verify_tensor_op),
            ..OpDef::named("test.broadcastable_in_place")
        },
    ],
};

/// Registers the `test` dialect in `ctx`, accepting unknown `test.*` ops as
/// upstream's test dialect does.
pub fn register(ctx: &mut Context) {
    ctx.register_open_dialect(&DIALECT);
}

/// A type constraint as ODS words it.
struct Constraint {
    summary: &'static str,
    accepts: fn(&Context, Type) -> bool,
}

const ANY_TENSOR: Constraint = Constraint {
    summary: "tensor of any type values",
    accepts: Context::is_tensor,
};

const ANY_TENSOR_OR_VECTOR: Constraint = Constraint {
    summary: "tensor of any type values or vector of any type values",
    accepts: |ctx, t| {
        matches!(
            ctx.type_kind(t),
            TypeKind::Tensor { .. } | TypeKind::UnrankedTensor { .. } | TypeKind::Vector { .. }
        )
    },
};

/// `Variadic<AnyTensor>:$operands` and `AnyTensor:$result`.
fn verify_tensor_op(ctx: &Context, module: &Module, op: OpId) -> Result<(), Diagnostic> {
    verify_structure(ctx, module, op, &ANY_TENSOR)
}

/// `Variadic<AnyTypeOf<[AnyTensor, AnyVectorOfAnyRank]>>` and the same result.
fn verify_shaped_op(ctx: &Context, module: &Module, op: OpId) -> Result<(), Diagnostic> {
    verify_structure(ctx, module, op, &ANY_TENSOR_OR_VECTOR)
}

/// What ODS generates for a variadic-operand, one-result op without regions
/// or successors, in upstream's order: the traits `ZeroRegions`,
/// `OneResult`, `ZeroSuccessors`, then the operand and result constraints
/// (`OpInvariants`). The Broadcastable trait runs after this.
fn verify_structure(
    ctx: &Context,
    module: &Module,
    op: OpId,
    constraint: &Constraint,
) -> Result<(), Diagnostic> {
    let o = module.op(op);
    let fail = |message: String| Err(op_error(ctx, module, op, message));
    if !o.regions().is_empty() {
        return fail("requires zero regions".into());
    }
    if module.num_results(op) != 1 {
        return fail("requires one result".into());
    }
    if !o.successors().is_empty() {
        return fail(format!(
            "requires 0 successors but found {}",
            o.successors().len()
        ));
    }
    for (i, &v) in module.operands(op).iter().enumerate() {
        let t = module.value_type(v);
        if !(constraint.accepts)(ctx, t) {
            return fail(format!(
                "operand #{i} must be variadic of {}, but got '{}'",
                constraint.summary,
                ctx.ty(t)
            ));
        }
    }
    let t = module.value_type(module.result(op, 0));
    if !(constraint.accepts)(ctx, t) {
        return fail(format!(
            "result #0 must be {}, but got '{}'",
            constraint.summary,
            ctx.ty(t)
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_op_is_broadcastable_and_verified() {
        for def in DIALECT.ops {
            assert!(def.broadcast_policy().is_some(), "{}", def.name);
            assert!(def.verify.is_some(), "{}", def.name);
            assert!(def.name.starts_with("test.broadcastable"), "{}", def.name);
        }
        assert_eq!(
            DIALECT.ops[0].broadcast_policy(),
            Some(BroadcastPolicy::NumPy)
        );
    }

    #[test]
    fn registration_opens_the_dialect() {
        let mut ctx = Context::new();
        register(&mut ctx);
        assert!(ctx.is_dialect_registered("test"));
        assert!(ctx.dialect_allows_unknown_ops("test"));
        assert!(!ctx.dialect_allows_unknown_ops("func"));
    }
}
