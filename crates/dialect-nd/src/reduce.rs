//! `nd.reduce` and `nd.matmul` (NumPy batch broadcasting).

use broadcastable::{Dim, Inferred, Shape, analyze, verify_inferred};
use tensor_ir::ods::attr_types::{I64Array, UnitFlag};
use tensor_ir::ods::describe;
use tensor_ir::registry::{OpTrait, Syntax};
use tensor_ir::{Context, Module, NamedAttr, OpId, Type};

use crate::broadcast::shape_text;
use crate::support::{
    NUMERIC_TENSOR, ReduceKind, VResult, dims_of, expect_dim_of_operand, fail, operand_type,
    result_type, shape, tensor_dims, tensor_elem, tensor_of_shape,
};

/// Operands and results share one element type.
const SAME_ALL: OpTrait = OpTrait::SameElementType {
    from_operand: 0,
    results: true,
};

/// Checks result #0 against the shape the operands give.
pub(crate) fn check_result(
    ctx: &Context,
    module: &Module,
    op: OpId,
    inferred: Shape,
    rule: &str,
) -> VResult {
    let Some(r) = result_type(module, op, 0) else {
        return Ok(());
    };
    match verify_inferred(Inferred::unconditional(inferred.clone()), &shape(ctx, r)) {
        Ok(_) => Ok(()),
        Err(e) => {
            let why = e
                .result_mismatch()
                .map(|m| format!(": {}", m.mismatch))
                .unwrap_or_default();
            fail(
                ctx,
                module,
                op,
                format!(
                    "{} does not have the shape {} {rule}{why}",
                    describe(ctx, "result", 0, r),
                    shape_text(&inferred)
                ),
            )
        }
    }
}

/// The shape a reduction leaves: the source's with the reduced dims removed, or kept
/// as 1.
fn reduced_shape(src: &[i64], dims: &[i64], keep: bool) -> Shape {
    let mut reduced = vec![false; src.len()];
    for &d in dims {
        if let Some(r) = usize::try_from(d).ok().and_then(|d| reduced.get_mut(d)) {
            *r = true;
        }
    }
    Shape::ranked(dims_of(src).into_iter().enumerate().filter_map(|(j, d)| {
        if !reduced[j] {
            Some(d)
        } else {
            keep.then_some(Dim::ONE)
        }
    }))
}

/// The result type of `nd.reduce`.
fn infer_reduce(ctx: &mut Context, operands: &[Type], props: &[NamedAttr]) -> Option<Vec<Type>> {
    let t = *operands.first()?;
    let view = ReduceAdaptor::new(ctx, props);
    let dims = view.dimensions()?;
    let keep = view.keep_dims() == Some(true);
    let elem = tensor_elem(ctx, t)?;
    let shape = match tensor_dims(ctx, t) {
        Some(src) => reduced_shape(src, &dims, keep),
        None => Shape::Unranked,
    };
    tensor_of_shape(ctx, &shape, elem).map(|t| vec![t])
}

tensor_ir::op! {
    /// Reduces the listed dims; `keep_dims` keeps them as size 1, so the result
    /// broadcasts back against the operand.
    ///
    /// ```mlir
    /// %r = nd.reduce sum %x across [1] keep_dims : (tensor<4x8xf32>) -> tensor<4x1xf32>
    /// %m = nd.reduce max %x across [0, 1] : (tensor<4x8xf32>) -> tensor<f32>
    /// ```
    ///
    /// With an init value (a 0-D tensor of the element type; StableHLO's `reduce`,
    /// as JAX emits it with `-inf` for max and `0` for sum), each result element is
    /// the kind's combination of the init value and the reduction, so a reduction
    /// over an empty dim gives the init value:
    ///
    /// ```mlir
    /// %i = nd.reduce max %x init %ninf across [1] : (tensor<4x0xf32>, tensor<f32>) -> tensor<4xf32>
    /// ```
    ///
    /// The verifier checks: a known kind; dims distinct and in range; numeric
    /// elements, the result of the operand's element type; the result shape is the
    /// operand's with the dims removed (or 1); a result dim may be `?`; an init
    /// value is a 0-D tensor of that element type.
    pub struct ReduceOp = "nd.reduce" {
        summary: "reduce a tensor along some dims",
        adaptor: ReduceAdaptor,
        traits: [OpTrait::Pure, SAME_ALL],
        operands: { input: NUMERIC_TENSOR, init?: NUMERIC_TENSOR },
        results: { result: NUMERIC_TENSOR },
        attributes: { kind: ReduceKind, dimensions: I64Array, keep_dims?: UnitFlag },
        syntax: Syntax::Format(
            "$kind $input (`init` $init^)? `across` $dimensions (`keep_dims` $keep_dims^)? attr-dict `:` functional-type(operands, results)",
            &[],
        ),
        verify: verify_reduce,
        infer: infer_reduce,
    }
}

impl ReduceOp {
    /// The name of its `kind` attribute, for the layers that read it by name.
    pub const KIND: &str = "kind";
    /// The name of its `dimensions` attribute, for the layers that read it by name.
    pub const DIMENSIONS: &str = "dimensions";
    /// The name of its `keep_dims` attribute, for the layers that read it by name.
    pub const KEEP_DIMS: &str = "keep_dims";
}

/// Checks that operand `index`, a reduction's init value if present, is 0-D.
pub(crate) fn check_init(ctx: &Context, module: &Module, op: OpId, index: usize) -> VResult {
    match operand_type(module, op, index) {
        Some(init) if tensor_dims(ctx, init).is_none_or(|d| !d.is_empty()) => fail(
            ctx,
            module,
            op,
            format!(
                "the init value, {}, must be a 0-D tensor",
                describe(ctx, "operand", index, init)
            ),
        ),
        _ => Ok(()),
    }
}

fn verify_reduce(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let Some(this) = ReduceOp::cast(ctx, module, op) else {
        return Ok(());
    };
    let dims = this.dimensions(ctx, module);
    let keep = this.keep_dims(ctx, module).unwrap_or(false);
    let t = module.value_type(this.input(module));
    check_init(ctx, module, op, 1)?;
    // The first position of each dim: a repeat is found in O(1), so the check is
    // linear in the rank.
    let mut first_at: std::collections::HashMap<i64, usize> = std::collections::HashMap::new();
    for (i, &d) in dims.iter().enumerate() {
        expect_dim_of_operand(ctx, module, op, t, d, &format!("dimensions[{i}] = {d}"))?;
        if let Some(&j) = first_at.get(&d) {
            return fail(
                ctx,
                module,
                op,
                format!("dimensions[{i}] = {d} repeats dimensions[{j}]"),
            );
        }
        first_at.insert(d, i);
    }
    let Some(src) = tensor_dims(ctx, t) else {
        return Ok(());
    };
    let rule = if keep {
        "(reduced dims kept as 1)"
    } else {
        "(reduced dims removed)"
    };
    check_result(ctx, module, op, reduced_shape(src, &dims, keep), rule)
}

/// The result shape of a NumPy matmul of `a` and `b` (ranks ≥ 1), `None` if batch
/// dims do not broadcast.
fn matmul_shape(a: &[Dim], b: &[Dim]) -> Option<Vec<Dim>> {
    let (ra, rb) = (a.len(), b.len());
    let batch_a = Shape::ranked(a[..ra.saturating_sub(2)].iter().copied());
    let batch_b = Shape::ranked(b[..rb.saturating_sub(2)].iter().copied());
    let batch = analyze(&[batch_a, batch_b]).ok()?.shape;
    let mut result: Vec<Dim> = batch.dims().map(<[Dim]>::to_vec).unwrap_or_default();
    if ra >= 2 {
        result.push(a[ra - 2]);
    }
    if rb >= 2 {
        result.push(b[rb - 1]);
    }
    Some(result)
}

/// The result type of `nd.matmul`.
fn infer_matmul(ctx: &mut Context, operands: &[Type], _: &[NamedAttr]) -> Option<Vec<Type>> {
    let (&ta, &tb) = (operands.first()?, operands.get(1)?);
    let elem = tensor_elem(ctx, ta)?;
    let shape = match (tensor_dims(ctx, ta), tensor_dims(ctx, tb)) {
        (Some(a), Some(b)) if !a.is_empty() && !b.is_empty() => {
            Shape::ranked(matmul_shape(&dims_of(a), &dims_of(b))?)
        }
        _ => Shape::Unranked,
    };
    tensor_of_shape(ctx, &shape, elem).map(|t| vec![t])
}

tensor_ir::op! {
    /// NumPy's `matmul`: the last two dims multiply as matrices, the leading (batch)
    /// dims broadcast; a 1-D operand is a row (first operand) or column (second),
    /// whose dim is removed from the result.
    ///
    /// ```mlir
    /// %m = nd.matmul %a, %b : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
    /// %v = nd.matmul %a, %x : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3xf32>
    /// ```
    ///
    /// The verifier checks: numeric tensors of one element type, each of rank ≥ 1;
    /// the contracted sizes (last dim of `a`, second-to-last of `b`) equal when both
    /// static; batch dims broadcast (NumPy, `broadcastable::analyze`); the result is
    /// batch dims, then `a`'s rows, then `b`'s columns. Unranked operands are not
    /// checked statically.
    pub struct MatmulOp = "nd.matmul" {
        summary: "matrix product with NumPy batch broadcasting",
        traits: [OpTrait::Pure, SAME_ALL],
        operands: { lhs: NUMERIC_TENSOR, rhs: NUMERIC_TENSOR },
        results: { result: NUMERIC_TENSOR },
        syntax: Syntax::Format("operands attr-dict `:` functional-type(operands, results)", &[]),
        verify: verify_matmul,
        infer: infer_matmul,
    }
}

/// `nd.matmul`'s run-time conditions: those of [`verify_matmul`]'s rules that its
/// operand types leave open. The contracted sizes must be equal, and the batch
/// dims must broadcast (NumPy). `--verify-broadcast` reports or proves them
/// through [`broadcastable_ir::SizeChecks`]; the lowering and the export check them.
pub(crate) fn matmul_size_checks(
    ctx: &Context,
    module: &Module,
    op: OpId,
) -> Vec<broadcastable_ir::SizeCheck> {
    let mut out = Vec::new();
    let (Some(ta), Some(tb)) = (operand_type(module, op, 0), operand_type(module, op, 1)) else {
        return out;
    };
    let (Some(a), Some(b)) = (tensor_dims(ctx, ta), tensor_dims(ctx, tb)) else {
        return out;
    };
    if a.is_empty() || b.is_empty() {
        return out;
    }
    let (a, b) = (dims_of(a), dims_of(b));
    let (ka, kb) = (a.len() - 1, b.len().saturating_sub(2));
    out.extend(crate::dot::equal_sizes(
        (0, ka, a[ka]),
        (1, kb, b[kb]),
        "contracted dims",
    ));
    // The batch dims are the operands' leading dims and the result's: the
    // checks of their broadcast index the operands and the result as they are.
    let batch_a = Shape::ranked(a[..a.len().saturating_sub(2)].iter().copied());
    let batch_b = Shape::ranked(b[..b.len().saturating_sub(2)].iter().copied());
    if let Ok(inferred) = analyze(&[batch_a, batch_b]) {
        out.extend(
            inferred
                .checks
                .into_iter()
                .map(|check| broadcastable_ir::SizeCheck {
                    what: "batch dims",
                    check,
                    entries_of: None,
                }),
        );
    }
    out
}

/// Verifies `nd.matmul` with NumPy's rules: operands of rank 1 or more (a
/// vector is promoted and its dim removed again), equal contracted sizes,
/// batch dims broadcast as elementwise ops do.
fn verify_matmul(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let (Some(ta), Some(tb)) = (operand_type(module, op, 0), operand_type(module, op, 1)) else {
        return Ok(());
    };
    let (Some(a), Some(b)) = (tensor_dims(ctx, ta), tensor_dims(ctx, tb)) else {
        // An unranked operand: nothing is known statically.
        return Ok(());
    };
    for (k, (t, dims)) in [(ta, a), (tb, b)].into_iter().enumerate() {
        if dims.is_empty() {
            return fail(
                ctx,
                module,
                op,
                format!(
                    "{} must have rank 1 or more: matmul contracts its last dim",
                    describe(ctx, "operand", k, t)
                ),
            );
        }
    }
    let (a, b) = (dims_of(a), dims_of(b));
    let (ra, rb) = (a.len(), b.len());
    // Contracted dims: the last of `a`, the second-to-last of `b` (its only
    // one if it is a vector).
    let ka = ra - 1;
    let kb = rb.saturating_sub(2);
    if let (Dim::Static(x), Dim::Static(y)) = (a[ka], b[kb])
        && x != y
    {
        return fail(
            ctx,
            module,
            op,
            format!(
                "contracted dims differ: {} dim {ka} has size {x} but {} dim {kb} has size {y}",
                describe(ctx, "operand", 0, ta),
                describe(ctx, "operand", 1, tb)
            ),
        );
    }
    let batch_a = Shape::ranked(a[..ra.saturating_sub(2)].iter().copied());
    let batch_b = Shape::ranked(b[..rb.saturating_sub(2)].iter().copied());
    let batch = match analyze(&[batch_a, batch_b]) {
        Ok(i) => i.shape,
        Err(c) => {
            let types = [ta, tb];
            let who = |d: broadcastable::OperandDim| {
                let t = types.get(d.operand).copied().unwrap_or(ta);
                format!("{} dim {}", describe(ctx, "operand", d.operand, t), d.dim)
            };
            return fail(
                ctx,
                module,
                op,
                format!(
                    "batch dims don't broadcast: {} has size {} but {} has size {}, and neither is 1",
                    who(c.first),
                    c.first_size,
                    who(c.second),
                    c.second_size
                ),
            );
        }
    };
    let mut result: Vec<Dim> = batch.dims().map(<[Dim]>::to_vec).unwrap_or_default();
    if ra >= 2 {
        result.push(a[ra - 2]);
    }
    if rb >= 2 {
        result.push(b[rb - 1]);
    }
    check_result(
        ctx,
        module,
        op,
        Shape::ranked(result),
        "(broadcast batch dims, then rows of operand #0 and columns of operand #1)",
    )
}
