//! `nd.constant` and the explicit broadcasts. None of them copies: a constant is
//! a view of its attribute's storage, a broadcast a view with stride 0 in the
//! dims it repeats. Their run-time checks (a `?` that turns out neither 1 nor the
//! target size, a shape operand that contradicts the declared type) are errors
//! at the op.

use super::{KernelCx, KernelResult, algebra_shape, concrete, shape_text, type_layout};
use crate::tensor::{Dims, Tensor};
use broadcastable::{Error, Policy, array_api, onnx};
use smallvec::SmallVec;
use tensor_dialect_nd::constant::ConstantOp;
use tensor_ir::Diagnostic;

/// `nd.constant`: a view of the `dense<...>` storage, not a copy.
pub(crate) fn constant(cx: &KernelCx<'_>, _: Vec<Tensor>) -> KernelResult {
    let value = ConstantOp::cast(cx.ctx, cx.module, cx.op)
        .map(|c| c.value(cx.ctx, cx.module))
        .and_then(|a| cx.ctx.as_dense_elements(a));
    let Some((ty, values)) = value else {
        return Err(cx.error("has no dense value"));
    };
    let layout = type_layout(cx.ctx, ty);
    let tensor = layout.and_then(|(elem, dims)| {
        let dims: Option<Dims> = dims?.iter().map(|&d| usize::try_from(d).ok()).collect();
        Tensor::from_dense(elem, &dims?, values)
    });
    tensor.map(|t| vec![t]).ok_or_else(|| {
        cx.error(format!(
            "has a value of type '{}', whose elements the interpreter does not execute",
            cx.ctx.ty(ty)
        ))
    })
}

/// The entries of a shape operand as sizes (a negative entry is an error).
fn sizes_of(cx: &KernelCx<'_>, shape: &Tensor, k: usize) -> Result<Dims, Diagnostic> {
    cx.entries(k, shape)?
        .into_iter()
        .enumerate()
        .map(|(i, v)| {
            usize::try_from(v).map_err(|_| {
                cx.error(format!(
                    "operand #{k}, the shape, has entry {i} = {v} at run time, which is not a size"
                ))
            })
        })
        .collect()
}

/// The result shape of a broadcast to a shape operand: its entries, which must
/// agree with the static dims of the declared result type.
pub(crate) fn target_from_operand(
    cx: &KernelCx<'_>,
    shape: &Tensor,
    k: usize,
) -> Result<Dims, Diagnostic> {
    let sizes = sizes_of(cx, shape, k)?;
    let declared = cx.result_type(0).and_then(|t| type_layout(cx.ctx, t));
    if let Some((_, Some(dims))) = declared {
        let ty = cx
            .result_type(0)
            .map(|t| cx.ctx.ty(t).to_string())
            .unwrap_or_default();
        if dims.len() != sizes.len() {
            return Err(cx.error(format!(
                "operand #{k}, the shape, is {} at run time: {} entries, but the result type '{ty}' has rank {}",
                shape_text(&sizes),
                sizes.len(),
                dims.len()
            )));
        }
        for (j, (&d, &s)) in dims.iter().zip(&sizes).enumerate() {
            if d != tensor_ir::DYNAMIC && usize::try_from(d).ok() != Some(s) {
                return Err(cx.error(format!(
                    "operand #{k}, the shape, is {} at run time, but the result type '{ty}' has size {d} in dim {j}",
                    shape_text(&sizes)
                )));
            }
        }
    }
    Ok(sizes)
}

/// `nd.broadcast_in_dim`: operand dim `i` becomes result dim
/// `broadcast_dimensions[i]` (a 1 stretches), the other result dims repeat.
pub(crate) fn broadcast_in_dim(cx: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    let operand = &operands[0];
    let map: SmallVec<[usize; 4]> = cx
        .i64_array(tensor_dialect_nd::BROADCAST_DIMENSIONS)
        .unwrap_or_default()
        .iter()
        .map(|&d| usize::try_from(d).unwrap_or(usize::MAX))
        .collect();
    let result: Dims = match operands.get(1) {
        Some(shape) => target_from_operand(cx, shape, 1)?,
        None => {
            let dims = cx
                .result_type(0)
                .and_then(|t| type_layout(cx.ctx, t))
                .and_then(|(_, d)| d)
                .unwrap_or(&[]);
            dims.iter()
                .map(|&d| usize::try_from(d).unwrap_or(0))
                .collect()
        }
    };
    if map.len() != operand.rank() || map.iter().any(|&m| m >= result.len()) {
        return Err(cx.error(format!(
            "broadcast_dimensions do not place operand #0 of shape {} into a result of rank {}",
            shape_text(operand.shape()),
            result.len()
        )));
    }
    for (i, (&size, &to)) in operand.shape().iter().zip(&map).enumerate() {
        if size != 1 && size != result[to] {
            return Err(cx.error(format!(
                "operand #0 dim {i} has size {size} at run time, which is neither 1 nor the size {} of result dim {to} it is mapped to (operand shape {}, result shape {})",
                result[to],
                shape_text(operand.shape()),
                shape_text(&result)
            )));
        }
    }
    for k in cx
        .i64_array(tensor_dialect_nd::broadcast::BroadcastInDimOp::KNOWN_NONEXPANDING_DIMENSIONS)
        .unwrap_or_default()
    {
        let Some(i) = usize::try_from(k).ok().filter(|&i| i < operand.rank()) else {
            continue;
        };
        let (size, to) = (operand.shape()[i], map[i]);
        if size != result[to] {
            return Err(cx.error(format!(
                "known_nonexpanding_dimensions lists operand dim {i}, but at run time it has size {size} and expands to size {} in result dim {to}",
                result[to]
            )));
        }
    }
    Ok(vec![operand.broadcast_view(&result, &map)])
}

/// Checks the Array API's `broadcast_to` of `source` into `target` (NumPy rules,
/// one way).
fn check_broadcast_to(
    cx: &KernelCx<'_>,
    source: &[usize],
    target: &[usize],
) -> Result<(), Diagnostic> {
    match array_api::broadcast_to(&algebra_shape(source), &algebra_shape(target)) {
        Ok(_) => Ok(()),
        Err(Error::RankTooHigh { rank, target_rank, .. }) => Err(cx.error(format!(
            "operand #0 has shape {} at run time, of rank {rank}, which cannot be broadcast to shape {} of rank {target_rank}: broadcasting only prepends dims",
            shape_text(source),
            shape_text(target)
        ))),
        Err(Error::Incompatible(c)) => Err(cx.error(format!(
            "operand #0 dim {} has size {} at run time, which is neither 1 nor the size {} of result dim {} (operand shape {}, target shape {})",
            c.second.dim,
            c.second_size,
            c.first_size,
            c.result_dim,
            shape_text(source),
            shape_text(target)
        ))),
        Err(e) => Err(cx.error(format!(
            "operand #0 of shape {} cannot be broadcast to shape {}: {e}",
            shape_text(source),
            shape_text(target)
        ))),
    }
}

/// `nd.broadcast_to`: the operand broadcast one way into the `shape` attribute or
/// the shape operand (whose length may make an unranked result's rank).
pub(crate) fn broadcast_to(cx: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    let operand = &operands[0];
    let target: Dims = match operands.get(1) {
        Some(shape) => target_from_operand(cx, shape, 1)?,
        None => cx
            .i64_array(tensor_dialect_nd::broadcast::BroadcastToOp::SHAPE)
            .unwrap_or_default()
            .iter()
            .map(|&d| usize::try_from(d).unwrap_or(0))
            .collect(),
    };
    check_broadcast_to(cx, operand.shape(), &target)?;
    Ok(vec![operand.numpy_view(&target)])
}

/// `nd.broadcast`: the ONNX N-ary broadcast (constraint C1: a 0 does not stretch
/// against a 1), one view per operand.
pub(crate) fn broadcast(cx: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    let shapes: Vec<_> = operands.iter().map(|t| algebra_shape(t.shape())).collect();
    let common = onnx::common_shape(&shapes)
        .ok()
        .and_then(|i| concrete(&i.shape));
    let Some(common) = common else {
        let list: SmallVec<[&[usize]; 4]> = operands.iter().map(Tensor::shape).collect();
        let why = match onnx::common_shape(&shapes) {
            Err(e) => e.to_string(),
            Ok(_) => "no static common shape".to_owned(),
        };
        return Err(cx.error(format!(
            "operands have no common broadcast shape at run time: {why} (operand shapes {})",
            list.iter()
                .map(|s| shape_text(s))
                .collect::<Vec<_>>()
                .join(", ")
        )));
    };
    Ok(operands.iter().map(|t| t.numpy_view(&common)).collect())
}

/// `nd.assign`: `dst[...] = src` as a value: every element of the result comes
/// from `src`, so the result is `src` broadcast into `dst`'s shape.
pub(crate) fn assign(cx: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    let (dst, src) = (&operands[0], &operands[1]);
    let shapes = [algebra_shape(dst.shape()), algebra_shape(src.shape())];
    if let Err(e) = broadcastable::infer(&Policy::Unidirectional, &shapes) {
        return Err(cx.error(super::shape::in_place_error(
            &e,
            &[dst.shape(), src.shape()],
        )));
    }
    Ok(vec![src.numpy_view(dst.shape())])
}
