//! The bridge against `tensor-opt --verify-broadcast` and `mlir-opt` on the
//! same `test.broadcastable` inputs: same messages, notes and locations.

use std::path::{Path, PathBuf};
use std::process::Command;

use tensor_melior_bridge::{Config, Semantics, verify_broadcasts};

use crate::common::{context, input, parse, render};

/// The bridge's diagnostics for `tests/inputs/<name>`, rendered.
fn bridge(name: &str, config: &Config) -> String {
    let context = context();
    let module = parse(&context, name, &input(name));
    render(&verify_broadcasts(&module, config))
}

/// The `file:line:col: severity: message` lines a tool printed (not the
/// source lines and carets).
fn diagnostic_lines(stderr: &[u8], name: &str) -> String {
    String::from_utf8_lossy(stderr)
        .lines()
        .filter(|l| l.starts_with(&format!("{name}:")))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Runs `tool args... name` in `tests/inputs`, so locations name the file
/// as the bridge's do; its diagnostics.
fn run(tool: &Path, args: &[&str], name: &str) -> String {
    let out = Command::new(tool)
        .args(args)
        .arg(name)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/inputs"))
        .output()
        .unwrap_or_else(|e| panic!("{}: {e}", tool.display()));
    // tensor-opt adds a drawing of the aligned shapes to each broadcasting
    // diagnostic, a hint beyond upstream's words that the bridge does not draw
    // (yet): compare the rest.
    diagnostic_lines(&out.stderr, name)
        .lines()
        .filter(|l| !l.ends_with(": note: shapes aligned from the right:"))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// tensor-opt's binary: `TENSOR_OPT`, which scripts/test-bridge.sh sets.
fn tensor_opt() -> Option<PathBuf> {
    let path = PathBuf::from(std::env::var_os("TENSOR_OPT")?);
    path.exists().then_some(path)
}

const ERRORS: &str = "\
broadcast-errors.mlir:5:8: error: 'test.broadcastable' op operands don't have broadcast-compatible shapes
broadcast-errors.mlir:5:8: note: see current operation: %0 = \"test.broadcastable\"(%arg0, %arg1) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<*xf32>
broadcast-errors.mlir:5:8: note: operand #0 ('tensor<2x3xf32>') dim 1 has size 3 but operand #1 ('tensor<4xf32>') dim 0 has size 4: they meet in result dim 1 and neither is 1
broadcast-errors.mlir:7:8: error: 'test.broadcastable' op result type '5' not broadcast compatible with broadcasted operands's shapes '?'
broadcast-errors.mlir:7:8: note: see current operation: %2 = \"test.broadcastable\"(%arg2, %arg2) : (tensor<?xf32>, tensor<?xf32>) -> tensor<5xf32>
broadcast-errors.mlir:7:8: note: result dim 0 is 5 but the operands leave it dynamic ('?'): its size is only known at run time
broadcast-errors.mlir:8:8: error: 'test.broadcastable' op result type '3' not broadcast compatible with broadcasted operands's shapes '2x3'
broadcast-errors.mlir:8:8: note: see current operation: %3 = \"test.broadcastable\"(%arg0) : (tensor<2x3xf32>) -> tensor<3xf32>
broadcast-errors.mlir:8:8: note: the result has rank 1 but the operands broadcast to rank 2
broadcast-errors.mlir:9:8: error: 'test.broadcastable' op result type '2x3' not broadcast compatible with broadcasted operands's shapes '2x1'
broadcast-errors.mlir:9:8: note: see current operation: %4 = \"test.broadcastable\"(%arg3) : (tensor<2x1xf32>) -> tensor<2x3xf32>
broadcast-errors.mlir:9:8: note: result dim 1 is 3 but the operands broadcast it to 1 (broadcasting applies to operands, never to the result)
broadcast-errors.mlir:11:10: error: 'test.broadcastable' op operands don't have broadcast-compatible shapes
broadcast-errors.mlir:11:10: note: see current operation: %5 = \"test.broadcastable\"(%arg0, %arg3, %arg1) : (tensor<2x3xf32>, tensor<2x1xf32>, tensor<4xf32>) -> tensor<2x3xf32>
broadcast-errors.mlir:11:10: note: operand #0 ('tensor<2x3xf32>') dim 1 has size 3 but operand #2 ('tensor<4xf32>') dim 0 has size 4: they meet in result dim 1 and neither is 1
";

const OBLIGATIONS: &str = "\
broadcast-obligations.mlir:5:8: remark: operand #0 dim 0 (?), operand #1 dim 0 (?) and operand #2 dim 0 (?) must be 1 or equal at run time
broadcast-obligations.mlir:5:8: remark: operand #2 dim 1 (?) must be 1 or equal to 3 at run time
broadcast-obligations.mlir:6:8: remark: operand #0 dim 0 (?) and operand #1 dim 0 (?) must be 1 or equal at run time
";

/// Every failing op, in program order (also in a nested region), at its
/// location, with the notes `tensor-opt` gives.
#[test]
fn errors_of_test_broadcastable() {
    assert_eq!(bridge("broadcast-errors.mlir", &Config::default()), ERRORS);
}

/// Obligations are remarks, only when asked for; the valid module has no
/// error.
#[test]
fn obligations_of_test_broadcastable() {
    let config = Config::default().obligations(true);
    assert_eq!(bridge("broadcast-obligations.mlir", &config), OBLIGATIONS);
    assert_eq!(bridge("broadcast-obligations.mlir", &Config::default()), "");
}

/// Byte for byte what `tensor-opt --verify-broadcast` prints (source lines
/// and carets aside), but for the obligations tensor-opt's shape analysis
/// proves across ops.
#[test]
fn same_diagnostics_as_tensor_opt() {
    let Some(tool) = tensor_opt() else {
        eprintln!("skipped: TENSOR_OPT does not name tensor-opt (scripts/test-bridge.sh sets it)");
        return;
    };
    let name = "broadcast-errors.mlir";
    assert_eq!(run(&tool, &["--verify-broadcast"], name), ERRORS);
    assert_eq!(
        run(
            &tool,
            &["--verify-broadcast", "--broadcast-semantics=mlir"],
            name
        ),
        bridge(name, &Config::default().semantics(Semantics::Mlir))
    );
    // tensor-opt's shape analysis proves what the bridge, which verifies each
    // op by itself, reports: line 6 broadcasts `%a` with itself. Every other
    // remark is the same.
    // tensor-opt's remarks also name each `?` by what the analysis knows of it
    // (`%arg0[0]`, `bcast(...)`), which the bridge, with no analysis, leaves `?`:
    // compare modulo the names, and check that they are there.
    let name = "broadcast-obligations.mlir";
    let proved = "broadcast-obligations.mlir:6:8: remark: operand #0 dim 0 (?) and operand #1 dim 0 (?) must be 1 or equal at run time\n";
    assert!(OBLIGATIONS.contains(proved));
    let named = run(&tool, &["--verify-broadcast"], name);
    assert!(named.contains("(%arg"), "{named}");
    assert_eq!(unnamed(&named), OBLIGATIONS.replace(proved, ""));
}

/// `text` with the size named after each `dim N` (`dim 0 (%arg0[0])`) back to
/// `?`; declared sizes (`dim 0 (4)`) are kept.
fn unnamed(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(" dim ") {
        let (head, tail) = rest.split_at(at + " dim ".len());
        out.push_str(head);
        let digits = tail.len() - tail.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let (number, after) = tail.split_at(digits);
        out.push_str(number);
        rest = after;
        let Some(inner) = rest.strip_prefix(" (") else {
            continue;
        };
        // The name may nest parentheses (`bcast(a, b)`): find its closing one.
        let mut depth = 1usize;
        let Some(end) = inner.char_indices().find_map(|(i, c)| {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            (depth == 0).then_some(i)
        }) else {
            continue;
        };
        let size = &inner[..end];
        if size.parse::<i64>().is_ok() {
            out.push_str(&format!(" ({size})"));
        } else {
            out.push_str(" (?)");
        }
        rest = &inner[end + 1..];
    }
    out.push_str(rest);
    out
}

/// `mlir-opt`: `MLIR_OPT`, or Debian's.
fn mlir_opt() -> Option<PathBuf> {
    let path = std::env::var_os("MLIR_OPT").map_or_else(
        || PathBuf::from("/usr/lib/llvm-22/bin/mlir-opt"),
        PathBuf::from,
    );
    path.exists().then_some(path)
}

/// Under the `mlir` semantics, each chunk gets exactly upstream's verdict and
/// diagnostics (upstream's test dialect is in Debian's `mlir-opt`).
#[test]
fn same_diagnostics_as_mlir_opt_under_mlir_semantics() {
    let name = "upstream-errors.mlir";
    let text = input(name);
    let config = Config::default().semantics(Semantics::Mlir);
    let context = context();
    let mut ours = String::new();
    let mut line = 0;
    for chunk in text.split("// -----\n") {
        // Pad with the lines before the chunk, so locations are the file's.
        let padded = format!("{}{chunk}", "\n".repeat(line));
        line += chunk.lines().count() + 1;
        let module = parse(&context, name, &padded);
        ours.push_str(&render(&verify_broadcasts(&module, &config)));
    }
    // The first three ops fail; `?` and `?` to `5`, and the valid op, pass.
    let errors: Vec<&str> = ours
        .lines()
        .filter(|l| l.contains(": error: "))
        .map(|l| l.split(": ").next().unwrap_or(""))
        .collect();
    assert_eq!(
        errors,
        [
            "upstream-errors.mlir:6:8",
            "upstream-errors.mlir:13:8",
            "upstream-errors.mlir:20:8"
        ],
        "{ours}"
    );
    let Some(tool) = mlir_opt() else {
        eprintln!("skipped: mlir-opt not found (install mlir-22-tools or set MLIR_OPT)");
        return;
    };
    assert_eq!(run(&tool, &["--split-input-file"], name), ours);
}
