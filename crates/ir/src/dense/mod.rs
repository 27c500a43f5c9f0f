//! Typed storage for the elements of `dense<...>` and `array<...>` attributes.
//!
//! Elements live at their element width in one shared buffer (`Arc<[T]>`): an `i8`
//! constant of N elements holds N bytes, cloning the values shares the buffer, and an
//! interpreter reads them in place with [`ElementValues::as_slice`]. A `dense<...>`
//! whose elements are all equal (a splat) stores one element, as upstream does.
//!
//! | element type | stored as | `as_slice::<T>()` succeeds for |
//! | --- | --- | --- |
//! | `i1`, `si1`, `ui1` | `bool` (one byte each) | `bool`, `u8` |
//! | `i8`, `i16`, `i32`, `i64`, `i128` (any signedness) | `u8` ... `u128` | the signed and the unsigned Rust type of that width |
//! | `index` | `u64` | `i64`, `u64` |
//! | `f16`, `bf16`, `f32`, `f64` | their bits | `half::f16`, `half::bf16`, `f32`, `f64` |
//! | other float formats (`f8E4M3FN`, `tf32`, `f80`, ...) | their bits, in the next container | none: read them with [`ElementValues::float`] or [`ElementValues::bits`] |
//! | `iN` of another width, 2 ≤ N ≤ 128 | the next of `u8`, `u16`, `u32`, `u64`, `u128` | none: read them with [`ElementValues::int`] |
//!
//! Integers of other widths hold upstream's raw bits, the low N bits zero-extended
//! (`-1 : i3` is `0b111`), so that hex literals round-trip byte for byte;
//! [`ElementValues::int`] extends them as the type's signedness says. Integers wider
//! than 128 bits, `i0`, complex and other element types are not supported: the parser
//! reports them.

mod hex;

pub(crate) use hex::decode as decode_hex;

use crate::types::{FloatKind, Signedness, TypeKind};
use std::sync::Arc;
use storage::Data;

/// The widest integer element dense storage holds.
pub const MAX_INT_WIDTH: u32 = 128;

/// What the elements are: it decides the storage width and how values read back.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ElementKind {
    /// `i1` of any signedness: one `bool` per element.
    Bool,
    /// `iN`, `siN`, `uiN` with 2 ≤ N ≤ [`MAX_INT_WIDTH`].
    Int {
        /// Bit width.
        width: u32,
        /// Sign semantics, for reading values back.
        signedness: Signedness,
    },
    /// `index`: 64 bits, signed.
    Index,
    /// A float format.
    Float(FloatKind),
}

impl ElementKind {
    /// The storage kind of a scalar element type; `None` for non-scalar types and for
    /// integers of width 0 or wider than [`MAX_INT_WIDTH`].
    pub fn of(kind: &TypeKind) -> Option<ElementKind> {
        match *kind {
            TypeKind::Integer { width: 1, .. } => Some(ElementKind::Bool),
            TypeKind::Integer { width, signedness } if (2..=MAX_INT_WIDTH).contains(&width) => {
                Some(ElementKind::Int { width, signedness })
            }
            TypeKind::Index => Some(ElementKind::Index),
            TypeKind::Float(k) => Some(ElementKind::Float(k)),
            _ => None,
        }
    }

    /// The width of the element type in bits.
    pub fn width(self) -> u32 {
        match self {
            ElementKind::Bool => 1,
            ElementKind::Int { width, .. } => width,
            ElementKind::Index => 64,
            ElementKind::Float(k) => k.width(),
        }
    }

    /// Bytes per element in upstream's raw data (and so in hex literals): the width
    /// rounded up to whole bytes. `i1` is the exception: its raw data packs 8 per byte.
    pub fn raw_bytes(self) -> usize {
        self.width().div_ceil(8) as usize
    }

    /// True for the float kinds.
    pub fn is_float(self) -> bool {
        matches!(self, ElementKind::Float(_))
    }

    /// The storage container's width in bytes (1 for `i1`).
    fn container_bytes(self) -> usize {
        match self.width() {
            0..=8 => 1,
            9..=16 => 2,
            17..=32 => 4,
            33..=64 => 8,
            _ => 16,
        }
    }
}

/// Rust element types dense values can be read as (see the table in the module docs).
/// Sealed: the crate implements it for `bool`, the integer types from 8 to 128 bits,
/// `f32`, `f64`, `half::f16` and `half::bf16`.
pub trait DenseElement: Copy + storage::Sealed + 'static {}

/// The elements of a dense attribute at their element width, in a shared buffer.
/// Equality and hashing compare the stored bits (so `-0.0` and `0.0` differ, as
/// upstream's uniquing of raw data does) and cost one pass over the data.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ElementValues {
    kind: ElementKind,
    data: Data,
}

impl ElementValues {
    /// The element kind.
    pub fn kind(&self) -> ElementKind {
        self.kind
    }

    /// The number of stored elements: one for a splat, whatever the type's shape.
    pub fn len(&self) -> usize {
        match &self.data {
            Data::Bool(d) => d.len(),
            Data::U8(d) => d.len(),
            Data::U16(d) => d.len(),
            Data::U32(d) => d.len(),
            Data::U64(d) => d.len(),
            Data::U128(d) => d.len(),
        }
    }

    /// True when nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// True when one stored element stands for every element of a `dense<...>`
    /// (the parser stores a literal whose elements are all equal this way).
    pub fn is_splat(&self) -> bool {
        self.len() == 1
    }

    /// The bytes the stored elements occupy: `len()` times the container width.
    pub fn storage_bytes(&self) -> usize {
        self.len() * self.kind.container_bytes()
    }

    /// The stored elements as a slice of `T`, without copying; `None` unless `T` is
    /// the element type's Rust type (see the module docs).
    pub fn as_slice<T: DenseElement>(&self) -> Option<&[T]> {
        T::view(&self.data, self.kind)
    }

    /// Element `i` as an integer: `i1` reads 0 or 1; signless and signed integers and
    /// `index` are sign-extended, unsigned ones zero-extended (a `ui128` above
    /// `i128::MAX` wraps: read it with [`ElementValues::bits`]). `None` for floats or
    /// past the end.
    pub fn int(&self, i: usize) -> Option<i128> {
        let bits = self.bits(i)?;
        Some(match self.kind {
            ElementKind::Bool => bits as i128,
            ElementKind::Index => i128::from(bits as u64 as i64),
            ElementKind::Int { width, signedness } => extend(bits, width, signedness),
            ElementKind::Float(_) => return None,
        })
    }

    /// Element `i` of a float kind as an `f64` (exactly, except for `f80` and `f128`).
    /// `None` for integers or past the end.
    pub fn float(&self, i: usize) -> Option<f64> {
        let ElementKind::Float(k) = self.kind else {
            return None;
        };
        let bits = self.bits(i)?;
        Some(k.to_f64(bits))
    }

    /// The stored bits of element `i`, zero-extended (floats: their encoding).
    pub fn bits(&self, i: usize) -> Option<u128> {
        Some(match &self.data {
            Data::Bool(d) => u128::from(*d.get(i)?),
            Data::U8(d) => u128::from(*d.get(i)?),
            Data::U16(d) => u128::from(*d.get(i)?),
            Data::U32(d) => u128::from(*d.get(i)?),
            Data::U64(d) => u128::from(*d.get(i)?),
            Data::U128(d) => *d.get(i)?,
        })
    }

    /// The elements as integers (see [`ElementValues::int`]); `None` for floats.
    pub fn ints(&self) -> Option<impl ExactSizeIterator<Item = i128> + '_> {
        (!self.kind.is_float()).then(|| (0..self.len()).map(|i| self.int(i).unwrap_or(0)))
    }

    /// The elements of a float kind as `f64`s; `None` for integers.
    pub fn floats(&self) -> Option<impl ExactSizeIterator<Item = f64> + '_> {
        self.kind
            .is_float()
            .then(|| (0..self.len()).map(|i| self.float(i).unwrap_or(0.0)))
    }

    /// Integer values of an integer kind, each truncated to the element width (two's
    /// complement; `i1` keeps the low bit). `None` for a float kind.
    pub fn from_ints(kind: ElementKind, values: impl IntoIterator<Item = i128>) -> Option<Self> {
        if kind.is_float() {
            return None;
        }
        let width = kind.width();
        let bits = values.into_iter().map(move |v| truncate(v as u128, width));
        Some(Self::from_bits_iter(kind, bits))
    }

    /// Float values, each rounded to the format as storing it would.
    pub fn from_floats(kind: FloatKind, values: impl IntoIterator<Item = f64>) -> Self {
        let bits = values.into_iter().map(move |v| float_bits(v, kind));
        Self::from_bits_iter(ElementKind::Float(kind), bits)
    }

    /// Values copied from a slice of the element type's Rust type (one copy, no
    /// conversion); `None` if `T` does not match `kind` (see the module docs).
    pub fn from_slice<T: DenseElement>(kind: ElementKind, items: &[T]) -> Option<Self> {
        Some(ElementValues {
            kind,
            data: T::store(kind, items)?,
        })
    }

    /// Raw bits (as [`ElementValues::bits`] returns them) into the kind's container.
    /// Bits above the container width are dropped; callers pass truncated values.
    pub(crate) fn from_bits_iter(kind: ElementKind, bits: impl Iterator<Item = u128>) -> Self {
        let data = match kind.container_bytes() {
            _ if kind == ElementKind::Bool => Data::Bool(bits.map(|b| b & 1 != 0).collect()),
            1 => Data::U8(bits.map(|b| b as u8).collect()),
            2 => Data::U16(bits.map(|b| b as u16).collect()),
            4 => Data::U32(bits.map(|b| b as u32).collect()),
            8 => Data::U64(bits.map(|b| b as u64).collect()),
            _ => Data::U128(bits.collect()),
        };
        ElementValues { kind, data }
    }

    /// Keeps one pair when all pairs are equal: a complex splat.
    pub(crate) fn into_pair_splat_if_uniform(self) -> Self {
        let n = self.len();
        if n <= 2 || !n.is_multiple_of(2) {
            return self;
        }
        let (a, b) = (self.bits(0), self.bits(1));
        if (1..n / 2).all(|i| self.bits(2 * i) == a && self.bits(2 * i + 1) == b) {
            let first = [a.unwrap_or(0), b.unwrap_or(0)];
            return Self::from_bits_iter(self.kind, first.into_iter());
        }
        self
    }

    /// Keeps one element when all are equal (upstream stores such literals as splats).
    pub(crate) fn into_splat_if_uniform(self) -> Self {
        fn first_if_uniform<T: Copy + PartialEq>(d: &Arc<[T]>) -> Option<Arc<[T]>> {
            let (&first, rest) = d.split_first()?;
            (!rest.is_empty() && rest.iter().all(|&x| x == first)).then(|| Arc::from([first]))
        }
        let data = match &self.data {
            Data::Bool(d) => first_if_uniform(d).map(Data::Bool),
            Data::U8(d) => first_if_uniform(d).map(Data::U8),
            Data::U16(d) => first_if_uniform(d).map(Data::U16),
            Data::U32(d) => first_if_uniform(d).map(Data::U32),
            Data::U64(d) => first_if_uniform(d).map(Data::U64),
            Data::U128(d) => first_if_uniform(d).map(Data::U128),
        };
        match data {
            Some(data) => ElementValues { data, ..self },
            None => self,
        }
    }
}

/// The low `width` bits of `v`.
pub(crate) fn truncate(v: u128, width: u32) -> u128 {
    if width >= 128 {
        v
    } else {
        v & ((1u128 << width) - 1)
    }
}

/// The value of the low `width` bits of `bits` under `signedness`.
fn extend(bits: u128, width: u32, signedness: Signedness) -> i128 {
    if width >= 128 {
        return bits as i128;
    }
    let bits = truncate(bits, width);
    if signedness != Signedness::Unsigned && width > 0 {
        // Shifted up to the top and back arithmetically: no `2^width` to overflow at 127.
        let shift = 128 - width;
        (bits << shift).cast_signed() >> shift
    } else {
        bits as i128
    }
}

/// The encoding of `v` rounded to `kind`.
pub(crate) fn float_bits(v: f64, kind: FloatKind) -> u128 {
    kind.from_f64(v)
}

/// The buffer and the sealed trait behind [`DenseElement`]; public in a private module
/// so the trait's methods stay crate-internal.
mod storage {
    use super::ElementKind;
    use crate::types::FloatKind;
    use std::sync::Arc;

    /// One buffer per container width; floats are stored as their bits so that
    /// equality and hashing are exact.
    #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    pub enum Data {
        Bool(Arc<[bool]>),
        U8(Arc<[u8]>),
        U16(Arc<[u16]>),
        U32(Arc<[u32]>),
        U64(Arc<[u64]>),
        U128(Arc<[u128]>),
    }

    pub trait Sealed: Sized {
        /// The stored data as `[Self]`, if `Self` is the kind's Rust type.
        fn view(data: &Data, kind: ElementKind) -> Option<&[Self]>;
        /// `items` stored for `kind`, if `Self` is the kind's Rust type.
        fn store(kind: ElementKind, items: &[Self]) -> Option<Data>;
    }

    impl Sealed for bool {
        fn view(data: &Data, _: ElementKind) -> Option<&[bool]> {
            match data {
                Data::Bool(d) => Some(&d[..]),
                _ => None,
            }
        }
        fn store(kind: ElementKind, items: &[bool]) -> Option<Data> {
            (kind == ElementKind::Bool).then(|| Data::Bool(items.into()))
        }
    }
    impl super::DenseElement for bool {}

    /// Implements the traits for the Rust types stored in `variant`, for the kinds
    /// `accepts` matches.
    macro_rules! element {
        ($($t:ty),* => $variant:ident, $accepts:pat) => {$(
            impl Sealed for $t {
                fn view(data: &Data, kind: ElementKind) -> Option<&[$t]> {
                    match data {
                        Data::$variant(d) if matches!(kind, $accepts) => {
                            Some(bytemuck::cast_slice(&d[..]))
                        }
                        _ => None,
                    }
                }
                fn store(kind: ElementKind, items: &[$t]) -> Option<Data> {
                    matches!(kind, $accepts)
                        .then(|| Data::$variant(bytemuck::cast_slice(items).into()))
                }
            }
            impl super::DenseElement for $t {}
        )*};
    }

    element!(i8 => U8, ElementKind::Int { width: 8, .. });
    element!(i16, u16 => U16, ElementKind::Int { width: 16, .. });
    element!(i32, u32 => U32, ElementKind::Int { width: 32, .. });
    element!(i64, u64 => U64, ElementKind::Int { width: 64, .. } | ElementKind::Index);
    element!(i128, u128 => U128, ElementKind::Int { width: 128, .. });
    element!(half::f16 => U16, ElementKind::Float(FloatKind::F16));
    element!(half::bf16 => U16, ElementKind::Float(FloatKind::BF16));
    element!(f32 => U32, ElementKind::Float(FloatKind::F32));
    element!(f64 => U64, ElementKind::Float(FloatKind::F64));

    // `u8` also reads `i1` storage: a `bool` is one byte, 0 or 1.
    impl Sealed for u8 {
        fn view(data: &Data, kind: ElementKind) -> Option<&[u8]> {
            match (data, kind) {
                (Data::U8(d), ElementKind::Int { width: 8, .. }) => Some(&d[..]),
                (Data::Bool(d), _) => Some(bytemuck::cast_slice(&d[..])),
                _ => None,
            }
        }
        fn store(kind: ElementKind, items: &[u8]) -> Option<Data> {
            match kind {
                ElementKind::Int { width: 8, .. } => Some(Data::U8(items.into())),
                ElementKind::Bool if items.iter().all(|&b| b <= 1) => {
                    Some(Data::Bool(items.iter().map(|&b| b == 1).collect()))
                }
                _ => None,
            }
        }
    }
    impl super::DenseElement for u8 {}
}

#[cfg(test)]
mod tests;
