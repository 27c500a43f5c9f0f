//! ONNX's shape and structure ops that nd expresses with static shapes:
//! Transpose, and Shape/Size of a value whose dims are static at import.

use crate::emit::{Ctx, Val};
use crate::ops::Node;
use crate::tensor;
use crate::types::Ty;

/// Transpose by `perm` (default: reversed dims).
pub fn transpose(c: &mut Ctx, n: &Node) -> Result<Vec<Val>, String> {
    let x = n.input(0)?;
    let rank = x.ty.dims.len();
    let perm: Vec<usize> = match n.ints("perm") {
        p if p.is_empty() => (0..rank).rev().collect(),
        p => p
            .iter()
            .map(|&i| usize::try_from(i).ok().filter(|&i| i < rank))
            .collect::<Option<_>>()
            .ok_or_else(|| format!("perm {p:?} is not a permutation of {rank} dims"))?,
    };
    let mut seen = vec![false; rank];
    if perm.len() != rank || perm.iter().any(|&i| std::mem::replace(&mut seen[i], true)) {
        return Err(format!("perm {perm:?} is not a permutation of {rank} dims"));
    }
    let ty = Ty {
        elem: x.ty.elem,
        dims: perm.iter().map(|&i| x.ty.dims[i]).collect(),
    };
    let list: Vec<String> = perm.iter().map(usize::to_string).collect();
    Ok(vec![c.op(
        &format!(
            "nd.transpose {}, permutation = [{}] : ({}) -> {}",
            x.ssa,
            list.join(", "),
            x.ty.mlir(),
            ty.mlir()
        ),
        ty,
    )])
}

/// The static dims of input 0, or a refusal naming the op.
fn static_dims(n: &Node, op: &str) -> Result<Vec<i64>, String> {
    let x = n.input(0)?;
    x.ty.static_dims().ok_or_else(|| {
        format!(
            "{op} of {} (dims known only at run time) is not supported yet",
            x.ty.mlir()
        )
    })
}

/// Shape (with `start` and `end`, clamped as ONNX says) as a constant.
pub fn shape(c: &mut Ctx, n: &Node) -> Result<Vec<Val>, String> {
    let dims = static_dims(n, "Shape")?;
    let r = dims.len() as i64;
    let clamp = |v: i64| (if v < 0 { v + r } else { v }).clamp(0, r) as usize;
    let start = clamp(n.int("start", 0));
    let end = clamp(n.int("end", r));
    let slice = if start < end {
        &dims[start..end]
    } else {
        &[][..]
    };
    Ok(vec![c.constant(tensor::i64s(slice))])
}

/// Size (the element count) as a 0-D constant.
pub fn size(c: &mut Ctx, n: &Node) -> Result<Vec<Val>, String> {
    let dims = static_dims(n, "Size")?;
    let count = dims
        .iter()
        .try_fold(1i64, |acc, &d| acc.checked_mul(d))
        .ok_or("Size overflows i64")?;
    Ok(vec![c.constant(tensor::i64s(&[count]).reshaped(vec![]))])
}
