//! The integer element types: signed, unsigned, `index` and `i1`. Their
//! arithmetic is the dialect's ([`tensor_dialect_nd::scalar::int`]); this is their
//! storage and conversions.

use super::{ElemType, Num, Wide};
use crate::kernels::elementwise::{IntOp, apply_int};

pub(crate) use tensor_dialect_nd::scalar::{I1, I8, I16, I32, I64, Idx, U8, U16, U32, U64};

/// Integer conversions from a float: Rust's saturating `as` (NaN is 0), where
/// NumPy leaves out-of-range values undefined.
macro_rules! int_num {
    ($marker:ident, $t:ty, $ty:expr, $wide:ident, $w:ty) => {
        impl Num for $marker {
            const TYPE: ElemType = $ty;
            const FLOAT: bool = false;
            super::kind_ops!(IntOp, apply_int, $t);
            #[inline(always)]
            fn zero() -> $t {
                0
            }
            #[inline(always)]
            fn one() -> $t {
                1
            }
            #[inline(always)]
            fn lowest() -> $t {
                <$t>::MIN
            }
            #[inline(always)]
            fn highest() -> $t {
                <$t>::MAX
            }
            #[inline(always)]
            fn to_wide(a: $t) -> Wide {
                Wide::$wide(a as $w)
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

int_num!(I8, i8, ElemType::I8, I, i64);
int_num!(I16, i16, ElemType::I16, I, i64);
int_num!(I32, i32, ElemType::I32, I, i64);
int_num!(I64, i64, ElemType::I64, I, i64);
int_num!(Idx, i64, ElemType::Index, I, i64);
int_num!(U8, u8, ElemType::U8, U, u64);
int_num!(U16, u16, ElemType::U16, U, u64);
int_num!(U32, u32, ElemType::U32, U, u64);
int_num!(U64, u64, ElemType::U64, U, u64);

/// `i1` is stored as one byte, 0 or 1. Converting to `i1` tests for nonzero, as
/// NumPy's `astype(bool)`.
impl Num for I1 {
    const TYPE: ElemType = ElemType::I1;
    const FLOAT: bool = false;
    super::kind_ops!(IntOp, apply_int, u8);
    fn zero() -> u8 {
        0
    }
    fn one() -> u8 {
        1
    }
    fn lowest() -> u8 {
        0
    }
    fn highest() -> u8 {
        1
    }
    #[inline(always)]
    fn to_wide(a: u8) -> Wide {
        Wide::U(u64::from(a))
    }
    #[inline(always)]
    fn from_wide(w: Wide) -> u8 {
        let nonzero = match w {
            Wide::I(i) => i != 0,
            Wide::U(u) => u != 0,
            Wide::H(h) => h.to_f32() != 0.0,
            Wide::B(b) => b.to_f32() != 0.0,
            Wide::F(f) => f != 0.0,
            Wide::D(d) => d != 0.0,
        };
        u8::from(nonzero)
    }
    fn to_f64(a: u8) -> f64 {
        f64::from(a)
    }
}
