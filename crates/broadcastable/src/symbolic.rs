//! Symbolic sizes: a `?` with an identity.
//!
//! A dynamic size is not an unknown independent of every other: `%max`, a
//! `keep_dims` reduction of `%x`, has `%x`'s dim 0, and once a broadcast check
//! has passed, the result's size is the operands' common size. A [`SizeTable`]
//! names each size by an expression of constants and symbols (a function
//! argument's dim, or a size the analysis cannot follow), hash-consed and kept in
//! a normal form, so that two sizes the program makes equal get the same
//! [`SizeId`], and a broadcast obligation between them can be proved
//! ([`SizeTable::obligation`]) instead of reported.
//!
//! The table is pure algebra: which size each dim of a program has is the IR
//! layer's business (`broadcastable_ir`'s shape transfer).
//!
//! Expressions stay small: one with more than [`MAX_TERMS`] terms or nested more
//! than [`MAX_DEPTH`] deep is replaced by a fresh symbol, which is always sound
//! (a fresh symbol proves nothing) and keeps every walk over an expression short.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::fmt::Write as _;

/// Terms of one sum, product or join kept before it becomes a fresh symbol.
pub const MAX_TERMS: usize = 16;

/// Nesting of sums, products and joins kept before one becomes a fresh symbol.
pub const MAX_DEPTH: u8 = 16;

/// Bytes of a rendered size written before it is cut short with `…`: a shared
/// subexpression is written out at each of its uses.
const MAX_RENDER: usize = 256;

/// A size in a [`SizeTable`]. Equal ids are equal sizes at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SizeId(u32);

/// The terms of a sum, product or join, sorted by id.
pub type Terms = SmallVec<[SizeId; 2]>;

/// What a size is, in normal form.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SizeExpr {
    /// A size fixed by the program.
    Const(i64),
    /// A size the program does not fix: the caller of [`SizeTable::symbol`]
    /// says what it stands for. Different symbols may still be equal at run
    /// time; nothing is proved from that.
    Symbol(u32),
    /// A product (a reshape's merged dims): at least two terms, at most one of
    /// them constant, none 0 or 1.
    Product(Terms),
    /// A sum (a concatenation): at least two terms, at most one of them
    /// constant, none 0.
    Sum(Terms),
    /// The common size of sizes that a passed broadcast check combined: each
    /// term is 1 or this size. At least two terms, none constant.
    Join(Terms),
}

/// How [`SizeTable::arith`] makes a sum or a product.
struct Arith {
    unit: i64,
    absorbing: Option<i64>,
    apply: fn(i64, i64) -> Option<i64>,
    terms: fn(&SizeExpr) -> Option<&Terms>,
    make: fn(Terms) -> SizeExpr,
}

/// What a broadcast between two sizes needs at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Obligation {
    /// It always holds: the sizes are equal, one is 1, or a passed check has
    /// already made one the other's common size.
    Holds,
    /// It never holds: two different constants, neither 1.
    Fails(i64, i64),
    /// It holds or not depending on run-time sizes: a check is needed.
    Open,
}

/// The sizes of one analysis, hash-consed.
#[derive(Clone, Debug)]
pub struct SizeTable {
    exprs: Vec<(SizeExpr, u8)>,
    ids: FxHashMap<SizeExpr, SizeId>,
    symbols: u32,
    small: [Option<SizeId>; SMALL],
}

/// Constants below this are kept in an array.
const SMALL: usize = 64;

impl Default for SizeTable {
    fn default() -> Self {
        SizeTable {
            exprs: Vec::new(),
            ids: FxHashMap::default(),
            symbols: 0,
            small: [None; SMALL],
        }
    }
}

impl SizeTable {
    /// An empty table.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// What `id` is.
    #[must_use]
    pub fn expr(&self, id: SizeId) -> &SizeExpr {
        &self.exprs[id.0 as usize].0
    }

    /// How deep the expression of `id` nests.
    fn depth(&self, id: SizeId) -> u8 {
        self.exprs[id.0 as usize].1
    }

    /// The constant `id` is, if it is one.
    #[must_use]
    pub fn constant_of(&self, id: SizeId) -> Option<i64> {
        match self.expr(id) {
            SizeExpr::Const(c) => Some(*c),
            _ => None,
        }
    }

    /// The number of sizes made so far.
    #[must_use]
    pub fn len(&self) -> usize {
        self.exprs.len()
    }

    /// True when no size was made yet.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.exprs.is_empty()
    }

    fn intern(&mut self, expr: SizeExpr, depth: u8) -> SizeId {
        if let Some(&id) = self.ids.get(&expr) {
            return id;
        }
        // More sizes than `u32` can count would take far more memory than any
        // program has: the analysis bounds its work well before.
        let id = SizeId(u32::try_from(self.exprs.len()).unwrap_or(u32::MAX));
        self.exprs.push((expr.clone(), depth));
        self.ids.insert(expr, id);
        id
    }

    /// The position of `id` in the table: ids are dense, for side tables.
    #[must_use]
    pub fn index(id: SizeId) -> usize {
        id.0 as usize
    }

    /// The constant `c`, if the table has it (without adding it).
    #[must_use]
    pub fn find_constant(&self, c: i64) -> Option<SizeId> {
        self.ids.get(&SizeExpr::Const(c)).copied()
    }

    /// The constant `c`.
    pub fn constant(&mut self, c: i64) -> SizeId {
        // Small sizes are most of a program's: found without hashing.
        let slot = usize::try_from(c).ok().filter(|&i| i < SMALL);
        if let Some(Some(id)) = slot.map(|i| self.small[i]) {
            return id;
        }
        let id = self.intern(SizeExpr::Const(c), 0);
        if let Some(i) = slot {
            self.small[i] = Some(id);
        }
        id
    }

    /// A new symbol, different from every other. Its number is what the caller
    /// keeps its meaning under (symbols are numbered 0, 1, 2, ...).
    pub fn symbol(&mut self) -> (SizeId, u32) {
        let n = self.symbols;
        self.symbols = self.symbols.saturating_add(1);
        // Never equal to another expression: not hashed.
        let id = SizeId(u32::try_from(self.exprs.len()).unwrap_or(u32::MAX));
        self.exprs.push((SizeExpr::Symbol(n), 0));
        (id, n)
    }

    /// A compound size, or a fresh symbol when it would be too large.
    fn compound(&mut self, terms: Terms, make: fn(Terms) -> SizeExpr) -> SizeId {
        let depth = terms.iter().map(|&t| self.depth(t)).max().unwrap_or(0);
        if terms.len() > MAX_TERMS || depth >= MAX_DEPTH {
            return self.symbol().0;
        }
        self.intern(make(terms), depth + 1)
    }

    /// The terms of `id` when it is made with `same`, else `id` itself.
    fn flatten(&self, ids: &[SizeId], same: fn(&SizeExpr) -> Option<&Terms>) -> Terms {
        let mut out = Terms::new();
        for &id in ids {
            match same(self.expr(id)) {
                Some(terms) => out.extend_from_slice(terms),
                None => out.push(id),
            }
        }
        out
    }

    /// The product of `factors`; `None` when its constant overflows.
    pub fn product(&mut self, factors: &[SizeId]) -> Option<SizeId> {
        let arith = Arith {
            unit: 1,
            absorbing: Some(0),
            apply: i64::checked_mul,
            terms: |e| match e {
                SizeExpr::Product(t) => Some(t),
                _ => None,
            },
            make: SizeExpr::Product,
        };
        self.arith(factors, &arith)
    }

    /// The sum of `addends`; `None` when its constant overflows.
    pub fn sum(&mut self, addends: &[SizeId]) -> Option<SizeId> {
        let arith = Arith {
            unit: 0,
            absorbing: None,
            apply: i64::checked_add,
            terms: |e| match e {
                SizeExpr::Sum(t) => Some(t),
                _ => None,
            },
            make: SizeExpr::Sum,
        };
        self.arith(addends, &arith)
    }

    /// A sum or product in normal form: nested ones flattened, the constants
    /// folded into one term (left out when it is the unit), the terms sorted.
    fn arith(&mut self, ids: &[SizeId], arith: &Arith) -> Option<SizeId> {
        let mut constant = arith.unit;
        let mut terms = Terms::new();
        for id in self.flatten(ids, arith.terms) {
            match self.expr(id) {
                SizeExpr::Const(c) => constant = (arith.apply)(constant, *c)?,
                _ => terms.push(id),
            }
        }
        if terms.is_empty() || Some(constant) == arith.absorbing {
            return Some(self.constant(constant));
        }
        if constant != arith.unit {
            terms.push(self.constant(constant));
        }
        terms.sort_unstable();
        Some(match terms.as_slice() {
            [one] => *one,
            _ => self.compound(terms, arith.make),
        })
    }

    /// The size that `sizes` broadcast to, once a run-time check has passed: 1s
    /// stretch, a constant other than 1 is the size, equal sizes are one.
    ///
    /// # Errors
    /// The two constants that make the check fail every time.
    pub fn join(&mut self, sizes: &[SizeId]) -> Result<SizeId, (i64, i64)> {
        let mut fixed: Option<i64> = None;
        let mut terms = Terms::new();
        for id in self.flatten(sizes, |e| match e {
            SizeExpr::Join(t) => Some(t),
            _ => None,
        }) {
            match self.expr(id) {
                SizeExpr::Const(1) => {}
                SizeExpr::Const(c) => match fixed {
                    Some(f) if f != *c => return Err((f, *c)),
                    _ => fixed = Some(*c),
                },
                _ => terms.push(id),
            }
        }
        if let Some(c) = fixed {
            return Ok(self.constant(c));
        }
        terms.sort_unstable();
        terms.dedup();
        Ok(match terms.as_slice() {
            [] => self.constant(1),
            [one] => *one,
            _ => self.compound(terms, SizeExpr::Join),
        })
    }

    /// The sizes a join is the common size of (itself when it is not a join).
    fn members(&self, id: SizeId) -> Terms {
        match self.expr(id) {
            SizeExpr::Join(t) => t.clone(),
            _ => smallvec::smallvec![id],
        }
    }

    /// What broadcasting a dim of size `a` with one of size `b` needs at run
    /// time.
    #[must_use]
    pub fn obligation(&self, a: SizeId, b: SizeId) -> Obligation {
        if a == b {
            return Obligation::Holds;
        }
        match (self.expr(a), self.expr(b)) {
            (SizeExpr::Const(1), _) | (_, SizeExpr::Const(1)) => return Obligation::Holds,
            (SizeExpr::Const(x), SizeExpr::Const(y)) => return Obligation::Fails(*x, *y),
            _ => {}
        }
        // A join's members are each 1 or the join: a size whose members are all
        // among the other's is 1 or equal to it.
        let (ma, mb) = (self.members(a), self.members(b));
        let within =
            |small: &Terms, big: &Terms| small.iter().all(|t| big.binary_search(t).is_ok());
        if within(&ma, &mb) || within(&mb, &ma) {
            Obligation::Holds
        } else {
            Obligation::Open
        }
    }

    /// True if broadcasting a dim of size `a` with one of size `b` always gives
    /// `a`: `b` is `a` or 1, or every size `b` is the common size of is among
    /// those `a` is (so `b` is 1 or `a`).
    #[must_use]
    pub fn covers(&self, a: SizeId, b: SizeId) -> bool {
        if a == b || matches!(self.expr(b), SizeExpr::Const(1)) {
            return true;
        }
        let (ma, mb) = (self.members(a), self.members(b));
        mb.iter().all(|t| ma.binary_search(t).is_ok())
    }

    /// `id` written out, with each symbol as `name` spells it: `n`, `n*m`,
    /// `n+4`, `bcast(n, m)`. At most [`MAX_DEPTH`] deep, so never long-running.
    #[must_use]
    pub fn render(&self, id: SizeId, name: &dyn Fn(u32) -> String) -> String {
        let mut out = String::new();
        self.render_into(&mut out, id, name);
        out
    }

    fn render_into(&self, out: &mut String, id: SizeId, name: &dyn Fn(u32) -> String) {
        if out.len() > MAX_RENDER {
            if !out.ends_with('…') {
                out.push('…');
            }
            return;
        }
        let list = |out: &mut String, terms: &Terms, sep: &str| {
            for (i, &t) in terms.iter().enumerate() {
                if i > 0 {
                    out.push_str(sep);
                }
                let nested = matches!(self.expr(t), SizeExpr::Sum(_) | SizeExpr::Product(_));
                if nested {
                    out.push('(');
                }
                self.render_into(out, t, name);
                if nested {
                    out.push(')');
                }
            }
        };
        match self.expr(id) {
            SizeExpr::Const(c) => {
                let _ = write!(out, "{c}");
            }
            SizeExpr::Symbol(s) => out.push_str(&name(*s)),
            SizeExpr::Product(t) => list(out, t, "*"),
            SizeExpr::Sum(t) => list(out, t, "+"),
            SizeExpr::Join(t) => {
                out.push_str("bcast(");
                list(out, t, ", ");
                out.push(')');
            }
        }
    }
}

#[cfg(test)]
mod tests;
