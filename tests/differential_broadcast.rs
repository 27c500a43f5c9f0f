//! Differential test of the Broadcastable trait against upstream `mlir-opt`
//! (LLVM 22), which registers `test.broadcastable`.
//!
//! Thousands of random `test.broadcastable` ops (0–3 operands of rank 0–4
//! with sizes from {1, 2, 3, ?} and a few 0s, unranked tensors, vectors and
//! scalars; random result types, sometimes none or two) are written as
//! `// -----` chunks of one file, so each tool runs once per batch.
//!
//! 1. `tensor-opt --broadcast-semantics=mlir` must print byte-identical
//!    diagnostics to `mlir-opt` (same accepted ops, same messages, same
//!    locations, same `see current operation` notes), and byte-identical
//!    output for the accepted ops.
//! 2. `tensor-opt` with the default spec semantics is compared with the
//!    `mlir` run; every chunk where they differ must fall in one of the
//!    documented [`DIFFERENCES`] (the table in `docs/broadcasting.md`), and
//!    each documented difference must be observed.
//!
//! The test is skipped, with a note, when `mlir-opt` is not installed
//! (`MLIR_OPT` overrides `/usr/lib/llvm-22/bin/mlir-opt`). `DIFF_SEED`
//! changes the random seed and `DIFF_CASES` the number of cases.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::Rng;

/// A dimension: `None` is `?`.
type Dim = Option<u64>;

#[derive(Clone, Debug)]
enum Ty {
    Tensor(Vec<Dim>, &'static str),
    Unranked(&'static str),
    Vector(Vec<u64>, &'static str),
    Scalar(&'static str),
}

fn dims_text(dims: impl IntoIterator<Item = String>) -> String {
    dims.into_iter().map(|d| d + "x").collect()
}

impl std::fmt::Display for Ty {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ty::Tensor(dims, e) => write!(
                f,
                "tensor<{}{e}>",
                dims_text(
                    dims.iter()
                        .map(|d| d.map_or_else(|| "?".to_owned(), |n| n.to_string()))
                )
            ),
            Ty::Unranked(e) => write!(f, "tensor<*x{e}>"),
            Ty::Vector(dims, e) => {
                write!(
                    f,
                    "vector<{}{e}>",
                    dims_text(dims.iter().map(u64::to_string))
                )
            }
            Ty::Scalar(e) => f.write_str(e),
        }
    }
}

fn elem(rng: &mut Rng) -> &'static str {
    ["f32", "f32", "f32", "i32", "i1", "f16"][rng.below(6) as usize]
}

fn dim(rng: &mut Rng) -> Dim {
    match rng.weighted(&[30, 20, 20, 25, 5]) {
        0 => Some(1),
        1 => Some(2),
        2 => Some(3),
        3 => None,
        _ => Some(0),
    }
}

fn ranked(rng: &mut Rng, e: &'static str) -> Ty {
    let rank = rng.below(5) as usize;
    Ty::Tensor((0..rank).map(|_| dim(rng)).collect(), e)
}

fn vector(rng: &mut Rng, e: &'static str) -> Ty {
    let rank = rng.below(4) as usize;
    Ty::Vector((0..rank).map(|_| 1 + rng.below(3)).collect(), e)
}

fn operand(rng: &mut Rng) -> Ty {
    let e = elem(rng);
    match rng.weighted(&[72, 16, 8, 4]) {
        0 => ranked(rng, e),
        1 => Ty::Unranked(e),
        2 => vector(rng, e),
        _ => Ty::Scalar("i32"),
    }
}

/// NumPy broadcasting of the ranked tensor operands, optimistic about `?`
/// (only a starting point for results; the tools decide validity).
fn rough_broadcast(operands: &[Ty]) -> Vec<Dim> {
    let ranked: Vec<&Vec<Dim>> = operands
        .iter()
        .filter_map(|t| match t {
            Ty::Tensor(d, _) => Some(d),
            _ => None,
        })
        .collect();
    let rank = ranked.iter().map(|d| d.len()).max().unwrap_or(0);
    (0..rank)
        .map(|i| {
            let mut out = Some(1);
            for d in &ranked {
                let Some(j) = (i + d.len()).checked_sub(rank) else {
                    continue;
                };
                out = match (out, d[j]) {
                    (Some(1), x) | (x, Some(1)) => x,
                    (None, x) | (x, None) => x.or(None),
                    (x, _) => x,
                };
            }
            out
        })
        .collect()
}

fn result(rng: &mut Rng, operands: &[Ty]) -> Ty {
    let e = elem(rng);
    match rng.weighted(&[50, 20, 14, 8, 4, 4]) {
        0 => {
            let mut dims = rough_broadcast(operands);
            for d in &mut dims {
                if rng.chance(15) {
                    *d = dim(rng);
                }
            }
            if rng.chance(12) {
                dims.insert(0, dim(rng));
            }
            if !dims.is_empty() && rng.chance(8) {
                dims.remove(0);
            }
            Ty::Tensor(dims, e)
        }
        1 => ranked(rng, e),
        2 => Ty::Unranked(e),
        3 => vector(rng, e),
        4 => Ty::Scalar("i32"),
        _ => Ty::Tensor(rough_broadcast(operands), e),
    }
}

/// One `test.broadcastable` op in a function of its own.
fn case(rng: &mut Rng, index: usize) -> String {
    let n = rng.weighted(&[5, 25, 40, 30]);
    let operands: Vec<Ty> = (0..n).map(|_| operand(rng)).collect();
    let results: Vec<Ty> = match rng.weighted(&[94, 3, 3]) {
        0 => vec![result(rng, &operands)],
        1 => Vec::new(),
        _ => vec![result(rng, &operands), result(rng, &operands)],
    };
    let args: Vec<String> = operands
        .iter()
        .enumerate()
        .map(|(i, t)| format!("%a{i}: {t}"))
        .collect();
    let names: Vec<String> = (0..n).map(|i| format!("%a{i}")).collect();
    let types: Vec<String> = operands.iter().map(ToString::to_string).collect();
    let res: Vec<String> = results.iter().map(ToString::to_string).collect();
    let lhs = match results.len() {
        0 => String::new(),
        1 => "%0 = ".to_owned(),
        k => format!("%0:{k} = "),
    };
    let res_text = if results.len() == 1 {
        res[0].clone()
    } else {
        format!("({})", res.join(", "))
    };
    format!(
        "func.func @case{index}({}) {{\n  {lhs}\"test.broadcastable\"({}) : ({}) -> {res_text}\n  return\n}}\n",
        args.join(", "),
        names.join(", "),
        types.join(", ")
    )
}

/// Output of one tool run.
struct Run {
    stdout: String,
    stderr: String,
}

fn run(tool: &Path, args: &[&str], file: &Path) -> Run {
    let out = Command::new(tool)
        .args(args)
        .arg(file)
        .output()
        .unwrap_or_else(|e| panic!("running {}: {e}", tool.display()));
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// The `error:`/`note:` header lines of a run, grouped by chunk (a line
/// number maps to the chunk containing it).
fn headers_by_chunk(stderr: &str, file: &str, starts: &[usize]) -> BTreeMap<usize, Vec<String>> {
    let mut by_chunk: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    let prefix = format!("{file}:");
    for line in stderr.lines() {
        let Some(rest) = line.strip_prefix(&prefix) else {
            continue;
        };
        let Some(line_no) = rest.split(':').next().and_then(|n| n.parse::<usize>().ok()) else {
            continue;
        };
        let chunk = starts.partition_point(|&s| s <= line_no).saturating_sub(1);
        by_chunk.entry(chunk).or_default().push(rest.to_owned());
    }
    by_chunk
}

/// The first error message of a chunk with shapes and types abstracted,
/// or `ok`.
fn kind(headers: Option<&Vec<String>>) -> String {
    let Some(error) = headers.and_then(|h| h.iter().find(|l| l.contains(": error: "))) else {
        return "ok".to_owned();
    };
    let msg = error.split(": error: ").nth(1).unwrap_or("");
    let msg = msg.strip_prefix("'test.broadcastable' op ").unwrap_or(msg);
    if msg.starts_with("result type '") {
        "result type not broadcast compatible".to_owned()
    } else if msg.starts_with("operand #") {
        "operand type constraint".to_owned()
    } else if msg.starts_with("result #") {
        "result type constraint".to_owned()
    } else {
        msg.to_owned()
    }
}

/// The spec-mode note (beyond upstream) explaining an error, abstracted.
fn note_kind(headers: Option<&Vec<String>>) -> &'static str {
    let notes: Vec<&String> = headers
        .map(|h| h.iter().filter(|l| l.contains(": note: ")).collect())
        .unwrap_or_default();
    let has = |s: &str| notes.iter().any(|n| n.contains(s));
    if has("but the operands broadcast to rank") {
        // "the result has rank A but the operands broadcast to rank B"
        let higher = notes.iter().any(|n| {
            let nums: Vec<usize> = n
                .split(|c: char| !c.is_ascii_digit())
                .filter_map(|x| x.parse().ok())
                .collect();
            matches!(nums.as_slice(), [.., a, b] if a > b)
        });
        if higher {
            "result rank higher than inferred"
        } else {
            "result rank lower than inferred"
        }
    } else if has("leave it dynamic") {
        "static result dim where inferred ?"
    } else if has("but the operands broadcast it to") {
        "result size differs"
    } else if has("neither is 1") {
        "operand conflict"
    } else {
        "-"
    }
}

/// A documented difference between the spec and upstream semantics:
/// `(id, spec verdict, mlir verdict, spec note)`, as in the table of
/// `docs/broadcasting.md`.
const DIFFERENCES: &[(&str, &str, &str, &str)] = &[
    ("D1", "expected 1 or more operands, but found 0", "ok", "-"),
    (
        "D2",
        "result type not broadcast compatible",
        "ok",
        "result rank higher than inferred",
    ),
    (
        "D3",
        "result type not broadcast compatible",
        "ok",
        "static result dim where inferred ?",
    ),
    (
        "D4",
        "result type not broadcast compatible",
        "ok",
        "result size differs",
    ),
    (
        "D5",
        "operands don't have broadcast-compatible shapes",
        "ok",
        "operand conflict",
    ),
    (
        "D6",
        "operands don't have broadcast-compatible shapes",
        "result type not broadcast compatible",
        "operand conflict",
    ),
];

/// One batch file run through the three configurations.
struct Batch {
    /// Index of its first case.
    first: usize,
    sources: Vec<String>,
    /// Diagnostic header lines by chunk (index within the batch).
    theirs_by: BTreeMap<usize, Vec<String>>,
    ours_by: BTreeMap<usize, Vec<String>>,
    spec_by: BTreeMap<usize, Vec<String>>,
    /// mlir-opt's printed output of each chunk (empty when rejected).
    theirs_out: Vec<String>,
    theirs_stderr: String,
    ours_stderr: String,
}

fn run_batch(
    dir: &Path,
    b: usize,
    first: usize,
    sources: &[String],
    mlir_opt: &Path,
    tensor_opt: &Path,
) -> Batch {
    // One chunk per case; remember each chunk's first line.
    let mut text = String::new();
    let mut starts = Vec::with_capacity(sources.len());
    let mut line = 1;
    for (i, c) in sources.iter().enumerate() {
        if i > 0 {
            text.push_str("// -----\n");
            line += 1;
        }
        starts.push(line);
        line += c.lines().count();
        text.push_str(c);
    }
    let file = dir.join(format!("cases-{b}.mlir"));
    std::fs::write(&file, &text).expect("write cases");
    let name = file.to_string_lossy().into_owned();
    let theirs = run(mlir_opt, &["--split-input-file"], &file);
    let ours = run(
        tensor_opt,
        &["--split-input-file", "--broadcast-semantics=mlir"],
        &file,
    );
    let spec = run(tensor_opt, &["--split-input-file"], &file);
    Batch {
        first,
        sources: sources.to_vec(),
        theirs_by: headers_by_chunk(&theirs.stderr, &name, &starts),
        ours_by: headers_by_chunk(&ours.stderr, &name, &starts),
        spec_by: headers_by_chunk(&spec.stderr, &name, &starts),
        theirs_out: theirs
            .stdout
            .split("// -----\n")
            .map(str::to_owned)
            .collect(),
        theirs_stderr: theirs.stderr,
        ours_stderr: ours.stderr,
    }
}

/// Hand-picked `(operand types, result type)` cases: each documented
/// difference, and upstream's own examples.
const DIRECTED: &[(&[&str], &str)] = &[
    // D1: no operand.
    (&[], "tensor<2xf32>"),
    // D2: result of higher rank than inferred (upstream matches a suffix).
    (&["tensor<3x2xf32>", "tensor<3x2xf32>"], "tensor<4x3x2xf32>"),
    (
        &["tensor<3x2xf32>", "tensor<3x2xf32>", "tensor<*xf32>"],
        "tensor<4x3x2xf32>",
    ),
    // D3: inferred `?`, static result.
    (&["tensor<?xf32>", "tensor<?xf32>"], "tensor<2xf32>"),
    // D4: `0` meets `?`: upstream infers `?`, the spec 0.
    (&["tensor<0xf32>", "tensor<?xf32>"], "tensor<3xf32>"),
    // D5: upstream's fold forgets the 0 (`0,? -> ?`, then `?,3 -> 3`).
    (
        &["tensor<0xf32>", "tensor<?xf32>", "tensor<3xf32>"],
        "tensor<*xf32>",
    ),
    // D6: the spec fails on the operands, upstream on the result.
    (
        &["tensor<0xf32>", "tensor<?xf32>", "tensor<3xf32>"],
        "tensor<2x2xf32>",
    ),
    // Same verdicts: seed 003's examples and upstream's traits.mlir shapes.
    (&["tensor<1x2xi32>", "tensor<1x2xi32>"], "tensor<1x2xi32>"),
    (&["tensor<4xi32>", "tensor<2x3x4xi32>"], "tensor<2x3x4xi32>"),
    (&["tensor<2xi1>", "tensor<2xi32>"], "tensor<2xi64>"),
    (&["tensor<*xi32>", "tensor<*xi32>"], "tensor<2xi32>"),
    (&["tensor<3xi32>", "tensor<2xi32>"], "tensor<?xi32>"),
    (&["tensor<3xi32>", "tensor<3xi32>"], "tensor<1x3xi32>"),
    (&["tensor<1xi32>", "tensor<1xi32>"], "tensor<4xi32>"),
    (
        &["tensor<4x3x2xi32>", "tensor<3x1xi32>"],
        "tensor<4x3x3xi32>",
    ),
    (&["tensor<?x6x1xi32>", "tensor<*xi32>"], "tensor<?x6x?xi32>"),
    (&["tensor<3x2xi32>", "tensor<*xi32>"], "tensor<2xi32>"),
    (&["tensor<4xf32>", "tensor<4xf32>"], "vector<4xf32>"),
];

fn directed(index: usize, operands: &[&str], result: &str) -> String {
    let args: Vec<String> = operands
        .iter()
        .enumerate()
        .map(|(i, t)| format!("%a{i}: {t}"))
        .collect();
    let names: Vec<String> = (0..operands.len()).map(|i| format!("%a{i}")).collect();
    format!(
        "func.func @case{index}({}) {{\n  %0 = \"test.broadcastable\"({}) : ({}) -> {result}\n  return\n}}\n",
        args.join(", "),
        names.join(", "),
        operands.join(", ")
    )
}

#[test]
fn mlir_semantics_agrees_with_mlir_opt() {
    let Some(mlir_opt) = common::mlir_opt() else {
        eprintln!(
            "note: skipping the differential test: mlir-opt (LLVM 22) not found; install mlir-22-tools or set MLIR_OPT"
        );
        return;
    };
    let tensor_opt = PathBuf::from(env!("CARGO_BIN_EXE_tensor-opt"));
    let seed: u64 = std::env::var("DIFF_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed_0003);
    let cases: usize = std::env::var("DIFF_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5000);
    // splitmix64 of the seed, so nearby seeds give unrelated streams.
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    let mut rng = Rng((z ^ (z >> 31)) | 1);

    // Directed cases first (one per documented difference, so coverage does
    // not depend on the seed), then random ones.
    let mut sources: Vec<String> = DIRECTED
        .iter()
        .enumerate()
        .map(|(i, (operands, result))| directed(i, operands, result))
        .collect();
    let directed_count = sources.len();
    sources.extend((directed_count..cases.max(directed_count)).map(|i| case(&mut rng, i)));
    let cases = sources.len();
    let dir = std::env::temp_dir().join(format!("tensor-opt-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");

    // Batches of chunks, one file each, run concurrently: mlir-opt takes
    // about a millisecond per chunk (a fresh context each), we take less.
    let batch_size = 500;
    let batches: Vec<Batch> = std::thread::scope(|scope| {
        let handles: Vec<_> = sources
            .chunks(batch_size)
            .enumerate()
            .map(|(b, chunk)| {
                let (dir, mlir_opt, tensor_opt) = (&dir, &mlir_opt, &tensor_opt);
                scope.spawn(move || run_batch(dir, b, b * batch_size, chunk, mlir_opt, tensor_opt))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("batch thread"))
            .collect()
    });

    // 1. Chunk by chunk, then byte for byte.
    let mut report = String::new();
    let mut disagreements = 0;
    let mut accepted = Vec::new();
    let mut theirs_valid = Vec::new();
    let mut ours_by = BTreeMap::new();
    let mut spec_by = BTreeMap::new();
    for batch in &batches {
        for (k, source) in batch.sources.iter().enumerate() {
            let i = batch.first + k;
            let (a, b) = (batch.theirs_by.get(&k), batch.ours_by.get(&k));
            if a != b {
                disagreements += 1;
                if disagreements <= 5 {
                    let _ = writeln!(
                        report,
                        "case {i}:\n{source}mlir-opt:   {a:?}\ntensor-opt: {b:?}\n"
                    );
                }
            }
            if a.is_none() {
                accepted.push(i);
                theirs_valid.push(batch.theirs_out.get(k).cloned().unwrap_or_default());
            }
            if let Some(h) = b {
                ours_by.insert(i, h.clone());
            }
            if let Some(h) = batch.spec_by.get(&k) {
                spec_by.insert(i, h.clone());
            }
        }
    }
    eprintln!(
        "differential: {cases} cases (seed {seed:#x}), mlir-opt accepts {}, {} disagreements",
        accepted.len(),
        disagreements
    );
    assert!(
        disagreements == 0,
        "{disagreements} of {cases} cases differ between mlir-opt and tensor-opt --broadcast-semantics=mlir:\n{report}"
    );
    for batch in &batches {
        assert_eq!(
            batch.theirs_stderr, batch.ours_stderr,
            "diagnostics must be byte-identical (batch from case {})",
            batch.first
        );
    }
    assert!(
        accepted.len() > cases / 5 && accepted.len() < cases * 4 / 5,
        "the generator should give a mix of valid and invalid ops ({} of {cases} valid)",
        accepted.len()
    );

    // The accepted ops alone: we print the same module text as mlir-opt did.
    let valid: String = accepted
        .iter()
        .map(|&i| sources[i].as_str())
        .collect::<Vec<_>>()
        .join("// -----\n");
    let valid_file = dir.join("valid.mlir");
    std::fs::write(&valid_file, valid).expect("write valid cases");
    let ours_valid = run(
        &tensor_opt,
        &["--split-input-file", "--broadcast-semantics=mlir"],
        &valid_file,
    );
    assert_eq!(ours_valid.stderr, "", "accepted cases must stay accepted");
    let ours_valid: Vec<&str> = ours_valid.stdout.split("// -----\n").collect();
    assert_eq!(ours_valid.len(), theirs_valid.len());
    for (k, (ours, theirs)) in ours_valid.iter().zip(&theirs_valid).enumerate() {
        assert_eq!(
            ours, theirs,
            "printed output differs for case {}",
            accepted[k]
        );
    }

    // 2. Spec vs upstream semantics: every difference is a documented one.
    let mut seen: BTreeMap<(String, String, &str), (usize, usize)> = BTreeMap::new();
    for i in 0..cases {
        let (s, m) = (kind(spec_by.get(&i)), kind(ours_by.get(&i)));
        if s != m {
            let entry = seen
                .entry((s, m, note_kind(spec_by.get(&i))))
                .or_insert((0, i));
            entry.0 += 1;
        }
    }
    let mut table = String::from("| spec | mlir | spec note | cases | example |\n");
    let mut unknown = Vec::new();
    for ((s, m, n), (count, example)) in &seen {
        let id = DIFFERENCES
            .iter()
            .find(|(_, ds, dm, dn)| ds == s && dm == m && dn == n)
            .map(|d| d.0);
        let _ = writeln!(
            table,
            "| {} {s} | {m} | {n} | {count} | case {example} |",
            id.unwrap_or("??")
        );
        if id.is_none() {
            unknown.push(sources[*example].clone());
        }
    }
    eprintln!("spec vs mlir differences:\n{table}");
    if std::env::var_os("DIFF_KEEP").is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(
        unknown.is_empty(),
        "undocumented spec-vs-mlir differences (add them to DIFFERENCES and docs/broadcasting.md):\n{table}\n{}",
        unknown.join("\n")
    );
    for (id, s, m, n) in DIFFERENCES {
        assert!(
            seen.keys()
                .any(|(ks, km, kn)| ks == s && km == m && kn == n),
            "documented difference {id} was not observed; the generator lost coverage"
        );
    }
}
