//! Ops that compute: elementwise ops (`linalg.map` over `arith`/`math` scalar ops),
//! `nd.cast`, `nd.constant` (`arith.constant`), `nd.reduce` (`linalg.reduce`, then
//! `tensor.expand_shape` for `keep_dims`); `nd.matmul` is in [`crate::matmul`],
//! `nd.dynamic_reduce` in [`crate::dynamic_reduce`].
//!
//! The scalar ops follow the interpreter's semantics: integer `div` and `rem` are
//! NumPy's floor division and remainder (the divisor's sign), `max`/`min` of floats
//! propagate NaN (`arith.maximumf`), `ne` of floats is unordered.

use smallvec::SmallVec;
use tensor_ir::float::FloatKind;
use tensor_ir::{OpId, Type, Value};

use tensor_dialect_nd::constant::CastOp;
use tensor_dialect_nd::elementwise::{ClampOp, CmpOp, SelectOp};
use tensor_dialect_nd::scalar::{self, Arith, Bitwise, FloatFn, ScalarFn};

use crate::emit::{Exporter, Scalar, XResult};
use crate::shapes::Results;

/// What an elementwise op computes per element, as the export reads it: the
/// function its definition declares, or the three ops whose semantics are not a
/// function of one element kind.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Elementwise {
    /// An op with declared scalar semantics ([`tensor_dialect_nd::scalar::ops`]).
    Fn(ScalarFn),
    /// `nd.cmp`.
    Cmp,
    /// `nd.select`.
    Select,
    /// `nd.clamp`: the `max` of [`Arith::Max`] then the `min` of [`Arith::Min`].
    Clamp,
    /// `nd.cast`.
    Cast,
}

impl Elementwise {
    /// The elementwise computation of the op named `name`, if it has one.
    pub(crate) fn of(name: &str) -> Option<Elementwise> {
        if let Some((_, f)) = scalar::ops().find(|&(n, _)| n == name) {
            return Some(Elementwise::Fn(f));
        }
        match name {
            CmpOp::NAME => Some(Elementwise::Cmp),
            SelectOp::NAME => Some(Elementwise::Select),
            ClampOp::NAME => Some(Elementwise::Clamp),
            CastOp::NAME => Some(Elementwise::Cast),
            _ => None,
        }
    }
}

/// The `arith` or `math` op that computes `f` on floats (`float`) or integers:
/// the export writes it (with the checks and fix-ups a partial or floored
/// function needs) and the import recognises a body by it
/// ([`crate::import`]'s hints), so the two directions are one table. The match
/// is exhaustive: a new function is found here. A function declared as a
/// [`FloatFn::body`] is written as its steps ([`body`]); its entry is the op that
/// marks the body for the import (which keeps the op only if its export is the
/// body).
pub(crate) fn upstream_op(f: ScalarFn, float: bool) -> &'static str {
    let pick = |a: &'static str, b: &'static str| if float { a } else { b };
    match f {
        ScalarFn::Arith(a) => match a {
            Arith::Add => pick("arith.addf", "arith.addi"),
            Arith::Sub => pick("arith.subf", "arith.subi"),
            Arith::Mul => pick("arith.mulf", "arith.muli"),
            Arith::Div => pick("arith.divf", "arith.floordivsi"),
            Arith::Rem => pick("arith.remf", "arith.remsi"),
            Arith::Pow => pick("math.powf", "math.ipowi"),
            Arith::Max => pick("arith.maximumf", "arith.maxsi"),
            Arith::Min => pick("arith.minimumf", "arith.minsi"),
            // Integers negate as `0 - a`.
            Arith::Neg => pick("arith.negf", "arith.subi"),
            Arith::Abs => pick("math.absf", "math.absi"),
            // Two selects on compares with 0 (see `sign`).
            Arith::Sign => "arith.select",
        },
        ScalarFn::Bitwise(b) => match b {
            Bitwise::And => "arith.andi",
            Bitwise::Or => "arith.ori",
            // With an all-ones constant.
            Bitwise::Xor | Bitwise::Not => "arith.xori",
        },
        ScalarFn::Float(g) => match g {
            FloatFn::Exp => "math.exp",
            FloatFn::Log => "math.log",
            FloatFn::Sqrt => "math.sqrt",
            FloatFn::Tanh => "math.tanh",
            FloatFn::Sin => "math.sin",
            FloatFn::Cos => "math.cos",
            FloatFn::Floor => "math.floor",
            FloatFn::Ceil => "math.ceil",
            FloatFn::Rsqrt => "math.rsqrt",
            FloatFn::Atan2 => "math.atan2",
            FloatFn::RoundEven => "math.roundeven",
            FloatFn::Erf => "math.erf",
            FloatFn::Log1p => "math.log",
            FloatFn::Expm1 => "math.exp",
            FloatFn::Logistic => "math.exp",
        },
    }
}

/// An elementwise op's scalar computation, on block arguments of the operands'
/// element types, returning the result element.
fn scalar_op(x: &mut Exporter<'_>, what: Elementwise, args: &[Value], out: Type) -> XResult<Value> {
    let a = args[0];
    let kind = x.scalar(x.b.module.value_type(a))?;
    let float = matches!(kind, Scalar::Float(_));
    if kind == Scalar::Int(1)
        && let Some(v) = boolean_op(x, what, args)?
    {
        return Ok(v);
    }
    let f = match what {
        Elementwise::Fn(f) => f,
        Elementwise::Select => return x.one("arith.select", &args[..3], out, &[]),
        Elementwise::Clamp => {
            let low = scalar_op(x, Elementwise::Fn(Arith::Max.scalar()), &args[..2], out)?;
            return scalar_op(
                x,
                Elementwise::Fn(Arith::Min.scalar()),
                &[low, args[2]],
                out,
            );
        }
        Elementwise::Cmp => return cmp(x, a, args[1], float),
        Elementwise::Cast => return cast(x, a, out),
    };
    if let ScalarFn::Float(g) = f
        && let Some(steps) = g.body()
    {
        return body(x, steps, a);
    }
    let op = upstream_op(f, float);
    match f {
        ScalarFn::Arith(Arith::Div) if !float => {
            let b = checked_divisor(x, a, args[1])?;
            x.bin(op, a, b)
        }
        ScalarFn::Arith(Arith::Rem) if float => rem(x, a, args[1], true),
        ScalarFn::Arith(Arith::Rem) => {
            let b = checked_divisor(x, a, args[1])?;
            rem(x, a, b, false)
        }
        ScalarFn::Arith(Arith::Pow) if !float => {
            let zero = x.scalar_const(x.b.module.value_type(a), 0, 0.0)?;
            let ok = x.cmpi(5, args[1], zero)?;
            x.assert(
                ok,
                "raises integers to a negative power: operand #1 is negative (NumPy refuses \
                 this too)",
            )?;
            x.bin(op, a, args[1])
        }
        ScalarFn::Arith(Arith::Neg) if !float => {
            let zero = x.scalar_const(x.b.module.value_type(a), 0, 0.0)?;
            x.bin(op, zero, a)
        }
        ScalarFn::Arith(Arith::Sign) => sign(x, a, float),
        ScalarFn::Bitwise(Bitwise::Not) => {
            let ones = x.scalar_const(x.b.module.value_type(a), -1, 0.0)?;
            x.bin(op, a, ones)
        }
        _ if f.arity() == 1 => x.un(op, a),
        _ => x.bin(op, a, args[1]),
    }
}

/// `nd.sign`: 1 where `a > 0`, else -1 where `a < 0`, else `a` itself (0, and
/// for floats `-0.0` and NaN, as [`Arith::Sign`]); ordered float compares.
fn sign(x: &mut Exporter<'_>, a: Value, float: bool) -> XResult<Value> {
    let ty = x.b.module.value_type(a);
    let zero = x.scalar_const(ty, 0, 0.0)?;
    let (pos, neg) = if float {
        (x.cmpf(2, a, zero)?, x.cmpf(4, a, zero)?)
    } else {
        (x.cmpi(4, a, zero)?, x.cmpi(2, a, zero)?)
    };
    let one = x.scalar_const(ty, 1, 1.0)?;
    let minus_one = x.scalar_const(ty, -1, -1.0)?;
    let low = x.select(neg, minus_one, a)?;
    x.select(pos, one, low)
}

/// A function declared as steps ([`scalar::body`]) on the float `a`: one op per
/// step, in order, so the interpreter's rounding is the JIT's; `f16` and `bf16`
/// go through `f32` (`arith.extf`, the steps, `arith.truncf`), rounded once as
/// the interpreter's half kinds compute.
fn body(x: &mut Exporter<'_>, steps: scalar::body::Body, a: Value) -> XResult<Value> {
    use scalar::body::Step;
    let elem = x.b.module.value_type(a);
    let half = x.scalar(elem)? == Scalar::Float(16);
    let (a, ty) = if half {
        let wide = x.b.ctx.float_type(FloatKind::F32);
        (x.one("arith.extf", &[a], wide, &[])?, wide)
    } else {
        (a, elem)
    };
    let mut v: SmallVec<[Value; 16]> = SmallVec::new();
    v.push(a);
    for step in steps {
        let at = |s: u8| v[usize::from(s)];
        let r = match *step {
            Step::Const(c) => x.scalar_const(ty, 0, c)?,
            Step::Un(f, s) => scalar_op(x, Elementwise::Fn(f), &[at(s)], ty)?,
            Step::Bin(f, s, t) => scalar_op(x, Elementwise::Fn(f), &[at(s), at(t)], ty)?,
            Step::Pick {
                cmp,
                a,
                b,
                then,
                other,
            } => {
                let c = x.cmpf(float_predicate(cmp), at(a), at(b))?;
                x.select(c, at(then), at(other))?
            }
        };
        v.push(r);
    }
    let r = v[steps.len()];
    if half {
        x.one("arith.truncf", &[r], elem, &[])
    } else {
        Ok(r)
    }
}

/// The interpreter's message for a zero integer divisor (the export cannot name
/// the index).
pub const DIVIDES_BY_ZERO: &str =
    "divides by zero: operand #1 is 0 (integer division by zero is an error)";

/// The divisor of an integer `a / b` or `a rem b`, after a `cf.assert` that it is
/// not 0 (the interpreter's error), made 1 where the quotient overflows
/// (`MIN / -1`): the interpreter wraps that quotient to `MIN` (that is `a / 1`)
/// and its remainder to 0 (`a rem 1`), where `arith` would trap.
fn checked_divisor(x: &mut Exporter<'_>, a: Value, b: Value) -> XResult<Value> {
    let ty = x.b.module.value_type(a);
    let width = match x.scalar(ty)? {
        Scalar::Int(w) => w,
        _ => 64,
    };
    let zero = x.scalar_const(ty, 0, 0.0)?;
    let nonzero = x.cmpi(1, b, zero)?;
    x.assert(nonzero, DIVIDES_BY_ZERO)?;
    let min = x.scalar_const(ty, -(1i128 << (width - 1)), 0.0)?;
    let minus_one = x.scalar_const(ty, -1, 0.0)?;
    let one = x.scalar_const(ty, 1, 0.0)?;
    let a_min = x.cmpi(0, a, min)?;
    let b_minus_one = x.cmpi(0, b, minus_one)?;
    let overflow = x.bin("arith.andi", a_min, b_minus_one)?;
    let zero_b = x.cmpi(0, b, zero)?;
    let bad = x.bin("arith.ori", overflow, zero_b)?;
    x.select(bad, one, b)
}

/// `i1` as the interpreter's boolean (a 1-bit unsigned integer): `max` is `or`,
/// `min` is `and`, comparisons are unsigned, `a / b` is `a` and `a rem b` is
/// false once `b` is checked to be true, `a ** b` is `a or not b`, `neg` and
/// `abs` are the identity. `None` where `arith` on `i1` already agrees (`add`,
/// `sub` and `xor` wrap to exclusive or, `mul` is `and`).
fn boolean_op(x: &mut Exporter<'_>, what: Elementwise, args: &[Value]) -> XResult<Option<Value>> {
    let a = args[0];
    let ty = x.b.module.value_type(a);
    let v = match what {
        Elementwise::Fn(ScalarFn::Arith(Arith::Max)) => x.bin("arith.ori", a, args[1])?,
        Elementwise::Fn(ScalarFn::Arith(Arith::Min)) => x.bin("arith.andi", a, args[1])?,
        Elementwise::Fn(ScalarFn::Arith(Arith::Neg | Arith::Abs)) => a,
        Elementwise::Fn(ScalarFn::Arith(d @ (Arith::Div | Arith::Rem))) => {
            let zero = x.scalar_const(ty, 0, 0.0)?;
            let nonzero = x.cmpi(1, args[1], zero)?;
            x.assert(nonzero, DIVIDES_BY_ZERO)?;
            if d == Arith::Div { a } else { zero }
        }
        Elementwise::Fn(ScalarFn::Arith(Arith::Pow)) => {
            let one = x.scalar_const(ty, 1, 0.0)?;
            let not_b = x.bin("arith.xori", args[1], one)?;
            x.bin("arith.ori", a, not_b)?
        }
        Elementwise::Cmp => {
            let p = predicates(x)?;
            x.cmpi(p.unsigned, a, args[1])?
        }
        _ => return Ok(None),
    };
    Ok(Some(v))
}

/// NumPy's remainder: the truncated remainder, plus the divisor where their signs
/// differ; a float remainder of zero takes the divisor's sign (Python's `%`).
fn rem(x: &mut Exporter<'_>, a: Value, b: Value, float: bool) -> XResult<Value> {
    let ty = x.b.module.value_type(a);
    let zero = x.scalar_const(ty, 0, 0.0)?;
    let (r, nonzero, r_neg, b_neg) = if float {
        let r = x.bin("arith.remf", a, b)?;
        (
            r,
            x.cmpf(13, r, zero)?,
            x.cmpf(4, r, zero)?,
            x.cmpf(4, b, zero)?,
        )
    } else {
        let r = x.bin("arith.remsi", a, b)?;
        (
            r,
            x.cmpi(1, r, zero)?,
            x.cmpi(2, r, zero)?,
            x.cmpi(2, b, zero)?,
        )
    };
    let signs = x.bin("arith.xori", r_neg, b_neg)?;
    let fix = x.bin("arith.andi", nonzero, signs)?;
    let adjusted = x.bin(if float { "arith.addf" } else { "arith.addi" }, r, b)?;
    let v = x.select(fix, adjusted, r)?;
    if !float {
        return Ok(v);
    }
    let signed = x.bin("math.copysign", r, b)?;
    x.select(nonzero, v, signed)
}

/// `nd.cmp`'s predicate as the `arith` predicates that compute it.
struct Predicates {
    /// `arith.cmpf`'s: ordered, but `ne` unordered (true for NaN).
    float: i64,
    /// `arith.cmpi`'s, signed.
    signed: i64,
    /// `arith.cmpi`'s, unsigned (`i1`, a 1-bit unsigned integer).
    unsigned: i64,
}

/// The `arith` predicates of the op being exported, an `nd.cmp`: one row per
/// declared comparison ([`scalar::Compare`], an exhaustive match).
fn predicates(x: &Exporter<'_>) -> XResult<Predicates> {
    let p = x.string(CmpOp::PREDICATE).unwrap_or_default();
    let compare = scalar::Compare::from_keyword(&p)
        .ok_or_else(|| x.error(format!("cannot be exported: predicate '{p}'")))?;
    let (signed, unsigned) = match compare {
        scalar::Compare::Eq => (0, 0),
        scalar::Compare::Ne => (1, 1),
        scalar::Compare::Lt => (2, 6),
        scalar::Compare::Le => (3, 7),
        scalar::Compare::Gt => (4, 8),
        scalar::Compare::Ge => (5, 9),
    };
    Ok(Predicates {
        float: float_predicate(compare),
        signed,
        unsigned,
    })
}

/// `arith.cmpf`'s predicate for `compare`: ordered, but `ne` unordered (true for
/// NaN), as IEEE and the interpreter compare.
fn float_predicate(compare: scalar::Compare) -> i64 {
    match compare {
        scalar::Compare::Eq => 1,
        scalar::Compare::Ne => 13,
        scalar::Compare::Lt => 4,
        scalar::Compare::Le => 5,
        scalar::Compare::Gt => 2,
        scalar::Compare::Ge => 3,
    }
}

/// `nd.cmp` of floats (ordered, `ne` unordered) or integers (signed).
fn cmp(x: &mut Exporter<'_>, a: Value, b: Value, float: bool) -> XResult<Value> {
    let p = predicates(x)?;
    if float {
        x.cmpf(p.float, a, b)
    } else {
        x.cmpi(p.signed, a, b)
    }
}

/// `nd.cast` of one element of `a`'s type to `to`.
fn cast(x: &mut Exporter<'_>, a: Value, to: Type) -> XResult<Value> {
    let from = x.b.module.value_type(a);
    if from == to {
        return Ok(a);
    }
    let (s, d) = (x.scalar(from)?, x.scalar(to)?);
    match (s, d) {
        (Scalar::Float(w), Scalar::Float(v)) => x.one(
            if v > w { "arith.extf" } else { "arith.truncf" },
            &[a],
            to,
            &[],
        ),
        (Scalar::Int(_) | Scalar::Index, Scalar::Int(1)) => {
            let zero = x.scalar_const(from, 0, 0.0)?;
            x.cmpi(1, a, zero)
        }
        (Scalar::Float(_), Scalar::Int(1)) => {
            let zero = x.scalar_const(from, 0, 0.0)?;
            x.cmpf(13, a, zero)
        }
        (Scalar::Int(1), Scalar::Float(_)) => x.one("arith.uitofp", &[a], to, &[]),
        (Scalar::Int(1), Scalar::Int(_) | Scalar::Index) => {
            let i64t = x.b.ctx.i(64);
            let wide = x.one("arith.extui", &[a], i64t, &[])?;
            cast(x, wide, to)
        }
        (Scalar::Int(w), Scalar::Int(v)) => x.one(
            if v > w { "arith.extsi" } else { "arith.trunci" },
            &[a],
            to,
            &[],
        ),
        (Scalar::Int(_), Scalar::Float(_)) => x.one("arith.sitofp", &[a], to, &[]),
        (Scalar::Float(_), Scalar::Int(w)) => saturating_fptosi(x, a, to, w),
        (Scalar::Index, Scalar::Int(_)) | (Scalar::Int(_), Scalar::Index) => {
            x.one("arith.index_cast", &[a], to, &[])
        }
        (Scalar::Index, Scalar::Float(_)) => {
            let i64t = x.b.ctx.i(64);
            let wide = x.one("arith.index_cast", &[a], i64t, &[])?;
            x.one("arith.sitofp", &[wide], to, &[])
        }
        (Scalar::Float(_), Scalar::Index) => {
            let i64t = x.b.ctx.i(64);
            let wide = saturating_fptosi(x, a, i64t, 64)?;
            x.one("arith.index_cast", &[wide], to, &[])
        }
        (Scalar::Index, Scalar::Index) => Ok(a),
    }
}

/// A float to an integer of `width` bits as the interpreter converts (Rust's
/// `as`): toward zero, saturating at the type's bounds, NaN giving 0. A bare
/// `arith.fptosi` gives poison out of range.
fn saturating_fptosi(x: &mut Exporter<'_>, a: Value, to: Type, width: u32) -> XResult<Value> {
    let fty = x.b.module.value_type(a);
    let bound = 2f64.powi(i32::try_from(width - 1).unwrap_or(63));
    let (lo, hi) = (
        x.scalar_const(fty, 0, -bound)?,
        x.scalar_const(fty, 0, bound)?,
    );
    let (min, max) = (
        x.scalar_const(to, -(1i128 << (width - 1)), 0.0)?,
        x.scalar_const(to, (1i128 << (width - 1)) - 1, 0.0)?,
    );
    let zero = x.scalar_const(to, 0, 0.0)?;
    let converted = x.one("arith.fptosi", &[a], to, &[])?;
    let below = x.cmpf(5, a, lo)?;
    let above = x.cmpf(3, a, hi)?;
    let nan = x.cmpf(14, a, a)?;
    let low = x.select(below, min, converted)?;
    let high = x.select(above, max, low)?;
    x.select(nan, zero, high)
}

/// An elementwise op (operands already of the result's shape): `linalg.map`.
pub fn elementwise(x: &mut Exporter<'_>, op: OpId) -> XResult<Results> {
    let what = Elementwise::of(x.b.ctx.str(x.b.module.op(op).name()))
        .ok_or_else(|| x.error("cannot be exported: not an elementwise op"))?;
    let operands: SmallVec<[Value; 3]> = x.b.module.operands(op).iter().copied().collect();
    let result = x.b.module.value_type(x.b.module.result(op, 0));
    let (dims, out_elem) = x.ranked_type(result)?;
    let mut inputs: SmallVec<[Value; 4]> = SmallVec::new();
    let mut elems: SmallVec<[Type; 4]> = SmallVec::new();
    for &v in &operands {
        let (_, elem) = x.ranked(v)?;
        x.scalar(elem)?;
        let shaped = x.b.ctx.tensor_type(&dims, elem);
        inputs.push(x.cast_to(v, shaped)?);
        elems.push(elem);
    }
    x.scalar(out_elem)?;
    let first = inputs[0];
    let sizes = crate::shapes::sizes_of(x, &dims, |x, j| x.dim(first, j))?;
    let init = x.empty(result, &sizes)?;
    elems.push(out_elem);
    let n = operands.len();
    let region = x.body(&elems, |x, args| {
        Ok(SmallVec::from_elem(
            scalar_op(x, what, &args[..n], out_elem)?,
            1,
        ))
    })?;
    inputs.push(init);
    let op = x.create("linalg.map", &inputs, &[result], &[], &[region])?;
    Ok(SmallVec::from_elem(x.b.module.result(op, 0), 1))
}

/// `nd.constant dense<...>`: `arith.constant` of the same attribute.
pub fn constant(x: &mut Exporter<'_>, op: OpId) -> XResult<Results> {
    let value = x
        .attr(tensor_dialect_nd::constant::ConstantOp::VALUE)
        .ok_or_else(|| x.error("cannot be exported: no value"))?;
    let ty = x.b.module.value_type(x.b.module.result(op, 0));
    let op = x.create("arith.constant", &[], &[ty], &[("value", value)], &[])?;
    Ok(SmallVec::from_elem(x.b.module.result(op, 0), 1))
}

/// `nd.assert`: `cf.assert` of its condition (read with `tensor.extract`), with
/// its message; `cf.assert` shows no values, so each `{k}` is replaced by
/// `<value k>`.
pub fn assert(x: &mut Exporter<'_>, op: OpId) -> XResult<Results> {
    let h = tensor_dialect_nd::assert::AssertOp::cast(x.b.ctx, x.b.module, op)
        .ok_or_else(|| x.error("cannot be exported: malformed"))?;
    let cond = h.condition(x.b.module);
    let message = tensor_dialect_nd::assert::format_message(h.message(x.b.ctx, x.b.module), |k| {
        Some(format!("<value {k}>"))
    });
    let i1 = x.b.ctx.i(1);
    let c = x.helper("tensor.extract", &[cond], i1, &[])?;
    x.assert(c, &message)?;
    Ok(SmallVec::new())
}

/// `linalg.fill` of a fresh tensor of type `ty` (sizes `sizes`) with `value`.
pub(crate) fn filled(
    x: &mut Exporter<'_>,
    ty: Type,
    sizes: &[Value],
    value: Value,
) -> XResult<Value> {
    let init = x.empty(ty, sizes)?;
    let elem = x.b.module.value_type(value);
    let region = x.body(&[elem, elem], |_, args| Ok(SmallVec::from_elem(args[0], 1)))?;
    let segments = x.b.ctx.i32_array_attr(&[1, 1]);
    let op = x.create(
        "linalg.fill",
        &[value, init],
        &[ty],
        &[("operandSegmentSizes", segments)],
        &[region],
    )?;
    Ok(x.b.module.result(op, 0))
}

/// A reduction `kind`'s start value on elements of `kind` (its identity, as
/// `(integer, float)` bits for [`Exporter::scalar_const`]) and the `arith` op
/// that combines two elements: `nd.reduce`'s and `nd.dynamic_reduce`'s.
pub(crate) fn combiner(
    x: &Exporter<'_>,
    name: &str,
    kind: Scalar,
) -> XResult<((i128, f64), &'static str)> {
    let float = matches!(kind, Scalar::Float(_));
    Ok(match (name, kind) {
        ("sum", _) => ((0, 0.0), if float { "arith.addf" } else { "arith.addi" }),
        ("prod", _) => ((1, 1.0), if float { "arith.mulf" } else { "arith.muli" }),
        ("max", Scalar::Float(_)) => ((0, f64::NEG_INFINITY), "arith.maximumf"),
        ("min", Scalar::Float(_)) => ((0, f64::INFINITY), "arith.minimumf"),
        ("max", Scalar::Int(1)) => ((0, 0.0), "arith.ori"),
        ("min", Scalar::Int(1)) => ((1, 0.0), "arith.andi"),
        ("max" | "min", Scalar::Int(w)) if w > 64 => {
            return Err(x.error(format!(
                "cannot be exported: a max or min reduction over i{w} (at most i64)"
            )));
        }
        ("max", Scalar::Int(w)) => ((-(1i128 << (w - 1)), 0.0), "arith.maxsi"),
        ("min", Scalar::Int(w)) => (((1i128 << (w - 1)) - 1, 0.0), "arith.minsi"),
        ("max", Scalar::Index) => ((i128::from(i64::MIN), 0.0), "arith.maxsi"),
        ("min", Scalar::Index) => ((i128::from(i64::MAX), 0.0), "arith.minsi"),
        (k, _) => return Err(x.error(format!("cannot be exported: reduction '{k}'"))),
    })
}

/// `nd.reduce kind %x across [dims] [keep_dims]`.
pub fn reduce(x: &mut Exporter<'_>, op: OpId) -> XResult<Results> {
    let input = x.b.module.operands(op)[0];
    // With an init value (0-D), the accumulator starts at it instead of the
    // identity: the kind's combination of the init and the reduction, which over
    // an empty dim is the init (so no emptiness check).
    let init_value = x.b.module.operands(op).get(1).copied();
    let result = x.b.module.value_type(x.b.module.result(op, 0));
    let (src, elem) = x.ranked(input)?;
    let kind = x.scalar(elem)?;
    let mut reduced: SmallVec<[usize; 4]> = SmallVec::new();
    for d in x.i64s(tensor_dialect_nd::reduce::ReduceOp::DIMENSIONS) {
        match usize::try_from(d) {
            Ok(d) if d < src.len() => reduced.push(d),
            _ => return Err(x.error("cannot be exported: a reduced dim out of range")),
        }
    }
    reduced.sort_unstable();
    reduced.dedup();
    let keep = x
        .attr(tensor_dialect_nd::reduce::ReduceOp::KEEP_DIMS)
        .is_some();
    let kept: SmallVec<[usize; 4]> = (0..src.len()).filter(|d| !reduced.contains(d)).collect();
    let kept_dims: SmallVec<[i64; 4]> = kept.iter().map(|&d| src[d]).collect();
    let acc_ty = x.b.ctx.tensor_type(&kept_dims, elem);
    let mut sizes = SmallVec::<[Value; 4]>::new();
    for &d in &kept {
        sizes.push(x.dim(input, d)?);
    }
    let (bits, combine) = combiner(
        x,
        &x.string(tensor_dialect_nd::reduce::ReduceOp::KIND)
            .unwrap_or_default(),
        kind,
    )?;
    if init_value.is_none()
        && matches!(
            x.string(tensor_dialect_nd::reduce::ReduceOp::KIND)
                .as_deref(),
            Some("max" | "min")
        )
    {
        check_not_empty(x, input, &src, &reduced, &sizes)?;
    }
    let start = match init_value {
        Some(v) => x.one("tensor.extract", &[v], elem, &[])?,
        None => x.scalar_const(elem, bits.0, bits.1)?,
    };
    let init = filled(x, acc_ty, &sizes, start)?;
    let region = x.body(&[elem, elem], |x, args| {
        Ok(SmallVec::from_elem(x.bin(combine, args[0], args[1])?, 1))
    })?;
    let dims: SmallVec<[i64; 4]> = reduced
        .iter()
        .map(|&d| i64::try_from(d).unwrap_or(i64::MAX))
        .collect();
    let dims = x.i64_array(&dims);
    let op = x.create(
        "linalg.reduce",
        &[input, init],
        &[acc_ty],
        &[("dimensions", dims)],
        &[region],
    )?;
    let mut out = x.b.module.result(op, 0);
    if keep {
        // Each reduced dim comes back as a 1, grouped with a kept neighbour.
        let groups = kept_groups(src.len(), &kept);
        let (res_dims, _) = x.ranked_type(result)?;
        let mut full = SmallVec::<[Value; 4]>::new();
        for (d, &n) in res_dims.iter().enumerate() {
            full.push(if reduced.contains(&d) {
                x.const_index(1)?
            } else if n == tensor_ir::DYNAMIC {
                x.dim(input, d)?
            } else {
                x.const_index(n)?
            });
        }
        out = x.expand(out, &groups, result, &full)?;
    } else {
        out = x.cast_to(out, result)?;
    }
    Ok(SmallVec::from_elem(out, 1))
}

/// tensor-run's check of a `max` or `min` reduction: an empty reduced dim has no
/// identity unless the result is empty too. Asserted unless every reduced dim is
/// a static size other than 0.
fn check_not_empty(
    x: &mut Exporter<'_>,
    input: Value,
    src: &[i64],
    reduced: &[usize],
    kept_sizes: &[Value],
) -> XResult<()> {
    if reduced
        .iter()
        .all(|&d| src[d] != tensor_ir::DYNAMIC && src[d] != 0)
    {
        return Ok(());
    }
    let product = |x: &mut Exporter<'_>, sizes: &[Value]| -> XResult<Value> {
        let mut acc = x.const_index(1)?;
        for &s in sizes {
            acc = x.bin("arith.muli", acc, s)?;
        }
        Ok(acc)
    };
    let mut red = SmallVec::<[Value; 4]>::new();
    for &d in reduced {
        red.push(x.dim(input, d)?);
    }
    let n_red = product(x, &red)?;
    let n_out = product(x, kept_sizes)?;
    let zero = x.const_index(0)?;
    let some = x.cmpi(1, n_red, zero)?;
    let none_out = x.cmpi(0, n_out, zero)?;
    let ok = x.bin("arith.ori", some, none_out)?;
    let kind = x
        .string(tensor_dialect_nd::reduce::ReduceOp::KIND)
        .unwrap_or_default();
    x.assert(
        ok,
        &format!("reduces an empty dim with '{kind}', which has no identity"),
    )
}

/// Reassociation of `rank` dims onto the `kept` ones (the others join a
/// neighbour); none for a rank-0 side.
pub(crate) fn kept_groups(rank: usize, kept: &[usize]) -> Vec<SmallVec<[usize; 4]>> {
    let mut groups: Vec<SmallVec<[usize; 4]>> = Vec::with_capacity(kept.len());
    for (g, &k) in kept.iter().enumerate() {
        let start = if g == 0 { 0 } else { k };
        let end = kept.get(g + 1).copied().unwrap_or(rank);
        groups.push((start..end).collect());
    }
    groups
}
