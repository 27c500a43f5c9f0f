//! The broadcasting view of a melior operation: the `broadcastable` crate's
//! integration trait, [`BroadcastableOp`], over an [`OperationRef`], as
//! `broadcastable-ir`'s `OpView` is over tensor-opt's own IR.

use broadcastable::{BroadcastableOp, Dim, Policy, Shape, Typed};
use melior::ir::attribute::DenseI64ArrayAttribute;
use melior::ir::operation::OperationLike;
use melior::ir::r#type::{RankedTensorType, TypeLike};
use melior::ir::{OperationRef, Type, ValueLike};

use crate::config::{OpPolicy, OpSpec, Operands};
use crate::ffi;

/// The container kind and shape of a melior type, as the shape algebra sees
/// it: tensors (ranked or not), vectors, and anything else as a scalar. A
/// scalable vector dim (`[4]`) is a `?`: its size is known only at run time.
pub fn typed(ty: Type<'_>) -> Typed {
    if ty.is_unranked_tensor() {
        return Typed::tensor(Shape::Unranked);
    }
    let Some(sizes) = ffi::ranked_dims(ty) else {
        return Typed::scalar();
    };
    let vector = ty.is_vector();
    let shape = Shape::ranked(sizes.iter().enumerate().map(|(i, size)| match size {
        Some(n) if !(vector && ty.is_vector_dim_scalable(i)) => Dim::Static(*n),
        _ => Dim::Dynamic,
    }));
    if vector {
        Typed::vector(shape)
    } else {
        Typed::tensor(shape)
    }
}

/// `declared` with its shape replaced by `shape`, keeping the element type
/// and a ranked tensor's encoding; `None` unless `declared` is a tensor type
/// and `shape` is ranked with sizes that fit MLIR's `int64_t`.
pub fn with_shape<'c>(declared: Type<'c>, shape: &Shape) -> Option<Type<'c>> {
    if !declared.is_tensor() {
        return None;
    }
    let element = ffi::element_type(declared)?;
    let encoding = RankedTensorType::try_from(declared)
        .ok()
        .and_then(|t| t.encoding());
    let dims: Vec<Option<u64>> = shape.dims()?.iter().map(|d| d.static_size()).collect();
    ffi::ranked_tensor(&dims, element, encoding)
}

/// One melior operation with broadcasting semantics: what [`BroadcastableOp`]
/// needs. Operand and result numbers are the op's own.
#[derive(Clone, Debug)]
pub struct OpView<'c, 'a> {
    op: OperationRef<'c, 'a>,
    operands: usize,
    policy: Policy,
}

impl<'c, 'a> OpView<'c, 'a> {
    /// A view of `op` whose first `operands` operands broadcast under
    /// `policy` (at most all of them).
    pub fn new(op: OperationRef<'c, 'a>, policy: Policy, operands: Operands) -> Self {
        let count = op.operand_count();
        let operands = match operands {
            Operands::All => count,
            Operands::Leading(n) => n.min(count),
        };
        OpView {
            op,
            operands,
            policy,
        }
    }

    /// A view of `op` as `spec` says, reading explicit dimensions from the op.
    ///
    /// # Errors
    /// The message of an op whose dimensions attribute is not an
    /// `array<i64: ...>`, worded as upstream's generated verifiers.
    pub fn of(op: OperationRef<'c, 'a>, spec: &OpSpec) -> Result<Self, String> {
        let policy = match &spec.policy {
            OpPolicy::Fixed(policy) => policy.clone(),
            OpPolicy::FromAttribute { attr, absent } => match op.attribute(attr) {
                Err(_) => absent.clone(),
                Ok(a) => {
                    let dims = DenseI64ArrayAttribute::try_from(a).map_err(|_| {
                        format!(
                            "attribute '{attr}' failed to satisfy constraint: i64 dense array attribute"
                        )
                    })?;
                    Policy::Explicit(
                        (0..dims.len())
                            .filter_map(|i| dims.element(i).ok())
                            .collect(),
                    )
                }
            },
        };
        Ok(OpView::new(op, policy, spec.operands))
    }

    /// The operation.
    pub fn operation(&self) -> OperationRef<'c, 'a> {
        self.op
    }

    fn operand_type(&self, index: usize) -> Option<Type<'c>> {
        (index < self.operands)
            .then(|| self.op.operand(index).ok())
            .flatten()
            .map(|v| v.r#type())
    }

    fn result_type(&self, index: usize) -> Option<Type<'c>> {
        self.op.result(index).ok().map(|v| v.r#type())
    }
}

impl BroadcastableOp for OpView<'_, '_> {
    fn num_operands(&self) -> usize {
        self.operands
    }

    fn operand(&self, index: usize) -> Typed {
        self.operand_type(index).map_or_else(Typed::scalar, typed)
    }

    fn num_results(&self) -> usize {
        self.op.result_count()
    }

    fn result(&self, index: usize) -> Typed {
        self.result_type(index).map_or_else(Typed::scalar, typed)
    }

    fn policy(&self) -> Policy {
        self.policy.clone()
    }

    fn operand_type_text(&self, index: usize) -> Option<String> {
        self.operand_type(index).map(|t| t.to_string())
    }

    fn result_type_text(&self, index: usize) -> Option<String> {
        self.result_type(index).map(|t| t.to_string())
    }
}
