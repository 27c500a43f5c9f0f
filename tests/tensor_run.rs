//! tensor-run's exit codes (0 success, 1 diagnostics, 2 usage) and its
//! all-or-nothing result files, through the binary; the pipeline it shares with
//! tensor-opt (`--broadcast-semantics`, verification after `--lower-first`,
//! statistics and timing).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use tensor_ir::pass::{Pass, PassOutcome, PassRegistry};
use tensor_ir::{Context, Diagnostics, Module};
use tensor_opt::tensor_run::{parse_run_args, run_program_with};

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
    run_text(PROGRAM, args)
}

/// tensor-run on the program `text`.
fn run_text(text: &str, args: &[&str]) -> (i32, String, String) {
    // One program file per call: tests run in parallel.
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let k = NEXT.fetch_add(1, Ordering::Relaxed);
    let program = scratch(&format!("program{k}.mlir"));
    std::fs::write(&program, text).expect("the test harness works");
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
        &["--broadcast-semantics=numpy"],
        &["--mlir-pass-statistics-display=tree"],
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

/// Runs tensor-run through `sh -c` (to close a descriptor): exit code, stderr.
fn run_shell(script: &str) -> (i32, String) {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let k = NEXT.fetch_add(1, Ordering::Relaxed);
    let program = scratch(&format!("shell{k}.mlir"));
    std::fs::write(&program, PROGRAM).expect("the test harness works");
    let out = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg("sh")
        .arg(env!("CARGO_BIN_EXE_tensor-run"))
        .arg(&program)
        .arg(A)
        .output()
        .expect("the test harness works");
    (
        out.status.code().expect("the test harness works"),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs on `A` and `A`, writing the results to `outs` in order.
fn run_to(outs: &[&str]) -> (i32, String, String) {
    let mut args = vec!["--arg", A, "--arg", A];
    for out in outs {
        args.extend(["--out", out]);
    }
    run(&args)
}

fn text(path: &Path) -> &str {
    path.to_str().expect("the test harness works")
}

/// An empty scratch directory (what an earlier run left is removed).
fn fresh_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("tensor_run")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the test harness works");
    dir
}

/// Names of the files in `dir`.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("the test harness works")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn out_to_dev_full_is_a_write_error_and_keeps_the_device() {
    use std::os::unix::fs::FileTypeExt as _;
    let (code, stdout, stderr) = run_to(&["/dev/full"]);
    assert_eq!((code, stdout.as_str()), (1, ""), "{stderr}");
    assert!(
        stderr.contains("cannot write '/dev/full'") && stderr.contains("No space left"),
        "{stderr}"
    );
    let kind = std::fs::symlink_metadata("/dev/full")
        .expect("the test harness works")
        .file_type();
    assert!(kind.is_char_device(), "/dev/full was replaced: {kind:?}");
    // A later result to a fresh file: removed, since the run failed.
    let fresh = fresh_dir("full").join("fresh.npy");
    let (code, _, stderr) = run_to(&[text(&fresh), "/dev/full"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(!fresh.exists());
    assert!(listing(fresh.parent().expect("the test harness works")).is_empty());
}

#[test]
fn out_writes_through_a_symlink() {
    let target = scratch("link/target.npy");
    let link = scratch("link/link.npy");
    std::os::unix::fs::symlink(&target, &link).expect("the test harness works");
    let (code, _, stderr) = run_to(&[text(&link)]);
    assert_eq!(code, 0, "{stderr}");
    let meta = std::fs::symlink_metadata(&link).expect("the test harness works");
    assert!(meta.file_type().is_symlink(), "the link was replaced");
    let (code, stdout, stderr) = run(&["--arg", text(&target), "--arg", A]);
    assert_eq!(code, 0, "{stderr}");
    // 7 + 7, -7 + -7, then plus A again.
    assert!(
        stdout.starts_with("dense<[21, -21]> : tensor<2xi32>\n"),
        "{stdout}"
    );
}

#[test]
fn unwritable_targets_are_refused_before_anything_is_written() {
    let dir = fresh_dir("unwritable");
    let first = dir.join("first.npy");
    let subdir = dir.join("subdir");
    std::fs::create_dir_all(&subdir).expect("the test harness works");
    let missing = dir.join("no/such/parent.npy");
    for bad in [&subdir, &missing] {
        let (code, stdout, stderr) = run_to(&[text(&first), text(bad)]);
        assert_eq!((code, stdout.as_str()), (1, ""), "{bad:?}: {stderr}");
        assert!(
            stderr.contains(&format!("cannot write '{}'", bad.display())),
            "{stderr}"
        );
        assert_eq!(listing(&dir), ["subdir"], "{bad:?} left files behind");
        assert!(listing(&subdir).is_empty());
    }
    let (code, _, stderr) = run_to(&[text(&first), ""]);
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(listing(&dir), ["subdir"]);
    // Without permission (root writes anyway, so the case means nothing there).
    let locked = dir.join("locked");
    std::fs::create_dir_all(&locked).expect("the test harness works");
    std::fs::set_permissions(&locked, std::os::unix::fs::PermissionsExt::from_mode(0o500))
        .expect("the test harness works");
    let probe = locked.join("probe");
    if std::fs::write(&probe, b"").is_ok() {
        let _ = std::fs::remove_file(&probe);
        println!("running as root: the no-permission case is skipped");
    } else {
        let (code, _, stderr) = run_to(&[text(&first), text(&locked.join("r.npy"))]);
        assert_eq!(code, 1, "{stderr}");
        assert!(stderr.contains("Permission denied"), "{stderr}");
        assert!(!first.exists());
    }
    std::fs::set_permissions(&locked, std::os::unix::fs::PermissionsExt::from_mode(0o700))
        .expect("the test harness works");
}

#[test]
fn duplicate_targets_are_refused_before_anything_is_written() {
    let dir = &fresh_dir("dup");
    let first = dir.join("x.npy");
    let dotted = dir.join(".").join("x.npy");
    for second in [&first, &dotted] {
        let (code, _, stderr) = run_to(&[text(&first), text(second)]);
        assert_eq!(code, 2, "{second:?}: {stderr}");
        assert!(
            stderr.contains("twice") || stderr.contains("names a file another"),
            "{stderr}"
        );
        assert!(listing(dir).is_empty(), "{second:?} left files behind");
    }
}

#[test]
fn a_failing_run_leaves_existing_targets_alone_or_empty() {
    let old = scratch("existing/old.npy");
    std::fs::write(&old, b"old contents").expect("the test harness works");
    // A run-time error: nothing was written, so the file keeps its contents.
    let zero = "dense<[1, 0]> : tensor<2xi32>";
    let (code, _, stderr) = run(&["--arg", A, "--arg", zero, "--out", text(&old)]);
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(
        std::fs::read(&old).expect("the test harness works"),
        b"old contents"
    );
    // A write error after it was rewritten: emptied, never a stale or partial result.
    let (code, _, stderr) = run_to(&[text(&old), "/dev/full"]);
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(std::fs::read(&old).expect("the test harness works"), b"");
}

#[test]
fn closed_standard_streams_are_errors_and_dev_null_is_not() {
    let (code, stderr) = run_shell(r#""$1" "$2" --arg "$3" --arg "$3" >&-"#);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("standard output is closed"), "{stderr}");
    let (code, stderr) = run_shell(r#""$1" - --arg "$3" --arg "$3" <&- >/dev/null"#);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("standard input is closed"), "{stderr}");
    let (code, stderr) = run_shell(r#""$1" "$2" --arg "$3" --arg "$3" >/dev/null"#);
    assert_eq!(code, 0, "{stderr}");
    let (code, stderr) = run_shell(r#""$1" - --arg "$3" --arg "$3" <"$2" >/dev/null"#);
    assert_eq!(code, 0, "{stderr}");
    // Standard input is not read here, so its state does not matter.
    let (code, stderr) = run_shell(r#""$1" "$2" --arg "$3" --arg "$3" <&- >/dev/null"#);
    assert_eq!(code, 0, "{stderr}");
}

#[test]
fn file_names_need_not_be_utf8() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt as _;
    let dir = scratch("bytes/probe");
    let dir = dir.parent().expect("the test harness works");
    let program = dir.join(OsStr::from_bytes(b"prog\xff.mlir"));
    std::fs::write(&program, PROGRAM).expect("the test harness works");
    let out = dir.join(OsStr::from_bytes(b"sum\xfe.npy"));
    let _ = std::fs::remove_file(&out);
    let status = Command::new(env!("CARGO_BIN_EXE_tensor-run"))
        .arg(&program)
        .args(["--arg", A, "--arg", A, "--out"])
        .arg(&out)
        .output()
        .expect("the test harness works");
    assert_eq!(status.status.code(), Some(0), "{status:?}");
    let back = Command::new(env!("CARGO_BIN_EXE_tensor-run"))
        .arg(&program)
        .arg("--arg")
        .arg(&out)
        .args(["--arg", A])
        .output()
        .expect("the test harness works");
    assert_eq!(back.status.code(), Some(0), "{back:?}");
    assert!(String::from_utf8_lossy(&back.stdout).starts_with("dense<[21, -21]>"));
    // Where text is needed (a literal, the entry), a clear usage error.
    for args in [
        vec![
            OsStr::new("--arg"),
            OsStr::from_bytes(b"dense\xff"),
            OsStr::new("--arg"),
            OsStr::new(A),
        ],
        vec![OsStr::new("--entry"), OsStr::from_bytes(b"m\xff")],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_tensor-run"))
            .arg(&program)
            .args(&args)
            .output()
            .expect("the test harness works");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            !stderr.contains("panicked") && stderr.contains("UTF-8"),
            "{stderr}"
        );
    }
    // tensor-opt names its input in diagnostics as text: a usage error there.
    let out = Command::new(env!("CARGO_BIN_EXE_tensor-opt"))
        .arg(&program)
        .output()
        .expect("the test harness works");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        !stderr.contains("panicked") && stderr.contains("not valid UTF-8"),
        "{stderr}"
    );
}

/// Valid under upstream's rules (`?` beside `?` may give 2), not under the spec's.
const UPSTREAM_ONLY: &str =
    "func.func @main(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<2xf32> {
  %s = nd.add %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<2xf32>
  return %s : tensor<2xf32>
}
";

#[test]
fn broadcast_semantics_mlir_runs_what_upstream_accepts_and_checks_static_dims() {
    let two = "dense<[1.0, 2.0]> : tensor<2xf32>";
    let three = "dense<[1.0, 2.0, 3.0]> : tensor<3xf32>";
    let one = "dense<1.0> : tensor<1xf32>";
    let (code, stdout, stderr) = run_text(UPSTREAM_ONLY, &["--arg", two, "--arg", two]);
    assert_eq!((code, stdout.as_str()), (1, ""), "{stderr}");
    assert!(
        stderr.contains(".mlir:2:8: error: 'nd.add' op result type '2' not broadcast compatible"),
        "{stderr}"
    );
    let mlir = ["--broadcast-semantics=mlir", "--arg"];
    let (code, stdout, stderr) =
        run_text(UPSTREAM_ONLY, &[&mlir[..], &[two, "--arg", two]].concat());
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        "dense<[2.000000e+00, 4.000000e+00]> : tensor<2xf32>\n"
    );
    // The static result dim is checked against the computed shape, at the op.
    for lower in [&[][..], &["--lower-first"]] {
        let args = [lower, &mlir[..], &[three, "--arg", one]].concat();
        let (code, stdout, stderr) = run_text(UPSTREAM_ONLY, &args);
        assert_eq!((code, stdout.as_str()), (1, ""), "{args:?}: {stderr}");
        assert!(stderr.contains(".mlir:2:8: error: '"), "{args:?}: {stderr}");
        assert!(
            stderr.contains("[3] at run time")
                && stderr.contains("'tensor<2xf32>' has size 2 in dim 0"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn lower_first_reports_statistics_and_timing_as_tensor_opt_does() {
    let (code, stdout, stderr) = run(&[
        "--lower-first",
        "--mlir-pass-statistics",
        "--mlir-timing",
        "--arg",
        A,
        "--arg",
        "dense<2> : tensor<1xi32>",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        "dense<[9, -5]> : tensor<2xi32>\ndense<[3, -4]> : tensor<2xi32>\n"
    );
    let timing = stderr
        .find("Execution time report")
        .expect("a timing report");
    let statistics = stderr.find("Pass statistics report").expect("statistics");
    assert!(timing < statistics, "{stderr}");
    assert!(stderr.contains("  LowerBroadcast\n"), "{stderr}");
    assert!(stderr.contains("(S) 2 num-lowered"), "{stderr}");
}

/// Stands in for `lower-broadcast` and leaves the IR invalid: the first op with a
/// result gets an `index` result.
#[derive(Default)]
struct BreakIr;

impl Pass for BreakIr {
    fn argument(&self) -> &'static str {
        "lower-broadcast"
    }

    fn name(&self) -> &'static str {
        "BreakIr"
    }

    fn description(&self) -> &'static str {
        "Leave the IR invalid"
    }

    fn run(&mut self, ctx: &mut Context, module: &mut Module) -> Result<PassOutcome, Diagnostics> {
        let ops = module
            .top()
            .map(|top| module.collect_ops(top))
            .unwrap_or_default();
        let Some(&op) = ops.iter().find(|&&op| module.results(op).len() > 0) else {
            return Ok(PassOutcome::unchanged());
        };
        let index = ctx.index_type();
        module.set_value_type(module.result(op, 0), index);
        Ok(PassOutcome::changed(true))
    }
}

#[test]
fn the_ir_is_verified_after_lower_first() {
    let mut registry = PassRegistry::new();
    registry.register::<BreakIr>().expect("a new registry");
    let args = |extra: &[&str]| {
        let mut a = vec!["tensor-run", "x.mlir", "--arg", A, "--arg", A];
        a.extend_from_slice(extra);
        parse_run_args(a).expect("valid flags")
    };
    let out = run_program_with(
        &registry,
        &args(&["--lower-first"]),
        "x.mlir",
        PROGRAM.into(),
    );
    assert_eq!((out.code, out.stdout.as_str()), (1, ""), "{}", out.stderr);
    assert!(
        out.stderr.contains(
            "error: the IR does not verify after pass BreakIr (--lower-broadcast); \
             the errors above are the verifier's"
        ),
        "{}",
        out.stderr
    );
    assert!(out.stderr.starts_with("x.mlir:2:"), "{}", out.stderr);
    // Without --lower-first the pass does not run, and the program does.
    let out = run_program_with(&registry, &args(&[]), "x.mlir", PROGRAM.into());
    assert_eq!(out.code, 0, "{}", out.stderr);
}

/// A private function is entered only by its module's calls (the shape analysis
/// proves its checks from them): as an entry it is a usage error, and through
/// a public caller it runs, lowered without the check its call site proves.
#[test]
fn a_private_function_is_not_an_entry() {
    const CALLS: &str =
        "func.func private @center(%x: tensor<?x?xf32>, %m: tensor<?x1xf32>) -> tensor<?x?xf32> {
  %0 = nd.sub %x, %m : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @main(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %m = nd.reduce max %a across [1] keep_dims : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %0 = func.call @center(%a, %m) : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
";
    let x = "dense<[[1.0, 3.0], [5.0, 4.0]]> : tensor<2x2xf32>";
    let (code, _, stderr) = run_text(CALLS, &["--entry", "center", "--arg", x, "--arg", x]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("@center in '") && stderr.contains("is private"),
        "{stderr}"
    );
    let (code, stdout, stderr) = run_text(CALLS, &["--lower-first", "--arg", x]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        "dense<[[-2.000000e+00, 0.000000e+00], [0.000000e+00, -1.000000e+00]]> : tensor<2x2xf32>\n"
    );
}
