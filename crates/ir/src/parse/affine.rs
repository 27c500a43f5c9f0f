//! `affine_map<...>` and `affine_set<...>`: upstream's `AffineParser`.
//!
//! Expressions are built in upstream's order (binary operators associate left,
//! `*`, `floordiv`, `ceildiv`, `mod` bind tighter than `+` and `-`, negation
//! tightest), through the context's simplifying constructors, so the result is
//! the expression `mlir-opt` builds. Chains of operators are parsed in loops;
//! only parentheses nest, and they count against the parser's nesting bound.

use super::{PResult, Parser, Tok};
use crate::Attribute;
use crate::affine::{AffineExpr, AffineMap, AffineOp, IntegerSet};
use crate::attrs::AttrKind;

/// A high-precedence operator and where it was written.
#[derive(Clone, Copy)]
struct HighOp {
    op: AffineOp,
    pos: u32,
}

impl<'a> Parser<'a> {
    /// Parses `affine_map<...>` or `affine_set<...>` (the current token is the keyword).
    pub(super) fn parse_affine_attr(&mut self) -> PResult<Attribute> {
        let is_map = self.at_keyword("affine_map");
        let (what, kind) = if is_map {
            ("affine map", "AffineMap")
        } else {
            ("integer set", "IntegerSet")
        };
        self.advance()?;
        self.parse_token(Tok::Less, &format!("expected '<' in {what}"))?;
        let start = self.pos();
        let attr = match self.parse_affine_map_or_set()? {
            MapOrSet::Map(map) if is_map => AttrKind::AffineMap(map),
            MapOrSet::Set(set) if !is_map => AttrKind::IntegerSet(set),
            _ => {
                let other = if is_map { "IntegerSet" } else { "AffineMap" };
                return Err(self.error_at(start, format!("expected {kind}, but got {other}")));
            }
        };
        self.parse_token(Tok::Greater, &format!("expected '>' in {what}"))?;
        Ok(self.ctx.intern_attr(attr))
    }

    /// `(d0, d1)[s0] -> (...)` or `(d0)[s0] : (...)`.
    fn parse_affine_map_or_set(&mut self) -> PResult<MapOrSet> {
        let mut ids: Vec<(&'a str, AffineExpr)> = Vec::new();
        self.parse_token(Tok::LParen, "expected '(' in dimensional identifier list")?;
        let num_dims = self.parse_id_list(
            Tok::RParen,
            ")",
            "dimensional identifier list",
            &mut ids,
            false,
        )?;
        let mut num_symbols = 0;
        if self.consume_if(Tok::LSquare)? {
            num_symbols = self.parse_id_list(Tok::RSquare, "]", "symbol list", &mut ids, true)?;
        }
        if self.consume_if(Tok::Arrow)? {
            self.parse_token(Tok::LParen, "expected '(' in affine map range")?;
            let mut results = Vec::new();
            self.parse_comma_list_or(
                Tok::RParen,
                "expected ',' or ')' in affine map range",
                |p| {
                    results.push(p.parse_affine_expr(&ids)?);
                    Ok(())
                },
            )?;
            return Ok(MapOrSet::Map(AffineMap {
                num_dims,
                num_symbols,
                results: results.into(),
            }));
        }
        self.parse_token(Tok::Colon, "expected '->' or ':'")?;
        self.parse_token(Tok::LParen, "expected '(' in integer set constraint list")?;
        let mut constraints = Vec::new();
        let mut eq_flags = Vec::new();
        self.parse_comma_list_or(
            Tok::RParen,
            "expected ',' or ')' in integer set constraint list",
            |p| {
                let (e, eq) = p.parse_affine_constraint(&ids)?;
                constraints.push(e);
                eq_flags.push(eq);
                Ok(())
            },
        )?;
        if constraints.is_empty() {
            // No constraints is the set `0 == 0`.
            constraints.push(self.ctx.affine_constant(0));
            eq_flags.push(true);
        }
        Ok(MapOrSet::Set(IntegerSet {
            num_dims,
            num_symbols,
            constraints: constraints.into(),
            eq_flags: eq_flags.into(),
        }))
    }

    /// Declares the identifiers of a dim or symbol list; returns how many there were.
    fn parse_id_list(
        &mut self,
        close: Tok,
        close_text: &str,
        what: &str,
        ids: &mut Vec<(&'a str, AffineExpr)>,
        symbols: bool,
    ) -> PResult<u32> {
        let mut n = 0u32;
        self.parse_comma_list_or(
            close,
            &format!("expected ',' or '{close_text}' in {what}"),
            |p| {
                if !p.at(Tok::BareIdent) {
                    return Err(p.error("expected bare identifier"));
                }
                let name = p.token_text();
                if ids.iter().any(|(x, _)| *x == name) {
                    return Err(p.error_at(p.pos(), format!("redefinition of identifier '{name}'")));
                }
                let e = if symbols {
                    p.ctx.affine_symbol(n)
                } else {
                    p.ctx.affine_dim(n)
                };
                n += 1;
                ids.push((name, e));
                p.advance()
            },
        )?;
        Ok(n)
    }

    /// `e >= e`, `e <= e` or `e == e`, normalized to `e >= 0` or `e == 0`.
    fn parse_affine_constraint(
        &mut self,
        ids: &[(&'a str, AffineExpr)],
    ) -> PResult<(AffineExpr, bool)> {
        let lhs = self.parse_affine_expr(ids)?;
        let (ge, le, eq) = (
            self.at(Tok::Greater) && self.next_is(Tok::Equal),
            self.at(Tok::Less) && self.next_is(Tok::Equal),
            self.at(Tok::Equal) && self.next_is(Tok::Equal),
        );
        if !(ge || le || eq) {
            // Upstream consumes a lone `>`, `<` or `=` before it reports.
            if self.at(Tok::Greater) || self.at(Tok::Less) || self.at(Tok::Equal) {
                self.advance()?;
            }
            return Err(self.error_at(
                self.pos(),
                "expected '== affine-expr' or '>= affine-expr' at end of affine constraint",
            ));
        }
        self.advance()?;
        self.advance()?;
        let rhs = self.parse_affine_expr(ids)?;
        let e = if le {
            self.ctx.affine_sub(rhs, lhs)
        } else {
            self.ctx.affine_sub(lhs, rhs)
        };
        self.check_affine_depth(e)?;
        Ok((e, eq))
    }

    /// True if the token after the current one is `kind`.
    fn next_is(&self, kind: Tok) -> bool {
        let mut lex = self.lex.clone();
        matches!(lex.next_token(), Ok(t) if t.kind == kind)
    }

    /// An affine expression: `+`/`-` chains of `*`/`floordiv`/`ceildiv`/`mod` chains
    /// of operands, each chain folded left as it is read.
    fn parse_affine_expr(&mut self, ids: &[(&'a str, AffineExpr)]) -> PResult<AffineExpr> {
        // The sum so far and the operator that joins the next term to it.
        let mut acc: Option<(AffineExpr, bool)> = None;
        loop {
            let mut term = self.parse_affine_operand(ids, acc.is_some())?;
            let mut pending: Option<(HighOp, AffineExpr)> = None;
            while let Some(op) = self.high_op()? {
                // Upstream reports a non-affine product at the operator after it.
                if let Some((prev, rhs)) = pending.take() {
                    term = self.affine_high(prev.op, term, rhs, op.pos)?;
                }
                let rhs = self.parse_affine_operand(ids, true)?;
                pending = Some((op, rhs));
            }
            if let Some((prev, rhs)) = pending {
                term = self.affine_high(prev.op, term, rhs, prev.pos)?;
            }
            let sum = match acc {
                None => term,
                Some((lhs, true)) => self.ctx.affine_add(lhs, term),
                Some((lhs, false)) => self.ctx.affine_sub(lhs, term),
            };
            self.check_affine_depth(sum)?;
            match self.tok.kind {
                Tok::Plus => acc = Some((sum, true)),
                Tok::Minus => acc = Some((sum, false)),
                _ => return Ok(sum),
            }
            self.advance()?;
        }
    }

    /// Consumes `*`, `floordiv`, `ceildiv` or `mod`.
    fn high_op(&mut self) -> PResult<Option<HighOp>> {
        let pos = self.pos();
        let op = match self.tok.kind {
            Tok::Star => AffineOp::Mul,
            Tok::BareIdent => match self.token_text() {
                "floordiv" => AffineOp::FloorDiv,
                "ceildiv" => AffineOp::CeilDiv,
                "mod" => AffineOp::Mod,
                _ => return Ok(None),
            },
            _ => return Ok(None),
        };
        self.advance()?;
        Ok(Some(HighOp { op, pos }))
    }

    /// `lhs op rhs` for a high-precedence operator, with upstream's checks that the
    /// result stays affine.
    fn affine_high(
        &mut self,
        op: AffineOp,
        lhs: AffineExpr,
        rhs: AffineExpr,
        pos: u32,
    ) -> PResult<AffineExpr> {
        let ctx = &*self.ctx;
        let message = match op {
            AffineOp::Mul if !ctx.affine_is_symbolic(lhs) && !ctx.affine_is_symbolic(rhs) => Some(
                "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic",
            ),
            AffineOp::FloorDiv if !ctx.affine_is_symbolic(rhs) => Some(
                "non-affine expression: right operand of floordiv has to be either a constant or symbolic",
            ),
            AffineOp::CeilDiv if !ctx.affine_is_symbolic(rhs) => Some(
                "non-affine expression: right operand of ceildiv has to be either a constant or symbolic",
            ),
            AffineOp::Mod if !ctx.affine_is_symbolic(rhs) => Some(
                "non-affine expression: right operand of mod has to be either a constant or symbolic",
            ),
            _ => None,
        };
        if let Some(m) = message {
            return Err(self.error_at(pos, m));
        }
        let e = self.ctx.affine_binary(op, lhs, rhs);
        self.check_affine_depth(e)?;
        Ok(e)
    }

    /// An operand: an identifier, a non-negative integer, `(expr)` or `-operand`.
    fn parse_affine_operand(
        &mut self,
        ids: &[(&'a str, AffineExpr)],
        has_lhs: bool,
    ) -> PResult<AffineExpr> {
        match self.tok.kind {
            Tok::Integer => {
                let v = self
                    .integer_token_u64()
                    .and_then(|v| i64::try_from(v).ok())
                    .ok_or_else(|| self.error_at(self.pos(), "constant too large for index"))?;
                self.advance()?;
                Ok(self.ctx.affine_constant(v))
            }
            Tok::LParen => self.nested(|p| {
                p.advance()?;
                if p.at(Tok::RParen) {
                    return Err(p.error_at(p.pos(), "no expression inside parentheses"));
                }
                let e = p.parse_affine_expr(ids)?;
                p.parse_token(Tok::RParen, "expected ')'")?;
                Ok(e)
            }),
            Tok::Minus => self.nested(|p| {
                p.advance()?;
                let operand = p.parse_affine_operand(ids, has_lhs)?;
                let minus_one = p.ctx.affine_constant(-1);
                Ok(p.ctx.affine_mul(minus_one, operand))
            }),
            Tok::BareIdent => {
                let name = self.token_text();
                if name == "symbol" {
                    return Err(self.error("unexpected ssa identifier"));
                }
                match ids.iter().find(|(n, _)| *n == name) {
                    Some(&(_, e)) => {
                        self.advance()?;
                        Ok(e)
                    }
                    None => Err(self.error("use of undeclared identifier")),
                }
            }
            Tok::PercentIdent => Err(self.error("unexpected ssa identifier")),
            Tok::Plus | Tok::Star if has_lhs => {
                Err(self.error_at(self.pos(), "missing right operand of binary operator"))
            }
            Tok::Plus | Tok::Star => {
                Err(self.error_at(self.pos(), "missing left operand of binary operator"))
            }
            _ if has_lhs => {
                Err(self.error_at(self.pos(), "missing right operand of binary operator"))
            }
            _ => Err(self.error_at(self.pos(), "expected affine expression")),
        }
    }

    /// Refuses expressions nested deeper than the parser's bound, which keeps every
    /// walk over them (simplifying, printing) shallow.
    fn check_affine_depth(&self, e: AffineExpr) -> PResult<()> {
        if self.ctx.affine_depth(e) > super::MAX_NESTING {
            return Err(self.error_at(
                self.pos(),
                format!(
                    "affine expression nested deeper than {} levels",
                    super::MAX_NESTING
                ),
            ));
        }
        Ok(())
    }
}

enum MapOrSet {
    Map(AffineMap),
    Set(IntegerSet),
}
