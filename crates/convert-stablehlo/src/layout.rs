//! The ops that move elements rather than compute them, and `dot_general`: each is
//! the `nd` op of the same semantics (`nd` took them from StableHLO).
//!
//! - `reshape` and `dynamic_reshape` are `nd.reshape` (row-major order; the
//!   dynamic one's shape operand cast to `index` entries);
//! - `transpose`, `concatenate`, `slice` are `nd.transpose`, `nd.concatenate`,
//!   `nd.slice` with the same attributes;
//! - `dynamic_slice` is `nd.dynamic_slice`: both clamp the starts into the
//!   operand;
//! - `iota` and `dynamic_iota` are `nd.iota` (the dynamic one's shape cast);
//! - `dot_general` is `nd.dot_general` with the same batch and contracting dims.
//!   `precision_config` is a hint for accelerators that compute in lower
//!   precision by default; `nd.dot_general` computes at the element type's
//!   precision, which every setting allows on a CPU.

use crate::{Converter, Pattern};
use tensor_dialect_nd::dot::DotGeneralOp;
use tensor_dialect_nd::iota::IotaOp;
use tensor_dialect_nd::slice::{DynamicSliceOp, SliceOp};
use tensor_dialect_nd::structure::{ConcatenateOp, ReshapeOp, TransposeOp};
use tensor_dialect_stablehlo::calls::DotGeneralOp as ShloDot;
use tensor_dialect_stablehlo::structure as shlo;
use tensor_ir::{Diagnostic, OpId, Value};

/// Malformed: the handle did not fit (the verifier ran first, so never).
fn malformed(cv: &Converter<'_>, op: OpId) -> Diagnostic {
    cv.refuse(op, "is malformed")
}

/// A shape operand as `tensor<Rxindex>`.
fn index_shape(cv: &mut Converter<'_>, op: OpId, shape: Value) -> Result<Value, Diagnostic> {
    cv.before(op);
    let index = cv.b.ctx.index_type();
    cv.cast_elements(op, shape, index)
}

fn reshape(cv: &mut Converter<'_>, op: OpId) -> Result<(), Diagnostic> {
    let x = cv.operand(op, 0)?;
    cv.rewrite(
        op,
        |cv, loc, t| ReshapeOp::build(&mut cv.b, loc, x, None, t),
        |h, m| h.result(m),
    )
}

fn dynamic_reshape(cv: &mut Converter<'_>, op: OpId) -> Result<(), Diagnostic> {
    let x = cv.operand(op, 0)?;
    let shape = cv.operand(op, 1)?;
    let shape = index_shape(cv, op, shape)?;
    cv.rewrite(
        op,
        |cv, loc, t| ReshapeOp::build(&mut cv.b, loc, x, Some(shape), t),
        |h, m| h.result(m),
    )
}

fn transpose(cv: &mut Converter<'_>, op: OpId) -> Result<(), Diagnostic> {
    let h = shlo::TransposeOp::cast(cv.b.ctx, cv.b.module, op).ok_or_else(|| malformed(cv, op))?;
    let x = h.operand(cv.b.module);
    let perm = h.permutation(cv.b.ctx, cv.b.module);
    cv.rewrite(
        op,
        |cv, loc, t| TransposeOp::build(&mut cv.b, loc, x, &perm, t),
        |h, m| h.result(m),
    )
}

fn concatenate(cv: &mut Converter<'_>, op: OpId) -> Result<(), Diagnostic> {
    let h =
        shlo::ConcatenateOp::cast(cv.b.ctx, cv.b.module, op).ok_or_else(|| malformed(cv, op))?;
    let inputs = h.inputs(cv.b.module).to_vec();
    let dim = h.dimension(cv.b.ctx, cv.b.module);
    cv.rewrite(
        op,
        |cv, loc, t| ConcatenateOp::build(&mut cv.b, loc, &inputs, dim, t),
        |h, m| h.result(m),
    )
}

fn slice(cv: &mut Converter<'_>, op: OpId) -> Result<(), Diagnostic> {
    let h = shlo::SliceOp::cast(cv.b.ctx, cv.b.module, op).ok_or_else(|| malformed(cv, op))?;
    let x = h.operand(cv.b.module);
    let start = h.start_indices(cv.b.ctx, cv.b.module);
    let limit = h.limit_indices(cv.b.ctx, cv.b.module);
    let strides = h.strides(cv.b.ctx, cv.b.module);
    cv.rewrite(
        op,
        |cv, loc, t| SliceOp::build(&mut cv.b, loc, x, &start, &limit, &strides, t),
        |h, m| h.result(m),
    )
}

fn dynamic_slice(cv: &mut Converter<'_>, op: OpId) -> Result<(), Diagnostic> {
    let h =
        shlo::DynamicSliceOp::cast(cv.b.ctx, cv.b.module, op).ok_or_else(|| malformed(cv, op))?;
    let x = h.operand(cv.b.module);
    let starts = h.start_indices(cv.b.module).to_vec();
    let sizes = h.slice_sizes(cv.b.ctx, cv.b.module);
    cv.rewrite(
        op,
        |cv, loc, t| DynamicSliceOp::build(&mut cv.b, loc, x, &starts, &sizes, t),
        |h, m| h.result(m),
    )
}

fn iota(cv: &mut Converter<'_>, op: OpId) -> Result<(), Diagnostic> {
    let h = shlo::IotaOp::cast(cv.b.ctx, cv.b.module, op).ok_or_else(|| malformed(cv, op))?;
    let dim = h.iota_dimension(cv.b.ctx, cv.b.module);
    cv.rewrite(
        op,
        |cv, loc, t| IotaOp::build(&mut cv.b, loc, None, dim, t),
        |h, m| h.result(m),
    )
}

fn dynamic_iota(cv: &mut Converter<'_>, op: OpId) -> Result<(), Diagnostic> {
    let h =
        shlo::DynamicIotaOp::cast(cv.b.ctx, cv.b.module, op).ok_or_else(|| malformed(cv, op))?;
    let dim = h.iota_dimension(cv.b.ctx, cv.b.module);
    let shape = h.output_shape(cv.b.module);
    let shape = index_shape(cv, op, shape)?;
    cv.rewrite(
        op,
        |cv, loc, t| IotaOp::build(&mut cv.b, loc, Some(shape), dim, t),
        |h, m| h.result(m),
    )
}

fn dot_general(cv: &mut Converter<'_>, op: OpId) -> Result<(), Diagnostic> {
    let h = ShloDot::cast(cv.b.ctx, cv.b.module, op).ok_or_else(|| malformed(cv, op))?;
    let (l, r) = (h.lhs(cv.b.module), h.rhs(cv.b.module));
    let [lb, rb, lc, rc] = h.dot_dimension_numbers(cv.b.ctx, cv.b.module).lists;
    cv.rewrite(
        op,
        |cv, loc, t| DotGeneralOp::build(&mut cv.b, loc, l, r, &lb, &rb, &lc, &rc, t),
        |h, m| h.result(m),
    )
}

const LAYOUT: &[(&str, Pattern)] = &[
    (shlo::ReshapeOp::NAME, reshape),
    (shlo::DynamicReshapeOp::NAME, dynamic_reshape),
    (shlo::TransposeOp::NAME, transpose),
    (shlo::ConcatenateOp::NAME, concatenate),
    (shlo::SliceOp::NAME, slice),
    (shlo::DynamicSliceOp::NAME, dynamic_slice),
    (shlo::IotaOp::NAME, iota),
    (shlo::DynamicIotaOp::NAME, dynamic_iota),
    (ShloDot::NAME, dot_general),
];

/// This module's patterns.
pub const PATTERNS: &[&[(&str, Pattern)]] = &[LAYOUT];
