//! `nd.dot_general`: one `linalg.generic` whose loops are the batch dims, the
//! free dims of each side and the contracted dims (a reduction), reading each
//! operand in its own layout through its indexing map, into a zero-filled tensor
//! of the result's sizes. Paired batch and contracted sizes are asserted equal
//! first where a `?` leaves them open (tensor-run's error at the op).

use smallvec::SmallVec;
use tensor_dialect_nd::dot::DotGeneralOp;
use tensor_ir::{DYNAMIC, OpId, Value};

use crate::emit::{Exporter, Scalar, XResult};
use crate::matmul::{generic_product, iterator_types, loop_maps};
use crate::shapes::Results;

/// `nd.dot_general` (see the module docs).
pub fn dot_general(x: &mut Exporter<'_>, op: OpId) -> XResult<Results> {
    let (a, b) = (x.b.module.operands(op)[0], x.b.module.operands(op)[1]);
    let declared = x.b.module.value_type(x.b.module.result(op, 0));
    let (ad, elem) = x.ranked(a)?;
    let (bd, _) = x.ranked(b)?;
    let [lb, rb, lc, rc] = DotGeneralOp::DIM_LISTS.map(|n| x.i64s(n));
    let dims = |list: &[i64], rank: usize| -> Option<Vec<usize>> {
        list.iter()
            .map(|&d| usize::try_from(d).ok().filter(|&d| d < rank))
            .collect()
    };
    let (Some(lb), Some(rb), Some(lc), Some(rc)) = (
        dims(&lb, ad.len()),
        dims(&rb, bd.len()),
        dims(&lc, ad.len()),
        dims(&rc, bd.len()),
    ) else {
        return Err(x.error("cannot be exported: its dim lists do not fit the operands' ranks"));
    };
    if lb.len() != rb.len() || lc.len() != rc.len() {
        return Err(x.error("cannot be exported: unpaired batch or contracting dims"));
    }
    for (what, pairs) in [
        ("batch", lb.iter().zip(&rb)),
        ("contracted", lc.iter().zip(&rc)),
    ] {
        for (&l, &r) in pairs {
            if ad[l] != DYNAMIC && bd[r] != DYNAMIC {
                continue;
            }
            let (s, t) = (x.dim(a, l)?, x.dim(b, r)?);
            let ok = x.cmpi(0, s, t)?;
            x.assert(
                ok,
                &format!(
                    "pairs {what} dim {l} of operand #0 and dim {r} of operand #1 of different sizes at run time"
                ),
            )?;
        }
    }
    let lfree: Vec<usize> = (0..ad.len())
        .filter(|d| !lb.contains(d) && !lc.contains(d))
        .collect();
    let rfree: Vec<usize> = (0..bd.len())
        .filter(|d| !rb.contains(d) && !rc.contains(d))
        .collect();
    let (nb, nl, nr, nc) = (lb.len(), lfree.len(), rfree.len(), lc.len());
    let loops = nb + nl + nr + nc;
    // The loop of each operand dim, in the operand's order.
    let place =
        |batch: &[usize], free: &[usize], contracted: &[usize], free_at: usize, rank: usize| {
            (0..rank)
                .map(|d| {
                    if let Some(i) = batch.iter().position(|&x| x == d) {
                        i
                    } else if let Some(i) = free.iter().position(|&x| x == d) {
                        free_at + i
                    } else {
                        nb + nl + nr + contracted.iter().position(|&x| x == d).unwrap_or(0)
                    }
                })
                .collect::<Vec<usize>>()
        };
    let a_loops = place(&lb, &lfree, &lc, nb, ad.len());
    let b_loops = place(&rb, &rfree, &rc, nb + nl, bd.len());
    let out_loops: Vec<usize> = (0..nb + nl + nr).collect();
    let maps = loop_maps(x.b.ctx, loops, &[&a_loops, &b_loops, &out_loops]);
    let reductions: Vec<bool> = (0..loops).map(|i| i >= nb + nl + nr).collect();
    let iterators = iterator_types(x.b.ctx, &reductions);
    let mut out_dims: SmallVec<[i64; 4]> = SmallVec::new();
    let mut sizes: SmallVec<[Value; 4]> = SmallVec::new();
    for (&l, &r) in lb.iter().zip(&rb) {
        let (n, v) = if ad[l] != DYNAMIC {
            (ad[l], a)
        } else {
            (bd[r], b)
        };
        out_dims.push(n);
        sizes.push(x.dim(v, if v == a { l } else { r })?);
    }
    for &d in &lfree {
        out_dims.push(ad[d]);
        sizes.push(x.dim(a, d)?);
    }
    for &d in &rfree {
        out_dims.push(bd[d]);
        sizes.push(x.dim(b, d)?);
    }
    let acc = x.b.ctx.tensor_type(&out_dims, elem);
    let float = matches!(x.scalar(elem)?, Scalar::Float(_));
    let out = generic_product(x, (a, b), (maps, iterators), (acc, &sizes), float)?;
    Ok(SmallVec::from_elem(x.cast_to(out, declared)?, 1))
}
