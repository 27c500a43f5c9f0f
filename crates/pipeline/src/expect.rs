//! `--verify-diagnostics`: `expected-error`, `-warning`, `-note`, `-remark` comments
//! (with `@+N`, `@-N`, `@above`, `@below`, `@unknown`, `{{substring}}` and the `-re`
//! regex form) checked against the diagnostics of one chunk, as upstream's verifier
//! handler does. `@above` and `@below` name the nearest line above or below that holds
//! no designator, so several designators can stack on one line. Hints (notes beyond
//! upstream's diagnostics, [`Diagnostic::hint`]) may be expected but are not required.

use regex::Regex;
use std::ops::Range;
use std::sync::LazyLock;
use tensor_ir::diag::codes;
use tensor_ir::{Context, Diagnostic, Diagnostics, Location, Severity};

static EXPECTED: LazyLock<Regex> = LazyLock::new(|| {
    // Upstream's pattern: spaces (not tabs) around the designator, and `}}` ending the
    // line (trailing whitespace is trimmed first). One designator per line.
    Regex::new(r"expected-(error|warning|note|remark)(-re)? *(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\}$")
        .unwrap_or_else(|e| unreachable!("static regex is valid: {e}"))
});

enum Matcher {
    Substring(String),
    Regex(Regex),
}

struct Expected {
    severity: Severity,
    /// The expected line; 0 for `@unknown` (a diagnostic without a file position).
    line: u32,
    text: String,
    matcher: Matcher,
    offset: u32,
    matched: bool,
}

fn severity(word: &str) -> Severity {
    match word {
        "warning" => Severity::Warning,
        "note" => Severity::Note,
        "remark" => Severity::Remark,
        _ => Severity::Error,
    }
}

/// `literal {{regex}} literal` to one regex.
fn build_regex(content: &str) -> Result<Regex, regex::Error> {
    let mut pattern = String::new();
    let mut rest = content;
    while let Some(open) = rest.find("{{") {
        pattern.push_str(&regex::escape(&rest[..open]));
        let after = &rest[open + 2..];
        let close = after.find("}}").unwrap_or(after.len());
        pattern.push('(');
        pattern.push_str(&after[..close]);
        pattern.push(')');
        rest = after.get(close + 2..).unwrap_or("");
    }
    pattern.push_str(&regex::escape(rest));
    Regex::new(&pattern)
}

fn collect_expected(
    ctx: &Context,
    buffer: u32,
    range: Range<usize>,
    errors: &mut Diagnostics,
) -> Vec<Expected> {
    let Some(buf) = ctx.source(buffer) else {
        return Vec::new();
    };
    let text = &buf.text()[range.clone()];
    let mut out: Vec<Expected> = Vec::new();
    let mut line_start = range.start;
    let mut here = buf
        .line_col(u32::try_from(range.start).unwrap_or(u32::MAX))
        .0;
    // The last line so far without a designator (upstream starts at the buffer's first
    // line), and the `@below` designators (indices into `out`) waiting for the next one.
    let mut last_plain = here;
    let mut below: Vec<usize> = Vec::new();
    for line in text.split_inclusive('\n') {
        let start = line_start;
        line_start += line.len();
        let line_no = here;
        here = here.saturating_add(1);
        let Some(caps) = EXPECTED.captures(line.trim_end()) else {
            for i in below.drain(..) {
                out[i].line = line_no;
            }
            last_plain = line_no;
            continue;
        };
        let (Some(whole), Some(kind), Some(content)) = (caps.get(0), caps.get(1), caps.get(5))
        else {
            continue;
        };
        let offset = u32::try_from(start + whole.start()).unwrap_or(u32::MAX);
        let loc = Location::Source { buffer, offset };
        let designator = caps.get(4).map(|m| m.as_str());
        let target = match designator {
            None => Some(line_no),
            Some("unknown") => Some(0),
            Some("above") => Some(last_plain),
            // Set at the next line without a designator; a dangling one stays here.
            Some("below") => Some(line_no),
            Some(delta) => delta
                .parse::<i64>()
                .ok()
                .and_then(|d| u32::try_from(i64::from(line_no) + d).ok())
                .filter(|&l| l > 0),
        };
        let Some(line) = target else {
            errors.push(
                Diagnostic::error(loc, "expected diagnostic refers to a line outside the file")
                    .with_code(codes::INVALID_EXPECTATION),
            );
            continue;
        };
        let text = content.as_str().to_string();
        let matcher = if caps.get(2).is_some() {
            match build_regex(&text) {
                Ok(r) => Matcher::Regex(r),
                Err(e) => {
                    errors.push(
                        Diagnostic::error(loc, format!("invalid regex: {e}"))
                            .with_code(codes::INVALID_EXPECTATION),
                    );
                    continue;
                }
            }
        } else {
            Matcher::Substring(text.clone())
        };
        if designator == Some("below") {
            below.push(out.len());
        }
        out.push(Expected {
            severity: severity(kind.as_str()),
            line,
            text,
            matcher,
            offset,
            matched: false,
        });
    }
    out
}

fn matches(m: &Matcher, message: &str) -> bool {
    match m {
        Matcher::Substring(s) => message.contains(s.as_str()),
        Matcher::Regex(r) => r.is_match(message),
    }
}

/// What checking one chunk found wrong.
#[derive(Default)]
pub struct ChunkCheck {
    /// Malformed expectations and diagnostics nothing expected, in emission order.
    pub unexpected: Diagnostics,
    /// Expectations nothing produced; upstream reports these after the whole file.
    pub missing: Diagnostics,
}

/// Checks a chunk's diagnostics against its `expected-*` comments.
pub fn check_chunk(
    ctx: &Context,
    buffer: u32,
    range: Range<usize>,
    diags: Diagnostics,
    only_expected: bool,
) -> ChunkCheck {
    let mut failures = Diagnostics::default();
    let mut expected = collect_expected(ctx, buffer, range, &mut failures);
    let mut flat = Vec::new();
    let mut hints = Vec::new();
    for d in diags {
        let notes = d.notes.clone();
        flat.push(Diagnostic {
            notes: Vec::new(),
            ..d
        });
        let (hint, plain): (Vec<_>, Vec<_>) = notes.into_iter().partition(|n| n.hint);
        flat.extend(plain);
        hints.extend(hint);
    }
    // Hints go beyond upstream's diagnostics: they may be expected, never required.
    // They come last so that they cannot take an expectation another note needs.
    let required = flat.len();
    flat.extend(hints);
    for (i, d) in flat.into_iter().enumerate() {
        // A diagnostic without a file position matches `@unknown` (line 0).
        let line = match ctx.file_pos(d.location) {
            None => Some(0),
            Some(p) => p.source.is_some_and(|(b, _)| b == buffer).then_some(p.line),
        };
        let found = line.and_then(|line| {
            expected.iter_mut().find(|e| {
                !e.matched
                    && e.severity == d.severity
                    && e.line == line
                    && matches(&e.matcher, &d.message)
            })
        });
        match found {
            Some(e) => e.matched = true,
            None if only_expected || i >= required => {}
            None => failures.push(Diagnostic {
                call_stack: false,
                ..Diagnostic::error(
                    d.location,
                    format!("unexpected {}: {}", d.severity.as_str(), d.message),
                )
                .with_code(codes::UNEXPECTED_DIAGNOSTIC)
            }),
        }
    }
    let mut missing = Diagnostics::default();
    for e in expected.iter().filter(|e| !e.matched) {
        let location = Location::Source {
            buffer,
            offset: e.offset,
        };
        let message = format!(
            "expected {} \"{}\" was not produced",
            e.severity.as_str(),
            e.text
        );
        // Upstream underlines as many columns as the expected text has characters.
        let columns = u32::try_from(e.text.chars().count()).unwrap_or(u32::MAX);
        missing.push(
            Diagnostic::error(location, message)
                .with_underline(columns)
                .with_code(codes::EXPECTED_NOT_PRODUCED),
        );
    }
    ChunkCheck {
        unexpected: failures,
        missing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regex_form_mixes_literals_and_patterns() {
        let r = build_regex("value {{[0-9]+}} (ok)").unwrap();
        assert!(r.is_match("value 42 (ok)"));
        assert!(!r.is_match("value x (ok)"));
    }
}
