//! Integer literals past the `i128` fast path: a type wider than 128 bits, or
//! a magnitude `i128` cannot hold. Upstream's `APInt` has arbitrary precision,
//! so these are read again from the source into a big integer and checked by
//! the same rule as [`super::attrs`]' `int_fits`.

use num_bigint::{BigInt, BigUint, Sign};

use super::{PResult, Parser};
use crate::Attribute;
use crate::Type;
use crate::attrs::AttrKind;
use crate::types::{Signedness, TypeKind};

/// The widest value read: upstream has no limit, but reading and printing a
/// big integer in decimal is quadratic in its length. 2^18 bits is some 79,000
/// decimal digits.
const MAX_BITS: u64 = 1 << 18;

impl Parser<'_> {
    /// The attribute of the integer literal at `pos` (its `-`, if any, or its
    /// number) with type `ty`: an [`AttrKind::Integer`] when the value fits an
    /// `i128`, else an [`AttrKind::WideInteger`]; out of range as upstream says.
    pub(super) fn wide_int_attr(&mut self, ty: Type, pos: u32) -> PResult<Attribute> {
        let at = self.number_pos(pos);
        let neg = at != pos;
        let out_of_range = |p: &Self| p.error_at(at, "integer constant out of range for attribute");
        let (width, signedness) = match *self.ctx.type_kind(ty) {
            TypeKind::Index => (64, Signedness::Signed),
            TypeKind::Integer { width, signedness } => (width, signedness),
            _ => return Err(out_of_range(self)),
        };
        if neg && signedness == Signedness::Unsigned {
            return Err(self.error_at(
                at,
                "negative integer literal not valid for unsigned integer type",
            ));
        }
        let rest = self.src.as_bytes().get(at as usize..).unwrap_or_default();
        let digits = rest
            .iter()
            .position(|c| !c.is_ascii_alphanumeric())
            .map_or(rest, |n| &rest[..n]);
        let (digits, radix) = match digits.strip_prefix(b"0x") {
            Some(hex) => (hex, 16),
            None => (digits, 10),
        };
        let first = digits
            .iter()
            .position(|&c| c != b'0')
            .unwrap_or(digits.len());
        let digits = &digits[first..];
        // The fewest bits a number of this many digits takes (log2(10) <
        // 3.3219281), so a literal far past its width is refused before it is read.
        let len = u64::try_from(digits.len()).unwrap_or(u64::MAX);
        let least_bits = match (radix, len.checked_sub(1)) {
            (_, None) => 0,
            (16, Some(l)) => l.saturating_mul(4).saturating_add(1),
            (_, Some(l)) => l.saturating_mul(3_321_928) / 1_000_000 + 1,
        };
        if least_bits > u64::from(width) {
            return Err(out_of_range(self));
        }
        if least_bits > MAX_BITS {
            // Reading and printing in decimal take time quadratic in the digits.
            return Err(self.error_at(
                at,
                format!("integer literals of more than {MAX_BITS} bits are not supported"),
            ));
        }
        let magnitude = if digits.is_empty() {
            BigUint::default()
        } else {
            BigUint::parse_bytes(digits, radix).ok_or_else(|| out_of_range(self))?
        };
        let bits = magnitude.bits();
        let fits = if bits > u64::from(width) {
            false
        } else if width == 0 {
            !neg
        } else if neg {
            // -m is negative in `width` bits: 0 < m <= 2^(width-1).
            bits > 0 && (bits < u64::from(width) || magnitude.trailing_zeros() == Some(bits - 1))
        } else {
            signedness != Signedness::Signed || bits < u64::from(width)
        };
        if !fits {
            return Err(out_of_range(self));
        }
        // The value as it prints: a signless value with the sign bit set wraps.
        let value = if neg {
            BigInt::from_biguint(Sign::Minus, magnitude)
        } else if signedness == Signedness::Signless && width > 0 && bits == u64::from(width) {
            BigInt::from(magnitude) - (BigInt::from(1) << width)
        } else {
            BigInt::from(magnitude)
        };
        Ok(match i128::try_from(&value) {
            Ok(v) => self.ctx.int_attr(v, ty),
            Err(_) => self.ctx.intern_attr(AttrKind::WideInteger {
                value: Box::new(value),
                ty,
            }),
        })
    }
}
