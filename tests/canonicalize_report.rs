//! A pattern that reports an error through `Builder::report` makes `--canonicalize`
//! fail: exit code 1, the error at the op's location, nothing printed. A warning
//! does not fail the run. Shown with a pattern of this test's own, attached to
//! `test.broadcastable` by a pass that then runs tensor-opt's `--canonicalize`, and
//! with the `nd` dialect's own (constant shapes that never broadcast).

use tensor_ir::builder::Builder;
use tensor_ir::module::{EditError, OpId};
use tensor_ir::pass::{Pass, PassOutcome};
use tensor_ir::rewrite::{Canonicalization, PatternSet, RewritePattern};
use tensor_ir::{Context, Diagnostic, Diagnostics, Module};
use tensor_opt::driver::{default_registry, parse_args_with, run_with};

/// Reports an error at every `test.broadcastable` with a `wrong` attribute and a
/// warning at every one with `odd`; never changes the IR.
struct ReportWrong;

impl RewritePattern for ReportWrong {
    fn root(&self) -> Option<&'static str> {
        Some("test.broadcastable")
    }

    fn name(&self) -> &'static str {
        "ReportWrong"
    }

    fn match_and_rewrite(&self, op: OpId, rw: &mut Builder<'_>) -> Result<bool, EditError> {
        let at = rw.module.op(op).location();
        for (flag, error) in [("wrong", true), ("odd", false)] {
            if rw
                .ctx
                .lookup_sym(flag)
                .is_some_and(|s| rw.module.get_attr(op, s).is_some())
            {
                let message = format!("'test.broadcastable' op is {flag}");
                rw.report(if error {
                    Diagnostic::error(at, message)
                } else {
                    Diagnostic::warning(at, message)
                });
            }
        }
        Ok(false)
    }
}

/// `--canonicalize` with [`ReportWrong`] attached to `test.broadcastable`.
#[derive(Default)]
struct CanonicalizeReporting;

impl Pass for CanonicalizeReporting {
    fn argument(&self) -> &'static str {
        "canonicalize-reporting"
    }

    fn name(&self) -> &'static str {
        "CanonicalizeReporting"
    }

    fn description(&self) -> &'static str {
        "--canonicalize with a pattern that reports"
    }

    fn run(&mut self, ctx: &mut Context, module: &mut Module) -> Result<PassOutcome, Diagnostics> {
        ctx.attach_interface(
            "test.broadcastable",
            Canonicalization(|set: &mut PatternSet| {
                set.add(ReportWrong);
            }),
        )
        .expect("test.broadcastable is registered");
        tensor_transforms::canonicalize::Canonicalize.run(ctx, module)
    }
}

fn run(flags: &[&str], input: &str) -> tensor_opt::driver::Outcome {
    let mut registry = default_registry().expect("tensor-opt's passes register");
    registry
        .register::<CanonicalizeReporting>()
        .expect("a new name");
    let args = std::iter::once("tensor-opt")
        .chain(flags.iter().copied())
        .map(str::to_owned)
        .collect();
    let options = parse_args_with(&registry, args).expect("valid flags");
    run_with(&registry, &options, "in.mlir", input)
}

const INPUT: &str = r#"func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c = nd.constant dense<1.0> : tensor<4xf32>
  %0 = "test.broadcastable"(%a) {odd} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "test.broadcastable"(%0) {wrong} : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
"#;

#[test]
fn an_error_a_pattern_reports_fails_the_run_at_its_location() {
    let outcome = run(&["--canonicalize-reporting"], INPUT);
    assert_eq!(outcome.code, 1, "{}", outcome.diagnostics);
    assert!(outcome.output.is_empty(), "{}", outcome.output);
    let stderr = &outcome.diagnostics;
    // Both diagnostics, each once, in order, at their ops.
    let warning = stderr
        .find("in.mlir:3:8: warning: 'test.broadcastable' op is odd")
        .expect(stderr);
    let error = stderr
        .find("in.mlir:4:8: error: 'test.broadcastable' op is wrong")
        .expect(stderr);
    assert!(warning < error, "{stderr}");
    assert_eq!(stderr.matches("op is wrong").count(), 1, "{stderr}");
    assert_eq!(stderr.matches("op is odd").count(), 1, "{stderr}");
}

#[test]
fn a_warning_alone_does_not_fail_the_run() {
    let input = INPUT.replace(" {wrong}", "");
    let outcome = run(&["--canonicalize-reporting"], &input);
    assert_eq!(outcome.code, 0, "{}", outcome.diagnostics);
    assert!(
        outcome
            .diagnostics
            .contains("in.mlir:3:8: warning: 'test.broadcastable' op is odd"),
        "{}",
        outcome.diagnostics
    );
    // The rest of the pass still ran: the unused constant is gone.
    assert!(
        !outcome.output.contains("nd.constant"),
        "{}",
        outcome.output
    );
    assert!(
        outcome.output.contains("test.broadcastable"),
        "{}",
        outcome.output
    );
}

#[test]
fn the_nd_patterns_fail_the_run_on_shapes_that_never_broadcast() {
    let input = r#"func.func @f() -> tensor<2xindex> {
  %a = nd.constant dense<[2, 3]> : tensor<2xindex>
  %b = nd.constant dense<4> : tensor<1xindex>
  %s = nd.broadcast_shapes %a, %b : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
  return %s : tensor<2xindex>
}
"#;
    let outcome = run(&["--canonicalize"], input);
    assert_eq!(outcome.code, 1, "{}", outcome.diagnostics);
    assert!(outcome.output.is_empty(), "{}", outcome.output);
    assert!(
        outcome.diagnostics.starts_with(
            "in.mlir:4:8: error: 'nd.broadcast_shapes' op shapes never broadcast (numpy): operand #0 [2, 3], operand #1 [4]: operand #0 dim 1 (size 3) vs operand #1 dim 0 (size 4) in result dim 1\n"
        ),
        "{}",
        outcome.diagnostics
    );
    // Without the pass, the program is valid: the error is the pass's.
    assert_eq!(run(&[], input).code, 0);
}
