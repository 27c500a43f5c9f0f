//! ONNX's ops that make a tensor from sizes and values: Expand,
//! ConstantOfShape, Range and Trilu. A shape or bound known only at run time
//! becomes a shape operand (`nd.broadcast_to`, `nd.iota`), checked at the node.

use crate::emit::{Ctx, Val};
use crate::ops::Node;
use crate::structure::{constant_ints, done};
use crate::tensor::{self, Constant};
use crate::types::Elem;
use tensor_dialect_nd::assert::AssertOp;
use tensor_dialect_nd::broadcast::{BroadcastOp, BroadcastToOp};
use tensor_dialect_nd::elementwise as nd;
use tensor_dialect_nd::iota::IotaOp;
use tensor_dialect_nd::structure::ReshapeOp;
use tensor_ir::DYNAMIC;

/// A tensor of `shape` (static sizes) filled with the one element of `value`.
pub(crate) fn filled(c: &mut Ctx<'_>, value: &Constant, shape: &[i64]) -> Result<Val, String> {
    let count = shape
        .iter()
        .try_fold(1i64, |a, &s| a.checked_mul(s))
        .ok_or("the element count overflows")?;
    let one = value.bytes.len();
    // A splat: one element stands for all, so a huge shape costs nothing.
    let mut k = value.clone().reshaped(shape.to_vec());
    if count != 1 {
        k.bytes.truncate(one);
    }
    c.constant(k)
}

/// Expand: ONNX's multidirectional broadcast of the input with the given
/// shape (`nd.broadcast`, ONNX's N-ary rule, with a tensor of that shape).
pub fn expand(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
    let x = n.input(0)?;
    let shape = n.input(1)?;
    let shaped = match &shape.konst {
        Some(_) => {
            let target = constant_ints(&shape, "Expand's shapes")?;
            if target.iter().any(|&d| d < 0) {
                return Err(format!("Expand to {target:?}, which has a negative size"));
            }
            filled(c, &tensor::scalar(Elem::I1, 0.0), &target)?
        }
        // A shape known at run time: a tensor of that shape (the 0-D flag
        // broadcast to it, which checks its sizes), of the shape's static length.
        None => {
            let flag = c.constant(tensor::scalar(Elem::I1, 0.0))?;
            broadcast_to_shape(c, &flag, &shape, "Expand's shape")?
        }
    };
    let loc = c.loc;
    let h = match BroadcastOp::build_inferred(&mut c.b, loc, &[x.v, shaped.v]) {
        Ok(h) => h,
        Err(_) => {
            let u = c.unranked_like(&x)?;
            let ub = c.unranked_like(&shaped)?;
            done(BroadcastOp::build(
                &mut c.b,
                loc,
                &[x.v, shaped.v],
                &[u, ub],
            ))?
        }
    };
    let r = h.results(c.b.module);
    Ok(vec![
        r.first()
            .copied()
            .ok_or("nd.broadcast gave no result")?
            .into(),
    ])
}

/// ConstantOfShape: a shape filled with `value` (default f32 0); a shape
/// known only at run time through `nd.broadcast_to`, which checks that its
/// sizes are not negative.
pub fn constant_of_shape(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
    let shape = n.input(0)?;
    let value = match n.attr("value").and_then(|a| a.t.as_ref()) {
        Some(t) => tensor::decode(t)?,
        None => tensor::scalar(Elem::F32, 0.0),
    };
    if value.bytes.len() != value.elem.width() {
        return Err("ConstantOfShape's value must hold one element".into());
    }
    if shape.konst.is_none() {
        let one = c.constant(value.reshaped(vec![]))?;
        return Ok(vec![broadcast_to_shape(
            c,
            &one,
            &shape,
            "ConstantOfShape's shape",
        )?]);
    }
    let shape = constant_ints(&shape, "ConstantOfShape's shapes")?;
    if shape.iter().any(|&d| d < 0) {
        return Err(format!("shape {shape:?} has a negative size"));
    }
    Ok(vec![filled(c, &value, &shape)?])
}

/// The 0-D `one` broadcast (`nd.broadcast_to`) to the sizes in `shape`, a 1-D
/// integer tensor of static length computed at run time.
fn broadcast_to_shape(c: &mut Ctx<'_>, one: &Val, shape: &Val, what: &str) -> Result<Val, String> {
    let len = match c.dims(shape).as_slice() {
        [len] if *len != DYNAMIC => *len,
        _ => return Err(format!("{what} must be 1-D of static length")),
    };
    let sizes = c.cast(shape, Elem::I64)?;
    let index = c.b.ctx.index_type();
    let ty = c.b.ctx.tensor_type(&[len], index);
    let loc = c.loc;
    let target = done(tensor_dialect_nd::constant::CastOp::build(
        &mut c.b, loc, sizes.v, ty,
    ))?
    .result(c.b.module);
    let dims = vec![DYNAMIC; usize::try_from(len).map_err(|e| e.to_string())?];
    let elem = c.elem(one)?;
    let t = c.tensor(&dims, elem);
    Ok(done(BroadcastToOp::build(
        &mut c.b,
        loc,
        one.v,
        Some(target),
        None,
        t,
    ))?
    .result(c.b.module)
    .into())
}

/// Range of constant start, limit and delta: its elements computed at
/// import, `max(ceil((limit - start) / delta), 0)` of them.
pub fn range(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
    let (s, l, d) = (n.input(0)?, n.input(1)?, n.input(2)?);
    let elem = c.elem(&s)?;
    let get = |v: &Val| v.konst.as_ref().and_then(|k| k.as_f64());
    let (Some(start), Some(limit), Some(delta)) = (get(&s), get(&l), get(&d)) else {
        return Ok(vec![range_at_run_time(c, &s, &l, &d)?]);
    };
    if delta == 0.0 {
        return Err("Range with delta 0".into());
    }
    let count = ((limit - start) / delta).ceil().max(0.0);
    if count > 1e8 {
        return Err(format!("Range of {count} elements is too large"));
    }
    let count = count as usize;
    let mut k = tensor::scalar(elem, start);
    k.bytes.clear();
    for i in 0..count {
        // ONNX's reference adds delta step by step in the element type.
        let v = start + i as f64 * delta;
        k.bytes.extend(tensor::scalar(elem, v).bytes);
    }
    k.dims = vec![count as i64];
    Ok(vec![c.constant(k)?])
}

/// Range of bounds known only at run time: `start + delta * iota(count)`, with
/// `count = max(ceil((limit - start) / delta), 0)` computed in f64 (as
/// `numpy.arange` does). A delta of 0, and integers too large for the f64
/// length to be exact, are run-time errors at the node.
fn range_at_run_time(c: &mut Ctx<'_>, s: &Val, l: &Val, d: &Val) -> Result<Val, String> {
    let elem = c.elem(s)?;
    let (s, l, d) = (reshape_0d(c, s)?, reshape_0d(c, l)?, reshape_0d(c, d)?);
    let (sf, lf, df) = (
        c.cast(&s, Elem::F64)?,
        c.cast(&l, Elem::F64)?,
        c.cast(&d, Elem::F64)?,
    );
    let zero = c.scalar(Elem::F64, 0.0)?;
    let nonzero = c.cmp("ne", &df, &zero)?;
    let loc = c.loc;
    done(AssertOp::build(
        &mut c.b,
        loc,
        nonzero.v,
        &[],
        "Range's delta is 0",
    ))?;
    if !elem.is_float() {
        // Integers below 2^52 in magnitude make the f64 length exact: the span
        // is exact and the quotient's rounding never reaches an integer.
        let limit = c.scalar(Elem::F64, 2f64.powi(52))?;
        let mut small = None;
        for v in [&sf, &lf, &df] {
            let a = c.un::<nd::AbsOp>(v)?;
            let ok = c.cmp("lt", &a, &limit)?;
            small = Some(match small {
                None => ok,
                Some(all) => c.bin::<nd::AndOp>(&all, &ok)?,
            });
        }
        let small = small.ok_or("three bounds")?;
        done(AssertOp::build(
            &mut c.b,
            loc,
            small.v,
            &[],
            "Range of integers needs start, limit and delta below 2^52 in magnitude",
        ))?;
    }
    let span = c.bin::<nd::SubOp>(&lf, &sf)?;
    let steps = c.bin::<nd::DivOp>(&span, &df)?;
    let steps = c.un::<nd::CeilOp>(&steps)?;
    let steps = c.bin::<nd::MaxOp>(&steps, &zero)?;
    let count = c.cast(&steps, Elem::I64)?;
    let one = c.tensor(&[1], Elem::I64);
    let count = done(ReshapeOp::build(&mut c.b, loc, count.v, None, one))?.result(c.b.module);
    let index = c.b.ctx.index_type();
    let shape_ty = c.b.ctx.tensor_type(&[1], index);
    let shape = done(tensor_dialect_nd::constant::CastOp::build(
        &mut c.b, loc, count, shape_ty,
    ))?
    .result(c.b.module);
    let t = c.tensor(&[DYNAMIC], elem);
    let i: Val = done(IotaOp::build(&mut c.b, loc, Some(shape), 0, t))?
        .result(c.b.module)
        .into();
    let scaled = c.bin::<nd::MulOp>(&i, &d)?;
    c.bin::<nd::AddOp>(&scaled, &s)
}

/// Trilu: the upper (or lower) triangle of the last two dims from diagonal
/// `k`, zero elsewhere: `select(j - i >= k, x, 0)` (`<=` for lower).
pub fn trilu(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
    let x = n.input(0)?;
    let dims = c.dims(&x);
    let r = dims.len();
    if r < 2 {
        return Err("Trilu needs at least 2 dims".into());
    }
    let (rows, cols) = (dims[r - 2], dims[r - 1]);
    if rows == DYNAMIC || cols == DYNAMIC {
        return Err("Trilu of a matrix of run-time size is not supported yet".into());
    }
    let k = match n.opt(1) {
        Some(k) => k,
        None => c.constant(tensor::i64s(&[0]).reshaped(vec![]))?,
    };
    let k = c.cast(&k, Elem::I64)?;
    let t = c.tensor(&[rows, cols], Elem::I64);
    let loc = c.loc;
    let i = done(IotaOp::build(&mut c.b, loc, None, 0, t))?.result(c.b.module);
    let j = done(IotaOp::build(&mut c.b, loc, None, 1, t))?.result(c.b.module);
    let diff = c.bin::<nd::SubOp>(&j.into(), &i.into())?;
    let upper = n.int("upper", 1) != 0;
    let keep = c.cmp(if upper { "ge" } else { "le" }, &diff, &k)?;
    let zero = c.scalar_like(&x, 0.0)?;
    Ok(vec![c.select(&keep, &x, &zero)?])
}

/// The one element of `v` as a 0-D tensor (`nd.reshape`), as broadcasts take it.
pub(crate) fn reshape_0d(c: &mut Ctx<'_>, v: &Val) -> Result<Val, String> {
    match c.static_dims(v) {
        Some(d) if d.is_empty() => Ok(v.clone()),
        Some(d) if d.iter().product::<i64>() == 1 => {
            let elem = c.elem(v)?;
            let t = c.tensor(&[], elem);
            let loc = c.loc;
            Ok(done(ReshapeOp::build(&mut c.b, loc, v.v, None, t))?
                .result(c.b.module)
                .into())
        }
        _ => Err(format!("{} must hold one element", c.show(v))),
    }
}
