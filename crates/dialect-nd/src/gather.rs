//! Gathers with ONNX's semantics: `nd.gather` (ONNX `Gather`, NumPy's `take`)
//! and `nd.gather_elements` (ONNX `GatherElements`, NumPy's `take_along_axis`).
//! Indices may be negative (counted from the end of the axis); one outside
//! `[-n, n)` is a run-time error at the op, never a wrap.

use broadcastable::{Dim, Shape};
use tensor_ir::ods::attr_types::I64Attr;
use tensor_ir::ods::{TypeConstraint, describe};
use tensor_ir::registry::{OpTrait, Syntax};
use tensor_ir::{Context, DYNAMIC, Module, NamedAttr, OpId, Type};

use crate::reduce::check_result;
use crate::support::{
    RANKED_TENSOR, VResult, dims_of, fail, operand_type, ranked_result, same_element_as_operand,
    tensor_dims, tensor_elem,
};

/// Ranked indices of integer or index elements (any width: ONNX has `int32` and `int64`).
const INDICES: TypeConstraint = TypeConstraint {
    summary: "ranked tensor of integer or index values",
    check: |ctx, t, s| {
        let integer = crate::support::INTEGER_TENSOR.check;
        integer(ctx, t, s).or_else(|| {
            tensor_dims(ctx, t)
                .is_none()
                .then(|| format!("{s} must be a ranked tensor"))
        })
    },
};

/// `axis` as a dim of a rank-`rank` tensor, if it is one.
fn axis_in(axis: i64, rank: usize) -> Option<usize> {
    usize::try_from(axis).ok().filter(|&a| a < rank)
}

/// `data.shape[:axis] + indices.shape + data.shape[axis+1:]`.
pub fn gather_dims(data: &[i64], indices: &[i64], axis: usize) -> Option<Vec<Dim>> {
    let (before, after) = (data.get(..axis)?, data.get(axis.checked_add(1)?..)?);
    Some(
        dims_of(before)
            .into_iter()
            .chain(dims_of(indices))
            .chain(dims_of(after))
            .collect(),
    )
}

/// The result type of `nd.gather`.
fn infer_gather(ctx: &mut Context, operands: &[Type], props: &[NamedAttr]) -> Option<Vec<Type>> {
    let (data, indices) = (*operands.first()?, *operands.get(1)?);
    let axis = GatherAdaptor::new(ctx, props).axis()?;
    let d = tensor_dims(ctx, data)?;
    let dims = gather_dims(d, tensor_dims(ctx, indices)?, axis_in(axis, d.len())?)?;
    let elem = tensor_elem(ctx, data)?;
    ranked_result(ctx, dims, elem)
}

tensor_ir::op! {
    /// ONNX's `Gather` (NumPy's `take(data, indices, axis)`): the slices of `data`
    /// along `axis` at each of `indices`. The result has shape
    /// `data.shape[:axis] + indices.shape + data.shape[axis+1:]`; indices may have
    /// any rank (0-D too) and any integer type. A negative index counts from the
    /// end of the axis; one outside `[-n, n)` (`n` the axis' size) is a run-time
    /// error at the op.
    ///
    /// ```mlir
    /// %g = nd.gather %x[%i], axis = 1 : (tensor<3x5xf32>, tensor<2xi64>) -> tensor<3x2xf32>
    /// ```
    ///
    /// The verifier checks: ranked operands; integer indices; `0 ≤ axis < rank`
    /// of `data`; the result has `data`'s element type and the shape above.
    pub struct GatherOp = "nd.gather" {
        summary: "slices of data at indices along an axis (ONNX Gather)",
        adaptor: GatherAdaptor,
        traits: [OpTrait::Pure],
        operands: { data: RANKED_TENSOR, indices: INDICES },
        results: { result: RANKED_TENSOR },
        attributes: { axis: I64Attr },
        syntax: Syntax::Format(
            "$data `[` $indices `]` `,` `axis` `=` $axis attr-dict `:` functional-type(operands, results)",
            &[],
        ),
        verify: verify_gather,
        infer: infer_gather,
    }
}

impl GatherOp {
    /// The name of its `axis` attribute, for the layers that read it by name.
    pub const AXIS: &str = "axis";
}

/// The `axis` of `op`, checked against `data`'s rank: `Ok(None)` when `data` is
/// not ranked (its constraint reports that).
fn checked_axis<'a>(
    ctx: &'a Context,
    module: &Module,
    op: OpId,
    axis: i64,
) -> Result<Option<(usize, &'a [i64])>, tensor_ir::Diagnostic> {
    let Some(t) = operand_type(module, op, 0) else {
        return Ok(None);
    };
    let Some(d) = tensor_dims(ctx, t) else {
        return Ok(None);
    };
    match axis_in(axis, d.len()) {
        Some(a) => Ok(Some((a, d))),
        None => {
            fail(
                ctx,
                module,
                op,
                format!(
                    "axis {axis} is negative or not below the rank {} of {}",
                    d.len(),
                    describe(ctx, "operand", 0, t)
                ),
            )?;
            Ok(None)
        }
    }
}

fn verify_gather(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let Some(this) = GatherOp::cast(ctx, module, op) else {
        return Ok(());
    };
    same_element_as_operand(ctx, module, op, (0, 0))?;
    let Some((axis, data)) = checked_axis(ctx, module, op, this.axis(ctx, module))? else {
        return Ok(());
    };
    let Some(indices) = operand_type(module, op, 1).and_then(|t| tensor_dims(ctx, t)) else {
        return Ok(());
    };
    let Some(dims) = gather_dims(data, indices, axis) else {
        return Ok(());
    };
    check_result(
        ctx,
        module,
        op,
        Shape::ranked(dims),
        "(data's dims before axis, indices' dims, data's dims after axis)",
    )
}

/// The result type of `nd.gather_elements`: indices' shape, data's element type.
fn infer_gather_elements(
    ctx: &mut Context,
    operands: &[Type],
    props: &[NamedAttr],
) -> Option<Vec<Type>> {
    let (data, indices) = (*operands.first()?, *operands.get(1)?);
    let axis = GatherElementsAdaptor::new(ctx, props).axis()?;
    let d = tensor_dims(ctx, data)?;
    let i = tensor_dims(ctx, indices)?;
    axis_in(axis, d.len())?;
    (elements_error(d, i, axis).is_none()).then_some(())?;
    let dims = dims_of(i).into_vec();
    let elem = tensor_elem(ctx, data)?;
    ranked_result(ctx, dims, elem)
}

/// Why `indices` (dims `i`) cannot index `data` (dims `d`) along `axis` by
/// ONNX's rule (same rank; off the axis, no size above data's); `None` if they
/// can, or where a `?` leaves it to the run-time check.
pub fn elements_error(d: &[i64], i: &[i64], axis: i64) -> Option<String> {
    if d.len() != i.len() {
        return Some(format!(
            "indices have rank {} but data has rank {}: they must have the same rank",
            i.len(),
            d.len()
        ));
    }
    let axis = usize::try_from(axis).ok();
    d.iter()
        .zip(i)
        .enumerate()
        .find(|&(k, (&n, &m))| Some(k) != axis && n != DYNAMIC && m != DYNAMIC && m > n)
        .map(|(k, (n, m))| {
            format!("indices' size {m} in dim {k} is larger than data's size {n} (off the axis, indices' sizes must not exceed data's)")
        })
}

tensor_ir::op! {
    /// ONNX's `GatherElements` (NumPy's `take_along_axis`): each result element is
    /// `data` at its own position with the coordinate along `axis` replaced by the
    /// index there. `indices` has `data`'s rank, and off the axis no size larger
    /// than `data`'s (ONNX's rule; a `?` size is checked at run time, an error at
    /// the op); the result has `indices`' shape. A negative index counts from the
    /// end of the axis; one outside `[-n, n)` is a run-time error at the op.
    ///
    /// ```mlir
    /// %g = nd.gather_elements %x[%i], axis = 0 : (tensor<3x4xf32>, tensor<2x4xi32>) -> tensor<2x4xf32>
    /// ```
    ///
    /// The verifier checks: ranked operands of the same rank; integer indices;
    /// `0 ≤ axis < rank`; off the axis, static sizes of `indices` at most
    /// `data`'s; the result has `data`'s element type and `indices`' shape.
    pub struct GatherElementsOp = "nd.gather_elements" {
        summary: "elements of data at indices along an axis (ONNX GatherElements)",
        adaptor: GatherElementsAdaptor,
        traits: [OpTrait::Pure],
        operands: { data: RANKED_TENSOR, indices: INDICES },
        results: { result: RANKED_TENSOR },
        attributes: { axis: I64Attr },
        syntax: Syntax::Format(
            "$data `[` $indices `]` `,` `axis` `=` $axis attr-dict `:` functional-type(operands, results)",
            &[],
        ),
        verify: verify_gather_elements,
        infer: infer_gather_elements,
    }
}

impl GatherElementsOp {
    /// The name of its `axis` attribute, for the layers that read it by name.
    pub const AXIS: &str = "axis";
}

fn verify_gather_elements(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let Some(this) = GatherElementsOp::cast(ctx, module, op) else {
        return Ok(());
    };
    same_element_as_operand(ctx, module, op, (0, 0))?;
    let axis = this.axis(ctx, module);
    let Some((_, data)) = checked_axis(ctx, module, op, axis)? else {
        return Ok(());
    };
    let Some(indices) = operand_type(module, op, 1).and_then(|t| tensor_dims(ctx, t)) else {
        return Ok(());
    };
    if let Some(message) = elements_error(data, indices, axis) {
        return fail(ctx, module, op, message);
    }
    check_result(
        ctx,
        module,
        op,
        Shape::ranked(dims_of(indices)),
        "(indices' shape)",
    )
}
