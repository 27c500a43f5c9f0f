//! Diagnostics at melior locations: what the bridge reports, as plain data a
//! compiler can inspect, print, or send on through MLIR's diagnostic engine.

use std::fmt;

use melior::diagnostic::DiagnosticSeverity;
use melior::ir::Location;

use crate::ffi;

/// How serious a diagnostic is, as MLIR's severities.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The op is wrong.
    Error,
    /// Something is suspicious.
    Warning,
    /// Information: a run-time obligation of an op that verified on condition.
    Remark,
    /// Attached to another diagnostic (only in diagnostics captured from MLIR).
    Note,
}

impl Severity {
    /// The word MLIR prints for it (`error`, `warning`, `remark`, `note`).
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Remark => "remark",
            Severity::Note => "note",
        }
    }
}

impl From<DiagnosticSeverity> for Severity {
    fn from(s: DiagnosticSeverity) -> Self {
        match s {
            DiagnosticSeverity::Error => Severity::Error,
            DiagnosticSeverity::Warning => Severity::Warning,
            DiagnosticSeverity::Remark => Severity::Remark,
            DiagnosticSeverity::Note => Severity::Note,
        }
    }
}

/// A source position, as MLIR's `FileLineColLoc` gives it (lines and columns
/// count from 1).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FileLineCol {
    /// The file name the location names.
    pub file: String,
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1.
    pub column: usize,
}

impl fmt::Display for FileLineCol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}

/// Locations visited at most when looking for a file position: a fused
/// location may nest others, and a compiler may build very large ones.
const MAX_LOCATIONS: usize = 4096;

/// The first file position in `location`, in the order MLIR's diagnostic
/// printer looks for one: the location itself, a name's child, a call site's
/// callee then its caller, a fusion's parts in order. `None` when it has none
/// (`loc(unknown)`).
pub fn file_line_col(location: Location<'_>) -> Option<FileLineCol> {
    // Iterative, and bounded: location trees come from the compiler.
    let mut stack = vec![location];
    let mut visited = 0;
    while let Some(loc) = stack.pop() {
        visited += 1;
        if visited > MAX_LOCATIONS {
            return None;
        }
        if loc.is_file_line_col_range() {
            let file = loc.file_line_col_range_filename();
            return Some(FileLineCol {
                file: file
                    .as_string_ref()
                    .as_str()
                    .map_or_else(|_| String::from("<non-UTF-8 file name>"), str::to_owned),
                line: loc.file_line_col_range_start_line(),
                column: loc.file_line_col_range_start_column(),
            });
        }
        if loc.is_name() {
            stack.push(loc.name_child_location());
        } else if loc.is_call_site() {
            stack.push(loc.call_site_caller());
            stack.push(loc.call_site_callee());
        } else if loc.is_fused() {
            let parts = loc.fused_num_locations();
            stack.extend((0..parts).rev().map(|i| loc.fused_location(i)));
        }
    }
    None
}

/// A note attached to a [`Diagnostic`].
#[derive(Clone, Debug)]
pub struct Note<'c> {
    /// Where it points.
    pub location: Location<'c>,
    /// What it says.
    pub message: String,
}

/// One diagnostic: severity, message, the MLIR location of the op it is
/// about, and notes.
#[derive(Clone, Debug)]
pub struct Diagnostic<'c> {
    /// How serious it is.
    pub severity: Severity,
    /// The message, as MLIR words an op's error: `'tosa.add' op operands
    /// don't have broadcast-compatible shapes`.
    pub message: String,
    /// The op's location.
    pub location: Location<'c>,
    /// Notes at the same or other locations, in order.
    pub notes: Vec<Note<'c>>,
}

impl<'c> Diagnostic<'c> {
    /// A diagnostic without notes.
    pub fn new(severity: Severity, location: Location<'c>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity,
            message: message.into(),
            location,
            notes: Vec::new(),
        }
    }

    /// Adds a note.
    #[must_use]
    pub fn with_note(mut self, location: Location<'c>, message: impl Into<String>) -> Self {
        self.notes.push(Note {
            location,
            message: message.into(),
        });
        self
    }

    /// The file position of [`Diagnostic::location`], if it has one.
    pub fn file_line_col(&self) -> Option<FileLineCol> {
        file_line_col(self.location)
    }

    /// Whether it is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// `file:line:col`, or MLIR's spelling of a location without a file position.
fn write_location(f: &mut fmt::Formatter<'_>, location: Location<'_>) -> fmt::Result {
    match file_line_col(location) {
        Some(p) => write!(f, "{p}"),
        None => write!(f, "{location}"),
    }
}

/// `file:line:col: error: message`, then each note on its own line, as
/// `mlir-opt` prints them (without the source line).
impl fmt::Display for Diagnostic<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_location(f, self.location)?;
        write!(f, ": {}: {}", self.severity.as_str(), self.message)?;
        for note in &self.notes {
            writeln!(f)?;
            write_location(f, note.location)?;
            write!(f, ": note: {}", note.message)?;
        }
        Ok(())
    }
}

/// Sends the errors among `diagnostics` through the diagnostic engine of
/// their locations' context, as if an MLIR pass had emitted them: the
/// compiler's own handlers (or MLIR's default printer) see them.
///
/// MLIR 22's C API can emit only errors, without notes: each note is
/// appended to its error's message, on a line of its own (`note: ...`), and
/// warnings and remarks are not emitted. Returns how many errors were sent.
pub fn emit(diagnostics: &[Diagnostic<'_>]) -> usize {
    let mut sent = 0;
    for d in diagnostics.iter().filter(|d| d.is_error()) {
        let mut message = d.message.clone();
        for note in &d.notes {
            message.push_str("\nnote: ");
            message.push_str(&note.message);
        }
        ffi::emit_error(d.location, &message);
        sent += 1;
    }
    sent
}
