//! `nd.dynamic_reduce`: `nd.reduce` whose dims are an operand, known only at run
//! time (ONNX's reductions with an `axes` input), as StableHLO's `dynamic_*` ops
//! take as operands what their static forms take as attributes.

use broadcastable::{Dim, Shape};
use tensor_ir::ods::attr_types::UnitFlag;
use tensor_ir::ods::{TypeConstraint, describe};
use tensor_ir::registry::{OpTrait, Syntax};
use tensor_ir::{Context, DYNAMIC, Module, NamedAttr, OpId, Type};

use crate::reduce::{check_init, check_result};
use crate::support::{
    INTEGER_TENSOR, NUMERIC_TENSOR, ReduceKind, VResult, fail, operand_type, result_type,
    same_element_as_operand, tensor_dims, tensor_elem, tensor_of_shape,
};

/// A ranked tensor of integer, index or float elements.
const RANKED_NUMERIC: TypeConstraint = TypeConstraint {
    summary: "ranked tensor of integer, index or float values",
    check: |ctx, t, s| {
        let numeric = NUMERIC_TENSOR.check;
        numeric(ctx, t, s).or_else(|| {
            tensor_dims(ctx, t)
                .is_none()
                .then(|| format!("{s} must be a ranked tensor"))
        })
    },
};

/// The shape a reduction of `n` dims (if known) of a `src`-shaped operand leaves:
/// with `keep`, the operand's rank with its 1s kept and every other size `?`
/// (which dims are reduced is known only at run time); without, `rank - n`
/// sizes, each `?` unless every size of the operand is 1.
fn reduced_shape(src: &[i64], n: Option<usize>, keep: bool) -> Option<Shape> {
    let all_ones = src.iter().all(|&d| d == 1);
    let dim = |d: i64| if d == 1 { Dim::ONE } else { Dim::Dynamic };
    if keep {
        return Some(Shape::ranked(src.iter().map(|&d| dim(d))));
    }
    let rank = src.len().checked_sub(n?)?;
    let each = if all_ones { Dim::ONE } else { Dim::Dynamic };
    Some(Shape::ranked(std::iter::repeat_n(each, rank)))
}

/// The number of dims `axes` (a 1-D tensor type) lists, if static.
fn axes_count(ctx: &Context, axes: Type) -> Option<usize> {
    match tensor_dims(ctx, axes)? {
        [n] if *n != DYNAMIC => usize::try_from(*n).ok(),
        _ => None,
    }
}

/// The result type of `nd.dynamic_reduce`.
fn infer(ctx: &mut Context, operands: &[Type], props: &[NamedAttr]) -> Option<Vec<Type>> {
    let (t, axes) = (*operands.first()?, *operands.get(1)?);
    let keep = DynamicReduceAdaptor::new(ctx, props).keep_dims() == Some(true);
    let elem = tensor_elem(ctx, t)?;
    let shape =
        reduced_shape(tensor_dims(ctx, t)?, axes_count(ctx, axes), keep).unwrap_or(Shape::Unranked);
    tensor_of_shape(ctx, &shape, elem).map(|t| vec![t])
}

tensor_ir::op! {
    /// `nd.reduce` across the dims listed by the 1-D integer tensor `axes`, read
    /// at run time: ONNX's `ReduceSum` (and Max, Min, Prod) with an `axes` input.
    /// A negative axis counts from the end, as in ONNX; an axis outside
    /// `[-rank, rank)` or listed twice is a run-time error at the op.
    ///
    /// ```mlir
    /// %r = nd.dynamic_reduce sum %x across %axes keep_dims : (tensor<4x1x8xf32>, tensor<1xi64>) -> tensor<?x1x?xf32>
    /// %m = nd.dynamic_reduce max %x across %axes init %ninf : (tensor<4x8xf32>, tensor<1xi64>, tensor<f32>) -> tensor<?xf32>
    /// ```
    ///
    /// Which dims are reduced is not known statically, so the result's sizes are
    /// `?` (with `keep_dims`, a size 1 of the operand stays 1); without
    /// `keep_dims`, the result's rank is the operand's less the length of `axes`.
    /// The init value is as `nd.reduce`'s.
    ///
    /// The verifier checks: a known kind; a ranked numeric operand; `axes` 1-D of
    /// integers, of a static length at most the operand's rank; the result of the
    /// operand's element type and of the shape above (a `?` may be refined); an
    /// init value is a 0-D tensor of that element type.
    pub struct DynamicReduceOp = "nd.dynamic_reduce" {
        summary: "reduce a tensor along dims given at run time",
        adaptor: DynamicReduceAdaptor,
        traits: [OpTrait::Pure],
        operands: { input: RANKED_NUMERIC, axes: INTEGER_TENSOR, init?: NUMERIC_TENSOR },
        results: { result: NUMERIC_TENSOR },
        attributes: { kind: ReduceKind, keep_dims?: UnitFlag },
        syntax: Syntax::Format(
            "$kind $input `across` $axes (`init` $init^)? (`keep_dims` $keep_dims^)? attr-dict `:` functional-type(operands, results)",
            &[],
        ),
        verify: verify,
        infer: infer,
    }
}

impl DynamicReduceOp {
    /// The name of its `kind` attribute, for the layers that read it by name.
    pub const KIND: &str = "kind";
    /// The name of its `keep_dims` attribute, for the layers that read it by name.
    pub const KEEP_DIMS: &str = "keep_dims";
}

fn verify(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let Some(this) = DynamicReduceOp::cast(ctx, module, op) else {
        return Ok(());
    };
    same_element_as_operand(ctx, module, op, (0, 0))?;
    let keep = this.keep_dims(ctx, module).unwrap_or(false);
    let t = module.value_type(this.input(module));
    let axes = module.value_type(this.axes(module));
    if tensor_dims(ctx, axes).is_none_or(|d| d.len() != 1) {
        return fail(
            ctx,
            module,
            op,
            format!("{} must be 1-D", describe(ctx, "operand", 1, axes)),
        );
    }
    check_init(ctx, module, op, 2)?;
    if operand_type(module, op, 2).is_some() {
        same_element_as_operand(ctx, module, op, (2, 0))?;
    }
    let Some(src) = tensor_dims(ctx, t) else {
        return Ok(());
    };
    let n = axes_count(ctx, axes);
    if let Some(n) = n
        && n > src.len()
    {
        return fail(
            ctx,
            module,
            op,
            format!(
                "reduces {n} dims ({}) of a rank-{} operand",
                describe(ctx, "operand", 1, axes),
                src.len()
            ),
        );
    }
    match reduced_shape(src, n, keep) {
        Some(shape) => {
            let rule = if keep {
                "(the operand's 1s kept, other sizes known at run time)"
            } else {
                "(the operand's rank less the number of axes, sizes known at run time)"
            };
            check_result(ctx, module, op, shape, rule)
        }
        // An unknown number of axes: a ranked result has at most the operand's rank.
        None => match result_type(module, op, 0).and_then(|r| tensor_dims(ctx, r)) {
            Some(r) if r.len() > src.len() => fail(
                ctx,
                module,
                op,
                format!(
                    "result #0 has rank {}, above the rank {} of the operand it reduces",
                    r.len(),
                    src.len()
                ),
            ),
            _ => Ok(()),
        },
    }
}
