//! A pass is added in one place: its definition and one registration line. This
//! test is the example `docs/passes.md` points to: it defines `CountOps`, registers
//! it next to tensor-opt's own passes, and shows that it gets a flag, a `--help`
//! line, a section of the generated docs and a `--mlir-timing` entry, and that it
//! runs in command-line order.

use tensor_ir::pass::{Pass, PassOutcome, PassRegistry};
use tensor_ir::{Context, Diagnostic, Diagnostics, Location, Module};
use tensor_opt::driver::{default_registry, parse_args_with, passes_doc, run_with};

/// Counts the operations of the module and reports the count as a remark.
#[derive(Default)]
struct CountOps;

impl Pass for CountOps {
    fn argument(&self) -> &'static str {
        "count-ops"
    }

    fn name(&self) -> &'static str {
        "CountOps"
    }

    fn description(&self) -> &'static str {
        "Report the number of operations as a remark"
    }

    fn run(&mut self, _: &mut Context, module: &mut Module) -> Result<PassOutcome, Diagnostics> {
        let n = module.top().map_or(0, |top| module.collect_ops(top).len());
        let mut remarks = Diagnostics::default();
        remarks.push(Diagnostic::remark(
            Location::Unknown,
            format!("{n} operations"),
        ));
        Ok(PassOutcome::unchanged()
            .with_diagnostics(remarks)
            .with_statistic("num-ops", "Operations counted", n as u64))
    }
}

/// tensor-opt's passes plus `CountOps`.
fn registry() -> PassRegistry {
    let mut registry = default_registry().expect("tensor-opt's passes register");
    registry
        .register::<CountOps>()
        .expect("count-ops is a new name"); // the one line
    registry
}

fn args(a: &[&str]) -> Vec<String> {
    a.iter().map(|s| s.to_string()).collect()
}

const INPUT: &str = "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = nd.exp %a : tensor<4xf32>
  %1 = nd.exp %a : tensor<4xf32>
  return %a : tensor<4xf32>
}
";

#[test]
fn the_pass_has_a_flag_and_a_help_line() {
    let help = parse_args_with(&registry(), args(&["tensor-opt", "-h"]))
        .expect_err("--help stops parsing")
        .to_string();
    assert!(
        help.contains("--count-ops")
            && help.contains("Report the number of operations as a remark"),
        "{help}"
    );
    // The flag parses, and tensor-opt without the pass does not know it.
    let options = parse_args_with(&registry(), args(&["tensor-opt", "-count-ops"])).unwrap();
    assert_eq!(options.passes.len(), 1);
    assert!(
        parse_args_with(
            &default_registry().unwrap(),
            args(&["tensor-opt", "--count-ops"])
        )
        .is_err()
    );
}

#[test]
fn the_pass_is_in_the_generated_docs() {
    let doc = passes_doc(&registry());
    assert!(
        doc.contains("| [`--count-ops`](#count-ops) | `CountOps` | Report the number of operations as a remark |"),
        "{doc}"
    );
    assert!(doc.contains("\n## count-ops\n"), "{doc}");
    assert!(!passes_doc(&default_registry().unwrap()).contains("count-ops"));
}

#[test]
fn the_pass_runs_in_command_line_order() {
    let registry = registry();
    let options = parse_args_with(
        &registry,
        args(&[
            "tensor-opt",
            "--count-ops",
            "--dce",
            "--count-ops",
            "--mlir-timing",
            "--mlir-print-ir-before-all",
        ]),
    )
    .unwrap();
    let outcome = run_with(&registry, &options, "in.mlir", INPUT);
    assert_eq!(outcome.code, 0, "{}", outcome.diagnostics);
    let stderr = &outcome.diagnostics;
    // Two exps, the return, the function and the module; DCE erases both exps.
    let first = stderr
        .find("<unknown>:0: remark: 5 operations")
        .expect(stderr);
    let dce = stderr.find("IR Dump Before DCE (dce)").expect(stderr);
    let second = stderr
        .find("<unknown>:0: remark: 3 operations")
        .expect(stderr);
    assert!(first < dce && dce < second, "{stderr}");
    assert!(
        stderr.contains("IR Dump Before CountOps (count-ops)"),
        "{stderr}"
    );
    assert!(stderr.contains("  CountOps\n"), "timing entry: {stderr}");
}

/// A pass that leaves IR that does not verify: it erases the function's return.
#[derive(Default)]
struct BreakIr;

impl Pass for BreakIr {
    fn argument(&self) -> &'static str {
        "break-ir"
    }

    fn name(&self) -> &'static str {
        "BreakIr"
    }

    fn description(&self) -> &'static str {
        "Erase every terminator"
    }

    fn run(&mut self, ctx: &mut Context, module: &mut Module) -> Result<PassOutcome, Diagnostics> {
        let ret = ctx.sym("func.return");
        let Some(top) = module.top() else {
            return Ok(PassOutcome::unchanged());
        };
        let returns: Vec<_> = module
            .collect_ops(top)
            .into_iter()
            .filter(|&op| module.op(op).name() == ret)
            .collect();
        for op in &returns {
            module.erase_op(*op).expect("returns have no results");
        }
        Ok(PassOutcome::changed(!returns.is_empty()))
    }
}

#[test]
fn a_pass_that_breaks_the_ir_is_named_after_the_verifier_errors() {
    let mut registry = default_registry().unwrap();
    registry.register::<BreakIr>().unwrap();
    let options = parse_args_with(
        &registry,
        args(&[
            "tensor-opt",
            "--break-ir",
            "--cse",
            "--mlir-print-ir-after-failure",
        ]),
    )
    .unwrap();
    let outcome = run_with(&registry, &options, "in.mlir", INPUT);
    assert_eq!(outcome.code, 1);
    assert!(outcome.output.is_empty());
    let stderr = &outcome.diagnostics;
    let verifier = stderr
        .find("in.mlir:3:8: error: block with no terminator, has %1 = ")
        .expect(stderr);
    let named = stderr
        .find("<unknown>:0: error: the IR does not verify after pass BreakIr (--break-ir); the errors above are the verifier's")
        .expect(stderr);
    // The failure dump comes last, in the generic form as the IR does not verify.
    let dump = stderr
        .find("// -----// IR Dump After BreakIr Failed (break-ir) //----- //\n\"builtin.module\"() ({")
        .expect(stderr);
    assert!(verifier < named && named < dump, "{stderr}");
    // CSE never ran.
    assert!(!stderr.contains("CSE"), "{stderr}");
}

/// [`BreakIr`], but it claims it changed nothing.
#[derive(Default)]
struct BreakIrQuietly(BreakIr);

impl Pass for BreakIrQuietly {
    fn argument(&self) -> &'static str {
        "break-ir-quietly"
    }

    fn name(&self) -> &'static str {
        "BreakIrQuietly"
    }

    fn description(&self) -> &'static str {
        "Erase every terminator, and report no change"
    }

    fn run(&mut self, ctx: &mut Context, module: &mut Module) -> Result<PassOutcome, Diagnostics> {
        self.0.run(ctx, module)?;
        Ok(PassOutcome::unchanged())
    }
}

#[test]
fn a_pass_that_breaks_the_ir_but_reports_no_change_is_caught() {
    let mut registry = default_registry().unwrap();
    registry.register::<BreakIrQuietly>().unwrap();
    let options = parse_args_with(&registry, args(&["tensor-opt", "--break-ir-quietly"])).unwrap();
    let outcome = run_with(&registry, &options, "in.mlir", INPUT);
    assert_eq!(outcome.code, 1);
    assert!(outcome.output.is_empty());
    assert!(
        outcome.diagnostics.contains(
            "error: the IR does not verify after pass BreakIrQuietly (--break-ir-quietly)"
        ),
        "{}",
        outcome.diagnostics
    );
}

/// A pass that fails without saying why.
#[derive(Default)]
struct FailSilently;

impl Pass for FailSilently {
    fn argument(&self) -> &'static str {
        "fail-silently"
    }

    fn name(&self) -> &'static str {
        "FailSilently"
    }

    fn description(&self) -> &'static str {
        "Fail"
    }

    fn run(&mut self, _: &mut Context, _: &mut Module) -> Result<PassOutcome, Diagnostics> {
        Err(Diagnostics::default())
    }
}

#[test]
fn a_pass_that_fails_silently_is_named() {
    let mut registry = default_registry().unwrap();
    registry.register::<FailSilently>().unwrap();
    let options = parse_args_with(
        &registry,
        args(&[
            "tensor-opt",
            "--fail-silently",
            "--mlir-print-ir-after-failure",
        ]),
    )
    .unwrap();
    let outcome = run_with(&registry, &options, "in.mlir", INPUT);
    assert_eq!(outcome.code, 1);
    // The IR verifies, so the dump is in the custom form.
    assert_eq!(
        outcome.diagnostics.lines().take(3).collect::<Vec<_>>(),
        [
            "<unknown>:0: error: pass FailSilently (--fail-silently) failed",
            "// -----// IR Dump After FailSilently Failed (fail-silently) //----- //",
            "module {",
        ]
    );
}
