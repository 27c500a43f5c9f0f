//! Diagnostics stream (issue 24, item 7): a run's memory does not grow with the
//! text of its diagnostics. Nested failing modules are the worst case: each
//! module's `see current operation` note prints the whole module, every module
//! inside it included, so the text is quadratic in the nesting while the input is
//! linear. Held until the end, 250 levels of 200 ops took 7.5 GB; written as they
//! are found, 182 MB.
//!
//! The bound is an address-space limit on the child (`ulimit -v`), not a timing:
//! the run either fits or aborts on a failed allocation. At the size used here the
//! build before streaming needed more than 512 MiB of address space and aborted
//! under this limit.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_tensor-opt");

/// The address-space limit of the child, in KiB: the 256 MB.
const LIMIT_KIB: u32 = 256 * 1024;

/// `depth` nested modules, each failing (a block argument, which
/// `builtin.module` refuses) and holding `ops` functions of its own.
fn nested_failing_modules(depth: usize, ops: usize) -> String {
    let mut s = String::new();
    for d in 0..depth {
        let indent = "  ".repeat(d);
        s.push_str(&format!(
            "{indent}\"builtin.module\"() ({{\n{indent}^bb0(%x{d}: i32):\n"
        ));
        for i in 0..ops {
            s.push_str(&format!("{indent}  func.func private @f{i}()\n"));
        }
    }
    for d in (0..depth).rev() {
        s.push_str(&format!("{}}}) : () -> ()\n", "  ".repeat(d)));
    }
    s
}

/// What a bounded run wrote on stderr, read as it streams (not kept).
struct Streamed {
    code: Option<i32>,
    bytes: usize,
    errors: usize,
    last_line: String,
}

/// Runs `tensor-opt args... file` under the address-space limit, reading stderr
/// line by line.
fn run_bounded(args: &[&str], file: &std::path::Path) -> Streamed {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {LIMIT_KIB} && exec \"$0\" \"$@\""))
        .arg(BIN)
        .args(args)
        .arg(file)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let mut streamed = Streamed {
        code: None,
        bytes: 0,
        errors: 0,
        last_line: String::new(),
    };
    let mut reader = BufReader::new(child.stderr.take().expect("piped stderr"));
    let mut line = Vec::new();
    loop {
        line.clear();
        let n = reader.read_until(b'\n', &mut line).expect("stderr reads");
        if n == 0 {
            break;
        }
        streamed.bytes += n;
        let text = String::from_utf8_lossy(&line);
        if text.contains("error: 'builtin.module' op region should have no arguments")
            || text.contains("\"message\":\"'builtin.module' op region should have no arguments\"")
        {
            streamed.errors += 1;
        }
        if !text.starts_with(' ') && !text.starts_with('"') && !text.starts_with('}') {
            streamed.last_line = text.trim_end().to_string();
        }
    }
    streamed.code = child.wait().expect("child ends").code();
    streamed
}

fn input_file(name: &str, depth: usize, ops: usize) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!(
        "diagnostics-bounded-{name}-{}.mlir",
        std::process::id()
    ));
    std::fs::write(&path, nested_failing_modules(depth, ops)).expect("temp file");
    path
}

#[test]
fn nested_failing_modules_stream_under_256_mb() {
    let (depth, ops) = (60, 200);
    let path = input_file("text", depth, ops);
    let text = run_bounded(&[], &path);
    let json = run_bounded(&["--diagnostics-format=json"], &path);
    let _ = std::fs::remove_file(&path);
    // Every module is reported (exit 1, not an abort on a failed allocation), and
    // the notes really are large: more text than the limit would hold twice over
    // if it were kept.
    assert_eq!(text.code, Some(1), "last line: {}", text.last_line);
    assert_eq!(text.errors, depth);
    assert!(text.bytes > 60 << 20, "{} bytes", text.bytes);
    assert_eq!(json.code, Some(1), "last line: {}", json.last_line);
    assert_eq!(json.errors, depth);
}

#[test]
fn verify_diagnostics_on_nested_failing_modules_stays_bounded() {
    // The expectations are checked at the end of the chunk, so the diagnostics are
    // kept, without the `see current operation` notes (as upstream runs it).
    let (depth, ops) = (60, 200);
    let path = input_file("verify", depth, ops);
    let run = run_bounded(&["--verify-diagnostics"], &path);
    let _ = std::fs::remove_file(&path);
    // Nothing was expected: each error is reported as unexpected.
    assert_eq!(run.code, Some(1), "last line: {}", run.last_line);
    assert_eq!(run.errors, depth);
}
