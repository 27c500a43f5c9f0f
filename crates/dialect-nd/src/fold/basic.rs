//! Folds of single ops: `nd.cast`, `nd.neg`, `nd.dim`.

use smallvec::smallvec;
use tensor_ir::rewrite::{FoldResult, FoldResults};
use tensor_ir::{Attribute, Context, Module, OpId, TypeKind};

use super::facts::{Size, def_named, dim_size};
use crate::elementwise::NegOp;
use crate::support::result_type;

/// A cast to the type it already has.
pub(super) fn fold_cast(
    _: &mut Context,
    module: &Module,
    op: OpId,
    _: &[Option<Attribute>],
) -> Option<FoldResults> {
    let x = *module.operands(op).first()?;
    (result_type(module, op, 0)? == module.value_type(x)).then(|| smallvec![FoldResult::Value(x)])
}

/// `-(-x)` is `x`.
pub(super) fn fold_neg(
    ctx: &mut Context,
    module: &Module,
    op: OpId,
    _: &[Option<Attribute>],
) -> Option<FoldResults> {
    let y = *module.operands(op).first()?;
    let inner = def_named(ctx, module, y, NegOp::NAME)?;
    let x = *module.operands(inner).first()?;
    (module.value_type(x) == result_type(module, op, 0)?).then(|| smallvec![FoldResult::Value(x)])
}

/// A dim whose size is known (static in the type, or given by a constant or a
/// broadcast's shape). For an `index` result the fold gives an integer, which
/// `nd.constant` cannot hold, so it is not materialized.
pub(super) fn fold_dim(
    ctx: &mut Context,
    module: &Module,
    op: OpId,
    _: &[Option<Attribute>],
) -> Option<FoldResults> {
    let this = crate::shape::DimOp::cast(ctx, module, op)?;
    let index = usize::try_from(this.index(ctx, module)).ok()?;
    let input = this.input(module);
    // A dim past a static rank is the verifier's to report.
    if let Some(dims) = crate::support::tensor_dims(ctx, module.value_type(input))
        && index >= dims.len()
    {
        return None;
    }
    let Size::Known(size) = dim_size(ctx, module, input, index) else {
        return None;
    };
    let r = result_type(module, op, 0)?;
    let value = match ctx.type_kind(r) {
        TypeKind::Index => ctx.int_attr(i128::from(size), r),
        _ => ctx.dense_int_attr(r, vec![i128::from(size)])?,
    };
    Some(smallvec![FoldResult::Attribute(value)])
}
