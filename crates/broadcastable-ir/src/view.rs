//! The broadcasting view of an op: its operand and result types as the shape algebra
//! sees them, and its policy, behind the `broadcastable` crate's integration trait.

use broadcastable::{BroadcastableOp, Dim, Policy, Shape, Typed};
use smallvec::SmallVec;
use tensor_ir::attrs::AttrKind;
use tensor_ir::diag::Diagnostic;
use tensor_ir::module::{Module, OpId};
use tensor_ir::types::{Signedness, TypeKind};
use tensor_ir::verify::op_error;
use tensor_ir::{Attribute, Context, Type};

use crate::{BroadcastPolicy, policy_of};

/// The container kind and shape of a type, as the shape algebra sees it:
/// tensors (ranked or not), vectors, and anything else as a scalar.
pub fn typed(ctx: &Context, ty: Type) -> Typed {
    match ctx.type_kind(ty) {
        TypeKind::Tensor { dims, .. } => Typed::tensor(shape_of(dims)),
        TypeKind::UnrankedTensor { .. } => Typed::tensor(Shape::Unranked),
        TypeKind::Vector { dims, .. } => Typed::vector(shape_of(dims)),
        _ => Typed::scalar(),
    }
}

/// Converts IR dims (`i64`, [`crate::DYNAMIC`] for `?`) to a [`Shape`]. The
/// parser never builds other negative sizes; one would read as `?`.
fn shape_of(dims: &[i64]) -> Shape {
    Shape::ranked(
        dims.iter()
            .map(|&d| Dim::from_mlir(d).unwrap_or(Dim::Dynamic)),
    )
}

/// `declared` with its shape replaced by `shape`, keeping the element type
/// and encoding; `None` unless `declared` is a tensor type and every size
/// fits MLIR's `i64` encoding.
pub fn with_shape(ctx: &mut Context, declared: Type, shape: &Shape) -> Option<Type> {
    let (elem, encoding) = match ctx.type_kind(declared) {
        TypeKind::Tensor { elem, encoding, .. } => (*elem, *encoding),
        TypeKind::UnrankedTensor { elem } => (*elem, None),
        _ => return None,
    };
    let kind = match shape {
        Shape::Unranked => TypeKind::UnrankedTensor { elem },
        Shape::Ranked(dims) => TypeKind::Tensor {
            dims: dims.iter().map(|d| d.to_mlir()).collect::<Option<_>>()?,
            elem,
            encoding,
        },
    };
    Some(ctx.intern_type(kind))
}

/// The broadcasting view of one op: what [`BroadcastableOp`] needs.
#[derive(Clone, Copy)]
pub struct OpView<'a> {
    ctx: &'a Context,
    module: &'a Module,
    op: OpId,
    policy: BroadcastPolicy,
}

impl<'a> OpView<'a> {
    /// A view of `op` broadcasting under `policy`.
    pub fn new(ctx: &'a Context, module: &'a Module, op: OpId, policy: BroadcastPolicy) -> Self {
        OpView {
            ctx,
            module,
            op,
            policy,
        }
    }

    /// A view of `op` if its definition has the Broadcastable trait.
    pub fn of(ctx: &'a Context, module: &'a Module, op: OpId) -> Option<Self> {
        let def = ctx.op_def(module.op(op).name())?;
        Some(OpView::new(ctx, module, op, policy_of(def)?))
    }

    /// The policy the op's definition lists.
    pub fn policy_kind(&self) -> BroadcastPolicy {
        self.policy
    }

    /// The explicit-dimensions attribute, if the policy has one and the op
    /// carries it.
    pub(crate) fn dims_attr(&self) -> Option<Attribute> {
        let (BroadcastPolicy::Explicit { attr } | BroadcastPolicy::NumPyOrExplicit { attr }) =
            self.policy
        else {
            return None;
        };
        let name = self.ctx.lookup_sym(attr)?;
        self.module.get_attr(self.op, name)
    }

    /// The op's [`Policy`], reading explicit dimensions from the op.
    ///
    /// # Errors
    /// An upstream-worded diagnostic when the dimensions attribute is not an
    /// `array<i64: ...>`.
    pub fn checked_policy(&self) -> Result<Policy, Diagnostic> {
        Ok(match self.policy {
            BroadcastPolicy::NumPy => Policy::NumPy,
            BroadcastPolicy::EqualRank => Policy::EqualRank,
            BroadcastPolicy::Unidirectional => Policy::Unidirectional,
            BroadcastPolicy::Explicit { attr } => match self.dims_attr() {
                None => Policy::Explicit(SmallVec::new()),
                Some(a) => Policy::Explicit(self.explicit_dims(attr, a)?),
            },
            BroadcastPolicy::NumPyOrExplicit { attr } => match self.dims_attr() {
                None => Policy::NumPy,
                Some(a) => Policy::Explicit(self.explicit_dims(attr, a)?),
            },
        })
    }

    /// The entries of the dimensions attribute `a` (named `attr`).
    fn explicit_dims(&self, attr: &str, a: Attribute) -> Result<SmallVec<[i64; 4]>, Diagnostic> {
        i64_array(self.ctx, a).ok_or_else(|| {
            op_error(
                self.ctx,
                self.module,
                self.op,
                format!(
                    "attribute '{attr}' failed to satisfy constraint: i64 dense array attribute"
                ),
            )
        })
    }
}

/// The elements of an `array<i64: ...>` attribute (and nothing else).
fn i64_array(ctx: &Context, a: Attribute) -> Option<SmallVec<[i64; 4]>> {
    let AttrKind::DenseArray { elem, .. } = ctx.attr_kind(a) else {
        return None;
    };
    let is_i64 = matches!(
        ctx.type_kind(*elem),
        TypeKind::Integer {
            width: 64,
            signedness: Signedness::Signless
        }
    );
    if !is_i64 {
        return None;
    }
    ctx.as_i64_array(a).map(SmallVec::from_vec)
}

impl BroadcastableOp for OpView<'_> {
    fn num_operands(&self) -> usize {
        self.module.operands(self.op).len()
    }

    fn operand(&self, index: usize) -> Typed {
        let v = self.module.operands(self.op)[index];
        typed(self.ctx, self.module.value_type(v))
    }

    fn num_results(&self) -> usize {
        self.module.num_results(self.op)
    }

    fn result(&self, index: usize) -> Typed {
        typed(
            self.ctx,
            self.module.value_type(self.module.result(self.op, index)),
        )
    }

    fn operand_type_text(&self, index: usize) -> Option<String> {
        let v = *self.module.operands(self.op).get(index)?;
        Some(self.ctx.ty(self.module.value_type(v)).to_string())
    }

    fn result_type_text(&self, index: usize) -> Option<String> {
        let v = self.module.try_result(self.op, index)?;
        Some(self.ctx.ty(self.module.value_type(v)).to_string())
    }

    /// The policy; a malformed dimensions attribute reads as `[]` here
    /// (verification reports it first: [`OpView::checked_policy`]).
    fn policy(&self) -> Policy {
        self.checked_policy()
            .unwrap_or_else(|_| Policy::Explicit(SmallVec::new()))
    }
}
