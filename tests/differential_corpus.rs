//! Differential test of verdicts against upstream `mlir-opt` (LLVM 22) on random
//! mutations of the test corpus.
//!
//! The chunks of `test/**/*.mlir` (split at `// -----`) that upstream can read
//! (those without our `nd` dialect) are mutated at the token level: tokens deleted,
//! repeated or replaced by other tokens of the corpus, numbers replaced by boundary
//! values, types by other types, lines swapped. Each mutant goes through both tools
//! (`--allow-unregistered-dialect`, and `--broadcast-semantics=mlir` for ours) and
//! the verdicts (accepted or rejected) must agree. Mutants are batched as `// -----`
//! chunks of one file, so each tool runs once per batch; errors are attributed to
//! chunks by line, and every disagreement is confirmed on the chunk alone.
//!
//! A confirmed disagreement fails the test unless it is one of the documented
//! [`KNOWN`] differences (`docs/differential.md`). Mutants on which `mlir-opt`
//! crashes are counted and skipped; `tensor-opt` must never crash (exit 0 or 1).
//!
//! Skipped, with a note, when `mlir-opt` is not installed (`MLIR_OPT` overrides
//! `/usr/lib/llvm-22/bin/mlir-opt`). `DIFF_CORPUS_CASES` sets the number of
//! mutants (400 by default, a few seconds) and `DIFF_CORPUS_SEED` the seed;
//! `scripts/differential.sh` runs long campaigns.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::Rng;

/// A documented difference: why the tools disagree on a mutant, recognized from
/// the mutant and the two tools' messages. Each is explained in
/// `docs/differential.md`.
struct Known {
    name: &'static str,
    matches: fn(text: &str, ours: &str, theirs: &str) -> bool,
}

const KNOWN: &[Known] = &[
    Known {
        name: "integer elements wider than 128 bits",
        matches: |_, ours, _| ours.contains("are not supported: widths from 1 to 128 bits are"),
    },
    Known {
        name: "nesting and alias expansion limits",
        matches: |_, ours, _| {
            ours.contains("nesting deeper than") || ours.contains("aliases expand to more than")
        },
    },
];

/// The corpus chunks upstream can read.
fn corpus() -> Vec<String> {
    let mut files = Vec::new();
    let mut dirs = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("test")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir)
            .expect("test/ is readable")
            .flatten()
        {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "mlir") {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut chunks = Vec::new();
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        // Only tensor-opt's inputs (not the runner's self-tests of other tools,
        // which use dialects tensor-opt does not have).
        if !text
            .lines()
            .any(|l| l.contains("RUN:") && l.contains("tensor-opt"))
        {
            continue;
        }
        let mut chunk = String::new();
        for line in text.split_inclusive('\n') {
            if line.starts_with("// -----") {
                chunks.push(std::mem::take(&mut chunk));
            } else {
                chunk.push_str(line);
            }
        }
        chunks.push(chunk);
    }
    // tensor-opt's test dialect verifies broadcasting on `test.broadcastable*`
    // ops, which mlir-opt reads as unregistered and accepts. mlir-opt has no
    // stablehlo (tests/stablehlo_torch_mlir.rs compares those with torch-mlir-opt).
    chunks.retain(|c| {
        !c.contains("nd.")
            && !c.contains("test.broadcastable")
            && !c.contains("stablehlo.")
            && !c.trim().is_empty()
    });
    assert!(
        chunks.len() > 50,
        "the corpus should hold upstream-readable chunks"
    );
    chunks
}

/// Splits text into tokens (blanks and comments included), so joining them gives
/// the text back.
fn tokens(text: &str) -> Vec<&str> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let word = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.' | b'-');
    while i < b.len() {
        let start = i;
        let c = b[i];
        if c.is_ascii_whitespace() {
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
        } else if text[i..].starts_with("//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if c == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' && b[i] != b'\n' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
        } else if text[i..].starts_with("->") || text[i..].starts_with("::") {
            i += 2;
        } else if matches!(c, b'%' | b'^' | b'#' | b'!' | b'@') || word(c) {
            i += 1;
            while i < b.len() && word(b[i]) && !(b[i] == b'-' && b.get(i + 1) == Some(&b'>')) {
                i += 1;
            }
        } else {
            i += text[i..].chars().next().map_or(1, char::len_utf8);
        }
        while !text.is_char_boundary(i) {
            i += 1;
        }
        out.push(&text[start..i.min(text.len())]);
    }
    out
}

const NUMBERS: &[&str] = &[
    "0",
    "-0",
    "1",
    "-1",
    "2",
    "7",
    "127",
    "128",
    "-129",
    "255",
    "256",
    "65535",
    "2147483648",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775809",
    "18446744073709551616",
    "0x7F",
    "0xFFFFFFFFFFFFFFFF",
    "1.5",
    "-0.0",
    "1.0e39",
    "0x7FC00000",
];

const TYPES: &[&str] = &[
    "i1",
    "i7",
    "i8",
    "i16",
    "i32",
    "i64",
    "i128",
    "si8",
    "ui8",
    "index",
    "f16",
    "bf16",
    "f32",
    "f64",
    "none",
    "tuple<i32>",
    "tuple<>",
    "complex<f32>",
    "tensor<2xi32>",
    "tensor<*xf32>",
    "tensor<?x3xf32>",
    "vector<2xf32>",
    "() -> ()",
    "(i32) -> i32",
];

fn is_number(t: &str) -> bool {
    t.bytes().next().is_some_and(|c| c.is_ascii_digit())
}

fn is_type(t: &str) -> bool {
    TYPES.contains(&t) || matches!(t, "tensor" | "vector" | "tuple" | "complex")
}

/// A mutant of `chunk`: one to three token-level edits.
fn mutate(rng: &mut Rng, chunk: &str, pool: &[&str]) -> String {
    let mut toks: Vec<String> = tokens(chunk).into_iter().map(str::to_owned).collect();
    for _ in 0..1 + rng.index(3) {
        if toks.is_empty() {
            break;
        }
        let solid: Vec<usize> = (0..toks.len())
            .filter(|&i| !toks[i].trim().is_empty() && !toks[i].starts_with("//"))
            .collect();
        if solid.is_empty() {
            break;
        }
        let at = *rng.pick(&solid);
        match rng.index(7) {
            0 => {
                toks.remove(at);
            }
            1 => {
                let t = toks[at].clone();
                toks.insert(at, t);
            }
            2 | 3 => toks[at] = (*rng.pick(pool)).to_owned(),
            4 => {
                let numbers: Vec<usize> = solid
                    .iter()
                    .copied()
                    .filter(|&i| is_number(&toks[i]))
                    .collect();
                let i = if numbers.is_empty() {
                    at
                } else {
                    *rng.pick(&numbers)
                };
                toks[i] = (*rng.pick(NUMBERS)).to_owned();
            }
            5 => {
                let types: Vec<usize> = solid
                    .iter()
                    .copied()
                    .filter(|&i| is_type(&toks[i]))
                    .collect();
                let i = if types.is_empty() {
                    at
                } else {
                    *rng.pick(&types)
                };
                toks[i] = (*rng.pick(TYPES)).to_owned();
            }
            _ => {
                // Swap two lines: uses before definitions, terminators in the middle.
                let text: String = toks.concat();
                let mut lines: Vec<&str> = text.split_inclusive('\n').collect();
                if lines.len() > 1 {
                    let (a, b) = (rng.index(lines.len()), rng.index(lines.len()));
                    lines.swap(a, b);
                }
                let swapped = lines.concat();
                toks = tokens(&swapped).into_iter().map(str::to_owned).collect();
            }
        }
    }
    let mut text = toks.concat();
    // A chunk separator inside a mutant would shift the attribution of errors.
    if text.contains("// -----") {
        text = text.replace("// -----", "// ----");
    }
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

struct Run {
    /// The exit code; `None` when killed by a signal (a crash) or the time limit.
    code: Option<i32>,
    stderr: String,
}

/// Runs `tool` on `file`, killing it after `limit`.
fn run(tool: &Path, args: &[&str], file: &Path, limit: Duration) -> Run {
    let mut child = Command::new(tool)
        .args(args)
        .arg(file)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", tool.display()));
    let mut stderr = child.stderr.take().expect("piped stderr");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut s);
        s
    });
    let deadline = Instant::now() + limit;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(5)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
        }
    };
    let stderr = reader.join().unwrap_or_default();
    let crashed = stderr.contains("PLEASE submit a bug report");
    Run {
        code: status.and_then(|s| s.code()).filter(|_| !crashed),
        stderr,
    }
}

/// The chunks (by index) that `stderr` reports an error in, given the first line
/// of each chunk; `None` when an error cannot be placed (it names another file, or
/// no location).
fn rejected_chunks(stderr: &str, file: &str, starts: &[usize]) -> Option<BTreeSet<usize>> {
    let mut out = BTreeSet::new();
    for line in stderr.lines() {
        let Some(head) = line
            .split(": error: ")
            .next()
            .filter(|_| line.contains(": error: "))
        else {
            continue;
        };
        let mut parts = head.rsplitn(3, ':');
        let (_col, line_no, name) = (parts.next()?, parts.next()?, parts.next()?);
        if name != file {
            return None;
        }
        let n: usize = line_no.parse().ok()?;
        out.insert(starts.partition_point(|&s| s <= n).checked_sub(1)?);
    }
    Some(out)
}

struct Tools {
    ours: PathBuf,
    theirs: PathBuf,
    dir: PathBuf,
}

const OURS: &[&str] = &["--allow-unregistered-dialect", "--broadcast-semantics=mlir"];
const THEIRS: &[&str] = &["--allow-unregistered-dialect"];

/// The verdicts of both tools on one chunk alone: `(ours rejects, theirs rejects)`,
/// with the messages; `None` when mlir-opt crashed or timed out.
fn alone(tools: &Tools, name: &str, text: &str) -> Option<(bool, bool, String, String)> {
    let file = tools.dir.join(name);
    std::fs::write(&file, text).expect("temp file");
    let ours = run(&tools.ours, OURS, &file, Duration::from_secs(60));
    let theirs = run(&tools.theirs, THEIRS, &file, Duration::from_secs(60));
    let code = ours
        .code
        .unwrap_or_else(|| panic!("tensor-opt crashed or hung on:\n{text}\n{}", ours.stderr));
    assert!(
        code == 0 || code == 1,
        "tensor-opt exited {code} on:\n{text}"
    );
    let theirs_code = theirs.code?;
    Some((code != 0, theirs_code != 0, ours.stderr, theirs.stderr))
}

#[derive(Default)]
struct Tally {
    cases: usize,
    agreed: usize,
    upstream_crashes: usize,
    known: BTreeMap<&'static str, usize>,
    failures: Vec<String>,
}

fn check_batch(tools: &Tools, id: usize, mutants: &[String], tally: &mut Tally) {
    let mut text = String::new();
    let mut starts = Vec::with_capacity(mutants.len());
    let mut line = 1;
    for (i, m) in mutants.iter().enumerate() {
        if i > 0 {
            text.push_str("// -----\n");
            line += 1;
        }
        starts.push(line);
        text.push_str(m);
        line += m.matches('\n').count();
    }
    let file = tools.dir.join(format!("batch-{id}.mlir"));
    std::fs::write(&file, &text).expect("temp file");
    let name = file.to_string_lossy().into_owned();
    let mut split = vec!["--split-input-file"];
    let ours = run(
        &tools.ours,
        &[OURS, &split].concat(),
        &file,
        Duration::from_secs(120),
    );
    split.extend(THEIRS);
    let theirs = run(&tools.theirs, &split, &file, Duration::from_secs(120));
    let ours_code = ours
        .code
        .unwrap_or_else(|| panic!("tensor-opt crashed or hung on batch {id}:\n{}", ours.stderr));
    assert!(
        ours_code == 0 || ours_code == 1,
        "tensor-opt exited {ours_code}"
    );
    let ours_rejected = rejected_chunks(&ours.stderr, &name, &starts);
    let theirs_rejected = theirs
        .code
        .and_then(|_| rejected_chunks(&theirs.stderr, &name, &starts));
    // Chunks to look at alone: those whose verdicts differ, or all of them when a
    // batch's errors cannot be placed or mlir-opt crashed on it.
    let suspects: Vec<usize> = match (ours_rejected, theirs_rejected) {
        (Some(a), Some(b)) => a.symmetric_difference(&b).copied().collect(),
        _ => (0..mutants.len()).collect(),
    };
    tally.cases += mutants.len();
    tally.agreed += mutants.len() - suspects.len();
    for i in suspects {
        let m = &mutants[i];
        let Some((ours_rejects, theirs_rejects, ours_msg, theirs_msg)) =
            alone(tools, &format!("case-{id}-{i}.mlir"), m)
        else {
            tally.upstream_crashes += 1;
            continue;
        };
        if ours_rejects == theirs_rejects {
            tally.agreed += 1;
            continue;
        }
        if let Some(k) = KNOWN
            .iter()
            .find(|k| (k.matches)(m, &ours_msg, &theirs_msg))
        {
            *tally.known.entry(k.name).or_default() += 1;
            continue;
        }
        let verdict = |r: bool| if r { "rejects" } else { "accepts" };
        tally.failures.push(format!(
            "tensor-opt {} and mlir-opt {} (batch {id}, chunk {i}):\n{m}\n--- tensor-opt:\n{ours_msg}\n--- mlir-opt:\n{theirs_msg}",
            verdict(ours_rejects),
            verdict(theirs_rejects),
        ));
    }
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn verdicts_agree_with_mlir_opt_on_mutated_corpus() {
    let Some(theirs) = common::mlir_opt() else {
        eprintln!(
            "note: skipping the corpus differential test: mlir-opt (LLVM 22) not found; install mlir-22-tools or set MLIR_OPT"
        );
        return;
    };
    let cases = usize::try_from(env_number("DIFF_CORPUS_CASES", 400)).unwrap_or(400);
    let seed = env_number("DIFF_CORPUS_SEED", 0x5eed_c0de);
    let chunks = corpus();
    let pool: Vec<&str> = chunks
        .iter()
        .flat_map(|c| tokens(c))
        .filter(|t| !t.trim().is_empty() && !t.starts_with("//"))
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let dir = std::env::temp_dir().join(format!("tensor-opt-diff-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let tools = Tools {
        ours: PathBuf::from(env!("CARGO_BIN_EXE_tensor-opt")),
        theirs,
        dir,
    };
    let mut rng = Rng(seed | 1);
    let mutants: Vec<String> = (0..cases)
        .map(|_| {
            let chunk = rng.pick(&chunks).clone();
            mutate(&mut rng, &chunk, &pool)
        })
        .collect();
    let mut tally = Tally::default();
    for (id, batch) in mutants.chunks(200).enumerate() {
        check_batch(&tools, id, batch, &mut tally);
    }
    let _ = std::fs::remove_dir_all(&tools.dir);
    eprintln!(
        "corpus differential: {} mutants (seed {seed:#x}), {} agreed, {} documented differences {:?}, {} skipped (mlir-opt crashed), {} undocumented",
        tally.cases,
        tally.agreed,
        tally.known.values().sum::<usize>(),
        tally.known,
        tally.upstream_crashes,
        tally.failures.len()
    );
    assert!(
        tally.failures.is_empty(),
        "{} undocumented differences; the first ones:\n\n{}",
        tally.failures.len(),
        tally
            .failures
            .iter()
            .take(5)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n\n")
    );
}

#[test]
fn tokens_join_back_to_the_text() {
    for chunk in corpus().iter().take(200) {
        assert_eq!(tokens(chunk).concat(), *chunk);
    }
}
