//! Explicit broadcast ops: `nd.broadcast_in_dim` (XLA/StableHLO),
//! `nd.broadcast_to` (Array API `broadcast_to`, ONNX `Expand`),
//! `nd.broadcast` (the ONNX N-ary Broadcast of seed 000) and `nd.assign`
//! (Array API in-place semantics, seed 001).
//!
//! Every size rule is the `broadcastable` crate's; these verifiers only
//! read the op and word the crate's structured errors.
//!
//! Custom forms:
//! ```text
//! %r = nd.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
//! %r = nd.broadcast_in_dim %x, %s, dims = [1] : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
//! %r = nd.broadcast_to %x, shape = [2, 3] : (tensor<3xf32>) -> tensor<2x3xf32>
//! %r = nd.broadcast_to %x, %s : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
//! %r:2 = nd.broadcast %a, %b : (tensor<4xf32>, tensor<3x1xi32>) -> (tensor<3x4xf32>, tensor<3x4xi32>)
//! %r = nd.assign %dst, %src : (tensor<2x3x4xf32>, tensor<1x3x4xf32>) -> tensor<2x3x4xf32>
//! ```

use broadcastable::in_dim::{InDimError, broadcast_in_dim_to};
use broadcastable::{Error, Inferred, Shape, array_api, onnx, verify_inferred};
use std::fmt;
use tensor_ir::parse::{PResult, Parser, Tok};
use tensor_ir::print::OpPrinter;
use tensor_ir::{Context, Diagnostic, Module, OpId, OperationState, Type};

use crate::support::{
    Arity, ElemClass, VResult, describe, dims_of, expect_shape_operand, expect_tensor, fail,
    i64_array, i64_array_attr, operand_type, parse_attr_dict, parse_i64_list, parse_trailing_types,
    print_attr_dict, print_i64_list, print_operand_list, print_trailing_types, result_type,
    set_prop, shape, tensor_dims, verify_structure,
};

/// Inherent attributes of `nd.broadcast_in_dim`.
pub(crate) const IN_DIM_ATTRS: &[&str] = &["broadcast_dimensions"];
/// Inherent attributes of `nd.broadcast_to`.
pub(crate) const TO_ATTRS: &[&str] = &["shape"];

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

/// Operand #0 and the result are tensors of one element type; returns
/// their types.
fn source_and_result(
    ctx: &Context,
    module: &Module,
    op: OpId,
) -> Result<Option<(Type, Type)>, Diagnostic> {
    let (Some(src), Some(res)) = (operand_type(module, op, 0), result_type(module, op, 0)) else {
        return Ok(None);
    };
    let a = expect_tensor(ctx, module, op, ("operand", 0, src), ElemClass::Any)?;
    let b = expect_tensor(ctx, module, op, ("result", 0, res), ElemClass::Any)?;
    if a != b {
        return Err(tensor_ir::verify::op_error(
            ctx,
            module,
            op,
            format!(
                "{} must have the element type of {}, '{}'",
                describe(ctx, "result", 0, res),
                describe(ctx, "operand", 0, src),
                ctx.ty(a)
            ),
        ));
    }
    Ok(Some((src, res)))
}

/// A shape operand #1, if present, has one entry per result dimension.
fn check_shape_operand(ctx: &Context, module: &Module, op: OpId, res: Type) -> VResult {
    let Some(s) = operand_type(module, op, 1) else {
        return Ok(());
    };
    expect_shape_operand(ctx, module, op, 1)?;
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
                describe(ctx, "operand", 1, s),
                describe(ctx, "result", 0, res)
            ),
        );
    }
    Ok(())
}

/// A result with `?` dims needs the shape operand that gives their sizes.
fn check_dynamic_result_has_shape(ctx: &Context, module: &Module, op: OpId, res: Type) -> VResult {
    let dynamic = tensor_dims(ctx, res).is_some_and(|d| d.contains(&tensor_ir::DYNAMIC));
    if dynamic && module.operands(op).len() < 2 {
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

/// Verifies `nd.broadcast_in_dim`: StableHLO's rules through
/// [`broadcast_in_dim_to`].
pub(crate) fn verify_broadcast_in_dim(ctx: &Context, module: &Module, op: OpId) -> VResult {
    verify_structure(ctx, module, op, Arity::Between(1, 2), Some(1))?;
    let Some((src, res)) = source_and_result(ctx, module, op)? else {
        return Ok(());
    };
    let Some(bd) = i64_array_attr(ctx, module, op, "broadcast_dimensions")? else {
        return fail(ctx, module, op, "requires attribute 'broadcast_dimensions'");
    };
    let (Some(src_dims), Some(res_dims)) = (tensor_dims(ctx, src), tensor_dims(ctx, res)) else {
        let (what, i, t) = if tensor_dims(ctx, src).is_none() {
            ("operand", 0, src)
        } else {
            ("result", 0, res)
        };
        return fail(
            ctx,
            module,
            op,
            format!("{} must be a ranked tensor", describe(ctx, what, i, t)),
        );
    };
    check_shape_operand(ctx, module, op, res)?;
    check_dynamic_result_has_shape(ctx, module, op, res)?;
    let operand = describe(ctx, "operand", 0, src);
    let result = describe(ctx, "result", 0, res);
    let message = match broadcast_in_dim_to(&dims_of(src_dims), &dims_of(res_dims), &bd) {
        Ok(_) => return Ok(()),
        Err(InDimError::WrongLength { expected, actual }) => format!(
            "broadcast_dimensions has {actual} entries but {operand} has rank {expected}: one entry per operand dim"
        ),
        Err(InDimError::OutOfRange {
            position,
            value,
            rank,
        }) => format!(
            "broadcast_dimensions[{position}] = {value} is out of range for {result} of rank {rank}"
        ),
        Err(InDimError::Duplicate {
            position,
            first,
            value,
        }) => format!(
            "broadcast_dimensions[{position}] = {value} repeats broadcast_dimensions[{first}]: each result dim takes at most one operand dim"
        ),
        Err(InDimError::SizeMismatch {
            operand_dim,
            operand_size,
            result_dim,
            result_size,
        }) => format!(
            "{operand} dim {operand_dim} has size {operand_size}, which is neither 1 nor the size {result_size} of {result} dim {result_dim} it is mapped to"
        ),
    };
    fail(ctx, module, op, message)
}

/// `%x (, %shape)?, dims = [..] {attrs} : (..) -> R`.
pub(crate) fn parse_broadcast_in_dim(
    p: &mut Parser<'_>,
    state: &mut OperationState,
) -> PResult<()> {
    let mut uses = vec![p.parse_operand()?];
    p.expect(Tok::Comma, ",")?;
    if p.at(Tok::PercentIdent) {
        uses.push(p.parse_operand()?);
        p.expect(Tok::Comma, ",")?;
    }
    p.parse_keyword("dims")?;
    p.expect(Tok::Equal, "=")?;
    let dims = parse_i64_list(p)?;
    let value = i64_array(p.ctx, &dims);
    set_prop(p, state, "broadcast_dimensions", value);
    parse_attr_dict(p, state, IN_DIM_ATTRS)?;
    parse_trailing_types(p, state, &uses, false)
}

/// Prints `, name = [..]` if the op's `attr` is an i64 array; returns the
/// names to elide from the attribute dictionary.
fn print_list_keyword(
    p: &mut OpPrinter<'_>,
    op: OpId,
    attr: &'static str,
    keyword: &str,
) -> Vec<&'static str> {
    match i64_array_attr(p.ctx, p.module, op, attr) {
        Ok(Some(values)) => {
            p.write(", ");
            p.write(keyword);
            p.write(" = ");
            print_i64_list(p, &values);
            vec![attr]
        }
        _ => Vec::new(),
    }
}

/// Prints `nd.broadcast_in_dim`'s custom form.
pub(crate) fn print_broadcast_in_dim(p: &mut OpPrinter<'_>, op: OpId) -> fmt::Result {
    print_operand_list(p, op)?;
    let elided = print_list_keyword(p, op, "broadcast_dimensions", "dims");
    print_attr_dict(p, op, &elided)?;
    print_trailing_types(p, op, false)
}

/// Verifies `nd.broadcast_to`: operand #0 broadcasts (Array API rules,
/// unidirectionally) to the target shape, given by `shape` or, for dynamic
/// sizes, by a shape operand and the result type.
pub(crate) fn verify_broadcast_to(ctx: &Context, module: &Module, op: OpId) -> VResult {
    verify_structure(ctx, module, op, Arity::Between(1, 2), Some(1))?;
    let Some((src, res)) = source_and_result(ctx, module, op)? else {
        return Ok(());
    };
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
    let attr_shape = i64_array_attr(ctx, module, op, "shape")?;
    let has_operand = module.operands(op).len() == 2;
    let target = match (attr_shape, has_operand) {
        (Some(_), true) => {
            return fail(
                ctx,
                module,
                op,
                "takes its shape from the 'shape' attribute or from a shape operand, not both",
            );
        }
        (None, false) => {
            return fail(
                ctx,
                module,
                op,
                "requires attribute 'shape' (or a shape operand for dynamic sizes)",
            );
        }
        (None, true) => {
            check_shape_operand(ctx, module, op, res)?;
            shape(ctx, res)
        }
        (Some(sizes), false) => {
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
            let target = Shape::ranked(dims_of(&sizes));
            if let Err(e) =
                verify_inferred(Inferred::unconditional(target.clone()), &shape(ctx, res))
            {
                let why = e
                    .result_mismatch()
                    .map(|r| format!(": {}", r.mismatch))
                    .unwrap_or_default();
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
            target
        }
    };
    let operand = describe(ctx, "operand", 0, src);
    let message = match array_api::broadcast_to(&shape(ctx, src), &target) {
        Ok(_) => return Ok(()),
        Err(Error::RankTooHigh {
            rank, target_rank, ..
        }) => format!(
            "{operand} of rank {rank} cannot be broadcast to shape {} of rank {target_rank}: broadcasting only prepends dims",
            shape_text(&target)
        ),
        Err(Error::Incompatible(c)) => format!(
            "{operand} dim {} has size {}, which is neither 1 nor the size {} of result dim {}",
            c.second.dim, c.second_size, c.first_size, c.result_dim
        ),
        Err(e) => format!(
            "{operand} cannot be broadcast to shape {}: {e}",
            shape_text(&target)
        ),
    };
    fail(ctx, module, op, message)
}

/// `%x, shape = [..] {attrs} : (T) -> R` or `%x, %s {attrs} : (T, S) -> R`.
pub(crate) fn parse_broadcast_to(p: &mut Parser<'_>, state: &mut OperationState) -> PResult<()> {
    let mut uses = vec![p.parse_operand()?];
    p.expect(Tok::Comma, ",")?;
    if p.at(Tok::PercentIdent) {
        uses.push(p.parse_operand()?);
    } else {
        p.parse_keyword("shape")?;
        p.expect(Tok::Equal, "=")?;
        let sizes = parse_i64_list(p)?;
        let value = i64_array(p.ctx, &sizes);
        set_prop(p, state, "shape", value);
    }
    parse_attr_dict(p, state, TO_ATTRS)?;
    parse_trailing_types(p, state, &uses, false)
}

/// Prints `nd.broadcast_to`'s custom form.
pub(crate) fn print_broadcast_to(p: &mut OpPrinter<'_>, op: OpId) -> fmt::Result {
    print_operand_list(p, op)?;
    let elided = if p.module.operands(op).len() == 1 {
        print_list_keyword(p, op, "shape", "shape")
    } else {
        Vec::new()
    };
    print_attr_dict(p, op, &elided)?;
    print_trailing_types(p, op, false)
}

/// Verifies `nd.broadcast`: N tensors, N results; result `k` has operand
/// `k`'s element type and the common shape of ONNX's Broadcast (seed 000,
/// constraint C1).
pub(crate) fn verify_broadcast(ctx: &Context, module: &Module, op: OpId) -> VResult {
    verify_structure(ctx, module, op, Arity::AtLeast(1), None)?;
    let operands = module.operand_types(op);
    let results = module.result_types(op);
    for (k, (&a, &r)) in operands.iter().zip(&results).enumerate() {
        let ea = expect_tensor(ctx, module, op, ("operand", k, a), ElemClass::Any)?;
        let er = expect_tensor(ctx, module, op, ("result", k, r), ElemClass::Any)?;
        if ea != er {
            return fail(
                ctx,
                module,
                op,
                format!(
                    "{} must have the element type of {}, '{}'",
                    describe(ctx, "result", k, r),
                    describe(ctx, "operand", k, a),
                    ctx.ty(ea)
                ),
            );
        }
    }
    let shapes: Vec<Shape> = operands.iter().map(|&t| shape(ctx, t)).collect();
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
    for (k, &r) in results.iter().enumerate() {
        if let Err(e) = verify_inferred(common.clone(), &shape(ctx, r)) {
            let why = e
                .result_mismatch()
                .map(|m| format!(": {}", m.mismatch))
                .unwrap_or_default();
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

/// Verifies `nd.assign(dst, src)`: tensors of one element type, and the
/// result has `dst`'s type. The Broadcastable trait (unidirectional policy)
/// checks that `src` broadcasts into `dst`'s shape.
pub(crate) fn verify_assign(ctx: &Context, module: &Module, op: OpId) -> VResult {
    verify_structure(ctx, module, op, Arity::Exactly(2), Some(1))?;
    let Some((dst, res)) = source_and_result(ctx, module, op)? else {
        return Ok(());
    };
    if let Some(src) = operand_type(module, op, 1) {
        let es = expect_tensor(ctx, module, op, ("operand", 1, src), ElemClass::Any)?;
        let ed = expect_tensor(ctx, module, op, ("operand", 0, dst), ElemClass::Any)?;
        if es != ed {
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
