//! Which dimensions broadcasting stretches each operand of an op along: what
//! `--view-op-graph` writes on a broadcasting edge.

use broadcastable::align::Alignment;
use broadcastable::{BroadcastableOp, Dim, Shape, Typed};
use tensor_ir::Context;
use tensor_ir::module::{Module, OpId};

use crate::{OpView, semantics};

/// One result dimension an operand is stretched along.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Expansion {
    /// The result dimension.
    pub dim: usize,
    /// The operand's size there: `Some(1)`-like for a stretched dimension, `None`
    /// when the operand has no dimension in that column (it gains it).
    pub from: Option<Dim>,
    /// The broadcast size (`?` when only known at run time).
    pub to: Dim,
}

/// Per operand of a broadcastable `op`, the result dimensions it is stretched along
/// (a size-1 dimension, or a column the operand lacks, where the result's size is
/// not 1), against
/// the inferred broadcast shape. `None` when `op` is not broadcastable, does not
/// verify, or has no ranked broadcast shape.
pub fn expansions(ctx: &Context, module: &Module, op: OpId) -> Option<Vec<Vec<Expansion>>> {
    let view = OpView::of(ctx, module, op)?;
    let policy = view.checked_policy().ok()?;
    let operands = view.operand_types();
    let any = Typed::tensor(Shape::Unranked);
    let inferred =
        broadcastable::verify_with_policy(&policy, semantics(ctx), &operands, &[any]).ok()?;
    let result = inferred.shape.dims()?;
    let shapes: Vec<Shape> = operands.into_iter().map(|t| t.shape).collect();
    let align = Alignment::of(&policy, &shapes)?;
    // Columns of the drawing are result dims once the operands' rank is the result's.
    let offset = result.len().checked_sub(align.rank)?;
    let per_operand = shapes
        .iter()
        .zip(&align.columns)
        .map(|(shape, columns)| {
            let (Some(dims), Some(columns)) = (shape.dims(), columns) else {
                return Vec::new();
            };
            let mut placed: Vec<Option<Dim>> = vec![None; result.len()];
            for (&d, &c) in dims.iter().zip(columns) {
                if let Some(slot) = placed.get_mut(c + offset) {
                    *slot = Some(d);
                }
            }
            placed
                .iter()
                .zip(result)
                .enumerate()
                // Gaining a dim of size 1 replicates nothing.
                .filter(|&(_, (from, &to))| to != Dim::ONE && from.is_none_or(|f| f == Dim::ONE))
                .map(|(dim, (&from, &to))| Expansion { dim, from, to })
                .collect()
        })
        .collect();
    Some(per_operand)
}
