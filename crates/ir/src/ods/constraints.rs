//! Standard type constraints. Dialects define their own the same way: a static
//! [`TypeConstraint`] with a summary and a check that words the message.

use super::TypeConstraint;
use crate::{Context, Type, TypeKind};

/// Any type.
pub const ANY_TYPE: TypeConstraint = TypeConstraint {
    summary: "any type",
    check: |_, _, _| None,
};

/// A tensor, ranked or not, of any element type (ODS `AnyTensor`).
pub const ANY_TENSOR: TypeConstraint = TypeConstraint {
    summary: "tensor of any type values",
    check: |ctx, t, subject| (!ctx.is_tensor(t)).then(|| format!("{subject} must be a tensor")),
};

/// A tensor or a vector of any element type.
pub const ANY_TENSOR_OR_VECTOR: TypeConstraint = TypeConstraint {
    summary: "tensor of any type values or vector of any type values",
    check: |ctx, t, subject| {
        (!is_tensor_or_vector(ctx, t)).then(|| format!("{subject} must be a tensor or a vector"))
    },
};

fn is_tensor_or_vector(ctx: &Context, t: Type) -> bool {
    matches!(
        ctx.type_kind(t),
        TypeKind::Tensor { .. } | TypeKind::UnrankedTensor { .. } | TypeKind::Vector { .. }
    )
}
