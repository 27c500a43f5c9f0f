//! `--lower-broadcast` on StableHLO also rewrites the `dot_general` that IREE
//! would turn into a `dynamic_reshape` it then cannot lower: a product of an
//! operand with several free dims, one of them `?`, by a matrix (JAX's dense
//! layer `x @ W` on `x: [b, s, d]`). IREE 3.13 flattens the free dims itself,
//! with `dynamic_reshape`, and fails (`failed to legalize operation
//! 'stablehlo.dynamic_reshape'`).
//!
//! So the lowering flattens them with the tensor dialect, which IREE compiles:
//! `tensor.collapse_shape` of the free dims, the two-dim product, and
//! `tensor.expand_shape` back, its `?` sizes read from the operand. The product
//! is the same; only the layout of the loops changes.

use broadcastable_ir::Sweep;
use smallvec::SmallVec;
use tensor_ir::builder::Builder;
use tensor_ir::module::EditError;
use tensor_ir::{DYNAMIC, OpId};

use crate::attrs::DotDims;
use crate::calls::DotGeneralOp;
use crate::lower::dims_of;
use crate::lower_upstream::{Groups, dim, element_type, expand, one, reassociation};

/// The interface's rewrite for `dot_general` (see the module docs); `Ok(false)`
/// when the op is left as it is.
///
/// # Errors
/// An edit the module refused.
pub(crate) fn lower(b: &mut Builder<'_>, op: OpId, _: &mut Sweep) -> Result<bool, EditError> {
    let Some(o) = DotGeneralOp::cast(b.ctx, b.module, op) else {
        return Ok(false);
    };
    if o.precision_config(b.ctx, b.module).is_some() {
        // Rebuilt, the op would lose it; none of JAX's dense layers has one.
        return Ok(false);
    }
    let dims = o.dot_dimension_numbers(b.ctx, b.module);
    let (lhs, rhs, result) = (o.lhs(b.module), o.rhs(b.module), o.result(b.module));
    let (Some(l), Some(r), Some(out)) = (dims_of(b, lhs), dims_of(b, rhs), dims_of(b, result))
    else {
        return Ok(false);
    };
    let Some(free) = flattened_free_dims(&dims, l.len(), r.len()) else {
        return Ok(false);
    };
    if !l[..free].contains(&DYNAMIC) || out.len() != free + 1 {
        return Ok(false);
    }
    let loc = b.module.op(op).location();
    let elem = element_type(b, lhs);
    let ty = b.module.value_type(result);
    b.set_insertion_point_before(op);
    // A `?` among the free dims (checked above): their product is `?`.
    let rows = DYNAMIC;
    let groups: Groups = [(0..free).collect(), SmallVec::from_slice(&[free])]
        .into_iter()
        .collect();
    let matrix_ty = b.ctx.tensor_type(&[rows, l[free]], elem);
    let re = reassociation(b.ctx, &groups);
    let matrix = one(
        b,
        loc,
        "tensor.collapse_shape",
        &[lhs],
        matrix_ty,
        &[("reassociation", re)],
    )?;
    let product_ty = b.ctx.tensor_type(&[rows, r[1]], elem);
    let plain = DotDims {
        lists: [Vec::new(), Vec::new(), vec![1], vec![0]],
    };
    let product =
        DotGeneralOp::build(b, loc, matrix, rhs, &plain, None, product_ty)?.result(b.module);
    let mut sizes = Vec::new();
    for (i, &n) in l[..free].iter().enumerate() {
        if n == DYNAMIC {
            sizes.push(dim(b, loc, lhs, i)?);
        }
    }
    let back = expand(b, loc, product, &groups, &out, &sizes, ty)?;
    b.replace_op(op, &[back])?;
    Ok(true)
}

/// The number of free dims of the left operand when the product is one IREE
/// flattens with a reshape and this lowering handles: no batch dims, the left
/// operand's last dim contracted with a matrix's first, and at least two free
/// dims on the left.
fn flattened_free_dims(dims: &DotDims, lhs_rank: usize, rhs_rank: usize) -> Option<usize> {
    let [lb, rb, lc, rc] = &dims.lists;
    let last = i64::try_from(lhs_rank.checked_sub(1)?).ok()?;
    (lb.is_empty()
        && rb.is_empty()
        && lc == &[last]
        && rc == &[0]
        && rhs_rank == 2
        && lhs_rank >= 3)
        .then_some(lhs_rank - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_matrix_product_with_several_free_dims_on_the_left_is_flattened() {
        let dense = DotDims {
            lists: [vec![], vec![], vec![2], vec![0]],
        };
        assert_eq!(flattened_free_dims(&dense, 3, 2), Some(2));
        assert_eq!(flattened_free_dims(&dense, 2, 2), None, "already a matrix");
        let batched = DotDims {
            lists: [vec![0], vec![0], vec![2], vec![1]],
        };
        assert_eq!(flattened_free_dims(&batched, 3, 3), None);
        let inner = DotDims {
            lists: [vec![], vec![], vec![1], vec![0]],
        };
        assert_eq!(
            flattened_free_dims(&inner, 3, 2),
            None,
            "a middle dim contracted"
        );
    }
}
