//! Kernels: one entry per op in the context's per-op interface table.
//!
//! [`register`] attaches a [`Kernel`] to every op of `nd` and to `func.call` and
//! `func.return`; the interpreter looks an op's kernel up by its kind, and a test
//! checks with `ops_without_interface::<Kernel>("nd")` that no `nd` op lacks one.
//! An embedding compiler that adds a dialect attaches kernels to its ops the same
//! way.

pub(crate) mod assert;
pub(crate) mod broadcast;
pub(crate) mod dot;
pub(crate) mod elementwise;
pub(crate) mod func;
pub(crate) mod gather;
mod gemm;
pub(crate) mod matmul;
pub(crate) mod reduce;
pub(crate) mod row_reduce;
pub(crate) mod shape;
pub(crate) mod structure;
mod sum;

use crate::elem::ElemType;
use crate::exec::Interpreter;
use crate::memory::{AllocError, Bytes, Memory, Owned};
use crate::tensor::{Dims, Store, Tensor};
use broadcastable::{Dim, Shape};
use smallvec::SmallVec;
use std::fmt::Write as _;
use tensor_dialect_func::{CallOp, ReturnOp};
use tensor_dialect_nd::broadcast::{AssignOp, BroadcastInDimOp, BroadcastOp, BroadcastToOp};
use tensor_dialect_nd::constant::{CastOp, ConstantOp};
use tensor_dialect_nd::dot::DotGeneralOp;
use tensor_dialect_nd::elementwise::{ClampOp, CmpOp, SelectOp};
use tensor_dialect_nd::gather::{GatherElementsOp, GatherOp};
use tensor_dialect_nd::iota::IotaOp;
use tensor_dialect_nd::reduce::{MatmulOp, ReduceOp};
use tensor_dialect_nd::scalar::{self, ScalarFn};
use tensor_dialect_nd::shape::{BroadcastShapesOp, DimOp, ShapeConcatOp, ShapeOfOp, ShapeSliceOp};
use tensor_dialect_nd::slice::{DynamicSliceOp, SliceOp};
use tensor_dialect_nd::structure::{ConcatenateOp, ReshapeOp, TransposeOp};
use tensor_ir::verify::op_error;
use tensor_ir::{Context, Diagnostic, Module, OpId, Type, TypeKind};

/// A kernel's outcome: the op's results, or a located error.
pub type KernelResult = Result<Vec<Tensor>, Diagnostic>;

/// Executes one op on its operands (moved in: a kernel may keep them as views).
pub type KernelFn = fn(&KernelCx<'_>, Vec<Tensor>) -> KernelResult;

/// An op's kernel: the interface the interpreter attaches per op.
#[derive(Clone, Copy, Debug)]
pub enum Kernel {
    /// An elementwise op with the scalar semantics its definition declares, which
    /// the interpreter may fuse with its neighbours into one loop over memory.
    Elementwise(ScalarFn),
    /// Any other op.
    Op(KernelFn),
}

/// What a kernel sees: the op, the IR, the interpreter's memory, and (for calls)
/// the interpreter itself.
pub struct KernelCx<'a> {
    /// The context the module lives in.
    pub ctx: &'a Context,
    /// The module.
    pub module: &'a Module,
    /// The op being executed.
    pub op: OpId,
    pub(crate) interp: &'a Interpreter<'a>,
    pub(crate) depth: usize,
}

impl KernelCx<'_> {
    /// `'op' op <message>` at the op's location.
    pub fn error(&self, message: impl std::fmt::Display) -> Diagnostic {
        op_error(self.ctx, self.module, self.op, message)
    }

    /// The interpreter's allocator.
    pub fn memory(&self) -> &Memory {
        self.interp.memory()
    }

    /// The declared type of result `i`.
    pub fn result_type(&self, i: usize) -> Option<Type> {
        self.module
            .try_result(self.op, i)
            .map(|v| self.module.value_type(v))
    }

    /// The declared type of operand `i`.
    pub fn operand_type(&self, i: usize) -> Option<Type> {
        self.module
            .operand(self.op, i)
            .map(|v| self.module.value_type(v))
    }

    /// A fresh row-major buffer for a result of `shape`, counted against the memory
    /// limit (a located error when it does not fit). Its contents are unspecified.
    pub(crate) fn alloc<T: Store>(&self, shape: &[usize]) -> Result<Owned<T>, Diagnostic> {
        let n = crate::tensor::num_elements(shape).ok_or_else(|| {
            self.error(AllocError {
                requested: usize::MAX,
                in_use: self.memory().in_use(),
                limit: self.memory().limit(),
                system: false,
            })
        })?;
        self.memory()
            .alloc::<T>(n)
            .map_err(|e| self.alloc_error(e, shape))
    }

    /// Refuses to visit every element of `t` (operand `i`, perhaps broadcast)
    /// when, as an array, it would not fit the memory limit. A broadcast view
    /// can stand for far more elements than memory holds; an op whose result is
    /// smaller than its operands (a reduction, a matmul) would otherwise run
    /// without bound. So `--max-memory` bounds the work of every op: one that
    /// allocates its result is bounded by the allocation, these by this check.
    pub(crate) fn check_visit(&self, i: usize, t: &crate::Tensor) -> Result<(), Diagnostic> {
        let limit = self.memory().limit();
        let n = crate::tensor::num_elements(t.shape());
        let bytes = n.and_then(|n| n.checked_mul(t.elem().size()));
        if bytes.is_some_and(|b| b <= limit) {
            return Ok(());
        }
        Err(self.error(format!(
            "would visit {} elements of operand #{i} (a view of shape {}{}), more than the memory \
             limit of {} could hold: the work of an op is bounded by --max-memory",
            n.map_or_else(|| "more than 2^64".to_owned(), |n| n.to_string()),
            shape_text(t.shape()),
            bytes.map_or_else(String::new, |b| format!(", {} as an array", Bytes(b))),
            Bytes(limit)
        )))
    }

    /// The entries of the shape value `t` (operand `i`) as `i64`s, refused like
    /// any visit that would not fit the memory limit: a shape's length is a
    /// number in a type, and a splat constant makes any length cheap to write.
    pub(crate) fn entries(&self, i: usize, t: &crate::Tensor) -> Result<Vec<i64>, Diagnostic> {
        self.check_visit(i, t)?;
        Ok(t.to_i64s())
    }

    /// The memory limit's refusal, worded for this op's result.
    pub(crate) fn alloc_error(&self, e: AllocError, shape: &[usize]) -> Diagnostic {
        self.error(format!(
            "cannot allocate its result of shape {}: {e}",
            shape_text(shape)
        ))
    }

    /// An `i64` array property.
    pub(crate) fn i64_array(&self, name: &str) -> Option<Vec<i64>> {
        let key = self.ctx.lookup_sym(name)?;
        self.ctx.as_i64_array(self.module.get_attr(self.op, key)?)
    }

    /// A string property (an enum keyword).
    pub(crate) fn str_prop(&self, name: &str) -> Option<&str> {
        let key = self.ctx.lookup_sym(name)?;
        self.ctx.as_str_attr(self.module.get_attr(self.op, key)?)
    }
}

/// `[2, 3]`.
pub(crate) fn shape_text(shape: &[usize]) -> String {
    let mut s = String::from("[");
    for (i, d) in shape.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        let _ = write!(s, "{d}");
    }
    s.push(']');
    s
}

/// A concrete shape for the `broadcastable` algebra.
pub(crate) fn algebra_shape(shape: &[usize]) -> Shape {
    Shape::ranked(shape.iter().map(|&d| Dim::Static(d as u64)))
}

/// The sizes of a static shape from the algebra.
pub(crate) fn concrete(shape: &Shape) -> Option<Dims> {
    shape
        .dims()?
        .iter()
        .map(|d| d.static_size().and_then(|s| usize::try_from(s).ok()))
        .collect()
}

/// The element type and dims (`None` if unranked) of a tensor type; `index` is a
/// rank-0 tensor of `index`.
pub(crate) fn type_layout(ctx: &Context, t: Type) -> Option<(ElemType, Option<&[i64]>)> {
    match ctx.type_kind(t) {
        TypeKind::Tensor { dims, elem, .. } => Some((ElemType::of(ctx, *elem)?, Some(dims))),
        TypeKind::UnrankedTensor { elem } => Some((ElemType::of(ctx, *elem)?, None)),
        TypeKind::Index => Some((ElemType::Index, Some(&[]))),
        _ => None,
    }
}

/// Why a tensor does not fit a declared type, if it does not: the element type,
/// the rank and the static dims must agree.
pub(crate) fn mismatch(ctx: &Context, t: Type, value: &Tensor) -> Option<String> {
    mismatch_parts(ctx, t, value.elem(), value.shape())
}

/// [`mismatch`] of a value known by its element type and shape.
pub(crate) fn mismatch_parts(
    ctx: &Context,
    t: Type,
    elem: ElemType,
    shape: &[usize],
) -> Option<String> {
    let Some((declared, dims)) = type_layout(ctx, t) else {
        return Some(format!(
            "has type '{}', whose elements the interpreter does not execute",
            ctx.ty(t)
        ));
    };
    let text = shape_text(shape);
    if elem != declared {
        return Some(format!(
            "has element type {elem} at run time, but its type is '{}'",
            ctx.ty(t)
        ));
    }
    let dims = dims?;
    if dims.len() != shape.len() {
        return Some(format!(
            "has shape {text} at run time, of rank {}, but its type '{}' has rank {}",
            shape.len(),
            ctx.ty(t),
            dims.len()
        ));
    }
    let (d, &size) = dims
        .iter()
        .enumerate()
        .find(|&(d, &s)| s != tensor_ir::DYNAMIC && usize::try_from(s).ok() != Some(shape[d]))?;
    Some(format!(
        "has shape {text} at run time, but its type '{}' has size {size} in dim {d}",
        ctx.ty(t)
    ))
}

/// The run-time broadcast of `shapes` under `policy`, or the error naming the
/// operands, dims and sizes that do not agree.
pub(crate) fn broadcast_shapes(
    policy: &broadcastable::Policy,
    shapes: &[&[usize]],
) -> Result<Dims, String> {
    let algebra: Vec<Shape> = shapes.iter().map(|s| algebra_shape(s)).collect();
    match broadcastable::infer(policy, &algebra) {
        Ok(inferred) => {
            concrete(&inferred.shape).ok_or_else(|| "the broadcast is not static".into())
        }
        Err(e) => Err(broadcast_error(&e, shapes)),
    }
}

/// A run-time broadcasting error, worded with the sizes.
pub(crate) fn broadcast_error(e: &broadcastable::Error, shapes: &[&[usize]]) -> String {
    let list = shapes
        .iter()
        .map(|s| shape_text(s))
        .collect::<Vec<_>>()
        .join(", ");
    match e {
        broadcastable::Error::Incompatible(c) => format!(
            "operands do not broadcast at run time: operand #{} dim {} has size {} but operand #{} dim {} has size {}, and neither is 1 (they meet in result dim {}; operand shapes {list})",
            c.first.operand,
            c.first.dim,
            c.first_size,
            c.second.operand,
            c.second.dim,
            c.second_size,
            c.result_dim
        ),
        other => format!("operands do not broadcast at run time: {other} (operand shapes {list})"),
    }
}

/// Where each dim of an operand of `rank` goes in a result of `result_rank` under
/// `policy`: aligned on the right (NumPy), or by `broadcast_dimensions` for the
/// lower-rank operand (XLA).
pub(crate) fn placement(
    policy: &broadcastable::Policy,
    rank: usize,
    result_rank: usize,
) -> SmallVec<[usize; 4]> {
    match policy {
        broadcastable::Policy::Explicit(dims) if rank < result_rank => dims
            .iter()
            .map(|&d| usize::try_from(d).unwrap_or(0))
            .collect(),
        _ => {
            let lead = result_rank - rank;
            (0..rank).map(|i| i + lead).collect()
        }
    }
}

/// The kernel of every op, by its typed handle's name: each elementwise op of
/// the dialect's scalar table runs its declared function, so an op added there
/// needs no entry here.
fn kernels() -> Vec<(&'static str, Kernel)> {
    let mut table: Vec<(&'static str, Kernel)> = scalar::ops()
        .map(|(name, f)| (name, Kernel::Elementwise(f)))
        .collect();
    table.extend([
        (CmpOp::NAME, Kernel::Op(elementwise::cmp)),
        (SelectOp::NAME, Kernel::Op(elementwise::select)),
        (ClampOp::NAME, Kernel::Op(elementwise::clamp)),
        (CastOp::NAME, Kernel::Op(elementwise::cast)),
        (ConstantOp::NAME, Kernel::Op(broadcast::constant)),
        (
            BroadcastInDimOp::NAME,
            Kernel::Op(broadcast::broadcast_in_dim),
        ),
        (BroadcastToOp::NAME, Kernel::Op(broadcast::broadcast_to)),
        (BroadcastOp::NAME, Kernel::Op(broadcast::broadcast)),
        (AssignOp::NAME, Kernel::Op(broadcast::assign)),
        (ShapeOfOp::NAME, Kernel::Op(shape::shape_of)),
        (DimOp::NAME, Kernel::Op(shape::dim)),
        (BroadcastShapesOp::NAME, Kernel::Op(shape::broadcast_shapes)),
        (ShapeSliceOp::NAME, Kernel::Op(shape::shape_slice)),
        (ShapeConcatOp::NAME, Kernel::Op(shape::shape_concat)),
        (ReduceOp::NAME, Kernel::Op(reduce::reduce)),
        (
            tensor_dialect_nd::dynamic_reduce::DynamicReduceOp::NAME,
            Kernel::Op(reduce::dynamic_reduce),
        ),
        (MatmulOp::NAME, Kernel::Op(matmul::matmul)),
        (DotGeneralOp::NAME, Kernel::Op(dot::dot_general)),
        (ReshapeOp::NAME, Kernel::Op(structure::reshape)),
        (TransposeOp::NAME, Kernel::Op(structure::transpose)),
        (ConcatenateOp::NAME, Kernel::Op(structure::concatenate)),
        (SliceOp::NAME, Kernel::Op(structure::slice)),
        (DynamicSliceOp::NAME, Kernel::Op(structure::dynamic_slice)),
        (IotaOp::NAME, Kernel::Op(structure::iota)),
        (GatherOp::NAME, Kernel::Op(gather::gather)),
        (GatherElementsOp::NAME, Kernel::Op(gather::gather_elements)),
        (CallOp::NAME, Kernel::Op(func::call)),
        (ReturnOp::NAME, Kernel::Op(func::ret)),
        (
            tensor_dialect_nd::assert::AssertOp::NAME,
            Kernel::Op(assert::assert),
        ),
    ]);
    table
}

/// Attaches the interpreter's kernels to the ops of `nd` and `func` (which must be
/// registered).
///
/// # Panics
/// If an op is not registered in `ctx`, naming it.
pub fn register(ctx: &mut Context) {
    let table = kernels();
    let ops: &[(&str, Kernel)] = &table;
    for &(name, kernel) in ops {
        // Fails only if the caller has not registered `nd` and `func`: a bug of the
        // caller, or a misspelt name here.
        if let Err(e) = ctx.attach_interface(name, kernel) {
            panic!("tensor_interp::register: {e}: register nd and func first");
        }
    }
}
