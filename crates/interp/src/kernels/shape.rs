//! Shape ops: shapes are 1-D tensors of `index`. `nd.broadcast_shapes` is the
//! run-time check the lowering emits for every broadcast that depends on `?` or
//! `*` sizes: shapes that do not broadcast are an error at its location (which
//! the lowering gives the original op), naming the operand, its dim and both
//! sizes.

use super::{KernelCx, KernelResult, algebra_shape, broadcast_error, concrete, shape_text};
use crate::ElemType;
use crate::tensor::{Dims, Tensor};
use broadcastable::{Error, Policy, onnx};
use smallvec::SmallVec;
use tensor_ir::Diagnostic;

/// A fresh tensor of `index` entries, of shape `[values.len()]` (or rank 0).
pub(crate) fn index_tensor(
    cx: &KernelCx<'_>,
    shape: &[usize],
    values: &[i64],
) -> Result<Tensor, Diagnostic> {
    let mut out = cx.alloc::<i64>(shape)?;
    out.as_mut_slice().copy_from_slice(values);
    Ok(Tensor::from_owned(ElemType::Index, shape, out))
}

fn as_i64(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// `nd.shape_of`.
pub(crate) fn shape_of(cx: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    let shape = operands[0].shape();
    let values: Vec<i64> = shape.iter().map(|&d| as_i64(d)).collect();
    Ok(vec![index_tensor(cx, &[values.len()], &values)?])
}

/// `nd.dim`: the size of dim `index`, which must exist at run time (the operand
/// may be unranked).
pub(crate) fn dim(cx: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    let key = cx.ctx.lookup_sym(tensor_dialect_nd::shape::DimOp::INDEX);
    let index = key
        .and_then(|k| cx.module.get_attr(cx.op, k))
        .and_then(|a| match cx.ctx.attr_kind(a) {
            tensor_ir::AttrKind::Integer { value, .. } => usize::try_from(*value).ok(),
            _ => None,
        })
        .unwrap_or(usize::MAX);
    let shape = operands[0].shape();
    let Some(&size) = shape.get(index) else {
        return Err(cx.error(format!(
            "asks for dim {index} of operand #0, which has shape {} at run time (rank {})",
            shape_text(shape),
            shape.len()
        )));
    };
    Ok(vec![index_tensor(cx, &[], &[as_i64(size)])?])
}

/// The entries of shape operand `k`, as sizes.
fn sizes(cx: &KernelCx<'_>, shape: &Tensor, k: usize) -> Result<Dims, Diagnostic> {
    cx.entries(k, shape)?
        .into_iter()
        .enumerate()
        .map(|(i, v)| {
            usize::try_from(v).map_err(|_| {
                cx.error(format!(
                    "operand #{k} has entry {i} = {v} at run time, which is not a size"
                ))
            })
        })
        .collect()
}

/// The error of an in-place broadcast (`Policy::Unidirectional`): sources are
/// operands #1.., the target operand #0.
pub(crate) fn in_place_error(e: &Error, shapes: &[&[usize]]) -> String {
    match e {
        Error::RankTooHigh {
            operand,
            rank,
            target_rank,
            ..
        } => format!(
            "operand #{operand} has {rank} dims at run time, more than the {target_rank} of the in-place target, operand #0: broadcasting in place cannot add dims (shapes {})",
            list(shapes)
        ),
        Error::Incompatible(c) => format!(
            "operand #{} dim {} has size {} at run time, which is neither 1 nor the size {} of dim {} of the in-place target, operand #0 (shapes {})",
            c.second.operand,
            c.second.dim,
            c.second_size,
            c.first_size,
            c.first.dim,
            list(shapes)
        ),
        other => broadcast_error(other, shapes),
    }
}

fn list(shapes: &[&[usize]]) -> String {
    shapes
        .iter()
        .map(|s| shape_text(s))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `nd.broadcast_shapes`: the broadcast of its operands under its policy.
pub(crate) fn broadcast_shapes(cx: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    let shapes: Vec<Dims> = operands
        .iter()
        .enumerate()
        .map(|(k, t)| sizes(cx, t, k))
        .collect::<Result<_, _>>()?;
    let refs: SmallVec<[&[usize]; 4]> = shapes.iter().map(|s| &s[..]).collect();
    let algebra: Vec<_> = shapes.iter().map(|s| algebra_shape(s)).collect();
    let policy = cx
        .str_prop(tensor_dialect_nd::shape::BroadcastShapesOp::POLICY)
        .unwrap_or("numpy")
        .to_owned();
    let result = match policy.as_str() {
        "onnx" => onnx::common_shape(&algebra).map_err(|e| {
            format!(
                "shapes have no common broadcast shape at run time: {e} (shapes {})",
                list(&refs)
            )
        }),
        "in_place" => broadcastable::infer(&Policy::Unidirectional, &algebra)
            .map_err(|e| in_place_error(&e, &refs)),
        _ => {
            let policy = match cx.i64_array(tensor_dialect_nd::BROADCAST_DIMENSIONS) {
                Some(dims) => Policy::Explicit(dims.into_iter().collect()),
                None => Policy::NumPy,
            };
            broadcastable::infer(&policy, &algebra).map_err(|e| broadcast_error(&e, &refs))
        }
    };
    let shape = result
        .map_err(|m| cx.error(m.replacen("operands do not", "shapes do not", 1)))
        .and_then(|i| concrete(&i.shape).ok_or_else(|| cx.error("the broadcast is not static")))?;
    let values: Vec<i64> = shape.iter().map(|&d| as_i64(d)).collect();
    Ok(vec![index_tensor(cx, &[values.len()], &values)?])
}

/// Python's `s[start:end]` bounds in a sequence of `len` entries.
fn slice_bounds(len: usize, start: i64, end: Option<i64>) -> (usize, usize) {
    let n = i64::try_from(len).unwrap_or(i64::MAX);
    let clamp = |i: i64| {
        let i = if i < 0 { n.saturating_add(i) } else { i };
        usize::try_from(i.clamp(0, n)).unwrap_or(0)
    };
    let (lo, hi) = (clamp(start), end.map_or(len, clamp));
    (lo, hi.max(lo))
}

/// The integer property `name`.
pub(crate) fn int_prop(cx: &KernelCx<'_>, name: &str) -> Option<i64> {
    let key = cx.ctx.lookup_sym(name)?;
    match cx.ctx.attr_kind(cx.module.get_attr(cx.op, key)?) {
        tensor_ir::AttrKind::Integer { value, .. } => i64::try_from(*value).ok(),
        _ => None,
    }
}

/// `nd.shape_slice`.
pub(crate) fn shape_slice(cx: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    let values = cx.entries(0, &operands[0])?;
    let start = int_prop(cx, tensor_dialect_nd::shape::ShapeSliceOp::START).unwrap_or(0);
    let (lo, hi) = slice_bounds(
        values.len(),
        start,
        int_prop(cx, tensor_dialect_nd::shape::ShapeSliceOp::END),
    );
    let part = &values[lo..hi];
    Ok(vec![index_tensor(cx, &[part.len()], part)?])
}

/// `nd.shape_concat`.
pub(crate) fn shape_concat(cx: &KernelCx<'_>, operands: Vec<Tensor>) -> KernelResult {
    // The result holds every entry: refused before the entries are read.
    let total = operands
        .iter()
        .try_fold(0usize, |n, t| n.checked_add(t.len()));
    let bytes = total.and_then(|n| n.checked_mul(std::mem::size_of::<i64>()));
    if let Err(e) = cx.memory().check(bytes.unwrap_or(usize::MAX)) {
        return Err(cx.alloc_error(e, &[total.unwrap_or(usize::MAX)]));
    }
    let mut values: Vec<i64> = Vec::new();
    for (k, t) in operands.iter().enumerate() {
        values.extend(cx.entries(k, t)?);
    }
    Ok(vec![index_tensor(cx, &[values.len()], &values)?])
}

#[cfg(test)]
mod tests {
    use super::slice_bounds;

    #[test]
    fn slices_follow_python() {
        assert_eq!(slice_bounds(4, 0, Some(-2)), (0, 2));
        assert_eq!(slice_bounds(4, -2, None), (2, 4));
        assert_eq!(slice_bounds(1, 0, Some(-2)), (0, 0));
        assert_eq!(slice_bounds(3, 5, None), (3, 3));
        assert_eq!(slice_bounds(3, -9, Some(9)), (0, 3));
    }
}
