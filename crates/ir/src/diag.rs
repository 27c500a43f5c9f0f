//! Diagnostics: located errors, warnings and remarks with notes, rendered as upstream MLIR does.
//!
//! Each diagnostic may carry a stable [`code`](Diagnostic::code) for tools
//! (`broadcast.incompatible`; [`codes`] lists the core's), and hints: notes beyond
//! upstream's diagnostics (a "did you mean", a drawing of aligned shapes) that
//! render as any note but that `--verify-diagnostics` does not require.
//! [`suggest`] finds the "did you mean" candidate by edit distance.

pub mod codes;
pub mod limit;
pub mod suggest;

use crate::context::Context;
use crate::location::{LocKind, Location};
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
    /// A stable identifier of what went wrong, for tools (`parse.error`,
    /// `broadcast.incompatible`); `None` until the creator or the driver assigns one.
    /// Notes have none. Text output does not show it.
    pub code: Option<&'static str>,
    /// For a note: a hint beyond upstream's diagnostics ("did you mean", aligned
    /// shapes). It renders as any note, but `--verify-diagnostics` does not require an
    /// `expected-note` for it, so tests written for upstream keep passing.
    pub hint: bool,
    /// Whether a diagnostic at a call site location is followed by its `called
    /// from` notes. `--verify-diagnostics` reports an unexpected one without them,
    /// as upstream's verifier handler does.
    pub call_stack: bool,
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
            code: None,
            hint: false,
            call_stack: true,
        }
    }

    /// Sets the stable code (see [`Diagnostic::code`]).
    pub fn with_code(mut self, code: &'static str) -> Self {
        self.code = Some(code);
        self
    }

    /// Sets the code if none was assigned yet (a fallback by phase).
    pub fn or_code(mut self, code: &'static str) -> Self {
        self.code.get_or_insert(code);
        self
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

    /// Attaches a hint: a note beyond upstream's diagnostics (see [`Diagnostic::hint`]).
    pub fn with_hint(mut self, location: Location, message: impl Into<String>) -> Self {
        self.notes.push(Diagnostic {
            severity: Severity::Note,
            hint: true,
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

    /// Gives every diagnostic without a code the fallback `code(severity)` (the
    /// driver's codes by phase, such as `parse.error`).
    pub fn or_codes(&mut self, code: impl Fn(Severity) -> &'static str) {
        for d in &mut self.list {
            d.code.get_or_insert_with(|| code(d.severity));
        }
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.into_iter()
    }
}

/// How [`Context::render_diagnostic_with`] renders text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RenderOptions {
    /// Colour, with the escape sequences LLVM's `SourceMgr` (and so clang and mlir-opt
    /// with `--color`) writes: bold location and message, a coloured severity, a green
    /// caret line.
    pub color: bool,
}

/// Upstream's `callStackLimit`: the most `called from` notes a diagnostic gets.
const CALL_STACK_LIMIT: usize = 10;

/// The ANSI escapes of [`RenderOptions::color`], as LLVM's `raw_ostream` writes them.
mod ansi {
    pub const BOLD: &str = "\x1b[1m";
    pub const RESET: &str = "\x1b[0m";
    pub const RED: &str = "\x1b[0;1;31m";
    pub const MAGENTA: &str = "\x1b[0;1;35m";
    pub const BLACK: &str = "\x1b[0;1;30m";
    pub const BLUE: &str = "\x1b[0;1;34m";
    pub const GREEN: &str = "\x1b[0;1;32m";
}

/// Writes `text` between `start` and a reset when colouring.
struct Paint<'a> {
    on: bool,
    out: &'a mut String,
}

impl Paint<'_> {
    fn start(&mut self, escape: &str) {
        if self.on {
            self.out.push_str(escape);
        }
    }

    fn reset(&mut self) {
        if self.on {
            self.out.push_str(ansi::RESET);
        }
    }
}

impl Severity {
    /// The colour LLVM's `WithColor` gives the severity's label.
    fn color(self) -> &'static str {
        match self {
            Severity::Error => ansi::RED,
            Severity::Warning => ansi::MAGENTA,
            Severity::Remark => ansi::BLUE,
            Severity::Note => ansi::BLACK,
        }
    }
}

impl Context {
    /// Renders a diagnostic and its notes as mlir-opt prints them:
    /// `file:line:col: error: message`, the source line and a caret.
    pub fn render_diagnostic(&self, d: &Diagnostic, out: &mut String) {
        self.render_diagnostic_with(d, out, RenderOptions::default());
    }

    /// [`Context::render_diagnostic`] with options (colour).
    pub fn render_diagnostic_with(&self, d: &Diagnostic, out: &mut String, options: RenderOptions) {
        let mut paint = Paint {
            on: options.color,
            out,
        };
        // Writing to a String cannot fail.
        let _ = self.render_one(d, &mut paint, true);
        // A diagnostic at a call site location gets a `called from` note per caller,
        // as upstream's `SourceMgrDiagnosticHandler` gives: JAX's locations are call
        // stacks, and the callers lead to the user's own line.
        let mut last = d.location;
        if let Some(site) = self.call_site_of(d.location).filter(|_| d.call_stack) {
            last = site;
            for _ in 0..CALL_STACK_LIMIT {
                let note = Diagnostic {
                    severity: Severity::Note,
                    ..Diagnostic::error(last, "called from")
                };
                let _ = self.render_one(&note, &mut paint, true);
                match self.call_site_of(last) {
                    Some(caller) => last = caller,
                    None => break,
                }
            }
        }
        for n in &d.notes {
            // Upstream shows the source line again only when a note points elsewhere
            // than the line shown last.
            let _ = self.render_one(n, &mut paint, n.location != last);
            last = n.location;
        }
    }

    /// The caller of the call site `loc` stands for, found as upstream's
    /// `getCallSiteLoc` finds it: `loc` itself, a name's child, or the first call
    /// site among a fused location's parts. Iterative: nesting comes from input.
    fn call_site_of(&self, loc: Location) -> Option<Location> {
        let mut stack = vec![loc];
        while let Some(l) = stack.pop() {
            let Location::Id(id) = l else { continue };
            match self.loc_kind(id) {
                LocKind::CallSite { caller, .. } => return Some(*caller),
                LocKind::Name { child: Some(c), .. } => stack.push(*c),
                // In order: the first part's call site wins.
                LocKind::Fused { locs, .. } => stack.extend(locs.iter().rev()),
                _ => {}
            }
        }
        None
    }

    /// Renders a diagnostic into a new string.
    pub fn diagnostic_to_string(&self, d: &Diagnostic) -> String {
        let mut s = String::new();
        self.render_diagnostic(d, &mut s);
        s
    }

    fn render_one(&self, d: &Diagnostic, p: &mut Paint<'_>, snippet: bool) -> fmt::Result {
        // LLVM's layout: bold `loc: `, coloured `severity: `, bold message whose reset
        // follows the line break, plain source line, green caret line.
        p.start(ansi::BOLD);
        let pos = self.file_pos(d.location);
        match &pos {
            Some(pos) => write!(p.out, "{}:{}:{}: ", pos.file, pos.line, pos.col)?,
            // Upstream hands a location without a file position to LLVM's SourceMgr as
            // `<unknown>:0`, and puts the location itself before the message.
            None => p.out.push_str("<unknown>:0: "),
        }
        p.reset();
        p.start(d.severity.color());
        write!(p.out, "{}: ", d.severity.as_str())?;
        p.reset();
        p.start(ansi::BOLD);
        if pos.is_none() && d.location != Location::Unknown {
            self.write_loc(d.location, p.out)?;
            p.out.push_str(": ");
        }
        writeln!(p.out, "{}", d.message)?;
        p.reset();
        if snippet
            && let Some(pos) = pos
            && let Some((buffer, offset)) = pos.source
            && let Some(buf) = self.source(buffer)
        {
            let (_, col) = buf.line_col(offset);
            let line = buf.line_text(offset);
            let (text, caret) = quoted_line(line, col);
            writeln!(p.out, "{text}")?;
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
            p.start(ansi::GREEN);
            writeln!(p.out, "{pad}^{tildes}")?;
            p.reset();
        }
        Ok(())
    }
}
