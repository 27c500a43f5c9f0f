//! nd's structural ops: `nd.transpose` becomes `linalg.transpose`, `nd.slice`
//! a `tensor.extract_slice` (after a `cf.assert` that it lies inside a `?`
//! dim). The others are in [`crate::regroup`] and [`crate::dot`].

use crate::emit::{Exporter, XResult};
use crate::shapes::Results;
use smallvec::SmallVec;
use tensor_dialect_nd::slice::SliceOp;
use tensor_dialect_nd::structure::TransposeOp;
use tensor_ir::module::OpId;
use tensor_ir::{DYNAMIC, Value};

/// `list` as dims of a rank-`rank` operand, or the export's error.
fn in_rank(x: &Exporter<'_>, list: &[i64], rank: usize) -> XResult<Vec<usize>> {
    let dims: Option<Vec<usize>> = list
        .iter()
        .map(|&d| usize::try_from(d).ok().filter(|&d| d < rank))
        .collect();
    match dims {
        Some(d) if d.len() == rank => Ok(d),
        _ => Err(x.error("cannot be exported: its dim lists do not fit the operand's rank")),
    }
}

/// `nd.transpose`: `linalg.transpose` into a `tensor.empty` of the operand's
/// sizes permuted, cast to the declared result type.
pub fn transpose(x: &mut Exporter<'_>, op: OpId) -> XResult<Results> {
    let input = x.b.module.operands(op)[0];
    let declared = x.b.module.value_type(x.b.module.result(op, 0));
    let (src, elem) = x.ranked(input)?;
    let list = x.i64s(TransposeOp::PERMUTATION);
    let perm = in_rank(x, &list, src.len())?;
    let dims: SmallVec<[i64; 4]> = perm.iter().map(|&p| src[p]).collect();
    let mut sizes: SmallVec<[Value; 4]> = SmallVec::new();
    for &p in &perm {
        sizes.push(x.dim(input, p)?);
    }
    let ty = x.b.ctx.tensor_type(&dims, elem);
    let init = x.empty(ty, &sizes)?;
    let region = x.body(&[elem, elem], |_, args| Ok(SmallVec::from_elem(args[0], 1)))?;
    let attr = x.i64_array(&list);
    let t = x.create(
        "linalg.transpose",
        &[input, init],
        &[ty],
        &[("permutation", attr)],
        &[region],
    )?;
    let t = x.b.module.result(t, 0);
    Ok(SmallVec::from_elem(x.cast_to(t, declared)?, 1))
}

/// `nd.slice`: `tensor.extract_slice` with static offsets, sizes and strides;
/// where the operand's dim is `?`, a `cf.assert` first that the limit lies
/// inside it (tensor-run's error).
pub fn slice(x: &mut Exporter<'_>, op: OpId) -> XResult<Results> {
    let input = x.b.module.operands(op)[0];
    let declared = x.b.module.value_type(x.b.module.result(op, 0));
    let (src, elem) = x.ranked(input)?;
    let start = x.i64s(SliceOp::START_INDICES);
    let limit = x.i64s(SliceOp::LIMIT_INDICES);
    let steps = x.i64s(SliceOp::STRIDES);
    let rank = src.len();
    if [start.len(), limit.len(), steps.len()] != [rank; 3] {
        return Err(x.error("cannot be exported: its dim lists do not fit the operand's rank"));
    }
    let mut sizes: SmallVec<[i64; 4]> = SmallVec::new();
    for d in 0..rank {
        let n = tensor_dialect_nd::slice::strided_len(start[d], limit[d], steps[d])
            .and_then(|n| i64::try_from(n).ok())
            .ok_or_else(|| x.error("cannot be exported: a slice the verifier refuses"))?;
        sizes.push(n);
        if src[d] == DYNAMIC {
            let size = x.dim(input, d)?;
            let end = x.const_index(limit[d])?;
            // ule: the limit is at most the size.
            let ok = x.cmpi(7, end, size)?;
            x.assert(
                ok,
                &format!(
                    "slices up to {} in dim {d}, past the end of operand #0 at run time",
                    limit[d]
                ),
            )?;
        }
    }
    let ty = x.b.ctx.tensor_type(&sizes, elem);
    let segments = x.b.ctx.i32_array_attr(&[1, 0, 0, 0]);
    let props = [
        ("operandSegmentSizes", segments),
        ("static_offsets", x.i64_array(&start)),
        ("static_sizes", x.i64_array(&sizes)),
        ("static_strides", x.i64_array(&steps)),
    ];
    let s = x.one("tensor.extract_slice", &[input], ty, &props)?;
    Ok(SmallVec::from_elem(x.cast_to(s, declared)?, 1))
}
