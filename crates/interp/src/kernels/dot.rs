//! `nd.dot_general` as a batched matmul: each operand is permuted (a view) to
//! batch, free, contracted dims (the rhs: batch, contracted, free), laid out
//! row-major as `[B, M, K]` and `[B, K, N]`, multiplied by `nd.matmul`'s kernel,
//! and the `[B, M, N]` product seen in the result's shape.

use super::structure::dense;
use super::{KernelCx, KernelResult, matmul, shape_text};
use crate::tensor::{Dims, Tensor};
use tensor_dialect_nd::dot::free_dims;
use tensor_ir::Diagnostic;

/// The product of the sizes of `dims` of `t`, checked.
fn product(cx: &KernelCx<'_>, t: &Tensor, dims: &[usize]) -> Result<usize, Diagnostic> {
    dims.iter()
        .try_fold(1usize, |n, &d| n.checked_mul(t.shape()[d]))
        .ok_or_else(|| cx.error("has an operand of more than 2^64 elements"))
}

/// The list `name` as dims of operand #`k`, each in range.
fn dims_of(cx: &KernelCx<'_>, name: &str, k: usize, t: &Tensor) -> Result<Vec<usize>, Diagnostic> {
    cx.i64_array(name)
        .unwrap_or_default()
        .into_iter()
        .map(|d| {
            usize::try_from(d)
                .ok()
                .filter(|&d| d < t.rank())
                .ok_or_else(|| {
                    cx.error(format!(
                        "lists dim {d} in {name}, but operand #{k} has shape {} at run time",
                        shape_text(t.shape())
                    ))
                })
        })
        .collect()
}

/// `t` permuted to `order` and laid out row-major as `[a, b, c]`.
fn as_3d(
    cx: &KernelCx<'_>,
    t: &Tensor,
    order: &[usize],
    abc: [usize; 3],
) -> Result<Tensor, Diagnostic> {
    let view = dense(cx, &t.permuted(order))?;
    view.reshaped(&abc)
        .ok_or_else(|| cx.error("could not lay out an operand as a batch of matrices"))
}

/// `nd.dot_general`.
pub(crate) fn dot_general(cx: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    let (a, b) = (&operands[0], &operands[1]);
    let [lb, rb, lc, rc] = tensor_dialect_nd::dot::DotGeneralOp::DIM_LISTS;
    let (lb, rb) = (dims_of(cx, lb, 0, a)?, dims_of(cx, rb, 1, b)?);
    let (lc, rc) = (dims_of(cx, lc, 0, a)?, dims_of(cx, rc, 1, b)?);
    for (what, l, r) in [("batch", &lb, &rb), ("contracted", &lc, &rc)] {
        let differs = l.len() != r.len()
            || l.iter()
                .zip(r.iter())
                .any(|(&i, &j)| a.shape()[i] != b.shape()[j]);
        if differs {
            return Err(cx.error(format!(
                "{what} dims differ at run time: lhs dims {l:?} and rhs dims {r:?} of shapes {} and {}",
                shape_text(a.shape()),
                shape_text(b.shape())
            )));
        }
    }
    let (fa, fb) = (
        free_dims(a.rank(), &to_i64(&lb), &to_i64(&lc)),
        free_dims(b.rank(), &to_i64(&rb), &to_i64(&rc)),
    );
    let (nb, m, k, n) = (
        product(cx, a, &lb)?,
        product(cx, a, &fa)?,
        product(cx, a, &lc)?,
        product(cx, b, &fb)?,
    );
    let order_a: Vec<usize> = lb.iter().chain(&fa).chain(&lc).copied().collect();
    let order_b: Vec<usize> = rb.iter().chain(&rc).chain(&fb).copied().collect();
    let a3 = as_3d(cx, a, &order_a, [nb, m, k])?;
    let b3 = as_3d(cx, b, &order_b, [nb, k, n])?;
    let product = matmul::matmul(cx, vec![a3, b3])?;
    let result: Dims = lb
        .iter()
        .map(|&d| a.shape()[d])
        .chain(fa.iter().map(|&d| a.shape()[d]))
        .chain(fb.iter().map(|&d| b.shape()[d]))
        .collect();
    let Some(p) = product.into_iter().next() else {
        return Err(cx.error("has no product"));
    };
    let p = dense(cx, &p)?;
    p.reshaped(&result)
        .map(|t| vec![t])
        .ok_or_else(|| cx.error("could not lay out its result"))
}

fn to_i64(dims: &[usize]) -> Vec<i64> {
    dims.iter().map(|&d| d as i64).collect()
}
