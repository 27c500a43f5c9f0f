//! Counts of what the cases exercised (edits by outcome, diagnostics by kind),
//! printed with `EDITS_STATS=1`: a property that passes is only as good as what it
//! reached.

use std::cell::RefCell;
use std::collections::BTreeMap;

thread_local! {
    /// Per thread: each test counts its own cases.
    static COUNTS: RefCell<BTreeMap<String, u64>> = const { RefCell::new(BTreeMap::new()) };
}

pub fn count(key: impl Into<String>) {
    COUNTS.with_borrow_mut(|c| *c.entry(key.into()).or_default() += 1);
}

/// A diagnostic's kind: its message with op names and numbers masked.
pub fn kind(message: &str, notes: &[String]) -> String {
    let mut out = String::new();
    let mut in_name = false;
    for part in std::iter::once(message).chain(notes.iter().map(String::as_str)) {
        if !out.is_empty() {
            out += " / ";
        }
        for c in part.chars() {
            match c {
                '\'' => {
                    in_name = !in_name;
                    if in_name {
                        out += "'*";
                    } else {
                        out.push('\'');
                    }
                }
                _ if in_name => {}
                '0'..='9' => {
                    if !out.ends_with('N') {
                        out.push('N');
                    }
                }
                _ => out.push(c),
            }
        }
    }
    out
}

pub fn print() {
    eprintln!("edits property test, counts:");
    COUNTS.with_borrow(|c| {
        for (k, n) in c {
            eprintln!("{n:>9}  {k}");
        }
    });
}
