//! Folds and canonicalization patterns of the `nd` dialect, attached as
//! interfaces by [`register`] (the op definitions do not change).
//!
//! | op | rewrite |
//! | -- | ------- |
//! | `nd.constant` | is a constant (`ConstantLike`); folded constants materialize as `nd.constant` |
//! | `nd.cast` to its operand's type | its operand |
//! | `nd.broadcast_to`, and `nd.broadcast_in_dim` with `dims = [0, 1, ...]`, to the operand's static type | the operand |
//! | `nd.neg` of `nd.neg %x` | `%x` |
//! | `nd.shape_of` of a static tensor, with a static result | `dense<[d0, ...]> : tensor<Nxindex>` |
//! | `nd.dim` of a static dim, with a `tensor<index>` result | `dense<d> : tensor<index>` |
//! | `nd.shape_of` of `nd.cast %x` | `nd.shape_of %x` (a pattern: casts keep the shape) |
//!
//! A broadcast to a type with `?` dims is kept even when the types are equal: at
//! run time it may stretch a 1 to a larger size.

use smallvec::smallvec;
use tensor_ir::builder::Builder;
use tensor_ir::module::EditError;
use tensor_ir::rewrite::fold::{FoldResults, MaterializeFn};
use tensor_ir::rewrite::{
    Canonicalization, ConstantLike, ConstantMaterializer, Fold, FoldResult, PatternSet,
    RewritePattern,
};
use tensor_ir::{
    AttrKind, Attribute, Context, DYNAMIC, Location, Module, OpId, OperationState, Type, TypeKind,
    ValueDef,
};

use crate::support::{operand_type, result_type, tensor_dims};

/// Attaches the folds, the constant materializer and the patterns to `nd`'s ops.
pub fn register(ctx: &mut Context) {
    let folds: [(&str, tensor_ir::rewrite::fold::FoldFn); 6] = [
        ("nd.cast", fold_cast),
        ("nd.broadcast_to", fold_static_identity),
        ("nd.broadcast_in_dim", fold_in_dim_identity),
        ("nd.neg", fold_neg),
        ("nd.shape_of", fold_shape_of),
        ("nd.dim", fold_dim),
    ];
    // Every name is an op of `DIALECT`, registered just before: attaching cannot fail.
    for (name, f) in folds {
        let _ = ctx.attach_interface(name, Fold(f));
    }
    let _ = ctx.attach_interface("nd.constant", ConstantLike(constant_value));
    let _ = ctx.attach_dialect_interface("nd", ConstantMaterializer(MATERIALIZE));
    let _ = ctx.attach_interface(
        "nd.shape_of",
        Canonicalization(|set: &mut PatternSet| {
            set.add(ShapeOfCast);
        }),
    );
}

/// The `value` of an `nd.constant`.
fn constant_value(ctx: &Context, module: &Module, op: OpId) -> Option<Attribute> {
    Some(crate::constant::ConstantOp::cast(ctx, module, op)?.value(ctx, module))
}

const MATERIALIZE: MaterializeFn = materialize;

/// `nd.constant` for a `dense<...>` attribute of exactly the requested type.
fn materialize(b: &mut Builder<'_>, value: Attribute, ty: Type, loc: Location) -> Option<OpId> {
    if !matches!(b.ctx.attr_kind(value), AttrKind::DenseElements { ty: t, .. } if *t == ty) {
        return None;
    }
    crate::constant::ConstantOp::build(b, loc, value, ty)
        .ok()
        .map(|c| c.op())
}

/// A cast to the type it already has.
fn fold_cast(
    _: &mut Context,
    module: &Module,
    op: OpId,
    _: &[Option<Attribute>],
) -> Option<FoldResults> {
    let x = *module.operands(op).first()?;
    (result_type(module, op, 0)? == module.value_type(x)).then(|| smallvec![FoldResult::Value(x)])
}

/// A broadcast whose operand already has the (static) result type.
fn fold_static_identity(
    ctx: &mut Context,
    module: &Module,
    op: OpId,
    _: &[Option<Attribute>],
) -> Option<FoldResults> {
    let x = *module.operands(op).first()?;
    let t = result_type(module, op, 0)?;
    let static_dims = tensor_dims(ctx, t).is_some_and(|d| !d.contains(&DYNAMIC));
    (static_dims && t == module.value_type(x)).then(|| smallvec![FoldResult::Value(x)])
}

/// A `broadcast_in_dim` that maps each dim to itself (`dims = [0, 1, ...]`; any
/// other order transposes) onto the operand's static type.
fn fold_in_dim_identity(
    ctx: &mut Context,
    module: &Module,
    op: OpId,
    operands: &[Option<Attribute>],
) -> Option<FoldResults> {
    let dims = crate::broadcast::BroadcastInDimOp::cast(ctx, module, op)?
        .broadcast_dimensions(ctx, module);
    let in_order = dims.iter().zip(0i64..).all(|(&d, i)| d == i);
    if !in_order {
        return None;
    }
    fold_static_identity(ctx, module, op, operands)
}

/// `-(-x)` is `x`.
fn fold_neg(
    ctx: &mut Context,
    module: &Module,
    op: OpId,
    _: &[Option<Attribute>],
) -> Option<FoldResults> {
    let y = *module.operands(op).first()?;
    let ValueDef::Result { op: inner, .. } = module.value(y).def() else {
        return None;
    };
    if ctx.str(module.op(inner).name()) != "nd.neg" {
        return None;
    }
    let x = *module.operands(inner).first()?;
    (module.value_type(x) == result_type(module, op, 0)?).then(|| smallvec![FoldResult::Value(x)])
}

/// The shape of a static tensor, when the result's length is static too (an
/// `nd.constant` has the type of its value).
fn fold_shape_of(
    ctx: &mut Context,
    module: &Module,
    op: OpId,
    _: &[Option<Attribute>],
) -> Option<FoldResults> {
    let dims = tensor_dims(ctx, operand_type(module, op, 0)?)?.to_vec();
    let r = result_type(module, op, 0)?;
    let length = tensor_dims(ctx, r)?.first().copied()?;
    if dims.contains(&DYNAMIC) || usize::try_from(length).ok() != Some(dims.len()) {
        return None;
    }
    let values = dims.iter().map(|&d| i128::from(d)).collect();
    Some(smallvec![FoldResult::Attribute(
        ctx.dense_int_attr(r, values)?
    )])
}

/// A static dim of the operand. For an `index` result the fold gives an integer,
/// which `nd.constant` cannot hold, so it is not materialized.
fn fold_dim(
    ctx: &mut Context,
    module: &Module,
    op: OpId,
    _: &[Option<Attribute>],
) -> Option<FoldResults> {
    let dims = tensor_dims(ctx, operand_type(module, op, 0)?)?;
    let index = crate::shape::DimOp::cast(ctx, module, op)?.index(ctx, module);
    let index = usize::try_from(index).ok()?;
    let size = *dims.get(index)?;
    if size == DYNAMIC {
        return None;
    }
    let r = result_type(module, op, 0)?;
    let value = match ctx.type_kind(r) {
        TypeKind::Index => ctx.int_attr(i128::from(size), r),
        _ => ctx.dense_int_attr(r, vec![i128::from(size)])?,
    };
    Some(smallvec![FoldResult::Attribute(value)])
}

/// `nd.shape_of (nd.cast %x)` is `nd.shape_of %x`: a cast changes the element type
/// only, and the shape no longer depends on the cast (which may then die).
struct ShapeOfCast;

impl RewritePattern for ShapeOfCast {
    fn root(&self) -> Option<&'static str> {
        Some("nd.shape_of")
    }

    fn name(&self) -> &'static str {
        "ShapeOfCast"
    }

    fn match_and_rewrite(&self, op: OpId, rw: &mut Builder<'_>) -> Result<bool, EditError> {
        let m = &*rw.module;
        let Some(&y) = m.operands(op).first() else {
            return Ok(false);
        };
        let ValueDef::Result { op: cast, .. } = m.value(y).def() else {
            return Ok(false);
        };
        let (Some(&x), Some(r)) = (m.operands(cast).first(), result_type(m, op, 0)) else {
            return Ok(false);
        };
        if rw.ctx.str(m.op(cast).name()) != "nd.cast" {
            return Ok(false);
        }
        let o = m.op(op);
        let mut state = OperationState::new(o.name(), o.location());
        state.operands.push(x);
        state.result_types.push(r);
        state.attrs = o.attrs().to_vec();
        state.props = o.props().to_vec();
        rw.replace_op_with_new(op, state)?;
        Ok(true)
    }
}
