//! The integer element types: signed, unsigned, `index` and `i1`.

use super::{ElemType, Num, Wide};

/// Integer conversions from a float: Rust's saturating `as` (NaN is 0), where
/// NumPy leaves out-of-range values undefined.
macro_rules! int_num {
    ($marker:ident, $t:ty, $ty:expr, $signed:expr, $wide:ident, $w:ty) => {
        pub(crate) struct $marker;
        // `a < 0` is always false for the unsigned types the macro also makes.
        #[allow(unused_comparisons)]
        impl Num for $marker {
            type S = $t;
            const TYPE: ElemType = $ty;
            const FLOAT: bool = false;
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
            fn add(a: $t, b: $t) -> $t {
                a.wrapping_add(b)
            }
            #[inline(always)]
            fn sub(a: $t, b: $t) -> $t {
                a.wrapping_sub(b)
            }
            #[inline(always)]
            fn mul(a: $t, b: $t) -> $t {
                a.wrapping_mul(b)
            }
            #[inline(always)]
            fn div(a: $t, b: $t) -> $t {
                if b == 0 {
                    return 0;
                }
                let q = a.wrapping_div(b);
                // Floor: truncation rounds toward zero, one too high when the
                // signs differ and the division is inexact.
                let adjust = $signed && a.wrapping_rem(b) != 0 && ((a < 0) != (b < 0));
                if adjust { q.wrapping_sub(1) } else { q }
            }
            #[inline(always)]
            fn rem(a: $t, b: $t) -> $t {
                if b == 0 {
                    return 0;
                }
                let r = a.wrapping_rem(b);
                let adjust = $signed && r != 0 && ((r < 0) != (b < 0));
                if adjust { r.wrapping_add(b) } else { r }
            }
            #[inline(always)]
            fn pow(a: $t, b: $t) -> $t {
                if b < 0 {
                    return 0;
                }
                // Square and multiply, wrapping; the exponent has at most 64 bits.
                let (mut base, mut e, mut acc) = (a, b as u64, 1 as $t);
                while e > 0 {
                    if e & 1 == 1 {
                        acc = acc.wrapping_mul(base);
                    }
                    base = base.wrapping_mul(base);
                    e >>= 1;
                }
                acc
            }
            #[inline(always)]
            fn max(a: $t, b: $t) -> $t {
                if a >= b { a } else { b }
            }
            #[inline(always)]
            fn min(a: $t, b: $t) -> $t {
                if a <= b { a } else { b }
            }
            #[inline(always)]
            fn and(a: $t, b: $t) -> $t {
                a & b
            }
            #[inline(always)]
            fn or(a: $t, b: $t) -> $t {
                a | b
            }
            #[inline(always)]
            fn xor(a: $t, b: $t) -> $t {
                a ^ b
            }
            #[inline(always)]
            fn neg(a: $t) -> $t {
                (0 as $t).wrapping_sub(a)
            }
            #[inline(always)]
            fn abs(a: $t) -> $t {
                if a < 0 { (0 as $t).wrapping_sub(a) } else { a }
            }
            fn exp(a: $t) -> $t {
                a
            }
            fn log(a: $t) -> $t {
                a
            }
            fn sqrt(a: $t) -> $t {
                a
            }
            fn tanh(a: $t) -> $t {
                a
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

int_num!(I8, i8, ElemType::I8, true, I, i64);
int_num!(I16, i16, ElemType::I16, true, I, i64);
int_num!(I32, i32, ElemType::I32, true, I, i64);
int_num!(I64, i64, ElemType::I64, true, I, i64);
int_num!(Idx, i64, ElemType::Index, true, I, i64);
int_num!(U8, u8, ElemType::U8, false, U, u64);
int_num!(U16, u16, ElemType::U16, false, U, u64);
int_num!(U32, u32, ElemType::U32, false, U, u64);
int_num!(U64, u64, ElemType::U64, false, U, u64);

/// `i1`: one bit, 0 or 1, with the arithmetic of a 1-bit unsigned integer modulo 2
/// (as MLIR's `arith` on `i1`): `add` and `sub` are xor, `mul` is and, `max` is or,
/// `min` is and. Converting to `i1` tests for nonzero, as NumPy's `astype(bool)`.
pub(crate) struct I1;

impl Num for I1 {
    type S = u8;
    const TYPE: ElemType = ElemType::I1;
    const FLOAT: bool = false;
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
    fn add(a: u8, b: u8) -> u8 {
        a ^ b
    }
    #[inline(always)]
    fn sub(a: u8, b: u8) -> u8 {
        a ^ b
    }
    #[inline(always)]
    fn mul(a: u8, b: u8) -> u8 {
        a & b
    }
    #[inline(always)]
    fn div(a: u8, _: u8) -> u8 {
        a
    }
    #[inline(always)]
    fn rem(_: u8, _: u8) -> u8 {
        0
    }
    #[inline(always)]
    fn pow(a: u8, b: u8) -> u8 {
        a | (b ^ 1)
    }
    #[inline(always)]
    fn max(a: u8, b: u8) -> u8 {
        a | b
    }
    #[inline(always)]
    fn min(a: u8, b: u8) -> u8 {
        a & b
    }
    #[inline(always)]
    fn and(a: u8, b: u8) -> u8 {
        a & b
    }
    #[inline(always)]
    fn or(a: u8, b: u8) -> u8 {
        a | b
    }
    #[inline(always)]
    fn xor(a: u8, b: u8) -> u8 {
        a ^ b
    }
    #[inline(always)]
    fn neg(a: u8) -> u8 {
        a
    }
    #[inline(always)]
    fn abs(a: u8) -> u8 {
        a
    }
    fn exp(a: u8) -> u8 {
        a
    }
    fn log(a: u8) -> u8 {
        a
    }
    fn sqrt(a: u8) -> u8 {
        a
    }
    fn tanh(a: u8) -> u8 {
        a
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
