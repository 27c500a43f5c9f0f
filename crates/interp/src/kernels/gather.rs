//! `nd.gather` (ONNX `Gather`, `numpy.take`) and `nd.gather_elements` (ONNX
//! `GatherElements`, `numpy.take_along_axis`). Indices are normalised once (a
//! negative one counts from the end of the axis); one outside `[-n, n)` is an
//! error at the op before any element is read.

use super::shape::int_prop;
use super::structure::dense;
use super::{KernelCx, KernelResult, shape_text};
use crate::tensor::{Dims, Tensor, c_strides};
use tensor_dialect_nd::gather::{GatherElementsOp, GatherOp};
use tensor_ir::Diagnostic;

/// The `axis` property as a dim of `data`.
fn axis(cx: &KernelCx<'_>, name: &str, data: &Tensor) -> Result<usize, Diagnostic> {
    int_prop(cx, name)
        .and_then(|a| usize::try_from(a).ok())
        .filter(|&a| a < data.rank())
        .ok_or_else(|| {
            cx.error(format!(
                "has no axis of operand #0, of shape {} at run time",
                shape_text(data.shape())
            ))
        })
}

/// The elements of `indices` in row-major order, each normalised into `[0, n)`
/// (a negative one counts from the end); `Err((j, v))` for the first, element
/// `j`, outside `[-n, n)`, `v` written as its type reads.
pub(super) fn normalise(indices: &Tensor, n: usize) -> Result<Vec<usize>, (usize, String)> {
    // A u64 past i64::MAX reads as negative: it is out of range, not from the end.
    let unsigned_wide = indices.elem() == crate::ElemType::U64;
    let size = i64::try_from(n).unwrap_or(i64::MAX);
    indices
        .to_i64s()
        .into_iter()
        .enumerate()
        .map(|(j, v)| {
            let k = if v < 0 && !unsigned_wide {
                v.checked_add(size)
            } else {
                Some(v)
            };
            k.filter(|&k| (0..size).contains(&k))
                .map(|k| k as usize)
                .ok_or_else(|| {
                    let shown = if unsigned_wide {
                        (v as u64).to_string()
                    } else {
                        v.to_string()
                    };
                    (j, shown)
                })
        })
        .collect()
}

/// The indices normalised into `[0, n)`; an error naming the first one
/// outside `[-n, n)`.
fn normalised(
    cx: &KernelCx<'_>,
    indices: &Tensor,
    n: usize,
    axis: usize,
) -> Result<Vec<usize>, Diagnostic> {
    normalise(indices, n).map_err(|(j, shown)| {
        cx.error(format!(
            "has index {shown} (element {j} of operand #1) outside [-{n}, {n}), the size of dim {axis} of operand #0 at run time"
        ))
    })
}

/// `nd.gather`: `out[a, j, b] = data[a, indices[j], b]`.
pub(crate) fn gather(cx: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    let (data, indices) = (&operands[0], &operands[1]);
    let axis = axis(cx, GatherOp::AXIS, data)?;
    let n = data.shape()[axis];
    let picks = normalised(cx, indices, n, axis)?;
    let mut shape: Dims = data.shape()[..axis].into();
    shape.extend_from_slice(indices.shape());
    shape.extend_from_slice(&data.shape()[axis + 1..]);
    let elem = data.elem();
    let data = dense(cx, data)?;
    let tensor = crate::dispatch_store!(elem, S => {
        let mut out = cx.alloc::<S>(&shape)?;
        if !shape.contains(&0) {
            // Nonzero sizes: the allocations bound these products.
            let outer: usize = data.shape()[..axis].iter().product();
            let inner: usize = data.shape()[axis + 1..].iter().product();
            let src = data.as_slice::<S>().unwrap_or(&[]);
            let slots = out.as_mut_slice();
            let mut at = 0;
            for o in 0..outer {
                for &k in &picks {
                    let from = (o * n + k) * inner;
                    slots[at..at + inner].copy_from_slice(&src[from..from + inner]);
                    at += inner;
                }
            }
        }
        Tensor::from_owned(elem, &shape, out)
    });
    Ok(vec![tensor])
}

/// `nd.gather_elements`: `out[p] = data[p with p[axis] = indices[p]]`, after
/// ONNX's check that off the axis no size of the indices exceeds data's.
pub(crate) fn gather_elements(cx: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    let (data, indices) = (&operands[0], &operands[1]);
    let axis = axis(cx, GatherElementsOp::AXIS, data)?;
    let fits = indices.rank() == data.rank()
        && (0..data.rank()).all(|d| d == axis || indices.shape()[d] <= data.shape()[d]);
    if !fits {
        return Err(cx.error(format!(
            "gathers along dim {axis} from operand #0 of shape {} with indices of shape {} at run time: off the axis the indices' sizes must not exceed data's",
            shape_text(data.shape()),
            shape_text(indices.shape())
        )));
    }
    let picks = normalised(cx, indices, data.shape()[axis], axis)?;
    let shape: Dims = indices.shape().into();
    let elem = data.elem();
    let data = dense(cx, data)?;
    let (from, to) = (c_strides(data.shape()), c_strides(&shape));
    let tensor = crate::dispatch_store!(elem, S => {
        let mut out = cx.alloc::<S>(&shape)?;
        let src = data.as_slice::<S>().unwrap_or(&[]);
        for (i, (slot, &k)) in out.as_mut_slice().iter_mut().zip(&picks).enumerate() {
            // Each coordinate is below data's size (checked above), so the
            // offset lies inside data.
            let mut off = 0usize;
            for d in 0..shape.len() {
                let step = to[d].unsigned_abs().max(1);
                let c = if d == axis { k } else { (i / step) % shape[d] };
                off += c * from[d].unsigned_abs();
            }
            *slot = src[off];
        }
        Tensor::from_owned(elem, &shape, out)
    });
    Ok(vec![tensor])
}
