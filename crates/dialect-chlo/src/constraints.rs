//! The element-type constraints of the ops, worded as upstream's ODS summaries
//! (the ops use [`DiagStyle::Ods`](tensor_ir::ods::DiagStyle::Ods)).

use tensor_ir::ods::TypeConstraint;
use tensor_ir::{Context, Type, TypeKind};

/// A tensor's element type, or `None` for any other type.
pub(crate) fn tensor_elem(ctx: &Context, t: Type) -> Option<Type> {
    match ctx.type_kind(t) {
        TypeKind::Tensor { elem, .. } | TypeKind::UnrankedTensor { elem } => Some(*elem),
        _ => None,
    }
}

fn elem_is(ctx: &Context, t: Type, accepts: fn(&TypeKind) -> bool) -> bool {
    tensor_elem(ctx, t).is_some_and(|e| accepts(ctx.type_kind(e)))
}

fn is_bool(k: &TypeKind) -> bool {
    matches!(k, TypeKind::Integer { width: 1, .. })
}

/// The message of a failed check; the ODS style replaces it with the summary.
fn refuse(subject: &dyn std::fmt::Display, summary: &str) -> String {
    format!("{subject} must be {summary}")
}

/// Any tensor (upstream's `HLO_Tensor`, whose element list tensor-opt does not
/// narrow further).
pub(crate) const TENSOR: TypeConstraint = TypeConstraint {
    summary: "tensor of any type values",
    check: |ctx, t, subject| {
        (!ctx.is_tensor(t)).then(|| refuse(subject, "tensor of any type values"))
    },
};

/// Bool or integer elements (`HLO_PredOrIntTensor`), for `and`, `or`, `xor`.
pub(crate) const PRED_OR_INT_TENSOR: TypeConstraint = TypeConstraint {
    summary: "tensor of bool or 2/4/8/16/32/64-bit integer values",
    check: |ctx, t, subject| {
        let ok = elem_is(
            ctx,
            t,
            |k| matches!(k, TypeKind::Integer { width, .. } if matches!(width, 1 | 2 | 4 | 8 | 16 | 32 | 64)),
        );
        (!ok).then(|| refuse(subject, "a tensor of bool or integer values"))
    },
};

/// Bool elements (`HLO_PredTensor`), the result of `broadcast_compare`.
pub(crate) const PRED_TENSOR: TypeConstraint = TypeConstraint {
    summary: "tensor of bool values",
    check: |ctx, t, subject| {
        (!elem_is(ctx, t, is_bool)).then(|| refuse(subject, "a tensor of bool values"))
    },
};

/// A ranked tensor of bools, the condition of `broadcast_select`.
pub(crate) const RANKED_PRED_TENSOR: TypeConstraint = TypeConstraint {
    summary: "ranked tensor of bool values",
    check: |ctx, t, subject| {
        let ok = matches!(ctx.type_kind(t), TypeKind::Tensor { .. }) && elem_is(ctx, t, is_bool);
        (!ok).then(|| refuse(subject, "a ranked tensor of bool values"))
    },
};

/// Float elements (`HLO_FpTensor`), for `erf`.
pub(crate) const FP_TENSOR: TypeConstraint = TypeConstraint {
    summary: "tensor of 4/6/8/16/32/64-bit float values",
    check: |ctx, t, subject| {
        let ok = elem_is(ctx, t, |k| matches!(k, TypeKind::Float(_)));
        (!ok).then(|| refuse(subject, "a tensor of float values"))
    },
};
