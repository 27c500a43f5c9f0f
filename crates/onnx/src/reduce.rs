//! ONNX's reductions, Softmax/LogSoftmax (composed of `nd.reduce` and
//! broadcasting elementwise ops) and Gemm.

use crate::emit::{Ctx, Val};
use crate::ops::Node;
use crate::types::{Dim, Ty};

/// The dims a reduction reduces: from the `axes` input (opset 18+, Sum 13+)
/// or attribute, normalised; `None` when it reduces nothing
/// (`noop_with_empty_axes`).
fn axes(n: &Node, rank: usize) -> Result<Option<Vec<usize>>, String> {
    let given: Vec<i64> = if let Some(a) = n.opt(1) {
        a.konst
            .as_ref()
            .and_then(|k| k.as_i64s())
            .ok_or("axes computed at run time are not supported")?
    } else {
        n.ints("axes")
    };
    if given.is_empty() {
        if n.int("noop_with_empty_axes", 0) == 1 {
            return Ok(None);
        }
        return Ok(Some((0..rank).collect()));
    }
    let mut out = Vec::new();
    for a in given {
        let r = rank as i64;
        if a < -r || a >= r {
            return Err(format!("axis {a} is out of range for rank {rank}"));
        }
        let a = usize::try_from(if a < 0 { a + r } else { a }).map_err(|e| e.to_string())?;
        if out.contains(&a) {
            return Err(format!("axis {a} is given twice"));
        }
        out.push(a);
    }
    out.sort_unstable();
    Ok(Some(out))
}

/// `nd.reduce kind` of `x` across `dims`, with the kind's identity as init
/// (so an empty reduction gives it, as ONNX).
pub fn reduce(c: &mut Ctx, x: &Val, kind: &str, dims: &[usize], keep: bool) -> Val {
    let init = match kind {
        "max" => f64::NEG_INFINITY,
        "min" => f64::INFINITY,
        _ => 0.0,
    };
    let init = c.scalar(x.ty.elem, init);
    let out_dims: Vec<Dim> =
        x.ty.dims
            .iter()
            .enumerate()
            .filter_map(|(i, d)| match (dims.contains(&i), keep) {
                (false, _) => Some(*d),
                (true, true) => Some(Dim::Static(1)),
                (true, false) => None,
            })
            .collect();
    let ty = Ty {
        elem: x.ty.elem,
        dims: out_dims,
    };
    let list: Vec<String> = dims.iter().map(usize::to_string).collect();
    c.op(
        &format!(
            "nd.reduce {kind} {} init {} across [{}]{} : ({}, {}) -> {}",
            x.ssa,
            init.ssa,
            list.join(", "),
            if keep { " keep_dims" } else { "" },
            x.ty.mlir(),
            init.ty.mlir(),
            ty.mlir()
        ),
        ty,
    )
}

/// ReduceSum, ReduceMax, ReduceMin (`kind` sum, max, min) and ReduceMean
/// (`mean`: the sum divided by the count, which must be static).
pub fn reduction(c: &mut Ctx, n: &Node, kind: &str) -> Result<Vec<Val>, String> {
    let x = n.input(0)?;
    let Some(dims) = axes(n, x.ty.dims.len())? else {
        return Ok(vec![x]);
    };
    let keep = n.int("keepdims", 1) == 1;
    if kind != "mean" {
        return Ok(vec![reduce(c, &x, kind, &dims, keep)]);
    }
    let mut count: i64 = 1;
    for &d in &dims {
        match x.ty.dims[d] {
            Dim::Static(s) => count = count.saturating_mul(s),
            Dim::Dynamic => {
                return Err("ReduceMean over a dim of run-time size is not supported yet".into());
            }
        }
    }
    let sum = reduce(c, &x, "sum", &dims, keep);
    let count = c.scalar(x.ty.elem, count as f64);
    Ok(vec![c.binary("div", &sum, &count)])
}

/// Softmax (`log` false) and LogSoftmax along `axis`, stabilised by the max.
pub fn softmax(c: &mut Ctx, n: &Node, log: bool) -> Result<Vec<Val>, String> {
    let x = n.input(0)?;
    let rank = x.ty.dims.len() as i64;
    let axis = n.int("axis", -1);
    if axis < -rank || axis >= rank {
        return Err(format!("axis {axis} is out of range for rank {rank}"));
    }
    let axis =
        usize::try_from(if axis < 0 { axis + rank } else { axis }).map_err(|e| e.to_string())?;
    let m = reduce(c, &x, "max", &[axis], true);
    let d = c.binary("sub", &x, &m);
    let e = c.unary("exp", &d);
    let s = reduce(c, &e, "sum", &[axis], true);
    Ok(vec![if log {
        let l = c.unary("log", &s);
        c.binary("sub", &d, &l)
    } else {
        c.binary("div", &e, &s)
    }])
}

/// `transpose` of a 2-D value.
fn transpose(c: &mut Ctx, x: &Val) -> Val {
    let ty = Ty {
        elem: x.ty.elem,
        dims: x.ty.dims.iter().rev().copied().collect(),
    };
    c.op(
        &format!(
            "nd.transpose {}, permutation = [1, 0] : ({}) -> {}",
            x.ssa,
            x.ty.mlir(),
            ty.mlir()
        ),
        ty,
    )
}

/// Gemm: `alpha * A' B' + beta * C`, C broadcast one way to the product's shape.
pub fn gemm(c: &mut Ctx, n: &Node) -> Result<Vec<Val>, String> {
    let (mut a, mut b) = (n.input(0)?, n.input(1)?);
    if a.ty.dims.len() != 2 || b.ty.dims.len() != 2 {
        return Err("Gemm needs 2-D A and B".into());
    }
    crate::ops::same_elems(&a, &b)?;
    if n.int("transA", 0) != 0 {
        a = transpose(c, &a);
    }
    if n.int("transB", 0) != 0 {
        b = transpose(c, &b);
    }
    let ty = Ty {
        elem: a.ty.elem,
        dims: vec![a.ty.dims[0], b.ty.dims[1]],
    };
    let mut y = c.two_nd("matmul", &a, &b, ty);
    let alpha = n.float("alpha", 1.0);
    if alpha != 1.0 {
        let k = c.scalar(y.ty.elem, alpha);
        y = c.binary("mul", &y, &k);
    }
    if let Some(cv) = n.opt(2) {
        crate::ops::same_elems(&y, &cv)?;
        crate::ops::unidirectional(&cv, &y, "C", "the product A'B'", "Gemm")?;
        let beta = n.float("beta", 1.0);
        let cv = if beta != 1.0 {
            let k = c.scalar(cv.ty.elem, beta);
            c.binary("mul", &cv, &k)
        } else {
            cv
        };
        y = c.binary("add", &y, &cv);
    }
    Ok(vec![y])
}
