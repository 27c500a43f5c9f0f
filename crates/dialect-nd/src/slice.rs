//! Slices with StableHLO's semantics: `nd.slice` (static bounds and strides) and
//! `nd.dynamic_slice` (run-time starts, clamped into the operand).

use broadcastable::{Dim, Shape};
use tensor_ir::ods::attr_types::I64Array;
use tensor_ir::ods::{TypeConstraint, describe};
use tensor_ir::registry::{OpTrait, Syntax};
use tensor_ir::{Context, DYNAMIC, Module, NamedAttr, OpId, Type, TypeKind};

use crate::reduce::check_result;
use crate::structure::SAME_ALL;
use crate::support::{
    RANKED_TENSOR, VResult, fail, operand_type, ranked_result, same_element_as_operand,
    tensor_dims, tensor_elem,
};

/// The number of elements `start:limit:stride` takes (`limit ≥ start`, `stride > 0`).
pub fn strided_len(start: i64, limit: i64, stride: i64) -> Option<u64> {
    let span = u64::try_from(limit.checked_sub(start)?).ok()?;
    let stride = u64::try_from(stride).ok().filter(|&s| s > 0)?;
    Some(span.div_ceil(stride))
}

/// Why `start_indices`, `limit_indices` and `strides` do not slice dims `src`, in
/// StableHLO's words; `None` if they do.
fn slice_error(src: &[i64], start: &[i64], limit: &[i64], strides: &[i64]) -> Option<String> {
    let rank = src.len();
    for (name, list) in [
        ("start_indices", start),
        ("limit_indices", limit),
        ("strides", strides),
    ] {
        if list.len() != rank {
            return Some(format!(
                "the number of elements in {name} ({}) does not match the rank of the operand ({rank})",
                list.len()
            ));
        }
    }
    for d in 0..rank {
        let (lo, hi, st) = (start[d], limit[d], strides[d]);
        if lo < 0 {
            return Some(format!("negative start index {lo} in dimension {d}"));
        }
        if src[d] != DYNAMIC && hi > src[d] {
            return Some(format!(
                "limit index {hi} is larger than dimension size {} in dimension {d}",
                src[d]
            ));
        }
        if lo > hi {
            return Some(format!(
                "start index {lo} is larger than limit index {hi} in dimension {d}"
            ));
        }
        if st <= 0 {
            return Some(format!(
                "stride must be positive but got {st} in dimension {d}"
            ));
        }
    }
    None
}

/// The sizes a valid slice gives.
fn sliced(start: &[i64], limit: &[i64], strides: &[i64]) -> Option<Vec<Dim>> {
    (0..start.len())
        .map(|d| strided_len(*start.get(d)?, *limit.get(d)?, *strides.get(d)?).map(Dim::Static))
        .collect()
}

/// The result type of `nd.slice`.
fn infer_slice(ctx: &mut Context, operands: &[Type], props: &[NamedAttr]) -> Option<Vec<Type>> {
    let t = *operands.first()?;
    let view = SliceAdaptor::new(ctx, props);
    let (start, limit, strides) = (
        view.start_indices()?,
        view.limit_indices()?,
        view.strides()?,
    );
    let src = tensor_dims(ctx, t)?;
    if slice_error(src, &start, &limit, &strides).is_some() {
        return None;
    }
    let elem = tensor_elem(ctx, t)?;
    let dims = sliced(&start, &limit, &strides)?;
    ranked_result(ctx, dims, elem)
}

tensor_ir::op! {
    /// StableHLO's `slice`: in each dim `d`, the elements from `start_indices[d]`
    /// up to (not including) `limit_indices[d]`, every `strides[d]`-th.
    ///
    /// ```mlir
    /// %s = nd.slice %x, start = [0, 1], limit = [2, 5], strides = [1, 2] : (tensor<4x6xf32>) -> tensor<2x2xf32>
    /// ```
    ///
    /// The verifier checks: ranked operand and result of one element type; one
    /// start, limit and stride per operand dim; `0 ≤ start ≤ limit ≤ size` (the size
    /// where static; a `?` size is checked at run time, an error at the op);
    /// strides positive; the result has `ceil((limit - start) / stride)` elements
    /// in each dim.
    pub struct SliceOp = "nd.slice" {
        summary: "a strided slice with static bounds",
        adaptor: SliceAdaptor,
        traits: [OpTrait::Pure, SAME_ALL],
        operands: { input: RANKED_TENSOR },
        results: { result: RANKED_TENSOR },
        attributes: { start_indices: I64Array, limit_indices: I64Array, strides: I64Array },
        syntax: Syntax::Format(
            "$input `,` `start` `=` $start_indices `,` `limit` `=` $limit_indices `,` `strides` `=` $strides attr-dict `:` functional-type(operands, results)",
            &[],
        ),
        verify: verify_slice,
        infer: infer_slice,
    }
}

impl SliceOp {
    /// The name of its `start_indices` attribute, for the layers that read it by name.
    pub const START_INDICES: &str = "start_indices";
    /// The name of its `limit_indices` attribute, for the layers that read it by name.
    pub const LIMIT_INDICES: &str = "limit_indices";
    /// The name of its `strides` attribute, for the layers that read it by name.
    pub const STRIDES: &str = "strides";
}

fn verify_slice(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let Some(this) = SliceOp::cast(ctx, module, op) else {
        return Ok(());
    };
    let t = module.value_type(this.input(module));
    let Some(src) = tensor_dims(ctx, t) else {
        return Ok(());
    };
    let start = this.start_indices(ctx, module);
    let limit = this.limit_indices(ctx, module);
    let strides = this.strides(ctx, module);
    if let Some(message) = slice_error(src, &start, &limit, &strides) {
        return fail(
            ctx,
            module,
            op,
            format!("{message} of {}", describe(ctx, "operand", 0, t)),
        );
    }
    let Some(dims) = sliced(&start, &limit, &strides) else {
        return Ok(());
    };
    check_result(
        ctx,
        module,
        op,
        Shape::ranked(dims),
        "(ceil((limit - start) / stride) in each dim)",
    )
}

/// A start index of `nd.dynamic_slice`: a 0-D tensor of integers or `index`.
const START_INDEX: TypeConstraint = TypeConstraint {
    summary: "0-D tensor of integer or index values",
    check: |ctx, t, s| {
        let ok = match ctx.type_kind(t) {
            TypeKind::Tensor { dims, elem, .. } => {
                dims.is_empty()
                    && matches!(
                        ctx.type_kind(*elem),
                        TypeKind::Integer { .. } | TypeKind::Index
                    )
            }
            _ => false,
        };
        (!ok).then(|| format!("{s} must be a 0-D tensor of integer or index values"))
    },
};

/// The result type of `nd.dynamic_slice`: a tensor of the slice sizes.
fn infer_dynamic_slice(
    ctx: &mut Context,
    operands: &[Type],
    props: &[NamedAttr],
) -> Option<Vec<Type>> {
    let sizes = DynamicSliceAdaptor::new(ctx, props).slice_sizes()?;
    let elem = tensor_elem(ctx, *operands.first()?)?;
    sizes.iter().all(|&s| s >= 0).then_some(())?;
    Some(vec![ctx.tensor_type(&sizes, elem)])
}

tensor_ir::op! {
    /// StableHLO's `dynamic_slice`: a block of `slice_sizes` starting at run-time
    /// indices, one 0-D integer tensor per operand dim. As in StableHLO (and JAX,
    /// which relies on it), each start is clamped into `[0, size - slice size]`,
    /// so the block always lies inside the operand.
    ///
    /// ```mlir
    /// %s = nd.dynamic_slice %x[%i, %j], sizes = [2, 2] : (tensor<4x6xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
    /// ```
    ///
    /// The verifier checks: ranked operand and result of one element type; one
    /// start index and one slice size per operand dim; `0 ≤ slice size ≤ size`
    /// (the size where static; a `?` size is checked at run time, an error at the
    /// op); the result has the slice sizes.
    pub struct DynamicSliceOp = "nd.dynamic_slice" {
        summary: "a block at run-time start indices, clamped into the operand",
        adaptor: DynamicSliceAdaptor,
        traits: [OpTrait::Pure],
        operands: { input: RANKED_TENSOR, start_indices*: START_INDEX },
        results: { result: RANKED_TENSOR },
        attributes: { slice_sizes: I64Array },
        syntax: Syntax::Format(
            "$input `[` $start_indices `]` `,` `sizes` `=` $slice_sizes attr-dict `:` functional-type(operands, results)",
            &[],
        ),
        verify: verify_dynamic_slice,
        infer: infer_dynamic_slice,
    }
}

impl DynamicSliceOp {
    /// The name of its `slice_sizes` attribute, for the layers that read it by name.
    pub const SLICE_SIZES: &str = "slice_sizes";
}

fn verify_dynamic_slice(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let Some(this) = DynamicSliceOp::cast(ctx, module, op) else {
        return Ok(());
    };
    same_element_as_operand(ctx, module, op, (0, 0))?;
    let Some(t) = operand_type(module, op, 0) else {
        return Ok(());
    };
    let Some(src) = tensor_dims(ctx, t) else {
        return Ok(());
    };
    let operand = || describe(ctx, "operand", 0, t);
    let starts = module.operands(op).len() - 1;
    if starts != src.len() {
        return fail(
            ctx,
            module,
            op,
            format!(
                "has {starts} start indices but {} has rank {}: one start index per dim",
                operand(),
                src.len()
            ),
        );
    }
    let sizes = this.slice_sizes(ctx, module);
    if sizes.len() != src.len() {
        return fail(
            ctx,
            module,
            op,
            format!(
                "slice_sizes has {} entries but {} has rank {}: one size per dim",
                sizes.len(),
                operand(),
                src.len()
            ),
        );
    }
    for (d, (&n, &size)) in sizes.iter().zip(src).enumerate() {
        if n < 0 {
            return fail(
                ctx,
                module,
                op,
                format!("slice_sizes[{d}] = {n} is negative"),
            );
        }
        if size != DYNAMIC && n > size {
            return fail(
                ctx,
                module,
                op,
                format!(
                    "slice_sizes[{d}] = {n} is larger than the size {size} of {} dim {d}",
                    operand()
                ),
            );
        }
    }
    check_result(
        ctx,
        module,
        op,
        Shape::ranked(sizes.iter().map(|&n| Dim::Static(n.unsigned_abs()))),
        "(the slice sizes)",
    )
}
