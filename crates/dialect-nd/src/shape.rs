//! Shape ops for dynamic programs: `nd.shape_of`, `nd.dim` and `nd.broadcast_shapes`.
//! Shapes are values of type `tensor<Nxindex>`.

use broadcastable::{Dim, Shape, onnx};
use tensor_ir::ods::attr_types::I64Attr;
use tensor_ir::ods::describe;
use tensor_ir::registry::{OpTrait, Syntax};
use tensor_ir::{Context, Module, NamedAttr, OpId, Type};

use crate::support::{
    INDEX_OR_SCALAR, SHAPE, TENSOR, VResult, expect_dim_of_operand, fail, operand_type,
    result_type, shape_length, shape_type, tensor_dims,
};

/// The functional custom form: operands, attributes, `(types) -> results`.
const FUNCTIONAL: Syntax = Syntax::Format(
    "operands attr-dict `:` functional-type(operands, results)",
    &[],
);

/// Checks result #0 is a shape of `expected` entries (`None`: unknown, so the result's
/// length must be `?`). `why` explains the expectation.
fn check_result_length(
    ctx: &Context,
    module: &Module,
    op: OpId,
    expected: Option<usize>,
    why: &str,
) -> VResult {
    let Some(r) = result_type(module, op, 0) else {
        return Ok(());
    };
    match (expected, shape_length(ctx, r)) {
        (_, None) => Ok(()),
        (Some(n), Some(m)) if n == m => Ok(()),
        (Some(n), Some(_)) => fail(
            ctx,
            module,
            op,
            format!(
                "{} must have {n} entries ('tensor<{n}xindex>' or 'tensor<?xindex>'), {why}",
                describe(ctx, "result", 0, r)
            ),
        ),
        (None, Some(_)) => fail(
            ctx,
            module,
            op,
            format!(
                "{} must have a dynamic length ('tensor<?xindex>'): {why}",
                describe(ctx, "result", 0, r)
            ),
        ),
    }
}

/// A shape of `rank` entries, or of `?` entries when the rank is unknown.
fn shape_of_rank(ctx: &mut Context, rank: Option<usize>) -> Type {
    let len = rank
        .and_then(|r| i64::try_from(r).ok())
        .unwrap_or(tensor_ir::DYNAMIC);
    shape_type(ctx, len)
}

/// The result type of `nd.shape_of`: one entry per operand dim.
fn infer_shape_of(ctx: &mut Context, operands: &[Type], _: &[NamedAttr]) -> Option<Vec<Type>> {
    let rank = tensor_dims(ctx, *operands.first()?).map(<[i64]>::len);
    Some(vec![shape_of_rank(ctx, rank)])
}

tensor_ir::op! {
    /// The operand's shape as a value.
    ///
    /// ```mlir
    /// %s = nd.shape_of %x : (tensor<2x?xf32>) -> tensor<2xindex>
    /// ```
    ///
    /// The result is `tensor<Rxindex>` with `R` the operand's rank, or
    /// `tensor<?xindex>` (required for an unranked operand).
    pub struct ShapeOfOp = "nd.shape_of" {
        summary: "the shape of a tensor",
        traits: [OpTrait::Pure],
        operands: { input: TENSOR },
        results: { result: SHAPE },
        syntax: FUNCTIONAL,
        verify: verify_shape_of,
        infer: infer_shape_of,
    }
}

fn verify_shape_of(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let Some(t) = operand_type(module, op, 0) else {
        return Ok(());
    };
    let rank = tensor_dims(ctx, t).map(<[i64]>::len);
    let why = match rank {
        Some(_) => format!("the rank of {}", describe(ctx, "operand", 0, t)),
        None => format!("{} is unranked", describe(ctx, "operand", 0, t)),
    };
    check_result_length(ctx, module, op, rank, &why)
}

/// The result type of `nd.dim`: a 0-D tensor of index.
fn infer_dim(ctx: &mut Context, _: &[Type], _: &[NamedAttr]) -> Option<Vec<Type>> {
    let index = ctx.index_type();
    Some(vec![ctx.tensor_type(&[], index)])
}

tensor_ir::op! {
    /// The size of one dim.
    ///
    /// ```mlir
    /// %n = nd.dim %x[1] : (tensor<2x?xf32>) -> tensor<index>
    /// ```
    ///
    /// `index` is a dim of the operand (non-negative; below the rank if ranked); the
    /// result is `index` or `tensor<index>` (the latter feeds `nd.cast` and
    /// elementwise ops, e.g. a mean's divisor).
    pub struct DimOp = "nd.dim" {
        summary: "the size of one dim of a tensor",
        traits: [OpTrait::Pure],
        operands: { input: TENSOR },
        results: { result: INDEX_OR_SCALAR },
        attributes: { index: I64Attr },
        syntax: Syntax::Format(
            "$input `[` $index `]` attr-dict `:` functional-type(operands, results)",
            &[],
        ),
        verify: verify_dim,
        infer: infer_dim,
    }
}

fn verify_dim(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let Some(this) = DimOp::cast(ctx, module, op) else {
        return Ok(());
    };
    let t = module.value_type(this.input(module));
    let index = this.index(ctx, module);
    expect_dim_of_operand(ctx, module, op, t, index, &format!("index {index}"))
}

/// The length of the broadcast of shapes: the longest, `None` if one is `?`.
fn broadcast_length(ctx: &Context, operands: &[Type]) -> Option<usize> {
    // A shape of length n broadcasts like a rank-n operand of unknown sizes.
    let as_shapes: Vec<Shape> = operands
        .iter()
        .map(|&t| match shape_length(ctx, t) {
            Some(n) => Shape::ranked(std::iter::repeat_n(Dim::Dynamic, n)),
            None => Shape::Unranked,
        })
        .collect();
    onnx::common_shape(&as_shapes)
        .ok()
        .and_then(|c| c.shape.rank())
}

/// The result type of `nd.broadcast_shapes`.
fn infer_broadcast_shapes(
    ctx: &mut Context,
    operands: &[Type],
    _: &[NamedAttr],
) -> Option<Vec<Type>> {
    let rank = broadcast_length(ctx, operands);
    Some(vec![shape_of_rank(ctx, rank)])
}

tensor_ir::op! {
    /// The NumPy broadcast of N shapes, computed at run time; shapes that do not
    /// broadcast are a run-time error at this op's location.
    ///
    /// ```mlir
    /// %s = nd.broadcast_shapes %s0, %s1 : (tensor<2xindex>, tensor<3xindex>) -> tensor<3xindex>
    /// ```
    ///
    /// The result is a shape whose length is the longest operand's (`?` allowed), and
    /// `?` if some operand's length is `?`.
    pub struct BroadcastShapesOp = "nd.broadcast_shapes" {
        summary: "the broadcast of N shapes",
        traits: [OpTrait::Pure],
        operands: { shapes*: SHAPE },
        results: { result: SHAPE },
        syntax: FUNCTIONAL,
        verify: verify_broadcast_shapes,
        infer: infer_broadcast_shapes,
    }
}

fn verify_broadcast_shapes(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let operands = module.operand_types(op);
    if operands.is_empty() {
        return fail(ctx, module, op, "expected at least 1 operands, but found 0");
    }
    let rank = broadcast_length(ctx, &operands);
    let why = match rank {
        Some(_) => "the length of the longest operand".to_owned(),
        None => {
            let k = operands
                .iter()
                .position(|&t| shape_length(ctx, t).is_none())
                .unwrap_or(0);
            format!("operand #{k} has a dynamic length")
        }
    };
    check_result_length(ctx, module, op, rank, &why)
}
