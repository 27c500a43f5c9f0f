//! tensor-run's exit codes (0 success, 1 diagnostics, 2 usage) and its
//! all-or-nothing result files, through the binary.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

const PROGRAM: &str =
    "func.func @main(%a: tensor<?xi32>, %b: tensor<?xi32>) -> (tensor<?xi32>, tensor<?xi32>) {
  %s = nd.add %a, %b : tensor<?xi32>
  %q = nd.div %a, %b : tensor<?xi32>
  return %s, %q : tensor<?xi32>, tensor<?xi32>
}
";

fn scratch(name: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("tensor_run")
        .join(name);
    std::fs::create_dir_all(path.parent().expect("the test harness works"))
        .expect("the test harness works");
    let _ = std::fs::remove_file(&path);
    path
}

fn run(args: &[&str]) -> (i32, String, String) {
    // One program file per call: tests run in parallel.
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let k = NEXT.fetch_add(1, Ordering::Relaxed);
    let program = scratch(&format!("program{k}.mlir"));
    std::fs::write(&program, PROGRAM).expect("the test harness works");
    let out = Command::new(env!("CARGO_BIN_EXE_tensor-run"))
        .arg(&program)
        .args(args)
        .output()
        .expect("the test harness works");
    (
        out.status.code().expect("the test harness works"),
        String::from_utf8(out.stdout).expect("the test harness works"),
        String::from_utf8(out.stderr).expect("the test harness works"),
    )
}

const A: &str = "dense<[7, -7]> : tensor<2xi32>";

#[test]
fn success_is_0() {
    let (code, stdout, _) = run(&["--arg", A, "--arg", "dense<2> : tensor<1xi32>"]);
    assert_eq!(code, 0);
    assert_eq!(
        stdout,
        "dense<[9, -5]> : tensor<2xi32>\ndense<[3, -4]> : tensor<2xi32>\n"
    );
}

#[test]
fn run_time_errors_are_1_and_write_no_file() {
    let (first, second) = (scratch("errors/first.npy"), scratch("errors/second.npy"));
    let (code, stdout, stderr) = run(&[
        "--arg",
        A,
        "--arg",
        "dense<[1, 0]> : tensor<2xi32>",
        "--out",
        first.to_str().expect("the test harness works"),
        "--out",
        second.to_str().expect("the test harness works"),
    ]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains(".mlir:3:8: error: 'nd.div' op divides by zero"));
    assert_eq!(stdout, "");
    assert!(!first.exists() && !second.exists());
    // No temporary file is left beside them either.
    let left: Vec<_> = std::fs::read_dir(first.parent().expect("the test harness works"))
        .expect("the test harness works")
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().contains(".tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn broadcast_failures_and_signature_mismatches_are_1() {
    let (code, _, stderr) = run(&["--arg", A, "--arg", "dense<[1, 2, 3]> : tensor<3xi32>"]);
    assert_eq!(code, 1);
    assert!(stderr.contains(".mlir:2:8: error: 'nd.add' op operands do not broadcast"));
    let (code, _, stderr) = run(&["--arg", A]);
    assert_eq!(code, 1);
    assert!(stderr.contains(".mlir:1:1: error: 'func.func' op @main takes 2 arguments"));
}

#[test]
fn usage_errors_are_2() {
    for args in [
        &["--bogus"][..],
        &["--entry", "missing", "--arg", A, "--arg", A],
        &["--arg", "no such file"],
        &["--arg", "dense<[1, 2> : tensor<2xi32>"],
        &["--max-memory", "-3"],
        &["--repeat", "0"],
        &[
            "--arg", A, "--arg", A, "--out", "a.npy", "--out", "b.npy", "--out", "c.npy",
        ],
    ] {
        let (code, stdout, stderr) = run(args);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert_eq!(stdout, "", "{args:?}");
        assert!(!stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn results_round_trip_through_npy() {
    let (sum, quotient) = (scratch("sum.npy"), scratch("quotient.npy"));
    let (code, stdout, stderr) = run(&[
        "--arg",
        A,
        "--arg",
        "dense<2> : tensor<1xi32>",
        "--out",
        sum.to_str().expect("the test harness works"),
        "--out",
        quotient.to_str().expect("the test harness works"),
    ]);
    assert_eq!((code, stdout.as_str()), (0, ""), "{stderr}");
    let (code, stdout, stderr) = run(&[
        "--arg",
        sum.to_str().expect("the test harness works"),
        "--arg",
        quotient.to_str().expect("the test harness works"),
    ]);
    assert_eq!(code, 0, "{stderr}");
    // 9 + 3, -5 + -4; 9 // 3 = 3 and -5 // -4 = 1 (floor division).
    assert_eq!(
        stdout,
        "dense<[12, -9]> : tensor<2xi32>\ndense<[3, 1]> : tensor<2xi32>\n"
    );
}

#[test]
fn npy_arguments_refused_by_the_memory_limit_are_1_and_bad_files_are_2() {
    let big = scratch("big.npy");
    // 4,096 i32 elements: 16 KiB of data, above a 1 KiB limit.
    let (code, _, stderr) = run(&[
        "--arg",
        "dense<1> : tensor<4096xi32>",
        "--arg",
        "dense<1> : tensor<1xi32>",
        "--out",
        big.to_str().expect("the test harness works"),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let path = big.to_str().expect("the test harness works");
    let (code, stdout, stderr) = run(&["--arg", path, "--arg", path, "--max-memory", "1024"]);
    assert_eq!((code, stdout.as_str()), (1, ""), "{stderr}");
    assert!(stderr.contains("--arg #0:"), "{stderr}");
    let bad = scratch("bad.npy");
    std::fs::write(&bad, b"not an npy file").expect("the test harness works");
    let bad = bad.to_str().expect("the test harness works");
    let (code, _, stderr) = run(&["--arg", bad, "--arg", A]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("is not a valid .npy file"), "{stderr}");
}
