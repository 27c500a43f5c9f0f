//! Affine expressions, maps and integer sets, as upstream's `AffineExpr`,
//! `AffineMap` and `IntegerSet`.
//!
//! Expressions are uniqued in the [`Context`] and simplified when they are built,
//! with upstream's rules (`simplifyAdd`, `simplifyMul`, ...) applied in upstream's
//! order, so that `affine_map<(d0) -> (d0 + d0)>` becomes `(d0) -> (d0 * 2)` as it
//! does in `mlir-opt`. Each interned expression caches its depth, whether it is
//! symbolic, and its largest known divisor, so that simplifying never walks a tree.

mod print;
mod simplify;

pub use print::{write_affine_expr, write_affine_map, write_integer_set};

use crate::context::Context;

/// An interned affine expression; equality of handles is equality of expressions.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct AffineExpr(pub(crate) u32);

/// A binary affine operator.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum AffineOp {
    /// `+`
    Add,
    /// `*`
    Mul,
    /// `floordiv`
    FloorDiv,
    /// `ceildiv`
    CeilDiv,
    /// `mod`
    Mod,
}

/// The structure of an affine expression.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum AffineExprKind {
    /// `dN`.
    Dim(u32),
    /// `sN`.
    Symbol(u32),
    /// An integer constant.
    Constant(i64),
    /// `lhs op rhs`.
    Binary {
        /// The operator.
        op: AffineOp,
        /// Left operand.
        lhs: AffineExpr,
        /// Right operand.
        rhs: AffineExpr,
    },
}

/// What the simplifier asks of an expression, computed once when it is interned.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ExprInfo {
    /// 1 for leaves.
    pub(crate) depth: u32,
    /// Made of symbols and constants only (upstream's `isSymbolicOrConstant`).
    pub(crate) symbolic: bool,
    /// Upstream's `getLargestKnownDivisor`.
    pub(crate) divisor: i64,
}

/// `(d0, d1)[s0] -> (d0 + s0, d1)`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct AffineMap {
    /// The number of dims.
    pub num_dims: u32,
    /// The number of symbols.
    pub num_symbols: u32,
    /// The result expressions.
    pub results: Box<[AffineExpr]>,
}

/// `(d0)[s0] : (d0 - s0 >= 0, d0 == 0)`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct IntegerSet {
    /// The number of dims.
    pub num_dims: u32,
    /// The number of symbols.
    pub num_symbols: u32,
    /// The constraints, each `expr >= 0` or `expr == 0`.
    pub constraints: Box<[AffineExpr]>,
    /// Which constraints are equalities.
    pub eq_flags: Box<[bool]>,
}

impl AffineMap {
    /// True for `(d0, ..., dn) -> (d0, ..., dn)` without symbols.
    pub fn is_identity(&self, ctx: &Context) -> bool {
        self.num_symbols == 0
            && self.results.len() == self.num_dims as usize
            && self
                .results
                .iter()
                .enumerate()
                .all(|(i, &e)| ctx.affine_kind(e) == AffineExprKind::Dim(i as u32))
    }
}

impl Context {
    /// The structure of an affine expression.
    pub fn affine_kind(&self, e: AffineExpr) -> AffineExprKind {
        *self.uniq.affine.get(e.0)
    }

    pub(crate) fn affine_info(&self, e: AffineExpr) -> ExprInfo {
        self.uniq.affine_info[e.0 as usize]
    }

    /// The depth of an expression's tree (1 for a dim, symbol or constant).
    pub fn affine_depth(&self, e: AffineExpr) -> u32 {
        self.affine_info(e).depth
    }

    /// True if the expression has no dims (upstream's `isSymbolicOrConstant`).
    pub fn affine_is_symbolic(&self, e: AffineExpr) -> bool {
        self.affine_info(e).symbolic
    }

    /// Interns an expression as it is, without simplifying.
    pub(crate) fn intern_affine_raw(&mut self, kind: AffineExprKind) -> AffineExpr {
        let id = self.uniq.affine.intern(kind);
        if id as usize == self.uniq.affine_info.len() {
            let info = match kind {
                AffineExprKind::Dim(_) => ExprInfo {
                    depth: 1,
                    symbolic: false,
                    divisor: 1,
                },
                AffineExprKind::Symbol(_) => ExprInfo {
                    depth: 1,
                    symbolic: true,
                    divisor: 1,
                },
                AffineExprKind::Constant(c) => ExprInfo {
                    depth: 1,
                    symbolic: true,
                    divisor: c.wrapping_abs(),
                },
                AffineExprKind::Binary { op, lhs, rhs } => {
                    let (l, r) = (self.affine_info(lhs), self.affine_info(rhs));
                    ExprInfo {
                        depth: l.depth.max(r.depth).saturating_add(1),
                        symbolic: l.symbolic && r.symbolic,
                        divisor: largest_known_divisor(self, op, lhs, rhs, l, r),
                    }
                }
            };
            self.uniq.affine_info.push(info);
        }
        AffineExpr(id)
    }

    /// `dN`.
    pub fn affine_dim(&mut self, position: u32) -> AffineExpr {
        self.intern_affine_raw(AffineExprKind::Dim(position))
    }

    /// `sN`.
    pub fn affine_symbol(&mut self, position: u32) -> AffineExpr {
        self.intern_affine_raw(AffineExprKind::Symbol(position))
    }

    /// A constant.
    pub fn affine_constant(&mut self, value: i64) -> AffineExpr {
        self.intern_affine_raw(AffineExprKind::Constant(value))
    }

    /// `lhs op rhs`, simplified as upstream's `getAffineBinaryOpExpr` does.
    pub fn affine_binary(&mut self, op: AffineOp, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        match op {
            AffineOp::Add => self.affine_add(lhs, rhs),
            AffineOp::Mul => self.affine_mul(lhs, rhs),
            AffineOp::FloorDiv => self.affine_floor_div(lhs, rhs),
            AffineOp::CeilDiv => self.affine_ceil_div(lhs, rhs),
            AffineOp::Mod => self.affine_mod(lhs, rhs),
        }
    }

    /// The value of a constant expression.
    pub fn affine_as_constant(&self, e: AffineExpr) -> Option<i64> {
        match self.affine_kind(e) {
            AffineExprKind::Constant(c) => Some(c),
            _ => None,
        }
    }
}

/// Upstream's `getLargestKnownDivisor` for a binary expression, from its operands'.
fn largest_known_divisor(
    ctx: &Context,
    op: AffineOp,
    lhs: AffineExpr,
    rhs: AffineExpr,
    l: ExprInfo,
    r: ExprInfo,
) -> i64 {
    let _ = lhs;
    match op {
        AffineOp::FloorDiv | AffineOp::CeilDiv => match ctx.affine_as_constant(rhs) {
            Some(c) if c != 0 && l.divisor.wrapping_rem(c) == 0 => {
                l.divisor.wrapping_div(c).wrapping_abs()
            }
            _ => 1,
        },
        AffineOp::Mul => l.divisor.wrapping_mul(r.divisor),
        AffineOp::Add | AffineOp::Mod => gcd(l.divisor as u64, r.divisor as u64) as i64,
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[cfg(test)]
mod tests;
