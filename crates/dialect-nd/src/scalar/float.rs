//! The float kinds: `f32` and `f64` natively, `f16` and `bf16` through `f32`
//! (each operation in `f32`, rounded once, as NumPy does).

pub use super::exp::{exp_f32, tanh_f32};
use super::{ArithScalar, FloatScalar};
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

/// `max` and `min` as IEEE 754-2019's `maximum` and `minimum` (NaN propagates,
/// the first operand's when both are NaN; `-0.0` is below `+0.0`), and `neg`:
/// exact in the storage type, so the same for every float kind.
///
/// The order of zeros makes the result independent of the operands' order, so a
/// reduction gives one answer whatever order it combines in, and it is what
/// upstream's `arith.maximumf`/`minimumf` (the export), StableHLO and XLA compute.
/// NumPy's `maximum` leaves the sign of an equal zero to the machine (the Array
/// API calls it implementation-defined).
macro_rules! nan_order {
    ($t:ty) => {
        #[inline(always)]
        fn max(a: $t, b: $t) -> $t {
            // Equal values have equal bits but for zeros: the `and` of the bits
            // is +0.0 if either is.
            if a == b {
                <$t>::from_bits(a.to_bits() & b.to_bits())
            } else if a > b || a.is_nan() {
                a
            } else {
                b
            }
        }
        #[inline(always)]
        fn min(a: $t, b: $t) -> $t {
            // The `or` of the bits is -0.0 if either is.
            if a == b {
                <$t>::from_bits(a.to_bits() | b.to_bits())
            } else if a < b || a.is_nan() {
                a
            } else {
                b
            }
        }
        #[inline(always)]
        fn neg(a: $t) -> $t {
            -a
        }
        /// Zeros and NaN are their own sign: exact, so one body for every kind.
        #[inline(always)]
        fn sign(a: $t) -> $t {
            let (zero, one) = (<$t>::from(0u8), <$t>::from(1u8));
            if a > zero {
                one
            } else if a < zero {
                -one
            } else {
                a
            }
        }
    };
}

/// The [`FloatScalar`] functions that are the C library's, each with the method
/// of Rust's floats that calls it: listed once for every float kind.
macro_rules! libm_functions {
    ($fns:ident, $t:ty) => {
        $fns!($t; log => ln, sqrt => sqrt, sin => sin, cos => cos,
            floor => floor, ceil => ceil, round_even => round_ties_even);
    };
}

/// The functions of `libm_functions` on `f32` and `f64`: the method itself.
macro_rules! wide_fns {
    ($t:ty; $($name:ident => $method:ident),*) => {$(
        #[inline(always)]
        fn $name(a: $t) -> $t {
            a.$method()
        }
    )*};
}

/// The functions of `libm_functions` in half precision: computed in `f32`,
/// rounded once. Inlinable across crates, as when the interpreter held them.
macro_rules! half_fns {
    ($t:ty; $($name:ident => $method:ident),*) => {$(
        #[inline]
        fn $name(a: $t) -> $t {
            Self::un(a, f32::$method)
        }
    )*};
}

macro_rules! float_scalar {
    ($(#[$doc:meta])* $marker:ident, $t:ty, $fmod:ident, $erf:path, $exp:path, $tanh:path) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $marker;
        impl ArithScalar for $marker {
            type S = $t;
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
            nan_order!($t);
            #[inline(always)]
            fn abs(a: $t) -> $t {
                a.abs()
            }
        }
        impl FloatScalar for $marker {
            libm_functions!(wide_fns, $t);
            #[inline(always)]
            fn rsqrt(a: $t) -> $t {
                1.0 / a.sqrt()
            }
            #[inline(always)]
            fn atan2(a: $t, b: $t) -> $t {
                a.atan2(b)
            }
            #[inline(always)]
            fn erf(a: $t) -> $t {
                $erf(a)
            }
            #[inline(always)]
            fn exp(a: $t) -> $t {
                $exp(a)
            }
            #[inline(always)]
            fn tanh(a: $t) -> $t {
                $tanh(a)
            }
            #[inline(always)]
            fn lit(v: f64) -> $t {
                v as $t
            }
        }
    };
}

float_scalar!(
    /// `f32`.
    F32, f32, py_fmod32, libm::erff, exp_f32, tanh_f32
);
float_scalar!(
    /// `f64`.
    F64, f64, py_fmod64, libm::erf, f64::exp, f64::tanh
);

macro_rules! half_scalar {
    ($(#[$doc:meta])* $marker:ident, $t:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $marker;
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
        impl ArithScalar for $marker {
            type S = $t;
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
            nan_order!($t);
            #[inline(always)]
            fn abs(a: $t) -> $t {
                Self::un(a, f32::abs)
            }
        }
        impl FloatScalar for $marker {
            libm_functions!(half_fns, $t);
            #[inline]
            fn rsqrt(a: $t) -> $t {
                // Rounded after the root and after the division, as NumPy and
                // upstream's lowering compute it in half precision.
                Self::un(Self::un(a, f32::sqrt), |s| 1.0 / s)
            }
            #[inline]
            fn atan2(a: $t, b: $t) -> $t {
                Self::bin(a, b, f32::atan2)
            }
            #[inline]
            fn erf(a: $t) -> $t {
                Self::un(a, libm::erff)
            }
            #[inline]
            fn exp(a: $t) -> $t {
                Self::un(a, exp_f32)
            }
            #[inline]
            fn tanh(a: $t) -> $t {
                Self::un(a, tanh_f32)
            }
            #[inline(always)]
            fn lit(v: f64) -> $t {
                $t::from_f64(v)
            }
            // In `f32`, rounded once, as the functions above (and NumPy's half
            // precision) compute.
            #[inline]
            fn body(steps: super::body::Body, a: $t) -> $t {
                Self::un(a, |x| F32::body(steps, x))
            }
        }
    };
}

half_scalar!(
    /// `f16` (IEEE half).
    F16, f16
);
half_scalar!(
    /// `bf16`.
    BF16, bf16
);
