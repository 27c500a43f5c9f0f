//! The scalar semantics of the elementwise ops, declared with their definitions.
//!
//! Each arithmetic elementwise op of [`crate::elementwise`] names one
//! [`ScalarFn`]: what it
//! computes on one element (or one pair), and for which element kinds. The
//! `binary!`/`unary!` macros that define the ops set it as the op type's
//! [`Elementwise::SCALAR`] and list it in [`ops`], and they derive the op's element
//! type constraint from the function's class ([`Arith`], [`Bitwise`], [`FloatFn`]),
//! so the verifier and the semantics cannot disagree on the kinds.
//!
//! The functions themselves are written once per element kind, as the traits
//! [`ArithScalar`], [`BitwiseScalar`] and [`FloatScalar`] on the marker types of
//! this module ([`F32`], [`I8`], [`I1`], ...): floats in [`float`], integers and
//! `i1` in [`int`]. A kind only implements the traits of the functions it has, so
//! there is no integer `tanh`. The interpreter drives its loops from these
//! functions; the export derives its `arith`/`math` body, and the import its
//! reverse match, from the [`ScalarFn`] of each op (an exhaustive `match`, so an
//! op added here is found at every site). `nd.cmp` computes a [`Compare`], chosen
//! by its predicate; `nd.select` picks `a` where its `i1` condition is 1, else `b`,
//! for any element type.

pub mod body;
mod exp;
pub mod float;
pub mod int;

pub use float::{BF16, F16, F32, F64};
pub use int::{I1, I8, I16, I32, I64, Idx, U8, U16, U32, U64};

use crate::support::{FLOAT_TENSOR, INTEGER_TENSOR, NUMERIC_TENSOR};
use tensor_ir::ods::TypeConstraint;

/// The kind of an element type, as the scalar semantics tell them apart.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ElemKind {
    /// `f16`, `bf16`, `f32`, `f64`.
    Float,
    /// Signless and signed integers wider than one bit, and `index`.
    Signed,
    /// Unsigned integers.
    Unsigned,
    /// `i1`.
    Bool,
}

/// The element kinds a scalar function is defined for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Kinds {
    /// Floats.
    pub float: bool,
    /// Signed integers and `index`.
    pub signed: bool,
    /// Unsigned integers.
    pub unsigned: bool,
    /// `i1`.
    pub bool: bool,
}

impl Kinds {
    /// Every kind: the verifier's integer, index or float elements.
    pub const NUMERIC: Kinds = Kinds {
        float: true,
        signed: true,
        unsigned: true,
        bool: true,
    };
    /// The integer kinds, `i1` and `index` included.
    pub const INTEGER: Kinds = Kinds {
        float: false,
        ..Kinds::NUMERIC
    };
    /// The floats only.
    pub const FLOAT: Kinds = Kinds {
        float: true,
        signed: false,
        unsigned: false,
        bool: false,
    };
    /// The kinds with a sign: floats, signed integers and `index`.
    pub const SIGNED: Kinds = Kinds {
        signed: true,
        ..Kinds::FLOAT
    };

    /// True when `kind` is in the set.
    pub const fn contains(self, kind: ElemKind) -> bool {
        match kind {
            ElemKind::Float => self.float,
            ElemKind::Signed => self.signed,
            ElemKind::Unsigned => self.unsigned,
            ElemKind::Bool => self.bool,
        }
    }
}

/// Functions defined for every numeric kind ([`Kinds::NUMERIC`]).
///
/// Integers wrap (two's complement, as NumPy's fixed-width integers and `arith`);
/// `i1` is the 1-bit unsigned integer modulo 2 (as `arith` on `i1`). Floats follow
/// IEEE as NumPy does; `f16` and `bf16` compute in `f32` and round once.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Arith {
    /// `a + b`.
    Add,
    /// `a - b`.
    Sub,
    /// `a * b`.
    Mul,
    /// `a / b`: true division for floats, NumPy's `floor_divide` for integers
    /// (rounds toward -inf; a zero divisor is refused before, see
    /// [`ScalarFn::partial_on_integers`]).
    Div,
    /// NumPy's `remainder`: the result has the divisor's sign (Python's `%`).
    Rem,
    /// `a ** b`; for integers by squaring, wrapping, with `b >= 0` (a negative
    /// exponent is refused before).
    Pow,
    /// The larger; NaN propagates, and `-0.0` is below `+0.0` (IEEE 754-2019 `maximum`).
    Max,
    /// The smaller; NaN propagates, and `-0.0` is below `+0.0` (IEEE 754-2019 `minimum`).
    Min,
    /// `-a` (wrapping).
    Neg,
    /// `|a|` (wrapping: `abs(i8::MIN)` is `i8::MIN`, as NumPy).
    Abs,
    /// -1, 0 or 1 as `a` is negative, zero or positive; NaN for NaN. Defined
    /// for the kinds with a sign only ([`Kinds::SIGNED`], as StableHLO's `sign`;
    /// NumPy's `sign` of an unsigned or bool array is another function). `-0.0`
    /// stays `-0.0`, as StableHLO specifies and `copysign` and `signbit` see;
    /// NumPy gives `+0.0` (the two compare equal).
    Sign,
}

/// Bitwise functions, defined for the integer kinds ([`Kinds::INTEGER`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Bitwise {
    /// `a & b`.
    And,
    /// `a | b`.
    Or,
    /// `a ^ b`.
    Xor,
    /// `!a`: every bit flipped (NumPy's `invert`); logical not on `i1`. The
    /// only unary function of the class.
    Not,
}

/// Functions defined only for floats ([`Kinds::FLOAT`]), each the correctly
/// rounded-or-close libm function of `f32`/`f64` (as NumPy).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FloatFn {
    /// `e^a`.
    Exp,
    /// The natural logarithm.
    Log,
    /// The square root.
    Sqrt,
    /// The hyperbolic tangent.
    Tanh,
    /// The sine (radians).
    Sin,
    /// The cosine (radians).
    Cos,
    /// The largest integer not above `a` (exact).
    Floor,
    /// The smallest integer not below `a` (exact).
    Ceil,
    /// `1 / sqrt(a)`, the square root rounded first (as NumPy computes it).
    Rsqrt,
    /// The angle of the point `(b, a)` in radians, in `[-pi, pi]`: C's
    /// `atan2(a, b)` (`a` is y), with its signed zeros, infinities and NaNs (as
    /// NumPy's `arctan2`). The only binary function of the class.
    Atan2,
    /// The nearest integer, ties to even, keeping the sign of zero (NumPy's
    /// `rint`, C's `roundeven`; exact).
    RoundEven,
    /// The error function (the `libm` crate's `erf`/`erff`; NumPy has none,
    /// SciPy's `special.erf` is the reference).
    Erf,
    /// `log(1 + a)`, precise near 0 (NumPy's `log1p`): [`body::LOG1P`].
    Log1p,
    /// `e^a - 1`, precise near 0 (NumPy's `expm1`): [`body::EXPM1`].
    Expm1,
    /// `1 / (1 + e^-a)`, 0 and 1 (not NaN) at the ends (SciPy's `expit`, JAX's
    /// `sigmoid`): [`body::LOGISTIC`].
    Logistic,
}

impl FloatFn {
    /// The steps that define the function, if it is not one `arith`/`math` op
    /// (the interpreter, the export and the import all read them).
    pub const fn body(self) -> Option<body::Body> {
        match self {
            FloatFn::Log1p => Some(body::LOG1P),
            FloatFn::Expm1 => Some(body::EXPM1),
            FloatFn::Logistic => Some(body::LOGISTIC),
            _ => None,
        }
    }
}

/// The scalar semantics of one elementwise op.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ScalarFn {
    /// Defined for every numeric kind.
    Arith(Arith),
    /// Defined for the integer kinds.
    Bitwise(Bitwise),
    /// Defined for floats.
    Float(FloatFn),
}

impl ScalarFn {
    /// The number of operands.
    pub const fn arity(self) -> usize {
        match self {
            ScalarFn::Float(FloatFn::Atan2) => 2,
            ScalarFn::Arith(Arith::Neg | Arith::Abs | Arith::Sign)
            | ScalarFn::Bitwise(Bitwise::Not)
            | ScalarFn::Float(_) => 1,
            ScalarFn::Arith(_) | ScalarFn::Bitwise(_) => 2,
        }
    }

    /// The element kinds the function is defined for (the op's verifier accepts
    /// exactly these).
    pub const fn kinds(self) -> Kinds {
        match self {
            ScalarFn::Arith(Arith::Sign) => Kinds::SIGNED,
            ScalarFn::Arith(_) => Kinds::NUMERIC,
            ScalarFn::Bitwise(_) => Kinds::INTEGER,
            ScalarFn::Float(_) => Kinds::FLOAT,
        }
    }

    /// True when the function is defined for `kind`.
    pub const fn defined_for(self, kind: ElemKind) -> bool {
        self.kinds().contains(kind)
    }

    /// True when the function is partial on integers: a zero divisor (`div`,
    /// `rem`) or a negative exponent (`pow`) in operand #1 has no integer result,
    /// so the operands must be checked first (the interpreter reports the index;
    /// `arith` leaves it undefined).
    pub const fn partial_on_integers(self) -> bool {
        matches!(self, ScalarFn::Arith(Arith::Div | Arith::Rem | Arith::Pow))
    }
}

impl Arith {
    /// The element constraint of an op of this class.
    pub(crate) const TENSOR: TypeConstraint = NUMERIC_TENSOR;

    /// As a [`ScalarFn`].
    pub const fn scalar(self) -> ScalarFn {
        ScalarFn::Arith(self)
    }
}

impl Bitwise {
    /// The element constraint of an op of this class.
    pub(crate) const TENSOR: TypeConstraint = INTEGER_TENSOR;

    /// As a [`ScalarFn`].
    pub const fn scalar(self) -> ScalarFn {
        ScalarFn::Bitwise(self)
    }
}

impl FloatFn {
    /// The element constraint of an op of this class.
    pub(crate) const TENSOR: TypeConstraint = FLOAT_TENSOR;

    /// As a [`ScalarFn`].
    pub const fn scalar(self) -> ScalarFn {
        ScalarFn::Float(self)
    }
}

/// The scalar semantics of `nd.cmp`, one per predicate keyword: IEEE
/// comparisons, so every predicate but `ne` is false when either operand is NaN
/// (`arith.cmpf` with the ordered predicates, `une` for `ne`). Defined for every
/// numeric kind; integers compare by their signedness (`i1` and unsigned as
/// unsigned), the result is `i1`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Compare {
    /// `a == b`.
    Eq,
    /// `a != b`.
    Ne,
    /// `a < b`.
    Lt,
    /// `a <= b`.
    Le,
    /// `a > b`.
    Gt,
    /// `a >= b`.
    Ge,
}

impl Compare {
    /// Every predicate, in the order of `CmpPredicate`'s keywords.
    pub const ALL: [Compare; 6] = [
        Compare::Eq,
        Compare::Ne,
        Compare::Lt,
        Compare::Le,
        Compare::Gt,
        Compare::Ge,
    ];

    /// The predicate of a `predicate` keyword (`lt`), if it is one.
    pub fn from_keyword(keyword: &str) -> Option<Compare> {
        let i = crate::CmpPredicate::KEYWORDS
            .iter()
            .position(|&k| k == keyword)?;
        Compare::ALL.get(i).copied()
    }

    /// Whether the predicate holds for `a` and `b`.
    #[inline(always)]
    pub fn holds<T: PartialOrd>(self, a: T, b: T) -> bool {
        match self {
            Compare::Eq => a == b,
            Compare::Ne => a != b,
            Compare::Lt => a < b,
            Compare::Le => a <= b,
            Compare::Gt => a > b,
            Compare::Ge => a >= b,
        }
    }
}

/// An op type with scalar semantics: every op the `binary!` and `unary!` macros
/// define.
pub trait Elementwise {
    /// What the op computes per element.
    const SCALAR: ScalarFn;
}

/// Every elementwise op with scalar semantics, by name, with its function: the
/// table a layer attaches its per-op entries from.
pub fn ops() -> impl Iterator<Item = (&'static str, ScalarFn)> {
    crate::elementwise::BINARY
        .iter()
        .chain(crate::elementwise::UNARY)
        .copied()
}

/// The functions every numeric element kind has, on storage `S`.
pub trait ArithScalar {
    /// The storage type of one element.
    type S: Copy + PartialOrd;
    /// See [`Arith::Add`].
    fn add(a: Self::S, b: Self::S) -> Self::S;
    /// See [`Arith::Sub`].
    fn sub(a: Self::S, b: Self::S) -> Self::S;
    /// See [`Arith::Mul`].
    fn mul(a: Self::S, b: Self::S) -> Self::S;
    /// See [`Arith::Div`].
    fn div(a: Self::S, b: Self::S) -> Self::S;
    /// See [`Arith::Rem`].
    fn rem(a: Self::S, b: Self::S) -> Self::S;
    /// See [`Arith::Pow`].
    fn pow(a: Self::S, b: Self::S) -> Self::S;
    /// See [`Arith::Max`].
    fn max(a: Self::S, b: Self::S) -> Self::S;
    /// See [`Arith::Min`].
    fn min(a: Self::S, b: Self::S) -> Self::S;
    /// See [`Arith::Neg`].
    fn neg(a: Self::S) -> Self::S;
    /// See [`Arith::Abs`].
    fn abs(a: Self::S) -> Self::S;
    /// See [`Arith::Sign`] (also written for the kinds without a sign, which
    /// the verifier refuses: `a != 0`).
    fn sign(a: Self::S) -> Self::S;
}

/// The functions of the integer kinds.
pub trait BitwiseScalar: ArithScalar {
    /// See [`Bitwise::And`].
    fn and(a: Self::S, b: Self::S) -> Self::S;
    /// See [`Bitwise::Or`].
    fn or(a: Self::S, b: Self::S) -> Self::S;
    /// See [`Bitwise::Xor`].
    fn xor(a: Self::S, b: Self::S) -> Self::S;
    /// See [`Bitwise::Not`].
    fn not(a: Self::S) -> Self::S;
}

/// The functions of the float kinds.
pub trait FloatScalar: ArithScalar {
    /// See [`FloatFn::Exp`].
    fn exp(a: Self::S) -> Self::S;
    /// See [`FloatFn::Log`].
    fn log(a: Self::S) -> Self::S;
    /// See [`FloatFn::Sqrt`].
    fn sqrt(a: Self::S) -> Self::S;
    /// See [`FloatFn::Tanh`].
    fn tanh(a: Self::S) -> Self::S;
    /// See [`FloatFn::Sin`].
    fn sin(a: Self::S) -> Self::S;
    /// See [`FloatFn::Cos`].
    fn cos(a: Self::S) -> Self::S;
    /// See [`FloatFn::Floor`].
    fn floor(a: Self::S) -> Self::S;
    /// See [`FloatFn::Ceil`].
    fn ceil(a: Self::S) -> Self::S;
    /// See [`FloatFn::Rsqrt`].
    fn rsqrt(a: Self::S) -> Self::S;
    /// See [`FloatFn::Atan2`].
    fn atan2(a: Self::S, b: Self::S) -> Self::S;
    /// See [`FloatFn::RoundEven`].
    fn round_even(a: Self::S) -> Self::S;
    /// See [`FloatFn::Erf`].
    fn erf(a: Self::S) -> Self::S;
    /// The float `v` in this kind, rounded (a constant of a [`body`]).
    fn lit(v: f64) -> Self::S;
    /// A function declared as `steps` ([`FloatFn::body`]) applied to `a`: each
    /// step rounded in this kind (the half kinds override it: in `f32`, rounded
    /// once).
    #[inline]
    fn body(steps: body::Body, a: Self::S) -> Self::S
    where
        Self: Sized,
    {
        body::eval::<Self>(steps, a)
    }
    /// See [`FloatFn::Log1p`].
    #[inline]
    fn log1p(a: Self::S) -> Self::S
    where
        Self: Sized,
    {
        Self::body(body::LOG1P, a)
    }
    /// See [`FloatFn::Expm1`].
    #[inline]
    fn expm1(a: Self::S) -> Self::S
    where
        Self: Sized,
    {
        Self::body(body::EXPM1, a)
    }
    /// See [`FloatFn::Logistic`].
    #[inline]
    fn logistic(a: Self::S) -> Self::S
    where
        Self: Sized,
    {
        Self::body(body::LOGISTIC, a)
    }
}

#[cfg(test)]
mod tests;
