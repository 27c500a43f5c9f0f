//! `--lower-broadcast`'s StableHLO verifies in StableHLO's own verifier
//! (`torch-mlir-opt`): the JAX corpus lowered, and every chunk of the
//! StableHLO/CHLO lowering goldens that lowers without an error. The checks'
//! `cf.assert` and `tensor.extract` are read by it as upstream ops.
//!
//! Skipped, with a note, when torch-mlir-opt is missing: `TORCH_MLIR_OPT`, else
//! `PATH`, else `.venv-rw/bin/` in the repository or a directory above it.

mod common;

use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The programs to lower: each JAX corpus file whole, and each chunk of the
/// lowering goldens on StableHLO and CHLO.
fn programs() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut add_dir = |dir: PathBuf, keep: &dyn Fn(&str) -> bool, split: bool| {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("a test directory")
            .map(|e| e.expect("a directory entry").path())
            .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(keep))
            .collect();
        files.sort();
        for f in files {
            let text = std::fs::read_to_string(&f).expect("a test file");
            let name = f
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or("?")
                .to_owned();
            if split {
                for (i, chunk) in text.split("\n// -----\n").enumerate() {
                    out.push((format!("{name} chunk {i}"), chunk.to_owned()));
                }
            } else {
                out.push((name, text));
            }
        }
    };
    add_dir(
        root().join("test/Dialect/stablehlo/jax"),
        &|n| n.ends_with(".mlir"),
        false,
    );
    add_dir(
        root().join("test/Transforms/lower-broadcast"),
        &|n| (n.starts_with("stablehlo-") || n.starts_with("chlo-")) && n.ends_with(".mlir"),
        true,
    );
    out
}

#[test]
fn lowered_stablehlo_verifies_in_torch_mlir_opt() {
    let Some(torch) = common::venv_tool("TORCH_MLIR_OPT", "torch-mlir-opt") else {
        eprintln!(
            "note: skipping: torch-mlir-opt not found (set TORCH_MLIR_OPT, put it on PATH, or \
             `pip install --no-deps torch-mlir` into .venv-rw)"
        );
        return;
    };
    let ours = env!("CARGO_BIN_EXE_tensor-opt");
    let (mut checked, mut failures) = (0, Vec::new());
    for (name, text) in programs() {
        let lowered = common::process::run(ours, &["--lower-broadcast", "-"], &text);
        let (code, out, _) = common::process::parts(&lowered);
        if code != 0 {
            // The error chunks: nothing to verify.
            continue;
        }
        checked += 1;
        let (code, _, err) = common::process::parts(&common::process::run(&torch, &["-"], &out));
        if code != 0 {
            failures.push(format!(
                "{name}: torch-mlir-opt rejects the lowered program:\n{err}\n{out}"
            ));
        }
    }
    eprintln!("{checked} lowered programs verified by torch-mlir-opt");
    assert!(checked >= 24, "only {checked} programs lowered");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
