//! Large modules are verified on several threads: every failing op is still reported,
//! in op order, exactly as on one thread.

use tensor_opt::driver::{Options, run};

fn module_with_errors(ops: usize, bad: &[usize]) -> String {
    let mut s = String::from("func.func @big(%a: tensor<4xf32>, %b: tensor<3xf32>) {\n");
    for i in 0..ops {
        // A bad op broadcasts 4 against 3; a good one 4 against 4.
        let rhs = if bad.contains(&i) { "%b" } else { "%a" };
        let rhs_ty = if bad.contains(&i) {
            "tensor<3xf32>"
        } else {
            "tensor<4xf32>"
        };
        s.push_str(&format!(
            "  %v{i} = \"test.broadcastable\"(%a, {rhs}) : (tensor<4xf32>, {rhs_ty}) -> tensor<4xf32>\n"
        ));
    }
    s.push_str("  return\n}\n");
    s
}

#[test]
fn every_error_in_order_above_the_parallel_threshold() {
    let bad = [3, 9_000, 9_001, 20_000, 39_999];
    let text = module_with_errors(40_000, &bad);
    let options = Options {
        input: "big.mlir".into(),
        ..Options::default()
    };
    let outcome = run(&options, "big.mlir", text);
    assert_eq!(outcome.code, 1);
    let lines: Vec<u32> = outcome
        .diagnostics
        .lines()
        .filter(|l| l.contains(": error: "))
        .filter_map(|l| l.split(':').nth(1)?.parse().ok())
        .collect();
    // Op i is on line i + 2.
    let expected: Vec<u32> = bad.iter().map(|&i| i as u32 + 2).collect();
    assert_eq!(lines, expected, "{}", outcome.diagnostics);
}

/// `funcs` functions, each calling the next one (defined later, the last wraps
/// around); the functions in `bad` call an undefined symbol instead. A final
/// `@f0` redefines the first. Function i's call is on line 4i + 2.
fn module_with_calls(funcs: usize, bad: &[usize]) -> String {
    let mut s = String::new();
    for i in 0..funcs {
        let callee = if bad.contains(&i) {
            format!("missing{i}")
        } else {
            format!("f{}", (i + 1) % funcs)
        };
        s.push_str(&format!(
            "func.func @f{i}() {{\n  call @{callee}() : () -> ()\n  return\n}}\n"
        ));
    }
    s.push_str("func.func private @f0()\n");
    s
}

#[test]
fn symbol_errors_in_order_above_the_parallel_threshold() {
    let funcs = 6_000; // 18,000 ops: verified on several threads.
    let bad = [0, 2_000, 2_001, 5_999];
    let options = Options {
        input: "calls.mlir".into(),
        ..Options::default()
    };
    let outcome = run(&options, "calls.mlir", module_with_calls(funcs, &bad));
    assert_eq!(outcome.code, 1);
    let errors: Vec<&str> = outcome
        .diagnostics
        .lines()
        .filter(|l| l.contains(": error: "))
        .collect();
    let redefinition = format!(
        "calls.mlir:{}:1: error: redefinition of symbol named 'f0'",
        4 * funcs + 1
    );
    let mut expected = vec![redefinition];
    expected.extend(bad.iter().map(|&i| {
        format!(
            "calls.mlir:{}:3: error: 'func.call' op 'missing{i}' does not reference a valid function",
            4 * i + 2
        )
    }));
    assert_eq!(errors, expected, "{}", outcome.diagnostics);
}
