//! The source index: where each SSA name, block label, symbol reference and operation
//! was written, for tools that map text positions to IR (an editor server). The parser
//! fills it only when asked ([`parse_source_indexed`](super::parse_source_indexed)), so
//! plain parsing pays one untaken branch per name.

use super::Parser;
use crate::module::{BlockId, Module, OpId, Value};
use crate::{Context, Symbol};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::ops::Range;

/// What a name written in the source refers to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameKind {
    /// An SSA value: its definition (a result name or a block argument) or a use.
    Value {
        /// The value (the first of a result group `%x:2`).
        value: Value,
        /// How many values the name defines (a result group); 1 for uses.
        count: u32,
        /// Whether this is the definition.
        def: bool,
    },
    /// A block label (`^bb1:`, the definition) or a successor (`^bb1`).
    Block {
        /// The block.
        block: BlockId,
        /// Whether this is the label.
        def: bool,
    },
    /// `@name`, a symbol's name or a reference to one. In a nested reference
    /// `@a::@b` each part is a name of its own, with the path up to it (`[a]`, `[a, b]`).
    Symbol {
        /// The components up to and including this one.
        path: SmallVec<[Symbol; 1]>,
    },
}

/// One name and the byte range of its text (`%x`, `%x#1`, `^bb0`, `@f`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    /// Byte offsets into the source buffer.
    pub range: Range<u32>,
    /// What it names.
    pub kind: NameKind,
}

/// Where an operation was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpSpan {
    /// The operation.
    pub op: OpId,
    /// Its name (`nd.add`, `"test.broadcastable"`).
    pub name: Range<u32>,
    /// From its first result name (or its name) to the end of its last token.
    pub range: Range<u32>,
}

/// Names and operations of a parsed text by position, and the definition of each
/// value and block. Offsets are bytes of the source buffer.
#[derive(Default, Debug)]
pub struct SourceIndex {
    names: Vec<Name>,
    ops: Vec<OpSpan>,
    value_defs: FxHashMap<Value, u32>,
    block_defs: FxHashMap<BlockId, u32>,
    op_spans: FxHashMap<OpId, u32>,
    /// Forward references and the values that replaced them while parsing.
    replaced: Vec<(Value, Value)>,
}

impl SourceIndex {
    pub(super) fn name(&mut self, range: Range<u32>, kind: NameKind) {
        self.names.push(Name { range, kind });
    }

    pub(super) fn op(&mut self, span: OpSpan) {
        self.ops.push(span);
    }

    pub(super) fn replaced(&mut self, placeholder: Value, real: Value) {
        self.replaced.push((placeholder, real));
    }

    /// Extends the path of the last recorded symbol name with the names before it.
    pub(super) fn nest_last_symbol(&mut self, outer: &[Symbol]) {
        if let Some(Name {
            kind: NameKind::Symbol { path },
            ..
        }) = self.names.last_mut()
        {
            let mut full: SmallVec<[Symbol; 1]> = outer.iter().copied().collect();
            full.extend(path.iter().copied());
            *path = full;
        }
    }

    /// The path of the last recorded symbol name.
    pub(super) fn last_symbol_path(&self) -> SmallVec<[Symbol; 1]> {
        match self.names.last() {
            Some(Name {
                kind: NameKind::Symbol { path },
                ..
            }) => path.clone(),
            _ => SmallVec::new(),
        }
    }

    /// Sorts by position, points forward references at their definitions and builds
    /// the definition tables.
    pub(super) fn finish(&mut self) {
        if !self.replaced.is_empty() {
            let replaced: FxHashMap<Value, Value> = self.replaced.drain(..).collect();
            for n in &mut self.names {
                if let NameKind::Value { value, .. } = &mut n.kind
                    && let Some(&real) = replaced.get(value)
                {
                    *value = real;
                }
            }
        }
        // Nearly sorted already: results are recorded after their op's operands, ops
        // after the ops nested in them.
        sort_nearly_sorted(&mut self.names, |n| n.range.start);
        // Pre-order: an op before the ops nested in it.
        sort_nearly_sorted(&mut self.ops, |s| {
            (s.range.start, std::cmp::Reverse(s.range.end))
        });
        for (i, n) in self.names.iter().enumerate() {
            let i = u32::try_from(i).unwrap_or(u32::MAX);
            match n.kind {
                NameKind::Value {
                    value,
                    count,
                    def: true,
                } => {
                    for k in 0..count {
                        self.value_defs.insert(Value(value.0.saturating_add(k)), i);
                    }
                }
                NameKind::Block { block, def: true } => {
                    self.block_defs.insert(block, i);
                }
                _ => {}
            }
        }
        for (i, s) in self.ops.iter().enumerate() {
            self.op_spans
                .insert(s.op, u32::try_from(i).unwrap_or(u32::MAX));
        }
    }

    /// Every name, by position.
    pub fn names(&self) -> &[Name] {
        &self.names
    }

    /// Every operation, in pre-order (by position).
    pub fn op_spans(&self) -> &[OpSpan] {
        &self.ops
    }

    /// The name written at `offset`, also when `offset` is just past it (where an
    /// editor's cursor sits after typing it).
    pub fn name_at(&self, offset: u32) -> Option<&Name> {
        let i = self.names.partition_point(|n| n.range.start <= offset);
        let n = self.names.get(i.checked_sub(1)?)?;
        (offset <= n.range.end).then_some(n)
    }

    /// The name that defines `value` (its result name or block argument).
    pub fn value_def(&self, value: Value) -> Option<&Name> {
        self.names.get(*self.value_defs.get(&value)? as usize)
    }

    /// The label of `block`.
    pub fn block_def(&self, block: BlockId) -> Option<&Name> {
        self.names.get(*self.block_defs.get(&block)? as usize)
    }

    /// Where `op` was written.
    pub fn op_span(&self, op: OpId) -> Option<&OpSpan> {
        self.ops.get(*self.op_spans.get(&op)? as usize)
    }

    /// The innermost operation whose text holds `offset`.
    pub fn op_at(&self, module: &Module, offset: u32) -> Option<OpId> {
        let i = self.ops.partition_point(|s| s.range.start <= offset);
        // Spans nest, so any span holding `offset` holds the last one starting before
        // it: only that one's ancestors need a look.
        let mut cur = Some(self.ops.get(i.checked_sub(1)?)?.op);
        while let Some(op) = cur {
            if self
                .op_span(op)
                .is_some_and(|s| s.range.start <= offset && offset < s.range.end)
            {
                return Some(op);
            }
            cur = module.parent_op(op);
        }
        None
    }

    /// Where `op` declares its symbol name (`@f` of `func.func @f`): the first name in
    /// its text, outside nested ops, that spells its `sym_name`.
    pub fn symbol_decl(&self, ctx: &Context, module: &Module, op: OpId) -> Option<&Name> {
        let name = crate::symbol_table::symbol_name(ctx, module, op)?;
        let span = self.op_span(op)?;
        let first = self
            .names
            .partition_point(|n| n.range.start < span.range.start);
        self.names[first..]
            .iter()
            .take_while(|n| n.range.start < span.range.end)
            .find(|n| {
                matches!(&n.kind, NameKind::Symbol { path } if path.len() == 1 && ctx.str(path[0]) == name)
                    && self.op_at(module, n.range.start) == Some(op)
            })
    }
}

/// A stable sort for input whose elements are at most a few places out of order:
/// insertion sort, linear on such input (the index's names come in runs of a few
/// operands followed by the result they define, which `sort_by_key` handles no
/// better than random order). Past a budget of moves, which only far-displaced
/// elements use up, the general sort finishes the job, so the worst case stays
/// `n log n`.
fn sort_nearly_sorted<T, K: Ord>(v: &mut [T], key: impl Fn(&T) -> K) {
    let mut budget = v.len().saturating_mul(8);
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && key(&v[j - 1]) > key(&v[j]) {
            if budget == 0 {
                v.sort_by_key(key);
                return;
            }
            v.swap(j - 1, j);
            j -= 1;
            budget -= 1;
        }
    }
}

/// Where a `//` comment starts on `line`; a `//` in a string literal (`"a//b"`)
/// starts none.
fn comment_start(line: &[u8]) -> Option<usize> {
    let mut in_string = false;
    let mut i = 0;
    while let Some(&c) = line.get(i) {
        match c {
            b'\\' if in_string => i += 1,
            b'"' => in_string = !in_string,
            b'/' if !in_string && line.get(i + 1) == Some(&b'/') => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

impl Parser<'_> {
    /// The end of the last token before the current one: back from the current
    /// token over blanks, line ends and `//` comments.
    pub(super) fn end_of_previous_token(&self) -> u32 {
        let b = self.src.as_bytes();
        let begin = self.range.start;
        let mut end = (self.tok.start as usize).min(b.len());
        loop {
            while end > begin && matches!(b[end - 1], b' ' | b'\t') {
                end -= 1;
            }
            if end == begin || !matches!(b[end - 1], b'\n' | b'\r') {
                break;
            }
            end -= 1;
            let line_start = b[begin..end]
                .iter()
                .rposition(|&c| c == b'\n' || c == b'\r')
                .map_or(begin, |i| begin + i + 1);
            if let Some(c) = comment_start(&b[line_start..end]) {
                end = line_start + c;
            }
        }
        u32::try_from(end).unwrap_or(self.tok.start)
    }

    /// Records a name when indexing.
    pub(super) fn index_name(&mut self, range: Range<u32>, kind: NameKind) {
        if let Some(index) = self.index.as_mut() {
            index.name(range, kind);
        }
    }

    /// The byte range of `%name` (or `%name#N`) written at `pos`.
    pub(super) fn value_name_range(&self, pos: u32, name: &str) -> Range<u32> {
        let len = u32::try_from(name.len()).unwrap_or(0);
        let mut end = pos.saturating_add(1).saturating_add(len);
        let b = self.src.as_bytes();
        if b.get(end as usize) == Some(&b'#') {
            let mut e = end as usize + 1;
            while b.get(e).is_some_and(u8::is_ascii_digit) {
                e += 1;
            }
            end = u32::try_from(e).unwrap_or(end);
        }
        pos..end
    }
}

#[cfg(test)]
mod tests {
    use super::sort_nearly_sorted;

    #[test]
    fn nearly_sorted_input_sorts_stably_and_far_moves_fall_back() {
        let mut v = vec![(3, 'a'), (1, 'b'), (2, 'c'), (1, 'd'), (5, 'e'), (4, 'f')];
        sort_nearly_sorted(&mut v, |p| p.0);
        assert_eq!(
            v,
            [(1, 'b'), (1, 'd'), (2, 'c'), (3, 'a'), (4, 'f'), (5, 'e')]
        );
        // Reversed: far past the budget, still sorted (and stable).
        let mut w: Vec<(u32, u32)> = (0..1000).rev().map(|i| (i / 2, i)).collect();
        sort_nearly_sorted(&mut w, |p| p.0);
        let mut expected: Vec<(u32, u32)> = (0..1000).rev().map(|i| (i / 2, i)).collect();
        expected.sort_by_key(|p| p.0);
        assert_eq!(w, expected);
    }
}
