//! The pass manager: runs the command line's passes in order on a chunk, verifies
//! the IR after each pass, and prints the IR around passes as
//! mlir-opt's `--mlir-print-ir-*` options do.

use super::emit::ChunkOutput;
use super::statistics::PassStatistics;
use super::timing::Timer;
use tensor_ir::diag::codes::{self, Phase};
use tensor_ir::pass::Pass;
use tensor_ir::print::PrintOptions;
use tensor_ir::verify::{verify_changed, verify_module};
use tensor_ir::{Context, Diagnostic, Location, Module};

/// `--mlir-print-ir-*`: when to dump the IR, and how to print it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct IrPrinting {
    pub before_all: bool,
    pub after_all: bool,
    pub after_failure: bool,
    pub print: PrintOptions,
}

/// Runs `passes` in order; stops at the first that fails. Returns false on failure
/// (its diagnostics are in `out`). `stats` gets one entry per pass of the pipeline,
/// with the counters of those that succeeded.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_pipeline(
    ctx: &mut Context,
    module: &mut Module,
    passes: Vec<Box<dyn Pass>>,
    printing: IrPrinting,
    timer: &mut Timer,
    out: &mut ChunkOutput<'_>,
    stats: &mut Vec<PassStatistics>,
) -> bool {
    // Every pass of the pipeline is listed, as upstream lists those that did not run.
    let first = stats.len();
    stats.extend(passes.iter().map(|p| PassStatistics {
        name: p.name(),
        statistics: Vec::new(),
    }));
    for (index, mut pass) in passes.into_iter().enumerate() {
        let (name, argument) = (pass.name(), pass.argument());
        if printing.before_all {
            let header = format!("// -----// IR Dump Before {name} ({argument}) //----- //\n");
            out.dump(ctx, module, &header, printing.print);
        }
        module.track_changes();
        tensor_ir::diag::limit::set_remark_budget(ctx, out.remark_budget());
        let result = timer.time(name, || pass.run(ctx, module));
        out.withhold_remarks(tensor_ir::diag::limit::withheld_remarks(ctx));
        let failed = match result {
            Ok(mut outcome) => {
                if let Some(entry) = stats.get_mut(first + index) {
                    entry.statistics = std::mem::take(&mut outcome.statistics);
                }
                let failed = outcome.diagnostics.has_errors();
                outcome
                    .diagnostics
                    .or_codes(|s| codes::fallback(Phase::Pass, s));
                out.extend(ctx, outcome.diagnostics);
                if !outcome.output.is_empty() {
                    out.append(&outcome.output);
                }
                // As upstream, a pass that reports no change is trusted and the IR is
                // not verified again; debug builds (the tests) verify after every
                // pass, as upstream's EXPENSIVE_CHECKS do, so a pass that edits the IR
                // but reports no change is caught there. Only the ops the pass's edits
                // may have invalidated are verified (`Module::changes`).
                let verify = outcome.changed || cfg!(debug_assertions);
                failed || (verify && !verifies_after(ctx, module, name, argument, timer, out))
            }
            Err(mut diags) => {
                let reported = diags.has_errors();
                diags.or_codes(|s| codes::fallback(Phase::Pass, s));
                out.extend(ctx, diags);
                if !reported {
                    out.report(
                        ctx,
                        Diagnostic::error(
                            Location::Unknown,
                            format!("pass {name} (--{argument}) failed"),
                        )
                        .with_code(codes::PASS_FAILED),
                    );
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
            module.stop_tracking_changes();
            return false;
        }
        if printing.after_all && !printing.after_failure {
            let header = format!("// -----// IR Dump After {name} ({argument}) //----- //\n");
            out.dump(ctx, module, &header, printing.print);
        }
    }
    module.stop_tracking_changes();
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
    let mut diags = timer.time("Verifier", || verify_changed(ctx, module, module.changes()));
    // The tests check the incremental verdict against the whole module's.
    #[cfg(debug_assertions)]
    {
        let full = verify_module(ctx, module);
        assert_eq!(
            full.has_errors(),
            diags.has_errors(),
            "verifying the ops pass {name} changed disagrees with verifying the module"
        );
        diags = full;
    }
    if !diags.has_errors() {
        return true;
    }
    diags.or_codes(|s| codes::fallback(Phase::Verify, s));
    out.extend(ctx, diags);
    out.report(ctx, Diagnostic::error(
        Location::Unknown,
        format!("the IR does not verify after pass {name} (--{argument}); the errors above are the verifier's"),
    ).with_code(codes::PASS_INVALID_IR));
    false
}
