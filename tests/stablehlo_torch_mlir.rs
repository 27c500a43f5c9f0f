//! The `stablehlo` dialect against StableHLO's own parser, printer and verifier
//! (`torch-mlir-opt`, from the `torch-mlir` wheel): every `.mlir` under
//! `test/Dialect/stablehlo/` (the goldens split on `// -----`, and the JAX
//! corpus of `scripts/jax-corpus.py` whole) prints byte for byte as
//! torch-mlir-opt prints it, in the pretty and the generic form, and
//! torch-mlir-opt's generic form reads back to the same program. Chunks with
//! `expected-error` are rejected by both.
//!
//! Locations: tensor-opt prints them inline where upstream uses `#loc`
//! aliases, so `--mlir-print-debuginfo` is compared after torch-mlir-opt has
//! read tensor-opt's output: JAX's name, callsite and argument locations, and
//! the ones a compact `stablehlo.reduce` gives its region, must all survive.
//!
//! Skipped, with a note, when torch-mlir-opt is missing: `TORCH_MLIR_OPT`, else
//! `PATH`, else `.venv-rw/bin/` in the repository or a directory above it.

use std::path::{Path, PathBuf};
mod common;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// torch-mlir-opt, if installed.
fn torch_mlir_opt() -> Option<PathBuf> {
    common::venv_tool("TORCH_MLIR_OPT", "torch-mlir-opt")
}

fn run(tool: &Path, args: &[&str], input: &str) -> (i32, String, String) {
    common::process::parts(&common::process::run(tool, args, input))
}

fn tensor_opt() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_tensor-opt"))
}

/// The `.mlir` files under `test/Dialect/stablehlo/`, sorted.
fn files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![root().join("test/Dialect/stablehlo")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).expect("reading test/Dialect/stablehlo") {
            let p = e.expect("a directory entry").path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "mlir") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// A file's chunks: split on `// -----` lines.
fn chunks(text: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    for line in text.lines() {
        if line.trim_end() == "// -----" {
            out.push(String::new());
        } else if let Some(last) = out.last_mut() {
            last.push_str(line);
            last.push('\n');
        }
    }
    out
}

/// Counts of what was compared.
#[derive(Default)]
struct Tally {
    files: usize,
    chunks: usize,
    identical: usize,
    rejected_by_both: usize,
    errors_identical: usize,
    locations: usize,
}

#[test]
fn stablehlo_prints_and_verifies_as_torch_mlir_opt() {
    let Some(torch) = torch_mlir_opt() else {
        eprintln!(
            "note: skipping: torch-mlir-opt not found (set TORCH_MLIR_OPT, put it on PATH, or \
             `pip install --no-deps torch-mlir` into .venv-rw)"
        );
        return;
    };
    let ours = tensor_opt();
    let mut t = Tally::default();
    let mut failures = Vec::new();
    for file in files() {
        let text = std::fs::read_to_string(&file).expect("reading a test file");
        let name = file
            .strip_prefix(root())
            .unwrap_or(&file)
            .display()
            .to_string();
        t.files += 1;
        for (i, chunk) in chunks(&text).iter().enumerate() {
            t.chunks += 1;
            let what = format!("{name} chunk {i}");
            if chunk.contains("expected-error") {
                let (a, _, _) = run(&ours, &["-"], chunk);
                let (b, _, _) = run(&torch, &["-"], chunk);
                if a != 0 && b != 0 {
                    t.rejected_by_both += 1;
                } else {
                    failures.push(format!(
                        "{what}: exit codes {a} (tensor-opt), {b} (torch-mlir-opt)"
                    ));
                }
                continue;
            }
            let (cb, _, eb) = run(&torch, &["-"], chunk);
            if cb != 0 {
                // Rejected without `expected-error` lines: the diagnostics as
                // rendered (notes, `called from` call stacks) are compared byte for
                // byte.
                let (ca, _, ea) = run(&ours, &["-"], chunk);
                if (ca, &ea) == (cb, &eb) {
                    t.errors_identical += 1;
                } else {
                    failures.push(format!(
                        "{what}: diagnostics differ (exit {ca} and {cb})\n--- tensor-opt\n{ea}\n--- torch-mlir-opt\n{eb}"
                    ));
                }
                continue;
            }
            let mut same = true;
            for flags in [&[][..], &["--mlir-print-op-generic"][..]] {
                let args: Vec<&str> = flags.iter().copied().chain(["-"]).collect();
                let (ca, a, ea) = run(&ours, &args, chunk);
                let (cb, b, eb) = run(&torch, &args, chunk);
                if (ca, &a) != (cb, &b) {
                    same = false;
                    failures.push(format!(
                        "{what} {flags:?}: tensor-opt (exit {ca}) and torch-mlir-opt (exit {cb}) differ\n\
                         --- tensor-opt\n{a}{ea}\n--- torch-mlir-opt\n{b}{eb}"
                    ));
                }
            }
            // The generic form as upstream writes it reads back to the same program.
            let (_, generic, _) = run(&torch, &["--mlir-print-op-generic", "-"], chunk);
            let (_, pretty, _) = run(&torch, &["-"], chunk);
            let (code, from_generic, err) = run(&ours, &["-"], &generic);
            if code != 0 || from_generic != pretty {
                same = false;
                failures.push(format!(
                    "{what}: torch-mlir-opt's generic form reads back differently (exit {code})\n{from_generic}{err}"
                ));
            }
            t.identical += usize::from(same);
            if chunk.contains("loc(") {
                for flags in [&[][..], &["--mlir-print-op-generic"][..]] {
                    let args: Vec<&str> = flags
                        .iter()
                        .copied()
                        .chain(["--mlir-print-debuginfo", "-"])
                        .collect();
                    let (_, ours_text, _) = run(&ours, &args, chunk);
                    let (_, via_ours, _) = run(&torch, &args, &ours_text);
                    let (_, direct, _) = run(&torch, &args, chunk);
                    if via_ours == direct {
                        t.locations += 1;
                    } else {
                        failures.push(format!(
                            "{what} {flags:?}: locations differ after tensor-opt\n--- via tensor-opt\n{via_ours}\n--- direct\n{direct}"
                        ));
                    }
                }
            }
        }
    }
    eprintln!(
        "stablehlo vs torch-mlir-opt: {} files, {} chunks, {} printed identically (pretty, generic, \
         and read from upstream's generic form), \
         {} rejected by both, {} rejected with identical diagnostics, {} location round trips",
        t.files, t.chunks, t.identical, t.rejected_by_both, t.errors_identical, t.locations
    );
    assert!(t.errors_identical > 0, "no diagnostics were compared");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(t.identical > 0, "no chunk was compared");
}
