//! Float functions defined as a short program of other functions: its [`Body`].
//!
//! `log1p`, `expm1` and `logistic` have no correctly rounded `arith`/`math`
//! counterpart that LLVM 22 lowers precisely (`--convert-math-to-llvm` computes
//! `math.log1p` as `log(1 + x)` and `math.expm1` as `exp(x) - 1`, wrong by up to
//! 100% near 0; there is no `math.logistic`). Each is declared here once, as
//! steps over declared functions, comparisons and selects: the interpreter
//! evaluates the steps ([`eval`], one rounding per step in the element type;
//! `f16` and `bf16` in `f32`, rounded once at the end), the export writes one
//! `arith`/`math` op per step and the import recognises the body by
//! re-exporting it, so the three layers cannot disagree. The bodies are
//! Kahan's (log1p, expm1) and the two-sided logistic, accurate to a few ulps (see
//! `docs/export.md`, "Precision").

use super::{Arith, Compare, FloatFn, FloatScalar, ScalarFn};

/// A value of a body: the operand (`0`) or the result of step `i` (`i + 1`).
pub type Slot = u8;

/// One step of a [`Body`]; its result is the next [`Slot`].
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Step {
    /// A float constant (`arith.constant`).
    Const(f64),
    /// A declared unary function of the operand slot (`math.exp`, `arith.negf`).
    Un(ScalarFn, Slot),
    /// A declared binary function of two slots (`arith.addf`, ...).
    Bin(ScalarFn, Slot, Slot),
    /// `if a <cmp> b { then } else { other }` (`arith.cmpf` with the ordered
    /// predicate, then `arith.select`): false when either is NaN.
    Pick {
        /// The comparison.
        cmp: Compare,
        /// Its left operand.
        a: Slot,
        /// Its right operand.
        b: Slot,
        /// The value where it holds.
        then: Slot,
        /// The value where it does not.
        other: Slot,
    },
}

/// The steps of a function; its result is the last step's.
pub type Body = &'static [Step];

const ADD: ScalarFn = ScalarFn::Arith(Arith::Add);
const SUB: ScalarFn = ScalarFn::Arith(Arith::Sub);
const MUL: ScalarFn = ScalarFn::Arith(Arith::Mul);
const DIV: ScalarFn = ScalarFn::Arith(Arith::Div);
const NEG: ScalarFn = ScalarFn::Arith(Arith::Neg);
const ABS: ScalarFn = ScalarFn::Arith(Arith::Abs);
const EXP: ScalarFn = ScalarFn::Float(FloatFn::Exp);
const LOG: ScalarFn = ScalarFn::Float(FloatFn::Log);

/// `log(1 + x)`, Kahan's way: with `u = 1 + x` rounded, `log(u) * (x / (u - 1))`
/// cancels the rounding of `u`; `x` itself where `u` is 1 (`x` tiny, `-0.0`
/// kept), `u` where it is `+inf` (else `inf / inf`).
pub const LOG1P: Body = &[
    Step::Const(1.0),     // 1
    Step::Bin(ADD, 0, 1), // 2: u = x + 1
    Step::Un(LOG, 2),     // 3: log(u)
    Step::Bin(SUB, 2, 1), // 4: u - 1
    Step::Bin(DIV, 0, 4), // 5: x / (u - 1)
    Step::Bin(MUL, 3, 5), // 6
    Step::Pick {
        cmp: Compare::Eq,
        a: 2,
        b: 1,
        then: 0,
        other: 6,
    },
    Step::Const(f64::INFINITY), // 8
    Step::Pick {
        cmp: Compare::Eq,
        a: 2,
        b: 8,
        then: 2,
        other: 7,
    },
];

/// `exp(x) - 1`, Kahan's way: with `u = exp(x)` rounded, `(u - 1) * (x / log(u))`;
/// `x` where `u` is 1, -1 where `u - 1` is (large negative `x`), `u` where it
/// is `+inf`.
pub const EXPM1: Body = &[
    Step::Const(1.0),     // 1
    Step::Un(EXP, 0),     // 2: u = exp(x)
    Step::Bin(SUB, 2, 1), // 3: u - 1
    Step::Un(LOG, 2),     // 4: log(u)
    Step::Bin(DIV, 0, 4), // 5: x / log(u)
    Step::Bin(MUL, 3, 5), // 6
    Step::Const(-1.0),    // 7
    Step::Pick {
        cmp: Compare::Eq,
        a: 3,
        b: 7,
        then: 7,
        other: 6,
    },
    Step::Pick {
        cmp: Compare::Eq,
        a: 2,
        b: 1,
        then: 0,
        other: 8,
    },
    Step::Const(f64::INFINITY), // 10
    Step::Pick {
        cmp: Compare::Eq,
        a: 2,
        b: 10,
        then: 2,
        other: 9,
    },
];

/// `1 / (1 + exp(-x))` without overflow or cancellation: with `e = exp(-|x|)`
/// (never above 1), `1 / (1 + e)` for `x >= 0` and `e / (1 + e)` below (so 0 and
/// 1 at the ends, never NaN but for NaN; SciPy's `expit`).
pub const LOGISTIC: Body = &[
    Step::Un(ABS, 0),     // 1: |x|
    Step::Un(NEG, 1),     // 2
    Step::Un(EXP, 2),     // 3: e
    Step::Const(1.0),     // 4
    Step::Bin(ADD, 4, 3), // 5: 1 + e
    Step::Const(0.0),     // 6
    Step::Pick {
        cmp: Compare::Lt,
        a: 0,
        b: 6,
        then: 3,
        other: 4,
    },
    Step::Bin(DIV, 7, 5), // 8
];

/// The most steps a body has (the evaluator's fixed stack).
const MAX_STEPS: usize = 15;

/// `body` applied to `a` in kind `N`: each step one declared function, rounded
/// in the element type (as the exported ops round).
#[inline]
pub fn eval<N: FloatScalar>(body: Body, a: N::S) -> N::S {
    let mut v = [a; MAX_STEPS + 1];
    for (i, step) in body.iter().enumerate() {
        let at = |s: Slot| v[usize::from(s)];
        v[i + 1] = match *step {
            Step::Const(c) => N::lit(c),
            Step::Un(f, x) => apply::<N>(f, at(x), at(x)),
            Step::Bin(f, x, y) => apply::<N>(f, at(x), at(y)),
            Step::Pick {
                cmp,
                a,
                b,
                then,
                other,
            } => {
                if cmp.holds(at(a), at(b)) {
                    at(then)
                } else {
                    at(other)
                }
            }
        };
    }
    v[body.len()]
}

/// One declared function of a body step (`b` unused by the unary ones).
#[inline(always)]
fn apply<N: FloatScalar>(f: ScalarFn, a: N::S, b: N::S) -> N::S {
    match f {
        ScalarFn::Arith(Arith::Add) => N::add(a, b),
        ScalarFn::Arith(Arith::Sub) => N::sub(a, b),
        ScalarFn::Arith(Arith::Mul) => N::mul(a, b),
        ScalarFn::Arith(Arith::Div) => N::div(a, b),
        ScalarFn::Arith(Arith::Neg) => N::neg(a),
        ScalarFn::Arith(Arith::Abs) => N::abs(a),
        ScalarFn::Float(FloatFn::Exp) => N::exp(a),
        ScalarFn::Float(FloatFn::Log) => N::log(a),
        // The bodies above use only the functions matched; `bodies_are_well_formed`
        // checks it.
        _ => a,
    }
}

/// The functions a body step may use (those [`apply`] evaluates).
pub const STEP_FNS: [ScalarFn; 8] = [ADD, SUB, MUL, DIV, NEG, ABS, EXP, LOG];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_are_well_formed() {
        for body in [LOG1P, EXPM1, LOGISTIC] {
            assert!(body.len() <= MAX_STEPS);
            for (i, step) in body.iter().enumerate() {
                let slots: Vec<Slot> = match *step {
                    Step::Const(_) => vec![],
                    Step::Un(f, x) => {
                        assert!(STEP_FNS.contains(&f) && f.arity() == 1);
                        vec![x]
                    }
                    Step::Bin(f, x, y) => {
                        assert!(STEP_FNS.contains(&f) && f.arity() == 2);
                        vec![x, y]
                    }
                    Step::Pick {
                        a, b, then, other, ..
                    } => vec![a, b, then, other],
                };
                // Each slot is the operand or an earlier step.
                assert!(slots.iter().all(|&s| usize::from(s) <= i));
            }
        }
    }
}
