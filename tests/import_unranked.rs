//! The import (`--convert-upstream-to-nd`) of rank specialisation, each step in a
//! process of its own (so read back from text): the functions of
//! `test/Transforms/convert-upstream-to-nd/unranked.mlir` and
//! `examples/refine.mlir`, lowered with `--lower-broadcast`, exported with the
//! highest ranks 2 and 8 (`--convert-nd-to-upstream=<n>`) and imported, come back
//! byte for byte, locations included; `tensor-run` runs them before and after on
//! arguments of several ranks to the same results, and a failing run-time check
//! gives the same error at the same location. Seeded programs of elementwise ops
//! over unranked tensors (and ranked ones they broadcast with) do the same.

use std::path::PathBuf;
mod common;

fn run(cmd: &str, args: &[&str], input: &str) -> (i32, String, String) {
    common::process::parts(&common::process::run(cmd, args, input))
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn tensor_opt(args: &[&str], input: &str) -> String {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_tensor-opt"));
    let (code, out, err) = run(bin.to_str().expect("utf-8 path"), args, input);
    assert_eq!(code, 0, "tensor-opt {args:?} fails:\n{err}\n{input}");
    out
}

/// `tensor-run` on `text`'s `entry` with literal arguments: exit code, results,
/// errors.
fn tensor_run(text: &str, entry: &str, args: &[String]) -> (i32, String, String) {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_tensor-run"));
    let mut all = vec!["-", "--entry", entry];
    for a in args {
        all.extend(["--arg", a.as_str()]);
    }
    run(bin.to_str().expect("utf-8 path"), &all, text)
}

/// A literal of `dims` and element type `elem` with distinct elements (so that a
/// transposed or misplaced broadcast shows).
fn literal(dims: &[usize], elem: &str) -> String {
    let count: usize = dims.iter().product();
    let scalar = |k: usize| match elem {
        "i1" => k.is_multiple_of(2).to_string(),
        "i32" => format!("{}", k as i64 * 3 - 4),
        _ => format!("{:.1}", k as f64 * 0.5 - 1.0),
    };
    // Row-major: element k closes and opens a bracket per dim whose block it
    // starts.
    let starts = |k: usize| {
        dims.iter()
            .rev()
            .scan(1, |block, &d| {
                *block *= d;
                Some(*block)
            })
            .filter(|&block| k.is_multiple_of(block))
            .count()
    };
    let mut text = String::new();
    for k in 0..count {
        if k > 0 {
            text.push_str(&"]".repeat(starts(k)));
            text.push_str(", ");
        }
        text.push_str(&"[".repeat(starts(k)));
        text.push_str(&scalar(k));
    }
    text.push_str(&"]".repeat(dims.len()));
    let shape: Vec<String> = dims.iter().map(usize::to_string).collect();
    let ty = if dims.is_empty() {
        format!("tensor<{elem}>")
    } else {
        format!("tensor<{}x{elem}>", shape.join("x"))
    };
    format!("dense<{text}> : {ty}")
}

/// Per function of the golden file: argument sets (dims and element type of
/// each argument), unranked ones at several ranks.
type Args = &'static [&'static [(&'static [usize], &'static str)]];

const FUNCTIONS: &[(&str, Args)] = &[
    (
        "exp",
        &[&[(&[], "f32")], &[(&[3], "f32")], &[(&[2, 3], "f32")]],
    ),
    (
        "unranked_and_ranked",
        &[
            &[(&[], "f32"), (&[4], "f32")],
            &[(&[1], "f32"), (&[4], "f32")],
            &[(&[2, 1], "f32"), (&[4], "f32")],
        ],
    ),
    (
        "two_unranked",
        &[
            &[(&[2, 1], "f32"), (&[3], "f32")],
            &[(&[3], "f32"), (&[2, 3], "f32")],
        ],
    ),
    (
        "select",
        &[
            &[(&[2, 1], "i1"), (&[3], "f32"), (&[3], "f32")],
            &[(&[3], "i1"), (&[3], "f32"), (&[3], "f32")],
        ],
    ),
    (
        "to_ranked",
        &[
            &[(&[4], "i32"), (&[2, 4], "i32")],
            &[(&[3, 1], "i32"), (&[3, 4], "i32")],
        ],
    ),
    (
        "xla_ranked_result",
        &[
            &[(&[4], "f32"), (&[4, 2], "f32")],
            &[(&[4], "f32"), (&[1, 3], "f32")],
        ],
    ),
    ("reduce", &[&[(&[3], "f32")], &[(&[2, 3], "f32")]]),
    (
        "matmul",
        &[
            &[(&[4], "f32"), (&[4, 5], "f32")],
            &[(&[2, 4], "f32"), (&[4, 5], "f32")],
        ],
    ),
    ("dim", &[&[(&[2, 3], "f32")]]),
    (
        "refined",
        &[&[(&[2, 6], "f32"), (&[6], "f32"), (&[1], "f32")]],
    ),
    (
        "chain",
        &[
            &[(&[3], "f32"), (&[3], "f32")],
            &[(&[2, 3], "f32"), (&[3], "f32")],
        ],
    ),
];

/// The chunk of the golden file that defines `@name`.
fn chunk(name: &str) -> String {
    let text = std::fs::read_to_string(
        root().join("test/Transforms/convert-upstream-to-nd/unranked.mlir"),
    )
    .expect("readable");
    text.split("\n// -----\n")
        .find(|c| c.contains(&format!("func.func @{name}(")))
        .unwrap_or_else(|| panic!("no @{name}"))
        .to_owned()
}

/// The lowered program (with locations) and its export with highest rank `n`
/// imported back, each in a process of its own.
fn lowered_and_back(text: &str, n: usize) -> (String, String) {
    let lowered = tensor_opt(&["-", "--lower-broadcast", "--mlir-print-debuginfo"], text);
    let flag = format!("--convert-nd-to-upstream={n}");
    let upstream = tensor_opt(&["-", &flag, "--mlir-print-debuginfo"], &lowered);
    let back = tensor_opt(
        &[
            "-",
            "-allow-unregistered-dialect",
            "--convert-upstream-to-nd",
            "--verify-explicit-broadcast",
            "--mlir-print-debuginfo",
        ],
        &upstream,
    );
    (lowered, back)
}

#[test]
fn unranked_functions_round_trip_and_run_the_same() {
    for &(name, sets) in FUNCTIONS {
        let text = chunk(name);
        for n in [2, 8] {
            let (lowered, back) = lowered_and_back(&text, n);
            assert_eq!(back, lowered, "@{name} (ranks to {n}) changed");
            for set in sets {
                let args: Vec<String> = set.iter().map(|&(d, e)| literal(d, e)).collect();
                let (code, expected, err) = tensor_run(&lowered, name, &args);
                assert_eq!(code, 0, "@{name} {args:?}: {err}");
                assert!(
                    expected.contains("dense<") || expected.contains(": index"),
                    "@{name}: {expected}"
                );
                assert_eq!(
                    tensor_run(&back, name, &args),
                    (code, expected, err),
                    "@{name} {args:?}"
                );
            }
        }
    }
}

#[test]
fn refine_example_round_trips_and_runs_the_same() {
    let text = std::fs::read_to_string(root().join("examples/refine.mlir")).expect("readable");
    let (lowered, back) = lowered_and_back(&text, 8);
    assert_eq!(back, lowered, "refine.mlir changed");
    assert!(
        !back.contains("linalg.") && !back.contains("tensor.cast"),
        "{back}"
    );
    let tensor_run_bin = PathBuf::from(env!("CARGO_BIN_EXE_tensor-run"));
    let inputs: Vec<String> = ["refine_x", "refine_bias", "refine_scale"]
        .iter()
        .map(|i| {
            root()
                .join("examples/inputs")
                .join(format!("{i}.npy"))
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    let mut args = vec!["-", "--entry", "bias_scale"];
    for i in &inputs {
        args.extend(["--arg", i.as_str()]);
    }
    let bin = tensor_run_bin.to_str().expect("utf-8 path");
    let before = run(bin, &args, &lowered);
    assert_eq!(before.0, 0, "{}", before.2);
    assert!(before.1.contains("dense<"), "{}", before.1);
    assert_eq!(run(bin, &args, &back), before);
}

/// A check that fails at run time (a 3 against the 4 of a ranked operand): the
/// same error, at the same location, before and after.
#[test]
fn unranked_round_trip_fails_the_same_check() {
    let text = chunk("unranked_and_ranked");
    let (lowered, back) = lowered_and_back(&text, 2);
    let args = [literal(&[2, 3], "f32"), literal(&[4], "f32")];
    let before = tensor_run(&lowered, "unranked_and_ranked", &args);
    assert_ne!(before.0, 0, "the mismatch is not caught");
    assert!(
        before
            .2
            .contains("'nd.broadcast_shapes' op shapes do not broadcast at run time")
            && before.2.contains("<stdin>:"),
        "{}",
        before.2
    );
    assert_eq!(tensor_run(&back, "unranked_and_ranked", &args), before);
}

/// Argument kinds of the generated programs: unranked `f32` and `i1`, and two
/// ranked ones that the unranked ones broadcast with.
const KINDS: &[(&str, &str)] = &[
    ("u", "tensor<*xf32>"),
    ("c", "tensor<*xi1>"),
    ("v", "tensor<8xf32>"),
    ("m", "tensor<4x8xf32>"),
];

/// Ops on unranked operands: (format, operand kinds, result kind).
const OPS: &[(&str, &[&str], &str)] = &[
    ("nd.add {0}, {1} : ({t0}, {t1}) -> {r}", &["u", "v"], "u"),
    ("nd.mul {0}, {1} : {r}", &["u", "u"], "u"),
    ("nd.sub {0}, {1} : ({t0}, {t1}) -> {r}", &["m", "u"], "u"),
    ("nd.exp {0} : {r}", &["u"], "u"),
    ("nd.max {0}, {1} : {r}", &["u", "u"], "u"),
    (
        "nd.cmp gt, {0}, {1} : ({t0}, {t1}) -> {r}",
        &["u", "v"],
        "c",
    ),
    (
        "nd.select {0}, {1}, {2} : ({t0}, {t1}, {t2}) -> {r}",
        &["c", "u", "v"],
        "u",
    ),
];

/// `n` ops drawn from [`OPS`] with seed `seed`, each operand one of the last
/// three values of its kind, the results of the last op of each kind returned.
fn generate(n: usize, seed: u64) -> String {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut below = |k: usize| {
        // A linear congruential step; the high bits are the draw.
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        usize::try_from(state >> 33).expect("fits") % k
    };
    let ty = |k: &str| KINDS.iter().find(|(n, _)| *n == k).expect("a kind").1;
    let mut pools: Vec<(&str, Vec<String>)> = KINDS
        .iter()
        .enumerate()
        .map(|(i, (k, _))| (*k, vec![format!("%a{i}")]))
        .collect();
    let mut body = Vec::new();
    for i in 0..n {
        let (fmt, operands, result) = OPS[below(OPS.len())];
        let mut text = fmt.replace("{r}", ty(result));
        for (j, k) in operands.iter().enumerate() {
            let pool = &pools.iter().find(|(n, _)| n == k).expect("a kind").1;
            let tail = &pool[pool.len().saturating_sub(3)..];
            let name = tail[below(tail.len())].clone();
            text = text
                .replace(&format!("{{{j}}}"), &name)
                .replace(&format!("{{t{j}}}"), ty(k));
        }
        body.push(format!("  %v{i} = {text}"));
        if let Some(p) = pools.iter_mut().find(|(n, _)| *n == result) {
            p.1.push(format!("%v{i}"));
        }
    }
    let args: Vec<String> = KINDS
        .iter()
        .enumerate()
        .map(|(i, (_, t))| format!("%a{i}: {t}"))
        .collect();
    let rets: Vec<(String, &str)> = pools
        .iter()
        .filter(|(k, _)| *k == "u" || *k == "c")
        .map(|(k, p)| (p.last().expect("an argument").clone(), ty(k)))
        .collect();
    let names: Vec<&str> = rets.iter().map(|(v, _)| v.as_str()).collect();
    let types: Vec<&str> = rets.iter().map(|(_, t)| *t).collect();
    format!(
        "func.func @gen({}) -> ({}) {{\n{}\n  return {} : {}\n}}\n",
        args.join(", "),
        types.join(", "),
        body.join("\n"),
        names.join(", "),
        types.join(", ")
    )
}

/// Generated programs over unranked tensors: byte for byte, and `tensor-run`
/// gives the same results on unranked arguments of ranks 0 to 2 (and the same
/// error where they do not broadcast: a 3 against the 8s).
#[test]
fn generated_unranked_programs_round_trip_and_run_the_same() {
    let shapes: &[(&[usize], &[usize])] = &[
        (&[4, 8], &[4, 8]),
        (&[8], &[1]),
        (&[], &[4, 1]),
        (&[3], &[8]),
    ];
    for seed in 1..=4 {
        let text = generate(24, seed);
        let (lowered, back) = lowered_and_back(&text, 2);
        assert_eq!(back, lowered, "seed {seed}: the round trip changed\n{text}");
        for &(u, c) in shapes {
            let args = [
                literal(u, "f32"),
                literal(c, "i1"),
                literal(&[8], "f32"),
                literal(&[4, 8], "f32"),
            ];
            let expected = tensor_run(&lowered, "gen", &args);
            assert_eq!(
                expected.0 != 0,
                u == [3],
                "seed {seed} {u:?}: {}",
                expected.2
            );
            assert!(
                u == [3] || expected.1.contains("dense<"),
                "seed {seed}: no result"
            );
            assert_eq!(
                tensor_run(&back, "gen", &args),
                expected,
                "seed {seed} {u:?}"
            );
        }
    }
}
