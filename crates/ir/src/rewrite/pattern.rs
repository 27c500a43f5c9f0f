//! Rewrite patterns and pattern sets (upstream's `RewritePattern`,
//! `RewritePatternSet` and `FrozenRewritePatternSet`).

use crate::builder::Builder;
use crate::module::{EditError, OpId};
use crate::{Context, OpKind, Symbol};
use rustc_hash::FxHashMap;

/// A local rewrite: matches an op and replaces or changes it through the rewriter.
///
/// Edit the IR only through the [`Builder`]'s methods (`create`, `replace_op`,
/// `erase_op`, `modify_op`, ...), never through `rewriter.module` directly: the
/// greedy driver keeps its worklist current through the builder's listener.
pub trait RewritePattern: Send + Sync {
    /// The op this pattern applies to, by full name (`nd.cast`); `None` for any op.
    fn root(&self) -> Option<&'static str>;

    /// How much the rewrite helps: patterns with a higher benefit are tried first.
    fn benefit(&self) -> u16 {
        1
    }

    /// A name for debugging and statistics.
    fn name(&self) -> &'static str;

    /// Rewrites `op` and returns `Ok(true)`, or returns `Ok(false)` without touching
    /// the IR when the pattern does not apply.
    ///
    /// # Errors
    /// An edit the module refused (a bug in the pattern); the driver stops.
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut Builder<'_>) -> Result<bool, EditError>;
}

/// A pattern that is one function, with its root and name: most patterns need no
/// state, and so no type of their own.
pub struct FnPattern {
    /// The op it applies to (`None`: any op).
    pub root: Option<&'static str>,
    /// Its name, for debugging and statistics.
    pub name: &'static str,
    /// The rewrite, as [`RewritePattern::match_and_rewrite`].
    pub rewrite: fn(OpId, &mut Builder<'_>) -> Result<bool, EditError>,
}

impl RewritePattern for FnPattern {
    fn root(&self) -> Option<&'static str> {
        self.root
    }

    fn name(&self) -> &'static str {
        self.name
    }

    fn match_and_rewrite(&self, op: OpId, rewriter: &mut Builder<'_>) -> Result<bool, EditError> {
        (self.rewrite)(op, rewriter)
    }
}

/// A collection of patterns being assembled.
#[derive(Default)]
pub struct PatternSet {
    patterns: Vec<Box<dyn RewritePattern>>,
}

impl PatternSet {
    /// An empty set.
    pub fn new() -> Self {
        PatternSet::default()
    }

    /// Adds a pattern.
    pub fn add(&mut self, pattern: impl RewritePattern + 'static) -> &mut Self {
        self.patterns.push(Box::new(pattern));
        self
    }

    /// Adds the pattern `rewrite`, named `name`, for ops named `root`.
    pub fn add_fn(
        &mut self,
        root: &'static str,
        name: &'static str,
        rewrite: fn(OpId, &mut Builder<'_>) -> Result<bool, EditError>,
    ) -> &mut Self {
        self.add(FnPattern {
            root: Some(root),
            name,
            rewrite,
        })
    }

    /// The number of patterns.
    pub fn len(&self) -> usize {
        self.patterns.len()
    }

    /// True when there are no patterns.
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }

    /// Indexes the patterns by root op for the driver: per op name, the patterns for
    /// that op and those for any op, by decreasing benefit (ties keep the order in
    /// which they were added).
    pub fn freeze(self, ctx: &mut Context) -> FrozenPatternSet {
        let mut any: Vec<u32> = Vec::new();
        let mut by_name: FxHashMap<Symbol, Vec<u32>> = FxHashMap::default();
        for (i, p) in self.patterns.iter().enumerate() {
            let i = u32::try_from(i).unwrap_or(u32::MAX);
            match p.root() {
                None => any.push(i),
                Some(root) => by_name.entry(ctx.sym(root)).or_default().push(i),
            }
        }
        let benefit = |i: &u32| std::cmp::Reverse(self.patterns[*i as usize].benefit());
        for list in by_name.values_mut() {
            list.extend_from_slice(&any);
            // Merged lists are re-sorted by index first so ties keep insertion order.
            list.sort_unstable();
            list.sort_by_key(benefit);
        }
        any.sort_by_key(benefit);
        // The same lists by op kind for registered roots: the driver knows each op's
        // kind, and indexing is cheaper than hashing its name.
        let mut by_kind: Vec<Option<Box<[u32]>>> = vec![None; ctx.num_op_kinds()];
        for (name, list) in &by_name {
            if let Some(slot) = ctx.op_kind(*name).and_then(|k| by_kind.get_mut(k.index())) {
                *slot = Some(list.clone().into_boxed_slice());
            }
        }
        FrozenPatternSet {
            patterns: self.patterns,
            by_name,
            by_kind,
            any,
        }
    }
}

/// Patterns indexed by the op they apply to.
pub struct FrozenPatternSet {
    patterns: Vec<Box<dyn RewritePattern>>,
    by_name: FxHashMap<Symbol, Vec<u32>>,
    /// `by_name`'s lists of registered roots, by op kind (kinds registered after
    /// freezing are looked up by name).
    by_kind: Vec<Option<Box<[u32]>>>,
    any: Vec<u32>,
}

impl FrozenPatternSet {
    /// The patterns to try on an op named `name`, best first.
    pub fn for_op(&self, name: Symbol) -> impl Iterator<Item = &dyn RewritePattern> {
        self.by_name
            .get(&name)
            .unwrap_or(&self.any)
            .iter()
            .map(|&i| &*self.patterns[i as usize])
    }

    /// As [`FrozenPatternSet::for_op`] for an op named `name` of kind `kind` (its
    /// registered kind in the context the set was frozen with, if any), without
    /// hashing the name when the kind is known.
    pub fn for_kind(
        &self,
        kind: Option<OpKind>,
        name: Symbol,
    ) -> impl ExactSizeIterator<Item = &dyn RewritePattern> {
        let list: &[u32] = match kind.and_then(|k| self.by_kind.get(k.index())) {
            Some(Some(list)) => list,
            Some(None) => &self.any,
            None => self.by_name.get(&name).unwrap_or(&self.any),
        };
        list.iter().map(|&i| &*self.patterns[i as usize])
    }

    /// True if some pattern applies to any op (has no root).
    pub fn has_any_op_patterns(&self) -> bool {
        !self.any.is_empty()
    }

    /// True if no pattern applies to an op named `name` (a fast path for the driver).
    pub fn none_for(&self, name: Symbol) -> bool {
        self.any.is_empty() && !self.by_name.contains_key(&name)
    }

    /// The number of patterns.
    pub fn len(&self) -> usize {
        self.patterns.len()
    }

    /// True when there are no patterns.
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }
}
