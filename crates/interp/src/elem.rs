//! Element types: what the interpreter stores and how each computes.
//!
//! Every element type has a Rust storage type (`i1` is one `u8`, 0 or 1, so that
//! every buffer is plain old data and `.npy` bytes load straight into it) and a
//! marker type implementing [`Num`], the arithmetic of that MLIR type: kernels
//! are generic over the marker and monomorphised per element type.

use half::{bf16, f16};
use tensor_ir::{Context, FloatKind, Signedness, Type, TypeKind};

/// An element type the interpreter executes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ElemType {
    /// `i1`: a bit, stored as one byte.
    I1,
    /// `i8` / `si8`.
    I8,
    /// `i16` / `si16`.
    I16,
    /// `i32` / `si32`.
    I32,
    /// `i64` / `si64`.
    I64,
    /// `ui8`.
    U8,
    /// `ui16`.
    U16,
    /// `ui32`.
    U32,
    /// `ui64`.
    U64,
    /// `f16` (IEEE half).
    F16,
    /// `bf16`.
    BF16,
    /// `f32`.
    F32,
    /// `f64`.
    F64,
    /// `index`: a signed 64-bit integer.
    Index,
}

impl ElemType {
    /// The element type of an MLIR scalar type; `None` for types the interpreter does
    /// not execute (other widths, complex, ...).
    pub fn of(ctx: &Context, t: Type) -> Option<ElemType> {
        Some(match *ctx.type_kind(t) {
            TypeKind::Integer { width: 1, .. } => ElemType::I1,
            TypeKind::Integer { width, signedness } => {
                let unsigned = signedness == Signedness::Unsigned;
                match (width, unsigned) {
                    (8, false) => ElemType::I8,
                    (16, false) => ElemType::I16,
                    (32, false) => ElemType::I32,
                    (64, false) => ElemType::I64,
                    (8, true) => ElemType::U8,
                    (16, true) => ElemType::U16,
                    (32, true) => ElemType::U32,
                    (64, true) => ElemType::U64,
                    _ => return None,
                }
            }
            TypeKind::Index => ElemType::Index,
            TypeKind::Float(FloatKind::F16) => ElemType::F16,
            TypeKind::Float(FloatKind::BF16) => ElemType::BF16,
            TypeKind::Float(FloatKind::F32) => ElemType::F32,
            TypeKind::Float(FloatKind::F64) => ElemType::F64,
            _ => return None,
        })
    }

    /// The MLIR type (signless for signed integers).
    pub fn to_type(self, ctx: &mut Context) -> Type {
        match self {
            ElemType::I1 => ctx.i(1),
            ElemType::I8 => ctx.i(8),
            ElemType::I16 => ctx.i(16),
            ElemType::I32 => ctx.i(32),
            ElemType::I64 => ctx.i(64),
            ElemType::U8 => ctx.int_type(8, Signedness::Unsigned),
            ElemType::U16 => ctx.int_type(16, Signedness::Unsigned),
            ElemType::U32 => ctx.int_type(32, Signedness::Unsigned),
            ElemType::U64 => ctx.int_type(64, Signedness::Unsigned),
            ElemType::F16 => ctx.intern_type(TypeKind::Float(FloatKind::F16)),
            ElemType::BF16 => ctx.intern_type(TypeKind::Float(FloatKind::BF16)),
            ElemType::F32 => ctx.intern_type(TypeKind::Float(FloatKind::F32)),
            ElemType::F64 => ctx.intern_type(TypeKind::Float(FloatKind::F64)),
            ElemType::Index => ctx.index_type(),
        }
    }

    /// The MLIR spelling (`f32`, `ui8`, `index`).
    pub fn name(self) -> &'static str {
        match self {
            ElemType::I1 => "i1",
            ElemType::I8 => "i8",
            ElemType::I16 => "i16",
            ElemType::I32 => "i32",
            ElemType::I64 => "i64",
            ElemType::U8 => "ui8",
            ElemType::U16 => "ui16",
            ElemType::U32 => "ui32",
            ElemType::U64 => "ui64",
            ElemType::F16 => "f16",
            ElemType::BF16 => "bf16",
            ElemType::F32 => "f32",
            ElemType::F64 => "f64",
            ElemType::Index => "index",
        }
    }

    /// Bytes per element in memory (and in `.npy` files).
    pub fn size(self) -> usize {
        match self {
            ElemType::I1 | ElemType::I8 | ElemType::U8 => 1,
            ElemType::I16 | ElemType::U16 | ElemType::F16 | ElemType::BF16 => 2,
            ElemType::I32 | ElemType::U32 | ElemType::F32 => 4,
            ElemType::I64 | ElemType::U64 | ElemType::F64 | ElemType::Index => 8,
        }
    }

    /// True for the float types.
    pub fn is_float(self) -> bool {
        matches!(
            self,
            ElemType::F16 | ElemType::BF16 | ElemType::F32 | ElemType::F64
        )
    }

    /// Every element type, for tests and tables.
    pub const ALL: [ElemType; 14] = [
        ElemType::I1,
        ElemType::I8,
        ElemType::I16,
        ElemType::I32,
        ElemType::I64,
        ElemType::U8,
        ElemType::U16,
        ElemType::U32,
        ElemType::U64,
        ElemType::F16,
        ElemType::BF16,
        ElemType::F32,
        ElemType::F64,
        ElemType::Index,
    ];
}

impl std::fmt::Display for ElemType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A value widened for conversion: what `nd.cast` goes through. Each source type
/// produces one variant, so after inlining the match disappears.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Wide {
    I(i64),
    U(u64),
    H(f16),
    B(bf16),
    F(f32),
    D(f64),
}

/// The arithmetic of one element type; `S` is its storage.
///
/// Integers wrap (two's complement, as NumPy's fixed-width integers); `div` and
/// `rem` are NumPy's `floor_divide` and `remainder` (the remainder has the
/// divisor's sign), and callers check for a zero divisor first. `pow` takes a
/// non-negative exponent for integers (callers check). Floats follow IEEE as
/// NumPy does: `max`/`min` propagate NaN, `rem` is NumPy's `remainder`. The 16-bit
/// floats compute in `f32` and round once per operation, as NumPy does.
pub(crate) trait Num: Send + Sync + 'static {
    /// The storage type.
    type S: Copy + Send + Sync + PartialEq + bytemuck::Pod + std::fmt::Debug + 'static;
    /// The element type this arithmetic is for.
    const TYPE: ElemType;
    /// True for floats.
    const FLOAT: bool;
    fn zero() -> Self::S;
    fn one() -> Self::S;
    /// The identity of `max` (the lowest value, -inf for floats).
    fn lowest() -> Self::S;
    /// The identity of `min`.
    fn highest() -> Self::S;
    fn add(a: Self::S, b: Self::S) -> Self::S;
    fn sub(a: Self::S, b: Self::S) -> Self::S;
    fn mul(a: Self::S, b: Self::S) -> Self::S;
    fn div(a: Self::S, b: Self::S) -> Self::S;
    fn rem(a: Self::S, b: Self::S) -> Self::S;
    fn pow(a: Self::S, b: Self::S) -> Self::S;
    fn max(a: Self::S, b: Self::S) -> Self::S;
    fn min(a: Self::S, b: Self::S) -> Self::S;
    fn and(a: Self::S, b: Self::S) -> Self::S;
    fn or(a: Self::S, b: Self::S) -> Self::S;
    fn xor(a: Self::S, b: Self::S) -> Self::S;
    fn neg(a: Self::S) -> Self::S;
    fn abs(a: Self::S) -> Self::S;
    fn exp(a: Self::S) -> Self::S;
    fn log(a: Self::S) -> Self::S;
    fn sqrt(a: Self::S) -> Self::S;
    fn tanh(a: Self::S) -> Self::S;
    fn eq(a: Self::S, b: Self::S) -> bool;
    fn lt(a: Self::S, b: Self::S) -> bool;
    fn le(a: Self::S, b: Self::S) -> bool;
    /// True for a zero divisor (integers only; floats divide by zero per IEEE).
    fn is_zero(a: Self::S) -> bool;
    /// True for a negative integer exponent.
    fn is_negative(a: Self::S) -> bool;
    fn to_wide(a: Self::S) -> Wide;
    fn from_wide(w: Wide) -> Self::S;
    /// As an `f64` (for printing checks and the reference evaluator).
    fn to_f64(a: Self::S) -> f64;
}

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
            fn eq(a: $t, b: $t) -> bool {
                a == b
            }
            #[inline(always)]
            fn lt(a: $t, b: $t) -> bool {
                a < b
            }
            #[inline(always)]
            fn le(a: $t, b: $t) -> bool {
                a <= b
            }
            #[inline(always)]
            fn is_zero(_: $t) -> bool {
                false
            }
            #[inline(always)]
            fn is_negative(_: $t) -> bool {
                false
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
            fn eq(a: $t, b: $t) -> bool {
                a == b
            }
            #[inline(always)]
            fn lt(a: $t, b: $t) -> bool {
                a < b
            }
            #[inline(always)]
            fn le(a: $t, b: $t) -> bool {
                a <= b
            }
            fn is_zero(_: $t) -> bool {
                false
            }
            fn is_negative(_: $t) -> bool {
                false
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
            fn eq(a: $t, b: $t) -> bool {
                a == b
            }
            #[inline(always)]
            fn lt(a: $t, b: $t) -> bool {
                a < b
            }
            #[inline(always)]
            fn le(a: $t, b: $t) -> bool {
                a <= b
            }
            #[inline(always)]
            fn is_zero(a: $t) -> bool {
                a == 0
            }
            #[inline(always)]
            fn is_negative(a: $t) -> bool {
                a < 0
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
    fn eq(a: u8, b: u8) -> bool {
        a == b
    }
    #[inline(always)]
    fn lt(a: u8, b: u8) -> bool {
        a < b
    }
    #[inline(always)]
    fn le(a: u8, b: u8) -> bool {
        a <= b
    }
    #[inline(always)]
    fn is_zero(a: u8) -> bool {
        a == 0
    }
    fn is_negative(_: u8) -> bool {
        false
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

/// Runs `$body` with `$N` bound to the arithmetic marker of `$elem`.
macro_rules! with_num {
    ($elem:expr, $N:ident => $body:expr) => {{
        use $crate::elem::ElemType as E;
        match $elem {
            E::I1 => {
                type $N = $crate::elem::I1;
                $body
            }
            E::I8 => {
                type $N = $crate::elem::I8;
                $body
            }
            E::I16 => {
                type $N = $crate::elem::I16;
                $body
            }
            E::I32 => {
                type $N = $crate::elem::I32;
                $body
            }
            E::I64 => {
                type $N = $crate::elem::I64;
                $body
            }
            E::Index => {
                type $N = $crate::elem::Idx;
                $body
            }
            E::U8 => {
                type $N = $crate::elem::U8;
                $body
            }
            E::U16 => {
                type $N = $crate::elem::U16;
                $body
            }
            E::U32 => {
                type $N = $crate::elem::U32;
                $body
            }
            E::U64 => {
                type $N = $crate::elem::U64;
                $body
            }
            E::F16 => {
                type $N = $crate::elem::F16;
                $body
            }
            E::BF16 => {
                type $N = $crate::elem::BF16;
                $body
            }
            E::F32 => {
                type $N = $crate::elem::F32;
                $body
            }
            E::F64 => {
                type $N = $crate::elem::F64;
                $body
            }
        }
    }};
}
pub(crate) use with_num;

#[cfg(test)]
mod tests {
    use super::*;

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
    }

    #[test]
    fn bits_are_integers_modulo_two() {
        assert_eq!(I1::add(1, 1), 0);
        assert_eq!(I1::mul(1, 1), 1);
        assert_eq!(I1::from_wide(Wide::D(f64::NAN)), 1);
        assert_eq!(I1::from_wide(Wide::I(2)), 1);
        assert_eq!(I1::pow(0, 0), 1);
    }

    #[test]
    fn casts_saturate_from_floats_and_wrap_between_integers() {
        assert_eq!(I8::from_wide(Wide::D(1000.0)), 127);
        assert_eq!(I8::from_wide(Wide::D(f64::NAN)), 0);
        assert_eq!(I8::from_wide(I32::to_wide(300)), 44);
        assert_eq!(U8::from_wide(I32::to_wide(-1)), 255);
        assert_eq!(F32::from_wide(I64::to_wide(16_777_217)), 16_777_216.0);
    }
}
