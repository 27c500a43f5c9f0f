//! The element-type constraints of the ops, worded as upstream's ODS summaries
//! (the ops use [`DiagStyle::Ods`](tensor_ir::ods::DiagStyle::Ods)).

use tensor_ir::ods::TypeConstraint;
use tensor_ir::{Context, FloatKind, Signedness, Type, TypeKind};

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
    matches!(
        k,
        TypeKind::Integer {
            width: 1,
            signedness: Signedness::Signless
        }
    )
}

/// HLO's floats: 4, 6, 8, 16, 32 and 64 bits (not `tf32`, `f80`, `f128`).
fn is_hlo_float(k: &TypeKind) -> bool {
    matches!(k, TypeKind::Float(f) if matches!(f.width(), 4 | 6 | 8 | 16 | 32 | 64))
}

/// HLO's bools and integers: `i1`, and signless or unsigned integers of 2 to 64
/// bits (not signed ones).
fn is_pred_or_int(k: &TypeKind) -> bool {
    match k {
        TypeKind::Integer { width, signedness } => {
            is_bool(k)
                || (*signedness != Signedness::Signed && matches!(width, 2 | 4 | 8 | 16 | 32 | 64))
        }
        _ => false,
    }
}

/// The message of a failed check; the ODS style replaces it with the summary.
fn refuse(subject: &dyn std::fmt::Display, summary: &str) -> String {
    format!("{subject} must be {summary}")
}

/// HLO's element types (`HLO_Tensor`): floats, bools and integers, and complex
/// numbers of `f32` or `f64` (quantized types are not modelled).
pub(crate) const TENSOR: TypeConstraint = TypeConstraint {
    summary: "tensor of 4/6/8/16/32/64-bit float or bool or 2/4/8/16/32/64-bit integer or complex type with 32/64-bit float elements or per-tensor integer quantized or per-axis integer quantized values",
    check: |ctx, t, subject| {
        let ok = tensor_elem(ctx, t).is_some_and(|e| match ctx.type_kind(e) {
            TypeKind::Complex { elem } => matches!(
                ctx.type_kind(*elem),
                TypeKind::Float(FloatKind::F32 | FloatKind::F64)
            ),
            k => is_hlo_float(k) || is_pred_or_int(k),
        });
        (!ok).then(|| refuse(subject, "a tensor of HLO element type values"))
    },
};

/// Bool or integer elements (`HLO_PredOrIntTensor`), for `and`, `or`, `xor`.
pub(crate) const PRED_OR_INT_TENSOR: TypeConstraint = TypeConstraint {
    summary: "tensor of bool or 2/4/8/16/32/64-bit integer values",
    check: |ctx, t, subject| {
        let ok = elem_is(ctx, t, is_pred_or_int);
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
        let ok = elem_is(ctx, t, is_hlo_float);
        (!ok).then(|| refuse(subject, "a tensor of float values"))
    },
};
