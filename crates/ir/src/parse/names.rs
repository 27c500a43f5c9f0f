//! SSA names and block labels while parsing: one table of live names, scopes per
//! region, forward references resolved through use-lists when their definition comes.

use super::index::NameKind;
use super::lexer::short_eq;
use super::ops::UnresolvedOperand;
use super::{PResult, Parser};
use crate::Type;
use crate::diag::{Diagnostic, codes, suggest};
use crate::module::{BlockId, Value};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

#[derive(Clone, Copy)]
pub(crate) struct ValueEntry {
    first: Value,
    count: u32,
    pub(super) pos: u32,
    /// The unique id of the scope that defined it (dead once that region ends).
    scope_id: u32,
}

/// Every SSA name defined so far (live or in an ended region), by spelling.
/// The entries are kept in definition order and the hash table holds only
/// their indices: a module defines hundreds of thousands of names, and each
/// definition then touches a 4-byte slot of a compact table rather than a
/// 32-byte entry at a random place in a large one (cache misses that cost
/// more than the hashing).
pub(crate) struct NameTable<'a> {
    entries: Vec<(&'a str, ValueEntry)>,
    index: hashbrown::HashTable<u32>,
}

/// The hash of an SSA name. Names are mostly numbered (`%0`, `%arg3`,
/// `%v12`), and defined in the order of their numbers: a name that ends in a
/// number (without leading zeros) hashes its stem and the number's block of 16
/// to a random place, and takes the number's lane in the block as the low four
/// bits. Defining `%0` to `%15` then touches one group of the table's control
/// bytes and one cache line of its slots, instead of 16 random ones; the lane
/// also changes the top seven bits, hashbrown's tag, so the names of a block
/// still tell apart without comparing them. Any other name is hashed whole.
#[inline]
fn name_hash(name: &str) -> u64 {
    let bytes = name.as_bytes();
    // The trailing number, read backwards, up to nine digits.
    let (mut number, mut scale, mut stem_len) = (0u64, 1u64, bytes.len());
    while stem_len > 0 && bytes.len() - stem_len < 9 && bytes[stem_len - 1].is_ascii_digit() {
        stem_len -= 1;
        number += u64::from(bytes[stem_len] - b'0') * scale;
        scale *= 10;
    }
    let digits = bytes.len() - stem_len;
    let longer = stem_len > 0 && bytes[stem_len - 1].is_ascii_digit();
    let leading_zero = digits > 1 && bytes[stem_len] == b'0';
    if digits == 0 || longer || leading_zero {
        use std::hash::BuildHasher;
        return rustc_hash::FxBuildHasher.hash_one(name);
    }
    // FNV-1a over the stem (a few letters at most, in practice), then the block
    // mixed in and its high bits folded down to where the table looks.
    let mut stem = 0xcbf2_9ce4_8422_2325_u64;
    for &b in &bytes[..stem_len] {
        stem = (stem ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    let mut h = (stem ^ (number >> 4).wrapping_mul(0xa24b_aed4_963e_e407))
        .wrapping_mul(0x9fb2_1c65_1e98_df25);
    h ^= h >> 29;
    let lane = number & 15;
    ((h & !15) | lane) ^ ((lane * 8) << 57)
}

impl<'a> NameTable<'a> {
    /// A table for a text of `bytes` bytes. Entries are reserved generously
    /// (room never used is address space only, while growing copies them all);
    /// the index for about one name per 128 bytes, as it is probed at random and
    /// is best kept small.
    pub(crate) fn for_text(bytes: usize) -> Self {
        NameTable {
            entries: Vec::with_capacity(bytes / 32),
            index: hashbrown::HashTable::with_capacity(bytes / 128),
        }
    }

    fn get(&self, name: &str) -> Option<ValueEntry> {
        let entries = &self.entries;
        let &i = self.index.find(name_hash(name), |&i| {
            short_eq(entries[i as usize].0.as_bytes(), name.as_bytes())
        })?;
        Some(entries[i as usize].1)
    }

    /// The entry of `name`, made from `fresh` if there was none: its index and
    /// whether it was there before.
    fn find_or_add(&mut self, name: &'a str, fresh: ValueEntry) -> (usize, bool) {
        let entries = &mut self.entries;
        let found = self.index.entry(
            name_hash(name),
            |&i| short_eq(entries[i as usize].0.as_bytes(), name.as_bytes()),
            |&i| name_hash(entries[i as usize].0),
        );
        match found {
            hashbrown::hash_table::Entry::Occupied(o) => (*o.get() as usize, true),
            hashbrown::hash_table::Entry::Vacant(v) => {
                let i = entries.len();
                // Names are at least two bytes of an input under 4 GiB.
                v.insert(u32::try_from(i).unwrap_or(u32::MAX));
                entries.push((name, fresh));
                (i, false)
            }
        }
    }

    /// The names, in definition order.
    fn names(&self) -> impl Iterator<Item = &'a str> + '_ {
        self.entries.iter().map(|&(n, _)| n)
    }
}

#[derive(Clone, Copy)]
pub(crate) struct BlockEntry {
    block: BlockId,
    pub(super) defined: bool,
    pos: u32,
}

/// One region's names. Value definitions live in the parser's single name table, where
/// entries of ended regions are simply dead (see `Parser::scope_live`). As upstream, a
/// region sees every enclosing region's names (isolation is the verifier's business),
/// so a live name can never be shadowed and nothing needs restoring.
pub(crate) struct Scope<'a> {
    id: u32,
    forward: FxHashMap<(&'a str, u32), (Value, u32)>,
    pub(super) blocks: FxHashMap<&'a str, BlockEntry>,
    pub(super) block_order: Vec<BlockId>,
}

impl<'a> Scope<'a> {
    fn new(id: u32) -> Self {
        Scope {
            id,
            forward: FxHashMap::default(),
            blocks: FxHashMap::default(),
            block_order: Vec::new(),
        }
    }
}

impl<'a> Parser<'a> {
    /// Resolves operand uses against their types; `pos` is where the types were written.
    pub fn resolve_operands(
        &mut self,
        uses: &[UnresolvedOperand<'a>],
        types: &[Type],
        pos: u32,
    ) -> PResult<SmallVec<[Value; 3]>> {
        if uses.len() != types.len() {
            let n = uses.len();
            // Upstream writes a NUL byte where the plural `s` would go; we write nothing.
            let s = if n == 1 { "" } else { "s" };
            return Err(self.error_at(
                pos,
                format!("expected {n} operand type{s} but had {}", types.len()),
            ));
        }
        let mut values = SmallVec::with_capacity(uses.len());
        for (u, &t) in uses.iter().zip(types) {
            values.push(self.resolve_operand(*u, t)?);
        }
        Ok(values)
    }

    /// Resolves one use to a value of type `ty`, creating a forward reference if needed.
    pub fn resolve_operand(&mut self, u: UnresolvedOperand<'a>, ty: Type) -> PResult<Value> {
        let v = self.resolve_operand_unindexed(u, ty)?;
        if self.index.is_some() {
            let range = self.value_name_range(u.pos, u.name);
            let kind = NameKind::Value {
                value: v,
                count: 1,
                def: false,
            };
            self.index_name(range, kind);
        }
        Ok(v)
    }

    fn resolve_operand_unindexed(&mut self, u: UnresolvedOperand<'a>, ty: Type) -> PResult<Value> {
        let found = self.lookup_value(u.name);
        if let Some(entry) = found {
            if u.number >= entry.count {
                return Err(self.error_at(u.pos, "reference to invalid result number"));
            }
            let v = Value(entry.first.0 + u.number);
            return self.check_use_type(u, v, ty, entry.pos);
        }
        let key = (u.name, u.number);
        let existing = self
            .scopes
            .iter()
            .rev()
            .find_map(|s| s.forward.get(&key).copied());
        if let Some((v, prior)) = existing {
            return self.check_use_type(u, v, ty, prior);
        }
        let v = self.module.create_placeholder(ty);
        if let Some(scope) = self.scopes.last_mut() {
            scope.forward.insert(key, (v, u.pos));
        }
        Ok(v)
    }

    fn check_use_type(
        &self,
        u: UnresolvedOperand<'a>,
        v: Value,
        ty: Type,
        prior: u32,
    ) -> PResult<Value> {
        let actual = self.module.value_type(v);
        if actual != ty {
            let name = if u.number > 0 {
                format!("{}#{}", u.name, u.number)
            } else {
                u.name.to_string()
            };
            return Err(Box::new(
                Diagnostic::error(
                    self.location(u.pos),
                    format!(
                        "use of value '%{name}' expects different type than prior uses: '{}' vs '{}'",
                        self.ctx.ty(ty),
                        self.ctx.ty(actual)
                    ),
                )
                .with_note(self.location(prior), "prior use here"),
            ));
        }
        Ok(v)
    }

    pub(super) fn push_scope(&mut self) {
        let id = u32::try_from(self.scope_live.len()).unwrap_or(u32::MAX);
        self.scope_live.push(true);
        self.scopes.push(Scope::new(id));
    }

    fn is_live(&self, e: &ValueEntry) -> bool {
        self.scope_live
            .get(e.scope_id as usize)
            .copied()
            .unwrap_or(false)
    }

    pub(super) fn lookup_value(&self, name: &str) -> Option<ValueEntry> {
        let e = self.values.get(name)?;
        self.is_live(&e).then_some(e)
    }

    pub(super) fn define_value(
        &mut self,
        name: &'a str,
        first: Value,
        count: u32,
        pos: u32,
    ) -> PResult<()> {
        let Some(scope_id) = self.scopes.last().map(|s| s.id) else {
            return Ok(());
        };
        if self.index.is_some() {
            let range = self.value_name_range(pos, name);
            let kind = NameKind::Value {
                value: first,
                count,
                def: true,
            };
            self.index_name(range, kind);
        }
        let entry = ValueEntry {
            first,
            count,
            pos,
            scope_id,
        };
        // One probe: a live entry is a redefinition, a dead one is simply replaced.
        let (i, existed) = self.values.find_or_add(name, entry);
        if existed {
            let prev = self.values.entries[i].1;
            let live = self
                .scope_live
                .get(prev.scope_id as usize)
                .copied()
                .unwrap_or(false);
            if live {
                return Err(Box::new(
                    Diagnostic::error(
                        self.location(pos),
                        format!("redefinition of SSA value '%{name}'"),
                    )
                    .with_note(self.location(prev.pos), "previously defined here"),
                ));
            }
            self.values.entries[i].1 = entry;
        }
        let Some(scope) = self.scopes.last_mut() else {
            return Ok(());
        };
        if scope.forward.is_empty() {
            return Ok(());
        }
        // Upstream binds results in order, so a type mismatch names the lowest number. A
        // number past the results stays a forward reference: undeclared at scope end.
        let mut pending: Vec<_> = scope
            .forward
            .iter()
            .filter(|((n, number), _)| *n == name && *number < count)
            .map(|(&k, &v)| (k, v))
            .collect();
        pending.sort_unstable_by_key(|((_, number), _)| *number);
        for ((_, number), (placeholder, use_pos)) in pending {
            if let Some(scope) = self.scopes.last_mut() {
                scope.forward.remove(&(name, number));
            }
            let real = Value(first.0 + number);
            let (expected, actual) = (
                self.module.value_type(placeholder),
                self.module.value_type(real),
            );
            if expected != actual {
                return Err(Box::new(
                    Diagnostic::error(
                        self.location(pos),
                        format!(
                            "definition of SSA value '%{name}#{number}' has type '{}'",
                            self.ctx.ty(actual)
                        ),
                    )
                    .with_note(
                        self.location(use_pos),
                        format!("previously used here with type '{}'", self.ctx.ty(expected)),
                    ),
                ));
            }
            self.module.replace_all_uses_with(placeholder, real);
            if let Some(index) = self.index.as_mut() {
                index.replaced(placeholder, real);
            }
        }
        Ok(())
    }

    pub(super) fn pop_scope(&mut self) -> PResult<()> {
        let Some(scope) = self.scopes.pop() else {
            return Ok(());
        };
        if let Some(live) = self.scope_live.get_mut(scope.id as usize) {
            *live = false;
        }
        // Forward references may still be defined later in an enclosing region.
        if let Some((&(name, _), &(_, pos))) = scope.forward.iter().min_by_key(|(_, (_, pos))| *pos)
        {
            match self.scopes.last_mut() {
                Some(parent) => parent.forward.extend(scope.forward),
                None => {
                    let d =
                        Diagnostic::error(self.location(pos), "use of undeclared SSA value name")
                            .with_code(codes::UNDECLARED_VALUE);
                    return Err(Box::new(self.value_name_hint(d, name, pos)));
                }
            }
        }
        if let Some(e) = scope
            .blocks
            .values()
            .filter(|e| !e.defined)
            .min_by_key(|e| e.pos)
        {
            return Err(self.error_at(e.pos, "reference to an undefined block"));
        }
        Ok(())
    }

    /// "did you mean" the defined SSA name closest to the undefined `name` (names are kept
    /// without `%`; any region's:
    /// the uses are checked after the regions end). Names are sorted first so that ties
    /// do not depend on hashing.
    fn value_name_hint(&self, d: Diagnostic, name: &str, pos: u32) -> Diagnostic {
        // Numbered names (`%10`) are the printer's, not words one misspells.
        if name.bytes().all(|b| b.is_ascii_digit()) {
            return d;
        }
        let mut names: Vec<&str> = self.values.names().collect();
        names.sort_unstable();
        match suggest::best_match(name, names) {
            Some(best) => d.with_hint(
                self.location(pos),
                suggest::did_you_mean(&format!("%{best}")),
            ),
            None => d,
        }
    }

    pub(super) fn block_ref(&mut self, name: &'a str, pos: u32) -> BlockId {
        if let Some(e) = self.scopes.last().and_then(|s| s.blocks.get(name)) {
            return e.block;
        }
        let block = self.module.create_block(&[], self.location(pos));
        if let Some(scope) = self.scopes.last_mut() {
            scope.blocks.insert(
                name,
                BlockEntry {
                    block,
                    defined: false,
                    pos,
                },
            );
        }
        block
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(i: u32) -> ValueEntry {
        ValueEntry {
            first: Value(i),
            count: 1,
            pos: i,
            scope_id: 0,
        }
    }

    #[test]
    fn numbered_names_take_consecutive_slots_with_distinct_tags() {
        for stem in ["", "v", "arg"] {
            for block in [0u64, 1, 7, 1000] {
                let hashes: Vec<u64> = (0..16)
                    .map(|lane| name_hash(&format!("{stem}{}", block * 16 + lane)))
                    .collect();
                for (lane, h) in hashes.iter().enumerate() {
                    assert_eq!(h & 15, lane as u64, "{stem}{block}");
                    assert_eq!(h & !15 & ((1 << 57) - 1), hashes[0] & !15 & ((1 << 57) - 1));
                }
                let mut tags: Vec<u64> = hashes.iter().map(|h| h >> 57).collect();
                tags.sort_unstable();
                tags.dedup();
                assert_eq!(tags.len(), 16, "{stem}{block}");
            }
        }
        // Leading zeros, long numbers and no number: the name hashed whole.
        for name in ["007", "v01", "x1234567890", "arg", "a-b"] {
            use std::hash::BuildHasher;
            assert_eq!(name_hash(name), rustc_hash::FxBuildHasher.hash_one(name));
        }
    }

    #[test]
    fn the_table_finds_what_it_was_given() {
        // Numbered names of a few stems, out of order, and names without numbers.
        let mut names: Vec<String> = Vec::new();
        for i in (0..3000).rev() {
            names.push(format!("{i}"));
            names.push(format!("v{}", i * 7 % 3000));
        }
        names.extend((0..500).map(|i| format!("x{i}y")));
        names.extend(["007".to_string(), "07".to_string(), "7".to_string()]);
        let mut table = NameTable::for_text(0);
        let mut first = std::collections::HashMap::new();
        for (i, n) in names.iter().enumerate() {
            let i = u32::try_from(i).expect("small");
            let (at, existed) = table.find_or_add(n, entry(i));
            assert_eq!(existed, first.contains_key(n.as_str()), "{n}");
            let owner = *first.entry(n.as_str()).or_insert(i);
            assert_eq!(table.entries[at].0, n.as_str());
            assert_eq!(table.entries[at].1.pos, owner);
        }
        for (n, &owner) in &first {
            assert_eq!(table.get(n).map(|e| e.pos), Some(owner), "{n}");
        }
        for absent in ["3000", "v3000", "x500y", "0007", ""] {
            assert!(table.get(absent).is_none(), "{absent}");
        }
        assert_eq!(table.names().count(), first.len());
    }
}
