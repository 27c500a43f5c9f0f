//! StableHLO's elementwise ops, `compare`, `select`, `clamp` and `convert`.
//!
//! StableHLO's operands have one shape, so `nd`'s broadcasting never applies to
//! them (a `?` that turns out to differ is undefined behaviour in StableHLO and a
//! broadcast or an error in `nd`). Each mapping was checked against `nd`'s scalar
//! functions (`tensor_dialect_nd::scalar`); where they differ the op is refused:
//!
//! - integer `divide`: StableHLO truncates toward zero, `nd.div` floors;
//! - `remainder`: StableHLO's has the dividend's sign, `nd.rem`'s the divisor's
//!   (NumPy's), for integers and floats;
//! - `power` of signed integers: StableHLO gives `1`, `-1` or `±1` for a negative
//!   exponent of `1` or `-1`, `nd.pow` gives 0;
//! - `add` of `i1` is StableHLO's logical or (`nd.or`); `subtract`, `divide`
//!   and `power` of `i1` are refused;
//! - `compare` with `TOTALORDER` (`nd.cmp` compares floats as IEEE does), or
//!   `UNSIGNED` on signed or signless integers (`nd.cmp` compares those as
//!   signed), or `SIGNED` on unsigned ones.
//!
//! `convert` is `nd.cast`: integers wrap to a narrower width and sign-extend (or
//! zero-extend, if unsigned) to a wider one; floats round to nearest; floats
//! become integers by truncation toward zero (StableHLO leaves values out of the
//! target's range unspecified: `nd.cast` saturates, and NaN becomes 0); any
//! nonzero value becomes `true` as `i1`. Those are StableHLO's rules.

use crate::{Converter, Pattern};
use tensor_dialect_nd::constant::CastOp;
use tensor_dialect_nd::elementwise as nd;
use tensor_dialect_stablehlo::elementwise as shlo;
use tensor_ir::{OpId, Signedness, Type, TypeKind, Value};

/// The integer class of an element type.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum IntClass {
    /// `i1`.
    Bool,
    /// Signless or signed, wider than one bit.
    Signed,
    /// Unsigned.
    Unsigned,
}

/// The integer class of `elem`, or `None` for floats and anything else.
pub fn int_class(cv: &Converter<'_>, elem: Type) -> Option<IntClass> {
    match cv.b.ctx.type_kind(elem) {
        TypeKind::Integer { width: 1, .. } => Some(IntClass::Bool),
        TypeKind::Integer {
            signedness: Signedness::Unsigned,
            ..
        } => Some(IntClass::Unsigned),
        TypeKind::Integer { .. } | TypeKind::Index => Some(IntClass::Signed),
        _ => None,
    }
}

/// The integer class of the element type of operand 0 of `op`.
fn operand_class(cv: &Converter<'_>, op: OpId) -> Result<Option<IntClass>, tensor_ir::Diagnostic> {
    let v = cv.operand(op, 0)?;
    let t = cv.b.module.value_type(v);
    Ok(cv.elem(t).and_then(|e| int_class(cv, e)))
}

/// Refuses integer operands of `classes`, saying why.
fn refuse_ints(
    cv: &Converter<'_>,
    op: OpId,
    classes: &[IntClass],
    why: &str,
) -> Result<(), tensor_ir::Diagnostic> {
    match operand_class(cv, op)? {
        Some(c) if classes.contains(&c) => Err(cv.refuse(op, why)),
        _ => Ok(()),
    }
}

/// What `divide` cannot convert.
pub(crate) fn check_divide(cv: &Converter<'_>, op: OpId) -> Result<(), tensor_ir::Diagnostic> {
    refuse_ints(
        cv,
        op,
        &[IntClass::Bool, IntClass::Signed, IntClass::Unsigned],
        "has no exact nd form for integers: StableHLO's integer division truncates toward \
         zero, nd.div floors (and their divisions by zero differ)",
    )
}

/// What `power` cannot convert.
pub(crate) fn check_power(cv: &Converter<'_>, op: OpId) -> Result<(), tensor_ir::Diagnostic> {
    refuse_ints(
        cv,
        op,
        &[IntClass::Bool, IntClass::Signed],
        "has no exact nd form for signed integers or i1: for a negative exponent StableHLO \
         gives 1 or -1 when the base is 1 or -1, nd.pow gives 0",
    )
}

/// What `subtract` cannot convert.
pub(crate) fn check_subtract(cv: &Converter<'_>, op: OpId) -> Result<(), tensor_ir::Diagnostic> {
    refuse_ints(
        cv,
        op,
        &[IntClass::Bool],
        "has no nd form for i1: StableHLO defines no subtraction of booleans",
    )
}

/// `remainder`: always refused.
pub(crate) fn remainder(cv: &mut Converter<'_>, op: OpId) -> Result<(), tensor_ir::Diagnostic> {
    Err(cv.refuse(
        op,
        "has no exact nd form: StableHLO's remainder has the sign of the dividend (C's fmod), \
         nd.rem the sign of the divisor (NumPy's)",
    ))
}

/// `add`: `nd.add`, but `nd.or` on `i1` (StableHLO's sum of booleans is their or;
/// `nd.add` on `i1` is xor).
fn add(cv: &mut Converter<'_>, op: OpId) -> Result<(), tensor_ir::Diagnostic> {
    add_with(cv, op, None)
}

/// [`add`] with CHLO's `broadcast_dimensions`.
pub(crate) fn add_with(
    cv: &mut Converter<'_>,
    op: OpId,
    dims: Option<&[i64]>,
) -> Result<(), tensor_ir::Diagnostic> {
    let (l, r) = (cv.operand(op, 0)?, cv.operand(op, 1)?);
    if operand_class(cv, op)? == Some(IntClass::Bool) {
        cv.rewrite(
            op,
            |cv, loc, t| nd::OrOp::build(&mut cv.b, loc, l, r, dims, t),
            |h, m| h.result(m),
        )
    } else {
        cv.rewrite(
            op,
            |cv, loc, t| nd::AddOp::build(&mut cv.b, loc, l, r, dims, t),
            |h, m| h.result(m),
        )
    }
}

/// Patterns `from => to`: the StableHLO binary op `from` is the `nd` op `to`
/// (after the check, if any).
macro_rules! binary {
    ($($from:ident => $to:ident $(if $check:ident)?;)*) => {
        &[$((shlo::$from::NAME, |cv: &mut Converter<'_>, op: OpId| {
            $($check(cv, op)?;)?
            let (l, r) = (cv.operand(op, 0)?, cv.operand(op, 1)?);
            cv.rewrite(
                op,
                |cv, loc, t| nd::$to::build(&mut cv.b, loc, l, r, None, t),
                |h, m| h.result(m),
            )
        })),*]
    };
}

/// Patterns `from => to` of unary ops.
macro_rules! unary {
    ($($from:ident => $to:ident;)*) => {
        &[$((shlo::$from::NAME, |cv: &mut Converter<'_>, op: OpId| {
            let x = cv.operand(op, 0)?;
            cv.rewrite(op, |cv, loc, t| nd::$to::build(&mut cv.b, loc, x, t), |h, m| h.result(m))
        })),*]
    };
}

const BINARY: &[(&str, Pattern)] = binary! {
    SubtractOp => SubOp if check_subtract;
    MultiplyOp => MulOp;
    DivideOp => DivOp if check_divide;
    PowerOp => PowOp if check_power;
    MaximumOp => MaxOp;
    MinimumOp => MinOp;
    AndOp => AndOp;
    OrOp => OrOp;
    XorOp => XorOp;
};

const UNARY: &[(&str, Pattern)] = unary! {
    NotOp => NotOp;
    NegateOp => NegOp;
    AbsOp => AbsOp;
    SignOp => SignOp;
    ExpOp => ExpOp;
    Expm1Op => Expm1Op;
    LogOp => LogOp;
    Log1pOp => Log1pOp;
    LogisticOp => LogisticOp;
    SqrtOp => SqrtOp;
    RsqrtOp => RsqrtOp;
    TanhOp => TanhOp;
    SineOp => SinOp;
    CosineOp => CosOp;
    FloorOp => FloorOp;
    CeilOp => CeilOp;
    RoundEvenOp => RoundEvenOp;
};

/// `nd.cmp`'s predicate for a StableHLO comparison direction.
pub fn predicate(direction: &str) -> Option<&'static str> {
    Some(match direction {
        "EQ" => "eq",
        "NE" => "ne",
        "LT" => "lt",
        "LE" => "le",
        "GT" => "gt",
        "GE" => "ge",
        _ => return None,
    })
}

/// Why a comparison of `class` elements (`None`: floats) with `compare_type`
/// has no exact `nd.cmp`, if it has none.
pub fn compare_refusal(
    class: Option<IntClass>,
    compare_type: Option<&str>,
) -> Option<&'static str> {
    match (compare_type.unwrap_or("NOTYPE"), class) {
        ("TOTALORDER", _) => Some(
            "has no exact nd form with comparison type TOTALORDER: nd.cmp compares floats as \
             IEEE 754 does (NaN unordered, -0.0 == 0.0)",
        ),
        ("UNSIGNED", Some(IntClass::Signed)) => Some(
            "has no exact nd form: it compares signed or signless integers as UNSIGNED, nd.cmp \
             compares them as signed",
        ),
        ("SIGNED", Some(IntClass::Unsigned)) => Some(
            "has no exact nd form: it compares unsigned integers as SIGNED, nd.cmp compares \
             them as unsigned",
        ),
        ("FLOAT", Some(_)) => Some("compares integers with comparison type FLOAT"),
        ("SIGNED" | "UNSIGNED", None) => Some("compares floats with an integer comparison type"),
        _ => None,
    }
}

/// Builds `nd.cmp` for a comparison of `l` and `r` in `direction` of
/// `compare_type`, at `op`'s location, with the broadcast dimensions (CHLO's).
pub fn build_compare(
    cv: &mut Converter<'_>,
    op: OpId,
    (l, r): (Value, Value),
    (direction, compare_type): (&str, Option<&str>),
    broadcast_dimensions: Option<&[i64]>,
) -> Result<Value, tensor_ir::Diagnostic> {
    let class = cv
        .elem(cv.b.module.value_type(l))
        .and_then(|e| int_class(cv, e));
    if let Some(why) = compare_refusal(class, compare_type) {
        return Err(cv.refuse(op, why));
    }
    let pred = predicate(direction)
        .ok_or_else(|| cv.refuse(op, format!("has an unknown direction '{direction}'")))?;
    let t = cv.result_type(op, 0)?;
    cv.before(op);
    let loc = cv.location(op);
    let h = nd::CmpOp::build(&mut cv.b, loc, l, r, broadcast_dimensions, pred, t);
    Ok(cv.built(op, h)?.result(cv.b.module))
}

/// `compare`: `nd.cmp`.
fn compare(cv: &mut Converter<'_>, op: OpId) -> Result<(), tensor_ir::Diagnostic> {
    let h = shlo::CompareOp::cast(cv.b.ctx, cv.b.module, op)
        .ok_or_else(|| cv.refuse(op, "is malformed"))?;
    let (l, r) = (h.lhs(cv.b.module), h.rhs(cv.b.module));
    let direction = h.comparison_direction(cv.b.ctx, cv.b.module).to_owned();
    let compare_type = h.compare_type(cv.b.ctx, cv.b.module).map(str::to_owned);
    let v = build_compare(cv, op, (l, r), (&direction, compare_type.as_deref()), None)?;
    cv.replace(op, &[v])
}

/// `select`: `nd.select` (a 0-D predicate broadcasts, as StableHLO's does).
pub(crate) fn select(cv: &mut Converter<'_>, op: OpId) -> Result<(), tensor_ir::Diagnostic> {
    let (p, a, b) = (cv.operand(op, 0)?, cv.operand(op, 1)?, cv.operand(op, 2)?);
    cv.rewrite(
        op,
        |cv, loc, t| nd::SelectOp::build(&mut cv.b, loc, p, a, b, t),
        |h, m| h.result(m),
    )
}

/// `clamp(min, x, max)`: `nd.clamp(x, min, max)` (0-D bounds broadcast; both
/// are `min(max(x, lo), hi)` with NaN propagating).
fn clamp(cv: &mut Converter<'_>, op: OpId) -> Result<(), tensor_ir::Diagnostic> {
    let (lo, x, hi) = (cv.operand(op, 0)?, cv.operand(op, 1)?, cv.operand(op, 2)?);
    cv.rewrite(
        op,
        |cv, loc, t| nd::ClampOp::build(&mut cv.b, loc, x, lo, hi, t),
        |h, m| h.result(m),
    )
}

/// `convert`: `nd.cast` (see the module's documentation for the rules).
fn convert(cv: &mut Converter<'_>, op: OpId) -> Result<(), tensor_ir::Diagnostic> {
    let x = cv.operand(op, 0)?;
    cv.rewrite(
        op,
        |cv, loc, t| CastOp::build(&mut cv.b, loc, x, t),
        |h, m| h.result(m),
    )
}

const OTHERS: &[(&str, Pattern)] = &[
    (shlo::AddOp::NAME, add),
    (shlo::RemainderOp::NAME, remainder),
    (shlo::CompareOp::NAME, compare),
    (shlo::SelectOp::NAME, select),
    (shlo::ClampOp::NAME, clamp),
    (shlo::ConvertOp::NAME, convert),
];

/// This module's patterns.
pub const PATTERNS: &[&[(&str, Pattern)]] = &[BINARY, UNARY, OTHERS];
