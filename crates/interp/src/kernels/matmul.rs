//! `nd.matmul`: NumPy's `matmul`, through a GEMM crate.
//!
//! Floats go to the `gemm` crate's SIMD kernels (AVX-512 or AVX2/FMA, chosen at
//! run time; threaded), reading operands in place whatever their strides
//! ([`super::gemm`]); `f16` and `bf16` are widened to `f32` and rounded back
//! once, as NumPy does for half floats. Integers use ndarray's generic
//! product on wrapping integers (`i1` as the parity of the sum of products).
//! Batch dims broadcast as elementwise ops do (stride 0: a broadcast matrix is
//! not copied per batch).

use super::gemm::{GemmFloat, MatRef, product};
use super::{KernelCx, KernelResult, broadcast_shapes, shape_text};
use crate::elem::ElemType;
use crate::tensor::{Dims, Store, Tensor};
use broadcastable::Policy;
use half::{bf16, f16};
use ndarray::linalg::general_mat_mul;
use ndarray::{ArrayView2, ArrayViewMut2, LinalgScalar};
use num_traits::{One, Zero};
use rayon::prelude::*;
use std::num::Wrapping;

/// One operand's matrices: the batch view and the matrix dims.
struct Operand {
    batch: Tensor,
    rows: usize,
    cols: usize,
}

/// `a` as a stack of matrices broadcast over `batch`, with NumPy's promotion of a
/// 1-D operand (a row for the first, a column for the second).
fn as_matrices(t: &Tensor, first: bool, batch: &[usize]) -> Operand {
    let t = if t.rank() == 1 {
        let n = t.shape()[0];
        let shape = if first { [1, n] } else { [n, 1] };
        let strides = if first {
            [0, t.strides()[0]]
        } else {
            [t.strides()[0], 0]
        };
        t.with_view(&shape, &strides, t.offset())
    } else {
        t.clone()
    };
    let r = t.rank();
    let (rows, cols) = (t.shape()[r - 2], t.shape()[r - 1]);
    let mut full: Dims = batch.into();
    full.push(rows);
    full.push(cols);
    Operand {
        batch: t.numpy_view(&full),
        rows,
        cols,
    }
}

/// `nd.matmul`.
pub(crate) fn matmul(cx: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    let (a, b) = (&operands[0], &operands[1]);
    if a.rank() == 0 || b.rank() == 0 {
        return Err(cx.error(format!(
            "multiplies operands of shapes {} and {} at run time; matmul needs rank 1 or more",
            shape_text(a.shape()),
            shape_text(b.shape())
        )));
    }
    let (ka, kb) = (a.rank() - 1, b.rank().saturating_sub(2));
    if a.shape()[ka] != b.shape()[kb] {
        return Err(cx.error(format!(
            "contracted dims differ at run time: operand #0 dim {ka} has size {} but operand #1 dim {kb} has size {} (shapes {} and {})",
            a.shape()[ka],
            b.shape()[kb],
            shape_text(a.shape()),
            shape_text(b.shape())
        )));
    }
    let batch_a = &a.shape()[..a.rank().saturating_sub(2)];
    let batch_b = &b.shape()[..b.rank().saturating_sub(2)];
    let batch = broadcast_shapes(&Policy::NumPy, &[batch_a, batch_b])
        .map_err(|m| cx.error(format!("batch dims: {m}")))?;
    let (ma, mb) = (as_matrices(a, true, &batch), as_matrices(b, false, &batch));
    // Each operand as the stack of matrices the product reads.
    cx.check_visit(0, &ma.batch)?;
    cx.check_visit(1, &mb.batch)?;
    let (m, n) = (ma.rows, mb.cols);
    let mut result: Dims = batch.clone();
    if a.rank() >= 2 {
        result.push(m);
    }
    if b.rank() >= 2 {
        result.push(n);
    }
    let mut full: Dims = batch.clone();
    full.push(m);
    full.push(n);
    let elem = a.elem();
    let tensor = match elem {
        ElemType::F32 => gemm_float::<f32>(cx, &ma, &mb, &full, elem)?,
        ElemType::F64 => gemm_float::<f64>(cx, &ma, &mb, &full, elem)?,
        ElemType::F16 => widened::<f16>(cx, &ma, &mb, &full, f16::to_f32, f16::from_f32)?,
        ElemType::BF16 => widened::<bf16>(cx, &ma, &mb, &full, bf16::to_f32, bf16::from_f32)?,
        ElemType::I8 => gemm_wrapping::<i8>(cx, &ma, &mb, &full, elem)?,
        ElemType::I16 => gemm_wrapping::<i16>(cx, &ma, &mb, &full, elem)?,
        ElemType::I32 => gemm_wrapping::<i32>(cx, &ma, &mb, &full, elem)?,
        ElemType::I64 | ElemType::Index => gemm_wrapping::<i64>(cx, &ma, &mb, &full, elem)?,
        ElemType::U8 | ElemType::I1 => gemm_wrapping::<u8>(cx, &ma, &mb, &full, elem)?,
        ElemType::U16 => gemm_wrapping::<u16>(cx, &ma, &mb, &full, elem)?,
        ElemType::U32 => gemm_wrapping::<u32>(cx, &ma, &mb, &full, elem)?,
        ElemType::U64 => gemm_wrapping::<u64>(cx, &ma, &mb, &full, elem)?,
    };
    let tensor = if elem == ElemType::I1 {
        parity(cx, &tensor)?
    } else {
        tensor
    };
    Ok(vec![tensor.reshaped(&result).unwrap_or(tensor)])
}

/// The matrix at batch position `p` of `op` (broadcast batch dims have stride
/// 0, so a matrix shared by every batch is read in place, not copied).
fn matrix<'a, T: Store>(op: &'a Operand, p: usize, batch: &[usize]) -> Option<MatRef<'a, T>> {
    let t = &op.batch;
    let r = t.rank();
    let mut off = t.offset() as isize;
    let mut rest = p;
    for d in (0..batch.len()).rev() {
        off += (rest % batch[d]) as isize * t.strides()[d];
        rest /= batch[d];
    }
    Some(MatRef {
        data: t.buffer::<T>(),
        offset: usize::try_from(off).ok()?,
        rows: op.rows,
        cols: op.cols,
        rs: t.strides()[r - 2],
        cs: t.strides()[r - 1],
    })
}

/// Copies `op` into row-major storage when its views cannot be read in place.
fn dense_operand<T: Store>(
    cx: &KernelCx<'_>,
    op: &Operand,
) -> Result<Operand, tensor_ir::Diagnostic> {
    let mut out = cx.alloc::<T>(op.batch.shape())?;
    op.batch.gather_into::<T>(out.as_mut_slice());
    Ok(Operand {
        batch: Tensor::from_owned(op.batch.elem(), op.batch.shape(), out),
        rows: op.rows,
        cols: op.cols,
    })
}

/// Multiplies every batch of `a` and `b` into `c` (row-major, `full` shape).
/// Small products run batches in parallel; a large one is split by `gemm`
/// itself. False if a view does not fit its buffer.
fn batched<T: Store + GemmFloat>(a: &Operand, b: &Operand, c: &mut [T], full: &[usize]) -> bool {
    let r = full.len();
    let batch = &full[..r - 2];
    let per = full[r - 2] * full[r - 1];
    if per == 0 {
        return true;
    }
    let work = per.saturating_mul(a.cols);
    let one = |p: usize, out: &mut [T], threaded: bool| -> bool {
        match (matrix::<T>(a, p, batch), matrix::<T>(b, p, batch)) {
            (Some(x), Some(y)) => product(x, y, out, threaded),
            _ => false,
        }
    };
    if work < (1 << 18) && c.len() / per > 1 {
        c.par_chunks_mut(per)
            .enumerate()
            .map(|(p, out)| one(p, out, false))
            .reduce(|| true, |x, y| x && y)
    } else {
        c.chunks_mut(per)
            .enumerate()
            .all(|(p, out)| one(p, out, true))
    }
}

/// `f32` and `f64` products through the `gemm` crate ([`super::gemm`]).
fn gemm_float<T: Store + GemmFloat>(
    cx: &KernelCx<'_>,
    a: &Operand,
    b: &Operand,
    full: &[usize],
    elem: ElemType,
) -> Result<Tensor, tensor_ir::Diagnostic> {
    let mut out = cx.alloc::<T>(full)?;
    if !batched::<T>(a, b, out.as_mut_slice(), full) {
        // A view with an offset before its buffer's start (a negative stride):
        // its row-major copy always fits.
        let (a, b) = (dense_operand::<T>(cx, a)?, dense_operand::<T>(cx, b)?);
        if !batched::<T>(&a, &b, out.as_mut_slice(), full) {
            return Err(cx.error("internal error: matrix views do not fit their buffers"));
        }
    }
    Ok(Tensor::from_owned(elem, full, out))
}

/// Integers: ndarray's generic product on `Wrapping<T>` (overflow wraps).
fn gemm_wrapping<T: Store>(
    cx: &KernelCx<'_>,
    a: &Operand,
    b: &Operand,
    full: &[usize],
    elem: ElemType,
) -> Result<Tensor, tensor_ir::Diagnostic>
where
    Wrapping<T>: LinalgScalar + bytemuck::Pod,
{
    let (a, b) = (dense_operand::<T>(cx, a)?, dense_operand::<T>(cx, b)?);
    let mut out = cx.alloc::<T>(full)?;
    let r = full.len();
    let (m, n) = (full[r - 2], full[r - 1]);
    let per = m * n;
    if per > 0 {
        // Both are row-major copies (dense_operand): read in place.
        let (Some(wa), Some(wb)) = (a.batch.as_slice::<T>(), b.batch.as_slice::<T>()) else {
            return Err(cx.error("internal error: a dense operand is not contiguous"));
        };
        let (wa, wb): (&[Wrapping<T>], &[Wrapping<T>]) =
            (bytemuck::cast_slice(wa), bytemuck::cast_slice(wb));
        let (sa, sb) = (a.rows * a.cols, b.rows * b.cols);
        let outs: &mut [Wrapping<T>] = bytemuck::cast_slice_mut(out.as_mut_slice());
        for (p, c) in outs.chunks_mut(per).enumerate() {
            c.fill(Wrapping(T::zeroed()));
            let (Ok(x), Ok(y), Ok(mut z)) = (
                ArrayView2::from_shape((a.rows, a.cols), &wa[p * sa..(p + 1) * sa]),
                ArrayView2::from_shape((b.rows, b.cols), &wb[p * sb..(p + 1) * sb]),
                ArrayViewMut2::from_shape((m, n), c),
            ) else {
                return Err(cx.error("internal error: matrix views do not fit"));
            };
            if a.cols > 0 {
                general_mat_mul(Wrapping::<T>::one(), &x, &y, Wrapping::<T>::zero(), &mut z);
            }
        }
    }
    Ok(Tensor::from_owned(elem, full, out))
}

/// Half floats: products in `f32`, each result rounded once.
fn widened<T: Store>(
    cx: &KernelCx<'_>,
    a: &Operand,
    b: &Operand,
    full: &[usize],
    to: fn(T) -> f32,
    from: fn(f32) -> T,
) -> Result<Tensor, tensor_ir::Diagnostic> {
    let widen = |op: &Operand| -> Result<Operand, tensor_ir::Diagnostic> {
        let mut w = cx.alloc::<f32>(op.batch.shape())?;
        let buf = op.batch.buffer::<T>();
        let mut slots = w.as_mut_slice().iter_mut();
        op.batch.for_each_offset(|off| {
            if let Some(o) = slots.next() {
                *o = to(buf[off]);
            }
        });
        Ok(Operand {
            batch: Tensor::from_owned(ElemType::F32, op.batch.shape(), w),
            rows: op.rows,
            cols: op.cols,
        })
    };
    let wide = gemm_float::<f32>(cx, &widen(a)?, &widen(b)?, full, ElemType::F32)?;
    let mut out = cx.alloc::<T>(full)?;
    for (o, &x) in out.as_mut_slice().iter_mut().zip(wide.buffer::<f32>()) {
        *o = from(x);
    }
    Ok(Tensor::from_owned(a.batch.elem(), full, out))
}

/// `i1` products: the low bit of the wrapping `u8` sums.
fn parity(cx: &KernelCx<'_>, t: &Tensor) -> Result<Tensor, tensor_ir::Diagnostic> {
    let mut out = cx.alloc::<u8>(t.shape())?;
    for (o, &x) in out.as_mut_slice().iter_mut().zip(t.buffer::<u8>()) {
        *o = x & 1;
    }
    Ok(Tensor::from_owned(ElemType::I1, t.shape(), out))
}
