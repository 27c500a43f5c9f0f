//! `nd.gather` and `nd.gather_elements`: a `linalg.generic` over the result
//! whose body reads `data` with `tensor.extract` at the normalised index.
//! tensor-run's checks come first, at the op's location: a reduction asserts
//! (`cf.assert`) that every index lies in `[-n, n)`, and for
//! `nd.gather_elements` that no `?` size of the indices off the axis exceeds
//! data's.

use crate::emit::{Exporter, Scalar, XResult};
use crate::matmul::{iterator_types, loop_maps};
use crate::shapes::Results;
use smallvec::SmallVec;
use tensor_dialect_nd::gather::{GatherElementsOp, GatherOp};
use tensor_ir::module::OpId;
use tensor_ir::{DYNAMIC, TypeKind, Value};

/// The operands, the axis (a dim of `data`) and the indices' element width.
fn operands(x: &mut Exporter<'_>, op: OpId, axis_name: &str) -> XResult<(Value, Value, usize)> {
    let (data, indices) = match x.b.module.operands(op) {
        [d, i] => (*d, *i),
        _ => return Err(x.error("cannot be exported: a gather takes data and indices")),
    };
    let rank = x.ranked(data)?.0.len();
    let axis = x
        .int(axis_name)
        .and_then(|a| usize::try_from(a).ok())
        .filter(|&a| a < rank)
        .ok_or_else(|| x.error("cannot be exported: its axis is not a dim of data"))?;
    let (_, ielem) = x.ranked(indices)?;
    index_elements(x, ielem, "indices")?;
    Ok((data, indices, axis))
}

/// Refuses (at the op) index elements upstream `arith.index_cast` cannot take:
/// `what` (indices, axes) must be signless integers of 2 to 64 bits or `index`
/// (an `i1` or a signed/unsigned type is refused).
pub(crate) fn index_elements(
    x: &mut Exporter<'_>,
    elem: tensor_ir::Type,
    what: &str,
) -> XResult<()> {
    let signless = matches!(
        x.b.ctx.type_kind(elem),
        TypeKind::Integer {
            signedness: tensor_ir::Signedness::Signless,
            ..
        } | TypeKind::Index
    );
    match x.scalar(elem)? {
        Scalar::Int(w) if signless && (2..=64).contains(&w) => Ok(()),
        Scalar::Index => Ok(()),
        _ => Err(x.error(format!(
            "cannot be exported: {what} must be signless integers of 2 to 64 bits or index"
        ))),
    }
}

/// An index of the indices' element type as `index`, normalised into `[0, n)`
/// when it is in `[-n, n)`.
fn normalised(x: &mut Exporter<'_>, raw: Value, n: Value) -> XResult<Value> {
    let index = x.index_type();
    let i = if x.b.module.value_type(raw) == index {
        raw
    } else {
        x.one("arith.index_cast", &[raw], index, &[])?
    };
    let zero = x.const_index(0)?;
    // slt: counted from the end.
    let negative = x.cmpi(2, i, zero)?;
    let shifted = x.bin("arith.addi", i, n)?;
    x.select(negative, shifted, i)
}

/// `cf.assert` that every element of `indices` lies in `[-n, n)` (`n` the size
/// of data's dim `axis`), through a reduction of the indices into one `i1`.
fn assert_in_range(x: &mut Exporter<'_>, indices: Value, n: Value, axis: usize) -> XResult<()> {
    let rank = x.ranked(indices)?.0.len();
    let i1 = x.b.ctx.i(1);
    let scalar_ty = x.b.ctx.tensor_type(&[], i1);
    let truth = x.b.ctx.int_attr(1, i1);
    let t = x.constant(truth, i1)?;
    let init = x.one("tensor.from_elements", &[t], scalar_ty, &[])?;
    let all: Vec<usize> = (0..rank).collect();
    let maps = loop_maps(x.b.ctx, rank, &[&all, &[]]);
    let iterators = iterator_types(x.b.ctx, &vec![true; rank]);
    let segments = x.b.ctx.i32_array_attr(&[1, 1]);
    let (_, ielem) = x.ranked(indices)?;
    let region = x.body(&[ielem, i1], |x, args| {
        let index = x.index_type();
        let i = if ielem == index {
            args[0]
        } else {
            x.one("arith.index_cast", &[args[0]], index, &[])?
        };
        let zero = x.const_index(0)?;
        let low = x.bin("arith.subi", zero, n)?;
        // sge -n, slt n.
        let above = x.cmpi(5, i, low)?;
        let below = x.cmpi(2, i, n)?;
        let both = x.bin("arith.andi", above, below)?;
        let acc = x.bin("arith.andi", args[1], both)?;
        Ok(SmallVec::from_elem(acc, 1))
    })?;
    let g = x.create(
        "linalg.generic",
        &[indices, init],
        &[scalar_ty],
        &[
            ("indexing_maps", maps),
            ("iterator_types", iterators),
            ("operandSegmentSizes", segments),
        ],
        &[region],
    )?;
    let r = x.b.module.result(g, 0);
    let ok = x.one("tensor.extract", &[r], i1, &[])?;
    x.assert(
        ok,
        &format!("has an index outside [-n, n), n the size of dim {axis} of operand #0"),
    )
}

/// The `linalg.generic` over the result (its sizes `sizes`) with `indices` as
/// input through `map`, whose body extracts from `data` at the coordinates
/// `coords` gives (from the loop indices and the normalised index).
fn extract_generic(
    x: &mut Exporter<'_>,
    op: OpId,
    (data, indices): (Value, Value),
    sizes: &[Value],
    map: &[usize],
    coords: impl FnOnce(&mut Exporter<'_>, &[Value], Value) -> SmallVec<[Value; 4]>,
    axis: usize,
) -> XResult<Results> {
    let declared = x.b.module.value_type(x.b.module.result(op, 0));
    let (dst, elem) = x.ranked_type(declared)?;
    let (_, ielem) = x.ranked(indices)?;
    let n = x.dim(data, axis)?;
    let init = x.empty(declared, sizes)?;
    let identity: Vec<usize> = (0..dst.len()).collect();
    let maps = loop_maps(x.b.ctx, dst.len(), &[map, &identity]);
    let iterators = iterator_types(x.b.ctx, &vec![false; dst.len()]);
    let segments = x.b.ctx.i32_array_attr(&[1, 1]);
    let index = x.index_type();
    let i64t = x.b.ctx.i(64);
    let region = x.body(&[ielem, elem], |x, args| {
        let mut loops: SmallVec<[Value; 4]> = SmallVec::new();
        for d in 0..dst.len() {
            let dim_attr = x.b.ctx.int_attr(i128::try_from(d).unwrap_or(0), i64t);
            loops.push(x.one("linalg.index", &[], index, &[("dim", dim_attr)])?);
        }
        let k = normalised(x, args[0], n)?;
        let at = coords(x, &loops, k);
        let mut operands: SmallVec<[Value; 5]> = SmallVec::from_elem(data, 1);
        operands.extend(at);
        let v = x.one("tensor.extract", &operands, elem, &[])?;
        Ok(SmallVec::from_elem(v, 1))
    })?;
    let g = x.create(
        "linalg.generic",
        &[indices, init],
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

/// `nd.gather`: `out[a, j, b] = data[a, indices[j], b]`.
pub fn gather(x: &mut Exporter<'_>, op: OpId) -> XResult<Results> {
    let (data, indices, axis) = operands(x, op, GatherOp::AXIS)?;
    let n = x.dim(data, axis)?;
    assert_in_range(x, indices, n, axis)?;
    let (drank, irank) = (x.ranked(data)?.0.len(), x.ranked(indices)?.0.len());
    let mut sizes: SmallVec<[Value; 4]> = SmallVec::new();
    for d in 0..axis {
        sizes.push(x.dim(data, d)?);
    }
    for d in 0..irank {
        sizes.push(x.dim(indices, d)?);
    }
    for d in axis + 1..drank {
        sizes.push(x.dim(data, d)?);
    }
    let map: Vec<usize> = (axis..axis + irank).collect();
    let coords = |_: &mut Exporter<'_>, loops: &[Value], k: Value| {
        let mut at: SmallVec<[Value; 4]> = loops[..axis].iter().copied().collect();
        at.push(k);
        at.extend(loops[axis + irank..].iter().copied());
        at
    };
    extract_generic(x, op, (data, indices), &sizes, &map, coords, axis)
}

/// `nd.gather_elements`: `out[p] = data[p with p[axis] = indices[p]]`, after
/// asserting that no `?` size of the indices off the axis exceeds data's.
pub fn gather_elements(x: &mut Exporter<'_>, op: OpId) -> XResult<Results> {
    let (data, indices, axis) = operands(x, op, GatherElementsOp::AXIS)?;
    let (ddims, _) = x.ranked(data)?;
    let (idims, _) = x.ranked(indices)?;
    if ddims.len() != idims.len() {
        return Err(x.error("cannot be exported: indices and data of different ranks"));
    }
    let mut sizes: SmallVec<[Value; 4]> = SmallVec::new();
    for d in 0..idims.len() {
        let m = x.dim(indices, d)?;
        if d != axis && (ddims[d] == DYNAMIC || idims[d] == DYNAMIC) {
            let n = x.dim(data, d)?;
            // sle: the indices fit data off the axis.
            let ok = x.cmpi(3, m, n)?;
            x.assert(
                ok,
                &format!("has indices larger than operand #0 in dim {d}, off the axis"),
            )?;
        }
        sizes.push(m);
    }
    let n = x.dim(data, axis)?;
    assert_in_range(x, indices, n, axis)?;
    let map: Vec<usize> = (0..idims.len()).collect();
    let coords = |_: &mut Exporter<'_>, loops: &[Value], k: Value| {
        let mut at: SmallVec<[Value; 4]> = loops.iter().copied().collect();
        at[axis] = k;
        at
    };
    extract_generic(x, op, (data, indices), &sizes, &map, coords, axis)
}
