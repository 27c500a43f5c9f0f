//! How the driver writes diagnostics on standard error: as text (mlir-opt's layout,
//! coloured on request).

use tensor_ir::diag::RenderOptions;
use tensor_ir::{Context, Diagnostic};

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

/// Writes each diagnostic as it is reported.
#[derive(Debug)]
pub(crate) struct Emitter {
    render: RenderOptions,
}

impl Emitter {
    pub fn new(color: ColorChoice) -> Self {
        Emitter {
            render: RenderOptions {
                color: color == ColorChoice::Always,
            },
        }
    }

    /// Writes `d` (and its notes) to `out`.
    pub fn emit(&mut self, ctx: &Context, d: &Diagnostic, out: &mut String) {
        ctx.render_diagnostic_with(d, out, self.render);
    }
}
