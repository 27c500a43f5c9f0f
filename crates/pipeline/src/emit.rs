//! How the driver writes diagnostics on standard error: as text (mlir-opt's layout,
//! coloured on request), JSON Lines or SARIF ([`super::machine`]).

use super::machine::{Sarif, json_line};
use std::io::Write;
use tensor_ir::diag::RenderOptions;
use tensor_ir::print::{PrintOptions, print_module};
use tensor_ir::{Context, Diagnostic, Diagnostics, Module, Severity};

/// `--diagnostics-format`: how diagnostics are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DiagnosticsFormat {
    /// As mlir-opt prints them (the default).
    #[default]
    Text,
    /// One JSON object per line, for scripts.
    Json,
    /// One SARIF 2.1.0 document at the end of the run, for code-scanning tools. Being
    /// one document, it holds every result until the end: its memory grows with the
    /// diagnostics' text, where text and JSON Lines stream.
    Sarif,
}

/// `--color`: when text diagnostics are coloured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ColorChoice {
    /// When standard error is a terminal (and `NO_COLOR` is not set); resolved by
    /// the binary before it runs ([`ColorChoice::resolve`]). Library callers get no
    /// colour.
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl ColorChoice {
    /// `Auto` decided for a stream that is a terminal or not, as clang and rustc
    /// decide it; `NO_COLOR` (non-empty) or `TERM=dumb` turn it off.
    pub fn resolve(self, is_terminal: bool) -> ColorChoice {
        match self {
            ColorChoice::Auto => {
                let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
                let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
                if is_terminal && !no_color && !dumb {
                    ColorChoice::Always
                } else {
                    ColorChoice::Never
                }
            }
            other => other,
        }
    }
}

/// Writes each diagnostic as it is reported (SARIF: gathers them for
/// [`Emitter::finish`]).
#[derive(Debug)]
pub(crate) enum Emitter {
    Text(RenderOptions),
    Json,
    Sarif(Sarif),
}

impl Emitter {
    pub fn new(format: DiagnosticsFormat, color: ColorChoice) -> Self {
        match format {
            DiagnosticsFormat::Text => Emitter::Text(RenderOptions {
                color: color == ColorChoice::Always,
            }),
            DiagnosticsFormat::Json => Emitter::Json,
            DiagnosticsFormat::Sarif => Emitter::Sarif(Sarif::default()),
        }
    }

    /// Writes `d` (and its notes) to `out`.
    pub fn emit(&mut self, ctx: &Context, d: &Diagnostic, out: &mut String) {
        match self {
            Emitter::Text(options) => ctx.render_diagnostic_with(d, out, *options),
            Emitter::Json => out.push_str(&json_line(ctx, d)),
            Emitter::Sarif(sarif) => sarif.add(ctx, d),
        }
    }

    /// A failure before any input was read (the input cannot be opened): `message`
    /// as the chosen format writes a diagnostic without a location, followed by the
    /// end of the run.
    pub fn driver_failure(self, message: &str) -> String {
        let ctx = Context::new();
        let d = Diagnostic::error(tensor_ir::Location::Unknown, message)
            .or_code(tensor_ir::diag::codes::DRIVER_ERROR);
        let mut out = String::new();
        match self {
            // Upstream's layout: the message stands alone.
            Emitter::Text(_) => {
                out.push_str("error: ");
                out.push_str(message);
                out.push('\n');
            }
            mut machine => {
                machine.emit(&ctx, &d, &mut out);
                machine.finish(&mut out, 1);
            }
        }
        out
    }

    /// Ends the run: the SARIF document, with the run's exit code.
    pub fn finish(self, out: &mut String, exit_code: i32) {
        if let Emitter::Sarif(sarif) = self {
            out.push_str(&sarif.finish(exit_code));
        }
    }
}

/// `--max-remarks` over a whole run (all its chunks): how many remarks were
/// shown, and how many were not, by the driver or by a pass that did not build
/// them ([`tensor_ir::diag::limit`]).
#[derive(Debug)]
pub(crate) struct RemarkLimit {
    limit: Option<usize>,
    shown: usize,
    withheld: usize,
}

impl RemarkLimit {
    /// `max_remarks` as the option gives it (0: all; `None`: the default).
    pub fn new(max_remarks: Option<usize>) -> Self {
        let limit = match max_remarks.unwrap_or(crate::DEFAULT_MAX_REMARKS) {
            0 => None,
            n => Some(n),
        };
        RemarkLimit {
            limit,
            shown: 0,
            withheld: 0,
        }
    }

    /// How many more remarks the run shows (`None`: all).
    fn remaining(&self) -> Option<usize> {
        self.limit.map(|l| l.saturating_sub(self.shown))
    }

    /// Counts a remark about to be shown; false (and counted as withheld) past the
    /// limit.
    fn admit(&mut self) -> bool {
        if self.remaining() == Some(0) {
            self.withheld = self.withheld.saturating_add(1);
            return false;
        }
        self.shown += 1;
        true
    }

    /// The run's closing line about the remarks not shown, if any.
    pub fn finish(&self, emitter: &mut Emitter, out: &mut String) {
        let (Some(limit), n) = (self.limit, self.withheld) else {
            return;
        };
        if n == 0 {
            return;
        }
        let plural = if n == 1 { "" } else { "s" };
        let message = format!(
            "{n} more remark{plural} not shown (--max-remarks={limit}; --max-remarks=0 shows all)"
        );
        match emitter {
            // Upstream's layout for a diagnostic without a location.
            Emitter::Text(_) => {
                out.push_str("note: ");
                out.push_str(&message);
                out.push('\n');
            }
            machine => {
                let d = Diagnostic {
                    severity: Severity::Note,
                    ..Diagnostic::error(tensor_ir::Location::Unknown, message)
                };
                machine.emit(&Context::new(), &d, out);
            }
        }
    }
}

/// What a [`ChunkOutput`] does with the diagnostics reported to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Keep {
    /// Writes each one out when it is reported and keeps none: a run's stderr
    /// streams, so memory does not grow with the diagnostics' text.
    Stream,
    /// Keeps them without the `see current operation:` notes, for
    /// `--verify-diagnostics` (which compares them at the end of the chunk, and runs
    /// without those notes as upstream does).
    Expected,
    /// Keeps them whole and writes nothing (the editor server's [`super::check_module`]).
    All,
}

/// Standard error of one chunk: diagnostics in the order they were reported and
/// IR dumps between them, written through to the run's stderr as they come.
pub(crate) struct ChunkOutput<'a> {
    /// The diagnostics kept ([`Keep::Expected`], [`Keep::All`]).
    pub diags: Diagnostics,
    /// True once an error was reported (kept or not).
    errors: bool,
    keep: Keep,
    stderr: &'a mut dyn Write,
    emitter: &'a mut Emitter,
    remarks: &'a mut RemarkLimit,
    /// One diagnostic's text, reused.
    scratch: String,
}

impl<'a> ChunkOutput<'a> {
    pub fn new(
        stderr: &'a mut dyn Write,
        emitter: &'a mut Emitter,
        remarks: &'a mut RemarkLimit,
        keep: Keep,
    ) -> Self {
        ChunkOutput {
            diags: Diagnostics::default(),
            errors: false,
            keep,
            stderr,
            emitter,
            remarks,
            scratch: String::new(),
        }
    }

    /// True if an error was reported in this chunk.
    pub fn has_errors(&self) -> bool {
        self.errors
    }

    /// Reports `d`: written now or kept (see [`Keep`]).
    pub fn report(&mut self, ctx: &Context, mut d: Diagnostic) {
        self.errors |= d.severity == Severity::Error;
        match self.keep {
            Keep::Stream if d.severity == Severity::Remark && !self.remarks.admit() => {}
            Keep::Stream => self.emit(ctx, &d),
            Keep::Expected => {
                d.notes.retain(|n| !is_op_note(n));
                self.diags.push(d);
            }
            Keep::All => self.diags.push(d),
        }
    }

    /// How many more remarks this run shows, for a pass to build no more
    /// ([`tensor_ir::diag::limit`]); `None` when all are kept.
    pub fn remark_budget(&self) -> Option<usize> {
        match self.keep {
            Keep::Stream => self.remarks.remaining(),
            Keep::Expected | Keep::All => None,
        }
    }

    /// Counts `count` remarks a pass did not build, past the budget.
    pub fn withhold_remarks(&mut self, count: usize) {
        self.remarks.withheld = self.remarks.withheld.saturating_add(count);
    }

    /// Reports each of `diags` in order.
    pub fn extend(&mut self, ctx: &Context, diags: Diagnostics) {
        for d in diags {
            self.report(ctx, d);
        }
    }

    /// Writes `d` now, whatever is kept.
    pub fn emit(&mut self, ctx: &Context, d: &Diagnostic) {
        self.scratch.clear();
        self.emitter.emit(ctx, d, &mut self.scratch);
        self.write("");
    }

    /// Writes `text` after the diagnostics reported so far.
    pub fn append(&mut self, text: &str) {
        self.scratch.clear();
        self.write(text);
    }

    /// Writes an IR dump after the diagnostics reported so far.
    pub fn dump(&mut self, ctx: &Context, module: &Module, header: &str, print: PrintOptions) {
        self.scratch.clear();
        self.scratch.push_str(header);
        print_module(ctx, module, print, &mut self.scratch);
        self.scratch.push_str("\n\n");
        self.write("");
    }

    /// Writes the scratch text then `text`. A failing stderr is ignored: there is
    /// nowhere left to report it, and the exit code still tells.
    fn write(&mut self, text: &str) {
        let _ = self.stderr.write_all(self.scratch.as_bytes());
        let _ = self.stderr.write_all(text.as_bytes());
        // A very large diagnostic (a failing module's note) is not kept for reuse.
        if self.scratch.capacity() > SCRATCH_KEPT {
            self.scratch = String::new();
        }
    }
}

/// The largest scratch buffer [`ChunkOutput`] keeps between diagnostics.
const SCRATCH_KEPT: usize = 1 << 20;

/// True for upstream's `see current operation:` note, which `--verify-diagnostics`
/// (upstream's `printOpOnDiagnostic` off) and the editor server leave out.
pub(crate) fn is_op_note(n: &Diagnostic) -> bool {
    n.message.starts_with("see current operation: ")
}
