//! One analysis of a document: tensor-opt's own pipeline (parse with a source index,
//! verify, `--verify-broadcast`), with its diagnostics in the protocol's form.

use crate::lines::{Encoding, LineIndex};
use broadcastable::Semantics;
use lsp_types::{DiagnosticRelatedInformation, DiagnosticSeverity, NumberOrString, Uri};
use std::ops::Range;
use tensor_ir::diag::codes;
use tensor_ir::parse::{SourceIndex, parse_source_indexed};
use tensor_ir::{Context, Diagnostic, Diagnostics, Location, Module, Severity};
use tensor_pipeline::{self as driver, Options};

/// At most this many diagnostics are published per document (errors first, then
/// warnings, then hints): a generated file can carry a run-time obligation per op, and
/// no editor lists hundreds of thousands of them usefully.
pub const MAX_DIAGNOSTICS: usize = 2000;

/// The pass whose findings are shown besides the verifier's.
const PASS: &str = "verify-broadcast";

/// What the server checks documents with (its command line).
#[derive(Clone, Copy, Debug, Default)]
pub struct Settings {
    /// `--allow-unregistered-dialect`.
    pub allow_unregistered: bool,
    /// `--broadcast-semantics`.
    pub semantics: Semantics,
    /// `--runtime-checks`: how `--verify-broadcast`'s run-time obligations show.
    pub runtime_checks: RuntimeChecks,
}

/// How run-time obligations are published. Hints are the quiet default (VS Code
/// marks them with dots under the op and leaves them out of its Problems list);
/// information puts them in the list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RuntimeChecks {
    /// Severity hint.
    #[default]
    Hint,
    /// Severity information.
    Information,
    /// Not published (hover still lists them).
    Off,
}

impl RuntimeChecks {
    /// `hint`, `information` (or `info`), `off`.
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "hint" => Some(Self::Hint),
            "information" | "info" => Some(Self::Information),
            "off" => Some(Self::Off),
            _ => None,
        }
    }
}

/// One `// -----` chunk of a document (the whole text when there is no marker): its
/// module, possibly partial after a syntax error, and where its names are.
pub struct Chunk {
    /// Byte range in the document.
    pub range: Range<usize>,
    /// The module parsed from it.
    pub module: Module,
    /// Its source index.
    pub index: SourceIndex,
}

/// A document as tensor-opt sees it at one version.
pub struct Analysis {
    /// The document version analysed.
    pub version: i32,
    /// The context holding the text, types and attributes.
    pub ctx: Context,
    /// The text's buffer in `ctx`.
    pub buffer: u32,
    /// Line starts of the text.
    pub lines: LineIndex,
    /// The chunks, in order.
    pub chunks: Vec<Chunk>,
    /// The diagnostics to publish.
    pub diagnostics: Vec<lsp_types::Diagnostic>,
    /// The position encoding of every range here.
    pub encoding: Encoding,
}

impl Analysis {
    /// The analysed text.
    pub fn text(&self) -> &str {
        self.ctx.source(self.buffer).map_or("", |b| b.text())
    }

    /// The chunk holding byte `offset` (a chunk's end belongs to it, so a cursor at
    /// the end of the file still finds the last chunk).
    pub fn chunk_at(&self, offset: usize) -> Option<&Chunk> {
        self.chunks
            .iter()
            .find(|c| c.range.start <= offset && offset <= c.range.end)
    }

    /// The byte offset of a position.
    pub fn offset(&self, pos: lsp_types::Position) -> usize {
        self.lines.offset(self.text(), pos, self.encoding)
    }

    /// The protocol's range of a byte range.
    pub fn range(&self, r: Range<usize>) -> lsp_types::Range {
        let text = self.text();
        lsp_types::Range {
            start: self.lines.position(text, r.start, self.encoding),
            end: self.lines.position(text, r.end, self.encoding),
        }
    }

    /// [`Analysis::range`] of a recorded `u32` range.
    pub fn range32(&self, r: &Range<u32>) -> lsp_types::Range {
        self.range(r.start as usize..r.end as usize)
    }
}

/// Runs the pipeline on `text`. `stale` is asked between phases; once it says yes
/// (a newer text arrived), the work stops and nothing is returned.
pub fn analyze(
    uri: &Uri,
    version: i32,
    text: String,
    settings: Settings,
    encoding: Encoding,
    stale: &dyn Fn() -> bool,
) -> Option<Analysis> {
    let options = Options {
        allow_unregistered: settings.allow_unregistered,
        broadcast_semantics: settings.semantics,
        ..Options::default()
    };
    let mut ctx = driver::new_context(&options);
    let lines = LineIndex::new(&text);
    let too_large = u32::try_from(text.len()).is_err();
    let ranges = if too_large {
        Vec::new()
    } else {
        driver::split_chunks(&text)
    };
    let buffer = ctx.add_source(uri.path().as_str(), text);
    let registry = driver::default_registry().ok();
    let mut chunks = Vec::with_capacity(ranges.len());
    let mut diags = Diagnostics::default();
    if too_large {
        diags.push(Diagnostic::error(
            Location::Unknown,
            "the document is larger than 4 GiB, which tensor-opt cannot parse",
        ));
    }
    for range in ranges {
        if stale() {
            return None;
        }
        let parsed = parse_source_indexed(&mut ctx, buffer, range.clone());
        let mut module = parsed.module;
        match parsed.error {
            Some(e) => diags.push(e.or_code(codes::PARSE_ERROR)),
            None => {
                if stale() {
                    return None;
                }
                let passes = registry
                    .as_ref()
                    .and_then(|r| r.create(PASS, None).ok())
                    .into_iter()
                    .collect();
                diags.extend(driver::strip_op_notes(driver::check_module(
                    &mut ctx,
                    &mut module,
                    passes,
                )));
            }
        }
        chunks.push(Chunk {
            range,
            module,
            index: parsed.index,
        });
    }
    if stale() {
        return None;
    }
    let mut analysis = Analysis {
        version,
        ctx,
        buffer,
        lines,
        chunks,
        diagnostics: Vec::new(),
        encoding,
    };
    analysis.diagnostics = publishable(&analysis, uri, &diags, settings.runtime_checks);
    Some(analysis)
}

/// The diagnostics to publish: at most [`MAX_DIAGNOSTICS`], the most severe first,
/// each kind in source order; then one saying how many were left out.
fn publishable(
    a: &Analysis,
    uri: &Uri,
    diags: &Diagnostics,
    checks: RuntimeChecks,
) -> Vec<lsp_types::Diagnostic> {
    let mut out = Vec::new();
    let mut omitted = 0usize;
    let mut first_omitted = None;
    let severities: &[Severity] = match checks {
        RuntimeChecks::Off => &[Severity::Error, Severity::Warning],
        _ => &[Severity::Error, Severity::Warning, Severity::Remark],
    };
    for &severity in severities {
        for d in diags.iter().filter(|d| d.severity == severity) {
            if out.len() < MAX_DIAGNOSTICS {
                out.push(convert(a, uri, d, checks));
            } else {
                omitted += 1;
                first_omitted.get_or_insert(d);
            }
        }
    }
    if let Some(d) = first_omitted {
        let (range, _) = locate(a, d.location, 0);
        out.push(lsp_types::Diagnostic {
            range,
            severity: Some(DiagnosticSeverity::INFORMATION),
            source: Some("tensor-lsp".into()),
            message: format!(
                "{omitted} more diagnostics from here on are not shown (at most {MAX_DIAGNOSTICS} per file)"
            ),
            ..lsp_types::Diagnostic::default()
        });
    }
    out
}

/// One diagnostic in the protocol's form; its notes become related information.
fn convert(
    a: &Analysis,
    uri: &Uri,
    d: &Diagnostic,
    checks: RuntimeChecks,
) -> lsp_types::Diagnostic {
    let (range, prefix) = locate(a, d.location, d.underline);
    let related: Vec<DiagnosticRelatedInformation> = d
        .notes
        .iter()
        .map(|n| {
            let (range, prefix) = locate(a, n.location, n.underline);
            DiagnosticRelatedInformation {
                location: lsp_types::Location {
                    uri: uri.clone(),
                    range,
                },
                message: format!("{prefix}{}", n.message),
            }
        })
        .collect();
    lsp_types::Diagnostic {
        range,
        severity: Some(match d.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
            // The remarks of the pipeline are --verify-broadcast's run-time obligations.
            Severity::Remark if checks == RuntimeChecks::Information => {
                DiagnosticSeverity::INFORMATION
            }
            Severity::Remark => DiagnosticSeverity::HINT,
            Severity::Note => DiagnosticSeverity::INFORMATION,
        }),
        // The stable codes tensor-opt's JSON and SARIF output carry.
        code: d.code.map(|c| NumberOrString::String(c.into())),
        source: Some("tensor-opt".into()),
        message: format!("{prefix}{}", d.message),
        related_information: (!related.is_empty()).then_some(related),
        ..lsp_types::Diagnostic::default()
    }
}

/// The range a location marks in the document, and a prefix naming the location when
/// it is not in the document (`loc("other.mlir":3:4)`, `unknown`): such diagnostics
/// are shown at the start of the file.
fn locate(a: &Analysis, loc: Location, underline: u32) -> (lsp_types::Range, String) {
    let offset = match loc {
        Location::Source { buffer, offset } if buffer == a.buffer => Some(offset),
        _ => a
            .ctx
            .file_pos(loc)
            .and_then(|p| p.source)
            .and_then(|(b, o)| (b == a.buffer).then_some(o)),
    };
    let text = a.text();
    match offset.map(|o| o as usize).filter(|&o| o <= text.len()) {
        Some(start) => {
            let end = if underline > 1 {
                let mut end = start.saturating_add(underline as usize).min(text.len());
                while !text.is_char_boundary(end) {
                    end -= 1;
                }
                end
            } else {
                token_end(text, start)
            };
            (a.range(start..end), String::new())
        }
        None => {
            let mut prefix = String::new();
            if loc != Location::Unknown {
                let _ = a.ctx.write_loc(loc, &mut prefix);
                prefix.push_str(": ");
            }
            (lsp_types::Range::default(), prefix)
        }
    }
}

/// The end of the token starting at `start`: a quoted string, a name (`%x`, `@f`,
/// `nd.add`, `^bb1`, `#map`) or one character; nothing at a line end.
pub fn token_end(text: &str, start: usize) -> usize {
    let b = text.as_bytes();
    let is_name = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.' | b'-');
    match b.get(start) {
        None | Some(b'\n' | b'\r') => start,
        Some(b'"') => {
            let mut i = start + 1;
            while let Some(&c) = b.get(i) {
                match c {
                    b'\\' => i += 2,
                    b'"' => return i + 1,
                    b'\n' => return i,
                    _ => i += 1,
                }
            }
            text.len()
        }
        Some(&c) if is_name(c) || matches!(c, b'%' | b'@' | b'^' | b'#' | b'!') => {
            let mut i = start + 1;
            while b.get(i).is_some_and(|&c| is_name(c)) {
                i += 1;
            }
            i
        }
        Some(_) => {
            let mut i = start + 1;
            while !text.is_char_boundary(i) {
                i += 1;
            }
            i
        }
    }
}

#[cfg(test)]
mod tests {
    use super::token_end;

    #[test]
    fn tokens_end_where_editors_expect() {
        let t = "%v12 = \"test.op\"(%a#1) : nd.add\n\"open";
        assert_eq!(&t[..token_end(t, 0)], "%v12");
        assert_eq!(&t[7..token_end(t, 7)], "\"test.op\"");
        assert_eq!(&t[16..token_end(t, 16)], "(");
        let nd = t.find("nd.add").unwrap();
        assert_eq!(&t[nd..token_end(t, nd)], "nd.add");
        assert_eq!(token_end(t, t.find('\n').unwrap()), t.find('\n').unwrap());
        let open = t.rfind('"').unwrap();
        assert_eq!(token_end(t, open), t.len());
    }
}
