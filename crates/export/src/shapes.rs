//! Shapes as values: `nd.shape_of`, `nd.dim`, `nd.shape_slice`, `nd.shape_concat`
//! and the run-time check `nd.broadcast_shapes`. A shape becomes one `index` value
//! per entry (a constant where the size is static, else `tensor.dim`), kept by the
//! exporter, and a `tensor.from_elements` for uses outside the export (erased if
//! there are none). The check becomes `arith` on those entries and one `cf.assert`
//! per pair of sizes that can disagree at run time, at the checked op's location.

use smallvec::SmallVec;
use tensor_ir::{DYNAMIC, OpId, TypeKind, Value};

use crate::emit::{Exporter, XResult};

/// Values an export step replaces an op's results with.
pub type Results = SmallVec<[Value; 1]>;

/// `nd.shape_of %x`: the entries of `%x`'s shape.
pub fn shape_of(x: &mut Exporter<'_>, op: OpId) -> XResult<Results> {
    let input = x.b.module.operands(op)[0];
    let entries = x.dims(input)?;
    Ok(SmallVec::from_elem(x.shape_value(entries)?, 1))
}

/// `nd.dim %x[i]`: `tensor.dim` (or a constant), as `index` or `tensor<index>`.
pub fn dim(x: &mut Exporter<'_>, op: OpId) -> XResult<Results> {
    let input = x.b.module.operands(op)[0];
    let i = x
        .int(tensor_dialect_nd::shape::DimOp::INDEX)
        .and_then(|i| usize::try_from(i).ok())
        .ok_or_else(|| x.error("cannot be exported: no valid 'index'"))?;
    if i >= x.ranked(input)?.0.len() {
        return Err(x.error(format!(
            "cannot be exported: dim {i} is out of range of '{}'",
            x.b.ctx.ty(x.b.module.value_type(input))
        )));
    }
    let size = x.dim(input, i)?;
    let ty = x.b.module.value_type(x.b.module.result(op, 0));
    if matches!(x.b.ctx.type_kind(ty), TypeKind::Index) {
        return Ok(SmallVec::from_elem(size, 1));
    }
    let v = x.one("tensor.from_elements", &[size], ty, &[])?;
    Ok(SmallVec::from_elem(v, 1))
}

/// Python's slice bounds of `start:end` on a list of `len` entries.
fn slice_bounds(len: usize, start: i64, end: Option<i64>) -> (usize, usize) {
    let n = i64::try_from(len).unwrap_or(i64::MAX);
    let clamp = |i: i64| {
        let i = if i < 0 { i.saturating_add(n) } else { i };
        usize::try_from(i.clamp(0, n)).unwrap_or(0)
    };
    let (s, e) = (clamp(start), end.map_or(len, clamp));
    (s, e.max(s))
}

/// `nd.shape_slice %s[start : end]`.
pub fn shape_slice(x: &mut Exporter<'_>, op: OpId) -> XResult<Results> {
    let shape = x.b.module.operands(op)[0];
    let entries = x.shape_entries(shape)?;
    let start = x
        .int(tensor_dialect_nd::shape::ShapeSliceOp::START)
        .unwrap_or(0);
    let end = x.int(tensor_dialect_nd::shape::ShapeSliceOp::END);
    let (s, e) = slice_bounds(entries.len(), start, end);
    let slice: SmallVec<[Value; 4]> = entries[s..e].iter().copied().collect();
    Ok(SmallVec::from_elem(x.shape_value(slice)?, 1))
}

/// `nd.shape_concat %a, %b, ...`.
pub fn shape_concat(x: &mut Exporter<'_>, op: OpId) -> XResult<Results> {
    let shapes: SmallVec<[Value; 3]> = x.b.module.operands(op).iter().copied().collect();
    let mut all = SmallVec::new();
    for s in shapes {
        all.extend(x.shape_entries(s)?);
    }
    Ok(SmallVec::from_elem(x.shape_value(all)?, 1))
}

/// Where an operand's entry goes in the broadcast shape: `(operand, entry, result
/// dim)`.
type Place = (usize, usize, usize);

/// Where each operand's entries go in the broadcast shape, and its length.
fn placement(lengths: &[usize], placed: Option<&[i64]>) -> Option<(usize, Vec<Place>)> {
    let n = lengths.iter().copied().max().unwrap_or(0);
    let mut out = Vec::new();
    match placed {
        // XLA placement (two operands): the lower-rank one by its dims, the other
        // aligned as is.
        Some(dims) if lengths.len() == 2 => {
            let low = usize::from(lengths[1] <= lengths[0]);
            let full = 1 - low;
            for i in 0..lengths[full] {
                out.push((full, i, i + (n - lengths[full])));
            }
            for (i, &d) in dims.iter().enumerate().take(lengths[low]) {
                out.push((low, i, usize::try_from(d).ok().filter(|&d| d < n)?));
            }
        }
        _ => {
            for (k, &len) in lengths.iter().enumerate() {
                for i in 0..len {
                    out.push((k, i, n - len + i));
                }
            }
        }
    }
    out.sort_by_key(|&(k, _, j)| (j, k));
    Some((n, out))
}

/// `nd.broadcast_shapes`: the broadcast shape's entries, with a `cf.assert` for
/// every pair of sizes that may not broadcast at run time.
pub fn broadcast_shapes(x: &mut Exporter<'_>, op: OpId) -> XResult<Results> {
    let operands: SmallVec<[Value; 3]> = x.b.module.operands(op).iter().copied().collect();
    let mut entries: Vec<SmallVec<[Value; 4]>> = Vec::with_capacity(operands.len());
    for &s in &operands {
        entries.push(x.shape_entries(s)?);
    }
    let policy = x
        .string(tensor_dialect_nd::shape::BroadcastShapesOp::POLICY)
        .unwrap_or_else(|| "numpy".to_owned());
    let placed = x
        .attr(tensor_dialect_nd::BROADCAST_DIMENSIONS)
        .map(|_| x.i64s(tensor_dialect_nd::BROADCAST_DIMENSIONS));
    let lengths: Vec<usize> = entries.iter().map(SmallVec::len).collect();
    let result = match policy.as_str() {
        "in_place" => in_place(x, &entries)?,
        "onnx" => onnx(x, &entries)?,
        _ => {
            let (n, places) = placement(&lengths, placed.as_deref())
                .ok_or_else(|| x.error("cannot be exported: invalid broadcast_dimensions"))?;
            numpy(x, &entries, n, &places)?
        }
    };
    Ok(SmallVec::from_elem(x.shape_value(result)?, 1))
}

fn mismatch(x: &Exporter<'_>, k: usize, i: usize, j: usize) -> String {
    // Rank specialisation pads a shape of unknown length with leading 1s: its dim
    // numbers count from the padded start.
    let padded = if x.padded.get(k).copied().unwrap_or(false) {
        format!(" (operand #{k}'s dims counted after padding it on the left with 1s)")
    } else {
        String::new()
    };
    format!(
        "shapes do not broadcast: operand #{k} dim {i} and result dim {j} have different \
         sizes and neither is 1{padded}"
    )
}

/// NumPy's rule (and XLA's placement): each result size is the operands' one size
/// other than 1 (or 1), checked pairwise.
fn numpy(
    x: &mut Exporter<'_>,
    entries: &[SmallVec<[Value; 4]>],
    n: usize,
    places: &[(usize, usize, usize)],
) -> XResult<SmallVec<[Value; 4]>> {
    let mut result: SmallVec<[Option<Value>; 4]> = SmallVec::from_elem(None, n);
    for &(k, i, j) in places {
        let s = entries[k][i];
        let Some(r) = result[j] else {
            result[j] = Some(s);
            continue;
        };
        let (cr, cs) = (x.const_of(r), x.const_of(s));
        result[j] = Some(match (cr, cs) {
            (_, Some(1)) => r,
            (Some(1), _) => s,
            (Some(a), Some(b)) if a == b => r,
            _ => {
                let one = x.const_index(1)?;
                let r1 = x.cmpi(0, r, one)?;
                let proven = x
                    .shape_checks
                    .get(&x.op)
                    .and_then(|p| p.get(j))
                    .copied()
                    .unwrap_or(false);
                if !proven {
                    let s1 = x.cmpi(0, s, one)?;
                    let same = x.cmpi(0, r, s)?;
                    let either = x.bin("arith.ori", r1, s1)?;
                    let ok = x.bin("arith.ori", either, same)?;
                    let message = mismatch(x, k, i, j);
                    x.assert(ok, &message)?;
                }
                x.select(r1, s, r)?
            }
        });
    }
    let result: SmallVec<[Value; 4]> = result
        .into_iter()
        .map(|r| match r {
            Some(v) => Ok(v),
            None => x.const_index(1),
        })
        .collect::<XResult<_>>()?;
    Ok(result)
}

/// The Array API's in-place rule: the first shape, into which every other
/// broadcasts (aligned on the right).
fn in_place(
    x: &mut Exporter<'_>,
    entries: &[SmallVec<[Value; 4]>],
) -> XResult<SmallVec<[Value; 4]>> {
    let Some(target) = entries.first().cloned() else {
        return Err(x.error("cannot be exported: no operands"));
    };
    let n = target.len();
    for (k, e) in entries.iter().enumerate().skip(1) {
        if e.len() > n {
            return Err(x.error(format!(
                "cannot be exported: operand #{k} has more entries than the target"
            )));
        }
        for (i, &s) in e.iter().enumerate() {
            let j = n - e.len() + i;
            let r = target[j];
            let message = mismatch(x, k, i, j);
            check_one_or_equal(x, s, r, &message)?;
        }
    }
    Ok(target)
}

/// Asserts `s == 1 || s == r` unless the constants prove it.
pub(crate) fn check_one_or_equal(
    x: &mut Exporter<'_>,
    s: Value,
    r: Value,
    message: &str,
) -> XResult<()> {
    match (x.const_of(s), x.const_of(r)) {
        (Some(1), _) => return Ok(()),
        (Some(a), Some(b)) if a == b => return Ok(()),
        _ if s == r => return Ok(()),
        _ => {}
    }
    let one = x.const_index(1)?;
    let s1 = x.cmpi(0, s, one)?;
    let same = x.cmpi(0, s, r)?;
    let ok = x.bin("arith.ori", s1, same)?;
    x.assert(ok, message)
}

/// ONNX's N-ary rule: each result size is the maximum, and every size is it or 1
/// (constraint C1).
fn onnx(x: &mut Exporter<'_>, entries: &[SmallVec<[Value; 4]>]) -> XResult<SmallVec<[Value; 4]>> {
    let lengths: Vec<usize> = entries.iter().map(SmallVec::len).collect();
    let (n, places) =
        placement(&lengths, None).ok_or_else(|| x.error("cannot be exported: invalid shapes"))?;
    let mut result: SmallVec<[Option<Value>; 4]> = SmallVec::from_elem(None, n);
    for &(k, i, j) in &places {
        let s = entries[k][i];
        result[j] = Some(match result[j] {
            None => s,
            Some(r) => match (x.const_of(r), x.const_of(s)) {
                (Some(a), Some(b)) => {
                    if a >= b {
                        r
                    } else {
                        s
                    }
                }
                _ => x.bin("arith.maxui", r, s)?,
            },
        });
    }
    let result: SmallVec<[Value; 4]> = result
        .into_iter()
        .map(|r| match r {
            Some(v) => Ok(v),
            None => x.const_index(1),
        })
        .collect::<XResult<_>>()?;
    for &(k, i, j) in &places {
        let message = mismatch(x, k, i, j);
        check_one_or_equal(x, entries[k][i], result[j], &message)?;
    }
    Ok(result)
}

/// The sizes of a result type's dims: constants where static, else `dynamic(j)`.
pub fn sizes_of(
    x: &mut Exporter<'_>,
    dims: &[i64],
    mut dynamic: impl FnMut(&mut Exporter<'_>, usize) -> XResult<Value>,
) -> XResult<SmallVec<[Value; 4]>> {
    let mut out = SmallVec::new();
    for (j, &d) in dims.iter().enumerate() {
        out.push(if d == DYNAMIC {
            dynamic(x, j)?
        } else {
            x.const_index(d)?
        });
    }
    Ok(out)
}
