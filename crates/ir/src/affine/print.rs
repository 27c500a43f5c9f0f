//! Printing affine expressions, maps and sets as upstream's `AsmPrinter` does:
//! `d0 - d1` for `d0 + d1 * -1`, parentheses only where binding requires them.
//! Recursion follows the expression's depth, which the parser bounds.

use super::{AffineExpr, AffineExprKind, AffineMap, AffineOp, IntegerSet};
use crate::context::Context;
use std::fmt::{self, Write};

/// How tightly the enclosing operator binds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Binding {
    Weak,
    Strong,
}

/// Writes an affine expression.
pub fn write_affine_expr(ctx: &Context, e: AffineExpr, out: &mut dyn Write) -> fmt::Result {
    write_expr(ctx, e, Binding::Weak, out)
}

fn write_expr(
    ctx: &Context,
    e: AffineExpr,
    enclosing: Binding,
    out: &mut dyn Write,
) -> fmt::Result {
    let (op, lhs, rhs) = match ctx.affine_kind(e) {
        AffineExprKind::Dim(p) => return write!(out, "d{p}"),
        AffineExprKind::Symbol(p) => return write!(out, "s{p}"),
        AffineExprKind::Constant(c) => return write!(out, "{c}"),
        AffineExprKind::Binary { op, lhs, rhs } => (op, lhs, rhs),
    };
    let strong = enclosing == Binding::Strong;
    if strong {
        out.write_char('(')?;
    }
    if op != AffineOp::Add {
        if op == AffineOp::Mul && ctx.affine_as_constant(rhs) == Some(-1) {
            out.write_char('-')?;
            write_expr(ctx, lhs, Binding::Strong, out)?;
        } else {
            write_expr(ctx, lhs, Binding::Strong, out)?;
            out.write_str(match op {
                AffineOp::Mul => " * ",
                AffineOp::FloorDiv => " floordiv ",
                AffineOp::CeilDiv => " ceildiv ",
                _ => " mod ",
            })?;
            write_expr(ctx, rhs, Binding::Strong, out)?;
        }
    } else {
        write_add(ctx, lhs, rhs, out)?;
    }
    if strong {
        out.write_char(')')?;
    }
    Ok(())
}

/// `lhs + rhs`, written as a subtraction when the right operand is negated or a
/// negative constant.
fn write_add(ctx: &Context, lhs: AffineExpr, rhs: AffineExpr, out: &mut dyn Write) -> fmt::Result {
    if let AffineExprKind::Binary {
        op: AffineOp::Mul,
        lhs: rl,
        rhs: rr,
    } = ctx.affine_kind(rhs)
        && let Some(c) = ctx.affine_as_constant(rr)
    {
        if c == -1 {
            write_expr(ctx, lhs, Binding::Weak, out)?;
            out.write_str(" - ")?;
            let is_add = matches!(
                ctx.affine_kind(rl),
                AffineExprKind::Binary {
                    op: AffineOp::Add,
                    ..
                }
            );
            let binding = if is_add {
                Binding::Strong
            } else {
                Binding::Weak
            };
            return write_expr(ctx, rl, binding, out);
        }
        if c < -1 {
            write_expr(ctx, lhs, Binding::Weak, out)?;
            out.write_str(" - ")?;
            write_expr(ctx, rl, Binding::Strong, out)?;
            return write!(out, " * {}", c.wrapping_neg());
        }
    }
    if let Some(c) = ctx.affine_as_constant(rhs)
        && c < 0
    {
        write_expr(ctx, lhs, Binding::Weak, out)?;
        return write!(out, " - {}", c.wrapping_neg());
    }
    write_expr(ctx, lhs, Binding::Weak, out)?;
    out.write_str(" + ")?;
    write_expr(ctx, rhs, Binding::Weak, out)
}

fn write_ids(out: &mut dyn Write, num_dims: u32, num_symbols: u32) -> fmt::Result {
    out.write_char('(')?;
    for i in 0..num_dims {
        if i > 0 {
            out.write_str(", ")?;
        }
        write!(out, "d{i}")?;
    }
    out.write_char(')')?;
    if num_symbols != 0 {
        out.write_char('[')?;
        for i in 0..num_symbols {
            if i > 0 {
                out.write_str(", ")?;
            }
            write!(out, "s{i}")?;
        }
        out.write_char(']')?;
    }
    Ok(())
}

/// Writes `(d0)[s0] -> (d0 + s0)`.
pub fn write_affine_map(ctx: &Context, map: &AffineMap, out: &mut dyn Write) -> fmt::Result {
    write_ids(out, map.num_dims, map.num_symbols)?;
    out.write_str(" -> (")?;
    for (i, &e) in map.results.iter().enumerate() {
        if i > 0 {
            out.write_str(", ")?;
        }
        write_affine_expr(ctx, e, out)?;
    }
    out.write_char(')')
}

/// Writes `(d0)[s0] : (d0 - s0 >= 0)`.
pub fn write_integer_set(ctx: &Context, set: &IntegerSet, out: &mut dyn Write) -> fmt::Result {
    write_ids(out, set.num_dims, set.num_symbols)?;
    out.write_str(" : (")?;
    for (i, (&e, &eq)) in set.constraints.iter().zip(set.eq_flags.iter()).enumerate() {
        if i > 0 {
            out.write_str(", ")?;
        }
        write_affine_expr(ctx, e, out)?;
        out.write_str(if eq { " == 0" } else { " >= 0" })?;
    }
    out.write_char(')')
}
