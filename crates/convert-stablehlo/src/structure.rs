//! `constant`, the broadcasts, `get_dimension_size`, `reduce` and JAX's
//! `custom_call @shape_assertion`.
//!
//! - `broadcast_in_dim` and `dynamic_broadcast_in_dim` are `nd.broadcast_in_dim`
//!   (a 1 stretches in both); a dynamic one's shape operand (JAX's is
//!   `tensor<Nxi32>`) is cast to `tensor<Nxindex>`, and its
//!   `known_nonexpanding_dimensions` kept. `known_expanding_dimensions` is a
//!   promise `nd` does not need: it computes the sizes.
//! - `get_dimension_size` is `nd.dim`, cast to the result's integer type.
//! - `reduce` of one operand whose body is one `add`, `multiply`, `maximum` or
//!   `minimum` of its two arguments (or `and`/`or` of `i1`, which are
//!   `min`/`max` there) is `nd.reduce` with the init value (left out when it is
//!   a constant equal to that reduction's identity: the value is the same). Any
//!   other body is refused.
//! - `custom_call @shape_assertion(%cond, %values...)` is `nd.assert` with JAX's
//!   `error_message`: the run fails with it, `{k}` replaced by value `k`, at the
//!   op's location. Any other target is refused.

use crate::elementwise::{IntClass, int_class};
use crate::{Converter, Pattern};
use tensor_dialect_nd::assert::AssertOp;
use tensor_dialect_nd::broadcast::BroadcastInDimOp;
use tensor_dialect_nd::reduce::ReduceOp;
use tensor_dialect_nd::shape::DimOp;
use tensor_dialect_stablehlo::calls::CustomCallOp;
use tensor_dialect_stablehlo::elementwise as ops;
use tensor_dialect_stablehlo::reduce::{ReduceOp as ShloReduce, ReturnOp};
use tensor_dialect_stablehlo::structure as shlo;
use tensor_ir::{AttrKind, Attribute, Diagnostic, OpId, TypeKind, Value};

/// `constant`: `nd.constant` of the same attribute.
fn constant(cv: &mut Converter<'_>, op: OpId) -> Result<(), Diagnostic> {
    let h = shlo::ConstantOp::cast(cv.b.ctx, cv.b.module, op)
        .ok_or_else(|| cv.refuse(op, "is malformed"))?;
    let value = h.value(cv.b.ctx, cv.b.module);
    cv.rewrite(
        op,
        |cv, loc, t| tensor_dialect_nd::constant::ConstantOp::build(&mut cv.b, loc, value, t),
        |h, m| h.result(m),
    )
}

/// `broadcast_in_dim`: `nd.broadcast_in_dim` to the static result type.
fn broadcast_in_dim(cv: &mut Converter<'_>, op: OpId) -> Result<(), Diagnostic> {
    let h = shlo::BroadcastInDimOp::cast(cv.b.ctx, cv.b.module, op)
        .ok_or_else(|| cv.refuse(op, "is malformed"))?;
    let x = h.operand(cv.b.module);
    let dims = h.broadcast_dimensions(cv.b.ctx, cv.b.module);
    cv.rewrite(
        op,
        |cv, loc, t| BroadcastInDimOp::build(&mut cv.b, loc, x, None, &dims, None, t),
        |h, m| h.result(m),
    )
}

/// `dynamic_broadcast_in_dim`: `nd.broadcast_in_dim` to its shape operand, cast
/// to `index` entries.
fn dynamic_broadcast_in_dim(cv: &mut Converter<'_>, op: OpId) -> Result<(), Diagnostic> {
    let h = shlo::DynamicBroadcastInDimOp::cast(cv.b.ctx, cv.b.module, op)
        .ok_or_else(|| cv.refuse(op, "is malformed"))?;
    let x = h.operand(cv.b.module);
    let shape = h.output_dimensions(cv.b.module);
    let dims = h.broadcast_dimensions(cv.b.ctx, cv.b.module);
    let nonexpanding = h.known_nonexpanding_dimensions(cv.b.ctx, cv.b.module);
    cv.before(op);
    let index = cv.b.ctx.index_type();
    let shape = cv.cast_elements(op, shape, index)?;
    cv.rewrite(
        op,
        |cv, loc, t| {
            let known = nonexpanding.as_deref();
            BroadcastInDimOp::build(&mut cv.b, loc, x, Some(shape), &dims, known, t)
        },
        |h, m| h.result(m),
    )
}

/// `get_dimension_size`: `nd.dim`, cast to the result's element type.
fn get_dimension_size(cv: &mut Converter<'_>, op: OpId) -> Result<(), Diagnostic> {
    let h = shlo::GetDimensionSizeOp::cast(cv.b.ctx, cv.b.module, op)
        .ok_or_else(|| cv.refuse(op, "is malformed"))?;
    let x = h.operand(cv.b.module);
    let dim = h.dimension(cv.b.ctx, cv.b.module);
    let t = cv.result_type(op, 0)?;
    let elem = cv
        .elem(t)
        .ok_or_else(|| cv.refuse(op, "has a result that is not a tensor"))?;
    cv.before(op);
    let index = cv.b.ctx.index_type();
    let size_type = cv.b.ctx.tensor_type(&[], index);
    let loc = cv.location(op);
    let d = DimOp::build(&mut cv.b, loc, x, dim, size_type);
    let size = cv.built(op, d)?.result(cv.b.module);
    let v = cv.cast_elements(op, size, elem)?;
    cv.replace(op, &[v])
}

/// The reduction a one-op reducer body computes, with its identity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reduction {
    Sum,
    Prod,
    Max,
    Min,
}

impl Reduction {
    fn kind(self) -> &'static str {
        match self {
            Reduction::Sum => "sum",
            Reduction::Prod => "prod",
            Reduction::Max => "max",
            Reduction::Min => "min",
        }
    }
}

/// The reduction of the reducer region of `op`: one binary op of the block's
/// two arguments, returned.
fn reduction(cv: &Converter<'_>, op: OpId) -> Result<Reduction, Diagnostic> {
    let m = &*cv.b.module;
    let ctx = &*cv.b.ctx;
    let not_simple = || {
        cv.refuse(
            op,
            "has no nd form: its body must be a single add, multiply, maximum or minimum (or \
             and/or of i1) of the two block arguments",
        )
    };
    let region = *m.op(op).regions().first().ok_or_else(not_simple)?;
    let [block] = m.region(region).blocks() else {
        return Err(not_simple());
    };
    let args = m.block(*block).args();
    let body: Vec<OpId> = m.block_ops(*block).collect();
    let [inner, ret] = body[..] else {
        return Err(not_simple());
    };
    let returned = m.try_result(inner, 0);
    if ReturnOp::cast(ctx, m, ret).is_none()
        || returned.is_none()
        || m.operands(ret) != returned.as_slice()
    {
        return Err(not_simple());
    }
    let operands = m.operands(inner);
    let uses_args = args.len() == 2
        && operands.len() == 2
        && operands.contains(&args[0])
        && operands.contains(&args[1]);
    if !uses_args {
        return Err(not_simple());
    }
    let elem = cv.elem(m.value_type(args[0]));
    let is_bool = elem.and_then(|e| int_class(cv, e)) == Some(IntClass::Bool);
    let fits = |name: &str| ctx.str(m.op(inner).name()) == name;
    let r = if fits(ops::AddOp::NAME) && !is_bool {
        Reduction::Sum
    } else if fits(ops::MultiplyOp::NAME) {
        Reduction::Prod
    } else if fits(ops::MaximumOp::NAME) || (is_bool && fits(ops::OrOp::NAME)) {
        Reduction::Max
    } else if fits(ops::MinimumOp::NAME) || (is_bool && fits(ops::AndOp::NAME)) {
        Reduction::Min
    } else {
        return Err(not_simple());
    };
    Ok(r)
}

/// The single value of a splat or one-element dense attribute: as an integer,
/// or as a float.
fn scalar_value(cv: &Converter<'_>, a: Attribute) -> Option<Result<i128, f64>> {
    let AttrKind::DenseElements { values, .. } = cv.b.ctx.attr_kind(a) else {
        return None;
    };
    if !values.is_splat() && values.len() != 1 {
        return None;
    }
    match values.int(0) {
        Some(i) => Some(Ok(i)),
        None => values.float(0).map(Err),
    }
}

/// The constant `v` holds, if an `nd.constant` or `stablehlo.constant` makes it.
fn constant_of(cv: &Converter<'_>, v: Value) -> Option<Attribute> {
    let (ctx, m) = (&*cv.b.ctx, &*cv.b.module);
    let op = match m.value(v).def() {
        tensor_ir::ValueDef::Result { op, .. } => op,
        _ => return None,
    };
    if let Some(c) = tensor_dialect_nd::constant::ConstantOp::cast(ctx, m, op) {
        return Some(c.value(ctx, m));
    }
    shlo::ConstantOp::cast(ctx, m, op).map(|c| c.value(ctx, m))
}

/// Whether `value` (of element type `elem`) is the identity of `r`.
fn is_identity(
    cv: &Converter<'_>,
    r: Reduction,
    value: Result<i128, f64>,
    elem: tensor_ir::Type,
) -> bool {
    let int_range = match cv.b.ctx.type_kind(elem) {
        TypeKind::Integer { width: 1, .. } => Some((0, 1)),
        TypeKind::Integer { width, signedness } if (2..=64).contains(width) => {
            if *signedness == tensor_ir::Signedness::Unsigned {
                Some((0, (1i128 << width) - 1))
            } else {
                Some((-(1i128 << (width - 1)), (1i128 << (width - 1)) - 1))
            }
        }
        _ => None,
    };
    match (r, value, int_range) {
        (Reduction::Sum, Ok(0), Some(_)) | (Reduction::Prod, Ok(1), Some(_)) => true,
        // A signless integer's bits may read as unsigned: compare modulo width.
        (Reduction::Max, Ok(v), Some((lo, hi))) => v == lo || (lo < 0 && v == hi + 1),
        (Reduction::Min, Ok(v), Some((lo, hi))) => v == hi || (lo < 0 && v == -1),
        (Reduction::Sum, Err(f), None) => f == 0.0 && f.is_sign_positive(),
        (Reduction::Prod, Err(f), None) => f == 1.0,
        (Reduction::Max, Err(f), None) => f == f64::NEG_INFINITY,
        (Reduction::Min, Err(f), None) => f == f64::INFINITY,
        _ => false,
    }
}

/// `reduce`: `nd.reduce` (see the module's documentation).
fn reduce(cv: &mut Converter<'_>, op: OpId) -> Result<(), Diagnostic> {
    let h =
        ShloReduce::cast(cv.b.ctx, cv.b.module, op).ok_or_else(|| cv.refuse(op, "is malformed"))?;
    let operands = h.operands(cv.b.module).to_vec();
    let [x, init] = operands[..] else {
        return Err(cv.refuse(
            op,
            "has no nd form: it reduces several operands together (nd.reduce takes one)",
        ));
    };
    let dims = h.dimensions(cv.b.ctx, cv.b.module);
    let r = reduction(cv, op)?;
    let elem = cv
        .elem(cv.b.module.value_type(init))
        .ok_or_else(|| cv.refuse(op, "has an init value that is not a tensor"))?;
    // An identity init is left out: the reduction alone is the same value.
    let identity = constant_of(cv, init)
        .and_then(|a| scalar_value(cv, a))
        .is_some_and(|v| is_identity(cv, r, v, elem));
    let init = (!identity).then_some(init);
    cv.rewrite(
        op,
        |cv, loc, t| ReduceOp::build(&mut cv.b, loc, x, init, r.kind(), &dims, None, t),
        |h, m| h.result(m),
    )
}

/// JAX's target of a run-time check of its dimension variables.
const SHAPE_ASSERTION: &str = "shape_assertion";

/// JAX's attribute holding a shape assertion's message.
const ERROR_MESSAGE: &str = "error_message";

/// `custom_call @shape_assertion`: `nd.assert` with its message; any other target
/// is refused.
fn custom_call(cv: &mut Converter<'_>, op: OpId) -> Result<(), Diagnostic> {
    let h = CustomCallOp::cast(cv.b.ctx, cv.b.module, op)
        .ok_or_else(|| cv.refuse(op, "is malformed"))?;
    let target = h.call_target_name(cv.b.ctx, cv.b.module);
    if target != SHAPE_ASSERTION {
        return Err(cv.refuse(
            op,
            format!("has no nd form: only JAX's @{SHAPE_ASSERTION} is understood, not @{target}"),
        ));
    }
    let inputs = h.inputs(cv.b.module).to_vec();
    let Some((&cond, values)) = inputs.split_first() else {
        return Err(cv.refuse(op, "is a shape assertion without a condition"));
    };
    if cv.b.module.num_results(op) != 0 {
        return Err(cv.refuse(op, "is a shape assertion with results"));
    }
    let message =
        cv.b.module
            .get_attr_named(cv.b.ctx, op, ERROR_MESSAGE)
            .and_then(|a| match cv.b.ctx.attr_kind(a) {
                AttrKind::String(s) => Some(String::from_utf8_lossy(s).into_owned()),
                _ => None,
            })
            .ok_or_else(|| {
                cv.refuse(
                    op,
                    format!("is a shape assertion without a string '{ERROR_MESSAGE}'"),
                )
            })?;
    cv.before(op);
    let loc = cv.location(op);
    let a = AssertOp::build(&mut cv.b, loc, cond, values, &message);
    cv.built(op, a)?;
    cv.replace(op, &[])
}

const STRUCTURE: &[(&str, Pattern)] = &[
    (shlo::ConstantOp::NAME, constant),
    (shlo::BroadcastInDimOp::NAME, broadcast_in_dim),
    (
        shlo::DynamicBroadcastInDimOp::NAME,
        dynamic_broadcast_in_dim,
    ),
    (shlo::GetDimensionSizeOp::NAME, get_dimension_size),
    (ShloReduce::NAME, reduce),
    (CustomCallOp::NAME, custom_call),
];

/// This module's patterns.
pub const PATTERNS: &[&[(&str, Pattern)]] = &[STRUCTURE];
