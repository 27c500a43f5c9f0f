//! Property test of the IR edit API: random modules, random sequences of edits
//! through the public API, and after every edit:
//!
//! - the edit did what the test's own model of the IR says (or was refused with
//!   the error the model predicts, leaving the IR unchanged, printed text included);
//! - structural invariants hold (use-lists, linked op lists, parent links);
//! - the verifier's diagnostics are exactly those an independent oracle computes
//!   from the model (dominance worked out naively, dangling definitions);
//! - verifying only what the edits since the module last verified may have
//!   invalidated (`Module::changes`, what the pass manager does after a pass) gives a
//!   verdict of the whole module's, with a subset of its diagnostics;
//!
//! and whenever the module verifies, printing, parsing and printing again is the
//! identity in both the pretty and the generic form, and the parsed module verifies.
//! A second test runs the states of such cases through upstream `mlir-opt`
//! (`upstream.rs`).
//!
//! Cases: `PROPTEST_CASES` (default 32). `EDITS_STATS=1` prints what was exercised:
//! edits by outcome, diagnostics by kind. Failures are kept in
//! `edits.proptest-regressions` and replayed first.

mod edits;
mod invariants;
mod model;
mod oracle;
mod random_module;
mod rules;
mod stats;
mod upstream;

use model::Model;
use proptest::strategy::Strategy;
use proptest::test_runner::{Config as ProptestConfig, FileFailurePersistence, TestRunner};
use tensor_ir::parse::parse_source;
use tensor_ir::print::{PrintOptions, print_module};
use tensor_ir::verify::{verify_changed, verify_module};
use tensor_ir::{Context, Module, Type};

/// The module under test, the model kept beside it, and the context of both.
pub struct Harness {
    pub ctx: Context,
    pub m: Module,
    pub model: Model,
    pub types: Vec<Type>,
    names: usize,
}

/// The printed module, in the pretty or the generic form.
fn text(ctx: &Context, m: &Module, generic: bool) -> String {
    let mut out = String::new();
    let options = PrintOptions {
        generic,
        ..PrintOptions::default()
    };
    print_module(ctx, m, options, &mut out);
    out
}

impl Harness {
    /// Checks model agreement, invariants and the verifier's verdict; returns
    /// whether the module verifies. From a module that verifies, change tracking
    /// restarts.
    fn check(&mut self, after: &str) -> bool {
        let ok = self.check_all(after);
        self.check_incremental(after);
        if ok {
            self.m.track_changes();
        }
        ok
    }

    /// Verifying the changes since the module last verified finds an error exactly
    /// when verifying the module does, and only errors that verifying the module
    /// reports.
    fn check_incremental(&self, after: &str) {
        let changes = self.m.changes();
        stats::count(if changes.is_global() {
            "incremental verification: global"
        } else {
            "incremental verification: by op"
        });
        let messages = |d: &tensor_ir::Diagnostics| -> Vec<String> {
            d.iter().map(|d| d.message.clone()).collect()
        };
        let full = messages(&verify_module(&self.ctx, &self.m));
        let part = messages(&verify_changed(&self.ctx, &self.m, changes));
        assert_eq!(
            full.is_empty(),
            part.is_empty(),
            "verifying the changes ({part:?}) and the module ({full:?}) disagree after {after}:\n{}",
            text(&self.ctx, &self.m, true)
        );
        let mut rest = full.iter();
        assert!(
            part.iter().all(|p| rest.any(|f| f == p)),
            "verifying the changes reports {part:?}, not a subsequence of the module's {full:?}"
        );
    }

    fn check_all(&self, after: &str) -> bool {
        self.model.compare(&self.ctx, &self.m);
        invariants::check(&self.m, self.model.values.keys().copied());
        let got: Vec<oracle::Expected> = verify_module(&self.ctx, &self.m)
            .iter()
            .map(|d| {
                let notes = d
                    .notes
                    .iter()
                    .map(|n| n.message.clone())
                    .filter(|n| !n.starts_with("see current operation:"))
                    .collect();
                (d.message.clone(), notes)
            })
            .collect();
        for (message, notes) in &got {
            stats::count(format!("diagnostic: {}", stats::kind(message, notes)));
        }
        stats::count(if got.is_empty() {
            "after an edit: verifies"
        } else {
            "after an edit: rejected"
        });
        let want = oracle::expected_diagnostics(&self.model);
        assert_eq!(
            got,
            want,
            "verifier (left) and oracle (right) disagree after {after}:\n{}",
            text(&self.ctx, &self.m, true)
        );
        got.is_empty()
    }

    /// Print, parse, print: the same text in both forms, and the parsed module verifies.
    fn round_trip(&mut self) {
        for generic in [false, true] {
            let first = text(&self.ctx, &self.m, generic);
            let len = first.len();
            let buf = self.ctx.add_source("printed.mlir", first.clone());
            let parsed = match parse_source(&mut self.ctx, buf, 0..len) {
                Ok(p) => p,
                Err(d) => panic!("printed module does not parse: {}\n{first}", d.message),
            };
            let diags = verify_module(&self.ctx, &parsed);
            assert!(
                diags.is_empty(),
                "re-parsed module does not verify: {:?}\n{first}",
                diags.iter().map(|d| &d.message).collect::<Vec<_>>()
            );
            let second = text(&self.ctx, &parsed, generic);
            assert_eq!(first, second, "print-parse-print (generic: {generic})");
        }
    }
}

/// Builds a case and applies its edits, checking everything after each step; `seen`
/// gets the harness after the build and after every edit, with whether it verifies.
fn run(
    g: &random_module::GenModule,
    edits: &[edits::Edit],
    seen: &mut dyn FnMut(&mut Harness, bool),
) {
    let mut h = Harness::build(g);
    let ok = h.check("building");
    assert!(ok, "a generated module verifies");
    seen(&mut h, ok);
    for e in edits {
        let before = text(&h.ctx, &h.m, true);
        let Some((what, refused)) = h.apply(e) else {
            stats::count("edit skipped (no target)");
            continue;
        };
        if refused {
            assert_eq!(
                before,
                text(&h.ctx, &h.m, true),
                "refused edit changed the IR: {what}"
            );
        }
        let ok = h.check(&what);
        seen(&mut h, ok);
    }
}

/// The case strategy: a module and a sequence of edits.
fn case() -> impl Strategy<Value = (random_module::GenModule, Vec<edits::Edit>)> {
    (
        random_module::gen_module(),
        proptest::collection::vec(edits::gen_edit(), 1..16),
    )
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(32)
}

#[test]
fn random_edits_keep_the_ir_consistent() {
    let config = ProptestConfig {
        cases: cases(),
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/edits/edits.proptest-regressions",
        ))),
        ..ProptestConfig::default()
    };
    let mut runner = TestRunner::new(config);
    let result = runner.run(&case(), |(g, edits)| {
        run(&g, &edits, &mut |h, ok| {
            if ok {
                stats::count("round trip of a module that verifies");
                h.round_trip();
            }
        });
        Ok(())
    });
    // EDITS_STATS=1 shows what the cases exercised.
    if std::env::var_os("EDITS_STATS").is_some() {
        stats::print();
    }
    if let Err(e) = result {
        panic!("{e}\n{runner}");
    }
}

/// The verifier and printer agree with upstream `mlir-opt` on edited modules (see
/// `upstream.rs`); skipped when `mlir-opt` is not installed.
#[test]
fn edited_modules_agree_with_mlir_opt() {
    upstream::compare();
}
