//! ONNX's products (MatMul, Gemm), reductions and Softmax/LogSoftmax
//! (composed of `nd.reduce` and broadcasting elementwise ops).

use crate::emit::{Ctx, Val};
use crate::ops::{Node, same_elems};
use crate::structure::{axis, broadcast_like, constant_ints};
use crate::tensor;
use crate::types::Elem;
use tensor_dialect_nd::constant::CastOp;
use tensor_dialect_nd::dynamic_reduce::DynamicReduceOp;
use tensor_dialect_nd::elementwise as nd;
use tensor_dialect_nd::gather::GatherOp;
use tensor_dialect_nd::reduce::{MatmulOp, ReduceOp};
use tensor_dialect_nd::shape::ShapeOfOp;
use tensor_dialect_nd::structure::TransposeOp;
use tensor_ir::DYNAMIC;

/// The dims a reduction reduces.
enum Axes {
    /// Nothing (`noop_with_empty_axes` with no axes).
    None,
    /// Known at import: normalised and sorted.
    Static(Vec<usize>),
    /// The `axes` input, computed at run time: a 1-D tensor of static length,
    /// at least 1 (empty axes mean all dims or none, which is static).
    Run(Val),
}

/// The dims a reduction reduces: from the `axes` input (opset 18+, Sum 13+)
/// or attribute.
fn axes(c: &Ctx<'_>, n: &Node, rank: usize) -> Result<Axes, String> {
    let given: Vec<i64> = match n.opt(1) {
        Some(a) if a.konst.is_none() => match c.dims(&a).as_slice() {
            [0] => Vec::new(),
            [len] if *len != DYNAMIC => return Ok(Axes::Run(a)),
            _ => return Err("axes of a length known only at run time are not supported".into()),
        },
        Some(a) => constant_ints(&a, "axes")?,
        None => n.ints("axes").unwrap_or_default(),
    };
    if given.is_empty() {
        if n.int("noop_with_empty_axes", 0) == 1 {
            return Ok(Axes::None);
        }
        return Ok(Axes::Static((0..rank).collect()));
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
    Ok(Axes::Static(out))
}

/// The identity of a reduction `kind` over `x`'s elements: its init value, so
/// that an empty reduction gives it, as ONNX's does. Booleans order false
/// before true; the infinities of the others saturate to an integer type's
/// bounds.
fn identity(c: &Ctx<'_>, x: &Val, kind: &str) -> Result<f64, String> {
    let boolean = c.elem(x)? == Elem::I1;
    Ok(match kind {
        "max" if boolean => 0.0,
        "min" if boolean => 1.0,
        "max" => f64::NEG_INFINITY,
        "min" => f64::INFINITY,
        "prod" => 1.0,
        _ => 0.0,
    })
}

/// `nd.reduce kind` of `x` across `dims`, from the kind's identity.
pub fn reduce(
    c: &mut Ctx<'_>,
    x: &Val,
    kind: &str,
    dims: &[usize],
    keep: bool,
) -> Result<Val, String> {
    let init = c.scalar_like(x, identity(c, x, kind)?)?;
    let dims: Vec<i64> = dims.iter().map(|&d| d as i64).collect();
    let loc = c.loc;
    let h = ReduceOp::build_inferred(&mut c.b, loc, x.v, Some(init.v), kind, &dims, Some(keep))
        .map_err(|e| e.to_string())?;
    Ok(h.result(c.b.module).into())
}

/// `nd.dynamic_reduce kind` of `x` across the dims `axes` lists at run time
/// (each checked there: in range, listed once), from the kind's identity.
fn reduce_at_run_time(
    c: &mut Ctx<'_>,
    x: &Val,
    kind: &str,
    axes: &Val,
    keep: bool,
) -> Result<Val, String> {
    let init = c.scalar_like(x, identity(c, x, kind)?)?;
    let loc = c.loc;
    let h =
        DynamicReduceOp::build_inferred(&mut c.b, loc, x.v, axes.v, Some(init.v), kind, Some(keep))
            .map_err(|e| e.to_string())?;
    Ok(h.result(c.b.module).into())
}

/// The number of elements each output of a mean sums, as `x`'s element type:
/// the product of the reduced dims' sizes, static or read at run time
/// (`nd.shape_of`, gathered at the axes).
fn mean_count(c: &mut Ctx<'_>, x: &Val, axes: &Axes) -> Result<Val, String> {
    let shape = c.dims(x);
    if let Axes::Static(dims) = axes
        && dims.iter().all(|&d| shape[d] != DYNAMIC)
    {
        let count = dims.iter().fold(1i64, |n, &d| n.saturating_mul(shape[d]));
        return c.scalar_like(x, count as f64);
    }
    let indices = match axes {
        Axes::Run(a) => a.clone(),
        Axes::Static(dims) => {
            let dims: Vec<i64> = dims.iter().map(|&d| d as i64).collect();
            c.constant(tensor::i64s(&dims))?
        }
        Axes::None => return c.scalar_like(x, 1.0),
    };
    let loc = c.loc;
    let sizes = ShapeOfOp::build_inferred(&mut c.b, loc, x.v)
        .map_err(|e| e.to_string())?
        .result(c.b.module);
    let t = c.tensor(&[rank_of(shape.len())?], Elem::I64);
    let sizes = CastOp::build(&mut c.b, loc, sizes, t)
        .map_err(|e| e.to_string())?
        .result(c.b.module);
    let picked = GatherOp::build_inferred(&mut c.b, loc, sizes, indices.v, 0)
        .map_err(|e| e.to_string())?
        .result(c.b.module);
    let count = reduce(c, &picked.into(), "prod", &[0], false)?;
    let elem = c.elem(x)?;
    c.cast(&count, elem)
}

/// `rank` as a static size.
fn rank_of(rank: usize) -> Result<i64, String> {
    i64::try_from(rank).map_err(|e| e.to_string())
}

/// ReduceSum, ReduceMax, ReduceMin, ReduceProd (`kind` sum, max, min, prod)
/// and ReduceMean
/// (`mean`: the sum divided by the count of what it sums).
pub fn reduction(c: &mut Ctx<'_>, n: &Node, kind: &str) -> Result<Vec<Val>, String> {
    let x = n.input(0)?;
    let rank = c.rank(&x);
    let axes = axes(c, n, rank)?;
    let keep = n.int("keepdims", 1) == 1;
    let summed = if kind == "mean" { "sum" } else { kind };
    let r = match &axes {
        Axes::None => return Ok(vec![x]),
        Axes::Static(dims) => reduce(c, &x, summed, dims, keep)?,
        Axes::Run(a) => reduce_at_run_time(c, &x, summed, a, keep)?,
    };
    if kind != "mean" {
        return Ok(vec![r]);
    }
    let count = mean_count(c, &x, &axes)?;
    Ok(vec![c.bin::<nd::DivOp>(&r, &count)?])
}

/// The sums of ReduceL1, ReduceL2, ReduceSumSquare, ReduceLogSum and
/// ReduceLogSumExp (`which`: l1, l2, sum_square, log_sum, log_sum_exp): a sum
/// between elementwise maps, as ONNX's reference computes them; LogSumExp is
/// shifted by the max of the finite elements.
pub fn summed(c: &mut Ctx<'_>, n: &Node, which: &str) -> Result<Vec<Val>, String> {
    let x = n.input(0)?;
    if !c.elem(&x)?.is_float() && matches!(which, "l2" | "log_sum" | "log_sum_exp") {
        return Err(format!("Reduce {which} of integers is not supported"));
    }
    let axes = axes(c, n, c.rank(&x))?;
    let keep = n.int("keepdims", 1) == 1;
    let fold = |c: &mut Ctx<'_>, v: &Val, kind: &str, keep: bool| match &axes {
        Axes::None => Ok(v.clone()),
        Axes::Static(dims) => reduce(c, v, kind, dims, keep),
        Axes::Run(a) => reduce_at_run_time(c, v, kind, a, keep),
    };
    let r = match which {
        "l1" => {
            let a = c.un::<nd::AbsOp>(&x)?;
            fold(c, &a, "sum", keep)?
        }
        "sum_square" | "l2" => {
            let sq = c.bin::<nd::MulOp>(&x, &x)?;
            let s = fold(c, &sq, "sum", keep)?;
            if which == "l2" {
                c.un::<nd::SqrtOp>(&s)?
            } else {
                s
            }
        }
        "log_sum" => {
            let s = fold(c, &x, "sum", keep)?;
            c.un::<nd::LogOp>(&s)?
        }
        _ => {
            // The max of the finite elements (infinities count as -inf).
            let inf = c.scalar_like(&x, f64::INFINITY)?;
            let ninf = c.scalar_like(&x, f64::NEG_INFINITY)?;
            let a = c.un::<nd::AbsOp>(&x)?;
            let infinite = c.cmp("eq", &a, &inf)?;
            let finite = c.select(&infinite, &ninf, &x)?;
            let m = fold(c, &finite, "max", true)?;
            let d = c.bin::<nd::SubOp>(&x, &m)?;
            let e = c.un::<nd::ExpOp>(&d)?;
            let s = fold(c, &e, "sum", keep)?;
            let l = c.un::<nd::LogOp>(&s)?;
            let m = if keep {
                m
            } else {
                fold(c, &finite, "max", false)?
            };
            c.bin::<nd::AddOp>(&l, &m)?
        }
    };
    Ok(vec![r])
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
