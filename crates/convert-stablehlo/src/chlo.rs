//! CHLO: `chlo.broadcast_*` are `nd`'s binary ops and `nd.cmp`, which broadcast
//! with the same policy (NumPy's rules, or XLA's `broadcast_dimensions`, which
//! `nd` spells the same way); `chlo.broadcast_select` is `nd.select` (NumPy's
//! rules for all three operands, as CHLO's); `chlo.erf` is `nd.erf`.
//!
//! The element semantics are StableHLO's, so the refusals of
//! [`crate::elementwise`] apply: integer `divide`, `remainder`, `power` of signed
//! integers, `subtract` of `i1`, and the comparisons `nd.cmp` cannot make.

use crate::elementwise::{
    add_with, build_compare, check_divide, check_power, check_subtract, remainder, select,
};
use crate::{Converter, Pattern};
use tensor_dialect_chlo::ops as chlo;
use tensor_dialect_nd::elementwise as nd;
use tensor_ir::ods::attr_types::{AttrType, DenseI64ArrayAttr};
use tensor_ir::{Diagnostic, OpId};

/// The `broadcast_dimensions` of a CHLO op, if it has them.
fn dims_of(cv: &Converter<'_>, op: OpId) -> Option<Vec<i64>> {
    let a =
        cv.b.module
            .get_attr_named(cv.b.ctx, op, tensor_dialect_nd::BROADCAST_DIMENSIONS)?;
    DenseI64ArrayAttr::get(cv.b.ctx, a)
}

/// Patterns `from => to` of the broadcasting binary ops.
macro_rules! binary {
    ($($from:ident => $to:ident $(if $check:ident)?;)*) => {
        &[$((chlo::$from::NAME, |cv: &mut Converter<'_>, op: OpId| {
            $($check(cv, op)?;)?
            let dims = dims_of(cv, op);
            let (l, r) = (cv.operand(op, 0)?, cv.operand(op, 1)?);
            cv.rewrite(
                op,
                |cv, loc, t| nd::$to::build(&mut cv.b, loc, l, r, dims.as_deref(), t),
                |h, m| h.result(m),
            )
        })),*]
    };
}

const BINARY: &[(&str, Pattern)] = binary! {
    BroadcastSubtractOp => SubOp if check_subtract;
    BroadcastMultiplyOp => MulOp;
    BroadcastDivideOp => DivOp if check_divide;
    BroadcastPowerOp => PowOp if check_power;
    BroadcastMaxOp => MaxOp;
    BroadcastMinOp => MinOp;
    BroadcastAndOp => AndOp;
    BroadcastOrOp => OrOp;
    BroadcastXorOp => XorOp;
    BroadcastAtan2Op => Atan2Op;
};

/// `chlo.broadcast_add`: `nd.add`, or `nd.or` on `i1`.
fn add(cv: &mut Converter<'_>, op: OpId) -> Result<(), Diagnostic> {
    let dims = dims_of(cv, op);
    add_with(cv, op, dims.as_deref())
}

/// `chlo.broadcast_compare`: `nd.cmp` with the broadcast dimensions.
fn compare(cv: &mut Converter<'_>, op: OpId) -> Result<(), Diagnostic> {
    let h = chlo::BroadcastCompareOp::cast(cv.b.ctx, cv.b.module, op)
        .ok_or_else(|| cv.refuse(op, "is malformed"))?;
    let (l, r) = (h.lhs(cv.b.module), h.rhs(cv.b.module));
    let dims = h.broadcast_dimensions(cv.b.ctx, cv.b.module);
    let direction = h.comparison_direction(cv.b.ctx, cv.b.module).to_owned();
    let compare_type = h.compare_type(cv.b.ctx, cv.b.module).map(str::to_owned);
    let v = build_compare(
        cv,
        op,
        (l, r),
        (&direction, compare_type.as_deref()),
        dims.as_deref(),
    )?;
    cv.replace(op, &[v])
}

/// `chlo.erf`: `nd.erf`.
fn erf(cv: &mut Converter<'_>, op: OpId) -> Result<(), Diagnostic> {
    let x = cv.operand(op, 0)?;
    cv.rewrite(
        op,
        |cv, loc, t| nd::ErfOp::build(&mut cv.b, loc, x, t),
        |h, m| h.result(m),
    )
}

const OTHERS: &[(&str, Pattern)] = &[
    (chlo::BroadcastAddOp::NAME, add),
    (chlo::BroadcastRemainderOp::NAME, remainder),
    (chlo::BroadcastCompareOp::NAME, compare),
    // Its operands are StableHLO select's, and nd.select broadcasts as CHLO's does.
    (chlo::BroadcastSelectOp::NAME, select),
    (chlo::ErfOp::NAME, erf),
];

/// This module's patterns.
pub const PATTERNS: &[&[(&str, Pattern)]] = &[BINARY, OTHERS];
