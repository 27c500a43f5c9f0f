//! What every op family shares: the dialect's type constraints (worded for users),
//! its keyword enums, result-type inference
//! helpers, and small accessors for op-specific verifiers.

use broadcastable::{Dim, Shape};
use smallvec::SmallVec;
use std::fmt;
use tensor_ir::module::OpId;
use tensor_ir::ods::{Subject, TypeConstraint, describe};
use tensor_ir::verify::op_error;
use tensor_ir::{Context, Diagnostic, Module, Signedness, Type, TypeKind};

/// A verifier's outcome: one diagnostic per failing op.
pub(crate) type VResult = Result<(), Diagnostic>;

/// `'nd.op' op <message>` at the op.
pub(crate) fn fail(
    ctx: &Context,
    module: &Module,
    op: OpId,
    message: impl fmt::Display,
) -> VResult {
    Err(op_error(ctx, module, op, message))
}

/// Element type classes of the dialect's tensor constraints.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum ElemClass {
    /// Any element type.
    Any,
    /// Integers, floats and `index`.
    Numeric,
    /// Integers (including `i1`) and `index`.
    Integer,
    /// Floats.
    Float,
    /// Floats, signless and signed integers wider than one bit, and `index`.
    Signed,
}

impl ElemClass {
    fn accepts(self, ctx: &Context, t: Type) -> bool {
        let k = ctx.type_kind(t);
        match self {
            ElemClass::Any => true,
            ElemClass::Numeric => matches!(
                k,
                TypeKind::Integer { .. } | TypeKind::Float(_) | TypeKind::Index
            ),
            ElemClass::Integer => matches!(k, TypeKind::Integer { .. } | TypeKind::Index),
            ElemClass::Float => matches!(k, TypeKind::Float(_)),
            ElemClass::Signed => match k {
                TypeKind::Integer { width, signedness } => {
                    *width > 1 && *signedness != Signedness::Unsigned
                }
                _ => matches!(k, TypeKind::Float(_) | TypeKind::Index),
            },
        }
    }

    fn noun(self) -> &'static str {
        match self {
            ElemClass::Any => "any",
            ElemClass::Numeric => "integer, index or float",
            ElemClass::Integer => "integer or index",
            ElemClass::Float => "float",
            ElemClass::Signed => "float, signed integer or index",
        }
    }
}

/// Why `t` is not a tensor of `class` elements, about `subject`.
fn tensor_of(ctx: &Context, t: Type, subject: &Subject<'_>, class: ElemClass) -> Option<String> {
    let Some(elem) = tensor_elem(ctx, t) else {
        return Some(format!("{subject} must be a tensor"));
    };
    (!class.accepts(ctx, elem)).then(|| {
        format!(
            "{subject} must have {} elements, but has '{}'",
            class.noun(),
            ctx.ty(elem)
        )
    })
}

/// A tensor of any element type.
pub(crate) const TENSOR: TypeConstraint = TypeConstraint {
    summary: "tensor of any type values",
    check: |ctx, t, s| tensor_of(ctx, t, s, ElemClass::Any),
};

/// A ranked tensor of any element type.
pub(crate) const RANKED_TENSOR: TypeConstraint = TypeConstraint {
    summary: "ranked tensor of any type values",
    check: |ctx, t, s| {
        tensor_of(ctx, t, s, ElemClass::Any).or_else(|| {
            tensor_dims(ctx, t)
                .is_none()
                .then(|| format!("{s} must be a ranked tensor"))
        })
    },
};

/// A tensor of integer, index or float elements.
pub(crate) const NUMERIC_TENSOR: TypeConstraint = TypeConstraint {
    summary: "tensor of integer, index or float values",
    check: |ctx, t, s| tensor_of(ctx, t, s, ElemClass::Numeric),
};

/// A tensor of integer or index elements.
pub(crate) const INTEGER_TENSOR: TypeConstraint = TypeConstraint {
    summary: "tensor of integer or index values",
    check: |ctx, t, s| tensor_of(ctx, t, s, ElemClass::Integer),
};

/// A tensor of float elements.
pub(crate) const FLOAT_TENSOR: TypeConstraint = TypeConstraint {
    summary: "tensor of float values",
    check: |ctx, t, s| tensor_of(ctx, t, s, ElemClass::Float),
};

/// A tensor of float, signed (or signless) integer or index elements, `i1`
/// excluded.
pub(crate) const SIGNED_TENSOR: TypeConstraint = TypeConstraint {
    summary: "tensor of float, signed integer or index values",
    check: |ctx, t, s| tensor_of(ctx, t, s, ElemClass::Signed),
};

/// A tensor of `i1`.
pub(crate) const BOOL_TENSOR: TypeConstraint = TypeConstraint {
    summary: "tensor of i1 values",
    check: |ctx, t, s| {
        let Some(elem) = tensor_elem(ctx, t) else {
            return Some(format!("{s} must be a tensor"));
        };
        (!is_i1(ctx, elem))
            .then(|| format!("{s} must have i1 elements, but has '{}'", ctx.ty(elem)))
    },
};

/// `nd.select`'s condition: a tensor of `i1`.
pub(crate) const CONDITION: TypeConstraint = TypeConstraint {
    summary: "tensor of i1 values",
    check: |ctx, t, s| {
        let Some(elem) = tensor_elem(ctx, t) else {
            return Some(format!("{s} must be a tensor"));
        };
        (!is_i1(ctx, elem)).then(|| {
            format!(
                "the condition, {s}, must have i1 elements, but has '{}'",
                ctx.ty(elem)
            )
        })
    },
};

/// A shape value: a 1-D tensor of `index`, `tensor<Nxindex>` (`N` may be `?`).
pub(crate) const SHAPE: TypeConstraint = TypeConstraint {
    summary: "1-D tensor of index values (a shape)",
    check: |ctx, t, s| {
        (!is_shape_tensor(ctx, t))
            .then(|| format!("{s} must be a shape, a 1-D tensor of index ('tensor<Nxindex>')"))
    },
};

/// `index` or `tensor<index>`.
pub(crate) const INDEX_OR_SCALAR: TypeConstraint = TypeConstraint {
    summary: "index or 0-D tensor of index",
    check: |ctx, t, s| {
        let ok = match ctx.type_kind(t) {
            TypeKind::Index => true,
            TypeKind::Tensor { dims, elem, .. } => {
                dims.is_empty() && matches!(ctx.type_kind(*elem), TypeKind::Index)
            }
            _ => false,
        };
        (!ok).then(|| format!("{s} must be 'index' or 'tensor<index>'"))
    },
};

tensor_ir::str_enum! {
    /// The predicates of `nd.cmp`.
    pub CmpPredicate, "predicate", ["eq", "ne", "lt", "le", "gt", "ge"]
}

tensor_ir::str_enum! {
    /// The reductions of `nd.reduce`.
    pub ReduceKind, "reduction kind", ["sum", "max", "min", "prod"]
}

tensor_ir::str_enum! {
    /// How `nd.broadcast_shapes` broadcasts its shapes.
    pub ShapesPolicy, "broadcast policy", ["numpy", "in_place", "onnx"]
}

/// The type of operand `i`, if the op has it.
pub(crate) fn operand_type(module: &Module, op: OpId, i: usize) -> Option<Type> {
    module.operand(op, i).map(|v| module.value_type(v))
}

/// The type of result `i`, if the op has it.
pub(crate) fn result_type(module: &Module, op: OpId, i: usize) -> Option<Type> {
    module.try_result(op, i).map(|v| module.value_type(v))
}

/// The element type of a tensor type (ranked or not); `None` otherwise.
pub(crate) fn tensor_elem(ctx: &Context, t: Type) -> Option<Type> {
    match ctx.type_kind(t) {
        TypeKind::Tensor { elem, .. } | TypeKind::UnrankedTensor { elem } => Some(*elem),
        _ => None,
    }
}

/// The dims of a ranked tensor type (`tensor_ir::DYNAMIC` for `?`).
pub(crate) fn tensor_dims(ctx: &Context, t: Type) -> Option<&[i64]> {
    match ctx.type_kind(t) {
        TypeKind::Tensor { dims, .. } => Some(dims),
        _ => None,
    }
}

/// The shape of a type as the broadcasting algebra sees it.
pub(crate) fn shape(ctx: &Context, t: Type) -> Shape {
    broadcastable_ir::typed(ctx, t).shape
}

/// A ranked shape's dims for the algebra.
pub(crate) fn dims_of(dims: &[i64]) -> SmallVec<[Dim; 4]> {
    dims.iter()
        .map(|&d| Dim::from_mlir(d).unwrap_or(Dim::Dynamic))
        .collect()
}

/// True for `i1`.
pub(crate) fn is_i1(ctx: &Context, t: Type) -> bool {
    matches!(
        ctx.type_kind(t),
        TypeKind::Integer {
            width: 1,
            signedness: Signedness::Signless
        }
    )
}

/// True for a 1-D tensor of `index` (a shape value).
pub(crate) fn is_shape_tensor(ctx: &Context, t: Type) -> bool {
    match ctx.type_kind(t) {
        TypeKind::Tensor { dims, elem, .. } => {
            dims.len() == 1 && matches!(ctx.type_kind(*elem), TypeKind::Index)
        }
        _ => false,
    }
}

/// The static length of a shape value (`None` for `tensor<?xindex>`).
pub(crate) fn shape_length(ctx: &Context, t: Type) -> Option<usize> {
    tensor_dims(ctx, t)
        .and_then(|d| d.first().copied())
        .and_then(|n| usize::try_from(n).ok())
}

/// Checks that `d` names a dim of operand #0 (of type `t`); `label` says where `d`
/// came from (`index 3`, `dimensions[1] = 3`).
pub(crate) fn expect_dim_of_operand(
    ctx: &Context,
    module: &Module,
    op: OpId,
    t: Type,
    d: i64,
    label: &str,
) -> VResult {
    let rank = tensor_dims(ctx, t).map(<[i64]>::len);
    let in_range = usize::try_from(d)
        .ok()
        .is_some_and(|u| rank.is_none_or(|r| u < r));
    if in_range {
        return Ok(());
    }
    let rank = rank.map_or_else(|| "unknown rank".to_owned(), |r| format!("rank {r}"));
    fail(
        ctx,
        module,
        op,
        format!(
            "{label} is not a dim of {} ({rank})",
            describe(ctx, "operand", 0, t)
        ),
    )
}

/// Checks that result `res` has the element type of operand `operand` (both tensors,
/// which the op's constraints checked).
pub(crate) fn same_element_as_operand(
    ctx: &Context,
    module: &Module,
    op: OpId,
    (operand, res): (usize, usize),
) -> VResult {
    let (Some(a), Some(r)) = (
        operand_type(module, op, operand),
        result_type(module, op, res),
    ) else {
        return Ok(());
    };
    let (ea, er) = (tensor_elem(ctx, a), tensor_elem(ctx, r));
    if ea == er {
        return Ok(());
    }
    let elem = ea.map(|e| ctx.ty(e).to_string()).unwrap_or_default();
    fail(
        ctx,
        module,
        op,
        format!(
            "{} must have the element type of {}, '{elem}'",
            describe(ctx, "result", res, r),
            describe(ctx, "operand", operand, a),
        ),
    )
}

/// `tensor<Nxindex>` (`N` may be `tensor_ir::DYNAMIC`).
pub(crate) fn shape_type(ctx: &mut Context, len: i64) -> Type {
    let index = ctx.index_type();
    ctx.tensor_type(&[len], index)
}

/// `t` with its element type replaced by `elem` (tensors only).
pub(crate) fn with_element(ctx: &mut Context, t: Type, elem: Type) -> Option<Type> {
    let kind = match ctx.type_kind(t).clone() {
        TypeKind::Tensor { dims, encoding, .. } => TypeKind::Tensor {
            dims,
            elem,
            encoding,
        },
        TypeKind::UnrankedTensor { .. } => TypeKind::UnrankedTensor { elem },
        _ => return None,
    };
    Some(ctx.intern_type(kind))
}

/// A tensor of `shape` (`None` if it does not fit MLIR's dims) with element `elem`.
pub(crate) fn tensor_of_shape(ctx: &mut Context, shape: &Shape, elem: Type) -> Option<Type> {
    let kind = match shape {
        Shape::Unranked => TypeKind::UnrankedTensor { elem },
        Shape::Ranked(dims) => TypeKind::Tensor {
            dims: dims.iter().map(|d| d.to_mlir()).collect::<Option<_>>()?,
            elem,
            encoding: None,
        },
    };
    Some(ctx.intern_type(kind))
}

/// An inference's one result: a ranked tensor of `dims` with element `elem`.
pub(crate) fn ranked_result(ctx: &mut Context, dims: Vec<Dim>, elem: Type) -> Option<Vec<Type>> {
    tensor_of_shape(ctx, &Shape::ranked(dims), elem).map(|t| vec![t])
}

/// `t` (a tensor type) with `i1` elements.
pub(crate) fn i1_tensor_like(ctx: &mut Context, t: Type) -> Option<Type> {
    let i1 = ctx.i(1);
    with_element(ctx, t, i1)
}
