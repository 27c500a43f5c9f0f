//! Folds and canonicalization patterns of the `nd` dialect, attached as
//! interfaces by [`register`] (the op definitions do not change). `--canonicalize`
//! applies them; `test/Transforms/canonicalize/` has a golden test for each, where
//! it fires and where it must not.
//!
//! | op | rewrite | kind |
//! | -- | ------- | ---- |
//! | `nd.constant` | is a constant (`ConstantLike`); folded constants materialize as `nd.constant` | |
//! | `nd.cast` to its operand's type | its operand | fold |
//! | `nd.neg` of `nd.neg %x` | `%x` | fold |
//! | `nd.broadcast_in_dim` with `dims = [0, 1, ...]`, `nd.broadcast_to`, of the result's type, where every result size provably equals the operand's | the operand | fold |
//! | a broadcast of a broadcast (`nd.broadcast_in_dim` or `nd.broadcast_to`, in any combination), where the intermediate sizes cannot make the pair fail where one broadcast would not | one broadcast, dims composed, `known_nonexpanding_dimensions` kept where still true | pattern |
//! | a broadcast whose shape operand is a constant | with a static result type: `nd.broadcast_in_dim` without the shape; `nd.broadcast_to` with a `shape` attribute. A constant that contradicts the operand or result: error | pattern |
//! | `nd.shape_of %x` | the shape, if every size is known; the broadcast's shape operand if `%x` is a broadcast to it | fold |
//! | `nd.shape_of` of `nd.cast %x` | `nd.shape_of %x` (casts keep the shape) | pattern |
//! | `nd.dim` of a known size, with a `tensor<index>` result | `dense<d> : tensor<index>` | fold |
//! | `nd.broadcast_shapes` of known shapes | their broadcast (the `broadcastable` crate's, under the op's policy); one operand, or the same operand repeated: that operand | fold |
//! | `nd.broadcast_shapes` whose known sizes never broadcast | error naming the operands, dims and sizes | pattern |
//! | `nd.broadcast_shapes` with repeated operands, several constants (`numpy`, `onnx`) or constant all-1 shapes that change nothing (`numpy`) | fewer operands | pattern |
//! | `nd.shape_slice`, `nd.shape_concat` of known entries | a constant | fold |
//! | `nd.shape_slice` of the whole operand, `nd.shape_concat` of one operand | the operand | fold |
//! | `nd.shape_slice` of `nd.shape_concat` within one operand | that operand, or a slice of it | pattern |
//! | `nd.shape_concat` with empty operands or adjacent constants | fewer operands | pattern |
//!
//! What a fold knows about run-time sizes is in [`facts`]: a static dim of a type
//! is a fact (a broadcast's shape operand agrees with its result type), and so is
//! a size an op computes, where that op reports an error at run time if the sizes
//! do not broadcast. A broadcast to a type with `?` dims is kept even when the
//! types are equal, unless every size is provably the operand's: at run time it
//! may stretch a 1 to a larger size.
//!
//! Dead ops, such as the shape computations of a broadcast that folded away, are
//! erased by the greedy driver (every `nd` op is `Pure`).

mod basic;
mod broadcast;
pub(crate) mod facts;
mod shapes;

use tensor_ir::builder::Builder;
use tensor_ir::interfaces::InterfaceError;
use tensor_ir::module::EditError;
use tensor_ir::rewrite::fold::{FoldFn, MaterializeFn};
use tensor_ir::rewrite::{
    Canonicalization, ConstantLike, ConstantMaterializer, Fold, LocalRewrites, PatternSet,
};
use tensor_ir::{AttrKind, Attribute, Context, Location, Module, OpId, Type, Value};

use crate::broadcast::{BroadcastInDimOp, BroadcastToOp};
use crate::constant::{CastOp, ConstantOp};
use crate::elementwise::NegOp;
use crate::shape::{BroadcastShapesOp, DimOp, ShapeConcatOp, ShapeOfOp, ShapeSliceOp};

/// Adds an op's canonicalization patterns to a set.
type AddPatterns = fn(&mut PatternSet);

/// Attaches the folds, the constant materializer and the patterns to `nd`'s ops.
///
/// # Errors
/// If the `nd` dialect is not registered in `ctx`.
pub fn register(ctx: &mut Context) -> Result<(), InterfaceError> {
    let folds: [(&str, FoldFn); 9] = [
        (CastOp::NAME, basic::fold_cast),
        (NegOp::NAME, basic::fold_neg),
        (DimOp::NAME, basic::fold_dim),
        (BroadcastToOp::NAME, broadcast::fold_identity),
        (BroadcastInDimOp::NAME, broadcast::fold_identity),
        (ShapeOfOp::NAME, shapes::fold_shape_of),
        (BroadcastShapesOp::NAME, shapes::fold_broadcast_shapes),
        (ShapeSliceOp::NAME, shapes::fold_shape_slice),
        (ShapeConcatOp::NAME, shapes::fold_shape_concat),
    ];
    for (name, f) in folds {
        ctx.attach_interface(name, Fold(f))?;
    }
    ctx.attach_interface(ConstantOp::NAME, ConstantLike(constant_value))?;
    ctx.attach_dialect_interface(crate::DIALECT.name, ConstantMaterializer(MATERIALIZE))?;
    let patterns: [(&str, AddPatterns); 6] = [
        (ShapeOfOp::NAME, |set| {
            set.add_fn(ShapeOfOp::NAME, "ShapeOfCast", shapes::shape_of_cast);
        }),
        (BroadcastInDimOp::NAME, |set| {
            broadcast::add_patterns(set, BroadcastInDimOp::NAME);
        }),
        (BroadcastToOp::NAME, |set| {
            broadcast::add_patterns(set, BroadcastToOp::NAME);
        }),
        (BroadcastShapesOp::NAME, |set| {
            set.add_fn(
                BroadcastShapesOp::NAME,
                "BroadcastShapes",
                shapes::broadcast_shapes_pattern,
            );
        }),
        (ShapeSliceOp::NAME, |set| {
            set.add_fn(
                ShapeSliceOp::NAME,
                "SliceOfConcat",
                shapes::slice_of_concat_pattern,
            );
        }),
        (ShapeConcatOp::NAME, |set| {
            set.add_fn(
                ShapeConcatOp::NAME,
                "ShapeConcatOperands",
                shapes::shape_concat_operands,
            );
        }),
    ];
    for (name, add) in patterns {
        ctx.attach_interface(name, Canonicalization(add))?;
    }
    // Every fold and pattern here reads the op and its operands' definitions only
    // (through `facts`), never uses: the greedy driver may skip such an op while
    // nothing it reads changed.
    for name in folds
        .iter()
        .map(|(n, _)| *n)
        .chain(patterns.iter().map(|(n, _)| *n))
    {
        ctx.attach_interface(name, LocalRewrites)?;
    }
    Ok(())
}

/// The `value` of an `nd.constant`.
fn constant_value(ctx: &Context, module: &Module, op: OpId) -> Option<Attribute> {
    Some(ConstantOp::cast(ctx, module, op)?.value(ctx, module))
}

const MATERIALIZE: MaterializeFn = materialize;

/// `nd.constant` for a `dense<...>` attribute of exactly the requested type.
fn materialize(b: &mut Builder<'_>, value: Attribute, ty: Type, loc: Location) -> Option<OpId> {
    if !matches!(b.ctx.attr_kind(value), AttrKind::DenseElements { ty: t, .. } if *t == ty) {
        return None;
    }
    ConstantOp::build(b, loc, value, ty).ok().map(|c| c.op())
}

/// The operands of a rewritten shape op: each kept, or a new constant shape.
pub(crate) enum Operand {
    /// An existing value.
    Keep(Value),
    /// A constant `tensor<Nxindex>` of these sizes, to create.
    Constant(Vec<i64>),
}

/// The values of `plan`, creating its constants at the builder's insertion point;
/// `Ok(None)`, with the IR untouched, if a constant cannot be made.
///
/// # Errors
/// An edit the module refused.
pub(crate) fn materialize_operands(
    b: &mut Builder<'_>,
    plan: Vec<Operand>,
    loc: Location,
) -> Result<Option<Vec<Value>>, EditError> {
    // Every attribute first: interning them does not touch the IR.
    let mut made: Vec<Result<Value, (Attribute, Type)>> = Vec::with_capacity(plan.len());
    for entry in plan {
        made.push(match entry {
            Operand::Keep(v) => Ok(v),
            Operand::Constant(sizes) => {
                let Ok(len) = i64::try_from(sizes.len()) else {
                    return Ok(None);
                };
                let ty = crate::support::shape_type(b.ctx, len);
                let values = sizes.iter().map(|&s| i128::from(s)).collect();
                match b.ctx.dense_int_attr(ty, values) {
                    Some(value) => Err((value, ty)),
                    None => return Ok(None),
                }
            }
        });
    }
    let mut values = Vec::with_capacity(made.len());
    for m in made {
        values.push(match m {
            Ok(v) => v,
            Err((value, ty)) => ConstantOp::build(b, loc, value, ty)?.result(b.module),
        });
    }
    Ok(Some(values))
}

/// Replaces `op` by the results of `new`, an op just built before it.
pub(crate) fn replace_by(rw: &mut Builder<'_>, op: OpId, new: OpId) -> Result<(), EditError> {
    let values: Vec<Value> = rw.module.results(new).collect();
    rw.replace_op(op, &values)
}

/// `[2, 3]`.
pub(crate) fn list_text(values: &[i64]) -> String {
    let items: Vec<String> = values.iter().map(i64::to_string).collect();
    format!("[{}]", items.join(", "))
}

/// Reports `message` as an error at `op` (`'nd.op' op message`).
pub(crate) fn report(rw: &mut Builder<'_>, op: OpId, message: impl std::fmt::Display) {
    let d = tensor_ir::verify::op_error(rw.ctx, rw.module, op, message);
    rw.report(d);
}
