//! Explicit broadcast ops: `nd.broadcast_in_dim` (XLA/StableHLO), `nd.broadcast_to`
//! (Array API `broadcast_to`, ONNX `Expand`), `nd.broadcast` (the ONNX N-ary Broadcast
//! of seed 000) and `nd.assign` (Array API in-place semantics, seed 001).
//!
//! Every size rule is the `broadcastable` crate's; these verifiers only read the op
//! and word the crate's structured errors.

use broadcastable::in_dim::{InDimError, validate_in_dim};
use broadcastable::{Error, Inferred, Shape, array_api, onnx, verify_inferred};
use broadcastable_ir::UNIDIRECTIONAL;
use smallvec::SmallVec;
use tensor_ir::ods::AttrDef;
use tensor_ir::ods::attr_types::{I64Array, i64_slice};
use tensor_ir::ods::describe;
use tensor_ir::registry::{OpTrait, Syntax};
use tensor_ir::{Attribute, Context, Module, NamedAttr, OpId, Type};

use crate::shape_source;
use crate::support::{
    RANKED_TENSOR, SHAPE, TENSOR, VResult, dims_of, fail, operand_type, result_type,
    same_element_as_operand, shape, tensor_dims, tensor_elem, tensor_of_shape,
};

/// `[2, ?, 3]` (`[]` for rank 0, `unranked` for `*`).
pub(crate) fn shape_text(s: &Shape) -> String {
    match s.dims() {
        None => "unranked".to_owned(),
        Some(dims) => {
            let items: Vec<String> = dims.iter().map(ToString::to_string).collect();
            format!("[{}]", items.join(", "))
        }
    }
}

/// Inherent attribute `index` of `attrs` (an op definition's) on `op`. Verifiers read
/// attributes so, not through a typed handle: they run after the declared checks,
/// which `cast` would repeat, and the handle's accessors copy arrays.
pub(crate) fn inherent_attr(
    ctx: &Context,
    module: &Module,
    op: OpId,
    attrs: &[AttrDef],
    index: usize,
) -> Option<Attribute> {
    tensor_ir::ods::attr_at(ctx, module, op, index, attrs.get(index)?.name)
}

/// [`inherent_attr`] read in place as an `array<i64: ...>`.
pub(crate) fn i64_array<'c>(
    ctx: &'c Context,
    module: &Module,
    op: OpId,
    attrs: &[AttrDef],
    index: usize,
) -> Option<&'c [i64]> {
    i64_slice(ctx, inherent_attr(ctx, module, op, attrs, index)?)
}

/// A shape operand #1, if present, has one entry per result dimension.
pub(crate) fn check_shape_operand(ctx: &Context, module: &Module, op: OpId, res: Type) -> VResult {
    check_shape_operand_at(ctx, module, op, 1, res)
}

/// A shape operand #`k`, if present, has one entry per result dimension.
pub(crate) fn check_shape_operand_at(
    ctx: &Context,
    module: &Module,
    op: OpId,
    k: usize,
    res: Type,
) -> VResult {
    let Some(s) = operand_type(module, op, k) else {
        return Ok(());
    };
    let len = tensor_dims(ctx, s).and_then(|d| d.first().copied());
    let rank = tensor_dims(ctx, res).map(<[i64]>::len);
    if let (Some(len), Some(rank)) = (len, rank)
        && len >= 0
        && usize::try_from(len).ok() != Some(rank)
    {
        return fail(
            ctx,
            module,
            op,
            format!(
                "the shape, {}, has {len} entries but {} has rank {rank}",
                describe(ctx, "operand", k, s),
                describe(ctx, "result", 0, res)
            ),
        );
    }
    Ok(())
}

/// A result with `?` dims needs the shape operand #1 that gives their sizes.
pub(crate) fn check_dynamic_result_has_shape(
    ctx: &Context,
    module: &Module,
    op: OpId,
    res: Type,
) -> VResult {
    check_dynamic_result_has_shape_after(ctx, module, op, 1, res)
}

/// [`check_dynamic_result_has_shape`] of an op with `others` operands besides
/// the shape.
pub(crate) fn check_dynamic_result_has_shape_after(
    ctx: &Context,
    module: &Module,
    op: OpId,
    others: usize,
    res: Type,
) -> VResult {
    let dynamic = tensor_dims(ctx, res).is_some_and(|d| d.contains(&tensor_ir::DYNAMIC));
    if dynamic && module.operands(op).len() <= others {
        return fail(
            ctx,
            module,
            op,
            format!(
                "{} has dynamic dims, so their sizes must come from a shape operand ('tensor<Nxindex>')",
                describe(ctx, "result", 0, res)
            ),
        );
    }
    Ok(())
}

tensor_ir::op! {
    /// StableHLO's `broadcast_in_dim` (XLA's explicit broadcast): operand dim `i`
    /// goes to result dim `broadcast_dimensions[i]`; the other result dims
    /// replicate. The entries need only be distinct, so it may also transpose. With a
    /// shape operand (`tensor<Rxindex>`, StableHLO's dynamic variant) the result's
    /// `?` dims take their sizes from it at run time.
    ///
    /// ```mlir
    /// %r = nd.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
    /// %t = nd.broadcast_in_dim %k, dims = [0, 1, 3, 2] : (tensor<2x4x8x16xf32>) -> tensor<2x4x16x8xf32>
    /// %d = nd.broadcast_in_dim %x, %shape, dims = [1] : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
    /// ```
    ///
    /// `known_nonexpanding_dimensions`, as StableHLO's, lists operand dims known to
    /// have the size of the result dim they map to at run time (never a 1 that
    /// stretches): `--lower-broadcast` records them where it proves the sizes equal,
    /// so that an executor can take a fast path.
    ///
    /// The verifier (`broadcastable::in_dim::validate_in_dim`, the verdict of
    /// `broadcast_in_dim_to`) checks: ranked operand and result of one element
    /// type; one entry per operand dim; each entry in `[0, result rank)`; entries
    /// distinct; each operand size 1 or equal to the result size it maps to; a
    /// result with `?` dims needs the shape operand, whose length (if static) is the
    /// result rank; known non-expanding dims are distinct operand dims whose static
    /// sizes, if any, are the result's.
    pub struct BroadcastInDimOp = "nd.broadcast_in_dim" {
        summary: "broadcast into a result by an explicit dim mapping",
        traits: [OpTrait::Pure],
        operands: { operand: RANKED_TENSOR, shape?: SHAPE },
        results: { result: RANKED_TENSOR },
        attributes: {
            broadcast_dimensions: I64Array,
            known_nonexpanding_dimensions?: I64Array,
        },
        syntax: Syntax::Format(
            "$operand `,` ($shape^ `,`)? `dims` `=` $broadcast_dimensions attr-dict `:` functional-type(operands, results)",
            &[],
        ),
        verify: verify_broadcast_in_dim,
    }
}

impl BroadcastInDimOp {
    /// The name of its `known_nonexpanding_dimensions` attribute, for the layers that read it by name.
    pub const KNOWN_NONEXPANDING_DIMENSIONS: &str = "known_nonexpanding_dimensions";
}

fn verify_broadcast_in_dim(ctx: &Context, module: &Module, op: OpId) -> VResult {
    // The declared checks passed: the op has its operand, result and dimensions.
    let (Some(src), Some(res)) = (operand_type(module, op, 0), result_type(module, op, 0)) else {
        return Ok(());
    };
    if tensor_elem(ctx, src) != tensor_elem(ctx, res) {
        same_element_as_operand(ctx, module, op, (0, 0))?;
    }
    let (Some(src_dims), Some(res_dims)) = (tensor_dims(ctx, src), tensor_dims(ctx, res)) else {
        return Ok(());
    };
    // The optional shape operand follows the operand.
    if module.operands(op).len() > 1 {
        check_shape_operand(ctx, module, op, res)?;
    } else {
        check_dynamic_result_has_shape(ctx, module, op, res)?;
    }
    let Some(bd) = i64_array(ctx, module, op, BroadcastInDimOp::ATTRIBUTES, 0) else {
        return Ok(());
    };
    // The algebra decides (and words) only what the dims do not settle at once.
    let error = match in_dim_fits(src_dims, res_dims, bd) {
        true => None,
        false => validate_in_dim(&dims_of(src_dims), &dims_of(res_dims), bd).err(),
    };
    let Some(error) = error else {
        return verify_nonexpanding(ctx, module, op, (src_dims, res_dims), bd);
    };
    // Worded only on failure: the verifier runs on every op.
    let operand = describe(ctx, "operand", 0, src);
    let result = describe(ctx, "result", 0, res);
    let message = match error {
        InDimError::WrongLength { expected, actual } => format!(
            "broadcast_dimensions has {actual} entries but {operand} has rank {expected}: one entry per operand dim"
        ),
        InDimError::OutOfRange {
            position,
            value,
            rank,
        } => format!(
            "broadcast_dimensions[{position}] = {value} is out of range for {result} of rank {rank}"
        ),
        InDimError::Duplicate {
            position,
            first,
            value,
        } => format!(
            "broadcast_dimensions[{position}] = {value} repeats broadcast_dimensions[{first}]: each result dim takes at most one operand dim"
        ),
        InDimError::SizeMismatch {
            operand_dim,
            operand_size,
            result_dim,
            result_size,
        } => format!(
            "{operand} dim {operand_dim} has size {operand_size}, which is neither 1 nor the size {result_size} of {result} dim {result_dim} it is mapped to"
        ),
    };
    fail(ctx, module, op, message)
}

/// Whether `validate_in_dim` accepts an operand of dims `src` broadcast into `res` by
/// `bd` (`?` is any negative size), read off the dims without building shapes: one
/// distinct entry in `[0, rank)` per operand dim, whose static size is 1 or the
/// static size it maps to. `false` also for a result of rank over 64, which the
/// algebra then decides. A proptest keeps the two equal.
pub(crate) fn in_dim_fits(src: &[i64], res: &[i64], bd: &[i64]) -> bool {
    if bd.len() != src.len() || res.len() > 64 {
        return false;
    }
    // Result dims taken so far, as bits: a repeat is found in O(1).
    let mut taken = 0u64;
    src.iter().zip(bd).all(|(&s, &t)| {
        let Some(t) = usize::try_from(t).ok().filter(|&t| t < res.len()) else {
            return false;
        };
        let bit = 1u64 << t;
        let fresh = taken & bit == 0;
        taken |= bit;
        let r = res[t];
        fresh && (s < 0 || r < 0 || s == 1 || s == r)
    })
}

/// `known_nonexpanding_dimensions` name distinct operand dims that do not stretch:
/// where the operand's and the result's sizes are static, they are equal.
fn verify_nonexpanding(
    ctx: &Context,
    module: &Module,
    op: OpId,
    (src, res): (&[i64], &[i64]),
    bd: &[i64],
) -> VResult {
    let Some(known) = i64_array(ctx, module, op, BroadcastInDimOp::ATTRIBUTES, 1) else {
        return Ok(());
    };
    // Operand dims listed so far: a repeat is found in O(1).
    let mut listed: SmallVec<[bool; 8]> = SmallVec::from_elem(false, src.len());
    for (i, &d) in known.iter().enumerate() {
        // Worded only on failure: the verifier runs on every op.
        let name = || format!("known_nonexpanding_dimensions[{i}] = {d}");
        let Some(k) = usize::try_from(d).ok().filter(|&k| k < src.len()) else {
            return fail(
                ctx,
                module,
                op,
                format!(
                    "{} is not a dim of the operand (rank {})",
                    name(),
                    src.len()
                ),
            );
        };
        if std::mem::replace(&mut listed[k], true) {
            return fail(ctx, module, op, format!("{} is listed twice", name()));
        }
        let target = bd
            .get(k)
            .and_then(|&t| usize::try_from(t).ok())
            .and_then(|t| res.get(t));
        if let Some(&r) = target
            && src[k] != tensor_ir::DYNAMIC
            && r != tensor_ir::DYNAMIC
            && src[k] != r
        {
            return fail(
                ctx,
                module,
                op,
                format!(
                    "{}, but operand dim {k} has size {} and the result dim it maps to has size {r}",
                    name(),
                    src[k]
                ),
            );
        }
    }
    Ok(())
}

/// The result type of `nd.broadcast_to` with a `shape` attribute: that shape.
fn infer_broadcast_to(
    ctx: &mut Context,
    operands: &[Type],
    props: &[NamedAttr],
) -> Option<Vec<Type>> {
    let sizes = BroadcastToAdaptor::new(ctx, props).shape()?;
    let elem = tensor_elem(ctx, *operands.first()?)?;
    (sizes.iter().all(|&s| s >= 0) && operands.len() == 1).then_some(())?;
    Some(vec![ctx.tensor_type(&sizes, elem)])
}

tensor_ir::op! {
    /// The Array API's `broadcast_to`: the operand broadcasts one way into the given
    /// shape, which never changes (ONNX `Expand` when the shape already is the
    /// broadcast shape; compute it with `nd.broadcast_shapes` otherwise). The shape is
    /// the `shape` attribute (sizes ≥ 0) or, for dynamic sizes, a shape operand.
    ///
    /// ```mlir
    /// %r = nd.broadcast_to %x, shape = [2, 3] : (tensor<3xf32>) -> tensor<2x3xf32>
    /// %d = nd.broadcast_to %x, %shape : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
    /// ```
    ///
    /// With a shape operand the result may be unranked: the rank comes from the
    /// shape at run time, so a broadcast of unranked operands needs no rank limit.
    ///
    /// ```mlir
    /// %u = nd.broadcast_to %x, %shape : (tensor<*xf32>, tensor<?xindex>) -> tensor<*xf32>
    /// ```
    ///
    /// The verifier checks: exactly one of the attribute and the operand; a result of
    /// the operand's element type, ranked with the attribute; with the attribute, the
    /// result has its shape (a dim may be `?`); the operand has at most the target's
    /// rank and each of its sizes is 1 or the target's
    /// (`broadcastable::array_api::broadcast_to`).
    pub struct BroadcastToOp = "nd.broadcast_to" {
        summary: "broadcast one way into a given shape",
        adaptor: BroadcastToAdaptor,
        traits: [OpTrait::Pure],
        operands: { operand: TENSOR, target_shape?: SHAPE },
        results: { result: TENSOR },
        attributes: { shape?: I64Array },
        syntax: Syntax::Format(
            "$operand `,` ($target_shape^):(`shape` `=` $shape)? attr-dict `:` functional-type(operands, results)",
            &[],
        ),
        verify: verify_broadcast_to,
        infer: infer_broadcast_to,
    }
}

impl BroadcastToOp {
    /// The name of its `shape` attribute, for the layers that read it by name.
    pub const SHAPE: &str = "shape";
}

fn verify_broadcast_to(ctx: &Context, module: &Module, op: OpId) -> VResult {
    // The declared checks passed: the op has its operand and result.
    let (Some(src), Some(res)) = (operand_type(module, op, 0), result_type(module, op, 0)) else {
        return Ok(());
    };
    if tensor_elem(ctx, src) != tensor_elem(ctx, res) {
        same_element_as_operand(ctx, module, op, (0, 0))?;
    }
    let attr = i64_array(ctx, module, op, BroadcastToOp::ATTRIBUTES, 0);
    // The optional shape operand follows the operand.
    let operand = module.operands(op).get(1);
    let sizes = match (attr, operand) {
        (Some(_), Some(_)) => {
            return fail(
                ctx,
                module,
                op,
                "takes its shape from the 'shape' attribute or from a shape operand, not both",
            );
        }
        (None, None) => {
            return fail(
                ctx,
                module,
                op,
                "requires attribute 'shape' (or a shape operand for dynamic sizes)",
            );
        }
        (None, Some(_)) => {
            check_shape_operand(ctx, module, op, res)?;
            None
        }
        (Some(sizes), None) => {
            if tensor_dims(ctx, res).is_none() {
                return fail(
                    ctx,
                    module,
                    op,
                    format!(
                        "{} must be a ranked tensor",
                        describe(ctx, "result", 0, res)
                    ),
                );
            }
            if let Some((i, &v)) = sizes.iter().enumerate().find(|&(_, &v)| v < 0) {
                return fail(
                    ctx,
                    module,
                    op,
                    format!(
                        "shape[{i}] = {v} is not a size; use the shape operand form for dynamic sizes"
                    ),
                );
            }
            // A result of exactly these sizes has the shape: the usual case, settled
            // without building shapes.
            if tensor_dims(ctx, res) != Some(sizes) {
                let target = Shape::ranked(dims_of(sizes));
                if let Some(why) = misfit(ctx, Inferred::unconditional(target.clone()), res) {
                    return fail(
                        ctx,
                        module,
                        op,
                        format!(
                            "{} does not have the shape {}{why}",
                            describe(ctx, "result", 0, res),
                            shape_text(&target)
                        ),
                    );
                }
            }
            Some(sizes)
        }
    };
    // The target: the attribute's sizes, else the result's dims (`None`: unranked).
    let target_dims = sizes.or_else(|| tensor_dims(ctx, res));
    if broadcasts_into(tensor_dims(ctx, src), target_dims) {
        return Ok(());
    }
    // Worded only on failure, from the algebra's verdict: the verifier runs on
    // every op.
    let target = match &sizes {
        Some(sizes) => Shape::ranked(dims_of(sizes)),
        None => shape(ctx, res),
    };
    let error = match array_api::broadcast_to(&shape(ctx, src), &target) {
        Ok(_) => return Ok(()),
        Err(e) => e,
    };
    let operand = describe(ctx, "operand", 0, src);
    let message = match error {
        Error::RankTooHigh {
            rank, target_rank, ..
        } => format!(
            "{operand} of rank {rank} cannot be broadcast to shape {} of rank {target_rank}: broadcasting only prepends dims",
            shape_text(&target)
        ),
        Error::Incompatible(c) => format!(
            "{operand} dim {} has size {}, which is neither 1 nor the size {} of result dim {}",
            c.second.dim, c.second_size, c.first_size, c.result_dim
        ),
        e => format!(
            "{operand} cannot be broadcast to shape {}: {e}",
            shape_text(&target)
        ),
    };
    fail(ctx, module, op, message)
}

/// Whether `array_api::broadcast_to` accepts a source of dims `src` into a
/// target of dims `target` (`None`: unranked; `?` is any negative size), read
/// off the dims without building shapes: the source has at most the target's
/// rank and, aligned on the right, each static size of it is 1 or the target's
/// static size. A proptest keeps the two equal.
pub(crate) fn broadcasts_into(src: Option<&[i64]>, target: Option<&[i64]>) -> bool {
    let (Some(src), Some(target)) = (src, target) else {
        return true;
    };
    let Some(offset) = target.len().checked_sub(src.len()) else {
        return false;
    };
    src.iter()
        .zip(&target[offset..])
        .all(|(&s, &t)| s == 1 || s < 0 || t < 0 || s == t)
}

/// The result types of `nd.broadcast`: the common shape, with each operand's element
/// type.
fn infer_broadcast(ctx: &mut Context, operands: &[Type], _: &[NamedAttr]) -> Option<Vec<Type>> {
    let shapes: Vec<Shape> = operands.iter().map(|&t| shape(ctx, t)).collect();
    let common = onnx::common_shape(&shapes).ok()?;
    operands
        .iter()
        .map(|&t| {
            let elem = tensor_elem(ctx, t)?;
            tensor_of_shape(ctx, &common.shape, elem)
        })
        .collect()
}

tensor_ir::op! {
    /// The ONNX proposal's `Z1, ..., ZN = Broadcast(X1, ..., XN)`: ranks equalised by
    /// prepending 1s, each common size the maximum, every result of the common shape
    /// and its own operand's element type.
    ///
    /// ```mlir
    /// %z:2 = nd.broadcast %a, %b : (tensor<4xf32>, tensor<3x1xi32>) -> (tensor<3x4xf32>, tensor<3x4xi32>)
    /// ```
    ///
    /// The verifier (`broadcastable::onnx::common_shape`) checks: N ≥ 1 tensors and N
    /// results; result `k` has operand `k`'s element type; constraint C1 (each size 1
    /// or the common size; note that `0` against `1` violates C1, unlike NumPy); each
    /// result compatible with the common shape.
    pub struct BroadcastOp = "nd.broadcast" {
        summary: "broadcast N tensors to their common shape",
        traits: [OpTrait::Pure],
        operands: { inputs*: TENSOR },
        results: { results*: TENSOR },
        syntax: Syntax::Format("operands attr-dict `:` functional-type(operands, results)", &[]),
        verify: verify_broadcast,
        infer: infer_broadcast,
    }
}

fn verify_broadcast(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let n = module.operands(op).len();
    if n == 0 {
        return fail(ctx, module, op, "expected at least 1 operands, but found 0");
    }
    let got = module.num_results(op);
    if got != n {
        let s = if n == 1 { "" } else { "s" };
        return fail(
            ctx,
            module,
            op,
            format!("expected {n} result{s}, but found {got}"),
        );
    }
    for k in 0..n {
        same_element_as_operand(ctx, module, op, (k, k))?;
    }
    let shapes: Vec<Shape> = module
        .operand_types(op)
        .iter()
        .map(|&t| shape(ctx, t))
        .collect();
    let common = match onnx::common_shape(&shapes) {
        Ok(c) => c,
        Err(e) => {
            return fail(
                ctx,
                module,
                op,
                format!("operands have no common broadcast shape: {e}"),
            );
        }
    };
    for (k, r) in module.result_types(op).into_iter().enumerate() {
        if let Some(why) = misfit(ctx, common.clone(), r) {
            return fail(
                ctx,
                module,
                op,
                format!(
                    "{} must have the common shape of the operands, {}{why}",
                    describe(ctx, "result", k, r),
                    shape_text(&common.shape)
                ),
            );
        }
    }
    Ok(())
}

/// The result type of `nd.assign`: the destination's.
fn infer_assign(_: &mut Context, operands: &[Type], _: &[NamedAttr]) -> Option<Vec<Type>> {
    operands.first().map(|&t| vec![t])
}

tensor_ir::op! {
    /// The Array API's in-place assignment `dst[...] = src`, as a value: the result is
    /// `dst` with `src` broadcast into it.
    ///
    /// ```mlir
    /// %r = nd.assign %dst, %src : (tensor<2x3x4xf32>, tensor<1x3x4xf32>) -> tensor<2x3x4xf32>
    /// ```
    ///
    /// The verifier checks: tensors of one element type; the result has exactly
    /// `dst`'s type; the Broadcastable trait with the `Unidirectional` policy: `src`
    /// has at most `dst`'s rank and each of its sizes is 1 or `dst`'s (a 1 in `dst`
    /// never grows). `1x3x4` into `3x4` is rejected.
    pub struct AssignOp = "nd.assign" {
        summary: "broadcast a value into a destination in place",
        traits: [OpTrait::Pure, UNIDIRECTIONAL, shape_source::OPERAND_0],
        operands: { dst: TENSOR, src: TENSOR },
        results: { result: TENSOR },
        syntax: Syntax::Format("operands attr-dict `:` functional-type(operands, results)", &[]),
        verify: verify_assign,
        infer: infer_assign,
    }
}

fn verify_assign(ctx: &Context, module: &Module, op: OpId) -> VResult {
    same_element_as_operand(ctx, module, op, (0, 0))?;
    let (Some(dst), Some(src), Some(res)) = (
        operand_type(module, op, 0),
        operand_type(module, op, 1),
        result_type(module, op, 0),
    ) else {
        return Ok(());
    };
    if tensor_elem(ctx, src) != tensor_elem(ctx, dst) {
        return fail(
            ctx,
            module,
            op,
            format!(
                "the source, {}, must have the element type of the destination, {}",
                describe(ctx, "operand", 1, src),
                describe(ctx, "operand", 0, dst)
            ),
        );
    }
    if res != dst {
        return fail(
            ctx,
            module,
            op,
            format!(
                "{} must have the type of the destination, {}: assignment in place never changes its shape",
                describe(ctx, "result", 0, res),
                describe(ctx, "operand", 0, dst)
            ),
        );
    }
    Ok(())
}

/// Why a result of type `ty` does not have the shape `inferred` gives it (the
/// mismatch as `": ..."`, or empty), if it does not.
fn misfit(ctx: &Context, inferred: Inferred, ty: Type) -> Option<String> {
    let e = verify_inferred(inferred, &shape(ctx, ty)).err()?;
    Some(
        e.result_mismatch()
            .map(|m| format!(": {}", m.mismatch))
            .unwrap_or_default(),
    )
}
