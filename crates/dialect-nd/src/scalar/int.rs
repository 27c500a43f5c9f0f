//! The integer kinds: signed, unsigned, `index` and `i1`.

use super::{ArithScalar, BitwiseScalar};

macro_rules! int_scalar {
    ($(#[$doc:meta])* $marker:ident, $t:ty, $signed:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $marker;
        // `a < 0` is always false for the unsigned types the macro also makes.
        #[allow(unused_comparisons)]
        impl ArithScalar for $marker {
            type S = $t;
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
            fn neg(a: $t) -> $t {
                (0 as $t).wrapping_sub(a)
            }
            #[inline(always)]
            fn abs(a: $t) -> $t {
                if a < 0 { (0 as $t).wrapping_sub(a) } else { a }
            }
            #[inline(always)]
            fn sign(a: $t) -> $t {
                if a > 0 {
                    1
                } else if a < 0 {
                    (0 as $t).wrapping_sub(1)
                } else {
                    0
                }
            }
        }
        impl BitwiseScalar for $marker {
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
            fn not(a: $t) -> $t {
                !a
            }
        }
    };
}

int_scalar!(
    /// `i8` / `si8`.
    I8, i8, true
);
int_scalar!(
    /// `i16` / `si16`.
    I16, i16, true
);
int_scalar!(
    /// `i32` / `si32`.
    I32, i32, true
);
int_scalar!(
    /// `i64` / `si64`.
    I64, i64, true
);
int_scalar!(
    /// `index`: a signed 64-bit integer.
    Idx, i64, true
);
int_scalar!(
    /// `ui8`.
    U8, u8, false
);
int_scalar!(
    /// `ui16`.
    U16, u16, false
);
int_scalar!(
    /// `ui32`.
    U32, u32, false
);
int_scalar!(
    /// `ui64`.
    U64, u64, false
);

/// `i1`: one bit, stored as one byte (0 or 1), with the arithmetic of a 1-bit
/// unsigned integer modulo 2 (as MLIR's `arith` on `i1`): `add` and `sub` are
/// xor, `mul` is and, `max` is or, `min` is and.
#[derive(Clone, Copy, Debug)]
pub struct I1;

impl ArithScalar for I1 {
    type S = u8;
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
    fn neg(a: u8) -> u8 {
        a
    }
    #[inline(always)]
    fn abs(a: u8) -> u8 {
        a
    }
    #[inline(always)]
    fn sign(a: u8) -> u8 {
        a
    }
}

impl BitwiseScalar for I1 {
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
    fn not(a: u8) -> u8 {
        a ^ 1
    }
}
