//! `--convert-nd-to-upstream` output checked by upstream MLIR itself: every
//! program in `examples/` and every chunk of the golden inputs of
//! `test/Transforms/convert-nd-to-upstream/` and `test/Transforms/lower-broadcast/`
//! is lowered, exported and given to `mlir-opt --verify-each` (LLVM 22), which must
//! accept it. A chunk that tensor-opt refuses to export must be refused for a
//! documented reason (test ops other than upstream's `test.broadcastable`, what
//! rank specialisation cannot dispatch), at its op. Unranked chunks export with
//! `scf.index_switch`es.
//!
//! The round trip (`--convert-upstream-to-nd` after the export) is checked on the
//! examples' static functions: it gives back the lowered program, which
//! `tensor-run` runs to the original's results.
//!
//! The `mlir-opt` tests are skipped, with a note, when `mlir-opt` is not installed (`MLIR_OPT` overrides
//! `/usr/lib/llvm-22/bin/mlir-opt`); CI installs it.

use std::path::{Path, PathBuf};
mod common;

fn run(cmd: &Path, args: &[&str], input: &str) -> (i32, String, String) {
    common::process::parts(&common::process::run(cmd, args, input))
}

/// Exports `text` (lowered first) and returns the upstream text, or tensor-opt's
/// errors.
fn export(text: &str) -> Result<String, String> {
    let tensor_opt = PathBuf::from(env!("CARGO_BIN_EXE_tensor-opt"));
    let (code, out, err) = run(
        &tensor_opt,
        &["-", "--lower-broadcast", "--convert-nd-to-upstream"],
        text,
    );
    if code == 0 { Ok(out) } else { Err(err) }
}

/// Why an export may be refused: the documented limits.
const ACCEPTED_REFUSALS: &[&str] = &[
    "the others have no semantics to export",
    // Rank specialisation dispatches on one rank (docs/export.md).
    "more than one unranked operand",
    "more than one shape of unknown length",
    // Not yet exported: nd's structural ops, nd.reduce's init value (docs/export.md).
    "cannot be exported yet",
];

fn check(mlir_opt: &Path, name: &str, text: &str) -> bool {
    match export(text) {
        Ok(up) => {
            let (code, _, err) = run(mlir_opt, &["--verify-each", "-o", "/dev/null"], &up);
            assert_eq!(
                code, 0,
                "mlir-opt rejects the export of {name}:\n{err}\n{up}"
            );
            true
        }
        Err(err) => {
            let documented = err.lines().filter(|l| l.contains("error:")).all(|l| {
                ACCEPTED_REFUSALS.iter().any(|r| l.contains(r))
                    || l.contains("broadcast-compatible")
                    || l.contains("not broadcast compatible")
                    // What --lower-broadcast cannot lower (unranked placements).
                    || (text.contains("tensor<*") && l.contains("broadcasts implicitly"))
            });
            assert!(
                documented,
                "{name} was not exported for an undocumented reason:\n{err}"
            );
            false
        }
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn examples_export_and_mlir_opt_verifies_them() {
    let Some(mlir_opt) = common::mlir_opt() else {
        eprintln!(
            "note: skipping: mlir-opt (LLVM 22) not found; install mlir-22-tools or set MLIR_OPT"
        );
        return;
    };
    let mut exported = Vec::new();
    let mut refused = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(root().join("examples"))
        .expect("examples/ exists")
        .map(|e| e.expect("readable").path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    files.sort();
    for path in files {
        let name = path
            .file_name()
            .expect("a file")
            .to_string_lossy()
            .into_owned();
        let text = std::fs::read_to_string(&path).expect("readable");
        if check(&mlir_opt, &name, &text) {
            exported.push(name);
        } else {
            refused.push(name);
        }
    }
    // The examples with nd programs export, refine.mlir's `*` results included,
    // and broadcast.mlir, whose upstream test.broadcastable stays as it is (and
    // mlir-opt verifies it with upstream's trait); broadcast_errors.mlir (invalid
    // on purpose) cannot.
    assert_eq!(
        exported,
        [
            "attention.mlir",
            "broadcast.mlir",
            "layer_norm.mlir",
            "outer_product.mlir",
            "refine.mlir",
            "softmax.mlir"
        ]
    );
    assert_eq!(refused, ["broadcast_errors.mlir"]);
}

#[test]
fn golden_inputs_export_and_mlir_opt_verifies_them() {
    let Some(mlir_opt) = common::mlir_opt() else {
        eprintln!(
            "note: skipping: mlir-opt (LLVM 22) not found; install mlir-22-tools or set MLIR_OPT"
        );
        return;
    };
    let mut verified = 0;
    for (name, chunk) in common::driver::golden_chunks() {
        if check(&mlir_opt, &name, &chunk) {
            verified += 1;
        }
    }
    eprintln!("{verified} golden chunks exported and verified by mlir-opt");
    // Every chunk exports but the unranked placements --lower-broadcast leaves
    // implicit: a drop means exports started failing.
    assert!(
        verified >= 110,
        "only {verified} golden chunks were exported and verified"
    );
}

/// The examples' static functions and their inputs (`examples/inputs/`).
const RUNS: &[(&str, &str, &[&str])] = &[
    ("softmax.mlir", "softmax", &["softmax_x"]),
    ("softmax.mlir", "softmax_xla", &["softmax_x"]),
    (
        "layer_norm.mlir",
        "layer_norm",
        &["ln_x", "ln_gamma", "ln_beta"],
    ),
    ("outer_product.mlir", "outer_numpy", &["col", "row"]),
    ("outer_product.mlir", "outer_xla", &["col", "row"]),
    ("outer_product.mlir", "outer_matmul", &["col", "row"]),
    (
        "attention.mlir",
        "attention",
        &["attn_q", "attn_k", "attn_v", "attn_mask"],
    ),
];

/// The text of `func.func @name` in `text` (it ends at a `}` in column 0).
fn function(text: &str, name: &str) -> String {
    let start = text
        .find(&format!("func.func @{name}("))
        .unwrap_or_else(|| panic!("no function @{name}"));
    let end = text[start..].find("\n}\n").expect("the function ends") + start + 3;
    text[start..end].to_owned()
}

/// `tensor-run` on `text`'s `entry` with the given inputs: its printed results.
fn tensor_run(text: &str, entry: &str, inputs: &[&str]) -> String {
    let tensor_run = PathBuf::from(env!("CARGO_BIN_EXE_tensor-run"));
    let mut args = vec!["-".to_owned(), "--entry".to_owned(), entry.to_owned()];
    for i in inputs {
        args.push("--arg".to_owned());
        args.push(
            root()
                .join("examples/inputs")
                .join(format!("{i}.npy"))
                .to_string_lossy()
                .into_owned(),
        );
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, out, err) = run(&tensor_run, &args, text);
    assert_eq!(code, 0, "tensor-run @{entry} fails:\n{err}\n{text}");
    out
}

/// Export then import gives back the lowered program, which `tensor-run` runs to
/// the same results as the original (no LLVM needed).
#[test]
fn round_trip_runs_to_the_same_results() {
    let tensor_opt = PathBuf::from(env!("CARGO_BIN_EXE_tensor-opt"));
    for &(file, entry, inputs) in RUNS {
        let text = std::fs::read_to_string(root().join("examples").join(file)).expect("readable");
        let original = function(&text, entry);
        let (code, lowered, err) = run(&tensor_opt, &["-", "--lower-broadcast"], &original);
        assert_eq!(code, 0, "{err}");
        let (code, back, err) = run(
            &tensor_opt,
            &[
                "-",
                "--lower-broadcast",
                "--convert-nd-to-upstream",
                "--convert-upstream-to-nd",
                "--verify-explicit-broadcast",
            ],
            &original,
        );
        assert_eq!(code, 0, "@{entry} does not round-trip:\n{err}");
        assert_eq!(
            back, lowered,
            "@{entry}: the round trip changed the program"
        );
        assert!(!back.contains("linalg."), "@{entry}: upstream ops left");
        let expected = tensor_run(&original, entry, inputs);
        assert!(expected.contains("dense<"), "@{entry}: no result printed");
        assert_eq!(tensor_run(&back, entry, inputs), expected, "@{entry}");
    }
}

/// The examples' dynamic functions, with literal arguments of sizes the `?`s take
/// at run time.
const DYNAMIC_RUNS: &[(&str, &str, &[&str])] = &[
    (
        "softmax.mlir",
        "softmax_dynamic",
        &["dense<[[1.0, 2.0, 3.0], [4.0, -1.0, 0.5]]> : tensor<2x3xf32>"],
    ),
    (
        "layer_norm.mlir",
        "layer_norm_dynamic",
        &[
            "dense<[[[1.0, 2.0, 4.0, 8.0]], [[0.5, -0.5, 1.5, 3.0]]]> : tensor<2x1x4xf32>",
            "dense<[1.0, 2.0, 0.5, 1.0]> : tensor<4xf32>",
            "dense<[0.0, 0.1, 0.2, 0.3]> : tensor<4xf32>",
        ],
    ),
    (
        "outer_product.mlir",
        "outer_batched_dynamic",
        &[
            "dense<[[[1.0], [2.0], [3.0]], [[4.0], [5.0], [6.0]]]> : tensor<2x3x1xf32>",
            "dense<[[[1.0, 10.0]], [[2.0, 20.0]]]> : tensor<2x1x2xf32>",
        ],
    ),
    (
        "attention.mlir",
        "attention_dynamic",
        &[
            "dense<0.5> : tensor<1x4x2x16xf32>",
            "dense<0.25> : tensor<1x4x16x3xf32>",
            "dense<2.0> : tensor<1x4x3x16xf32>",
            "dense<[[0.0, 1.0, -1.0]]> : tensor<1x3xf32>",
        ],
    ),
];

/// `tensor-run` on `text`'s `entry` with literal arguments: exit code, results
/// and errors.
fn tensor_run_literal(text: &str, entry: &str, args: &[&str]) -> (i32, String, String) {
    let tensor_run = PathBuf::from(env!("CARGO_BIN_EXE_tensor-run"));
    let mut all = vec!["-", "--entry", entry];
    for a in args {
        all.extend(["--arg", a]);
    }
    run(&tensor_run, &all, text)
}

/// The lowered program and its round trip, both printed with their locations.
fn lowered_and_back(text: &str) -> (String, String) {
    let tensor_opt = PathBuf::from(env!("CARGO_BIN_EXE_tensor-opt"));
    let (code, lowered, err) = run(
        &tensor_opt,
        &["-", "--lower-broadcast", "--mlir-print-debuginfo"],
        text,
    );
    assert_eq!(code, 0, "{err}");
    let (code, back, err) = run(
        &tensor_opt,
        &[
            "-",
            "--lower-broadcast",
            "--convert-nd-to-upstream",
            "--convert-upstream-to-nd",
            "--verify-explicit-broadcast",
            "--mlir-print-debuginfo",
        ],
        text,
    );
    assert_eq!(code, 0, "the round trip fails:\n{err}");
    (lowered, back)
}

/// examples/broadcast.mlir, upstream's test.broadcastable on static, `?` and `*`
/// shapes: it stays as it is through export and import, locations included.
#[test]
fn upstream_test_op_round_trips() {
    let text = std::fs::read_to_string(root().join("examples/broadcast.mlir")).expect("readable");
    let (lowered, back) = lowered_and_back(&text);
    assert!(lowered.contains("\"test.broadcastable\""), "{lowered}");
    assert_eq!(back, lowered);
}

/// Dynamic shapes: export then import gives back the lowered program, run-time
/// checks included, which `tensor-run` runs to the original's results.
#[test]
fn dynamic_round_trip_runs_to_the_same_results() {
    for &(file, entry, args) in DYNAMIC_RUNS {
        let text = std::fs::read_to_string(root().join("examples").join(file)).expect("readable");
        let original = function(&text, entry);
        let (lowered, back) = lowered_and_back(&original);
        assert_eq!(
            back, lowered,
            "@{entry}: the round trip changed the program"
        );
        assert!(
            !back.contains("linalg.") && !back.contains("cf.assert"),
            "@{entry}: upstream ops left"
        );
        // The shape analysis proves softmax's broadcasts (each reduction keeps
        // its operand's dim 0): it has no check; the others keep theirs.
        assert_eq!(
            back.contains("nd.broadcast_shapes"),
            entry != "softmax_dynamic",
            "@{entry}: run-time checks"
        );
        let (code, expected, err) = tensor_run_literal(&original, entry, args);
        assert_eq!(code, 0, "@{entry}: {err}");
        assert!(expected.contains("dense<"), "@{entry}: no result printed");
        let (code, got, err) = tensor_run_literal(&back, entry, args);
        assert_eq!(code, 0, "@{entry} after the round trip: {err}");
        assert_eq!(got, expected, "@{entry}");
    }
}

/// A run-time check that fails: the lowered program and its round trip report the
/// same error, at the same location.
#[test]
fn dynamic_round_trip_fails_the_same_check() {
    let text =
        std::fs::read_to_string(root().join("examples/outer_product.mlir")).expect("readable");
    let original = function(&text, "outer_batched_dynamic");
    let (lowered, back) = lowered_and_back(&original);
    // Batch 2 against batch 3: neither is 1.
    let args = [
        "dense<1.0> : tensor<2x3x1xf32>",
        "dense<2.0> : tensor<3x1x4xf32>",
    ];
    let (code, _, before) = tensor_run_literal(&lowered, "outer_batched_dynamic", &args);
    assert_ne!(code, 0, "the mismatch is not caught");
    assert!(
        before.contains("'nd.broadcast_shapes' op shapes do not broadcast at run time")
            && before.contains("operand #0 dim 0 has size 2 but operand #1 dim 0 has size 3"),
        "{before}"
    );
    let (code, _, after) = tensor_run_literal(&back, "outer_batched_dynamic", &args);
    assert_ne!(code, 0);
    assert_eq!(after, before);
}
