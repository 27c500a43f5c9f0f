//! Differential check against upstream `mlir-opt` (LLVM 22), which keeps the oracle
//! honest: random cases of the edit property are run, and every state of their
//! modules that text expresses faithfully goes through `mlir-opt`:
//!
//! - a module that verifies is accepted by `mlir-opt`, which prints our printed text
//!   back byte for byte;
//! - a module the verifier rejects is rejected by `mlir-opt`, with an error message
//!   among ours (upstream stops at its first error; ours reports every failing op).
//!   Only states whose printed text reads back to the same diagnostics are used: a
//!   value of another scope, or of an erased op, prints as a name that means
//!   something else in text.
//!
//! Skipped, with a note, when `mlir-opt` is missing (`MLIR_OPT` overrides
//! `/usr/lib/llvm-22/bin/mlir-opt`). `EDITS_UPSTREAM_CASES` sets the number of
//! cases (default 24); the cases are the same on every run.

use crate::{Harness, case, run, text};
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use tensor_ir::parse::parse_source;
use tensor_ir::verify::verify_module;

/// The verifier's messages, if the printed (generic) text of the module parses back
/// to a module with the same messages.
fn faithful(h: &mut Harness) -> Option<(String, Vec<String>)> {
    let messages = |h: &Harness, m| -> Vec<String> {
        verify_module(&h.ctx, m)
            .iter()
            .map(|d| d.message.clone())
            .collect()
    };
    let printed = text(&h.ctx, &h.m, true);
    let len = printed.len();
    let buf = h.ctx.add_source("state.mlir", printed.clone());
    let parsed = parse_source(&mut h.ctx, buf, 0..len).ok()?;
    let expected = messages(h, &h.m);
    (messages(h, &parsed) == expected).then_some((printed, expected))
}

fn mlir_opt(tool: &Path, file: &Path) -> Output {
    Command::new(tool)
        .args(["--allow-unregistered-dialect", "-split-input-file"])
        .arg(file)
        .output()
        .expect("mlir-opt runs")
}

pub fn compare() {
    let tool = std::env::var_os("MLIR_OPT").map_or_else(
        || PathBuf::from("/usr/lib/llvm-22/bin/mlir-opt"),
        PathBuf::from,
    );
    if !tool.exists() {
        eprintln!("skipped: {} not found (set MLIR_OPT)", tool.display());
        return;
    }
    let cases: usize = std::env::var("EDITS_UPSTREAM_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(24);
    let mut valid: Vec<String> = Vec::new();
    let mut invalid: Vec<(String, Vec<String>)> = Vec::new();
    let mut runner = TestRunner::deterministic();
    let strategy = case();
    for _ in 0..cases {
        let (g, edits) = strategy.new_tree(&mut runner).expect("a case").current();
        run(&g, &edits, &mut |h, ok| {
            if ok {
                valid.push(text(&h.ctx, &h.m, false));
            } else if let Some(state) = faithful(h) {
                invalid.push(state);
            }
        });
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));

    // Valid states: accepted, and printed back unchanged.
    let file = dir.join("edits-valid.mlir");
    std::fs::write(&file, valid.join("// -----\n")).expect("write");
    let out = mlir_opt(&tool, &file);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "mlir-opt rejects valid modules:\n{stderr}"
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    // mlir-opt ends each chunk's output with an empty line.
    let printed: Vec<&str> = stdout.split("// -----\n").collect();
    assert_eq!(printed.len(), valid.len(), "one output per module");
    for (ours, theirs) in valid.iter().zip(&printed) {
        if theirs.strip_suffix('\n') != Some(ours) {
            let line = ours.lines().zip(theirs.lines()).position(|(a, b)| a != b);
            panic!("mlir-opt prints our module differently (line {line:?}):\n{ours}\n{theirs}");
        }
    }

    // Rejected states: rejected upstream too, with a message we report.
    let mut text_all = String::new();
    let mut first_lines = Vec::new();
    for (i, (t, _)) in invalid.iter().enumerate() {
        if i > 0 {
            text_all += "// -----\n";
        }
        first_lines.push(text_all.lines().count() + 1);
        text_all += t;
    }
    let file = dir.join("edits-invalid.mlir");
    std::fs::write(&file, &text_all).expect("write");
    let out = mlir_opt(&tool, &file);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let mut first_error: Vec<Option<String>> = vec![None; invalid.len()];
    let prefix = format!("{}:", file.display());
    for line in stderr.lines() {
        let Some(rest) = line.strip_prefix(&prefix) else {
            continue;
        };
        let mut parts = rest.splitn(3, ':');
        let (Some(l), Some(_), Some(msg)) = (parts.next(), parts.next(), parts.next()) else {
            continue;
        };
        let (Ok(l), Some(msg)) = (l.parse::<usize>(), msg.strip_prefix(" error: ")) else {
            continue;
        };
        let chunk = first_lines.partition_point(|&f| f <= l) - 1;
        first_error[chunk].get_or_insert_with(|| msg.to_owned());
    }
    for ((t, ours), theirs) in invalid.iter().zip(&first_error) {
        let theirs = theirs.as_ref().unwrap_or_else(|| {
            panic!("mlir-opt accepts a module our verifier rejects ({ours:?}):\n{t}")
        });
        assert!(
            ours.contains(theirs),
            "mlir-opt says {theirs:?}, we say {ours:?}:\n{t}"
        );
    }
    eprintln!(
        "{cases} cases: {} valid states printed identically, {} rejected states rejected alike",
        valid.len(),
        invalid.len()
    );
}
