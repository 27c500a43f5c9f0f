//! Shape ops for dynamic programs: `nd.shape_of`, `nd.dim` and `nd.broadcast_shapes`.
//! Shapes are values of type `tensor<Nxindex>`.

use broadcastable::Dim;
use tensor_ir::ods::attr_types::{AttrType, DenseI64ArrayAttr, I64Attr};
use tensor_ir::ods::describe;
use tensor_ir::registry::{OpTrait, Syntax};
use tensor_ir::{Context, Module, NamedAttr, OpId, Type};

use crate::broadcast::{i64_array, inherent_attr};
use crate::support::{
    INDEX_OR_SCALAR, SHAPE, ShapesPolicy, TENSOR, VResult, expect_dim_of_operand, fail,
    operand_type, result_type, shape_length, shape_type, tensor_dims,
};

/// The functional custom form: operands, attributes, `(types) -> results`.
const FUNCTIONAL: Syntax = Syntax::Format(
    "operands attr-dict `:` functional-type(operands, results)",
    &[],
);

/// Checks result #0 is a shape of `expected` entries (`None`: unknown, so the result's
/// length must be `?`). `why` explains the expectation.
fn check_result_length(
    ctx: &Context,
    module: &Module,
    op: OpId,
    expected: Option<usize>,
    why: impl Fn() -> String,
) -> VResult {
    let Some(r) = result_type(module, op, 0) else {
        return Ok(());
    };
    match (expected, shape_length(ctx, r)) {
        (_, None) => Ok(()),
        (Some(n), Some(m)) if n == m => Ok(()),
        (Some(n), Some(_)) => fail(
            ctx,
            module,
            op,
            format!(
                "{} must have {n} entries ('tensor<{n}xindex>' or 'tensor<?xindex>'), {}",
                describe(ctx, "result", 0, r),
                why()
            ),
        ),
        (None, Some(_)) => fail(
            ctx,
            module,
            op,
            format!(
                "{} must have a dynamic length ('tensor<?xindex>'): {}",
                describe(ctx, "result", 0, r),
                why()
            ),
        ),
    }
}

/// A shape of `rank` entries, or of `?` entries when the rank is unknown.
fn shape_of_rank(ctx: &mut Context, rank: Option<usize>) -> Type {
    let len = rank
        .and_then(|r| i64::try_from(r).ok())
        .unwrap_or(tensor_ir::DYNAMIC);
    shape_type(ctx, len)
}

/// The result type of `nd.shape_of`: one entry per operand dim.
fn infer_shape_of(ctx: &mut Context, operands: &[Type], _: &[NamedAttr]) -> Option<Vec<Type>> {
    let rank = tensor_dims(ctx, *operands.first()?).map(<[i64]>::len);
    Some(vec![shape_of_rank(ctx, rank)])
}

tensor_ir::op! {
    /// The operand's shape as a value.
    ///
    /// ```mlir
    /// %s = nd.shape_of %x : (tensor<2x?xf32>) -> tensor<2xindex>
    /// ```
    ///
    /// The result is `tensor<Rxindex>` with `R` the operand's rank, or
    /// `tensor<?xindex>` (required for an unranked operand).
    pub struct ShapeOfOp = "nd.shape_of" {
        summary: "the shape of a tensor",
        traits: [OpTrait::Pure],
        operands: { input: TENSOR },
        results: { result: SHAPE },
        syntax: FUNCTIONAL,
        verify: verify_shape_of,
        infer: infer_shape_of,
    }
}

fn verify_shape_of(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let Some(t) = operand_type(module, op, 0) else {
        return Ok(());
    };
    let rank = tensor_dims(ctx, t).map(<[i64]>::len);
    // Worded only on failure: the verifier runs on every op.
    let why = || match rank {
        Some(_) => format!("the rank of {}", describe(ctx, "operand", 0, t)),
        None => format!("{} is unranked", describe(ctx, "operand", 0, t)),
    };
    check_result_length(ctx, module, op, rank, why)
}

/// The result type of `nd.dim`: a 0-D tensor of index.
fn infer_dim(ctx: &mut Context, _: &[Type], _: &[NamedAttr]) -> Option<Vec<Type>> {
    let index = ctx.index_type();
    Some(vec![ctx.tensor_type(&[], index)])
}

tensor_ir::op! {
    /// The size of one dim.
    ///
    /// ```mlir
    /// %n = nd.dim %x[1] : (tensor<2x?xf32>) -> tensor<index>
    /// ```
    ///
    /// `index` is a dim of the operand (non-negative; below the rank if ranked); the
    /// result is `index` or `tensor<index>` (the latter feeds `nd.cast` and
    /// elementwise ops, e.g. a mean's divisor).
    pub struct DimOp = "nd.dim" {
        summary: "the size of one dim of a tensor",
        traits: [OpTrait::Pure],
        operands: { input: TENSOR },
        results: { result: INDEX_OR_SCALAR },
        attributes: { index: I64Attr },
        syntax: Syntax::Format(
            "$input `[` $index `]` attr-dict `:` functional-type(operands, results)",
            &[],
        ),
        verify: verify_dim,
        infer: infer_dim,
    }
}

impl DimOp {
    /// The name of its `index` attribute, for the layers that read it by name.
    pub const INDEX: &str = "index";
}

fn verify_dim(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let Some(this) = DimOp::cast(ctx, module, op) else {
        return Ok(());
    };
    let t = module.value_type(this.input(module));
    let index = this.index(ctx, module);
    expect_dim_of_operand(ctx, module, op, t, index, &format!("index {index}"))
}

/// The length of the broadcast of shapes under `policy`: the longest (the first for
/// `in_place`), `None` if it depends on a `?` length.
pub(crate) fn broadcast_length(ctx: &Context, operands: &[Type], policy: &str) -> Option<usize> {
    if policy == "in_place" {
        return shape_length(ctx, *operands.first()?);
    }
    // A shape of length n broadcasts like a rank-n operand of unknown sizes: to
    // the longest, as `onnx::common_shape` does them (a `?` length is an unranked
    // operand, whose broadcast is unranked; none is an error). A test keeps the two
    // equal.
    if operands.is_empty() {
        return None;
    }
    operands
        .iter()
        .try_fold(0, |longest, &t| Some(longest.max(shape_length(ctx, t)?)))
}

/// The result type of `nd.broadcast_shapes`.
fn infer_broadcast_shapes(
    ctx: &mut Context,
    operands: &[Type],
    props: &[NamedAttr],
) -> Option<Vec<Type>> {
    let policy = BroadcastShapesAdaptor::new(ctx, props)
        .policy()
        .unwrap_or("numpy")
        .to_owned();
    let rank = broadcast_length(ctx, operands, &policy);
    Some(vec![shape_of_rank(ctx, rank)])
}

tensor_ir::op! {
    /// The broadcast of N shapes, computed at run time; shapes that do not broadcast
    /// are a run-time error at this op's location, naming the operand, its dim and
    /// both sizes. It is the check `--lower-broadcast` emits for every op whose
    /// broadcast depends on `?` or `*` sizes, with the operands in the order of that
    /// op's and its broadcasting rule:
    ///
    /// - `numpy` (the default): NumPy / Array API, the ranks aligned on the right;
    ///   with `broadcast_dimensions` (two operands), XLA's explicit placement of the
    ///   lower-rank one;
    /// - `in_place`: every other shape broadcasts into the first, which never
    ///   changes (the Array API's in-place rule; the result is the first shape);
    /// - `onnx`: the ONNX N-ary Broadcast (constraint C1: a `0` does not broadcast
    ///   against a `1`).
    ///
    /// ```mlir
    /// %s = nd.broadcast_shapes %s0, %s1 : (tensor<2xindex>, tensor<3xindex>) -> tensor<3xindex>
    /// %t = nd.broadcast_shapes %d, %s {policy = "in_place"} : (tensor<2xindex>, tensor<?xindex>) -> tensor<2xindex>
    /// ```
    ///
    /// The result is a shape whose length is the longest operand's (the first's in
    /// place; `?` allowed), and `?` if it depends on an operand's `?` length.
    pub struct BroadcastShapesOp = "nd.broadcast_shapes" {
        summary: "the broadcast of N shapes",
        adaptor: BroadcastShapesAdaptor,
        traits: [OpTrait::Pure],
        operands: { shapes*: SHAPE },
        results: { result: SHAPE },
        attributes: {
            policy?: ShapesPolicy,
            broadcast_dimensions?: DenseI64ArrayAttr,
        },
        syntax: FUNCTIONAL,
        verify: verify_broadcast_shapes,
        infer: infer_broadcast_shapes,
    }
}

impl BroadcastShapesOp {
    /// The name of its `policy` attribute, for the layers that read it by name.
    pub const POLICY: &str = "policy";
}

fn verify_broadcast_shapes(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let operands = module.operand_types(op);
    if operands.is_empty() {
        return fail(ctx, module, op, "expected at least 1 operands, but found 0");
    }
    // Read in place, after the declared checks (see `inherent_attr`).
    let attrs = BroadcastShapesOp::ATTRIBUTES;
    let policy = inherent_attr(ctx, module, op, attrs, 0)
        .and_then(|a| <ShapesPolicy as AttrType>::get(ctx, a))
        .unwrap_or("numpy");
    if let Some(dims) = i64_array(ctx, module, op, attrs, 1) {
        if policy != "numpy" || operands.len() != 2 {
            return fail(
                ctx,
                module,
                op,
                "broadcast_dimensions place the lower-rank of two shapes, under the numpy policy",
            );
        }
        let (a, b) = (
            shape_length(ctx, operands[0]),
            shape_length(ctx, operands[1]),
        );
        if let (Some(a), Some(b)) = (a, b) {
            let any = |n| vec![Dim::Dynamic; n];
            if let Err(e) =
                broadcastable::xla::validate_broadcast_dimensions(&any(a), &any(b), dims)
            {
                return fail(
                    ctx,
                    module,
                    op,
                    format!("invalid broadcast dimensions: {e}"),
                );
            }
        }
    }
    if policy == "in_place"
        && let Some(target) = shape_length(ctx, operands[0])
        && let Some((k, n)) = operands
            .iter()
            .enumerate()
            .skip(1)
            .find_map(|(k, &t)| shape_length(ctx, t).filter(|&n| n > target).map(|n| (k, n)))
    {
        return fail(
            ctx,
            module,
            op,
            format!(
                "operand #{k} has {n} entries but the in-place target, operand #0, has {target}: broadcasting in place cannot add dimensions"
            ),
        );
    }
    let rank = broadcast_length(ctx, &operands, policy);
    let why = || match (rank, policy) {
        (Some(_), "in_place") => "the length of the in-place target, operand #0".to_owned(),
        (Some(_), _) => "the length of the longest operand".to_owned(),
        (None, _) => {
            let k = operands
                .iter()
                .position(|&t| shape_length(ctx, t).is_none())
                .unwrap_or(0);
            format!("operand #{k} has a dynamic length")
        }
    };
    check_result_length(ctx, module, op, rank, why)
}

/// Where Python's `s[start:end]` begins and ends in a sequence of `len` entries.
pub(crate) fn slice_bounds(len: usize, start: i64, end: Option<i64>) -> (usize, usize) {
    let clamp = |i: i64| -> usize {
        let len = i64::try_from(len).unwrap_or(i64::MAX);
        let i = if i < 0 { len.saturating_add(i) } else { i };
        usize::try_from(i.clamp(0, len)).unwrap_or(0)
    };
    let (lo, hi) = (clamp(start), end.map_or(len, clamp));
    (lo, hi.max(lo))
}

/// The result type of `nd.shape_slice`.
fn infer_shape_slice(
    ctx: &mut Context,
    operands: &[Type],
    props: &[NamedAttr],
) -> Option<Vec<Type>> {
    let view = ShapeSliceAdaptor::new(ctx, props);
    let (start, end) = (view.start()?, view.end());
    let len = shape_length(ctx, *operands.first()?).map(|n| {
        let (lo, hi) = slice_bounds(n, start, end);
        hi - lo
    });
    Some(vec![shape_of_rank(ctx, len)])
}

tensor_ir::op! {
    /// The entries `start` to `end` (exclusive) of a shape, as Python slices a list:
    /// a negative index counts from the end, bounds are clamped, and without `end`
    /// the slice runs to the end. `--lower-broadcast` uses it to take the batch dims
    /// of `nd.matmul` operands apart from their matrix dims.
    ///
    /// ```mlir
    /// %batch = nd.shape_slice %s[0 : -2] : (tensor<?xindex>) -> tensor<?xindex>
    /// %matrix = nd.shape_slice %s[-2 :] : (tensor<4xindex>) -> tensor<2xindex>
    /// ```
    ///
    /// The result has the slice's length when the operand's is static, else `?`.
    pub struct ShapeSliceOp = "nd.shape_slice" {
        summary: "a slice of a shape",
        adaptor: ShapeSliceAdaptor,
        traits: [OpTrait::Pure],
        operands: { shape: SHAPE },
        results: { result: SHAPE },
        attributes: { start: I64Attr, end?: I64Attr },
        syntax: Syntax::Format(
            "$shape `[` $start `:` ($end^)? `]` attr-dict `:` functional-type(operands, results)",
            &[],
        ),
        verify: verify_shape_slice,
        infer: infer_shape_slice,
    }
}

impl ShapeSliceOp {
    /// The name of its `start` attribute, for the layers that read it by name.
    pub const START: &str = "start";
    /// The name of its `end` attribute, for the layers that read it by name.
    pub const END: &str = "end";
}

fn verify_shape_slice(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let Some(this) = ShapeSliceOp::cast(ctx, module, op) else {
        return Ok(());
    };
    let t = module.value_type(this.shape(module));
    let len = shape_length(ctx, t).map(|n| {
        let (lo, hi) = slice_bounds(n, this.start(ctx, module), this.end(ctx, module));
        hi - lo
    });
    let why = || match len {
        Some(_) => "the length of the slice".to_owned(),
        None => "operand #0 has a dynamic length".to_owned(),
    };
    check_result_length(ctx, module, op, len, why)
}

/// The result type of `nd.shape_concat`.
fn infer_shape_concat(ctx: &mut Context, operands: &[Type], _: &[NamedAttr]) -> Option<Vec<Type>> {
    let len = concat_length(ctx, operands);
    Some(vec![shape_of_rank(ctx, len)])
}

/// The sum of the lengths, `None` if one is `?`.
fn concat_length(ctx: &Context, operands: &[Type]) -> Option<usize> {
    operands
        .iter()
        .map(|&t| shape_length(ctx, t))
        .try_fold(0usize, |acc, n| acc.checked_add(n?))
}

tensor_ir::op! {
    /// The shapes one after the other. `--lower-broadcast` uses it to put the
    /// broadcast batch dims of `nd.matmul` back before the matrix dims.
    ///
    /// ```mlir
    /// %s = nd.shape_concat %batch, %matrix : (tensor<?xindex>, tensor<2xindex>) -> tensor<?xindex>
    /// ```
    ///
    /// The result's length is the sum of the operands' when they are static, else `?`.
    pub struct ShapeConcatOp = "nd.shape_concat" {
        summary: "shapes one after the other",
        traits: [OpTrait::Pure],
        operands: { shapes*: SHAPE },
        results: { result: SHAPE },
        syntax: FUNCTIONAL,
        verify: verify_shape_concat,
        infer: infer_shape_concat,
    }
}

fn verify_shape_concat(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let operands = module.operand_types(op);
    let len = concat_length(ctx, &operands);
    let why = || match len {
        Some(_) => "the sum of the operands' lengths".to_owned(),
        None => "an operand has a dynamic length".to_owned(),
    };
    check_result_length(ctx, module, op, len, why)
}
