//! The pass manager: runs the command line's passes in order on a chunk, verifies
//! the IR after each pass, and prints the IR around passes as
//! mlir-opt's `--mlir-print-ir-*` options do.

use super::timing::Timer;
use tensor_ir::pass::Pass;
use tensor_ir::print::{PrintOptions, print_module};
use tensor_ir::verify::verify_module;
use tensor_ir::{Context, Diagnostic, Diagnostics, Location, Module};

/// `--mlir-print-ir-*`: when to dump the IR, and how to print it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct IrPrinting {
    pub before_all: bool,
    pub after_all: bool,
    pub after_failure: bool,
    pub print: PrintOptions,
}

/// Standard error of one chunk: diagnostics in the order they were reported and
/// IR dumps between them. Without `--verify-diagnostics` the diagnostics are
/// rendered before each dump so the two interleave as upstream prints them.
pub(crate) struct ChunkOutput<'a> {
    pub diags: Diagnostics,
    rendered: usize,
    render: bool,
    stderr: &'a mut String,
}

impl<'a> ChunkOutput<'a> {
    pub fn new(stderr: &'a mut String, render: bool) -> Self {
        ChunkOutput {
            diags: Diagnostics::default(),
            rendered: 0,
            render,
            stderr,
        }
    }

    /// Renders the diagnostics not rendered yet (only when rendering as we go).
    pub fn flush(&mut self, ctx: &Context) {
        if !self.render {
            return;
        }
        for d in self.diags.iter().skip(self.rendered) {
            ctx.render_diagnostic(d, self.stderr);
        }
        self.rendered = self.diags.len();
    }

    /// Writes an IR dump after the diagnostics reported so far.
    fn dump(&mut self, ctx: &Context, module: &Module, header: &str, print: PrintOptions) {
        self.flush(ctx);
        self.stderr.push_str(header);
        print_module(ctx, module, print, self.stderr);
        self.stderr.push_str("\n\n");
    }

    /// The stream, for text outside the diagnostics.
    pub fn stderr(&mut self) -> &mut String {
        self.stderr
    }
}

/// Runs `passes` in order; stops at the first that fails. Returns false on failure
/// (its diagnostics are in `out`).
pub(crate) fn run_pipeline(
    ctx: &mut Context,
    module: &mut Module,
    passes: Vec<Box<dyn Pass>>,
    printing: IrPrinting,
    timer: &mut Timer,
    out: &mut ChunkOutput<'_>,
) -> bool {
    for mut pass in passes {
        let (name, argument) = (pass.name(), pass.argument());
        if printing.before_all {
            let header = format!("// -----// IR Dump Before {name} ({argument}) //----- //\n");
            out.dump(ctx, module, &header, printing.print);
        }
        let failed = match timer.time(name, || pass.run(ctx, module)) {
            Ok(outcome) => {
                let failed = outcome.diagnostics.has_errors();
                out.diags.extend(outcome.diagnostics);
                // As upstream, a pass that reports no change is trusted and the IR is
                // not verified again; debug builds (the tests) verify after every
                // pass, as upstream's EXPENSIVE_CHECKS do, so a pass that edits the IR
                // but reports no change is caught there.
                let verify = outcome.changed || cfg!(debug_assertions);
                failed || (verify && !verifies_after(ctx, module, name, argument, timer, out))
            }
            Err(diags) => {
                let reported = diags.has_errors();
                out.diags.extend(diags);
                if !reported {
                    out.diags.push(Diagnostic::error(
                        Location::Unknown,
                        format!("pass {name} (--{argument}) failed"),
                    ));
                }
                true
            }
        };
        if failed {
            if printing.after_all || printing.after_failure {
                // Upstream prints a failed pass's IR with default flags, in the generic
                // form when it does not verify.
                let generic = verify_module(ctx, module).has_errors();
                let header =
                    format!("// -----// IR Dump After {name} Failed ({argument}) //----- //\n");
                let print = PrintOptions {
                    generic,
                    debuginfo: false,
                };
                out.dump(ctx, module, &header, print);
            }
            return false;
        }
        if printing.after_all && !printing.after_failure {
            let header = format!("// -----// IR Dump After {name} ({argument}) //----- //\n");
            out.dump(ctx, module, &header, printing.print);
        }
    }
    true
}

/// Verifies the IR after a pass; on failure, reports the
/// verifier's errors and then which pass left the IR invalid.
fn verifies_after(
    ctx: &Context,
    module: &Module,
    name: &str,
    argument: &str,
    timer: &mut Timer,
    out: &mut ChunkOutput<'_>,
) -> bool {
    let diags = timer.time("Verifier", || verify_module(ctx, module));
    if !diags.has_errors() {
        return true;
    }
    out.diags.extend(diags);
    out.diags.push(Diagnostic::error(
        Location::Unknown,
        format!("the IR does not verify after pass {name} (--{argument}); the errors above are the verifier's"),
    ));
    false
}
