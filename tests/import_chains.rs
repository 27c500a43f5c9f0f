//! The import (`--convert-upstream-to-nd`) of generated programs, read back from
//! text in a separate process: the programs of `bench/lower.py`'s generator over
//! its ranked rows (static, `?x8`, `?x?`, `?x1` operands; NumPy and XLA
//! broadcasting, `nd.cmp`, `nd.select`, `nd.matmul`, `nd.assign`,
//! `nd.broadcast_to`), seeded, lowered with `--lower-broadcast` alone and with
//! `--cse --canonicalize` after it.
//!
//! - Lowered alone, export then import gives the lowered program back byte for
//!   byte.
//! - Otherwise the import must succeed and `tensor-run` must give the same results
//!   as the lowered program, and the same error (message and location) when a
//!   run-time check fails.

use std::path::PathBuf;
mod common;

fn run(cmd: &str, args: &[&str], input: &str) -> (i32, String, String) {
    common::process::parts(&common::process::run(cmd, args, input))
}

fn tensor_opt(args: &[&str], input: &str) -> String {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_tensor-opt"));
    let (code, out, err) = run(bin.to_str().expect("utf-8 path"), args, input);
    assert_eq!(code, 0, "tensor-opt {args:?} fails:\n{err}\n{input}");
    out
}

/// Argument kinds, sorted by name as the generator declares them.
const TYPES: &[(&str, &str)] = &[
    ("b", "tensor<2x4x6xf32>"),
    ("b1", "tensor<1x5x6xf32>"),
    ("b3", "tensor<2x4x5xf32>"),
    ("c", "tensor<4x8xi1>"),
    ("d2", "tensor<?x8xf32>"),
    ("dc", "tensor<?x1xf32>"),
    ("dd", "tensor<?x?xf32>"),
    ("m", "tensor<2x3xf32>"),
    ("r1", "tensor<1x8xf32>"),
    ("s1", "tensor<8xf32>"),
    ("s2", "tensor<4x8xf32>"),
    ("v", "tensor<3xf32>"),
];

/// `bench/lower.py`'s ranked rows: (format, operand kinds, result kind, static).
const ROWS: &[(&str, &[&str], &str, bool)] = &[
    (
        "nd.add {0}, {1} : ({t0}, {t1}) -> {r}",
        &["s2", "s1"],
        "s2",
        true,
    ),
    (
        "nd.mul {0}, {1} : ({t0}, {t1}) -> {r}",
        &["s2", "r1"],
        "s2",
        true,
    ),
    (
        "nd.sub {0}, {1} {broadcast_dimensions = array<i64: 1>} : ({t0}, {t1}) -> {r}",
        &["m", "v"],
        "m",
        true,
    ),
    (
        "nd.cmp lt, {0}, {1} : ({t0}, {t1}) -> {r}",
        &["s2", "s1"],
        "c",
        true,
    ),
    (
        "nd.select {0}, {1}, {2} : ({t0}, {t1}, {t2}) -> {r}",
        &["c", "s2", "s1"],
        "s2",
        true,
    ),
    (
        "nd.matmul {0}, {1} : ({t0}, {t1}) -> {r}",
        &["b3", "b1"],
        "b",
        true,
    ),
    (
        "nd.add {0}, {1} : ({t0}, {t1}) -> {r}",
        &["b", "b"],
        "b",
        true,
    ),
    (
        "nd.assign {0}, {1} : ({t0}, {t1}) -> {r}",
        &["s2", "s1"],
        "s2",
        true,
    ),
    (
        "nd.broadcast_to {0}, shape = [4, 8] : ({t0}) -> {r}",
        &["s1"],
        "s2",
        true,
    ),
    (
        "nd.add {0}, {1} : ({t0}, {t1}) -> {r}",
        &["d2", "s1"],
        "d2",
        false,
    ),
    (
        "nd.mul {0}, {1} : ({t0}, {t1}) -> {r}",
        &["d2", "r1"],
        "d2",
        false,
    ),
    (
        "nd.sub {0}, {1} : ({t0}, {t1}) -> {r}",
        &["dd", "dc"],
        "dd",
        false,
    ),
    (
        "nd.max {0}, {1} : ({t0}, {t1}) -> {r}",
        &["dd", "dd"],
        "dd",
        false,
    ),
    ("nd.neg {0} : {r}", &["d2"], "d2", false),
    (
        "nd.assign {0}, {1} : ({t0}, {t1}) -> {r}",
        &["dd", "d2"],
        "dd",
        false,
    ),
    (
        "nd.assign {0}, {1} : ({t0}, {t1}) -> {r}",
        &["dd", "dc"],
        "dd",
        false,
    ),
    (
        "nd.assign {0}, {1} : ({t0}, {t1}) -> {r}",
        &["d2", "s1"],
        "d2",
        false,
    ),
];

fn ty(kind: &str) -> &'static str {
    TYPES
        .iter()
        .find(|(k, _)| *k == kind)
        .map(|(_, t)| *t)
        .expect("a known kind")
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let x = self.0.wrapping_mul(0x2545_f491_4f6c_dd1d);
        usize::try_from(x >> 33).expect("fits") % n
    }
}

/// `n` ops as `bench/lower.py` generates them (alternately a static and a
/// dynamic row, each operand an unused value of its kind if any, else one of
/// the last four), the unused values returned.
fn generate(n: usize, seed: u64) -> String {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let kinds: Vec<&str> = TYPES.iter().map(|(k, _)| *k).collect();
    let mut pools: Vec<Vec<String>> = (0..kinds.len()).map(|i| vec![format!("%a{i}")]).collect();
    let mut unused: Vec<Vec<String>> = vec![Vec::new(); kinds.len()];
    let idx = |k: &str| kinds.iter().position(|x| *x == k).expect("a known kind");
    let rows: Vec<_> = ROWS.iter().collect();
    let statics: Vec<_> = rows.iter().filter(|r| r.3).collect();
    let dynamics: Vec<_> = rows.iter().filter(|r| !r.3).collect();
    let mut body = Vec::new();
    for i in 0..n {
        let (fmt, operands, result, _) = if i % 2 == 0 {
            statics[rng.below(statics.len())]
        } else {
            dynamics[rng.below(dynamics.len())]
        };
        let mut text = fmt.replace("{r}", ty(result));
        for (j, k) in operands.iter().enumerate() {
            let p = idx(k);
            let name = match unused[p].pop() {
                Some(v) => v,
                None => {
                    let pool = &pools[p];
                    let tail = &pool[pool.len().saturating_sub(4)..];
                    tail[rng.below(tail.len())].clone()
                }
            };
            text = text
                .replace(&format!("{{{j}}}"), &name)
                .replace(&format!("{{t{j}}}"), ty(k));
        }
        text = text.replace("{{", "{").replace("}}", "}");
        body.push(format!("  %v{i} = {text}"));
        let p = idx(result);
        pools[p].push(format!("%v{i}"));
        unused[p].push(format!("%v{i}"));
    }
    let args: Vec<String> = kinds
        .iter()
        .enumerate()
        .map(|(i, k)| format!("%a{i}: {}", ty(k)))
        .collect();
    let rets: Vec<(String, &str)> = kinds
        .iter()
        .enumerate()
        .flat_map(|(p, k)| unused[p].iter().map(move |v| (v.clone(), ty(k))))
        .collect();
    let types: Vec<&str> = rets.iter().map(|(_, t)| *t).collect();
    let names: Vec<&str> = rets.iter().map(|(v, _)| v.as_str()).collect();
    format!(
        "func.func @bench({}) -> ({}) {{\n{}\n  return {} : {}\n}}\n",
        args.join(", "),
        types.join(", "),
        body.join("\n"),
        names.join(", "),
        types.join(", ")
    )
}

/// A literal of `dims` with values from `rng`.
fn literal(dims: &[usize], elem: &str, rng: &mut Rng) -> String {
    fn nest(dims: &[usize], vals: &mut impl Iterator<Item = String>) -> String {
        match dims {
            [] => vals.next().expect("enough values"),
            [d, rest @ ..] => {
                let parts: Vec<String> = (0..*d).map(|_| nest(rest, vals)).collect();
                format!("[{}]", parts.join(", "))
            }
        }
    }
    let n: usize = dims.iter().product();
    let mut vals = (0..n).map(|_| {
        let x = rng.below(41);
        if elem == "i1" {
            x.is_multiple_of(2).to_string()
        } else {
            format!("{}.25", i64::try_from(x).expect("small") - 20)
        }
    });
    let shape: Vec<String> = dims.iter().map(usize::to_string).collect();
    format!(
        "dense<{}> : tensor<{}x{elem}>",
        nest(dims, &mut vals),
        shape.join("x")
    )
}

/// Arguments for `@bench`: `?x8` and `?x?` with `rows` rows, `?x1` with `column`.
fn arguments(rows: usize, cols: usize, column: usize, rng: &mut Rng) -> Vec<String> {
    let shapes: [(&[usize], &str); 12] = [
        (&[2, 4, 6], "f32"),
        (&[1, 5, 6], "f32"),
        (&[2, 4, 5], "f32"),
        (&[4, 8], "i1"),
        (&[rows, 8], "f32"),
        (&[column, 1], "f32"),
        (&[rows, cols], "f32"),
        (&[2, 3], "f32"),
        (&[1, 8], "f32"),
        (&[8], "f32"),
        (&[4, 8], "f32"),
        (&[3], "f32"),
    ];
    shapes.iter().map(|(d, e)| literal(d, e, rng)).collect()
}

/// `tensor-run` of `@bench`: exit code, results, and the first line of its
/// errors (location and message; the source line it quotes after is the line at
/// that location of the text it ran, which the two programs number differently).
fn tensor_run(text: &str, args: &[String]) -> (i32, String, String) {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_tensor-run"));
    let mut all = vec!["-", "--entry", "bench"];
    for a in args {
        all.extend(["--arg", a.as_str()]);
    }
    let (code, out, err) = run(bin.to_str().expect("utf-8 path"), &all, text);
    (code, out, err.lines().next().unwrap_or("").to_owned())
}

/// Lowers `text` (with `extra` passes after), exports it and imports it back from
/// text; returns the lowered program and the import, with locations.
fn lowered_and_back(text: &str, extra: &[&str]) -> (String, String) {
    let mut args = vec!["-", "--lower-broadcast"];
    args.extend_from_slice(extra);
    args.push("--mlir-print-debuginfo");
    let lowered = tensor_opt(&args, text);
    let upstream = tensor_opt(
        &["-", "--convert-nd-to-upstream", "--mlir-print-debuginfo"],
        &lowered,
    );
    let back = tensor_opt(
        &[
            "-allow-unregistered-dialect",
            "-",
            "--convert-upstream-to-nd",
            "--verify-explicit-broadcast",
            "--mlir-print-debuginfo",
        ],
        &upstream,
    );
    (lowered, back)
}

/// Runs both programs on valid sizes (rows of 3 and of 1, columns of 1) and on a
/// `?x1` whose rows disagree: same results, same errors.
fn same_runs(lowered: &str, back: &str, seed: u64) {
    let mut rng = Rng(seed | 1);
    for (rows, cols, column) in [(3, 8, 3), (1, 8, 1), (3, 1, 3), (2, 8, 1), (3, 8, 2)] {
        let args = arguments(rows, cols, column, &mut rng);
        let expected = tensor_run(lowered, &args);
        if (rows, cols, column) == (3, 8, 3) {
            assert!(
                expected.0 == 0 && expected.1.contains("dense<"),
                "seed {seed}: valid sizes do not run: {}",
                expected.2
            );
        }
        let got = tensor_run(back, &args);
        assert_eq!(
            got, expected,
            "seed {seed}, rows {rows}, cols {cols}, column {column}:\n{back}"
        );
    }
}

#[test]
fn generated_programs_round_trip_byte_for_byte_after_lower_broadcast() {
    for seed in 1..=6 {
        let text = generate(40, seed);
        let (lowered, back) = lowered_and_back(&text, &[]);
        assert_eq!(back, lowered, "seed {seed}: the round trip changed\n{text}");
        same_runs(&lowered, &back, seed);
    }
}

#[test]
fn generated_programs_import_to_the_same_meaning_after_canonicalize() {
    for seed in 1..=6 {
        let text = generate(40, seed);
        for extra in [&[][..], &["--cse", "--canonicalize"][..]] {
            let (lowered, back) = lowered_and_back(&text, extra);
            assert!(
                !back.contains("linalg.") && !back.contains("cf.assert"),
                "seed {seed}: upstream ops left"
            );
            same_runs(&lowered, &back, seed);
        }
    }
}

/// The chain of `bench/import.py`: `nd.add (?x8, 8)` and `nd.sub (?x?, ?x1)`
/// alternately over the previous result.
fn chain(n: usize) -> String {
    let mut lines = Vec::new();
    let mut prev = "%x".to_owned();
    let mut t = "tensor<?x8xf32>";
    for i in 0..n {
        if i % 2 == 0 {
            lines.push(format!(
                "  %v{i} = nd.add {prev}, %b : ({t}, tensor<8xf32>) -> {t}"
            ));
        } else {
            lines.push(format!(
                "  %v{i} = nd.sub {prev}, %c : ({t}, tensor<?x1xf32>) -> tensor<?x?xf32>"
            ));
            t = "tensor<?x?xf32>";
        }
        prev = format!("%v{i}");
    }
    format!(
        "func.func @bench(%x: tensor<?x8xf32>, %b: tensor<8xf32>, %c: tensor<?x1xf32>) -> {t} {{\n{}\n  return {prev} : {t}\n}}\n",
        lines.join("\n")
    )
}

#[test]
fn chains_round_trip_and_run_the_same() {
    let text = chain(50);
    let (lowered, back) = lowered_and_back(&text, &[]);
    assert_eq!(back, lowered, "the chain's round trip changed it");
    let (canon, back) = lowered_and_back(&text, &["--cse", "--canonicalize"]);
    assert!(!back.contains("cf.assert"), "a check left");
    let mut rng = Rng(7);
    for (rows, column) in [(3, 3), (3, 1), (1, 4), (3, 2)] {
        let args = vec![
            literal(&[rows, 8], "f32", &mut rng),
            literal(&[8], "f32", &mut rng),
            literal(&[column, 1], "f32", &mut rng),
        ];
        let expected = tensor_run(&canon, &args);
        // Rows of 3 against a column of 2: the check fails.
        assert_eq!(expected.0 != 0, column == 2, "{}", expected.2);
        assert_eq!(
            tensor_run(&back, &args),
            expected,
            "rows {rows}, column {column}"
        );
    }
}
