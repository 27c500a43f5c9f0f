//! `nd.matmul`: the batch dims of each matrix operand (rank 2 or more) are broadcast
//! to the result's, its matrix dims kept. With `?` sizes the batch dims are sliced off
//! the operands' shapes (`nd.shape_slice [0 : -2]`, `[0 : -1]` for a vector, which
//! has none), checked by `nd.broadcast_shapes` at the matmul's location, and put back
//! before each operand's matrix dims (`nd.shape_concat`).
//!
//! A vector operand has no batch dims and is never broadcast. An unranked operand
//! is left as it is, and so is the op: whether it is a vector or a batch of matrices
//! is known only at run time, so nd.matmul broadcasts (and checks) its batch dims
//! itself.

use broadcastable_ir::Sweep;
use smallvec::SmallVec;
use tensor_ir::builder::Builder;
use tensor_ir::module::EditError;
use tensor_ir::{Context, DYNAMIC, Module, OpId, Value};

use super::emit::{broadcast_shapes, in_dim, is_static, nonexpanding, shape_of, shape_of_length};
use super::plan::{Dims, Rule, Why};
use super::sizes::{Size, Sizes, combine};
use crate::reduce::MatmulOp;
use crate::shape::{ShapeConcatOp, ShapeSliceOp};
use crate::support::tensor_dims;

/// The operands of a matmul of ranked operands and where their batch dims go.
struct Plan {
    operands: [Value; 2],
    /// The operands' dims.
    dims: [Dims; 2],
    /// The result's batch dims: the declared ones, or those inferred when the
    /// declared result is unranked.
    batch: Dims,
    /// The provable size of each batch dim.
    common: SmallVec<[Option<Size>; 4]>,
    needs: [Option<Why>; 2],
}

impl Plan {
    fn new(ctx: &Context, module: &Module, op: OpId) -> Option<Plan> {
        let this = MatmulOp::cast(ctx, module, op)?;
        let operands = [this.lhs(module), this.rhs(module)];
        let dims: [Dims; 2] = [
            tensor_dims(ctx, module.value_type(operands[0]))?.into(),
            tensor_dims(ctx, module.value_type(operands[1]))?.into(),
        ];
        let ranks = [dims[0].len(), dims[1].len()];
        if ranks.contains(&0) {
            return None;
        }
        let nb = ranks.iter().map(|r| r.saturating_sub(2)).max().unwrap_or(0);
        let mut sizes = Sizes::new(ctx, module);
        let mut columns: SmallVec<[SmallVec<[Size; 2]>; 4]> =
            SmallVec::from_elem(SmallVec::new(), nb);
        for (&v, d) in operands.iter().zip(&dims) {
            let own = d.len().saturating_sub(2);
            for i in 0..own {
                columns[nb - own + i].push(sizes.dim(v, i));
            }
        }
        let common: SmallVec<[Option<Size>; 4]> = columns.into_iter().map(combine).collect();
        let result = tensor_dims(ctx, module.value_type(this.result(module)));
        let batch: Dims = match result {
            Some(r) => {
                let matrix = ranks.iter().filter(|&&r| r >= 2).count();
                if r.len() != nb + matrix {
                    return None;
                }
                r[..nb].into()
            }
            None => common
                .iter()
                .map(|s| match s {
                    Some(Size::Static(n)) => *n,
                    _ => DYNAMIC,
                })
                .collect(),
        };
        let mut plan = Plan {
            operands,
            dims,
            batch,
            common,
            needs: [None, None],
        };
        for k in 0..2 {
            plan.needs[k] = plan.why(&mut sizes, k);
        }
        Some(plan)
    }

    /// Why operand `k` does not have the result's batch dims.
    fn why(&self, sizes: &mut Sizes<'_>, k: usize) -> Option<Why> {
        let d = &self.dims[k];
        if d.len() < 2 {
            return None;
        }
        let nb = self.batch.len();
        if d.len() - 2 != nb {
            return Some(Why::Rank(d.len(), nb + 2));
        }
        for (j, (&x, &w)) in d.iter().zip(&self.batch).enumerate() {
            if x != w {
                return Some(Why::Size(j, x, w));
            }
            if x == DYNAMIC && self.common[j] != Some(sizes.dim(self.operands[k], j)) {
                return Some(Why::Unproven(j));
            }
        }
        None
    }

    /// The dims operand `k` must have: the batch dims, then its own matrix dims.
    fn target(&self, k: usize) -> Dims {
        let d = &self.dims[k];
        let mut t = self.batch.clone();
        t.extend_from_slice(&d[d.len().saturating_sub(2)..]);
        t
    }
}

/// Why `op`'s batch dims still broadcast implicitly.
pub(crate) fn implicit(ctx: &Context, module: &Module, op: OpId, _: &mut Sweep) -> Option<String> {
    let plan = Plan::new(ctx, module, op)?;
    let (k, why) = plan
        .needs
        .iter()
        .enumerate()
        .find_map(|(k, w)| w.map(|w| (k, w)))?;
    let ty = module.value_type(plan.operands[k]);
    let target = plan.target(k);
    Some(format!(
        "batch dims: {}",
        why.render(ctx, k, ty, Some(&target))
    ))
}

/// Broadcasts the batch dims of `op`'s matrix operands explicitly.
pub(crate) fn lower(b: &mut Builder<'_>, op: OpId, _: &mut Sweep) -> Result<bool, EditError> {
    let Some(plan) = Plan::new(b.ctx, b.module, op) else {
        return Ok(false);
    };
    if plan.needs.iter().all(Option::is_none) {
        return Ok(false);
    }
    let loc = b.module.op(op).location();
    b.set_insertion_point_before(op);
    let types = [
        b.module.value_type(plan.operands[0]),
        b.module.value_type(plan.operands[1]),
    ];
    let all_static = types.iter().all(|&t| is_static(b.ctx, t)) && !plan.batch.contains(&DYNAMIC);
    // With `?` sizes: the operands' batch shapes and their checked broadcast.
    let mut shapes: SmallVec<[Value; 2]> = SmallVec::new();
    let mut batch_shape = None;
    if !all_static {
        let mut batches: SmallVec<[Value; 2]> = SmallVec::new();
        for k in 0..2 {
            let s = shape_of(b, loc, plan.operands[k])?;
            let r = plan.dims[k].len();
            let end = if r == 1 { -1 } else { -2 };
            let ty = shape_of_length(b.ctx, Some(r.saturating_sub(2)));
            batches.push(ShapeSliceOp::build(b, loc, s, 0, Some(end), ty)?.result(b.module));
            shapes.push(s);
        }
        batch_shape = Some(broadcast_shapes(b, loc, &batches, None, &Rule::Right)?);
    }
    let mut values = plan.operands;
    for k in 0..2 {
        if plan.needs[k].is_none() {
            continue;
        }
        let v = plan.operands[k];
        let target_dims = plan.target(k);
        let elem = crate::support::tensor_elem(b.ctx, types[k]).unwrap_or(types[k]);
        let target = b.ctx.tensor_type(&target_dims, elem);
        let rank = target_dims.len();
        let map: SmallVec<[usize; 4]> = (rank - plan.dims[k].len()..rank).collect();
        let shape = match batch_shape {
            None => None,
            Some(batch) => {
                let two = shape_of_length(b.ctx, Some(2));
                let matrix =
                    ShapeSliceOp::build(b, loc, shapes[k], -2, None, two)?.result(b.module);
                let ty = shape_of_length(b.ctx, Some(rank));
                Some(ShapeConcatOp::build(b, loc, &[batch, matrix], ty)?.result(b.module))
            }
        };
        let known = match shape {
            None => SmallVec::new(),
            Some(_) => {
                let nb = plan.batch.len();
                let mut sizes = Sizes::new(b.ctx, b.module);
                let own = plan.dims[k].len() - 2;
                let targets: SmallVec<[Option<Size>; 4]> = (0..rank)
                    .map(|j| match target_dims[j] {
                        d if d != DYNAMIC => Some(Size::Static(d)),
                        _ if j < nb => plan.common[j],
                        _ => Some(sizes.dim(v, own + j - nb)),
                    })
                    .collect();
                sizes.renew();
                nonexpanding(&mut sizes, v, &map, |j| targets.get(j).copied().flatten())
            }
        };
        values[k] = in_dim(b, loc, v, shape, &map, &known, target)?;
    }
    b.modify_op(op, |_, m| -> Result<(), EditError> {
        for (k, (&new, &old)) in values.iter().zip(&plan.operands).enumerate() {
            if new != old {
                m.set_operand(op, k, new)?;
            }
        }
        Ok(())
    })?;
    Ok(true)
}
