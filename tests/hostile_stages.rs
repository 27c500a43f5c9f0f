//! Hostile inputs to the later stages (issue 12): `tensor-opt --lower-broadcast`
//! and `tensor-run` (with and without `--lower-first`) face the classes of
//! `tests/hostile.rs`: deep nesting, huge and overflowing dims, very high ranks,
//! long op chains, aliases that double at each level, endless input, and
//! allocations above `--max-memory`. Each run ends with exit code 0, 1 or 2 and a
//! clear message, never a crash, a hang or a blow-up; lowered output also passes
//! `--verify-explicit-broadcast`.
//!
//! Not timed tests: sizes are chosen so each case takes well under a few seconds
//! in a debug build.

use std::process::Command;

mod common;
use common::process::{fails_with, run, stderr, succeeds};

const OPT: &str = env!("CARGO_BIN_EXE_tensor-opt");
const RUN: &str = env!("CARGO_BIN_EXE_tensor-run");

/// `--lower-broadcast` accepts `text`, and its output passes
/// `--verify-explicit-broadcast`; returns the output.
#[track_caller]
fn lowers(text: &str) -> String {
    let lowered = succeeds(&run(
        OPT,
        &["--allow-unregistered-dialect", "--lower-broadcast", "-"],
        text,
    ));
    succeeds(&run(
        OPT,
        &[
            "--allow-unregistered-dialect",
            "--verify-explicit-broadcast",
            "-",
        ],
        &lowered,
    ));
    lowered
}

/// `tensor-run` on `text` with `args`, as written and with `--lower-first`: both
/// print `want` (a prefix of stdout).
#[track_caller]
fn runs_to(text: &str, args: &[&str], want: &str) {
    for lower in [false, true] {
        let mut all = vec!["-"];
        if lower {
            all.push("--lower-first");
        }
        all.extend_from_slice(args);
        let out = succeeds(&run(RUN, &all, text));
        assert!(out.starts_with(want), "lower-first {lower}: got {out}");
    }
}

/// `tensor-run` on `text` fails (as written and with `--lower-first`) with
/// `message` at `line`.
#[track_caller]
fn run_fails_with(text: &str, args: &[&str], line: Option<usize>, message: &str) {
    for lower in [false, true] {
        let mut all = vec!["-"];
        if lower {
            all.push("--lower-first");
        }
        all.extend_from_slice(args);
        fails_with(&run(RUN, &all, text), line, message);
    }
}

fn tensor(dims: &[&str], elem: &str) -> String {
    let mut s = String::from("tensor<");
    for d in dims {
        s.push_str(d);
        s.push('x');
    }
    format!("{s}{elem}>")
}

#[test]
fn deep_nesting() {
    // Regions past the nesting limit: a located error from either tool.
    let n = 100_000;
    let deep = format!(
        "{}{}",
        "\"t.op\"() ({\n".repeat(n),
        "}) : () -> ()\n".repeat(n)
    );
    fails_with(
        &run(
            OPT,
            &["--allow-unregistered-dialect", "--lower-broadcast", "-"],
            &deep,
        ),
        Some(257),
        "nesting deeper than 256 levels",
    );
    let deep_type = format!(
        "func.func @main(%a: {}f32{}) {{\n  return\n}}\n",
        "tensor<2x".repeat(n),
        ">".repeat(n)
    );
    fails_with(
        &run(RUN, &["-"], &deep_type),
        Some(1),
        "nesting deeper than 256 levels",
    );
    // Within the limit, a broadcast at the bottom of 200 regions is lowered.
    let n = 200;
    let mut nested = String::new();
    for i in 0..n {
        nested.push_str(&format!(
            "\"t.op\"() ({{\n^bb0(%a{i}: tensor<2x3xf32>, %b{i}: tensor<3xf32>):\n"
        ));
    }
    let k = n - 1;
    nested.push_str(&format!(
        "  %c = nd.add %a{k}, %b{k} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>\n"
    ));
    nested.push_str(&"}) : () -> ()\n".repeat(n));
    let out = lowers(&nested);
    assert!(out.contains("nd.broadcast_in_dim"), "{out}");
}

#[test]
fn huge_and_overflowing_dims() {
    let max = "9223372036854775807";
    let (a, b, r) = (
        tensor(&[max, "1"], "f32"),
        tensor(&["1", max], "f32"),
        tensor(&[max, max], "f32"),
    );
    // Types only: lowering dims of 2^63-1 is fine.
    let text = format!(
        "func.func @main(%a: {a}, %b: {b}) -> {r} {{\n  %c = nd.add %a, %b : ({a}, {b}) -> {r}\n  return %c : {r}\n}}\n"
    );
    let out = lowers(&text);
    assert_eq!(out.matches("nd.broadcast_in_dim").count(), 2, "{out}");
    // A dim beyond i64: a located error.
    let over = "func.func @main(%a: tensor<18446744073709551616xf32>) {\n  return\n}\n";
    fails_with(
        &run(OPT, &["--lower-broadcast", "-"], over),
        Some(1),
        "invalid dimension",
    );
    fails_with(&run(RUN, &["-"], over), Some(1), "invalid dimension");
    // Run time: a constant of 2^126 elements is refused at its op.
    let c = tensor(&[max, max], "f32");
    let text = format!(
        "func.func @main() -> {c} {{\n  %c = nd.constant dense<1.0> : {c}\n  return %c : {c}\n}}\n"
    );
    run_fails_with(&text, &[], Some(2), "'nd.constant' op");
    // A broadcast to 2^62 x 4 is only a view, but writing it out is refused.
    let r = tensor(&["4611686018427387904", "4"], "f32");
    let text = format!(
        "func.func @main(%a: tensor<1xf32>) -> {r} {{\n  %b = nd.broadcast_to %a, shape = [4611686018427387904, 4] : (tensor<1xf32>) -> {r}\n  return %b : {r}\n}}\n"
    );
    for lower in [false, true] {
        let mut args = vec!["-", "--arg", "dense<1.0> : tensor<1xf32>"];
        if lower {
            args.push("--lower-first");
        }
        let out = run(RUN, &args, &text);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        assert!(
            stderr(&out).contains("cannot write result #0 of shape [4611686018427387904, 4]"),
            "{}",
            stderr(&out)
        );
    }
    // Sizes given at run time whose product overflows: an error at the first op
    // that allocates.
    let text = "func.func @main(%x: tensor<2xi16>, %s: tensor<2xindex>) -> tensor<?x?xi16> {\n  %y = nd.broadcast_to %x, %s : (tensor<2xi16>, tensor<2xindex>) -> tensor<?x?xi16>\n  %z = nd.add %y, %y : tensor<?x?xi16>\n  return %z : tensor<?x?xi16>\n}\n";
    run_fails_with(
        text,
        &[
            "--arg",
            "dense<[5, 6]> : tensor<2xi16>",
            "--arg",
            "dense<[9223372036854775807, 2]> : tensor<2xindex>",
        ],
        Some(3),
        "overflows the address space",
    );
}

#[test]
fn very_high_ranks() {
    let r = 3000;
    let ones = vec!["1"; r];
    let mut dyn_dims = vec!["1"; r - 1];
    dyn_dims.push("?");
    let mut three = vec!["1"; r - 1];
    three.push("3");
    let (a, b) = (tensor(&ones, "f32"), tensor(&dyn_dims, "f32"));
    let text = format!(
        "func.func @main(%a: {a}, %b: {b}) -> {b} {{\n  %c = nd.add %a, %b : ({a}, {b}) -> {b}\n  %d = nd.reduce sum %c across [0] keep_dims : ({b}) -> {b}\n  return %d : {b}\n}}\n"
    );
    lowers(&text);
    let (x, y) = (
        format!("dense<1.0> : {a}"),
        format!("dense<2.0> : {}", tensor(&three, "f32")),
    );
    runs_to(
        &text,
        &["--arg", &x, "--arg", &y],
        &format!("dense<3.000000e+00> : {}\n", tensor(&three, "f32")),
    );
}

#[test]
fn long_op_chains() {
    let n = 2000;
    let mut body = String::new();
    for i in 0..n {
        body.push_str(&format!(
            "  %v{} = nd.add %v{i}, %b : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>\n",
            i + 1
        ));
    }
    let text = format!(
        "func.func @main(%v0: tensor<?x3xf32>, %b: tensor<3xf32>) -> tensor<?x3xf32> {{\n{body}  return %v{n} : tensor<?x3xf32>\n}}\n"
    );
    let out = lowers(&text);
    // Each result has the first one's shape: %b is broadcast to it once, and the
    // chain is resolved one op at a time (no walk back to its start per op).
    assert_eq!(out.matches("nd.broadcast_in_dim").count(), 1, "{out}");
    assert_eq!(out.matches("nd.shape_of").count(), 1, "{out}");
    assert_eq!(out.matches("nd.add").count(), n, "{out}");
    runs_to(
        &text,
        &[
            "--arg",
            "dense<1.0> : tensor<2x3xf32>",
            "--arg",
            "dense<1.0> : tensor<3xf32>",
        ],
        "dense<2.001000e+03> : tensor<2x3xf32>\n",
    );
}

#[test]
fn aliases_that_double_at_each_level() {
    // 2^40 leaves once written out: refused by both tools, not expanded.
    let mut text = String::from("#a0 = [1, 2]\n");
    for i in 1..=40 {
        text.push_str(&format!("#a{i} = [#a{}, #a{}]\n", i - 1, i - 1));
    }
    text.push_str("func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> attributes {x = #a40} {\n  %c = nd.add %a, %a : tensor<2xf32>\n  return %c : tensor<2xf32>\n}\n");
    fails_with(
        &run(OPT, &["--lower-broadcast", "-"], &text),
        None,
        "aliases expand to more than",
    );
    run_fails_with(
        &text,
        &["--arg", "dense<1.0> : tensor<2xf32>"],
        None,
        "aliases expand to more than",
    );
}

#[test]
fn endless_input() {
    let sh = |script: &str| {
        Command::new("sh")
            .arg("-c")
            .arg(script)
            .env("T", OPT)
            .env("R", RUN)
            .output()
            .expect("sh runs")
    };
    let out = sh("\"$T\" --lower-broadcast --max-input-size=100000 - < /dev/zero");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("standard input is larger than 100000 bytes"),
        "{}",
        stderr(&out)
    );
    for script in ["\"$R\" - < /dev/zero", "\"$R\" /dev/zero"] {
        let out = sh(script);
        assert_eq!(out.status.code(), Some(1), "{script}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("is larger than 268435456 bytes, the input size limit"),
            "{script}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn allocations_above_max_memory() {
    // The broadcast is a view; the add allocates 400 MB.
    let text = "func.func @main(%a: tensor<1xf32>) -> tensor<10000x10000xf32> {\n  %b = nd.broadcast_to %a, shape = [10000, 10000] : (tensor<1xf32>) -> tensor<10000x10000xf32>\n  %c = nd.add %b, %b : tensor<10000x10000xf32>\n  return %c : tensor<10000x10000xf32>\n}\n";
    run_fails_with(
        text,
        &["--max-memory", "1M", "--arg", "dense<1.0> : tensor<1xf32>"],
        Some(3),
        "would exceed the memory limit of 1.00 MiB",
    );
    // A splat argument is small in memory, but printing the result is not.
    let id = "func.func @main(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {\n  return %a : tensor<?x?xf32>\n}\n";
    let out = run(
        RUN,
        &[
            "-",
            "--max-memory",
            "1M",
            "--arg",
            "dense<1.0> : tensor<1000x1000xf32>",
        ],
        id,
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("cannot write result #0 of shape [1000, 1000]")
            && stderr(&out).contains("would exceed the memory limit of 1.00 MiB"),
        "{}",
        stderr(&out)
    );
}

/// A shape's length is a number in its type, and a splat constant writes any
/// length in a few bytes: the export (one value per entry) refuses one past its
/// bound, and the interpreter refuses to read one past the memory limit. Both
/// with a located error, neither with a hang or an abort.
#[test]
fn huge_shape_lengths_are_refused_not_unrolled() {
    let text = "func.func @main() -> tensor<1099511627776xindex> {
  %s = nd.constant dense<1> : tensor<1099511627776xindex>
  %0 = nd.broadcast_shapes %s, %s : (tensor<1099511627776xindex>, tensor<1099511627776xindex>) -> tensor<1099511627776xindex>
  %1 = nd.shape_concat %s, %s : (tensor<1099511627776xindex>, tensor<1099511627776xindex>) -> tensor<2199023255552xindex>
  return %0 : tensor<1099511627776xindex>
}
";
    fails_with(
        &run(OPT, &["--convert-nd-to-upstream", "-"], text),
        Some(3),
        "cannot be exported: a shape of 1099511627776 entries",
    );
    run_fails_with(text, &[], Some(3), "more than the memory limit");
    let concat = text.replace("return %0", "return %s").replace(
        "  %0 = nd.broadcast_shapes %s, %s : (tensor<1099511627776xindex>, tensor<1099511627776xindex>) -> tensor<1099511627776xindex>\n",
        "",
    );
    run_fails_with(&concat, &[], Some(3), "cannot allocate its result");
}
