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

use broadcastable_ir::shapes::{
    Facts, MAX_ENTRIES, ShapeTransfer, Sizes, Transfer, broadcast_transfer,
};
use smallvec::{SmallVec, smallvec};
use tensor_ir::interfaces::InterfaceError;
use tensor_ir::{Context, OpId};

use crate::DIALECT;
use crate::broadcast::{BroadcastInDimOp, BroadcastOp, BroadcastToOp};
use crate::constant::ConstantOp;
use crate::lower::landing;
use crate::reduce::{MatmulOp, ReduceOp};
use crate::shape::{
    BroadcastShapesOp, DimOp, ShapeConcatOp, ShapeOfOp, ShapeSliceOp, slice_bounds,
};
use crate::shape_source;

type Out = SmallVec<[Facts; 1]>;

type TransferFn = fn(&mut Transfer<'_>, OpId) -> Out;

fn dims(d: Sizes) -> Out {
    smallvec![Facts {
        dims: Some(d),
        entries: None
    }]
}

fn entries(e: Sizes) -> Out {
    smallvec![Facts {
        dims: None,
        entries: Some(e)
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
    let own: [(&str, TransferFn); 11] = [
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
    ];
    for (name, transfer) in own {
        ctx.attach_interface(name, ShapeTransfer { transfer })?;
    }
    Ok(())
}

/// The results have the dims of the operand the definition names.
fn like_source(t: &mut Transfer<'_>, op: OpId) -> Out {
    let Some(v) = shape_source::shape_source(t.ctx, t.module, op) else {
        return Out::new();
    };
    let Some(d) = t.dims(v) else {
        return Out::new();
    };
    let n = t.module.results(op).len();
    std::iter::repeat_n(d, n).flat_map(dims).collect()
}

/// With a shape operand, the result's dims are its entries; else the type's.
fn broadcast_in_dim(t: &mut Transfer<'_>, op: OpId) -> Out {
    BroadcastInDimOp::cast(t.ctx, t.module, op)
        .and_then(|o| o.shape(t.module))
        .and_then(|s| t.entries(s))
        .map_or_else(Out::new, dims)
}

/// With a target shape operand, the result's dims are its entries; else the type's.
fn broadcast_to(t: &mut Transfer<'_>, op: OpId) -> Out {
    BroadcastToOp::cast(t.ctx, t.module, op)
        .and_then(|o| o.target_shape(t.module))
        .and_then(|s| t.entries(s))
        .map_or_else(Out::new, dims)
}

/// Every result has the common shape of all inputs, aligned on the right.
fn broadcast_all(t: &mut Transfer<'_>, op: OpId) -> Out {
    let inputs = t.module.operands(op).to_vec();
    let mut all = Vec::with_capacity(inputs.len());
    for v in inputs {
        let Some(d) = t.dims(v) else {
            return Out::new();
        };
        all.push(d);
    }
    let Some(common) = right_aligned_join(t, &all) else {
        return Out::new();
    };
    let n = t.module.results(op).len();
    std::iter::repeat_n(common, n).flat_map(dims).collect()
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

/// A shape holds its operand's dims.
fn shape_of(t: &mut Transfer<'_>, op: OpId) -> Out {
    ShapeOfOp::cast(t.ctx, t.module, op)
        .and_then(|o| t.dims(o.input(t.module)))
        .map_or_else(Out::new, entries)
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

/// Each entry is the join of the entries the policy lands on it: the op's own
/// check has passed when the result is used.
fn broadcast_shapes(t: &mut Transfer<'_>, op: OpId) -> Out {
    let Some(o) = BroadcastShapesOp::cast(t.ctx, t.module, op) else {
        return Out::new();
    };
    let Some(len) = t
        .module
        .results(op)
        .next()
        .and_then(|r| crate::support::shape_length(t.ctx, t.module.value_type(r)))
        .filter(|&len| len <= MAX_ENTRIES)
    else {
        return Out::new();
    };
    // In place, the first shape is the result and never changes: its entries
    // keep their names (the others are 1 or equal to them once checked).
    if o.policy(t.ctx, t.module) == Some("in_place") {
        return o
            .shapes(t.module)
            .first()
            .and_then(|&s| t.entries(s))
            .map_or_else(Out::new, entries);
    }
    let mut e = Sizes::new();
    for j in 0..len {
        let Some(landing) = landing(t.ctx, t.module, o, j) else {
            return Out::new();
        };
        let mut column = Sizes::new();
        for (s, i) in landing {
            match t.entries(s).and_then(|se| se.get(i).copied()) {
                Some(size) => column.push(size),
                None => return Out::new(),
            }
        }
        match t.sizes().join(&column) {
            Ok(size) => e.push(size),
            Err(_) => return Out::new(),
        }
    }
    entries(e)
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
