//! `nd.iota`: indices along one dim, StableHLO's `iota` and `dynamic_iota`.

use tensor_ir::ods::attr_types::I64Attr;
use tensor_ir::ods::{TypeConstraint, describe};
use tensor_ir::registry::{OpTrait, Syntax};
use tensor_ir::{Context, Module, OpId};

use crate::broadcast::{check_dynamic_result_has_shape_after, check_shape_operand_at};
use crate::support::{SHAPE, VResult, fail, result_type, tensor_dims};

/// A ranked tensor of integer, index or float elements.
const RANKED_NUMERIC: TypeConstraint = TypeConstraint {
    summary: "ranked tensor of integer, index or float values",
    check: |ctx, t, s| {
        let numeric = crate::support::NUMERIC_TENSOR.check;
        numeric(ctx, t, s).or_else(|| {
            tensor_dims(ctx, t)
                .is_none()
                .then(|| format!("{s} must be a ranked tensor"))
        })
    },
};

tensor_ir::op! {
    /// StableHLO's `iota` and `dynamic_iota`: each element is its index along
    /// `iota_dimension`, converted to the element type (integers or floats). A
    /// result with `?` dims takes its sizes from a shape operand (`tensor<Rxindex>`).
    ///
    /// ```mlir
    /// %i = nd.iota dim = 1 : () -> tensor<2x3xi32>
    /// %d = nd.iota %shape, dim = 0 : (tensor<2xindex>) -> tensor<?x4xf32>
    /// ```
    ///
    /// The verifier checks: a ranked result of integer, index or float elements;
    /// `iota_dimension` is one of its dims; a result with `?` dims needs the shape
    /// operand, whose length (if static) is the result rank.
    pub struct IotaOp = "nd.iota" {
        summary: "indices along a dim",
        traits: [OpTrait::Pure],
        operands: { shape?: SHAPE },
        results: { result: RANKED_NUMERIC },
        attributes: { iota_dimension: I64Attr },
        syntax: Syntax::Format(
            "($shape^ `,`)? `dim` `=` $iota_dimension attr-dict `:` functional-type(operands, results)",
            &[],
        ),
        verify: verify_iota,
    }
}

impl IotaOp {
    /// The name of its `iota_dimension` attribute, for the layers that read it by name.
    pub const IOTA_DIMENSION: &str = "iota_dimension";
}

fn verify_iota(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let Some(this) = IotaOp::cast(ctx, module, op) else {
        return Ok(());
    };
    let Some(res) = result_type(module, op, 0) else {
        return Ok(());
    };
    let Some(rank) = tensor_dims(ctx, res).map(<[i64]>::len) else {
        return Ok(());
    };
    let d = this.iota_dimension(ctx, module);
    if usize::try_from(d).map_or(true, |u| u >= rank) {
        return fail(
            ctx,
            module,
            op,
            format!(
                "iota dimension {d} cannot go beyond the output rank or be negative: {} has rank {rank}",
                describe(ctx, "result", 0, res)
            ),
        );
    }
    if module.operands(op).is_empty() {
        check_dynamic_result_has_shape_after(ctx, module, op, 0, res)
    } else {
        check_shape_operand_at(ctx, module, op, 0, res)
    }
}
