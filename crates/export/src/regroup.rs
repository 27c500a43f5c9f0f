//! nd's ops that move elements without computing them, beyond transpose and
//! slice: `nd.concatenate` (`tensor.concat`), `nd.reshape` (`tensor.reshape` to
//! a shape of `index` entries), `nd.dynamic_slice` (`tensor.extract_slice` at
//! clamped offsets) and `nd.iota` (a `linalg.generic` of `linalg.index`). Each
//! asserts first what tensor-run checks at run time, at the op's location.

use crate::emit::{Exporter, XResult};
use crate::shapes::Results;
use smallvec::SmallVec;
use tensor_dialect_nd::iota::IotaOp;
use tensor_dialect_nd::slice::DynamicSliceOp;
use tensor_dialect_nd::structure::ConcatenateOp;
use tensor_ir::module::OpId;
use tensor_ir::{DYNAMIC, Value};

use crate::emit::Scalar;

/// `nd.concatenate`: a `cf.assert` per operand and `?` dim other than the
/// concatenated one that its size is the others' (tensor-run's check;
/// `tensor.concat` leaves a mismatch undefined), then `tensor.concat`.
pub fn concatenate(x: &mut Exporter<'_>, op: OpId) -> XResult<Results> {
    let inputs: SmallVec<[Value; 4]> = x.b.module.operands(op).iter().copied().collect();
    let declared = x.b.module.value_type(x.b.module.result(op, 0));
    let Some(&first) = inputs.first() else {
        return Err(x.error("cannot be exported: a concatenate of no operands"));
    };
    let (dims0, elem) = x.ranked(first)?;
    let rank = dims0.len();
    let along = x
        .int(ConcatenateOp::DIMENSION)
        .and_then(|d| usize::try_from(d).ok())
        .filter(|&d| d < rank)
        .ok_or_else(|| x.error("cannot be exported: its dimension is not a dim of the operands"))?;
    let mut all = Vec::with_capacity(inputs.len());
    for &v in &inputs {
        let (d, _) = x.ranked(v)?;
        if d.len() != rank {
            return Err(x.error("cannot be exported: operands of different ranks"));
        }
        all.push(d);
    }
    let mut result: SmallVec<[i64; 4]> = SmallVec::new();
    for d in 0..rank {
        if d == along {
            let sum = all.iter().try_fold(0i64, |acc, s| {
                (s[d] != DYNAMIC).then(|| acc.checked_add(s[d])).flatten()
            });
            result.push(sum.unwrap_or(DYNAMIC));
            continue;
        }
        // The size every operand must have: a static one if any has it.
        let fixed = all.iter().map(|s| s[d]).find(|&n| n != DYNAMIC);
        result.push(fixed.unwrap_or(DYNAMIC));
        let reference = match fixed {
            Some(n) => x.const_index(n)?,
            None => x.dim(first, d)?,
        };
        for (i, &v) in inputs.iter().enumerate() {
            if all[i][d] != DYNAMIC || (fixed.is_none() && i == 0) {
                continue;
            }
            let size = x.dim(v, d)?;
            let ok = x.cmpi(0, size, reference)?;
            x.assert(
                ok,
                &format!(
                    "concatenates operand #{i} whose dim {d} differs from the other operands' at run time"
                ),
            )?;
        }
    }
    let ty = x.b.ctx.tensor_type(&result, elem);
    let i64t = x.b.ctx.i(64);
    let dim = x.b.ctx.int_attr(i128::try_from(along).unwrap_or(0), i64t);
    let c = x.one("tensor.concat", &inputs, ty, &[("dim", dim)])?;
    Ok(SmallVec::from_elem(x.cast_to(c, declared)?, 1))
}

/// `nd.reshape`: `tensor.reshape` to a shape of `index` entries (the result's
/// static sizes, the shape operand's where `?`), after a `cf.assert` that the
/// entries agree with the static sizes and that their product is the operand's
/// element count (tensor-run's errors; upstream leaves both undefined).
pub fn reshape(x: &mut Exporter<'_>, op: OpId) -> XResult<Results> {
    let input = x.b.module.operands(op)[0];
    let shape = x.b.module.operands(op).get(1).copied();
    let declared = x.b.module.value_type(x.b.module.result(op, 0));
    let (src, _) = x.ranked(input)?;
    let (dst, _) = x.ranked_type(declared)?;
    let entries = match shape {
        Some(s) => Some(x.shape_entries(s)?),
        None => None,
    };
    if let Some(e) = &entries
        && e.len() != dst.len()
    {
        return Err(
            x.error("cannot be exported: its shape operand's length is not the result's rank")
        );
    }
    let all_static = !src.contains(&DYNAMIC) && !dst.contains(&DYNAMIC) && entries.is_none();
    let mut sizes: SmallVec<[Value; 4]> = SmallVec::new();
    for (j, &n) in dst.iter().enumerate() {
        let size = match (&entries, n) {
            (Some(e), DYNAMIC) => e[j],
            (Some(e), n) => {
                let fixed = x.const_index(n)?;
                if x.const_of(e[j]) != Some(n) {
                    let ok = x.cmpi(0, e[j], fixed)?;
                    x.assert(
                        ok,
                        &format!("reshapes to a shape whose entry {j} is not the result's size {n} at run time"),
                    )?;
                }
                fixed
            }
            (None, DYNAMIC) => {
                return Err(x.error("cannot be exported: a ? result dim without a shape operand"));
            }
            (None, n) => x.const_index(n)?,
        };
        sizes.push(size);
    }
    if !all_static {
        let mut count = x.const_index(1)?;
        for d in 0..src.len() {
            let s = x.dim(input, d)?;
            count = x.bin("arith.muli", count, s)?;
        }
        let mut product = x.const_index(1)?;
        for &s in &sizes {
            product = x.bin("arith.muli", product, s)?;
        }
        let ok = x.cmpi(0, product, count)?;
        x.assert(
            ok,
            "reshapes to a shape of another number of elements than operand #0's at run time",
        )?;
    }
    let shape_value = x.shape_value(sizes)?;
    let r = x.one("tensor.reshape", &[input, shape_value], declared, &[])?;
    Ok(SmallVec::from_elem(r, 1))
}

/// `nd.dynamic_slice`: each start read from its 0-D tensor, cast to `index` and
/// clamped into `[0, size - slice size]` as StableHLO (and tensor-run) clamp it,
/// then `tensor.extract_slice` at those offsets; a `?` operand dim smaller than
/// the slice is asserted against first (tensor-run's error).
pub fn dynamic_slice(x: &mut Exporter<'_>, op: OpId) -> XResult<Results> {
    let operands: SmallVec<[Value; 5]> = x.b.module.operands(op).iter().copied().collect();
    let input = operands[0];
    let starts = &operands[1..];
    let declared = x.b.module.value_type(x.b.module.result(op, 0));
    let (src, elem) = x.ranked(input)?;
    let sizes = x.i64s(DynamicSliceOp::SLICE_SIZES);
    if sizes.len() != src.len() || starts.len() != src.len() {
        return Err(x.error(
            "cannot be exported: its start indices or sizes do not fit the operand's rank",
        ));
    }
    let index = x.index_type();
    let zero = x.const_index(0)?;
    let mut offsets: SmallVec<[Value; 4]> = SmallVec::new();
    for d in 0..src.len() {
        let size = x.dim(input, d)?;
        let want = x.const_index(sizes[d])?;
        if src[d] == DYNAMIC {
            // ule: the slice fits the dim.
            let ok = x.cmpi(7, want, size)?;
            x.assert(
                ok,
                &format!(
                    "slices {} elements of dim {d}, more than operand #0 has at run time",
                    sizes[d]
                ),
            )?;
        }
        let start_ty = x.b.module.value_type(starts[d]);
        let start_elem = x.b.ctx.element_type(start_ty).unwrap_or(start_ty);
        let raw = x.one("tensor.extract", &[starts[d]], start_elem, &[])?;
        let start = if start_elem == index {
            raw
        } else {
            match x.scalar(start_elem)? {
                Scalar::Int(w) if w > 64 => {
                    return Err(x.error("cannot be exported: a start index wider than i64"));
                }
                _ => x.one("arith.index_cast", &[raw], index, &[])?,
            }
        };
        let last = x.bin("arith.subi", size, want)?;
        let low = x.bin("arith.maxsi", start, zero)?;
        offsets.push(x.bin("arith.minsi", low, last)?);
    }
    let ty = x.b.ctx.tensor_type(&sizes, elem);
    let n = i32::try_from(offsets.len()).unwrap_or(i32::MAX);
    let segments = x.b.ctx.i32_array_attr(&[1, n, 0, 0]);
    let dynamic = vec![DYNAMIC; offsets.len()];
    let ones = vec![1; offsets.len()];
    let props = [
        ("operandSegmentSizes", segments),
        ("static_offsets", x.i64_array(&dynamic)),
        ("static_sizes", x.i64_array(&sizes)),
        ("static_strides", x.i64_array(&ones)),
    ];
    let mut args = vec![input];
    args.extend_from_slice(&offsets);
    let s = x.one("tensor.extract_slice", &args, ty, &props)?;
    Ok(SmallVec::from_elem(x.cast_to(s, declared)?, 1))
}

/// `nd.iota`: a `linalg.generic` over an empty tensor of the result's sizes
/// (the shape operand's where `?`) whose body yields `linalg.index` of the iota
/// dim, converted to the element type.
pub fn iota(x: &mut Exporter<'_>, op: OpId) -> XResult<Results> {
    let declared = x.b.module.value_type(x.b.module.result(op, 0));
    let (dst, elem) = x.ranked_type(declared)?;
    let along = x
        .int(IotaOp::IOTA_DIMENSION)
        .and_then(|d| usize::try_from(d).ok())
        .filter(|&d| d < dst.len())
        .ok_or_else(|| {
            x.error("cannot be exported: its iota dimension is not a dim of the result")
        })?;
    let entries = match x.b.module.operands(op).first().copied() {
        Some(s) => Some(x.shape_entries(s)?),
        None => None,
    };
    let mut sizes: SmallVec<[Value; 4]> = SmallVec::new();
    for (j, &n) in dst.iter().enumerate() {
        sizes.push(match (&entries, n) {
            (Some(e), DYNAMIC) if j < e.len() => e[j],
            (_, DYNAMIC) => {
                return Err(x.error("cannot be exported: a ? result dim without a shape operand"));
            }
            (_, n) => x.const_index(n)?,
        });
    }
    let scalar = x.scalar(elem)?;
    let init = x.empty(declared, &sizes)?;
    let identity: Vec<usize> = (0..dst.len()).collect();
    let maps = crate::matmul::loop_maps(x.b.ctx, dst.len(), &[&identity]);
    let iterators = crate::matmul::iterator_types(x.b.ctx, &vec![false; dst.len()]);
    let segments = x.b.ctx.i32_array_attr(&[0, 1]);
    let index = x.index_type();
    let i64t = x.b.ctx.i(64);
    let dim_attr = x.b.ctx.int_attr(i128::try_from(along).unwrap_or(0), i64t);
    let region = x.body(&[elem], |x, _| {
        let i = x.one("linalg.index", &[], index, &[("dim", dim_attr)])?;
        let v = match scalar {
            Scalar::Index => i,
            Scalar::Int(_) => x.one("arith.index_cast", &[i], elem, &[])?,
            Scalar::Float(_) => {
                let wide = x.one("arith.index_cast", &[i], i64t, &[])?;
                x.one("arith.sitofp", &[wide], elem, &[])?
            }
        };
        Ok(SmallVec::from_elem(v, 1))
    })?;
    let g = x.create(
        "linalg.generic",
        &[init],
        &[declared],
        &[
            ("indexing_maps", maps),
            ("iterator_types", iterators),
            ("operandSegmentSizes", segments),
        ],
        &[region],
    )?;
    Ok(SmallVec::from_elem(x.b.module.result(g, 0), 1))
}
