//! The structural ops: `nd.reshape`, `nd.transpose`, `nd.concatenate`,
//! `nd.slice`, `nd.dynamic_slice` and `nd.iota`. Transposes and slices are views
//! of their operand (new strides and offset, no copy); a reshape copies only an
//! operand that is not row-major already; concatenation copies each operand's
//! rows once. Run-time sizes that contradict the op are errors at the op.

use super::broadcast::target_from_operand;
use super::shape::int_prop;
use super::{KernelCx, KernelResult, shape_text, type_layout};
use crate::elem::{Num, Wide, with_num};
use crate::tensor::{Dims, Tensor, c_strides, num_elements};
use tensor_dialect_nd::iota::IotaOp;
use tensor_dialect_nd::scalar::ArithScalar;
use tensor_dialect_nd::slice::{DynamicSliceOp, SliceOp};
use tensor_dialect_nd::structure::{ConcatenateOp, TransposeOp};
use tensor_ir::Diagnostic;

/// `t` in row-major order: itself when it already is, else a copy counted
/// against the memory limit.
pub(crate) fn dense(cx: &KernelCx<'_>, t: &Tensor) -> Result<Tensor, Diagnostic> {
    if t.is_contiguous() {
        return Ok(t.clone());
    }
    crate::dispatch_store!(t.elem(), S => {
        let mut out = cx.alloc::<S>(t.shape())?;
        t.gather_into::<S>(out.as_mut_slice());
        Ok(Tensor::from_owned(t.elem(), t.shape(), out))
    })
}

/// The sizes of the declared result type, which must all be static (the
/// verifier requires a shape operand otherwise).
fn declared_dims(cx: &KernelCx<'_>) -> Result<Dims, Diagnostic> {
    cx.result_type(0)
        .and_then(|t| type_layout(cx.ctx, t))
        .and_then(|(_, dims)| dims?.iter().map(|&d| usize::try_from(d).ok()).collect())
        .ok_or_else(|| cx.error("has a result with dynamic sizes and no shape operand"))
}

/// The shape of the result: the shape operand #`k`'s entries if there is one,
/// else the declared type's sizes.
fn result_shape(cx: &KernelCx<'_>, shape: Option<&Tensor>, k: usize) -> Result<Dims, Diagnostic> {
    match shape {
        Some(s) => target_from_operand(cx, s, k),
        None => declared_dims(cx),
    }
}

/// `nd.reshape`: the elements in row-major order, in the result's shape.
pub(crate) fn reshape(cx: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    let x = &operands[0];
    let shape = result_shape(cx, operands.get(1), 1)?;
    let n = num_elements(&shape);
    if n != num_elements(x.shape()) {
        return Err(cx.error(format!(
            "reshapes operand #0 of shape {} ({} elements) to {} ({}) at run time: the numbers of elements differ",
            shape_text(x.shape()),
            x.len(),
            shape_text(&shape),
            n.map_or_else(|| "more than 2^64 elements".to_owned(), |n| format!("{n} elements"))
        )));
    }
    let t = dense(cx, x)?;
    t.reshaped(&shape)
        .map(|t| vec![t])
        .ok_or_else(|| cx.error("could not lay out its result"))
}

/// The `i64` array `name`, one entry per dim of operand #0 (of `rank`), checked at
/// run time (the operand may have been unranked when verified).
fn per_dim(cx: &KernelCx<'_>, name: &str, x: &Tensor) -> Result<Vec<i64>, Diagnostic> {
    let list = cx.i64_array(name).unwrap_or_default();
    if list.len() != x.rank() {
        return Err(cx.error(format!(
            "has {} entries in {name} but operand #0 has shape {} at run time (rank {})",
            list.len(),
            shape_text(x.shape()),
            x.rank()
        )));
    }
    Ok(list)
}

/// `nd.transpose`: a view with the dims permuted.
pub(crate) fn transpose(cx: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    let x = &operands[0];
    let perm = per_dim(cx, TransposeOp::PERMUTATION, x)?;
    let mut seen = vec![false; x.rank()];
    let perm: Option<Vec<usize>> = perm
        .iter()
        .map(|&p| {
            let p = usize::try_from(p).ok().filter(|&p| p < x.rank())?;
            (!std::mem::replace(&mut seen[p], true)).then_some(p)
        })
        .collect();
    let perm = perm.ok_or_else(|| cx.error("has a permutation that is not one"))?;
    Ok(vec![x.permuted(&perm)])
}

/// `nd.concatenate`: the operands' rows one after the other along `dimension`.
pub(crate) fn concatenate(cx: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    let Some(first) = operands.first() else {
        return Err(cx.error("has no operands"));
    };
    let rank = first.rank();
    let dim = int_prop(cx, ConcatenateOp::DIMENSION)
        .and_then(|d| usize::try_from(d).ok())
        .filter(|&d| d < rank)
        .ok_or_else(|| {
            cx.error(format!(
                "has no dimension of operand #0, of shape {} at run time",
                shape_text(first.shape())
            ))
        })?;
    let mut shape: Dims = first.shape().into();
    shape[dim] = 0;
    for (j, t) in operands.iter().enumerate() {
        let differs =
            t.rank() != rank || (0..rank).any(|k| k != dim && t.shape()[k] != first.shape()[k]);
        if differs {
            return Err(cx.error(format!(
                "concatenates along dim {dim} operand #0 of shape {} and operand #{j} of shape {} at run time: their other dims differ",
                shape_text(first.shape()),
                shape_text(t.shape())
            )));
        }
        shape[dim] = shape[dim]
            .checked_add(t.shape()[dim])
            .ok_or_else(|| cx.error("has a result of more than 2^64 elements"))?;
    }
    let elem = first.elem();
    if shape.contains(&0) {
        // No elements to copy, and the products below might not fit.
        return crate::dispatch_store!(elem, S => {
            let out = cx.alloc::<S>(&shape)?;
            Ok(vec![Tensor::from_owned(elem, &shape, out)])
        });
    }
    // The result's allocation bounds these products.
    let outer: usize = first.shape()[..dim].iter().product();
    let inner: usize = shape[dim + 1..].iter().product();
    let tensor = crate::dispatch_store!(elem, S => {
        let mut out = cx.alloc::<S>(&shape)?;
        let row = shape[dim] * inner;
        let mut at = 0;
        let slots = out.as_mut_slice();
        for t in &operands {
            let block = t.shape()[dim] * inner;
            if block > 0 {
                let t = dense(cx, t)?;
                let src = t.as_slice::<S>().unwrap_or(&[]);
                for (o, chunk) in src.chunks_exact(block).enumerate().take(outer) {
                    let start = o * row + at;
                    slots[start..start + block].copy_from_slice(chunk);
                }
            }
            at += block;
        }
        Tensor::from_owned(elem, &shape, out)
    });
    Ok(vec![tensor])
}

/// The view of `x` from `start` (in bounds, or the result is empty) with
/// `sizes` elements every `steps` in each dim.
fn strided_view(x: &Tensor, start: &[usize], sizes: &[usize], steps: &[usize]) -> Tensor {
    let strides: Vec<isize> = (0..x.rank())
        // A step past the dim's end leaves one element, whose stride is never
        // used: saturating is exact wherever the stride matters.
        .map(|d| x.strides()[d].saturating_mul(isize::try_from(steps[d]).unwrap_or(isize::MAX)))
        .collect();
    if sizes.contains(&0) {
        return x.with_view(sizes, &strides, x.offset());
    }
    let offset = (0..x.rank()).fold(x.offset() as isize, |off, d| {
        off + start[d] as isize * x.strides()[d]
    });
    x.with_view(sizes, &strides, usize::try_from(offset).unwrap_or(0))
}

/// `nd.slice`: a strided view.
pub(crate) fn slice(cx: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    let x = &operands[0];
    let start = per_dim(cx, SliceOp::START_INDICES, x)?;
    let limit = per_dim(cx, SliceOp::LIMIT_INDICES, x)?;
    let steps = per_dim(cx, SliceOp::STRIDES, x)?;
    let (mut lo, mut sizes, mut by) = (Dims::new(), Dims::new(), Dims::new());
    for d in 0..x.rank() {
        let n = tensor_dialect_nd::slice::strided_len(start[d], limit[d], steps[d]);
        let fits = usize::try_from(limit[d]).is_ok_and(|l| l <= x.shape()[d]);
        let (Some(n), true) = (n, fits) else {
            return Err(cx.error(format!(
                "slices {}:{}:{} of dim {d}, but operand #0 has shape {} at run time",
                start[d],
                limit[d],
                steps[d],
                shape_text(x.shape())
            )));
        };
        // In range: bounded by the dim's size.
        lo.push(start[d] as usize);
        sizes.push(n as usize);
        by.push(steps[d] as usize);
    }
    Ok(vec![strided_view(x, &lo, &sizes, &by)])
}

/// The value of a 0-D integer tensor as an `i64`; unsigned values past `i64::MAX`
/// saturate (a start is clamped anyway).
fn scalar_index(t: &Tensor) -> i64 {
    let v = t.to_i64s().first().copied().unwrap_or(0);
    if v < 0 && t.elem() == crate::ElemType::U64 {
        i64::MAX
    } else {
        v
    }
}

/// `nd.dynamic_slice`: a view of the block at the starts, each clamped into
/// `[0, size - slice size]` as StableHLO's.
pub(crate) fn dynamic_slice(cx: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    let x = &operands[0];
    let sizes = per_dim(cx, DynamicSliceOp::SLICE_SIZES, x)?;
    if operands.len() - 1 != x.rank() {
        return Err(cx.error(format!(
            "has {} start indices but operand #0 has shape {} at run time",
            operands.len() - 1,
            shape_text(x.shape())
        )));
    }
    let (mut lo, mut block) = (Dims::new(), Dims::new());
    for (d, (&n, start)) in sizes.iter().zip(&operands[1..]).enumerate() {
        let size = x.shape()[d];
        let Some(n) = usize::try_from(n).ok().filter(|&n| n <= size) else {
            return Err(cx.error(format!(
                "takes {n} elements of dim {d}, but operand #0 has shape {} at run time",
                shape_text(x.shape())
            )));
        };
        let room = i64::try_from(size - n).unwrap_or(i64::MAX);
        lo.push(scalar_index(start).clamp(0, room) as usize);
        block.push(n);
    }
    let ones = vec![1; x.rank()];
    Ok(vec![strided_view(x, &lo, &block, &ones)])
}

/// `nd.iota`: each element is its index along `iota_dimension`.
pub(crate) fn iota(cx: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    let shape = result_shape(cx, operands.first(), 0)?;
    let Some((elem, _)) = cx.result_type(0).and_then(|t| type_layout(cx.ctx, t)) else {
        return Err(cx.error("has a result whose elements the interpreter does not execute"));
    };
    let dim = int_prop(cx, IotaOp::IOTA_DIMENSION)
        .and_then(|d| usize::try_from(d).ok())
        .filter(|&d| d < shape.len())
        .ok_or_else(|| {
            cx.error(format!(
                "has no iota dimension in its result of shape {}",
                shape_text(&shape)
            ))
        })?;
    let strides = c_strides(&shape);
    let (size, step) = (shape[dim], strides[dim].unsigned_abs());
    let tensor = with_num!(elem, N => {
        let mut out = cx.alloc::<<N as ArithScalar>::S>(&shape)?;
        for (i, slot) in out.as_mut_slice().iter_mut().enumerate() {
            let k = (i / step.max(1)) % size.max(1);
            *slot = N::from_wide(Wide::I(k as i64));
        }
        Tensor::from_owned(elem, &shape, out)
    });
    Ok(vec![tensor])
}
