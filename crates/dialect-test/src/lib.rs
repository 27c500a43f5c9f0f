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
//! a Broadcastable trait constant of `broadcastable-ir` and the generic verifier does the
//! rest. Like upstream's, the dialect accepts operations it does not define
//! (`test.op`, ...): register it with [`register`].

#![warn(missing_docs)]

use broadcastable_ir::{EQUAL_RANK, NUMPY, UNIDIRECTIONAL, XLA};
use tensor_ir::Context;
use tensor_ir::ods::DiagStyle;
use tensor_ir::ods::attr_types::DenseI64ArrayAttr;
use tensor_ir::ods::constraints::{ANY_TENSOR, ANY_TENSOR_OR_VECTOR};
use tensor_ir::registry::Dialect;

tensor_ir::op! {
    /// Upstream's `test.broadcastable`: variadic tensor operands, one tensor
    /// result, the `ResultsBroadcastableShape` trait.
    pub struct BroadcastableOp = "test.broadcastable" {
        summary: "upstream's broadcastable test op",
        traits: [NUMPY],
        operands: { operands*: ANY_TENSOR },
        results: { result: ANY_TENSOR },
        style: DiagStyle::Ods,
    }
}

tensor_ir::op! {
    /// Broadcastable (NumPy) over tensors or vectors.
    pub struct BroadcastableShapedOp = "test.broadcastable_shaped" {
        summary: "NumPy broadcasting over tensors or vectors",
        traits: [NUMPY],
        operands: { operands*: ANY_TENSOR_OR_VECTOR },
        results: { result: ANY_TENSOR_OR_VECTOR },
        style: DiagStyle::Ods,
    }
}

tensor_ir::op! {
    /// Broadcastable with the TOSA-like equal-rank policy.
    pub struct BroadcastableEqualRankOp = "test.broadcastable_equal_rank" {
        summary: "broadcasting between equal ranks only",
        traits: [EQUAL_RANK],
        operands: { operands*: ANY_TENSOR },
        results: { result: ANY_TENSOR },
        style: DiagStyle::Ods,
    }
}

tensor_ir::op! {
    /// Broadcastable with XLA's explicit `broadcast_dimensions`.
    pub struct BroadcastableInDimOp = "test.broadcastable_in_dim" {
        summary: "XLA broadcast_dimensions",
        traits: [XLA],
        operands: { operands*: ANY_TENSOR },
        results: { result: ANY_TENSOR },
        attributes: { broadcast_dimensions?: DenseI64ArrayAttr },
        style: DiagStyle::Ods,
    }
}

tensor_ir::op! {
    /// Broadcastable in place: operands #1.. broadcast into operand #0's shape.
    pub struct BroadcastableInPlaceOp = "test.broadcastable_in_place" {
        summary: "unidirectional (in-place) broadcasting",
        traits: [UNIDIRECTIONAL],
        operands: { operands*: ANY_TENSOR },
        results: { result: ANY_TENSOR },
        style: DiagStyle::Ods,
    }
}

/// The `test` dialect.
pub static DIALECT: Dialect = Dialect {
    name: "test",
    description: "# The `test` dialect\n\nUpstream's `test.broadcastable` and one op per broadcasting policy.",
    ops: &[
        BroadcastableOp::DEF,
        BroadcastableShapedOp::DEF,
        BroadcastableEqualRankOp::DEF,
        BroadcastableInDimOp::DEF,
        BroadcastableInPlaceOp::DEF,
    ],
};

/// Registers the `test` dialect in `ctx`, accepting unknown `test.*` ops as
/// upstream's test dialect does, and the Broadcastable trait its ops list.
pub fn register(ctx: &mut Context) {
    ctx.register_open_dialect(&DIALECT);
    broadcastable_ir::register(ctx);
}

#[cfg(test)]
mod tests {
    use super::*;

    use broadcastable_ir::{BroadcastPolicy, policy_of};

    #[test]
    fn every_op_is_broadcastable_and_well_formed() {
        for def in DIALECT.ops {
            assert!(policy_of(def).is_some(), "{}", def.name);
            assert!(def.name.starts_with("test.broadcastable"), "{}", def.name);
            assert!(
                tensor_ir::ods::docs::validate(def).is_empty(),
                "{:?}",
                tensor_ir::ods::docs::validate(def)
            );
        }
        assert_eq!(policy_of(&DIALECT.ops[0]), Some(BroadcastPolicy::NumPy));
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
