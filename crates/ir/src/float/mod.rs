//! Float formats: every floating-point type upstream MLIR knows, with LLVM's
//! `APFloat` semantics for converting, decoding and printing them.
//!
//! Values are kept as their encoding (the bits of the format), so printing gives
//! back exactly what was written, signalling NaNs included. `f16`, `bf16`, `f32`
//! and `f64` convert through Rust's and `half`'s types; `f80` and `f128` through
//! `rustc_apfloat` (a port of LLVM's `APFloat`); the small formats (8 bits and
//! fewer, and `tf32`) through [`Semantics`], which mirrors LLVM's `fltSemantics`.

use rustc_apfloat::ieee::{Double, Quad, X87DoubleExtended};
use rustc_apfloat::{Float, FloatConvert};
use std::fmt;

/// A floating-point format.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum FloatKind {
    /// IEEE half.
    F16,
    /// bfloat16.
    BF16,
    /// IEEE single.
    F32,
    /// IEEE double.
    F64,
    /// x87 extended precision (80 bits).
    F80,
    /// IEEE quad (128 bits).
    F128,
    /// NVIDIA's TensorFloat-32: 19 bits, `f32`'s exponent and 10 mantissa bits.
    TF32,
    /// `f8E5M2`.
    F8E5M2,
    /// `f8E4M3`.
    F8E4M3,
    /// `f8E4M3FN`: no infinities, one NaN per sign.
    F8E4M3FN,
    /// `f8E5M2FNUZ`: no infinities, no negative zero (its encoding is the NaN).
    F8E5M2FNUZ,
    /// `f8E4M3FNUZ`.
    F8E4M3FNUZ,
    /// `f8E4M3B11FNUZ`: exponent bias 11.
    F8E4M3B11FNUZ,
    /// `f8E3M4`.
    F8E3M4,
    /// `f4E2M1FN`: finite values only.
    F4E2M1FN,
    /// `f6E2M3FN`: finite values only.
    F6E2M3FN,
    /// `f6E3M2FN`: finite values only.
    F6E3M2FN,
    /// `f8E8M0FNU`: powers of two only, unsigned, no zero.
    F8E8M0FNU,
}

/// Every float kind, in upstream's printing order of its type switch.
pub const ALL_FLOAT_KINDS: [FloatKind; 18] = [
    FloatKind::F4E2M1FN,
    FloatKind::F6E2M3FN,
    FloatKind::F6E3M2FN,
    FloatKind::F8E5M2,
    FloatKind::F8E4M3,
    FloatKind::F8E4M3FN,
    FloatKind::F8E5M2FNUZ,
    FloatKind::F8E4M3FNUZ,
    FloatKind::F8E4M3B11FNUZ,
    FloatKind::F8E3M4,
    FloatKind::F8E8M0FNU,
    FloatKind::BF16,
    FloatKind::F16,
    FloatKind::TF32,
    FloatKind::F32,
    FloatKind::F64,
    FloatKind::F80,
    FloatKind::F128,
];

/// How a format represents infinities and NaNs (LLVM's `fltNonfiniteBehavior`
/// and `fltNanEncoding`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum NonFinite {
    /// Infinity and NaNs use the all-ones exponent.
    Ieee,
    /// No infinity; the all-ones exponent and mantissa is NaN.
    NanAllOnes,
    /// No infinity; the negative zero encoding is the one NaN.
    NanNegativeZero,
    /// Neither infinities nor NaNs.
    FiniteOnly,
}

/// The parameters of a format, as LLVM's `fltSemantics`.
#[derive(Clone, Copy, Debug)]
struct Semantics {
    /// The exponent of the largest normal value.
    max_exp: i32,
    /// The exponent of the smallest normal value.
    min_exp: i32,
    /// Significand bits, the leading one included.
    precision: u32,
    /// Bits of the encoding.
    bits: u32,
    nonfinite: NonFinite,
    /// False for `f8E8M0FNU`, which has no sign bit (and no zero).
    signed: bool,
}

const fn sem(
    max_exp: i32,
    min_exp: i32,
    precision: u32,
    bits: u32,
    nonfinite: NonFinite,
) -> Semantics {
    Semantics {
        max_exp,
        min_exp,
        precision,
        bits,
        nonfinite,
        signed: true,
    }
}

impl FloatKind {
    /// The keyword that spells this format.
    pub fn keyword(self) -> &'static str {
        match self {
            FloatKind::F16 => "f16",
            FloatKind::BF16 => "bf16",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
            FloatKind::F80 => "f80",
            FloatKind::F128 => "f128",
            FloatKind::TF32 => "tf32",
            FloatKind::F8E5M2 => "f8E5M2",
            FloatKind::F8E4M3 => "f8E4M3",
            FloatKind::F8E4M3FN => "f8E4M3FN",
            FloatKind::F8E5M2FNUZ => "f8E5M2FNUZ",
            FloatKind::F8E4M3FNUZ => "f8E4M3FNUZ",
            FloatKind::F8E4M3B11FNUZ => "f8E4M3B11FNUZ",
            FloatKind::F8E3M4 => "f8E3M4",
            FloatKind::F4E2M1FN => "f4E2M1FN",
            FloatKind::F6E2M3FN => "f6E2M3FN",
            FloatKind::F6E3M2FN => "f6E3M2FN",
            FloatKind::F8E8M0FNU => "f8E8M0FNU",
        }
    }

    /// The format a keyword spells.
    pub fn from_keyword(kw: &str) -> Option<FloatKind> {
        ALL_FLOAT_KINDS.iter().copied().find(|k| k.keyword() == kw)
    }

    fn semantics(self) -> Semantics {
        use NonFinite::*;
        match self {
            FloatKind::F16 => sem(15, -14, 11, 16, Ieee),
            FloatKind::BF16 => sem(127, -126, 8, 16, Ieee),
            FloatKind::F32 => sem(127, -126, 24, 32, Ieee),
            FloatKind::F64 => sem(1023, -1022, 53, 64, Ieee),
            FloatKind::F80 => sem(16383, -16382, 64, 80, Ieee),
            FloatKind::F128 => sem(16383, -16382, 113, 128, Ieee),
            FloatKind::TF32 => sem(127, -126, 11, 19, Ieee),
            FloatKind::F8E5M2 => sem(15, -14, 3, 8, Ieee),
            FloatKind::F8E4M3 => sem(7, -6, 4, 8, Ieee),
            FloatKind::F8E4M3FN => sem(8, -6, 4, 8, NanAllOnes),
            FloatKind::F8E5M2FNUZ => sem(15, -15, 3, 8, NanNegativeZero),
            FloatKind::F8E4M3FNUZ => sem(7, -7, 4, 8, NanNegativeZero),
            FloatKind::F8E4M3B11FNUZ => sem(4, -10, 4, 8, NanNegativeZero),
            FloatKind::F8E3M4 => sem(3, -2, 5, 8, Ieee),
            FloatKind::F4E2M1FN => sem(2, 0, 2, 4, FiniteOnly),
            FloatKind::F6E2M3FN => sem(2, 0, 4, 6, FiniteOnly),
            FloatKind::F6E3M2FN => sem(4, -2, 3, 6, FiniteOnly),
            FloatKind::F8E8M0FNU => Semantics {
                signed: false,
                ..sem(127, -127, 1, 8, NanAllOnes)
            },
        }
    }

    /// The width of the encoding in bits.
    pub fn width(self) -> u32 {
        self.semantics().bits
    }

    /// Significand bits, the leading one included (LLVM's `precision`).
    pub fn precision(self) -> u32 {
        self.semantics().precision
    }

    /// Rounds `v` to this format and back, as storing it in the format would.
    pub fn round(self, v: f64) -> f64 {
        self.to_f64(self.from_f64(v))
    }

    /// The encoding of `v` rounded to this format (to nearest, ties to even), as
    /// LLVM's `APFloat::convert` from a double. Upstream parses decimal literals
    /// as doubles first, so this is also how a literal becomes a value.
    pub fn from_f64(self, v: f64) -> u128 {
        match self {
            FloatKind::F64 => u128::from(v.to_bits()),
            FloatKind::F32 => u128::from((v as f32).to_bits()),
            FloatKind::F16 => u128::from(half::f16::from_f64(v).to_bits()),
            FloatKind::BF16 => u128::from(half::bf16::from_f64(v).to_bits()),
            FloatKind::F80 => widen::<X87DoubleExtended>(v),
            FloatKind::F128 => widen::<Quad>(v),
            _ => encode(self.semantics(), v),
        }
    }

    /// The value of an encoding as an `f64`: exact for every format but `f80` and
    /// `f128`, which round.
    pub fn to_f64(self, bits: u128) -> f64 {
        match self {
            FloatKind::F64 => f64::from_bits(bits as u64),
            FloatKind::F32 => f64::from(f32::from_bits(bits as u32)),
            FloatKind::F16 => half::f16::from_bits(bits as u16).to_f64(),
            FloatKind::BF16 => half::bf16::from_bits(bits as u16).to_f64(),
            FloatKind::F80 => narrow(X87DoubleExtended::from_bits(bits)),
            FloatKind::F128 => narrow(Quad::from_bits(bits)),
            _ => decode(self.semantics(), bits),
        }
    }

    /// True unless the encoding is an infinity or a NaN.
    pub fn is_finite(self, bits: u128) -> bool {
        match self {
            FloatKind::F80 => X87DoubleExtended::from_bits(bits).is_finite(),
            FloatKind::F128 => Quad::from_bits(bits).is_finite(),
            _ => self.to_f64(bits).is_finite(),
        }
    }

    /// The low `width()` bits of `bits`.
    pub fn truncate(self, bits: u128) -> u128 {
        let w = self.width();
        if w >= 128 {
            bits
        } else {
            bits & ((1u128 << w) - 1)
        }
    }

    /// The encoding LLVM keeps of hex bits written for this format: an `f80`
    /// unnormal (an exponent without the explicit integer bit) reads as a NaN,
    /// which LLVM stores with an all-ones exponent (mlir-opt prints
    /// `0x1A9D77E41589BDCA40AE : f80` as `0x7FFF77E41589BDCA40AE`).
    pub fn canonical_hex(self, bits: u128) -> u128 {
        let exp = (bits >> 64) & 0x7fff;
        if self == FloatKind::F80 && exp != 0 && exp != 0x7fff && (bits >> 63) & 1 == 0 {
            bits | (0x7fff << 64)
        } else {
            bits
        }
    }
}

impl fmt::Display for FloatKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.keyword())
    }
}

/// `v` converted exactly to a wider `rustc_apfloat` format.
fn widen<T: Float>(v: f64) -> u128
where
    Double: FloatConvert<T>,
{
    let d = Double::from_bits(u128::from(v.to_bits()));
    let r: T = d.convert(&mut false).value;
    r.to_bits()
}

/// A wider `rustc_apfloat` value rounded to an `f64`.
fn narrow<T: Float + FloatConvert<Double>>(v: T) -> f64 {
    let d: Double = v.convert(&mut false).value;
    f64::from_bits(d.to_bits() as u64)
}

/// The encoding of an infinite `v` (or a finite one past the largest value) in a
/// format, after rounding to nearest: infinity, NaN or the largest finite value.
fn overflow(s: Semantics, negative: bool) -> u128 {
    match s.nonfinite {
        NonFinite::Ieee => {
            let exp_all = ((1u128 << exp_bits(s)) - 1) << (s.precision - 1);
            sign_bit(s, negative) | exp_all
        }
        NonFinite::NanAllOnes | NonFinite::NanNegativeZero => nan(s, negative),
        NonFinite::FiniteOnly => {
            let mantissa = (1u128 << (s.precision - 1)) - 1;
            let exp = ((1u128 << exp_bits(s)) - 1) << (s.precision - 1);
            sign_bit(s, negative) | exp | mantissa
        }
    }
}

fn exp_bits(s: Semantics) -> u32 {
    s.bits - u32::from(s.signed) - (s.precision - 1)
}

fn sign_bit(s: Semantics, negative: bool) -> u128 {
    if negative && s.signed {
        1u128 << (s.bits - 1)
    } else {
        0
    }
}

/// The NaN LLVM makes for a format (quiet, no payload).
fn nan(s: Semantics, negative: bool) -> u128 {
    match s.nonfinite {
        NonFinite::Ieee => {
            let exp_all = ((1u128 << exp_bits(s)) - 1) << (s.precision - 1);
            sign_bit(s, negative) | exp_all | (1u128 << (s.precision - 2))
        }
        NonFinite::NanAllOnes if s.signed => sign_bit(s, negative) | ((1u128 << (s.bits - 1)) - 1),
        NonFinite::NanAllOnes => (1u128 << s.bits) - 1,
        NonFinite::NanNegativeZero => 1u128 << (s.bits - 1),
        // No NaN: upstream's conversion never makes one here.
        NonFinite::FiniteOnly => 0,
    }
}

/// Rounds a finite or infinite `v` into a small format (to nearest, ties to even),
/// as LLVM's `APFloat::convert`.
fn encode(s: Semantics, v: f64) -> u128 {
    let negative = v.is_sign_negative();
    if v.is_nan() {
        return nan(s, negative);
    }
    if !s.signed && v == 0.0 {
        // f8E8M0FNU has no zero: LLVM gives the smallest value, 2^-127.
        return 0;
    }
    if !s.signed && negative {
        // No sign bit either, but LLVM keeps the sign beside the encoding and
        // sets the top bit when it stores the value (mlir-opt's dense elements):
        // -1.0 is 0xFF (the NaN) and -3.0 is 4.0. A value that rounds to zero
        // loses its sign.
        let magnitude = encode(s, -v);
        if magnitude == nan(s, false) || (magnitude == 0 && -v <= 2f64.powi(s.min_exp - 1)) {
            return magnitude;
        }
        return magnitude | (1u128 << (s.bits - 1));
    }
    if v.is_infinite() {
        return overflow(s, negative);
    }
    if v == 0.0 {
        // A format whose negative zero encodes NaN has only +0.
        return if s.nonfinite == NonFinite::NanNegativeZero {
            0
        } else {
            sign_bit(s, negative)
        };
    }
    let raw = v.to_bits();
    let raw_exp = ((raw >> 52) & 0x7ff) as i32;
    let frac = raw & ((1u64 << 52) - 1);
    let (m, e) = if raw_exp == 0 {
        (frac, -1074)
    } else {
        (frac | (1u64 << 52), raw_exp - 1075)
    };
    let p = s.precision as i32;
    let msb = 63 - m.leading_zeros() as i32 + e;
    // Without denormals (no zero), every value is normal: the smallest exponent
    // still holds a full significand.
    let lsb = msb.max(s.min_exp) - (p - 1);
    let shift = lsb - e;
    let mut q: u64 = if shift <= 0 {
        m << (-shift) as u32
    } else if shift >= 64 {
        // Far below the smallest denormal: at most half of it, so it rounds to zero.
        0
    } else {
        let kept = m >> shift;
        let rest = m & ((1u64 << shift) - 1);
        let half = 1u64 << (shift - 1);
        if rest > half || (rest == half && kept & 1 == 1) {
            kept + 1
        } else {
            kept
        }
    };
    let mut lsb = lsb;
    if q == 0 {
        return if s.nonfinite == NonFinite::NanNegativeZero {
            0
        } else {
            sign_bit(s, negative)
        };
    }
    if q >> p != 0 {
        q >>= 1;
        lsb += 1;
    }
    let normal = q >> (p - 1) != 0;
    let exp = lsb + p - 1;
    if normal && exp > s.max_exp {
        return overflow(s, negative);
    }
    let mantissa_mask = (1u64 << (p - 1)) - 1;
    if s.nonfinite == NonFinite::NanAllOnes
        && normal
        && exp == s.max_exp
        && q & mantissa_mask == mantissa_mask
        && s.signed
    {
        return overflow(s, negative);
    }
    if !s.signed {
        // f8E8M0FNU: the exponent alone, bias 127; the largest encoding is the NaN.
        let biased = exp - s.min_exp;
        if biased >= (1 << s.bits) - 1 {
            return nan(s, false);
        }
        return u128::try_from(biased.max(0)).unwrap_or(0);
    }
    let field = if normal {
        let biased = u64::try_from(exp - s.min_exp + 1).unwrap_or(0);
        (biased << (p - 1)) | (q & mantissa_mask)
    } else {
        q
    };
    sign_bit(s, negative) | u128::from(field)
}

/// The value of an encoding in a small format.
fn decode(s: Semantics, bits: u128) -> f64 {
    let bits = bits & ((1u128 << s.bits) - 1);
    let p = s.precision;
    if !s.signed {
        if bits == (1u128 << s.bits) - 1 {
            return f64::NAN;
        }
        return 2f64.powi(bits as i32 + s.min_exp);
    }
    let negative = bits >> (s.bits - 1) & 1 == 1;
    let exp_all = (1u128 << exp_bits(s)) - 1;
    let exp_field = (bits >> (p - 1)) & exp_all;
    let mantissa = bits & ((1u128 << (p - 1)) - 1);
    let sign = if negative { -1.0 } else { 1.0 };
    match s.nonfinite {
        NonFinite::Ieee if exp_field == exp_all => {
            return if mantissa == 0 {
                sign * f64::INFINITY
            } else {
                f64::NAN
            };
        }
        NonFinite::NanAllOnes if exp_field == exp_all && mantissa == (1u128 << (p - 1)) - 1 => {
            return f64::NAN;
        }
        NonFinite::NanNegativeZero if negative && exp_field == 0 && mantissa == 0 => {
            return f64::NAN;
        }
        _ => {}
    }
    let lsb_exp = s.min_exp - (p as i32 - 1);
    let (q, e) = if exp_field == 0 {
        (mantissa, lsb_exp)
    } else {
        (
            mantissa | (1u128 << (p - 1)),
            lsb_exp + exp_field as i32 - 1,
        )
    };
    sign * (q as f64) * 2f64.powi(e)
}

/// Writes a float as upstream's `printFloatValue` does: `%e` with six digits when
/// that reads back to the same value, else APFloat's natural form if it has a `.`,
/// else the bits in hex (`0x7FC00000`), as for infinities and NaNs. Returns true if
/// it wrote hex (upstream then always prints the attribute's type).
pub fn write_float_bits(
    kind: FloatKind,
    bits: u128,
    out: &mut dyn fmt::Write,
) -> Result<bool, fmt::Error> {
    let bits = kind.truncate(bits);
    if kind.is_finite(bits) {
        let text = match kind {
            FloatKind::F80 => decimal_forms(X87DoubleExtended::from_bits(bits)),
            FloatKind::F128 => decimal_forms(Quad::from_bits(bits)),
            _ => {
                let v = kind.to_f64(bits);
                let short = crate::apfloat::to_string(v, kind, 6, 0, false);
                let round_trips = short.parse::<f64>().is_ok_and(|p| kind.from_f64(p) == bits);
                if round_trips {
                    Some(short)
                } else {
                    let natural = crate::apfloat::to_string(v, kind, 0, 3, true);
                    natural.contains('.').then_some(natural)
                }
            }
        };
        if let Some(text) = text {
            out.write_str(&text)?;
            return Ok(false);
        }
    }
    write!(out, "0x{bits:X}")?;
    Ok(true)
}

/// The decimal form upstream prints for a finite `f80` or `f128`, if any.
fn decimal_forms<T: Float + fmt::Display + std::str::FromStr>(v: T) -> Option<String> {
    let short = format!("{v:#w$.p$}", w = 0, p = 6);
    if short.parse::<T>().is_ok_and(|p| p.to_bits() == v.to_bits()) {
        return Some(short);
    }
    let natural = format!("{v}");
    natural.contains('.').then_some(natural)
}

/// Writes a float attribute's value held as an `f64` (see [`write_float_bits`]).
pub fn write_float(v: f64, kind: FloatKind, out: &mut dyn fmt::Write) -> fmt::Result {
    write_float_bits(kind, kind.from_f64(v), out).map(|_| ())
}

#[cfg(test)]
mod tests;
