//! The float element types: `f32` and `f64` natively, `f16` and `bf16` through `f32`.

use super::{ElemType, Num, Wide};
use half::{bf16, f16};

/// NumPy's float `remainder`: `fmod`, moved to the divisor's sign.
#[inline(always)]
fn py_fmod64(a: f64, b: f64) -> f64 {
    let m = a % b;
    if m != 0.0 {
        if (b < 0.0) != (m < 0.0) { m + b } else { m }
    } else {
        0.0f64.copysign(b)
    }
}

#[inline(always)]
fn py_fmod32(a: f32, b: f32) -> f32 {
    let m = a % b;
    if m != 0.0 {
        if (b < 0.0) != (m < 0.0) { m + b } else { m }
    } else {
        0.0f32.copysign(b)
    }
}

macro_rules! float_num {
    ($marker:ident, $t:ty, $ty:expr, $fmod:ident, $wide:ident) => {
        pub(crate) struct $marker;
        impl Num for $marker {
            type S = $t;
            const TYPE: ElemType = $ty;
            const FLOAT: bool = true;
            #[inline(always)]
            fn zero() -> $t {
                0.0
            }
            #[inline(always)]
            fn one() -> $t {
                1.0
            }
            #[inline(always)]
            fn lowest() -> $t {
                <$t>::NEG_INFINITY
            }
            #[inline(always)]
            fn highest() -> $t {
                <$t>::INFINITY
            }
            #[inline(always)]
            fn add(a: $t, b: $t) -> $t {
                a + b
            }
            #[inline(always)]
            fn sub(a: $t, b: $t) -> $t {
                a - b
            }
            #[inline(always)]
            fn mul(a: $t, b: $t) -> $t {
                a * b
            }
            #[inline(always)]
            fn div(a: $t, b: $t) -> $t {
                a / b
            }
            #[inline(always)]
            fn rem(a: $t, b: $t) -> $t {
                $fmod(a, b)
            }
            #[inline(always)]
            fn pow(a: $t, b: $t) -> $t {
                a.powf(b)
            }
            #[inline(always)]
            fn max(a: $t, b: $t) -> $t {
                if a >= b || a.is_nan() { a } else { b }
            }
            #[inline(always)]
            fn min(a: $t, b: $t) -> $t {
                if a <= b || a.is_nan() { a } else { b }
            }
            #[inline(always)]
            fn and(a: $t, _: $t) -> $t {
                a
            }
            #[inline(always)]
            fn or(a: $t, _: $t) -> $t {
                a
            }
            #[inline(always)]
            fn xor(a: $t, _: $t) -> $t {
                a
            }
            #[inline(always)]
            fn neg(a: $t) -> $t {
                -a
            }
            #[inline(always)]
            fn abs(a: $t) -> $t {
                a.abs()
            }
            #[inline(always)]
            fn exp(a: $t) -> $t {
                a.exp()
            }
            #[inline(always)]
            fn log(a: $t) -> $t {
                a.ln()
            }
            #[inline(always)]
            fn sqrt(a: $t) -> $t {
                a.sqrt()
            }
            #[inline(always)]
            fn tanh(a: $t) -> $t {
                a.tanh()
            }
            #[inline(always)]
            fn to_wide(a: $t) -> Wide {
                Wide::$wide(a)
            }
            #[inline(always)]
            fn from_wide(w: Wide) -> $t {
                match w {
                    Wide::I(i) => i as $t,
                    Wide::U(u) => u as $t,
                    Wide::H(h) => h.to_f32() as $t,
                    Wide::B(b) => b.to_f32() as $t,
                    Wide::F(f) => f as $t,
                    Wide::D(d) => d as $t,
                }
            }
            #[inline(always)]
            fn to_f64(a: $t) -> f64 {
                a as f64
            }
        }
    };
}

float_num!(F32, f32, ElemType::F32, py_fmod32, F);
float_num!(F64, f64, ElemType::F64, py_fmod64, D);

/// The 16-bit floats: each operation in `f32`, rounded once.
macro_rules! half_num {
    ($marker:ident, $t:ident, $ty:expr, $wide:ident) => {
        pub(crate) struct $marker;
        impl $marker {
            #[inline(always)]
            fn un(a: $t, f: impl Fn(f32) -> f32) -> $t {
                $t::from_f32(f(a.to_f32()))
            }
            #[inline(always)]
            fn bin(a: $t, b: $t, f: impl Fn(f32, f32) -> f32) -> $t {
                $t::from_f32(f(a.to_f32(), b.to_f32()))
            }
        }
        impl Num for $marker {
            type S = $t;
            const TYPE: ElemType = $ty;
            const FLOAT: bool = true;
            fn zero() -> $t {
                $t::ZERO
            }
            fn one() -> $t {
                $t::ONE
            }
            fn lowest() -> $t {
                $t::NEG_INFINITY
            }
            fn highest() -> $t {
                $t::INFINITY
            }
            #[inline(always)]
            fn add(a: $t, b: $t) -> $t {
                Self::bin(a, b, |x, y| x + y)
            }
            #[inline(always)]
            fn sub(a: $t, b: $t) -> $t {
                Self::bin(a, b, |x, y| x - y)
            }
            #[inline(always)]
            fn mul(a: $t, b: $t) -> $t {
                Self::bin(a, b, |x, y| x * y)
            }
            #[inline(always)]
            fn div(a: $t, b: $t) -> $t {
                Self::bin(a, b, |x, y| x / y)
            }
            #[inline(always)]
            fn rem(a: $t, b: $t) -> $t {
                Self::bin(a, b, py_fmod32)
            }
            #[inline(always)]
            fn pow(a: $t, b: $t) -> $t {
                Self::bin(a, b, f32::powf)
            }
            #[inline(always)]
            fn max(a: $t, b: $t) -> $t {
                if a >= b || a.is_nan() { a } else { b }
            }
            #[inline(always)]
            fn min(a: $t, b: $t) -> $t {
                if a <= b || a.is_nan() { a } else { b }
            }
            fn and(a: $t, _: $t) -> $t {
                a
            }
            fn or(a: $t, _: $t) -> $t {
                a
            }
            fn xor(a: $t, _: $t) -> $t {
                a
            }
            #[inline(always)]
            fn neg(a: $t) -> $t {
                -a
            }
            #[inline(always)]
            fn abs(a: $t) -> $t {
                Self::un(a, f32::abs)
            }
            fn exp(a: $t) -> $t {
                Self::un(a, f32::exp)
            }
            fn log(a: $t) -> $t {
                Self::un(a, f32::ln)
            }
            fn sqrt(a: $t) -> $t {
                Self::un(a, f32::sqrt)
            }
            fn tanh(a: $t) -> $t {
                Self::un(a, f32::tanh)
            }
            #[inline(always)]
            fn to_wide(a: $t) -> Wide {
                Wide::$wide(a)
            }
            #[inline(always)]
            fn from_wide(w: Wide) -> $t {
                match w {
                    Wide::I(i) => $t::from_f64(i as f64),
                    Wide::U(u) => $t::from_f64(u as f64),
                    Wide::H(h) => $t::from_f32(h.to_f32()),
                    Wide::B(b) => $t::from_f32(b.to_f32()),
                    Wide::F(f) => $t::from_f32(f),
                    Wide::D(d) => $t::from_f64(d),
                }
            }
            fn to_f64(a: $t) -> f64 {
                a.to_f64()
            }
        }
    };
}

half_num!(F16, f16, ElemType::F16, H);
half_num!(BF16, bf16, ElemType::BF16, B);
