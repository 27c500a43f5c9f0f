//! How the driver writes diagnostics on standard error: as text (mlir-opt's layout,
//! coloured on request), JSON Lines or SARIF ([`super::machine`]).

use super::machine::{Sarif, json_line};
use tensor_ir::diag::RenderOptions;
use tensor_ir::{Context, Diagnostic};

/// `--diagnostics-format`: how diagnostics are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DiagnosticsFormat {
    /// As mlir-opt prints them (the default).
    #[default]
    Text,
    /// One JSON object per line, for scripts.
    Json,
    /// One SARIF 2.1.0 document at the end of the run, for code-scanning tools.
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
