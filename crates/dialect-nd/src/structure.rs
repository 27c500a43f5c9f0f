//! Structural ops that move elements without computing on them: `nd.reshape`,
//! `nd.transpose` and `nd.concatenate`, with StableHLO's semantics (the
//! conversion from StableHLO maps them one to one).

use broadcastable::{Dim, Shape};
use tensor_ir::ods::attr_types::{I64Array, I64Attr};
use tensor_ir::ods::describe;
use tensor_ir::registry::{OpTrait, Syntax};
use tensor_ir::{Context, DYNAMIC, Module, NamedAttr, OpId, Type};

use crate::broadcast::{check_dynamic_result_has_shape, check_shape_operand};
use crate::reduce::check_result;
use crate::support::{
    RANKED_TENSOR, SHAPE, VResult, dims_of, fail, operand_type, ranked_result, result_type,
    same_element_as_operand, tensor_dims, tensor_elem,
};

/// Operands and results share one element type.
pub(crate) const SAME_ALL: OpTrait = OpTrait::SameElementType {
    from_operand: 0,
    results: true,
};

/// The number of elements of static dims, `None` if one is `?` or it overflows.
pub(crate) fn static_count(dims: &[i64]) -> Option<u64> {
    dims.iter().try_fold(1u64, |n, &d| {
        u64::try_from(d).ok().and_then(|d| n.checked_mul(d))
    })
}

tensor_ir::op! {
    /// StableHLO's `reshape` and `dynamic_reshape`: the elements in row-major
    /// order, laid out in the result's shape. The result type gives the shape; with
    /// `?` dims, a shape operand (`tensor<Rxindex>`) gives every size at run time.
    ///
    /// ```mlir
    /// %r = nd.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
    /// %d = nd.reshape %x, %shape : (tensor<?x3xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    /// ```
    ///
    /// The verifier checks: ranked operand and result of one element type; a
    /// result with `?` dims needs the shape operand, whose length (if static) is
    /// the result rank; when both are static, they have the same number of
    /// elements. At run time, a shape of another number of elements (or whose
    /// entries contradict the result's static sizes) is an error at the op.
    pub struct ReshapeOp = "nd.reshape" {
        summary: "reshape, row-major, to a static or run-time shape",
        traits: [OpTrait::Pure],
        operands: { input: RANKED_TENSOR, shape?: SHAPE },
        results: { result: RANKED_TENSOR },
        syntax: Syntax::Format(
            "$input (`,` $shape^)? attr-dict `:` functional-type(operands, results)",
            &[],
        ),
        verify: verify_reshape,
    }
}

fn verify_reshape(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let (Some(src), Some(res)) = (operand_type(module, op, 0), result_type(module, op, 0)) else {
        return Ok(());
    };
    same_element_as_operand(ctx, module, op, (0, 0))?;
    if module.operands(op).len() > 1 {
        check_shape_operand(ctx, module, op, res)?;
    } else {
        check_dynamic_result_has_shape(ctx, module, op, res)?;
    }
    let (Some(a), Some(r)) = (tensor_dims(ctx, src), tensor_dims(ctx, res)) else {
        return Ok(());
    };
    if let (Some(n), Some(m)) = (static_count(a), static_count(r))
        && n != m
    {
        return fail(
            ctx,
            module,
            op,
            format!(
                "number of output elements ({m}) doesn't match expected number of elements ({n}): {} and {} must hold as many elements",
                describe(ctx, "operand", 0, src),
                describe(ctx, "result", 0, res)
            ),
        );
    }
    Ok(())
}

/// Checks that `perm` is a permutation of `0..rank`.
fn check_permutation(
    ctx: &Context,
    module: &Module,
    op: OpId,
    perm: &[i64],
    rank: usize,
) -> VResult {
    if broadcastable::in_dim::is_permutation(perm, rank) {
        return Ok(());
    }
    let all: Vec<String> = (0..rank).map(|i| i.to_string()).collect();
    let got: Vec<String> = perm.iter().map(i64::to_string).collect();
    fail(
        ctx,
        module,
        op,
        format!(
            "permutation [{}] is not a permutation of [{}], the dims of the operand",
            got.join(", "),
            all.join(", ")
        ),
    )
}

/// The dims of `src` permuted by `perm` (a valid permutation).
fn permuted(src: &[i64], perm: &[i64]) -> Option<Vec<Dim>> {
    broadcastable::in_dim::permuted(&dims_of(src), perm)
}

/// The result type of `nd.transpose`.
fn infer_transpose(ctx: &mut Context, operands: &[Type], props: &[NamedAttr]) -> Option<Vec<Type>> {
    let t = *operands.first()?;
    let perm = TransposeAdaptor::new(ctx, props).permutation()?;
    let elem = tensor_elem(ctx, t)?;
    let dims = permuted(tensor_dims(ctx, t)?, &perm)?;
    ranked_result(ctx, dims, elem)
}

tensor_ir::op! {
    /// StableHLO's `transpose`: result dim `i` is operand dim `permutation[i]`.
    ///
    /// ```mlir
    /// %t = nd.transpose %x, permutation = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
    /// ```
    ///
    /// The verifier checks: ranked operand and result of one element type;
    /// `permutation` is a permutation of the operand's dims; the result has the
    /// permuted shape (a dim may be `?`).
    pub struct TransposeOp = "nd.transpose" {
        summary: "permute the dims of a tensor",
        adaptor: TransposeAdaptor,
        traits: [OpTrait::Pure, SAME_ALL],
        operands: { input: RANKED_TENSOR },
        results: { result: RANKED_TENSOR },
        attributes: { permutation: I64Array },
        syntax: Syntax::Format(
            "$input `,` `permutation` `=` $permutation attr-dict `:` functional-type(operands, results)",
            &[],
        ),
        verify: verify_transpose,
        infer: infer_transpose,
    }
}

impl TransposeOp {
    /// The name of its `permutation` attribute, for the layers that read it by name.
    pub const PERMUTATION: &str = "permutation";
}

fn verify_transpose(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let Some(this) = TransposeOp::cast(ctx, module, op) else {
        return Ok(());
    };
    let t = module.value_type(this.input(module));
    let Some(src) = tensor_dims(ctx, t) else {
        return Ok(());
    };
    let perm = this.permutation(ctx, module);
    check_permutation(ctx, module, op, &perm, src.len())?;
    let Some(dims) = permuted(src, &perm) else {
        return Ok(());
    };
    check_result(
        ctx,
        module,
        op,
        Shape::ranked(dims),
        "(the operand's dims permuted)",
    )
}

/// The concatenation of ranked dims along `dim`: sizes along it add up (`?` if one
/// is `?`); the others are the first static one, or `?`.
fn concatenated(all: &[&[i64]], dim: usize) -> Option<Vec<Dim>> {
    let rank = all.first()?.len();
    let mut out = Vec::with_capacity(rank);
    for d in 0..rank {
        let sizes = all.iter().map(|s| s.get(d).copied());
        let size = if d == dim {
            sizes
                .map(|s| s.and_then(|s| u64::try_from(s).ok()))
                .try_fold(0u64, |n, s| n.checked_add(s?))
                .map_or(Dim::Dynamic, Dim::Static)
        } else {
            sizes
                .flatten()
                .find(|&s| s != DYNAMIC)
                .and_then(|s| u64::try_from(s).ok())
                .map_or(Dim::Dynamic, Dim::Static)
        };
        out.push(size);
    }
    Some(out)
}

/// The ranked dims of every operand type, `None` if one is unranked.
fn all_dims<'c>(ctx: &'c Context, types: &[Type]) -> Option<Vec<&'c [i64]>> {
    types.iter().map(|&t| tensor_dims(ctx, t)).collect()
}

/// The result type of `nd.concatenate`.
fn infer_concatenate(
    ctx: &mut Context,
    operands: &[Type],
    props: &[NamedAttr],
) -> Option<Vec<Type>> {
    let dim = usize::try_from(ConcatenateAdaptor::new(ctx, props).dimension()?).ok()?;
    let elem = tensor_elem(ctx, *operands.first()?)?;
    let dims = concatenated(&all_dims(ctx, operands)?, dim)?;
    ranked_result(ctx, dims, elem)
}

tensor_ir::op! {
    /// StableHLO's `concatenate`: the operands one after the other along
    /// `dimension`; their other dims must be equal.
    ///
    /// ```mlir
    /// %c = nd.concatenate %a, %b along 0 : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
    /// ```
    ///
    /// The verifier checks: at least one operand; ranked operands and result of
    /// one element type and one rank; `dimension` is one of their dims; the other
    /// dims are equal where static (where `?`, they are checked at run time, and
    /// `--verify-broadcast` proves or reports it); the result has the sizes along
    /// `dimension` summed, and the others.
    pub struct ConcatenateOp = "nd.concatenate" {
        summary: "concatenate tensors along a dim",
        adaptor: ConcatenateAdaptor,
        traits: [OpTrait::Pure, SAME_ALL],
        operands: { inputs*: RANKED_TENSOR },
        results: { result: RANKED_TENSOR },
        attributes: { dimension: I64Attr },
        syntax: Syntax::Format(
            "$inputs `along` $dimension attr-dict `:` functional-type(operands, results)",
            &[],
        ),
        verify: verify_concatenate,
        infer: infer_concatenate,
    }
}

impl ConcatenateOp {
    /// The name of its `dimension` attribute, for the layers that read it by name.
    pub const DIMENSION: &str = "dimension";
}

fn verify_concatenate(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let Some(this) = ConcatenateOp::cast(ctx, module, op) else {
        return Ok(());
    };
    let types = module.operand_types(op);
    let Some(&first) = types.first() else {
        return fail(ctx, module, op, "expected at least 1 input operand");
    };
    let Some(all) = all_dims(ctx, &types) else {
        return Ok(());
    };
    let rank = all[0].len();
    let d = this.dimension(ctx, module);
    let Some(dim) = usize::try_from(d).ok().filter(|&u| u < rank) else {
        return fail(
            ctx,
            module,
            op,
            format!(
                "dimension {d} is out-of-bounds for input rank {rank}, that of {}",
                describe(ctx, "operand", 0, first)
            ),
        );
    };
    for (j, dims) in all.iter().enumerate().skip(1) {
        if dims.len() != rank {
            return fail(
                ctx,
                module,
                op,
                format!(
                    "operands (0) and ({j}) do not match rank: {} has rank {rank} but {} has rank {}",
                    describe(ctx, "operand", 0, first),
                    describe(ctx, "operand", j, types[j]),
                    dims.len()
                ),
            );
        }
    }
    for k in (0..rank).filter(|&k| k != dim) {
        // The first operand with a static size in this dim: every other static
        // size must equal it.
        let Some(i) = all.iter().position(|s| s[k] != DYNAMIC) else {
            continue;
        };
        let a = all[i][k];
        if let Some(j) = (i + 1..all.len()).find(|&j| all[j][k] != DYNAMIC && all[j][k] != a) {
            return fail(
                ctx,
                module,
                op,
                format!(
                    "shapes of operand ({i}) and ({j}) do not match at non-concat index: {} dim {k} has size {a} but {} dim {k} has size {}",
                    describe(ctx, "operand", i, types[i]),
                    describe(ctx, "operand", j, types[j]),
                    all[j][k]
                ),
            );
        }
    }
    let Some(dims) = concatenated(&all, dim) else {
        return Ok(());
    };
    check_result(
        ctx,
        module,
        op,
        Shape::ranked(dims),
        "(sizes along the dimension summed, the others equal)",
    )
}

/// `nd.concatenate`'s run-time conditions: each operand's dims other than the
/// concatenated one equal operand #0's, where their types leave it open.
pub(crate) fn concatenate_size_checks(
    ctx: &Context,
    module: &Module,
    op: OpId,
) -> Vec<broadcastable_ir::SizeCheck> {
    let Some(this) = ConcatenateOp::cast(ctx, module, op) else {
        return Vec::new();
    };
    let Some(all) = all_dims(ctx, &module.operand_types(op)) else {
        return Vec::new();
    };
    let Ok(axis) = usize::try_from(this.dimension(ctx, module)) else {
        return Vec::new();
    };
    let first = dims_of(all[0]);
    let mut out = Vec::new();
    for (k, dims) in all.iter().enumerate().skip(1) {
        for (i, &d) in dims_of(dims).iter().enumerate() {
            let Some(&f) = first.get(i).filter(|_| i != axis) else {
                continue;
            };
            out.extend(crate::dot::equal_sizes(
                (k, i, d),
                (0, i, f),
                "concatenated shapes",
            ));
        }
    }
    out
}
