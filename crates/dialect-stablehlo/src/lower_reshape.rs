//! `--lower-broadcast` on StableHLO also rewrites `dynamic_reshape`, because its
//! output is meant for IREE, and IREE 3.13 cannot lower a `dynamic_reshape` at all
//! (`failed to legalize operation 'stablehlo.dynamic_reshape'`), not even alone:
//! JAX's shape-polymorphic attention splits and merges heads with one.
//!
//! IREE does compile the tensor dialect's reshapes mixed into StableHLO, so the
//! reshape becomes `tensor.collapse_shape` and `tensor.expand_shape` (built
//! unregistered, in generic form, as the run-time checks are):
//!
//! - When the shape analysis proves how the dims regroup (each `?` of the result
//!   equal to a `?` of the operand, and the static dims between them of equal
//!   products), the reshape is that collapse and expand, with no check: JAX's
//!   `[b, s, H*D] <-> [b, s, H, D]`.
//! - Otherwise the operand is collapsed to one dim and expanded to the sizes the
//!   shape operand holds, after a `cf.assert` at the op's location that their
//!   product is the operand's element count. StableHLO leaves a mismatch
//!   undefined; here it fails with a message instead of reading garbage.
//! - A reshape between static shapes becomes `stablehlo.reshape`.
//!
//! A reshape from or to rank 0 stays as it is (no JAX program has one).

use broadcastable_ir::Sweep;
use smallvec::SmallVec;
use tensor_ir::builder::Builder;
use tensor_ir::module::EditError;
use tensor_ir::{Context, DYNAMIC, Location, Module, OpId, Type, Value};

use crate::lower::{Analysis, dims_of};
use crate::lower_upstream::{
    Groups, constant_index, create, dim, element_type, expand, one, reassociation,
};
use crate::structure::{DynamicReshapeOp, ReshapeOp};

/// The interface's rewrite for `dynamic_reshape` (see the module docs); `Ok(false)`
/// when the op is left as it is.
///
/// # Errors
/// An edit the module refused.
pub(crate) fn lower(b: &mut Builder<'_>, op: OpId, sweep: &mut Sweep) -> Result<bool, EditError> {
    let Some(o) = DynamicReshapeOp::cast(b.ctx, b.module, op) else {
        return Ok(false);
    };
    let (x, shape, result) = (
        o.operand(b.module),
        o.output_shape(b.module),
        o.result(b.module),
    );
    let (Some(src), Some(dst)) = (dims_of(b, x), dims_of(b, result)) else {
        return Ok(false);
    };
    if src.is_empty() || dst.is_empty() {
        return Ok(false);
    }
    let loc = b.module.op(op).location();
    let ty = b.module.value_type(result);
    b.set_insertion_point_before(op);
    if !src.contains(&DYNAMIC) && !dst.contains(&DYNAMIC) {
        let r = ReshapeOp::build(b, loc, x, ty)?.result(b.module);
        b.replace_op(op, &[r])?;
        return Ok(true);
    }
    let equal = |b: &Builder<'_>, analysis: &mut Analysis, i: usize, j: usize| {
        analysis.get(b.ctx, b.module).is_some_and(|a| {
            a.ensure(b.ctx, b.module, x);
            a.ensure(b.ctx, b.module, result);
            matches!((a.size_of(x, i), a.size_of(result, j)), (Some(p), Some(q)) if p == q)
        })
    };
    let analysis = sweep.state::<Analysis>();
    let replacement = match regroup(&src, &dst, |i, j| equal(b, analysis, i, j)) {
        Some((from, to)) => proven(b, loc, x, &src, &dst, &from, &to, ty)?,
        None => checked(b, loc, x, shape, &src, &dst, ty)?,
    };
    b.replace_op(op, &[replacement])?;
    Ok(true)
}

/// How the dims of `src` regroup into those of `dst`, when that is proven: a `?`
/// pairs only with a `?` the analysis proves equal (`same(i, j)`), and runs of
/// static dims pair when their products are equal (dims of size 1 join the group
/// before them, or the first one). `None` when no such grouping is proven.
fn regroup(
    src: &[i64],
    dst: &[i64],
    mut same: impl FnMut(usize, usize) -> bool,
) -> Option<(Groups, Groups)> {
    let (mut from, mut to) = (Groups::new(), Groups::new());
    let (mut i, mut j) = (0, 0);
    while i < src.len() && j < dst.len() {
        if src[i] == DYNAMIC || dst[j] == DYNAMIC {
            if src[i] != DYNAMIC || dst[j] != DYNAMIC || !same(i, j) {
                return None;
            }
            from.push(SmallVec::from_slice(&[i]));
            to.push(SmallVec::from_slice(&[j]));
            i += 1;
            j += 1;
            continue;
        }
        let (mut g, mut h): (SmallVec<[usize; 4]>, SmallVec<[usize; 4]>) =
            (SmallVec::new(), SmallVec::new());
        let (mut p, mut q) = (1i128, 1i128);
        g.push(i);
        p *= i128::from(src[i]);
        i += 1;
        h.push(j);
        q *= i128::from(dst[j]);
        j += 1;
        while p != q {
            if p < q {
                let s = *src.get(i).filter(|&&s| s != DYNAMIC)?;
                p = p.checked_mul(i128::from(s))?;
                g.push(i);
                i += 1;
            } else {
                let s = *dst.get(j).filter(|&&s| s != DYNAMIC)?;
                q = q.checked_mul(i128::from(s))?;
                h.push(j);
                j += 1;
            }
        }
        from.push(g);
        to.push(h);
    }
    // Trailing 1s join the last group.
    while i < src.len() && src[i] == 1 {
        from.last_mut()?.push(i);
        i += 1;
    }
    while j < dst.len() && dst[j] == 1 {
        to.last_mut()?.push(j);
        j += 1;
    }
    (i == src.len() && j == dst.len()).then_some((from, to))
}

/// The proven regrouping: a collapse of `from`'s groups (skipped when each is
/// one dim) then an expand into `to`'s (skipped likewise).
#[allow(clippy::too_many_arguments)]
fn proven(
    b: &mut Builder<'_>,
    loc: Location,
    x: Value,
    src: &[i64],
    dst: &[i64],
    from: &Groups,
    to: &Groups,
    ty: Type,
) -> Result<Value, EditError> {
    let elem = element_type(b, x);
    // One dim per group: a `?` group is one `?` dim; a static one its product.
    let mid: Vec<i64> = from
        .iter()
        .map(|g| {
            if g.iter().any(|&d| src[d] == DYNAMIC) {
                DYNAMIC
            } else {
                g.iter().map(|&d| src[d]).product()
            }
        })
        .collect();
    let mut v = x;
    if from.iter().any(|g| g.len() > 1) {
        let mid_ty = b.ctx.tensor_type(&mid, elem);
        let r = reassociation(b.ctx, from);
        v = one(
            b,
            loc,
            "tensor.collapse_shape",
            &[v],
            mid_ty,
            &[("reassociation", r)],
        )?;
    }
    if to.iter().all(|g| g.len() == 1) {
        return Ok(v);
    }
    // The `?` sizes of the result are the collapsed value's `?` dims, in order.
    let mut sizes = Vec::new();
    for (g, h) in to.iter().enumerate() {
        if h.iter().any(|&d| dst[d] == DYNAMIC) {
            sizes.push(dim(b, loc, v, g)?);
        }
    }
    expand(b, loc, v, to, dst, &sizes, ty)
}

/// The unproven reshape: collapse to one dim, check the element count, expand to
/// the shape operand's sizes.
fn checked(
    b: &mut Builder<'_>,
    loc: Location,
    x: Value,
    shape: Value,
    src: &[i64],
    dst: &[i64],
    ty: Type,
) -> Result<Value, EditError> {
    let elem = element_type(b, x);
    let index = b.ctx.index_type();
    let flat = if src.len() == 1 {
        x
    } else {
        let n = if src.contains(&DYNAMIC) {
            DYNAMIC
        } else {
            src.iter().product()
        };
        let flat_ty = b.ctx.tensor_type(&[n], elem);
        let all: Groups = std::iter::once((0..src.len()).collect()).collect();
        let r = reassociation(b.ctx, &all);
        one(
            b,
            loc,
            "tensor.collapse_shape",
            &[x],
            flat_ty,
            &[("reassociation", r)],
        )?
    };
    let count = dim(b, loc, flat, 0)?;
    let shape_elem = b
        .ctx
        .element_type(b.module.value_type(shape))
        .unwrap_or(index);
    let mut product: Option<Value> = None;
    let mut sizes = Vec::new();
    for (j, &n) in dst.iter().enumerate() {
        let size = if n == DYNAMIC {
            let at = constant_index(b, loc, j)?;
            let entry = one(b, loc, "tensor.extract", &[shape, at], shape_elem, &[])?;
            let size = if shape_elem == index {
                entry
            } else {
                one(b, loc, "arith.index_cast", &[entry], index, &[])?
            };
            sizes.push(size);
            size
        } else {
            constant_index(b, loc, usize::try_from(n).unwrap_or(0))?
        };
        product = Some(match product {
            None => size,
            Some(p) => one(b, loc, "arith.muli", &[p, size], index, &[])?,
        });
    }
    if let Some(p) = product {
        let i1 = b.ctx.i(1);
        let i64t = b.ctx.i(64);
        let eq = b.ctx.int_attr(0, i64t);
        let ok = one(b, loc, "arith.cmpi", &[p, count], i1, &[("predicate", eq)])?;
        let msg = b
            .ctx
            .string_attr("dynamic_reshape: the output shape's element count must be the operand's");
        create(b, loc, "cf.assert", &[ok], &[], &[("msg", msg)])?;
    }
    let all: Groups = std::iter::once((0..dst.len()).collect()).collect();
    expand(b, loc, flat, &all, dst, &sizes, ty)
}

/// What `dynamic_reshape` (or `dot_general`) broadcasts implicitly: nothing
/// (`--verify-explicit-broadcast` has nothing to report of it); the interface
/// carries the rewrite for IREE only.
pub(crate) fn implicit(_: &Context, _: &Module, _: OpId, _: &mut Sweep) -> Option<String> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn groups(g: &Groups) -> Vec<Vec<usize>> {
        g.iter().map(|x| x.to_vec()).collect()
    }

    #[test]
    fn static_runs_pair_by_product_and_dynamic_dims_by_proof() {
        let (f, t) = regroup(&[DYNAMIC, 8, 16], &[DYNAMIC, 8, 4, 4], |_, _| true).unwrap();
        assert_eq!(groups(&f), vec![vec![0], vec![1], vec![2]]);
        assert_eq!(groups(&t), vec![vec![0], vec![1], vec![2, 3]]);
        let (f, t) = regroup(&[DYNAMIC, 8, 4, 4], &[DYNAMIC, 8, 16], |_, _| true).unwrap();
        assert_eq!(groups(&f), vec![vec![0], vec![1], vec![2, 3]]);
        assert_eq!(groups(&t), vec![vec![0], vec![1], vec![2]]);
        let (f, t) = regroup(&[4, 1], &[1, 4], |_, _| true).unwrap();
        assert_eq!(groups(&f), vec![vec![0, 1]]);
        assert_eq!(groups(&t), vec![vec![0, 1]]);
    }

    #[test]
    fn unproven_or_unequal_groupings_are_refused() {
        assert!(regroup(&[DYNAMIC, 16], &[DYNAMIC, 4, 4], |_, _| false).is_none());
        assert!(regroup(&[DYNAMIC, 16], &[DYNAMIC, 4, 5], |_, _| true).is_none());
        assert!(regroup(&[DYNAMIC, 4], &[4, DYNAMIC], |_, _| true).is_none());
        assert!(regroup(&[6], &[4], |_, _| true).is_none());
    }
}
