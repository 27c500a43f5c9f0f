//! Element types: what the interpreter stores and how each computes.
//!
//! Every element type has a Rust storage type (`i1` is one `u8`, 0 or 1, so that
//! every buffer is plain old data and `.npy` bytes load straight into it) and a
//! marker type: the dialect's (`tensor_dialect_nd::scalar`), which carries the
//! scalar functions the ops declare, implementing [`Num`], how the interpreter
//! stores and converts it. Kernels are generic over the marker and monomorphised
//! per element type.

use crate::loops::Src;
use half::{bf16, f16};
use tensor_dialect_nd::scalar::{ArithScalar, ElemKind, ScalarFn};
use tensor_ir::{Context, FloatKind, Signedness, Type, TypeKind};

mod float;
mod int;

pub(crate) use float::{BF16, F16, F32, F64};
pub(crate) use int::{I1, I8, I16, I32, I64, Idx, U8, U16, U32, U64};

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

    /// The kind the dialect's scalar semantics tell apart.
    pub fn kind(self) -> ElemKind {
        match self {
            ElemType::I1 => ElemKind::Bool,
            ElemType::I8 | ElemType::I16 | ElemType::I32 | ElemType::I64 | ElemType::Index => {
                ElemKind::Signed
            }
            ElemType::U8 | ElemType::U16 | ElemType::U32 | ElemType::U64 => ElemKind::Unsigned,
            ElemType::F16 | ElemType::BF16 | ElemType::F32 | ElemType::F64 => ElemKind::Float,
        }
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

/// How the interpreter stores and runs one element type: the dialect's scalar
/// functions of the kind ([`ArithScalar`] and, per kind, `BitwiseScalar` or
/// `FloatScalar`), plus storage, identities and conversions.
///
/// Callers check integer operands before `div`, `rem` and `pow` (a zero divisor,
/// a negative exponent: see `ScalarFn::partial_on_integers`).
pub(crate) trait Num:
    ArithScalar<S: Send + Sync + bytemuck::Pod + std::fmt::Debug + 'static> + Send + Sync + 'static
{
    /// The element type this arithmetic is for.
    const TYPE: ElemType;
    /// True for floats.
    const FLOAT: bool;
    /// The scalar functions this kind has, as a fused node runs them: a
    /// [`ScalarFn`] narrowed to the kind, so running one the kind lacks cannot be
    /// written.
    type Op: Copy + Send + Sync + std::fmt::Debug;
    /// `f` narrowed to this kind; `None` when the dialect does not define `f` for it.
    fn bind(f: ScalarFn) -> Option<Self::Op>;
    /// Runs `op` over one segment (`b` is `None` for a unary op).
    fn apply(op: Self::Op, a: Src<'_, Self::S>, b: Option<Src<'_, Self::S>>, out: &mut [Self::S]);
    fn zero() -> Self::S;
    fn one() -> Self::S;
    /// The identity of `max` (the lowest value, -inf for floats).
    fn lowest() -> Self::S;
    /// The identity of `min`.
    fn highest() -> Self::S;
    /// True for a zero divisor (integers only; floats divide by zero per IEEE).
    #[inline(always)]
    fn is_zero(a: Self::S) -> bool {
        !Self::FLOAT && a == Self::zero()
    }
    /// True for a negative integer exponent (integers only).
    #[inline(always)]
    fn is_negative(a: Self::S) -> bool {
        !Self::FLOAT && a < Self::zero()
    }
    fn to_wide(a: Self::S) -> Wide;
    fn from_wide(w: Wide) -> Self::S;
    /// As an `f64` (for printing checks and the reference evaluator).
    fn to_f64(a: Self::S) -> f64;
}

/// The part of [`Num`] a class of kinds shares: its narrowed functions `$Op`
/// and the loop dispatch `$apply` over storage `$t`.
macro_rules! kind_ops {
    ($Op:ident, $apply:ident, $t:ty) => {
        type Op = $Op;
        #[inline(always)]
        fn bind(f: tensor_dialect_nd::scalar::ScalarFn) -> Option<$Op> {
            $Op::bind(f)
        }
        #[inline(always)]
        fn apply(
            op: $Op,
            a: $crate::loops::Src<'_, $t>,
            b: Option<$crate::loops::Src<'_, $t>>,
            out: &mut [$t],
        ) {
            $apply::<Self>(op, a, b, out)
        }
    };
}
use kind_ops;

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
    fn markers_match_their_element_types() {
        for elem in ElemType::ALL {
            let (size, float) = with_num!(elem, N => {
                assert_eq!(N::TYPE, elem);
                (std::mem::size_of::<<N as ArithScalar>::S>(), N::FLOAT)
            });
            assert_eq!(size, elem.size(), "{elem}");
            assert_eq!(float, elem.kind() == ElemKind::Float, "{elem}");
        }
    }

    #[test]
    fn bits_convert_by_testing_for_nonzero() {
        assert_eq!(I1::from_wide(Wide::D(f64::NAN)), 1);
        assert_eq!(I1::from_wide(Wide::I(2)), 1);
        assert_eq!(I1::from_wide(Wide::U(0)), 0);
    }

    #[test]
    fn operand_checks_are_shared_defaults() {
        assert!(I32::is_zero(0) && !I32::is_zero(3) && I1::is_zero(0));
        // Floats divide by zero per IEEE and take any exponent.
        assert!(!F64::is_zero(0.0) && !F32::is_negative(-1.0));
        assert!(I64::is_negative(-1) && Idx::is_negative(i64::MIN));
        assert!(!U64::is_negative(u64::MAX) && !I1::is_negative(1));
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
