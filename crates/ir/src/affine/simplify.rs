//! Building affine expressions with upstream's simplifications (`AffineExpr.cpp`):
//! constants fold and move right, like terms combine, and `floordiv`, `ceildiv`
//! and `mod` by constants simplify. The rules and their order are upstream's, so
//! that the expressions, and so their printed form, are the same.

use super::{AffineExpr, AffineExprKind, AffineOp};
use crate::context::Context;

impl Context {
    fn affine_binary_parts(&self, e: AffineExpr) -> Option<(AffineOp, AffineExpr, AffineExpr)> {
        match self.affine_kind(e) {
            AffineExprKind::Binary { op, lhs, rhs } => Some((op, lhs, rhs)),
            _ => None,
        }
    }

    fn affine_of_op(&self, e: AffineExpr, want: AffineOp) -> Option<(AffineExpr, AffineExpr)> {
        match self.affine_binary_parts(e) {
            Some((op, l, r)) if op == want => Some((l, r)),
            _ => None,
        }
    }

    /// `lhs + rhs`.
    pub fn affine_add(&mut self, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        if let Some(e) = self.simplify_add(lhs, rhs) {
            return e;
        }
        let (l, r) = self.order_commutative(lhs, rhs);
        self.intern_binary(AffineOp::Add, l, r)
    }

    /// `lhs * rhs`.
    pub fn affine_mul(&mut self, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        if let Some(e) = self.simplify_mul(lhs, rhs) {
            return e;
        }
        let (l, r) = self.order_commutative(lhs, rhs);
        self.intern_binary(AffineOp::Mul, l, r)
    }

    /// `lhs floordiv rhs`.
    pub fn affine_floor_div(&mut self, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        if let Some(e) = self.simplify_div(lhs, rhs, true) {
            return e;
        }
        self.intern_binary(AffineOp::FloorDiv, lhs, rhs)
    }

    /// `lhs ceildiv rhs`.
    pub fn affine_ceil_div(&mut self, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        if let Some(e) = self.simplify_div(lhs, rhs, false) {
            return e;
        }
        self.intern_binary(AffineOp::CeilDiv, lhs, rhs)
    }

    /// `lhs mod rhs`.
    pub fn affine_mod(&mut self, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        if let Some(e) = self.simplify_mod(lhs, rhs) {
            return e;
        }
        self.intern_binary(AffineOp::Mod, lhs, rhs)
    }

    /// `lhs - rhs`, which upstream builds as `lhs + rhs * -1`.
    pub fn affine_sub(&mut self, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        let neg = self.affine_neg(rhs);
        self.affine_add(lhs, neg)
    }

    /// `-e`, built as `e * -1`.
    pub fn affine_neg(&mut self, e: AffineExpr) -> AffineExpr {
        let minus_one = self.affine_constant(-1);
        self.affine_mul(e, minus_one)
    }

    fn add_const(&mut self, e: AffineExpr, c: i64) -> AffineExpr {
        let c = self.affine_constant(c);
        self.affine_add(e, c)
    }

    fn mul_const(&mut self, e: AffineExpr, c: i64) -> AffineExpr {
        let c = self.affine_constant(c);
        self.affine_mul(e, c)
    }

    fn intern_binary(&mut self, op: AffineOp, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        self.intern_affine_raw(AffineExprKind::Binary { op, lhs, rhs })
    }

    /// Upstream's `orderCommutativeArgs`: symbols and dims by position, dims first.
    fn order_commutative(&self, a: AffineExpr, b: AffineExpr) -> (AffineExpr, AffineExpr) {
        match (self.affine_kind(a), self.affine_kind(b)) {
            (AffineExprKind::Symbol(x), AffineExprKind::Symbol(y))
            | (AffineExprKind::Dim(x), AffineExprKind::Dim(y)) => {
                if x < y {
                    (a, b)
                } else {
                    (b, a)
                }
            }
            (AffineExprKind::Symbol(_), AffineExprKind::Dim(_)) => (b, a),
            _ => (a, b),
        }
    }

    fn simplify_add(&mut self, lhs: AffineExpr, rhs: AffineExpr) -> Option<AffineExpr> {
        let lc = self.affine_as_constant(lhs);
        let rc = self.affine_as_constant(rhs);
        if let (Some(a), Some(b)) = (lc, rc) {
            let sum = a.checked_add(b)?;
            return Some(self.affine_constant(sum));
        }
        // Constants go right, and a symbolic term right of a non-symbolic one.
        if lc.is_some() || (self.affine_is_symbolic(lhs) && !self.affine_is_symbolic(rhs)) {
            return Some(self.affine_add(rhs, lhs));
        }
        if rc == Some(0) {
            return Some(lhs);
        }
        let l_add = self.affine_of_op(lhs, AffineOp::Add);
        // (d0 + 2) + 3 is d0 + 5.
        if let (Some((ll, lr)), Some(c)) = (l_add, rc)
            && let Some(lrc) = self.affine_as_constant(lr)
        {
            return Some(self.add_const(ll, lrc.wrapping_add(c)));
        }
        // c1 * e + c2 * e is (c1 + c2) * e.
        let (c1, first) = match self.affine_of_op(lhs, AffineOp::Mul) {
            Some((l, r)) if self.affine_as_constant(r).is_some() => {
                (self.affine_as_constant(r).unwrap_or(1), l)
            }
            _ => (1, lhs),
        };
        let r_bin = self.affine_binary_parts(rhs);
        let (c2, second) = match r_bin {
            Some((AffineOp::Mul, l, r)) if self.affine_as_constant(r).is_some() => {
                (self.affine_as_constant(r).unwrap_or(1), l)
            }
            _ => (1, rhs),
        };
        if first == second {
            return Some(self.mul_const(first, c1.wrapping_add(c2)));
        }
        // (d0 + 2) + d1 is (d0 + d1) + 2.
        if let Some((ll, lr)) = l_add
            && let Some(lrc) = self.affine_as_constant(lr)
        {
            let _ = lrc;
            let sum = self.affine_add(ll, rhs);
            return Some(self.affine_add(sum, lr));
        }
        // expr - q * (expr floordiv q) is expr mod q.
        let (r_op, lrhs, rrhs) = r_bin?;
        if self.affine_as_constant(rrhs) == Some(-1)
            && let Some((llrhs, rlrhs)) = self.affine_of_op(lrhs, AffineOp::Mul)
        {
            let (fl, fr) = self.affine_of_op(llrhs, AffineOp::FloorDiv)?;
            if fr == rlrhs && lhs == fl {
                return Some(self.affine_mod(lhs, rlrhs));
            }
        }
        // expr + (expr floordiv c) * -c is expr mod c.
        let (llrhs, rlrhs) = self.affine_of_op(lrhs, AffineOp::FloorDiv)?;
        if r_op != AffineOp::Mul {
            return None;
        }
        let positive = self.affine_as_constant(rlrhs).is_some_and(|c| c > 0);
        if positive && lhs == llrhs {
            let neg = self.affine_neg(rrhs);
            if rlrhs == neg {
                return Some(self.affine_mod(lhs, rlrhs));
            }
        }
        // (a + b) + (b floordiv c) * -c is a + b mod c.
        if let Some((ll, lr)) = l_add
            && let Some(simplified) = self.simplify_add(lr, rhs)
        {
            return Some(self.affine_add(ll, simplified));
        }
        None
    }

    fn simplify_mul(&mut self, lhs: AffineExpr, rhs: AffineExpr) -> Option<AffineExpr> {
        let lc = self.affine_as_constant(lhs);
        let rc = self.affine_as_constant(rhs);
        if let (Some(a), Some(b)) = (lc, rc) {
            let product = a.checked_mul(b)?;
            return Some(self.affine_constant(product));
        }
        let (ls, rs) = (self.affine_is_symbolic(lhs), self.affine_is_symbolic(rhs));
        if !ls && !rs {
            return None;
        }
        // The constant or symbolic operand goes right.
        if !rs || lc.is_some() {
            return Some(self.affine_mul(rhs, lhs));
        }
        match rc {
            Some(1) => return Some(lhs),
            Some(0) => return Some(rhs),
            _ => {}
        }
        if let Some((ll, lr)) = self.affine_of_op(lhs, AffineOp::Mul)
            && let Some(lrc) = self.affine_as_constant(lr)
        {
            // (d0 * 2) * 3 is d0 * 6.
            if let Some(c) = rc {
                return Some(self.mul_const(ll, lrc.wrapping_mul(c)));
            }
            // (d0 * 2) * s0 is (d0 * s0) * 2.
            let product = self.affine_mul(ll, rhs);
            return Some(self.affine_mul(product, lr));
        }
        None
    }

    fn simplify_div(
        &mut self,
        lhs: AffineExpr,
        rhs: AffineExpr,
        floor: bool,
    ) -> Option<AffineExpr> {
        let rc = self.affine_as_constant(rhs).filter(|&c| c != 0)?;
        if let Some(lc) = self.affine_as_constant(lhs) {
            if lc == i64::MIN && rc == -1 {
                return None;
            }
            let q = if floor {
                divide_floor(lc, rc)
            } else {
                divide_ceil(lc, rc)
            };
            return Some(self.affine_constant(q));
        }
        if rc == 1 {
            return Some(lhs);
        }
        // (e * 128) floordiv 64 is e * 2.
        if let Some((ll, lr)) = self.affine_of_op(lhs, AffineOp::Mul)
            && let Some(lrc) = self.affine_as_constant(lr)
            && lrc.wrapping_rem(rc) == 0
        {
            return Some(self.mul_const(ll, lrc.wrapping_div(rc)));
        }
        // (a + b) floordiv c splits when a or b is a multiple of c.
        if floor && let Some((ll, lr)) = self.affine_of_op(lhs, AffineOp::Add) {
            let ld = self.affine_info(ll).divisor;
            let rd = self.affine_info(lr).divisor;
            if ld.wrapping_rem(rc) == 0 || rd.wrapping_rem(rc) == 0 {
                let c = self.affine_constant(rc);
                let a = self.affine_floor_div(ll, c);
                let b = self.affine_floor_div(lr, c);
                return Some(self.affine_add(a, b));
            }
        }
        None
    }

    fn simplify_mod(&mut self, lhs: AffineExpr, rhs: AffineExpr) -> Option<AffineExpr> {
        let rc = self.affine_as_constant(rhs).filter(|&c| c >= 1)?;
        if let Some(lc) = self.affine_as_constant(lhs) {
            return Some(self.affine_constant(modulo(lc, rc)));
        }
        if self.affine_info(lhs).divisor.wrapping_rem(rc) == 0 {
            return Some(self.affine_constant(0));
        }
        if let Some((ll, lr)) = self.affine_of_op(lhs, AffineOp::Add) {
            let c = self.affine_constant(rc);
            if self.affine_info(ll).divisor.wrapping_rem(rc) == 0 {
                return Some(self.affine_mod(lr, c));
            }
            if self.affine_info(lr).divisor.wrapping_rem(rc) == 0 {
                return Some(self.affine_mod(ll, c));
            }
        }
        // (e mod a) mod b is e mod b when b divides a.
        if let Some((ll, lr)) = self.affine_of_op(lhs, AffineOp::Mod)
            && let Some(a) = self.affine_as_constant(lr)
            && a >= 1
            && modulo(a, rc) == 0
        {
            let c = self.affine_constant(rc);
            return Some(self.affine_mod(ll, c));
        }
        None
    }
}

/// LLVM's `divideFloorSigned` (the caller excludes overflow and zero).
fn divide_floor(n: i64, d: i64) -> i64 {
    if n == 0 {
        return 0;
    }
    let bias: i64 = if d >= 0 { -1 } else { 1 };
    if (n >= 0) == (d >= 0) {
        n.wrapping_div(d)
    } else {
        n.wrapping_sub(bias).wrapping_div(d).wrapping_sub(1)
    }
}

/// LLVM's `divideCeilSigned`.
fn divide_ceil(n: i64, d: i64) -> i64 {
    if n == 0 {
        return 0;
    }
    let bias: i64 = if d >= 0 { 1 } else { -1 };
    if (n >= 0) == (d >= 0) {
        n.wrapping_sub(bias).wrapping_div(d).wrapping_add(1)
    } else {
        n.wrapping_div(d)
    }
}

/// LLVM's `mod`: the non-negative remainder for a positive divisor.
fn modulo(n: i64, d: i64) -> i64 {
    let m = n.wrapping_rem(d);
    if m < 0 { m.wrapping_add(d) } else { m }
}
