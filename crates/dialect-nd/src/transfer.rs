//! How each `nd` op's result sizes derive from its operands': the
//! [`ShapeTransfer`] of every op, for the shape analysis
//! ([`broadcastable_ir::shapes`]).
//!
//! Most entries come from what the definitions declare: an op with the
//! Broadcastable trait joins its operands' dims as its policy aligns them
//! ([`broadcast_transfer`]), and an op with a declared shape source
//! ([`crate::shape_source`]) has that operand's dims. The others are listed here,
//! by typed handle: explicit broadcasts take their shape operand's entries, shape
//! ops compute entries, reductions and products move dims.

use broadcastable::in_dim::permuted;
use broadcastable_ir::shapes::{
    Facts, MAX_ENTRIES, ShapeTransfer, Sizes, Transfer, broadcast_transfer,
};
use smallvec::{SmallVec, smallvec};
use tensor_ir::interfaces::InterfaceError;
use tensor_ir::{Context, OpId, Value};

use crate::DIALECT;
use crate::broadcast::{BroadcastInDimOp, BroadcastOp, BroadcastToOp};
use crate::constant::ConstantOp;
use crate::dot::{DotGeneralOp, free_dims};
use crate::gather::{GatherElementsOp, GatherOp};
use crate::iota::IotaOp;
use crate::lower::landing;
use crate::reduce::{MatmulOp, ReduceOp};
use crate::shape::{
    BroadcastShapesOp, DimOp, ShapeConcatOp, ShapeOfOp, ShapeSliceOp, slice_bounds,
};
use crate::shape_source;
use crate::slice::{DynamicSliceOp, SliceOp};
use crate::structure::{ConcatenateOp, ReshapeOp, TransposeOp};

type Out = SmallVec<[Facts; 1]>;

type TransferFn = fn(&mut Transfer<'_>, OpId) -> Out;

fn dims(d: Sizes) -> Out {
    smallvec![Facts {
        dims: Some(d),
        ..Facts::default()
    }]
}

fn entries(e: Sizes) -> Out {
    smallvec![Facts {
        entries: Some(e),
        ..Facts::default()
    }]
}

/// Attaches the transfer of every `nd` op.
///
/// # Errors
/// If the `nd` dialect is not registered in `ctx`.
pub fn register(ctx: &mut Context) -> Result<(), InterfaceError> {
    for def in DIALECT.ops {
        if broadcastable_ir::policy_of(def).is_some() {
            ctx.attach_interface(
                def.name,
                ShapeTransfer {
                    transfer: broadcast_transfer,
                },
            )?;
        } else if shape_source::declared(def).is_some() {
            ctx.attach_interface(
                def.name,
                ShapeTransfer {
                    transfer: like_source,
                },
            )?;
        }
    }
    let own: [(&str, TransferFn); 21] = [
        (BroadcastInDimOp::NAME, broadcast_in_dim),
        (BroadcastToOp::NAME, broadcast_to),
        (BroadcastOp::NAME, broadcast_all),
        (ConstantOp::NAME, constant),
        (ShapeOfOp::NAME, shape_of),
        (DimOp::NAME, dim),
        (ShapeSliceOp::NAME, shape_slice),
        (ShapeConcatOp::NAME, shape_concat),
        (BroadcastShapesOp::NAME, broadcast_shapes),
        (ReduceOp::NAME, reduce),
        (MatmulOp::NAME, matmul),
        (ReshapeOp::NAME, reshape),
        (TransposeOp::NAME, transpose),
        (ConcatenateOp::NAME, concatenate),
        (SliceOp::NAME, slice),
        (DynamicSliceOp::NAME, no_sizes),
        (crate::dynamic_reduce::DynamicReduceOp::NAME, no_sizes),
        (IotaOp::NAME, iota),
        (DotGeneralOp::NAME, dot_general),
        (GatherOp::NAME, gather),
        (GatherElementsOp::NAME, gather_elements),
    ];
    for (name, transfer) in own {
        ctx.attach_interface(name, ShapeTransfer { transfer })?;
    }
    Ok(())
}

/// The results have the shape of the operand the definition names.
fn like_source(t: &mut Transfer<'_>, op: OpId) -> Out {
    let Some(v) = shape_source::shape_source(t.ctx, t.module, op) else {
        return Out::new();
    };
    let facts = Facts {
        dims: t.dims(v),
        whole: t.known_whole(v),
        ..Facts::default()
    };
    let n = t.module.results(op).len();
    std::iter::repeat_n(facts, n).collect()
}

/// The result of an explicit broadcast to the shape value `shape`: its dims are
/// the shape's entries, its whole shape the one the shape holds.
fn to_shape(t: &mut Transfer<'_>, shape: Option<Value>) -> Out {
    let Some(s) = shape else {
        return Out::new();
    };
    smallvec![Facts {
        dims: t.entries(s),
        whole: t.holds(s),
        ..Facts::default()
    }]
}

/// With a shape operand, the result has its shape; else the type's.
fn broadcast_in_dim(t: &mut Transfer<'_>, op: OpId) -> Out {
    let shape = BroadcastInDimOp::cast(t.ctx, t.module, op).and_then(|o| o.shape(t.module));
    to_shape(t, shape)
}

/// With a target shape operand, the result has its shape; with a `shape`
/// attribute, its sizes; else the type's.
fn broadcast_to(t: &mut Transfer<'_>, op: OpId) -> Out {
    let Some(o) = BroadcastToOp::cast(t.ctx, t.module, op) else {
        return Out::new();
    };
    if let Some(target) = o.target_shape(t.module) {
        return to_shape(t, Some(target));
    }
    let Some(sizes) = o.shape(t.ctx, t.module) else {
        return Out::new();
    };
    let sizes: Vec<i64> = sizes.to_vec();
    dims(sizes.into_iter().map(|n| t.sizes().constant(n)).collect())
}

/// Every result has the common shape of all inputs, aligned on the right.
fn broadcast_all(t: &mut Transfer<'_>, op: OpId) -> Out {
    let inputs = t.module.operands(op).to_vec();
    let all: Option<Vec<Sizes>> = inputs.iter().map(|&v| t.dims(v)).collect();
    let wholes: Option<Sizes> = inputs.iter().map(|&v| t.whole(v)).collect();
    let facts = Facts {
        dims: all.and_then(|all| right_aligned_join(t, &all)),
        whole: wholes.and_then(|w| t.sizes().join(&w).ok()),
        ..Facts::default()
    };
    let n = t.module.results(op).len();
    std::iter::repeat_n(facts, n).collect()
}

/// The join of `shapes` aligned on the right; `None` for a check that always fails.
fn right_aligned_join(t: &mut Transfer<'_>, shapes: &[Sizes]) -> Option<Sizes> {
    let rank = shapes.iter().map(SmallVec::len).max().unwrap_or(0);
    let mut out = Sizes::new();
    for j in 0..rank {
        let column: Sizes = shapes
            .iter()
            .filter_map(|s| (j + s.len()).checked_sub(rank).map(|i| s[i]))
            .collect();
        out.push(t.sizes().join(&column).ok()?);
    }
    Some(out)
}

/// An integer constant holds its values: a constant shape's entries are sizes.
fn constant(t: &mut Transfer<'_>, op: OpId) -> Out {
    let Some(o) = ConstantOp::cast(t.ctx, t.module, op) else {
        return Out::new();
    };
    let value = o.value(t.ctx, t.module);
    let Some((_, values)) = t.ctx.as_dense_elements(value) else {
        return Out::new();
    };
    let Some(result) = t.module.results(op).next() else {
        return Out::new();
    };
    let n = match t.ctx.type_kind(t.module.value_type(result)) {
        tensor_ir::types::TypeKind::Tensor { dims, .. } => match dims.as_slice() {
            [] => 1,
            [n] => match usize::try_from(*n) {
                Ok(n) if n <= MAX_ENTRIES => n,
                _ => return Out::new(),
            },
            _ => return Out::new(),
        },
        _ => return Out::new(),
    };
    let mut e = Sizes::new();
    for j in 0..n {
        let v = if values.is_splat() {
            values.int(0)
        } else {
            values.int(j)
        };
        let Some(v) = v.and_then(|v| i64::try_from(v).ok()).filter(|&v| v >= 0) else {
            return Out::new();
        };
        e.push(t.sizes().constant(v));
    }
    entries(e)
}

/// A shape holds its operand's dims, and its whole shape.
fn shape_of(t: &mut Transfer<'_>, op: OpId) -> Out {
    let Some(o) = ShapeOfOp::cast(t.ctx, t.module, op) else {
        return Out::new();
    };
    let input = o.input(t.module);
    smallvec![Facts {
        entries: t.dims(input),
        holds: t.whole(input),
        ..Facts::default()
    }]
}

/// A dim holds that dim's size.
fn dim(t: &mut Transfer<'_>, op: OpId) -> Out {
    let Some(o) = DimOp::cast(t.ctx, t.module, op) else {
        return Out::new();
    };
    let index = usize::try_from(o.index(t.ctx, t.module)).ok();
    match (t.dims(o.input(t.module)), index) {
        (Some(d), Some(i)) if i < d.len() => entries(smallvec![d[i]]),
        _ => Out::new(),
    }
}

/// A slice holds the entries it keeps.
fn shape_slice(t: &mut Transfer<'_>, op: OpId) -> Out {
    let Some(o) = ShapeSliceOp::cast(t.ctx, t.module, op) else {
        return Out::new();
    };
    let Some(e) = t.entries(o.shape(t.module)) else {
        return Out::new();
    };
    let (lo, hi) = slice_bounds(e.len(), o.start(t.ctx, t.module), o.end(t.ctx, t.module));
    entries(e.get(lo..hi).map(SmallVec::from_slice).unwrap_or_default())
}

/// A concatenation holds its operands' entries in order.
fn shape_concat(t: &mut Transfer<'_>, op: OpId) -> Out {
    let Some(o) = ShapeConcatOp::cast(t.ctx, t.module, op) else {
        return Out::new();
    };
    let mut e = Sizes::new();
    for s in o.shapes(t.module).to_vec() {
        let Some(part) = t.entries(s) else {
            return Out::new();
        };
        if e.len() + part.len() > MAX_ENTRIES {
            return Out::new();
        }
        e.extend(part);
    }
    entries(e)
}

/// Each entry is the join of the entries the policy lands on it, and the whole
/// shape held the join of those held: the op's own check has passed when the
/// result is used.
fn broadcast_shapes(t: &mut Transfer<'_>, op: OpId) -> Out {
    let Some(o) = BroadcastShapesOp::cast(t.ctx, t.module, op) else {
        return Out::new();
    };
    // In place, the first shape is the result and never changes: its entries
    // keep their names (the others are 1 or equal to them once checked).
    if o.policy(t.ctx, t.module) == Some("in_place") {
        let Some(&first) = o.shapes(t.module).first() else {
            return Out::new();
        };
        return smallvec![Facts {
            entries: t.entries(first),
            holds: t.holds(first),
            ..Facts::default()
        }];
    }
    let operands = o.shapes(t.module).to_vec();
    // A join of whole shapes aligns them on the right; `broadcast_dimensions`
    // may place a shape's entries elsewhere, so then the result's is its own.
    let held: Option<Sizes> = if o.broadcast_dimensions(t.ctx, t.module).is_some() {
        None
    } else {
        operands.iter().map(|&s| t.holds(s)).collect()
    };
    smallvec![Facts {
        entries: joined_entries(t, op, o),
        holds: held.and_then(|h| t.sizes().join(&h).ok()),
        ..Facts::default()
    }]
}

/// The entries of `nd.broadcast_shapes` (not in place), if every one is known.
fn joined_entries(t: &mut Transfer<'_>, op: OpId, o: BroadcastShapesOp) -> Option<Sizes> {
    let len = t
        .module
        .results(op)
        .next()
        .and_then(|r| crate::support::shape_length(t.ctx, t.module.value_type(r)))
        .filter(|&len| len <= MAX_ENTRIES)?;
    let mut e = Sizes::new();
    for j in 0..len {
        let mut column = Sizes::new();
        for (s, i) in landing(t.ctx, t.module, o, j)? {
            column.push(t.entries(s)?.get(i).copied()?);
        }
        e.push(t.sizes().join(&column).ok()?);
    }
    Some(e)
}

/// The operand's dims without the reduced ones (or with them as 1).
fn reduce(t: &mut Transfer<'_>, op: OpId) -> Out {
    let Some(o) = ReduceOp::cast(t.ctx, t.module, op) else {
        return Out::new();
    };
    let Some(d) = t.dims(o.input(t.module)) else {
        return Out::new();
    };
    let reduced = o.dimensions(t.ctx, t.module);
    let keep = o.keep_dims(t.ctx, t.module) == Some(true);
    let one = t.sizes().constant(1);
    let is_reduced = |i: usize| reduced.iter().any(|&r| usize::try_from(r).ok() == Some(i));
    let out: Sizes = d
        .iter()
        .enumerate()
        .filter_map(|(i, &s)| match (is_reduced(i), keep) {
            (false, _) => Some(s),
            (true, true) => Some(one),
            (true, false) => None,
        })
        .collect();
    dims(out)
}

/// Batch dims join (NumPy), then the first operand's rows and the second's
/// columns; a 1-D operand contributes no dim.
fn matmul(t: &mut Transfer<'_>, op: OpId) -> Out {
    let Some(o) = MatmulOp::cast(t.ctx, t.module, op) else {
        return Out::new();
    };
    let (Some(a), Some(b)) = (t.dims(o.lhs(t.module)), t.dims(o.rhs(t.module))) else {
        return Out::new();
    };
    let batch = |d: &Sizes| SmallVec::from_slice(&d[..d.len().saturating_sub(2)]);
    let Some(mut out) = right_aligned_join(t, &[batch(&a), batch(&b)]) else {
        return Out::new();
    };
    if a.len() >= 2 {
        out.push(a[a.len() - 2]);
    }
    if b.len() >= 2 {
        out.push(b[b.len() - 1]);
    }
    dims(out)
}

/// With a shape operand, the result has its entries as sizes; a reshape of a
/// value that holds sizes (a 0-D or 1-D tensor) holds them in the same order.
fn reshape(t: &mut Transfer<'_>, op: OpId) -> Out {
    let Some(o) = ReshapeOp::cast(t.ctx, t.module, op) else {
        return Out::new();
    };
    let held = t.entries(o.input(t.module));
    let dims = match o.shape(t.module) {
        Some(s) => t.entries(s),
        None => None,
    };
    smallvec![Facts {
        dims,
        entries: held,
        ..Facts::default()
    }]
}

/// The operand's dims, permuted.
fn transpose(t: &mut Transfer<'_>, op: OpId) -> Out {
    let Some(o) = TransposeOp::cast(t.ctx, t.module, op) else {
        return Out::new();
    };
    let Some(d) = t.dims(o.input(t.module)) else {
        return Out::new();
    };
    permuted::<_, Sizes>(&d, &o.permutation(t.ctx, t.module))
        .map(dims)
        .unwrap_or_default()
}

/// Values that hold sizes hold them in order; of tensors, the concatenated dim
/// is the sum of the operands' and each other dim the join of theirs (equal
/// once the op's checks pass).
fn concatenate(t: &mut Transfer<'_>, op: OpId) -> Out {
    let Some(o) = ConcatenateOp::cast(t.ctx, t.module, op) else {
        return Out::new();
    };
    let inputs = o.inputs(t.module).to_vec();
    let mut held = Some(Sizes::new());
    for &v in &inputs {
        held = match (held, t.entries(v)) {
            (Some(mut e), Some(part)) if e.len() + part.len() <= MAX_ENTRIES => {
                e.extend(part);
                Some(e)
            }
            _ => None,
        };
    }
    let all: Option<Vec<Sizes>> = inputs.iter().map(|&v| t.dims(v)).collect();
    let axis = usize::try_from(o.dimension(t.ctx, t.module)).ok();
    let joined = match (all, axis) {
        (Some(all), Some(axis)) => concatenated(t, &all, axis),
        _ => None,
    };
    smallvec![Facts {
        dims: joined,
        entries: held,
        ..Facts::default()
    }]
}

/// The dims of a concatenation of operands of dims `all` along `axis`.
fn concatenated(t: &mut Transfer<'_>, all: &[Sizes], axis: usize) -> Option<Sizes> {
    let rank = all.first()?.len();
    if axis >= rank || all.iter().any(|d| d.len() != rank) {
        return None;
    }
    let mut out = Sizes::new();
    for i in 0..rank {
        let column: Sizes = all.iter().map(|d| d[i]).collect();
        let size = if i == axis {
            t.sizes().sum(&column)?
        } else {
            t.sizes().join(&column).ok()?
        };
        out.push(size);
    }
    Some(out)
}

/// A slice's sizes are static (its type's); a slice of a 1-D value that holds
/// sizes holds the entries it keeps.
fn slice(t: &mut Transfer<'_>, op: OpId) -> Out {
    let Some(o) = SliceOp::cast(t.ctx, t.module, op) else {
        return Out::new();
    };
    let Some(e) = t.entries(o.input(t.module)) else {
        return Out::new();
    };
    let (start, limit, strides) = (
        o.start_indices(t.ctx, t.module),
        o.limit_indices(t.ctx, t.module),
        o.strides(t.ctx, t.module),
    );
    let (Some(&lo), Some(&hi), Some(&by)) = (start.first(), limit.first(), strides.first()) else {
        return Out::new();
    };
    let (Ok(lo), Ok(hi), Ok(by)) = (
        usize::try_from(lo),
        usize::try_from(hi),
        usize::try_from(by),
    ) else {
        return Out::new();
    };
    if start.len() != 1 || by == 0 || hi > e.len() || lo > hi {
        return Out::new();
    }
    entries(e[lo..hi].iter().step_by(by).copied().collect())
}

/// Nothing is known of the result's sizes beyond its type (each `?` a size of
/// its own).
fn no_sizes(_: &mut Transfer<'_>, _: OpId) -> Out {
    Out::new()
}

/// A gather has data's dims before the axis, indices' dims, then data's after it.
fn gather(t: &mut Transfer<'_>, op: OpId) -> Out {
    let Some(o) = GatherOp::cast(t.ctx, t.module, op) else {
        return Out::new();
    };
    let axis = usize::try_from(o.axis(t.ctx, t.module)).ok();
    let (data, indices) = (o.data(t.module), o.indices(t.module));
    match (t.dims(data), t.dims(indices), axis) {
        (Some(d), Some(i), Some(a)) if a < d.len() => dims(
            d[..a]
                .iter()
                .chain(&i)
                .chain(&d[a + 1..])
                .copied()
                .collect(),
        ),
        _ => Out::new(),
    }
}

/// An element gather has its indices' dims.
fn gather_elements(t: &mut Transfer<'_>, op: OpId) -> Out {
    let Some(o) = GatherElementsOp::cast(t.ctx, t.module, op) else {
        return Out::new();
    };
    let indices = o.indices(t.module);
    t.dims(indices).map(dims).unwrap_or_default()
}

/// With a shape operand, the result has its entries as sizes.
fn iota(t: &mut Transfer<'_>, op: OpId) -> Out {
    let shape = IotaOp::cast(t.ctx, t.module, op).and_then(|o| o.shape(t.module));
    to_shape(t, shape)
}

/// Batch dims (each the join of the pair, equal once the op's checks pass),
/// then the lhs's free dims, then the rhs's.
fn dot_general(t: &mut Transfer<'_>, op: OpId) -> Out {
    let Some(o) = DotGeneralOp::cast(t.ctx, t.module, op) else {
        return Out::new();
    };
    let (Some(a), Some(b)) = (t.dims(o.lhs(t.module)), t.dims(o.rhs(t.module))) else {
        return Out::new();
    };
    let (lb, rb) = (
        o.lhs_batching_dimensions(t.ctx, t.module),
        o.rhs_batching_dimensions(t.ctx, t.module),
    );
    let (lc, rc) = (
        o.lhs_contracting_dimensions(t.ctx, t.module),
        o.rhs_contracting_dimensions(t.ctx, t.module),
    );
    let at = |d: &Sizes, i: i64| usize::try_from(i).ok().and_then(|i| d.get(i).copied());
    let mut out = Sizes::new();
    for (&i, &j) in lb.iter().zip(&rb) {
        let (Some(x), Some(y)) = (at(&a, i), at(&b, j)) else {
            return Out::new();
        };
        let Ok(s) = t.sizes().join(&[x, y]) else {
            return Out::new();
        };
        out.push(s);
    }
    out.extend(free_dims(a.len(), &lb, &lc).into_iter().map(|d| a[d]));
    out.extend(free_dims(b.len(), &rb, &rc).into_iter().map(|d| b[d]));
    dims(out)
}
