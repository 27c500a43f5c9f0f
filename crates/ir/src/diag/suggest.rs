//! "Did you mean": the name closest to a misspelled one, by edit distance.
//!
//! Distances count insertions, deletions, substitutions and swaps of adjacent
//! characters (optimal string alignment, so `mian` is one edit from `main`).
//! A candidate is suggested when it is at most `max(1, len / 3)` edits away,
//! `len` being the misspelled name's length in characters, as rustc does, and
//! fewer edits than `len` (so one-character names get no suggestion).
//!
//! [`best_match`] scans its candidates, for the small fixed sets of the
//! registry (op names, type and attribute keywords) and for one-off lookups.
//! [`SuggestionIndex`] answers in time proportional to the name's length, for
//! sets that grow with the input and may be asked once per failing op (the
//! symbols of a symbol table): it finds names at most one edit away.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::hash::BuildHasher;

/// The most edits between a name of `len` characters and a suggestion for it.
fn max_distance(len: usize) -> usize {
    (len / 3).max(1)
}

/// The candidate closest to `word` if one is close enough to be a likely
/// misspelling of it (see the module docs); ties go to the earliest candidate.
/// The word itself is never suggested.
pub fn best_match<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let len = word.chars().count();
    let limit = max_distance(len);
    let mut best: Option<(usize, &'a str)> = None;
    for c in candidates {
        if c == word || c.chars().count().abs_diff(len) > limit {
            continue;
        }
        let d = strsim::osa_distance(word, c);
        // A candidate that shares nothing with the word is another name, not a
        // spelling of it (`%b` is not a misspelled `%a`).
        if d <= limit && d < len && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

/// The hint's wording: ``did you mean `name`?``.
pub fn did_you_mean(name: &str) -> String {
    format!("did you mean `{name}`?")
}

/// Names longer than this are not indexed: indexing costs the square of a name's
/// length, and long names are rarely mistyped by one character.
const MAX_INDEXED_LEN: usize = 64;

/// An index of names for "did you mean" lookups that cost the length of the
/// misspelled name rather than the number of names: each name is filed under
/// itself and under every string one deletion away, so two names one edit apart
/// share a key.
#[derive(Debug, Default)]
pub struct SuggestionIndex {
    names: Vec<Box<str>>,
    /// Hashes of the keys (collisions only add candidates, which are checked).
    keys: FxHashMap<u64, SmallVec<[u32; 2]>>,
}

impl SuggestionIndex {
    /// Indexes `names` (in order: ties go to the earliest).
    pub fn new<'a>(names: impl IntoIterator<Item = &'a str>) -> Self {
        let mut index = SuggestionIndex::default();
        for name in names {
            if name.len() > MAX_INDEXED_LEN {
                continue;
            }
            let Ok(id) = u32::try_from(index.names.len()) else {
                break;
            };
            index.names.push(name.into());
            for key in deletions(name) {
                let ids = index.keys.entry(key).or_default();
                if ids.last() != Some(&id) {
                    ids.push(id);
                }
            }
        }
        index
    }

    /// The indexed name closest to `word`, at most one edit away.
    pub fn best_match(&self, word: &str) -> Option<&str> {
        self.best_match_where(word, |_| true)
    }

    /// [`SuggestionIndex::best_match`] among the names `accept` takes (a symbol of the
    /// right kind, say).
    pub fn best_match_where(&self, word: &str, accept: impl Fn(&str) -> bool) -> Option<&str> {
        if word.len() > MAX_INDEXED_LEN {
            return None;
        }
        let mut ids: SmallVec<[u32; 8]> = deletions(word)
            .filter_map(|key| self.keys.get(&key))
            .flatten()
            .copied()
            .collect();
        ids.sort_unstable();
        ids.dedup();
        let candidates = ids
            .iter()
            .filter_map(|&id| self.names.get(id as usize))
            .map(|n| &**n)
            .filter(|c| strsim::osa_distance(word, c) <= 1 && accept(c));
        best_match(word, candidates)
    }
}

/// Hashes of `name` and of each string one character deletion away from it.
fn deletions(name: &str) -> impl Iterator<Item = u64> + '_ {
    // The deleted string is assembled before hashing: a hasher's result depends on
    // how its input is split into writes.
    let mut buf = String::with_capacity(name.len());
    let mut hash = move |parts: [&str; 2]| {
        buf.clear();
        buf.push_str(parts[0]);
        buf.push_str(parts[1]);
        rustc_hash::FxBuildHasher.hash_one(buf.as_str())
    };
    let whole = hash([name, ""]);
    std::iter::once(whole).chain(
        name.char_indices()
            .map(move |(i, c)| hash([&name[..i], &name[i + c.len_utf8()..]])),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closest_within_a_third_of_the_length() {
        let ops = ["t.add", "t.sub", "t.mul", "t.div", "t.max"];
        assert_eq!(best_match("t.ad", ops), Some("t.add"));
        assert_eq!(best_match("t.mull", ops), Some("t.mul"));
        assert_eq!(best_match("t.sbu", ops), Some("t.sub"));
        assert_eq!(best_match("t.add", ops), None, "never the word itself");
        assert_eq!(best_match("t.reshape", ops), None);
        assert_eq!(
            best_match("xy", ["xz"]),
            Some("xz"),
            "one edit is always allowed"
        );
        assert_eq!(best_match("x", ["y"]), None, "but never a whole other word");
        assert_eq!(best_match("", ["a"]), None);
        // Ties go to the first candidate.
        assert_eq!(best_match("t.mux", ops), Some("t.mul"));
    }

    #[test]
    fn index_finds_names_one_edit_away() {
        let names = ["main", "helper", "helper2", "compute"];
        let index = SuggestionIndex::new(names);
        assert_eq!(index.best_match("mian"), Some("main"));
        assert_eq!(index.best_match("mainn"), Some("main"));
        assert_eq!(index.best_match("man"), Some("main"));
        assert_eq!(index.best_match("helpr"), Some("helper"));
        // Both are one edit away: the first wins.
        assert_eq!(index.best_match("helper3"), Some("helper"));
        assert_eq!(index.best_match("helper23"), Some("helper2"));
        assert_eq!(index.best_match("comptue"), Some("compute"));
        assert_eq!(index.best_match("main"), None);
        assert_eq!(index.best_match("other"), None);
        assert_eq!(SuggestionIndex::new([]).best_match("x"), None);
        let long = "a".repeat(100);
        assert_eq!(
            SuggestionIndex::new([long.as_str()]).best_match(&long[1..]),
            None
        );
    }

    #[test]
    fn index_handles_many_names_and_unicode() {
        let names: Vec<String> = (0..10_000).map(|i| format!("f{i}")).collect();
        let index = SuggestionIndex::new(names.iter().map(String::as_str));
        assert_eq!(index.best_match("f9999x"), Some("f9999"));
        let index = SuggestionIndex::new(["größe", "maß"]);
        assert_eq!(index.best_match("grösse"), None, "two edits");
        assert_eq!(index.best_match("größ"), Some("größe"));
        assert_eq!(index.best_match("mß"), Some("maß"));
    }
}
