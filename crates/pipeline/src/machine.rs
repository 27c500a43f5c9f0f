//! Machine-readable diagnostics: JSON Lines (`--diagnostics-format=json`) for
//! scripts, SARIF 2.1.0 (`--diagnostics-format=sarif`) for code-scanning tools.
//!
//! JSON Lines: one object per diagnostic, notes nested, keys sorted:
//!
//! ```json
//! {"code":"broadcast.incompatible","location":{"column":8,"end":{"column":14,"line":3},"file":"x.mlir","line":3},"message":"...","notes":[{"hint":false,"location":{...},"message":"...","severity":"note"}],"severity":"error"}
//! ```
//!
//! `line` and `column` are 1-based, the column in bytes as in the text output; `end`
//! (exclusive) is there when the diagnostic marks a range. `location` is `null` for
//! a diagnostic without a file position; a structured one (`loc("name")`) is then
//! given as `loc`. `hint` marks notes beyond upstream's diagnostics.
//!
//! SARIF: one run whose rules are the codes seen, one result per diagnostic (an
//! error, warning or note; remarks are notes), its notes as related locations,
//! columns in Unicode code points as SARIF requires (`columnKind`).

use serde_json::{Value, json};
use tensor_ir::{Context, Diagnostic, Location, Severity};

/// Where a diagnostic points, resolved.
struct Span {
    file: String,
    line: u32,
    /// 1-based, in bytes.
    column: u32,
    /// Exclusive, in bytes.
    end_column: Option<u32>,
    /// 1-based, in characters.
    char_column: u32,
    /// Exclusive, in characters.
    char_end_column: Option<u32>,
}

fn span(ctx: &Context, d: &Diagnostic) -> Option<Span> {
    let pos = ctx.file_pos(d.location)?;
    let width = (d.underline > 1).then_some(d.underline);
    // Byte columns become character columns through the line's text, when loaded.
    let line = pos
        .source
        .and_then(|(buffer, offset)| Some(ctx.source(buffer)?.line_text(offset)));
    let start = pos.col.saturating_sub(1) as usize;
    let (char_column, end_column) = match line {
        Some(text) => {
            let before = text.get(..start).map_or(start, |s| s.chars().count());
            let end = width.and_then(|w| {
                let rest = text.get(start..)?;
                let bytes: usize = rest.chars().take(w as usize).map(char::len_utf8).sum();
                u32::try_from(start + bytes + 1).ok()
            });
            (u32::try_from(before + 1).unwrap_or(pos.col), end)
        }
        None => (pos.col, width.map(|w| pos.col.saturating_add(w))),
    };
    Some(Span {
        file: pos.file,
        line: pos.line,
        column: pos.col,
        end_column: end_column.or_else(|| width.map(|w| pos.col.saturating_add(w))),
        char_column,
        char_end_column: width.map(|w| char_column.saturating_add(w)),
    })
}

/// A structured location without a file position, as text (`loc("name")`).
fn loc_text(ctx: &Context, d: &Diagnostic) -> Option<String> {
    if d.location == Location::Unknown || ctx.file_pos(d.location).is_some() {
        return None;
    }
    let mut s = String::new();
    ctx.write_loc(d.location, &mut s).ok()?;
    Some(s)
}

fn json_location(ctx: &Context, d: &Diagnostic) -> Value {
    match span(ctx, d) {
        Some(s) => {
            let mut v = json!({"file": s.file, "line": s.line, "column": s.column});
            if let Some(end) = s.end_column {
                v["end"] = json!({"line": s.line, "column": end});
            }
            v
        }
        None => Value::Null,
    }
}

fn json_object(ctx: &Context, d: &Diagnostic, top: bool) -> Value {
    let mut v = json!({
        "severity": d.severity.as_str(),
        "message": d.message,
        "location": json_location(ctx, d),
    });
    if let Some(loc) = loc_text(ctx, d) {
        v["loc"] = Value::String(loc);
    }
    if top {
        v["code"] = d.code.map_or(Value::Null, |c| Value::String(c.to_owned()));
        v["notes"] = d.notes.iter().map(|n| json_object(ctx, n, false)).collect();
    } else {
        v["hint"] = Value::Bool(d.hint);
    }
    v
}

/// One JSON Lines record, with its line break.
pub(crate) fn json_line(ctx: &Context, d: &Diagnostic) -> String {
    let mut line = json_object(ctx, d, true).to_string();
    line.push('\n');
    line
}

/// The schema SARIF 2.1.0 documents name (OASIS's, errata 01).
const SARIF_SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/// The diagnostics of a run, gathered for one SARIF document.
#[derive(Debug, Default)]
pub(crate) struct Sarif {
    results: Vec<Value>,
    /// The codes seen, in first-seen order: the run's rules.
    rules: Vec<&'static str>,
}

impl Sarif {
    /// Adds `d` as a result.
    pub fn add(&mut self, ctx: &Context, d: &Diagnostic) {
        let level = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Remark | Severity::Note => "note",
        };
        let mut result = json!({
            "level": level,
            "message": {"text": sarif_message(ctx, d)},
        });
        if let Some(code) = d.code {
            let index = match self.rules.iter().position(|&r| r == code) {
                Some(i) => i,
                None => {
                    self.rules.push(code);
                    self.rules.len() - 1
                }
            };
            result["ruleId"] = json!(code);
            result["ruleIndex"] = json!(index);
        }
        if let Some(location) = sarif_physical(ctx, d) {
            result["locations"] = json!([{ "physicalLocation": location }]);
        }
        if !d.notes.is_empty() {
            let related: Vec<Value> = d
                .notes
                .iter()
                .enumerate()
                .map(|(i, n)| {
                    let mut loc = json!({
                        "id": i,
                        "message": {"text": sarif_message(ctx, n)},
                    });
                    if let Some(p) = sarif_physical(ctx, n) {
                        loc["physicalLocation"] = p;
                    }
                    loc
                })
                .collect();
            result["relatedLocations"] = Value::Array(related);
        }
        self.results.push(result);
    }

    /// The document, with a line break. The execution itself succeeded (the run got
    /// to its end): errors in the input are results, and the exit code says so.
    pub fn finish(self, exit_code: i32) -> String {
        let rules: Vec<Value> = self.rules.iter().map(|r| json!({ "id": r })).collect();
        let doc = json!({
            "$schema": SARIF_SCHEMA,
            "version": "2.1.0",
            "runs": [{
                "tool": {"driver": {
                    "name": "tensor-opt",
                    "version": env!("CARGO_PKG_VERSION"),
                    "rules": rules,
                }},
                "invocations": [{"executionSuccessful": true, "exitCode": exit_code}],
                "columnKind": "unicodeCodePoints",
                "results": self.results,
            }],
        });
        let mut text = serde_json::to_string_pretty(&doc).unwrap_or_default();
        text.push('\n');
        text
    }
}

/// The message, after the structured location when there is no file position (as
/// the text output puts it).
fn sarif_message(ctx: &Context, d: &Diagnostic) -> String {
    match loc_text(ctx, d) {
        Some(loc) => format!("{loc}: {}", d.message),
        None => d.message.clone(),
    }
}

fn sarif_physical(ctx: &Context, d: &Diagnostic) -> Option<Value> {
    let s = span(ctx, d)?;
    let mut region = json!({"startLine": s.line, "startColumn": s.char_column});
    if let Some(end) = s.char_end_column {
        region["endColumn"] = json!(end);
    }
    Some(json!({
        "artifactLocation": {"uri": uri_reference(&s.file)},
        "region": region,
    }))
}

/// A file name as a URI reference: bytes outside RFC 3986's unreserved and path
/// characters are percent-encoded (`<stdin>` is `%3Cstdin%3E`).
fn uri_reference(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        let keep = b.is_ascii_alphanumeric() || b"-._~/!$&'()*+,;=:@".contains(&b);
        if keep {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_are_percent_encoded() {
        assert_eq!(uri_reference("test/a b.mlir"), "test/a%20b.mlir");
        assert_eq!(uri_reference("<stdin>"), "%3Cstdin%3E");
        assert_eq!(uri_reference("/tmp/ü.mlir"), "/tmp/%C3%BC.mlir");
    }

    #[test]
    fn columns_in_bytes_and_characters() {
        let mut ctx = Context::new();
        let b = ctx.add_source("u.mlir", "// é\n  \"é\" x\n");
        // `x` is at offset 13, on line 2 at column 8 in bytes, 7 in characters.
        let d = Diagnostic::error(
            Location::Source {
                buffer: b,
                offset: 13,
            },
            "m",
        )
        .with_underline(1);
        let s = span(&ctx, &d).unwrap();
        assert_eq!((s.line, s.column, s.char_column), (2, 8, 7));
        assert_eq!((s.end_column, s.char_end_column), (None, None));
        let d = Diagnostic::error(
            Location::Source {
                buffer: b,
                offset: 8,
            },
            "m",
        )
        .with_underline(3);
        let s = span(&ctx, &d).unwrap();
        assert_eq!((s.column, s.end_column), (3, Some(7)));
        assert_eq!((s.char_column, s.char_end_column), (3, Some(6)));
    }
}
