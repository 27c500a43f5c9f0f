//! Hostile inputs to `tensor-run` (issue 24): deep call chains, recursion and
//! headers NumPy writes by hand. Each ends with a verdict and a message, never a
//! crash, a hang or a stack overflow. Not timed: sizes are chosen so that each
//! case takes well under a few seconds in a debug build.

mod common;
use common::process::{parts, run};

const BIN: &str = env!("CARGO_BIN_EXE_tensor-run");

/// `@main` calls `@f1`, which calls `@f2`, ... down to `@f<n>`: a chain `n`
/// calls deep, each level adding its argument to itself.
fn chain(n: usize) -> String {
    let mut s = String::from(
        "func.func @main(%x: tensor<2xi32>) -> tensor<2xi32> {\n  %r = call @f1(%x) : (tensor<2xi32>) -> tensor<2xi32>\n  return %r : tensor<2xi32>\n}\n",
    );
    for i in 1..n {
        s.push_str(&format!(
            "func.func @f{i}(%x: tensor<2xi32>) -> tensor<2xi32> {{\n  %y = nd.add %x, %x : tensor<2xi32>\n  %r = call @f{}(%y) : (tensor<2xi32>) -> tensor<2xi32>\n  return %r : tensor<2xi32>\n}}\n",
            i + 1
        ));
    }
    s.push_str(&format!(
        "func.func @f{n}(%x: tensor<2xi32>) -> tensor<2xi32> {{\n  return %x : tensor<2xi32>\n}}\n"
    ));
    s
}

#[test]
fn a_call_chain_250_deep_runs() {
    // 249 doublings wrap any i32 to 0 (after 32 of them).
    let (code, stdout, stderr) = parts(&run(
        BIN,
        &["-", "--arg", "dense<[1, 3]> : tensor<2xi32>"],
        &chain(250),
    ));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, "dense<0> : tensor<2xi32>\n");
    // Doublings that stay in range check that every level ran: 2^30 after 30.
    let (code, stdout, stderr) = parts(&run(
        BIN,
        &["-", "--arg", "dense<[1, -1]> : tensor<2xi32>"],
        &chain(31),
    ));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, "dense<[1073741824, -1073741824]> : tensor<2xi32>\n");
}

#[test]
fn deep_chains_run_without_overflowing_the_native_stack() {
    // 3,000 nested calls, 15 times the old limit: the interpreter grows the
    // native stack as calls nest instead of relying on the main thread's.
    let (code, stdout, stderr) = parts(&run(
        BIN,
        &["-", "--arg", "dense<[0, 0]> : tensor<2xi32>"],
        &chain(3_000),
    ));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, "dense<0> : tensor<2xi32>\n");
}

#[test]
fn mutual_recursion_stops_at_the_depth_limit_with_a_located_error() {
    let program = "func.func @main(%x: tensor<i32>) -> tensor<i32> {
  %r = call @other(%x) : (tensor<i32>) -> tensor<i32>
  return %r : tensor<i32>
}
func.func @other(%x: tensor<i32>) -> tensor<i32> {
  %r = call @main(%x) : (tensor<i32>) -> tensor<i32>
  return %r : tensor<i32>
}
";
    let (code, stdout, stderr) = parts(&run(
        BIN,
        &["-", "--arg", "dense<1> : tensor<i32>"],
        program,
    ));
    assert_eq!((code, stdout.as_str()), (1, ""), "{stderr}");
    let limit = tensor_interp::MAX_CALL_DEPTH;
    assert!(
        stderr.contains("calls deep") && stderr.contains(&format!(" {limit} ")),
        "{stderr}"
    );
    assert!(stderr.starts_with("<stdin>:"), "located: {stderr}");
}
