//! Explicit broadcasts: `nd.broadcast_in_dim`, `nd.broadcast_to` (ranked),
//! `nd.assign`, and `nd.broadcast` once lowered.
//!
//! `linalg.broadcast` only adds dims: an input dim must have its output dim's size.
//! So a broadcast whose map keeps the operand's dims in order and whose expanding
//! dims are static 1s becomes a `tensor.collapse_shape` that drops those 1s, then a
//! `linalg.broadcast` that adds every dim the collapsed operand lacks. A broadcast
//! that permutes dims, or where a `?` dim may be a 1 that stretches at run time
//! (not listed in `known_nonexpanding_dimensions`), becomes a `linalg.map` that
//! reads the operand with `tensor.extract` at the output's indices (`linalg.index`),
//! 0 on a dim whose run-time size is 1.

use smallvec::SmallVec;
use tensor_dialect_nd::lower::DimCheck;
use tensor_ir::{DYNAMIC, OpId, Type, Value};

use crate::emit::{Exporter, XResult};
use crate::shapes::{Results, check_one_or_equal, sizes_of};

/// How one operand dim reaches its result dim.
#[derive(Clone, Copy, PartialEq, Eq)]
enum DimKind {
    /// Same size at run time.
    Equal,
    /// A static 1 stretched (or kept, if the result size is 1 at run time).
    StaticOne,
    /// A `?` that may be a 1 stretched at run time.
    MaybeOne,
}

/// Broadcasts `v` into a tensor of type `target` whose dim sizes are `sizes`,
/// operand dim `i` going to result dim `map[i]`; `known` lists operand dims known
/// not to stretch.
pub fn materialize(
    x: &mut Exporter<'_>,
    v: Value,
    map: &[usize],
    known: &[i64],
    target: Type,
    sizes: &[Value],
) -> XResult<Value> {
    let (src, elem) = x.ranked(v)?;
    let (dst, _) = x.ranked_type(target)?;
    if map.len() != src.len() || map.iter().any(|&j| j >= dst.len()) {
        return Err(x.error("cannot be exported: the dims map does not fit the types"));
    }
    let kinds: SmallVec<[DimKind; 4]> = src
        .iter()
        .enumerate()
        .map(|(i, &s)| {
            let d = dst[map[i]];
            let is_known = known.contains(&i64::try_from(i).unwrap_or(-1));
            match s {
                1 if d != 1 => DimKind::StaticOne,
                DYNAMIC if d != 1 && !is_known => DimKind::MaybeOne,
                _ => DimKind::Equal,
            }
        })
        .collect();
    let ordered = map.windows(2).all(|w| w[0] < w[1]);
    if !ordered || kinds.contains(&DimKind::MaybeOne) {
        return gather(x, v, map, &kinds, target, sizes);
    }
    // Drop the stretched static 1s.
    let kept: SmallVec<[usize; 4]> = (0..src.len())
        .filter(|&i| kinds[i] == DimKind::Equal)
        .collect();
    let mut collapsed = v;
    if kept.len() < src.len() {
        let groups = one_groups(src.len(), &kept);
        let dims: SmallVec<[i64; 4]> = kept.iter().map(|&i| src[i]).collect();
        let ty = x.b.ctx.tensor_type(&dims, elem);
        collapsed = x.collapse(v, &groups, ty)?;
    }
    // The collapsed operand's dims must carry the result's static sizes.
    let kept_dims: SmallVec<[i64; 4]> = kept.iter().map(|&i| dst[map[i]]).collect();
    let kept_ty = x.b.ctx.tensor_type(&kept_dims, elem);
    collapsed = x.cast_to(collapsed, kept_ty)?;
    let added: SmallVec<[i64; 4]> = (0..dst.len())
        .filter(|j| !kept.iter().any(|&i| map[i] == *j))
        .map(|j| i64::try_from(j).unwrap_or(i64::MAX))
        .collect();
    if added.is_empty() {
        return x.cast_to(collapsed, target);
    }
    let init = x.empty(target, sizes)?;
    let dims = x.i64_array(&added);
    let region = x.body(&[elem, elem], |_, args| Ok(SmallVec::from_elem(args[0], 1)))?;
    let op = x.create(
        "linalg.broadcast",
        &[collapsed, init],
        &[target],
        &[("dimensions", dims)],
        &[region],
    )?;
    Ok(x.b.module.result(op, 0))
}

/// Reassociation groups that drop the dims not in `kept` (each joins a kept
/// neighbour; all dims form one group-less rank-0 result if none is kept).
fn one_groups(rank: usize, kept: &[usize]) -> Vec<SmallVec<[usize; 4]>> {
    if kept.is_empty() {
        return Vec::new();
    }
    let mut groups: Vec<SmallVec<[usize; 4]>> = Vec::with_capacity(kept.len());
    for (g, &k) in kept.iter().enumerate() {
        // Dims before the first kept one join it; later dropped dims join the
        // kept dim before them.
        let start = if g == 0 { 0 } else { k };
        let end = kept.get(g + 1).copied().unwrap_or(rank);
        groups.push((start..end).collect());
    }
    groups
}

/// The general broadcast: a `linalg.map` with no inputs whose body reads the
/// operand at the output's indices, 0 on stretched dims.
fn gather(
    x: &mut Exporter<'_>,
    v: Value,
    map: &[usize],
    kinds: &[DimKind],
    target: Type,
    sizes: &[Value],
) -> XResult<Value> {
    let (_, elem) = x.ranked(v)?;
    let zero = x.const_index(0)?;
    // Per operand dim: whether its run-time size is 1 (computed outside the body).
    let mut is_one: SmallVec<[Option<Value>; 4]> = SmallVec::new();
    for (i, kind) in kinds.iter().enumerate() {
        is_one.push(match kind {
            DimKind::MaybeOne => {
                let size = x.dim(v, i)?;
                let one = x.const_index(1)?;
                Some(x.cmpi(0, size, one)?)
            }
            _ => None,
        });
    }
    let init = x.empty(target, sizes)?;
    let index = x.index_type();
    let i64t = x.b.ctx.i(64);
    let region = x.body(&[elem], |x, _| {
        let mut indices: SmallVec<[Value; 4]> = SmallVec::new();
        indices.push(v);
        for (i, &j) in map.iter().enumerate() {
            if kinds[i] == DimKind::StaticOne {
                indices.push(zero);
                continue;
            }
            let d = x.b.ctx.int_attr(i128::try_from(j).unwrap_or(0), i64t);
            let at = x.one("linalg.index", &[], index, &[("dim", d)])?;
            indices.push(match is_one[i] {
                Some(c) => x.one("arith.select", &[c, zero, at], index, &[])?,
                None => at,
            });
        }
        Ok(SmallVec::from_elem(
            x.one("tensor.extract", &indices, elem, &[])?,
            1,
        ))
    })?;
    let op = x.create("linalg.map", &[init], &[target], &[], &[region])?;
    Ok(x.b.module.result(op, 0))
}

/// The result sizes of the op being exported: static dims as constants, `?` dims
/// from the shape operand's entries. The interpreter's checks of a shape operand
/// become `cf.assert`s: an entry must be a size (not negative; the entries of a
/// shape this export built are sizes already) and equal a static result dim.
fn target_sizes(
    x: &mut Exporter<'_>,
    target: Type,
    shape: Option<Value>,
) -> XResult<SmallVec<[Value; 4]>> {
    let (dst, _) = x.ranked_type(target)?;
    let Some(shape) = shape else {
        return sizes_of(x, &dst, |x, _| {
            Err(x.error("cannot be exported: a '?' result dim without a shape operand"))
        });
    };
    let built = x.entries_of(shape).is_some();
    let entries = x.shape_entries(shape)?;
    if entries.len() != dst.len() {
        return Err(x.error("cannot be exported: the shape operand does not fit the result rank"));
    }
    let mut out = SmallVec::new();
    for (j, (&d, &e)) in dst.iter().zip(&entries).enumerate() {
        if d == DYNAMIC {
            if !built && x.const_of(e).is_none_or(|n| n < 0) {
                let zero = x.const_index(0)?;
                let ok = x.cmpi(5, e, zero)?;
                x.assert(
                    ok,
                    &format!(
                        "operand #1, the shape, has entry {j} < 0 at run time, which is not a size"
                    ),
                )?;
            }
            out.push(e);
        } else {
            let c = x.const_index(d)?;
            if x.const_of(e) != Some(d) {
                let ok = x.cmpi(0, e, c)?;
                x.assert(
                    ok,
                    &format!(
                        "operand #1, the shape, has entry {j} at run time other than the size {d} \
                         of the result type in dim {j}"
                    ),
                )?;
            }
            out.push(c);
        }
    }
    Ok(out)
}

/// The interpreter's check of each operand dim `i` against the result dim
/// `map[i]` it goes to: size 1 or the result's size (exactly the result's size
/// when `known` lists it), as `cf.assert`s where the sizes do not prove it.
fn check_dims(
    x: &mut Exporter<'_>,
    v: Value,
    shape: Option<Value>,
    map: &[usize],
    known: &[i64],
    sizes: &[Value],
) -> XResult<()> {
    let rank = x.ranked(v)?.0.len();
    if map.len() != rank || map.iter().any(|&j| j >= sizes.len()) {
        return Err(x.error("cannot be exported: the dims map does not fit the types"));
    }
    // Against a shape the program computes, what the program proves is not checked
    // again: mostly the lowering's broadcasts to the `nd.broadcast_shapes` that
    // checked their operands ([`Exporter::dim_checks`]). A shape read from a tensor
    // proves nothing.
    let proofs = match shape {
        Some(s) if x.entries_of(s).is_some() => x.dim_checks.get(&x.op).cloned(),
        _ => None,
    };
    let proven = |i: usize| {
        proofs
            .as_ref()
            .is_some_and(|p| p.get(i) == Some(&DimCheck::Proven))
    };
    for (i, &j) in map.iter().enumerate() {
        if proven(i) {
            continue;
        }
        let s = x.dim(v, i)?;
        let r = sizes[j];
        if known.contains(&i64::try_from(i).unwrap_or(-1)) {
            let proven =
                s == r || matches!((x.const_of(s), x.const_of(r)), (Some(a), Some(b)) if a == b);
            if !proven {
                let ok = x.cmpi(0, s, r)?;
                x.assert(
                    ok,
                    &format!(
                        "known_nonexpanding_dimensions lists operand dim {i}, but at run time it \
                         expands to result dim {j}"
                    ),
                )?;
            }
        } else {
            check_one_or_equal(
                x,
                s,
                r,
                &format!(
                    "operand #0 dim {i} has a size at run time which is neither 1 nor the size of \
                     result dim {j} it is mapped to"
                ),
            )?;
        }
    }
    Ok(())
}

/// `nd.broadcast_in_dim %v[, %shape], dims = [...]`.
pub fn broadcast_in_dim(x: &mut Exporter<'_>, op: OpId) -> XResult<Results> {
    let operands: SmallVec<[Value; 2]> = x.b.module.operands(op).iter().copied().collect();
    let target = x.b.module.value_type(x.b.module.result(op, 0));
    let sizes = target_sizes(x, target, operands.get(1).copied())?;
    let map: Option<SmallVec<[usize; 4]>> = x
        .i64s(tensor_dialect_nd::BROADCAST_DIMENSIONS)
        .iter()
        .map(|&d| usize::try_from(d).ok())
        .collect();
    let map = map.ok_or_else(|| x.error("cannot be exported: a negative dim"))?;
    let known =
        x.i64s(tensor_dialect_nd::broadcast::BroadcastInDimOp::KNOWN_NONEXPANDING_DIMENSIONS);
    check_dims(
        x,
        operands[0],
        operands.get(1).copied(),
        &map,
        &known,
        &sizes,
    )?;
    let v = materialize(x, operands[0], &map, &known, target, &sizes)?;
    x.record_sizes(v, &sizes);
    Ok(SmallVec::from_elem(v, 1))
}

/// `nd.broadcast_to %v, shape = [...]` or `nd.broadcast_to %v, %shape` into a ranked
/// result: the operand's dims aligned on the right.
pub fn broadcast_to(x: &mut Exporter<'_>, op: OpId) -> XResult<Results> {
    let operands: SmallVec<[Value; 2]> = x.b.module.operands(op).iter().copied().collect();
    let target = x.b.module.value_type(x.b.module.result(op, 0));
    let sizes = target_sizes(x, target, operands.get(1).copied())?;
    let (src, _) = x.ranked(operands[0])?;
    let n = sizes.len();
    if src.len() > n {
        return Err(x.error("cannot be exported: the operand has a higher rank than the result"));
    }
    let map: SmallVec<[usize; 4]> = (n - src.len()..n).collect();
    check_dims(x, operands[0], operands.get(1).copied(), &map, &[], &sizes)?;
    let v = materialize(x, operands[0], &map, &[], target, &sizes)?;
    x.record_sizes(v, &sizes);
    Ok(SmallVec::from_elem(v, 1))
}

/// `nd.assign %dst, %src` once lowered: `%src` already has `%dst`'s shape, so the
/// result is `linalg.copy` of it into `%dst` (upstream's in-place assignment: it
/// bufferizes into `%dst`'s buffer). The copy keeps `%dst` in the text, which the
/// import needs to read the op back (a static `%dst` shows nowhere else).
pub fn assign(x: &mut Exporter<'_>, op: OpId) -> XResult<Results> {
    let (dst, src) = (x.b.module.operands(op)[0], x.b.module.operands(op)[1]);
    let ty = x.b.module.value_type(x.b.module.result(op, 0));
    let (_, elem) = x.ranked_type(ty)?;
    let dst = x.cast_to(dst, ty)?;
    let region = x.body(&[elem, elem], |_, args| Ok(SmallVec::from_elem(args[0], 1)))?;
    let segments = x.b.ctx.i32_array_attr(&[1, 1]);
    let copy = x.create(
        "linalg.copy",
        &[src, dst],
        &[ty],
        &[("operandSegmentSizes", segments)],
        &[region],
    )?;
    Ok(SmallVec::from_elem(x.b.module.result(copy, 0), 1))
}

/// `nd.broadcast` once lowered: each operand already has its result's type.
pub fn broadcast(x: &mut Exporter<'_>, op: OpId) -> XResult<Results> {
    let operands: SmallVec<[Value; 3]> = x.b.module.operands(op).iter().copied().collect();
    let results: SmallVec<[Value; 3]> = x.b.module.results(op).collect();
    let mut out = SmallVec::new();
    for (v, r) in operands.into_iter().zip(results) {
        let ty = x.b.module.value_type(r);
        x.ranked_type(ty)?;
        if x.ranked(v)?.0 != x.ranked_type(ty)?.0 {
            return Err(
                x.error("cannot be exported: it still broadcasts (run --lower-broadcast first)")
            );
        }
        out.push(x.cast_to(v, ty)?);
    }
    Ok(out)
}
