//! ONNX's shape and structure ops: Transpose, Shape, Size, Reshape, Flatten,
//! Squeeze, Unsqueeze, Concat, Slice, Split, Pad and the gathers (the ops that
//! make tensors are in `generate`). Axes, starts and pads must be constants of
//! the model (initializers or `Constant`s), as they are in exported models. A
//! size known only at run time flows through where nd can carry it (a shape
//! operand, as Reshape's), and is refused by name where it cannot yet.

use crate::emit::{Ctx, Val};
use crate::generate::{filled, reshape_0d};
use crate::ops::{Node, same_elems};
use crate::reduce::transpose as permute;
use crate::tensor::{self, Constant};
use crate::types::Elem;
use std::rc::Rc;
use tensor_dialect_nd::broadcast::BroadcastToOp;
use tensor_dialect_nd::constant::ConstantOp;
use tensor_dialect_nd::gather::{GatherElementsOp, GatherOp};
use tensor_dialect_nd::shape::{ShapeConcatOp, ShapeOfOp, ShapeSliceOp};
use tensor_dialect_nd::slice::SliceOp;
use tensor_dialect_nd::structure::{ConcatenateOp, ReshapeOp};
use tensor_ir::{DYNAMIC, ElementKind, ElementValues};

/// `a` as a dim of a rank-`rank` value (negative counts from the end).
pub fn axis(a: i64, rank: usize) -> Result<usize, String> {
    let r = i64::try_from(rank).map_err(|e| e.to_string())?;
    if a < -r || a >= r {
        return Err(format!("axis {a} is out of range for rank {rank}"));
    }
    usize::try_from(if a < 0 { a + r } else { a }).map_err(|e| e.to_string())
}

/// The integer elements of `v`, which must be a constant of the model.
pub fn constant_ints(v: &Val, what: &str) -> Result<Vec<i64>, String> {
    v.konst
        .as_ref()
        .and_then(|k| k.as_i64s())
        .ok_or_else(|| format!("{what} computed at run time are not supported yet"))
}

/// A builder's result, its error as the import's text.
pub(crate) fn done<H>(r: Result<H, impl std::fmt::Display>) -> Result<H, String> {
    r.map_err(|e| e.to_string())
}

/// A constant shape, `tensor<Nxindex>`.
fn index_shape(c: &mut Ctx<'_>, sizes: &[i64]) -> Result<Val, String> {
    let index = c.b.ctx.index_type();
    let ty = c.b.ctx.tensor_type(&[sizes.len() as i64], index);
    let values = ElementValues::from_ints(ElementKind::Index, sizes.iter().map(|&s| i128::from(s)))
        .ok_or("an index constant")?;
    let attr =
        c.b.ctx
            .dense_elements_attr(ty, values)
            .ok_or("an index constant")?;
    let loc = c.loc;
    let h = done(ConstantOp::build_inferred(&mut c.b, loc, attr))?;
    Ok(h.result(c.b.module).into())
}

/// `nd.shape_of x`.
fn shape_of(c: &mut Ctx<'_>, x: &Val) -> Result<Val, String> {
    let loc = c.loc;
    let h = done(ShapeOfOp::build_inferred(&mut c.b, loc, x.v))?;
    Ok(h.result(c.b.module).into())
}

/// `from` broadcast one way (ONNX's unidirectional broadcasting, the Array
/// API's `broadcast_to`) to the shape of `to`: never growing it. Static sizes
/// are checked here, naming `what` and `op`; `?` sizes by `nd.broadcast_to` at
/// run time.
pub fn broadcast_like(
    c: &mut Ctx<'_>,
    from: &Val,
    to: &Val,
    what: &str,
    op: &str,
) -> Result<Val, String> {
    let (src, dst) = (c.dims(from), c.dims(to));
    let fits = src.len() <= dst.len()
        && src
            .iter()
            .rev()
            .zip(dst.iter().rev())
            .all(|(&s, &d)| s == 1 || s == DYNAMIC || d == DYNAMIC || s == d);
    if !fits {
        return Err(format!(
            "{what} {} does not broadcast to {} (the shape of {op}'s result; {op} broadcasts \
             unidirectionally)",
            c.show(from),
            c.show(to)
        ));
    }
    // Sizes that are 1 or equal to a static size broadcast the same both ways:
    // the elementwise op that follows needs no help.
    let same_both_ways = src
        .iter()
        .rev()
        .zip(dst.iter().rev())
        .all(|(&s, &d)| s == 1 || (s == d && d != DYNAMIC));
    if same_both_ways {
        return Ok(from.clone());
    }
    let loc = c.loc;
    let h = if dst.contains(&DYNAMIC) {
        let shape = shape_of(c, to)?;
        let elem = c.elem(from)?;
        let t = c.tensor(&dst, elem);
        done(BroadcastToOp::build(
            &mut c.b,
            loc,
            from.v,
            Some(shape.v),
            None,
            t,
        ))?
    } else {
        done(BroadcastToOp::build_inferred(
            &mut c.b,
            loc,
            from.v,
            None,
            Some(&dst),
        ))?
    };
    Ok(h.result(c.b.module).into())
}

/// One dim of a reshape's result: a size, or dim `i` of the input carried over
/// (static or not).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Out {
    Size(i64),
    Copy(usize),
}

/// `x` reshaped to `out`: a static `nd.reshape` when every size is known, else
/// one whose shape operand carries the input's `?` dims over.
fn reshape_to(c: &mut Ctx<'_>, x: &Val, out: &[Out]) -> Result<Val, String> {
    let dims = c.dims(x);
    let sizes: Vec<i64> = out
        .iter()
        .map(|&o| match o {
            Out::Size(s) => s,
            Out::Copy(i) => dims[i],
        })
        .collect();
    let elem = c.elem(x)?;
    let t = c.tensor(&sizes, elem);
    if sizes == dims {
        return Ok(x.clone());
    }
    let loc = c.loc;
    let shape = if sizes.contains(&DYNAMIC) {
        let whole = shape_of(c, x)?;
        let mut pieces = Vec::new();
        for &o in out {
            let piece = match o {
                Out::Copy(i) if dims[i] == DYNAMIC => {
                    let i = i as i64;
                    let h = done(ShapeSliceOp::build_inferred(
                        &mut c.b,
                        loc,
                        whole.v,
                        i,
                        Some(i + 1),
                    ))?;
                    h.result(c.b.module)
                }
                Out::Copy(i) => index_shape(c, &[dims[i]])?.v,
                Out::Size(s) => index_shape(c, &[s])?.v,
            };
            pieces.push(piece);
        }
        let h = done(ShapeConcatOp::build_inferred(&mut c.b, loc, &pieces))?;
        Some(h.result(c.b.module))
    } else {
        None
    };
    let h = done(ReshapeOp::build(&mut c.b, loc, x.v, shape, t))?;
    Ok(h.result(c.b.module).into())
}

/// Transpose by `perm` (default: reversed dims).
pub fn transpose(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
    let x = n.input(0)?;
    let rank = c.rank(&x) as i64;
    let perm = n.ints("perm").unwrap_or_else(|| (0..rank).rev().collect());
    Ok(vec![permute(c, &x, &perm)?])
}

/// Shape (with `start` and `end`, clamped as ONNX says): a constant when the
/// dims are static, else `nd.shape_of` as i64.
pub fn shape(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
    let x = n.input(0)?;
    let dims = c.dims(&x);
    let r = dims.len() as i64;
    let clamp = |v: i64| (if v < 0 { v + r } else { v }).clamp(0, r);
    let start = clamp(n.int("start", 0));
    let end = clamp(n.int("end", r)).max(start);
    let (s, e) = (start as usize, end as usize);
    if !dims[s..e].contains(&DYNAMIC) {
        return Ok(vec![c.constant(tensor::i64s(&dims[s..e]))?]);
    }
    let whole = shape_of(c, &x)?;
    let loc = c.loc;
    let h = done(ShapeSliceOp::build_inferred(
        &mut c.b,
        loc,
        whole.v,
        start,
        Some(end),
    ))?;
    let part: Val = h.result(c.b.module).into();
    Ok(vec![c.cast(&part, Elem::I64)?])
}

/// Size (the element count) as a 0-D i64.
pub fn size(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
    let x = n.input(0)?;
    if let Some(dims) = c.static_dims(&x) {
        let count = dims
            .iter()
            .try_fold(1i64, |acc, &d| acc.checked_mul(d))
            .ok_or("Size overflows i64")?;
        return Ok(vec![c.constant(tensor::i64s(&[count]).reshaped(vec![]))?]);
    }
    let whole = shape_of(c, &x)?;
    let sizes = c.cast(&whole, Elem::I64)?;
    Ok(vec![crate::reduce::reduce(c, &sizes, "prod", &[0], false)?])
}

/// Reshape: the shape input's 0 copies the input's dim (unless `allowzero`),
/// its one -1 is what the element count leaves.
pub fn reshape(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
    let x = n.input(0)?;
    let target = constant_ints(&n.input(1)?, "Reshape's shapes")?;
    let dims = c.dims(&x);
    let allowzero = n.int("allowzero", 0) != 0;
    let mut out = Vec::new();
    let mut infer = None;
    for (i, &t) in target.iter().enumerate() {
        out.push(match t {
            0 if !allowzero => {
                if i >= dims.len() {
                    return Err(format!(
                        "shape entry {i} is 0 (copy the input's dim) but the input has rank {}",
                        dims.len()
                    ));
                }
                Out::Copy(i)
            }
            -1 if infer.is_none() => {
                infer = Some(i);
                Out::Size(1)
            }
            -1 => return Err("the shape has more than one -1".into()),
            t if t < 0 => return Err(format!("shape entry {i} is {t}")),
            t => Out::Size(t),
        });
    }
    if let Some(k) = infer {
        // The input's dims that are not carried over must be static: their
        // product over the other entries' is the -1.
        let mut rest: i64 = 1;
        for (i, &d) in dims.iter().enumerate() {
            if out.contains(&Out::Copy(i)) {
                continue;
            }
            if d == DYNAMIC {
                return Err(
                    "Reshape's -1 depends on sizes known only at run time (not supported yet)"
                        .into(),
                );
            }
            rest = rest.checked_mul(d).ok_or("the element count overflows")?;
        }
        let known = out
            .iter()
            .filter_map(|o| match o {
                Out::Size(s) => Some(*s),
                Out::Copy(_) => None,
            })
            .try_fold(1i64, |a, s| a.checked_mul(s))
            .ok_or("the element count overflows")?;
        if known == 0 || rest % known != 0 {
            return Err(format!(
                "the shape {target:?} does not fit the input {}",
                c.show(&x)
            ));
        }
        out[k] = Out::Size(rest / known);
    }
    Ok(vec![reshape_to(c, &x, &out)?])
}

/// Flatten to 2-D at `axis`: each side's dims multiplied, which must be static
/// unless a side is one dim.
pub fn flatten(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
    let x = n.input(0)?;
    let dims = c.dims(&x);
    let r = dims.len();
    let a = n.int("axis", 1);
    let a = if a == r as i64 { r } else { axis(a, r)? };
    let side = |range: std::ops::Range<usize>| -> Result<Out, String> {
        if range.len() == 1 {
            return Ok(Out::Copy(range.start));
        }
        let mut p: i64 = 1;
        for i in range {
            if dims[i] == DYNAMIC {
                return Err("Flatten of several dims of run-time size is not supported yet".into());
            }
            p = p
                .checked_mul(dims[i])
                .ok_or("the element count overflows")?;
        }
        Ok(Out::Size(p))
    };
    let out = [side(0..a)?, side(a..r)?];
    Ok(vec![reshape_to(c, &x, &out)?])
}

/// The axes of Squeeze/Unsqueeze: the `axes` input (opset 13+).
fn axes_input(n: &Node) -> Result<Option<Vec<i64>>, String> {
    n.opt(1).map(|a| constant_ints(&a, "axes")).transpose()
}

/// Squeeze: the given dims (or every static 1), which must be 1.
pub fn squeeze(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
    let x = n.input(0)?;
    let dims = c.dims(&x);
    let drop: Vec<usize> = match axes_input(n)? {
        Some(a) => a
            .iter()
            .map(|&a| axis(a, dims.len()))
            .collect::<Result<_, _>>()?,
        None => (0..dims.len()).filter(|&i| dims[i] == 1).collect(),
    };
    for &i in &drop {
        if dims[i] != 1 {
            return Err(format!(
                "dim {i} of {} is not 1 (a dim of run-time size cannot be squeezed yet)",
                c.show(&x)
            ));
        }
    }
    let out: Vec<Out> = (0..dims.len())
        .filter(|i| !drop.contains(i))
        .map(Out::Copy)
        .collect();
    Ok(vec![reshape_to(c, &x, &out)?])
}

/// Unsqueeze: 1s inserted at the given dims of the result.
pub fn unsqueeze(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
    let x = n.input(0)?;
    let rank = c.rank(&x);
    let given = axes_input(n)?.ok_or("Unsqueeze needs its axes input")?;
    let r = rank + given.len();
    let mut ones = Vec::new();
    for &a in &given {
        let a = axis(a, r)?;
        if ones.contains(&a) {
            return Err(format!("axis {a} is given twice"));
        }
        ones.push(a);
    }
    let mut next = 0;
    let out: Vec<Out> = (0..r)
        .map(|i| {
            if ones.contains(&i) {
                Out::Size(1)
            } else {
                next += 1;
                Out::Copy(next - 1)
            }
        })
        .collect();
    Ok(vec![reshape_to(c, &x, &out)?])
}

/// Concat along `axis`.
pub fn concat(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
    let inputs: Vec<Val> = (0..n.arity())
        .map(|i| n.input(i))
        .collect::<Result<_, _>>()?;
    let first = inputs.first().ok_or("Concat has no inputs")?.clone();
    for x in &inputs[1..] {
        same_elems(c, &first, x)?;
    }
    let a = axis(n.int("axis", 0), c.rank(&first))?;
    let values: Vec<_> = inputs.iter().map(|x| x.v).collect();
    Ok(vec![concatenate(c, &values, a)?])
}

fn concatenate(c: &mut Ctx<'_>, values: &[tensor_ir::Value], a: usize) -> Result<Val, String> {
    let loc = c.loc;
    let h = done(ConcatenateOp::build_inferred(
        &mut c.b, loc, values, a as i64,
    ))?;
    Ok(h.result(c.b.module).into())
}

/// `nd.slice` of `x` from `start` to `limit` by `strides`.
fn slice_op(
    c: &mut Ctx<'_>,
    x: &Val,
    start: &[i64],
    limit: &[i64],
    strides: &[i64],
) -> Result<Val, String> {
    let loc = c.loc;
    let h = done(SliceOp::build_inferred(
        &mut c.b, loc, x.v, start, limit, strides,
    ))?;
    Ok(h.result(c.b.module).into())
}

/// Slice: starts and ends clamped as ONNX says, along the sliced axes, which
/// must be static; positive steps.
pub fn slice(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
    let x = n.input(0)?;
    let dims = c.dims(&x);
    let starts = constant_ints(&n.input(1)?, "Slice's starts")?;
    let ends = constant_ints(&n.input(2)?, "Slice's ends")?;
    let axes = match n.opt(3) {
        Some(a) => constant_ints(&a, "Slice's axes")?,
        None => (0..starts.len() as i64).collect(),
    };
    let steps = match n.opt(4) {
        Some(s) => constant_ints(&s, "Slice's steps")?,
        None => vec![1; starts.len()],
    };
    if ends.len() != starts.len() || axes.len() != starts.len() || steps.len() != starts.len() {
        return Err("starts, ends, axes and steps have different lengths".into());
    }
    let mut start = vec![0; dims.len()];
    let mut limit = dims.clone();
    let mut strides = vec![1; dims.len()];
    let mut seen = vec![false; dims.len()];
    for k in 0..starts.len() {
        let a = axis(axes[k], dims.len())?;
        if std::mem::replace(&mut seen[a], true) {
            return Err(format!("axis {a} is sliced twice"));
        }
        let d = dims[a];
        if d == DYNAMIC {
            return Err(format!(
                "Slice along dim {a} of run-time size is not supported yet"
            ));
        }
        if steps[k] <= 0 {
            return Err(format!(
                "Slice with step {} is not supported yet (only positive steps)",
                steps[k]
            ));
        }
        let clamp = |v: i64| (if v < 0 { v.saturating_add(d) } else { v }).clamp(0, d);
        let (s, e) = (clamp(starts[k]), clamp(ends[k]));
        start[a] = s;
        limit[a] = e.max(s);
        strides[a] = steps[k];
    }
    for (a, &d) in dims.iter().enumerate() {
        if !seen[a] && d == DYNAMIC {
            // An unsliced `?` dim: nd.slice needs its limit, so take it whole
            // through a reshape-free path only when static.
            return Err(format!(
                "Slice of a value with dim {a} of run-time size is not supported yet"
            ));
        }
    }
    Ok(vec![slice_op(c, &x, &start, &limit, &strides)?])
}

/// Split along `axis` into the `split` input's sizes, or `num_outputs` (or
/// as many as outputs) equal parts, the last one smaller.
pub fn split(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
    let x = n.input(0)?;
    let dims = c.dims(&x);
    let a = axis(n.int("axis", 0), dims.len())?;
    let d = dims[a];
    if d == DYNAMIC {
        return Err(format!(
            "Split along dim {a} of run-time size is not supported yet"
        ));
    }
    // nd.slice takes every limit static.
    if dims.contains(&DYNAMIC) {
        return Err("Split of a value with dims of run-time size is not supported yet".into());
    }
    let sizes = match n.opt(1) {
        Some(s) => constant_ints(&s, "Split's sizes")?,
        None => {
            let parts = match n.attr("num_outputs") {
                Some(_) => n.int("num_outputs", 1),
                None => n.proto.output.len() as i64,
            };
            if parts <= 0 {
                return Err(format!("Split into {parts} parts"));
            }
            let each = (d + parts - 1) / parts;
            (0..parts).map(|i| (d - i * each).clamp(0, each)).collect()
        }
    };
    if sizes.iter().any(|&s| s < 0) || sizes.iter().sum::<i64>() != d {
        return Err(format!(
            "split sizes {sizes:?} do not add up to dim {a} of size {d}"
        ));
    }
    let mut outs = Vec::new();
    let mut at = 0;
    for s in sizes {
        let mut start = vec![0; dims.len()];
        let mut limit = dims.clone();
        start[a] = at;
        limit[a] = at + s;
        at += s;
        outs.push(slice_op(c, &x, &start, &limit, &vec![1; dims.len()])?);
    }
    Ok(outs)
}

/// Pad in constant mode: negative pads crop (`nd.slice`), positive ones
/// concatenate blocks of the pad value; the padded dims' neighbours must be
/// static.
pub fn pad(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
    let mode = n
        .attr("mode")
        .and_then(|a| a.s.as_ref())
        .map(|s| String::from_utf8_lossy(s).into_owned())
        .unwrap_or_else(|| "constant".into());
    if mode != "constant" {
        return Err(format!(
            "Pad in mode '{mode}' is not supported (only constant)"
        ));
    }
    let mut x = n.input(0)?;
    let rank = c.rank(&x);
    let pads = constant_ints(&n.input(1)?, "Pad's pads")?;
    // A value computed at run time fills the blocks through `nd.broadcast_to`.
    let value = match n.opt(2) {
        Some(v) => match &v.konst {
            Some(k) => Fill::Const(Rc::clone(k)),
            None => Fill::Run(reshape_0d(c, &v)?),
        },
        None => Fill::Const(Rc::new(tensor::scalar(c.elem(&x)?, 0.0))),
    };
    let axes: Vec<usize> = match n.opt(3) {
        Some(a) => constant_ints(&a, "Pad's axes")?
            .iter()
            .map(|&a| axis(a, rank))
            .collect::<Result<_, _>>()?,
        None => (0..rank).collect(),
    };
    if pads.len() != 2 * axes.len() {
        return Err(format!(
            "{} pads for {} axes (two per axis)",
            pads.len(),
            axes.len()
        ));
    }
    for (k, &a) in axes.iter().enumerate() {
        let (lo, hi) = (pads[k], pads[k + axes.len()]);
        x = pad_axis(c, &x, a, lo, hi, &value)?;
    }
    Ok(vec![x])
}

/// What Pad fills with: a constant of the model, or a value computed at run time
/// (0-D).
enum Fill {
    Const(Rc<Constant>),
    Run(Val),
}

/// `x` padded (or cropped) by `lo` and `hi` along `a`.
fn pad_axis(
    c: &mut Ctx<'_>,
    x: &Val,
    a: usize,
    lo: i64,
    hi: i64,
    value: &Fill,
) -> Result<Val, String> {
    if lo == 0 && hi == 0 {
        return Ok(x.clone());
    }
    let dims = c
        .static_dims(x)
        .ok_or("Pad of a value with dims of run-time size is not supported yet")?;
    let mut x = x.clone();
    if lo < 0 || hi < 0 {
        let mut start = vec![0; dims.len()];
        let mut limit = dims.clone();
        start[a] = (-lo).max(0).min(dims[a]);
        limit[a] = (dims[a] + hi.min(0)).max(start[a]);
        x = slice_op(c, &x, &start, &limit, &vec![1; dims.len()])?;
    }
    let dims = c.static_dims(&x).ok_or("static dims")?;
    let mut parts = Vec::new();
    let block = |c: &mut Ctx<'_>, size: i64| {
        let mut shape = dims.clone();
        shape[a] = size;
        match value {
            Fill::Const(k) => filled(c, k, &shape),
            Fill::Run(v) => {
                let loc = c.loc;
                let h = done(BroadcastToOp::build_inferred(
                    &mut c.b,
                    loc,
                    v.v,
                    None,
                    Some(&shape),
                ))?;
                Ok(h.result(c.b.module).into())
            }
        }
    };
    if lo > 0 {
        parts.push(block(c, lo)?.v);
    }
    parts.push(x.v);
    if hi > 0 {
        parts.push(block(c, hi)?.v);
    }
    if parts.len() == 1 {
        return Ok(x);
    }
    concatenate(c, &parts, a)
}

/// Gather (`numpy.take`) and GatherElements (`numpy.take_along_axis`) along
/// `axis`: `nd.gather` and `nd.gather_elements`, which check each index
/// against `[-n, n)` at run time, at the node.
pub fn gather(c: &mut Ctx<'_>, n: &Node, elements: bool) -> Result<Vec<Val>, String> {
    let x = n.input(0)?;
    let indices = n.input(1)?;
    let a = axis(n.int("axis", 0), c.rank(&x))? as i64;
    let loc = c.loc;
    let v = if elements {
        let h = done(GatherElementsOp::build_inferred(
            &mut c.b, loc, x.v, indices.v, a,
        ))?;
        h.result(c.b.module)
    } else {
        let h = done(GatherOp::build_inferred(&mut c.b, loc, x.v, indices.v, a))?;
        h.result(c.b.module)
    };
    Ok(vec![v.into()])
}
