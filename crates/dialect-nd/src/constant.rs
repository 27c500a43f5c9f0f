//! `nd.constant` and `nd.cast`.

use tensor_ir::ods::attr_types::DenseTensor;
use tensor_ir::ods::constraints::ANY_TYPE;
use tensor_ir::ods::describe;
use tensor_ir::registry::{OpTrait, Syntax};
use tensor_ir::{AttrKind, Context, Module, NamedAttr, OpId, Type, TypeKind};

use crate::shape_source;
use crate::support::{NUMERIC_TENSOR, VResult, fail, operand_type, result_type};

/// The result type of `nd.constant`: its value's type.
fn infer_constant(ctx: &mut Context, _: &[Type], props: &[NamedAttr]) -> Option<Vec<Type>> {
    let value = ConstantAdaptor::new(ctx, props).value()?;
    match ctx.attr_kind(value) {
        AttrKind::DenseElements { ty, .. } => Some(vec![*ty]),
        _ => None,
    }
}

tensor_ir::op! {
    /// A constant tensor.
    ///
    /// ```mlir
    /// %c = nd.constant dense<[1.0, 2.0]> : tensor<2xf32>
    /// ```
    ///
    /// `value` is a `dense<...>` attribute of tensor type, and the result has that
    /// type (the custom form takes the result type from the value).
    pub struct ConstantOp = "nd.constant" {
        summary: "a constant tensor",
        adaptor: ConstantAdaptor,
        traits: [OpTrait::Pure],
        operands: {},
        // The value's type, which the value's own constraint makes a tensor.
        results: { result: ANY_TYPE },
        attributes: { value: DenseTensor },
        syntax: Syntax::Format("attr-dict $value", &[]),
        verify: verify_constant,
        infer: infer_constant,
    }
}

impl ConstantOp {
    /// The name of its `value` attribute, for the layers that read it by name.
    pub const VALUE: &str = "value";
}

fn verify_constant(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let Some(this) = ConstantOp::cast(ctx, module, op) else {
        return Ok(());
    };
    let AttrKind::DenseElements { ty, .. } = ctx.attr_kind(this.value(ctx, module)) else {
        return Ok(());
    };
    let t = module.value_type(this.result(module));
    if t != *ty {
        return fail(
            ctx,
            module,
            op,
            format!(
                "{} must be the type of its value, '{}'",
                describe(ctx, "result", 0, t),
                ctx.ty(*ty)
            ),
        );
    }
    Ok(())
}

tensor_ir::op! {
    /// Converts each element to the result's element type.
    ///
    /// ```mlir
    /// %i = nd.cast %x : tensor<4xf32> to tensor<4xi32>
    /// ```
    ///
    /// Numeric tensors; the result has exactly the operand's shape (same dims, or
    /// both unranked); only the element type changes.
    pub struct CastOp = "nd.cast" {
        summary: "elementwise conversion to another element type",
        traits: [OpTrait::Pure, shape_source::OPERAND_0],
        operands: { input: NUMERIC_TENSOR },
        results: { result: NUMERIC_TENSOR },
        syntax: Syntax::Format("$input attr-dict `:` type($input) `to` type($result)", &[]),
        verify: verify_cast,
    }
}

fn verify_cast(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let (Some(from), Some(to)) = (operand_type(module, op, 0), result_type(module, op, 0)) else {
        return Ok(());
    };
    let same_shape = match (ctx.type_kind(from), ctx.type_kind(to)) {
        (TypeKind::Tensor { dims: a, .. }, TypeKind::Tensor { dims: b, .. }) => a == b,
        (TypeKind::UnrankedTensor { .. }, TypeKind::UnrankedTensor { .. }) => true,
        _ => false,
    };
    if !same_shape {
        return fail(
            ctx,
            module,
            op,
            format!(
                "{} must have the shape of {}: 'nd.cast' changes the element type only",
                describe(ctx, "result", 0, to),
                describe(ctx, "operand", 0, from)
            ),
        );
    }
    Ok(())
}
