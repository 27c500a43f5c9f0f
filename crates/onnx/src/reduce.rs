//! ONNX's products (MatMul, Gemm), reductions and Softmax/LogSoftmax
//! (composed of `nd.reduce` and broadcasting elementwise ops).

use crate::emit::{Ctx, Val};
use crate::ops::{Node, same_elems};
use crate::structure::{axis, broadcast_like, constant_ints};
use tensor_dialect_nd::elementwise as nd;
use tensor_dialect_nd::reduce::{MatmulOp, ReduceOp};
use tensor_dialect_nd::structure::TransposeOp;
use tensor_ir::DYNAMIC;

/// The dims a reduction reduces: from the `axes` input (opset 18+, Sum 13+)
/// or attribute, normalised and sorted; `None` when it reduces nothing
/// (`noop_with_empty_axes`).
fn axes(n: &Node, rank: usize) -> Result<Option<Vec<usize>>, String> {
    let given: Vec<i64> = match n.opt(1) {
        Some(a) => constant_ints(&a, "axes")?,
        None => n.ints("axes").unwrap_or_default(),
    };
    if given.is_empty() {
        if n.int("noop_with_empty_axes", 0) == 1 {
            return Ok(None);
        }
        return Ok(Some((0..rank).collect()));
    }
    let mut out = Vec::new();
    for a in given {
        let a = axis(a, rank)?;
        if out.contains(&a) {
            return Err(format!("axis {a} is given twice"));
        }
        out.push(a);
    }
    out.sort_unstable();
    Ok(Some(out))
}

/// `nd.reduce kind` of `x` across `dims`, with the kind's identity as init
/// (so an empty reduction gives it, as ONNX's does).
pub fn reduce(
    c: &mut Ctx<'_>,
    x: &Val,
    kind: &str,
    dims: &[usize],
    keep: bool,
) -> Result<Val, String> {
    let init = match kind {
        "max" => f64::NEG_INFINITY,
        "min" => f64::INFINITY,
        "prod" => 1.0,
        _ => 0.0,
    };
    let init = c.scalar_like(x, init)?;
    let dims: Vec<i64> = dims.iter().map(|&d| d as i64).collect();
    let loc = c.loc;
    let h = ReduceOp::build_inferred(&mut c.b, loc, x.v, Some(init.v), kind, &dims, Some(keep))
        .map_err(|e| e.to_string())?;
    Ok(h.result(c.b.module).into())
}

/// ReduceSum, ReduceMax, ReduceMin (`kind` sum, max, min) and ReduceMean
/// (`mean`: the sum divided by the count, which must be static).
pub fn reduction(c: &mut Ctx<'_>, n: &Node, kind: &str) -> Result<Vec<Val>, String> {
    let x = n.input(0)?;
    let shape = c.dims(&x);
    let Some(dims) = axes(n, shape.len())? else {
        return Ok(vec![x]);
    };
    let keep = n.int("keepdims", 1) == 1;
    if kind != "mean" {
        return Ok(vec![reduce(c, &x, kind, &dims, keep)?]);
    }
    let mut count: i64 = 1;
    for &d in &dims {
        if shape[d] == DYNAMIC {
            return Err("ReduceMean over a dim of run-time size is not supported yet".into());
        }
        count = count.saturating_mul(shape[d]);
    }
    let sum = reduce(c, &x, "sum", &dims, keep)?;
    let count = c.scalar_like(&x, count as f64)?;
    Ok(vec![c.bin::<nd::DivOp>(&sum, &count)?])
}

/// Softmax (`log` false) and LogSoftmax along `axis`, stabilised by the max.
pub fn softmax(c: &mut Ctx<'_>, n: &Node, log: bool) -> Result<Vec<Val>, String> {
    let x = n.input(0)?;
    let a = axis(n.int("axis", -1), c.rank(&x))?;
    let m = reduce(c, &x, "max", &[a], true)?;
    let d = c.bin::<nd::SubOp>(&x, &m)?;
    let e = c.un::<nd::ExpOp>(&d)?;
    let s = reduce(c, &e, "sum", &[a], true)?;
    Ok(vec![if log {
        let l = c.un::<nd::LogOp>(&s)?;
        c.bin::<nd::SubOp>(&d, &l)?
    } else {
        c.bin::<nd::DivOp>(&e, &s)?
    }])
}

/// `x` with its dims permuted by `perm`.
pub fn transpose(c: &mut Ctx<'_>, x: &Val, perm: &[i64]) -> Result<Val, String> {
    let loc = c.loc;
    let h = TransposeOp::build_inferred(&mut c.b, loc, x.v, perm).map_err(|e| e.to_string())?;
    Ok(h.result(c.b.module).into())
}

/// `nd.matmul` (NumPy's matmul, as ONNX's MatMul).
fn product(c: &mut Ctx<'_>, a: &Val, b: &Val) -> Result<Val, String> {
    let loc = c.loc;
    let h = match MatmulOp::build_inferred(&mut c.b, loc, a.v, b.v) {
        Ok(h) => h,
        // Sizes that cannot meet: nd's verifier reports them at the node.
        Err(_) => {
            let t = c.unranked_like(a)?;
            MatmulOp::build(&mut c.b, loc, a.v, b.v, t).map_err(|e| e.to_string())?
        }
    };
    Ok(h.result(c.b.module).into())
}

/// MatMul: NumPy's matmul, batch dims broadcast.
pub fn matmul(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
    let (a, b) = (n.input(0)?, n.input(1)?);
    same_elems(c, &a, &b)?;
    if c.rank(&a) == 0 || c.rank(&b) == 0 {
        return Err("MatMul of a 0-D operand".into());
    }
    Ok(vec![product(c, &a, &b)?])
}

/// Gemm: `alpha * A' B' + beta * C`, C broadcast one way to the product's shape.
pub fn gemm(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
    let (mut a, mut b) = (n.input(0)?, n.input(1)?);
    if c.rank(&a) != 2 || c.rank(&b) != 2 {
        return Err("Gemm needs 2-D A and B".into());
    }
    same_elems(c, &a, &b)?;
    if n.int("transA", 0) != 0 {
        a = transpose(c, &a, &[1, 0])?;
    }
    if n.int("transB", 0) != 0 {
        b = transpose(c, &b, &[1, 0])?;
    }
    let mut y = product(c, &a, &b)?;
    let alpha = n.float("alpha", 1.0);
    if alpha != 1.0 {
        let k = c.scalar_like(&y, alpha)?;
        y = c.bin::<nd::MulOp>(&y, &k)?;
    }
    if let Some(cv) = n.opt(2) {
        same_elems(c, &y, &cv)?;
        let cv = broadcast_like(c, &cv, &y, "C", "Gemm")?;
        let beta = n.float("beta", 1.0);
        let cv = if beta != 1.0 {
            let k = c.scalar_like(&cv, beta)?;
            c.bin::<nd::MulOp>(&cv, &k)?
        } else {
            cv
        };
        y = c.bin::<nd::AddOp>(&y, &cv)?;
    }
    Ok(vec![y])
}
