//! `nd.matmul` once lowered: `linalg.matmul`, or `linalg.batch_matmul` over the
//! batch dims collapsed into one. A vector operand becomes a 1-row (left) or
//! 1-column (right) matrix, broadcast over the other operand's batch dims if it
//! has some (NumPy's rule, which the lowering leaves implicit for vectors), and the
//! unit dim it brought is collapsed away at the end.

use smallvec::SmallVec;
use tensor_ir::affine::{AffineExpr, AffineMap};
use tensor_ir::{AttrKind, Attribute, Context, DYNAMIC, OpId, Type, Value};

use crate::broadcast::materialize;
use crate::compute::{filled, kept_groups};
use crate::emit::{Exporter, Scalar, XResult};
use crate::shapes::Results;

/// `v` (a vector) as a matrix: `[1, K]` on the left, `[K, 1]` on the right.
fn as_matrix(x: &mut Exporter<'_>, v: Value, left: bool) -> XResult<Value> {
    let (d, elem) = x.ranked(v)?;
    let k = x.dim(v, 0)?;
    let one = x.const_index(1)?;
    let (dims, sizes) = if left {
        ([1, d[0]], [one, k])
    } else {
        ([d[0], 1], [k, one])
    };
    let ty = x.b.ctx.tensor_type(&dims, elem);
    x.expand(v, &[SmallVec::from_slice(&[0, 1])], ty, &sizes)
}

/// Broadcasts the matrix `m` over the batch dims of `other` (their sizes `batch`).
fn over_batch(x: &mut Exporter<'_>, m: Value, other: Value, batch: usize) -> XResult<Value> {
    let (md, elem) = x.ranked(m)?;
    let (od, _) = x.ranked(other)?;
    let mut dims: SmallVec<[i64; 4]> = od[..batch].iter().copied().collect();
    dims.extend(md.iter().copied());
    let mut sizes: SmallVec<[Value; 4]> = SmallVec::new();
    for i in 0..batch {
        sizes.push(x.dim(other, i)?);
    }
    sizes.extend(x.dims(m)?);
    let ty = x.b.ctx.tensor_type(&dims, elem);
    materialize(x, m, &[batch, batch + 1], &[0, 1], ty, &sizes)
}

/// Groups collapsing the first `batch` dims into one (rank `batch + 2`).
fn batch_groups(batch: usize) -> Vec<SmallVec<[usize; 4]>> {
    vec![
        (0..batch).collect(),
        SmallVec::from_elem(batch, 1),
        SmallVec::from_elem(batch + 1, 1),
    ]
}

/// `v` with its `batch` leading dims collapsed into one (if more than one).
fn collapse_batch(x: &mut Exporter<'_>, v: Value, batch: usize) -> XResult<Value> {
    if batch <= 1 {
        return Ok(v);
    }
    let (d, elem) = x.ranked(v)?;
    let flat = d[..batch]
        .iter()
        .try_fold(1i64, |acc, &n| {
            if n == DYNAMIC {
                None
            } else {
                acc.checked_mul(n)
            }
        })
        .unwrap_or(DYNAMIC);
    let ty = x.b.ctx.tensor_type(&[flat, d[batch], d[batch + 1]], elem);
    x.collapse(v, &batch_groups(batch), ty)
}

/// The body of a product: `acc + a * b`.
fn mul_add(x: &mut Exporter<'_>, elem: Type, float: bool) -> XResult<tensor_ir::RegionId> {
    x.body(&[elem, elem, elem], |x, args| {
        let p = x.bin(
            if float { "arith.mulf" } else { "arith.muli" },
            args[0],
            args[1],
        )?;
        let s = x.bin(if float { "arith.addf" } else { "arith.addi" }, args[2], p)?;
        Ok(SmallVec::from_elem(s, 1))
    })
}

/// What a product of `a` by another operand starts from: a zero-filled tensor of
/// type `acc` (sizes `sizes`), and its multiply-add body.
fn accumulator(
    x: &mut Exporter<'_>,
    a: Value,
    (acc, sizes): (Type, &[Value]),
    float: bool,
) -> XResult<(Value, tensor_ir::RegionId)> {
    let (_, elem) = x.ranked(a)?;
    let zero = x.scalar_const(elem, 0, 0.0)?;
    let init = filled(x, acc, sizes, zero)?;
    Ok((init, mul_add(x, elem, float)?))
}

/// The `linalg.matmul`/`linalg.batch_matmul` of two operands of equal rank (2 or
/// 3) into a zero-filled tensor of type `acc` (sizes `sizes`).
fn contract(
    x: &mut Exporter<'_>,
    a: Value,
    b: Value,
    acc: Type,
    sizes: &[Value],
    float: bool,
) -> XResult<Value> {
    let (init, region) = accumulator(x, a, (acc, sizes), float)?;
    let segments = x.b.ctx.i32_array_attr(&[2, 1]);
    let batched = x.ranked(a)?.0.len() == 3;
    let name = if batched {
        "linalg.batch_matmul"
    } else {
        "linalg.matmul"
    };
    let op = x.create(
        name,
        &[a, b, init],
        &[acc],
        &[("operandSegmentSizes", segments)],
        &[region],
    )?;
    Ok(x.b.module.result(op, 0))
}

/// The product of two operands of equal rank `batch + 2` over all their batch
/// dims at once: a `linalg.generic` (batch dims, rows, columns parallel; the
/// contracted dim a reduction) into a zero-filled tensor of type `acc`. No
/// collapse and expand: LLVM 22's `expand-strided-metadata` crashes on the
/// `memref.expand_shape` that splits one `?` batch dim into several.
fn contract_batched(
    x: &mut Exporter<'_>,
    (a, b): (Value, Value),
    batch: usize,
    (acc, sizes): (Type, &[Value]),
    float: bool,
) -> XResult<Value> {
    let maps = batched_maps(x.b.ctx, batch);
    generic_product(x, (a, b), maps, (acc, sizes), float)
}

/// The product of `a` and `b` as one `linalg.generic` with `maps` (indexing maps,
/// iterator types) into a zero-filled tensor of type `acc` (sizes `sizes`).
pub(crate) fn generic_product(
    x: &mut Exporter<'_>,
    (a, b): (Value, Value),
    (maps, iterators): (Attribute, Attribute),
    (acc, sizes): (Type, &[Value]),
    float: bool,
) -> XResult<Value> {
    let (init, region) = accumulator(x, a, (acc, sizes), float)?;
    let segments = x.b.ctx.i32_array_attr(&[2, 1]);
    let op = x.create(
        "linalg.generic",
        &[a, b, init],
        &[acc],
        &[
            ("indexing_maps", maps),
            ("iterator_types", iterators),
            ("operandSegmentSizes", segments),
        ],
        &[region],
    )?;
    Ok(x.b.module.result(op, 0))
}

/// The `indexing_maps` and `iterator_types` of [`contract_batched`] with `batch`
/// batch dims (the import recognises the op by them).
pub(crate) fn batched_maps(ctx: &mut Context, batch: usize) -> (Attribute, Attribute) {
    let count = batch + 3;
    let (m, n, k) = (batch, batch + 1, batch + 2);
    let with_batch = |tail: [usize; 2]| -> Vec<usize> { (0..batch).chain(tail).collect() };
    let maps = loop_maps(
        ctx,
        count,
        &[
            &with_batch([m, k]),
            &with_batch([k, n]),
            &with_batch([m, n]),
        ],
    );
    let reductions: Vec<bool> = (0..count).map(|i| i == k).collect();
    (maps, iterator_types(ctx, &reductions))
}

/// A `linalg.generic`'s `indexing_maps` over `loops` loops: one map per operand,
/// whose results are the loops its dims run along (`operands[i][d]` for dim `d`).
pub(crate) fn loop_maps(ctx: &mut Context, loops: usize, operands: &[&[usize]]) -> Attribute {
    let num_dims = u32::try_from(loops).unwrap_or(u32::MAX);
    let maps: Vec<Attribute> = operands
        .iter()
        .map(|dims| {
            let results: Vec<AffineExpr> = dims
                .iter()
                .map(|&i| ctx.affine_dim(u32::try_from(i).unwrap_or(u32::MAX)))
                .collect();
            let map = AffineMap {
                num_dims,
                num_symbols: 0,
                results: results.into(),
            };
            ctx.intern_attr(AttrKind::AffineMap(map))
        })
        .collect();
    ctx.intern_attr(AttrKind::Array(maps))
}

/// A `linalg.generic`'s `iterator_types`: a reduction where `reductions` says so,
/// else parallel.
pub(crate) fn iterator_types(ctx: &mut Context, reductions: &[bool]) -> Attribute {
    let linalg = ctx.sym("linalg");
    let iterators: Vec<Attribute> = reductions
        .iter()
        .map(|&r| {
            let kind = if r { "reduction" } else { "parallel" };
            ctx.intern_attr(AttrKind::Opaque {
                dialect: linalg,
                body: format!("iterator_type<{kind}>").into(),
                refs: Box::default(),
                ty: None,
            })
        })
        .collect();
    ctx.intern_attr(AttrKind::Array(iterators))
}

/// The product with the batch dims collapsed into one (`linalg.batch_matmul`)
/// and expanded back, or a `linalg.matmul` without batch dims; its result has
/// every dim (`full`, sizes `sizes`).
fn contract_collapsed(
    x: &mut Exporter<'_>,
    (a2, b2): (Value, Value),
    batch: usize,
    (full_dims, full_sizes): (&[i64], &[Value]),
    float: bool,
) -> XResult<Value> {
    let (_, elem) = x.ranked(a2)?;
    let a3 = collapse_batch(x, a2, batch)?;
    let b3 = collapse_batch(x, b2, batch)?;
    let mut acc_dims: SmallVec<[i64; 4]> = SmallVec::new();
    let mut acc_sizes: SmallVec<[Value; 4]> = SmallVec::new();
    if batch > 0 {
        acc_dims.push(x.ranked(a3)?.0[0]);
        acc_sizes.push(x.dim(a3, 0)?);
    }
    acc_dims.extend_from_slice(&full_dims[batch..]);
    acc_sizes.extend_from_slice(&full_sizes[batch..]);
    let acc_ty = x.b.ctx.tensor_type(&acc_dims, elem);
    let mut out = contract(x, a3, b3, acc_ty, &acc_sizes, float)?;
    if batch > 1 {
        let ty = x.b.ctx.tensor_type(full_dims, elem);
        out = x.expand(out, &batch_groups(batch), ty, full_sizes)?;
    }
    Ok(out)
}

/// Asserts `s == t` unless the constants or the values prove it.
fn check_equal(x: &mut Exporter<'_>, s: Value, t: Value, message: &str) -> XResult<()> {
    match (x.const_of(s), x.const_of(t)) {
        (Some(p), Some(q)) if p == q => return Ok(()),
        _ if s == t => return Ok(()),
        _ => {}
    }
    let ok = x.cmpi(0, s, t)?;
    x.assert(ok, message)
}

/// The interpreter's checks of a matmul: the contracted sizes agree, and so do
/// the batch dims (explicit once lowered: both operands have them all), except
/// those the program proves ([`Exporter::matmul_checks`]).
fn check_sizes(x: &mut Exporter<'_>, a: Value, b: Value, ra: usize, rb: usize) -> XResult<()> {
    let proofs = x.matmul_checks.get(&x.op).cloned().unwrap_or_default();
    let (ka, kb) = (ra.saturating_sub(1), rb.saturating_sub(2));
    if !proofs.contracted {
        let (sa, sb) = (x.built_dim(a, ka)?, x.built_dim(b, kb)?);
        check_equal(
            x,
            sa,
            sb,
            &format!(
                "contracted dims differ at run time: operand #0 dim {ka} and operand #1 dim {kb} \
                 have different sizes"
            ),
        )?;
    }
    if ra > 2 && ra == rb {
        for i in 0..ra - 2 {
            if proofs.batch.get(i).copied().unwrap_or(false) {
                continue;
            }
            let (sa, sb) = (x.built_dim(a, i)?, x.built_dim(b, i)?);
            check_equal(
                x,
                sa,
                sb,
                &format!(
                    "batch dims: operand #0 dim {i} and operand #1 dim {i} have different \
                     sizes at run time (the lowering made the batch broadcast explicit)"
                ),
            )?;
        }
    }
    Ok(())
}

/// `nd.matmul %a, %b`.
pub fn matmul(x: &mut Exporter<'_>, op: OpId) -> XResult<Results> {
    let operands: SmallVec<[Value; 2]> = x.b.module.operands(op).iter().copied().collect();
    let result = x.b.module.value_type(x.b.module.result(op, 0));
    x.ranked_type(result)?;
    let (a, b) = (operands[0], operands[1]);
    let (ad, elem) = x.ranked(a)?;
    let (bd, _) = x.ranked(b)?;
    let float = matches!(x.scalar(elem)?, Scalar::Float(_));
    check_sizes(x, a, b, ad.len(), bd.len())?;
    let (a_vec, b_vec) = (ad.len() == 1, bd.len() == 1);
    let mut a2 = if a_vec { as_matrix(x, a, true)? } else { a };
    let mut b2 = if b_vec { as_matrix(x, b, false)? } else { b };
    let (ra, rb) = (x.ranked(a2)?.0.len(), x.ranked(b2)?.0.len());
    if ra == 2 && rb > 2 {
        a2 = over_batch(x, a2, b2, rb - 2)?;
    } else if rb == 2 && ra > 2 {
        b2 = over_batch(x, b2, a2, ra - 2)?;
    } else if ra != rb {
        return Err(x.error(
            "cannot be exported: the operands' batch dims are not explicit (run \
             --lower-broadcast first)",
        ));
    }
    let batch = x.ranked(a2)?.0.len() - 2;
    // The product with every dim (unit dims of vectors included).
    let (a2d, _) = x.ranked(a2)?;
    let (b2d, _) = x.ranked(b2)?;
    let mut full_dims: SmallVec<[i64; 4]> = a2d[..batch].iter().copied().collect();
    full_dims.extend([a2d[batch], b2d[batch + 1]]);
    let mut full_sizes: SmallVec<[Value; 4]> = SmallVec::new();
    for i in 0..=batch {
        full_sizes.push(x.dim(a2, i)?);
    }
    full_sizes.push(x.dim(b2, batch + 1)?);
    // Two `?` batch dims or more: one generic op (see contract_batched).
    let dynamic_batch = full_dims[..batch].iter().filter(|&&d| d == DYNAMIC).count();
    let mut out = if dynamic_batch >= 2 {
        let ty = x.b.ctx.tensor_type(&full_dims, elem);
        contract_batched(x, (a2, b2), batch, (ty, &full_sizes), float)?
    } else {
        contract_collapsed(x, (a2, b2), batch, (&full_dims, &full_sizes), float)?
    };
    if a_vec || b_vec {
        // Drop the unit dims the vectors brought.
        let rank = full_dims.len();
        let kept: SmallVec<[usize; 4]> = (0..rank)
            .filter(|&d| !((a_vec && d == batch) || (b_vec && d == batch + 1)))
            .collect();
        let dims: SmallVec<[i64; 4]> = kept.iter().map(|&d| full_dims[d]).collect();
        let ty = x.b.ctx.tensor_type(&dims, elem);
        out = x.collapse(out, &kept_groups(rank, &kept), ty)?;
    }
    Ok(SmallVec::from_elem(x.cast_to(out, result)?, 1))
}
