//! The scalar functions per kind, and the table against the op definitions.

use super::*;
use crate::elementwise::{AddOp, AndOp, Atan2Op, DivOp, ExpOp, NegOp, TanhOp};
use half::{bf16, f16};

#[test]
fn integer_division_floors_like_numpy() {
    assert_eq!(I32::div(7, 2), 3);
    assert_eq!(I32::div(-7, 2), -4);
    assert_eq!(I32::div(7, -2), -4);
    assert_eq!(I32::div(-7, -2), 3);
    assert_eq!(I32::rem(-7, 2), 1);
    assert_eq!(I32::rem(7, -2), -1);
    assert_eq!(I32::div(i32::MIN, -1), i32::MIN);
    assert_eq!(I32::rem(i32::MIN, -1), 0);
    assert_eq!(U8::div(250, 7), 35);
}

#[test]
fn integers_wrap() {
    assert_eq!(I8::add(127, 1), -128);
    assert_eq!(U8::sub(0, 1), 255);
    assert_eq!(I16::mul(300, 300), 24464);
    assert_eq!(I8::abs(-128), -128);
    assert_eq!(I8::neg(-128), -128);
    assert_eq!(I32::pow(3, 4), 81);
    assert_eq!(I8::pow(2, 7), -128);
    assert_eq!(U64::pow(2, 64), 0);
    assert_eq!(Idx::xor(6, 3), 5);
}

/// IEEE 754-2019 `maximum`/`minimum`: `-0.0 < +0.0` in either order, so a max
/// or min reduction gives one answer whatever order it combines in.
#[test]
fn zeros_are_ordered_by_sign() {
    let bits = |x: f32| x.to_bits();
    for (a, b) in [(-0.0f32, 0.0f32), (0.0, -0.0)] {
        assert_eq!(bits(F32::max(a, b)), bits(0.0));
        assert_eq!(bits(F32::min(a, b)), bits(-0.0));
    }
    assert_eq!(F64::max(-0.0, 0.0).to_bits(), 0.0f64.to_bits());
    assert_eq!(F64::min(0.0, -0.0).to_bits(), (-0.0f64).to_bits());
    let (pz, nz) = (f16::from_f32(0.0), f16::from_f32(-0.0));
    assert_eq!(F16::max(nz, pz).to_bits(), pz.to_bits());
    assert_eq!(F16::min(pz, nz).to_bits(), nz.to_bits());
    let (pz, nz) = (bf16::from_f32(0.0), bf16::from_f32(-0.0));
    assert_eq!(BF16::max(nz, pz).to_bits(), pz.to_bits());
    assert_eq!(BF16::min(pz, nz).to_bits(), nz.to_bits());
    // Equal values other than zeros are themselves.
    assert_eq!(F32::max(2.5, 2.5), 2.5);
    assert_eq!(F32::min(-3.0, -3.0), -3.0);
}

#[test]
fn floats_follow_numpy() {
    assert!(F32::max(f32::NAN, 1.0).is_nan());
    assert!(F32::max(1.0, f32::NAN).is_nan());
    assert!(F64::min(f64::NAN, 1.0).is_nan());
    assert_eq!(F64::rem(-1.0, 3.0), 2.0);
    assert_eq!(F64::rem(1.0, -3.0), -2.0);
    assert!(F64::rem(1.0, 0.0).is_nan());
    assert_eq!(
        F16::add(f16::from_f32(1.0), f16::from_f32(2.0)).to_f32(),
        3.0
    );
    assert_eq!(BF16::sqrt(bf16::from_f32(4.0)).to_f32(), 2.0);
    assert_eq!(F64::tanh(0.0), 0.0);
}

#[test]
fn bits_are_integers_modulo_two() {
    assert_eq!(I1::add(1, 1), 0);
    assert_eq!(I1::mul(1, 1), 1);
    assert_eq!(I1::pow(0, 0), 1);
    assert_eq!(I1::max(0, 1), 1);
    assert_eq!(I1::xor(1, 1), 0);
}

/// `atan2(y, x)` at C's special points, as NumPy's `arctan2`; y first.
#[test]
fn atan2_takes_y_first_with_signed_zeros() {
    use std::f64::consts::PI;
    assert_eq!(F64::atan2(1.0, 0.0), PI / 2.0);
    assert_eq!(F64::atan2(0.0, -1.0), PI);
    assert_eq!(F64::atan2(-0.0, -1.0), -PI);
    assert!(F64::atan2(-0.0, 0.0).is_sign_negative());
    assert_eq!(
        F32::atan2(f32::INFINITY, f32::NEG_INFINITY),
        3.0 * std::f32::consts::FRAC_PI_4
    );
    assert!(F32::atan2(f32::NAN, 1.0).is_nan());
    // Half precision: in f32, rounded once.
    assert_eq!(
        F16::atan2(f16::from_f32(-0.0), f16::from_f32(-1.0)),
        f16::from_f32(-3.140625)
    );
    assert_eq!(Atan2Op::SCALAR.arity(), 2);
    assert!(!Atan2Op::SCALAR.defined_for(ElemKind::Signed));
}

#[test]
fn the_op_types_carry_their_functions() {
    assert_eq!(AddOp::SCALAR, ScalarFn::Arith(Arith::Add));
    assert_eq!(AndOp::SCALAR, ScalarFn::Bitwise(Bitwise::And));
    assert_eq!(TanhOp::SCALAR, ScalarFn::Float(FloatFn::Tanh));
    assert_eq!(NegOp::SCALAR.arity(), 1);
    assert!(DivOp::SCALAR.partial_on_integers());
    assert!(!ExpOp::SCALAR.defined_for(ElemKind::Signed));
    assert!(ExpOp::SCALAR.defined_for(ElemKind::Float));
    assert!(AndOp::SCALAR.defined_for(ElemKind::Bool));
    assert!(!AndOp::SCALAR.defined_for(ElemKind::Float));
}

/// The table names each op once, each a registered `nd` op whose operand count is
/// the function's arity; every other `nd` op that is elementwise in the
/// Broadcastable sense and keeps its element type is cmp or select.
#[test]
fn the_table_matches_the_definitions() {
    let mut seen = Vec::new();
    for (name, f) in ops() {
        let def = crate::DIALECT
            .ops
            .iter()
            .find(|d| d.name == name)
            .unwrap_or_else(|| panic!("{name} is not an nd op"));
        assert_eq!(def.operands.map(<[_]>::len), Some(f.arity()), "{name}");
        assert!(!seen.contains(&name), "{name} twice");
        seen.push(name);
    }
    assert_eq!(seen.len(), 30);
    assert_eq!(
        ops().filter(|(_, f)| f.arity() == 1).count(),
        crate::elementwise::UNARY.len()
    );
}

#[test]
fn comparisons_are_ieee_and_named_by_the_keywords() {
    assert_eq!(crate::CmpPredicate::KEYWORDS.len(), Compare::ALL.len());
    for (k, c) in crate::CmpPredicate::KEYWORDS.iter().zip(Compare::ALL) {
        assert_eq!(Compare::from_keyword(k), Some(c));
        assert_eq!(format!("{c:?}").to_lowercase(), *k);
        // Only `ne` holds for NaN.
        assert_eq!(c.holds(f64::NAN, 1.0), c == Compare::Ne, "{k}");
    }
    assert_eq!(Compare::from_keyword("lte"), None);
    assert!(Compare::Lt.holds(1.0f32, 2.0) && !Compare::Gt.holds(1, 2));
    assert!(Compare::Le.holds(-0.0f64, 0.0) && Compare::Ge.holds(0u8, 0));
    assert!(!Compare::Lt.holds(bf16::NAN, bf16::ONE));
    assert!(Compare::Le.holds(f16::from_f32(1.0), f16::from_f32(1.0)));
}

#[test]
fn round_even_not_and_erf_keep_their_edges() {
    use super::{BitwiseScalar, FloatScalar, I1, I8, U8};
    // Ties to even, the sign of zero kept (np.rint).
    assert_eq!(F64::round_even(2.5), 2.0);
    assert_eq!(F64::round_even(-0.5).to_bits(), (-0.0f64).to_bits());
    assert_eq!(F32::round_even(3.5), 4.0);
    assert_eq!(F16::round_even(f16::from_f32(-1.5)), f16::from_f32(-2.0));
    // Bitwise on integers, logical on i1 (np.invert).
    assert_eq!(I8::not(0), -1);
    assert_eq!(I8::not(i8::MIN), i8::MAX);
    assert_eq!(U8::not(1), 254);
    assert_eq!((I1::not(0), I1::not(1)), (1, 0));
    // erf: odd, 1 at +inf, NaN kept.
    assert_eq!(F64::erf(-0.0).to_bits(), (-0.0f64).to_bits());
    assert_eq!(F64::erf(f64::INFINITY), 1.0);
    assert!(F32::erf(f32::NAN).is_nan());
    assert!((F64::erf(0.5) - 0.520_499_877_813_046_5).abs() < 1e-16);
}

#[test]
fn sign_keeps_zeros_and_nan() {
    use super::{I1, I8, Idx};
    assert_eq!(F64::sign(-3.5), -1.0);
    assert_eq!(F64::sign(f64::INFINITY), 1.0);
    assert_eq!(F64::sign(-0.0).to_bits(), (-0.0f64).to_bits());
    assert!(F32::sign(f32::NAN).is_nan());
    assert_eq!(BF16::sign(bf16::from_f32(-0.25)), bf16::from_f32(-1.0));
    assert_eq!(F16::sign(f16::from_f32(0.0)).to_bits(), 0);
    assert_eq!((I8::sign(i8::MIN), I8::sign(0), I8::sign(9)), (-1, 0, 1));
    assert_eq!(Idx::sign(i64::MIN), -1);
    assert_eq!(I1::sign(1), 1);
}

/// Each op's verifier accepts exactly the element kinds its function is
/// defined for.
#[test]
fn constraints_accept_the_kinds() {
    use tensor_ir::Signedness;
    use tensor_ir::float::FloatKind;
    use tensor_ir::ods::Subject;
    let mut ctx = tensor_ir::Context::new();
    let elems = [
        (ctx.float_type(FloatKind::F32), ElemKind::Float),
        (ctx.float_type(FloatKind::BF16), ElemKind::Float),
        (ctx.i(32), ElemKind::Signed),
        (ctx.int_type(8, Signedness::Signed), ElemKind::Signed),
        (ctx.index_type(), ElemKind::Signed),
        (ctx.int_type(8, Signedness::Unsigned), ElemKind::Unsigned),
        (ctx.i(1), ElemKind::Bool),
    ];
    for (name, f) in ops() {
        for (elem, kind) in elems {
            let t = ctx.tensor_type(&[4], elem);
            let subject = Subject {
                ctx: &ctx,
                what: "operand",
                index: 0,
                ty: t,
            };
            let def = crate::DIALECT.ops.iter().find(|d| d.name == name);
            let operands = def.and_then(|d| d.operands.map(<[_]>::first)).flatten();
            let constraint = operands.expect("an operand").constraint;
            let accepted = (constraint.check)(&ctx, t, &subject).is_none();
            assert_eq!(accepted, f.defined_for(kind), "{name} on {}", ctx.ty(elem));
        }
    }
}

/// The declared bodies against NumPy near 0, where `log(1 + x)` and `exp(x) - 1`
/// lose every digit, and at the ends (values from `np.log1p`, `np.expm1` and a
/// stable `expit`).
#[test]
fn log1p_expm1_and_logistic_are_numpys() {
    assert_eq!(F64::log1p(1e-10), 9.999999999500001e-11);
    assert_eq!(F64::expm1(1e-10), 1.00000000005e-10);
    assert_eq!(F64::expm1(-1e-7), -9.999999500000016e-08);
    assert_eq!(F32::log1p(1e-10), 1e-10);
    assert_eq!(F32::expm1(1e-10), 1e-10);
    assert_eq!(F64::log1p(-1.0), f64::NEG_INFINITY);
    assert!(F64::log1p(-2.0).is_nan());
    assert_eq!(F64::expm1(f64::INFINITY), f64::INFINITY);
    assert_eq!(F64::expm1(f64::NEG_INFINITY), -1.0);
    assert!(F64::log1p(-0.0).is_sign_negative() && F64::expm1(-0.0).is_sign_negative());
    assert_eq!(F64::logistic(-1000.0), 0.0);
    assert_eq!(F64::logistic(1000.0), 1.0);
    assert_eq!(F32::logistic(-30.0), 9.357623e-14);
    assert!(F16::logistic(f16::NAN).is_nan());
    // exp(-15) / (1 + exp(-15)), computed in f32: a subnormal f16, not 0.
    assert_eq!(
        F16::logistic(f16::from_f32(-15.0)),
        f16::from_f32(3.059_022e-7)
    );
}

/// `f` against `reference` in `f64` rounded once, on every 211th `f32` bit
/// pattern (about 20 million values, both signs, subnormals to infinities):
/// each within one ulp (NaN for NaN); returns how many differ, and of how many.
fn ulps_off_f64(f: impl Fn(f32) -> f32, reference: impl Fn(f64) -> f64) -> (u32, u32) {
    let (mut checked, mut off) = (0u32, 0u32);
    for bits in (0..u32::MAX).step_by(211) {
        let x = f32::from_bits(bits);
        let (got, want) = (f(x), reference(f64::from(x)) as f32);
        if x.is_nan() {
            assert!(got.is_nan());
            continue;
        }
        checked += 1;
        if got.to_bits() != want.to_bits() {
            off += 1;
            assert!(
                got.to_bits().abs_diff(want.to_bits()) <= 1,
                "f({x:e}) = {got:e}, want {want:e}"
            );
        }
    }
    assert!(checked > 15_000_000);
    (off, checked)
}

/// `exp_f32` is the `f64` exp rounded once: across a sweep of every 211th `f32`
/// bit pattern it is within one ulp of it, and equal to it but for rare ties;
/// overflow, underflow into and out of the subnormals, and the special values
/// are exact.
#[test]
fn f32_exp_is_the_f64_exp_rounded() {
    let (off, checked) = ulps_off_f64(float::exp_f32, f64::exp);
    assert!(
        off * 1_000_000 < checked,
        "{off} of {checked} off by an ulp"
    );
    // The last finite result and the first overflow; the smallest subnormal
    // and the first 0; exact values.
    let max_arg = f32::MAX.ln();
    for x in [
        0.0f32,
        -0.0,
        1.0,
        -1.0,
        max_arg,
        f32::from_bits(max_arg.to_bits() + 1),
        -87.336_55,
        -103.278_93,
        -103.972_08,
        -103.972_09,
        -104.0,
        1e-30,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::MAX,
        f32::MIN,
    ] {
        let want = f64::from(x).exp() as f32;
        assert_eq!(float::exp_f32(x).to_bits(), want.to_bits(), "exp({x:e})");
    }
    assert_eq!(float::exp_f32(0.0), 1.0);
    assert_eq!(float::exp_f32(max_arg + 1e-5), f32::INFINITY);
    assert_eq!(float::exp_f32(-110.0), 0.0);
    assert!(float::exp_f32(f32::NAN).is_nan());
    // Half floats round the f32 result.
    assert_eq!(F16::exp(f16::from_f32(0.5)), f16::from_f32(0.5f32.exp()));
}

/// `tanh_f32` is the `f64` tanh rounded once: across a sweep of every 211th
/// `f32` bit pattern (about 20 million values, both signs, subnormals to
/// infinities) it is within one ulp of it, and equal to it but for rare
/// double-rounding ties; the special values keep their sign.
#[test]
fn f32_tanh_is_the_f64_tanh_rounded() {
    let (off, checked) = ulps_off_f64(float::tanh_f32, f64::tanh);
    assert!(off * 10_000 < checked, "{off} of {checked} off by an ulp");
    for (x, y) in [
        (0.0f32, 0.0f32),
        (-0.0, -0.0),
        (f32::INFINITY, 1.0),
        (f32::NEG_INFINITY, -1.0),
        (1e-30, 1e-30),
        (-20.0, -1.0),
    ] {
        assert_eq!(float::tanh_f32(x).to_bits(), y.to_bits(), "tanh({x})");
    }
    assert!(float::tanh_f32(f32::NAN).is_nan());
    // Half floats round the f32 result.
    assert_eq!(F16::tanh(f16::from_f32(0.5)), f16::from_f32(0.5f32.tanh()));
}
