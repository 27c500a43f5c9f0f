//! Diagnostics: located errors, warnings and remarks with notes, rendered as upstream MLIR does.

use crate::context::Context;
use crate::location::Location;
use std::fmt::{self, Write as _};

/// Source lines up to this many bytes are quoted whole under a diagnostic, as
/// upstream quotes every line. A longer line is quoted as a window of this size
/// around the column, so N diagnostics on one long line print O(N) text, not
/// O(N × line).
pub const MAX_QUOTED_LINE: usize = 1024;

/// The part of `line` quoted under a diagnostic at 1-based byte column `col`,
/// and the byte offset of the caret in it: the whole line when it is short, else
/// a window around the column with `...` where it was cut.
fn quoted_line(line: &str, col: u32) -> (std::borrow::Cow<'_, str>, usize) {
    let at = (col.saturating_sub(1) as usize).min(line.len());
    if line.len() <= MAX_QUOTED_LINE {
        return (line.into(), at);
    }
    let half = MAX_QUOTED_LINE / 2;
    let mut start = at.saturating_sub(half);
    while !line.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = (at + half).min(line.len());
    while !line.is_char_boundary(end) {
        end += 1;
    }
    let mut text = String::with_capacity(end - start + 6);
    if start > 0 {
        text.push_str("...");
    }
    text.push_str(&line[start..end]);
    if end < line.len() {
        text.push_str("...");
    }
    let caret = at - start + if start > 0 { 3 } else { 0 };
    (text.into(), caret)
}

/// How serious a diagnostic is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Severity {
    /// Fails the run.
    Error,
    /// Reported, does not fail.
    Warning,
    /// Informational.
    Remark,
    /// Attached to another diagnostic.
    Note,
}

impl Severity {
    /// The word upstream prints for this severity.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Remark => "remark",
            Severity::Note => "note",
        }
    }
}

/// A located message with attached notes.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{severity}: {message}", severity = .severity.as_str())]
pub struct Diagnostic {
    /// Severity.
    pub severity: Severity,
    /// Where it applies.
    pub location: Location,
    /// The message.
    pub message: String,
    /// Notes that follow it.
    pub notes: Vec<Diagnostic>,
    /// How many columns the caret line marks (`^~~~`); 0 or 1 is a lone caret.
    pub underline: u32,
}

impl Diagnostic {
    /// An error at `location`.
    pub fn error(location: Location, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            location,
            message: message.into(),
            notes: Vec::new(),
            underline: 0,
        }
    }

    /// Marks `columns` columns from the location (`^~~~`) instead of one.
    pub fn with_underline(mut self, columns: u32) -> Self {
        self.underline = columns;
        self
    }

    /// A warning at `location`.
    pub fn warning(location: Location, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(location, message)
        }
    }

    /// A remark at `location`.
    pub fn remark(location: Location, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Remark,
            ..Diagnostic::error(location, message)
        }
    }

    /// Attaches a note.
    pub fn with_note(mut self, location: Location, message: impl Into<String>) -> Self {
        self.notes.push(Diagnostic {
            severity: Severity::Note,
            ..Diagnostic::error(location, message)
        });
        self
    }
}

/// The diagnostics of a run, in the order they were reported.
#[derive(Clone, Default, Debug, PartialEq, Eq)]
pub struct Diagnostics {
    list: Vec<Diagnostic>,
}

impl Diagnostics {
    /// Records a diagnostic.
    pub fn push(&mut self, d: Diagnostic) {
        self.list.push(d);
    }

    /// True if any error was reported.
    pub fn has_errors(&self) -> bool {
        self.list.iter().any(|d| d.severity == Severity::Error)
    }

    /// All diagnostics.
    pub fn iter(&self) -> impl Iterator<Item = &Diagnostic> {
        self.list.iter()
    }

    /// Appends another set.
    pub fn extend(&mut self, other: Diagnostics) {
        self.list.extend(other.list);
    }

    /// True when nothing was reported.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The number of diagnostics.
    pub fn len(&self) -> usize {
        self.list.len()
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.into_iter()
    }
}

impl Context {
    /// Renders a diagnostic and its notes as mlir-opt prints them:
    /// `file:line:col: error: message`, the source line and a caret.
    pub fn render_diagnostic(&self, d: &Diagnostic, out: &mut String) {
        // Writing to a String cannot fail.
        let _ = self.render_one(d, out, true);
        for n in &d.notes {
            // Upstream shows the source line again only when a note points elsewhere.
            let _ = self.render_one(n, out, n.location != d.location);
        }
    }

    /// Renders a diagnostic into a new string.
    pub fn diagnostic_to_string(&self, d: &Diagnostic) -> String {
        let mut s = String::new();
        self.render_diagnostic(d, &mut s);
        s
    }

    fn render_one(&self, d: &Diagnostic, out: &mut String, snippet: bool) -> fmt::Result {
        let sev = d.severity.as_str();
        match self.file_pos(d.location) {
            Some(pos) => {
                writeln!(
                    out,
                    "{}:{}:{}: {sev}: {}",
                    pos.file, pos.line, pos.col, d.message
                )?;
                if snippet
                    && let Some((buffer, offset)) = pos.source
                    && let Some(buf) = self.source(buffer)
                {
                    let (_, col) = buf.line_col(offset);
                    let line = buf.line_text(offset);
                    let (text, caret) = quoted_line(line, col);
                    writeln!(out, "{text}")?;
                    let pad: String = text
                        .bytes()
                        .take(caret)
                        .map(|b| if b == b'\t' { '\t' } else { ' ' })
                        .collect();
                    // Marks under a cut window stay within it.
                    let mut marks = d.underline.saturating_sub(1) as usize;
                    if line.len() > MAX_QUOTED_LINE {
                        marks = marks.min(text.len().saturating_sub(caret + 1));
                    }
                    let tildes = "~".repeat(marks);
                    writeln!(out, "{pad}^{tildes}")?;
                }
                Ok(())
            }
            // Upstream hands an unknown location to LLVM's SourceMgr, which prints it so.
            None if d.location == Location::Unknown => {
                writeln!(out, "<unknown>:0: {sev}: {}", d.message)
            }
            None => {
                let mut loc = String::new();
                self.write_loc(d.location, &mut loc)?;
                writeln!(out, "{loc}: {sev}: {}", d.message)
            }
        }
    }
}
