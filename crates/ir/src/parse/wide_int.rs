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
        let magnitude = match digits.strip_prefix(b"0x") {
            Some(hex) => BigUint::parse_bytes(hex, 16),
            None => BigUint::parse_bytes(digits, 10),
        }
        .ok_or_else(|| out_of_range(self))?;
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
