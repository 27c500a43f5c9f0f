//! Differential test of builtin types, attributes and locations against
//! upstream `mlir-opt` (issue 14).
//!
//! Each file of `tests/data/builtin-corpus/` (upstream-style IR written for
//! this repository) is printed by `mlir-opt --allow-unregistered-dialect`, in
//! generic and in custom form. tensor-opt must print byte-identically:
//!  1. mlir-opt's generic text, read back and printed generic (the round trip
//!     of upstream's output). mlir-opt is not quite idempotent (two affine
//!     maps built differently may print alike and then parse as one), so the
//!     expected text is mlir-opt's own reading of its output;
//!  2. the file itself, printed generic;
//!  3. the file itself, printed in custom form.
//!
//! The test is skipped, with a note, when `mlir-opt` is not installed
//! (`MLIR_OPT` overrides `/usr/lib/llvm-22/bin/mlir-opt`).

mod common;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Runs `tool` on `input` (fed on stdin); stdout on success, stderr otherwise.
fn run(tool: &Path, args: &[&str], input: &str) -> Result<String, String> {
    let mut child = Command::new(tool)
        .args(["--allow-unregistered-dialect"])
        .args(args)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", tool.display()));
    let mut stdin = child.stdin.take().expect("piped stdin");
    let text = input.to_owned();
    // Written from a thread so a large output cannot block the child.
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let out = child.wait_with_output().expect("waiting for the child");
    writer
        .join()
        .expect("writer thread")
        .expect("writing stdin");
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// The first differing line of two texts, for a readable failure.
fn first_difference(ours: &str, theirs: &str) -> String {
    let (a, b): (Vec<&str>, Vec<&str>) = (ours.lines().collect(), theirs.lines().collect());
    for i in 0..a.len().max(b.len()) {
        let (x, y) = (a.get(i), b.get(i));
        if x != y {
            return format!(
                "line {}:\n  tensor-opt: {}\n  mlir-opt:   {}",
                i + 1,
                x.unwrap_or(&"<end>"),
                y.unwrap_or(&"<end>")
            );
        }
    }
    "trailing whitespace".to_owned()
}

fn corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/builtin-corpus");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    files.sort();
    files
}

#[test]
fn builtin_corpus_prints_as_mlir_opt() {
    let Some(mlir_opt) = common::mlir_opt() else {
        eprintln!(
            "note: skipping the builtin differential test: mlir-opt (LLVM 22) not found; install mlir-22-tools or set MLIR_OPT"
        );
        return;
    };
    let tensor_opt = PathBuf::from(env!("CARGO_BIN_EXE_tensor-opt"));
    let files = corpus();
    assert!(files.len() >= 10, "the corpus is missing: {files:?}");
    let generic = ["--mlir-print-op-generic"];
    let mut failures = Vec::new();
    let mut ops = 0;
    for file in &files {
        let name = file
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let source = std::fs::read_to_string(file).expect("reading a corpus file");
        let theirs_generic = run(&mlir_opt, &generic, &source)
            .unwrap_or_else(|e| panic!("mlir-opt rejects corpus file {name}:\n{e}"));
        let theirs_custom = run(&mlir_opt, &[], &source)
            .unwrap_or_else(|e| panic!("mlir-opt rejects corpus file {name}:\n{e}"));
        ops += theirs_generic
            .lines()
            .filter(|l| l.starts_with("  \"") || l.starts_with("  %"))
            .count();
        let theirs_reread = run(&mlir_opt, &generic, &theirs_generic)
            .unwrap_or_else(|e| panic!("mlir-opt rejects its own output for {name}:\n{e}"));
        let checks = [
            (
                "mlir-opt's generic output, printed generic",
                &theirs_generic,
                &generic[..],
                &theirs_reread,
            ),
            (
                "the file, printed generic",
                &source,
                &generic[..],
                &theirs_generic,
            ),
            (
                "the file, printed in custom form",
                &source,
                &[][..],
                &theirs_custom,
            ),
        ];
        for (what, input, args, expected) in checks {
            match run(&tensor_opt, args, input) {
                Ok(ours) if ours == *expected => {}
                Ok(ours) => failures.push(format!(
                    "{name}: {what} differs at {}",
                    first_difference(&ours, expected)
                )),
                Err(e) => failures.push(format!("{name}: {what}: tensor-opt rejects it:\n{e}")),
            }
        }
    }
    eprintln!(
        "builtin differential: {} files, {ops} top-level ops, {} disagreements",
        files.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
