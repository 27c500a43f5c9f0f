//! The float element types: `f32` and `f64` natively, `f16` and `bf16` through
//! `f32`. Their arithmetic is the dialect's ([`tensor_dialect_nd::scalar::float`]);
//! this is their storage and conversions.

use super::{ElemType, Num, Wide};
use crate::kernels::elementwise::{FloatOp, apply_float};
use half::{bf16, f16};

pub(crate) use tensor_dialect_nd::scalar::{BF16, F16, F32, F64};

macro_rules! float_num {
    ($marker:ident, $t:ty, $ty:expr, $wide:ident) => {
        impl Num for $marker {
            const TYPE: ElemType = $ty;
            const FLOAT: bool = true;
            super::kind_ops!(FloatOp, apply_float, $t);
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

float_num!(F32, f32, ElemType::F32, F);
float_num!(F64, f64, ElemType::F64, D);

/// The 16-bit floats: each operation in `f32`, rounded once.
macro_rules! half_num {
    ($marker:ident, $t:ident, $ty:expr, $wide:ident) => {
        impl Num for $marker {
            const TYPE: ElemType = $ty;
            const FLOAT: bool = true;
            super::kind_ops!(FloatOp, apply_float, $t);
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
