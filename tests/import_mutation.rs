//! Mutation test of the import (`--convert-upstream-to-nd`): it must never change
//! a program's meaning (issue 24).
//!
//! Each example of `examples/` and each golden chunk the export tests use
//! (`test/Transforms/{convert-nd-to-upstream,convert-upstream-to-nd,lower-broadcast}`)
//! is lowered and exported; the export must import back. Then every scalar op and
//! constant of the export is mutated, one at a time: operands swapped, an op
//! replaced by a sibling (`addf` by `subf`, `maximumf` by `minimumf`, a `cmpi` or
//! `cmpf` predicate by the next), a constant changed (fill values, accumulators
//! and identities included: they are constants). Each mutant must be refused, or
//! import to a program that differs from the original's import and whose export
//! is the mutant itself (the import's program writes exactly the mutant's ops,
//! so it computes the mutant's values). No mutant may import unchanged.
//!
//! Runs in-process through the driver; prints the number of mutants tried.

use tensor_opt::driver::Options;
mod common;
use common::driver::{golden_chunks, options, step};
use common::jit::{self, Arg, Failure};
use common::{Rng, reference};

/// The passes each step runs, parsed once.
struct Steps {
    lower: Options,
    export: Options,
    import: Options,
    print: Options,
}

impl Steps {
    fn new() -> Self {
        Steps {
            lower: options(&["--lower-broadcast"]),
            export: options(&["--convert-nd-to-upstream"]),
            import: options(&["-allow-unregistered-dialect", "--convert-upstream-to-nd"]),
            print: options(&["-allow-unregistered-dialect"]),
        }
    }
}

/// The programs mutated: each example, and each golden chunk, by name.
fn programs() -> Vec<(String, String, bool)> {
    let mut out = Vec::new();
    let mut examples: Vec<_> =
        std::fs::read_dir(std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples"))
            .expect("examples exist")
            .map(|e| e.expect("readable").path())
            .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
            .collect();
    examples.sort();
    for p in examples {
        let text = std::fs::read_to_string(&p).expect("readable");
        out.push((p.display().to_string(), text, true));
    }
    out.extend(golden_chunks().into_iter().map(|(n, t)| (n, t, false)));
    out
}

/// Ops replaced by a sibling of the same type (the mutant still verifies).
const REPLACE: &[(&str, &str)] = &[
    ("arith.addf", "arith.subf"),
    ("arith.subf", "arith.addf"),
    ("arith.mulf", "arith.divf"),
    ("arith.divf", "arith.mulf"),
    ("arith.maximumf", "arith.minimumf"),
    ("arith.minimumf", "arith.maximumf"),
    ("arith.remf", "arith.subf"),
    ("arith.addi", "arith.subi"),
    ("arith.subi", "arith.addi"),
    ("arith.muli", "arith.addi"),
    ("arith.floordivsi", "arith.divsi"),
    ("arith.remsi", "arith.remui"),
    ("arith.maxsi", "arith.minsi"),
    ("arith.minsi", "arith.maxsi"),
    ("arith.andi", "arith.ori"),
    ("arith.ori", "arith.andi"),
    ("arith.xori", "arith.andi"),
    ("arith.maxui", "arith.minui"),
    ("math.exp", "math.log"),
    ("math.log", "math.exp"),
    ("math.sqrt", "math.exp"),
    ("math.tanh", "math.exp"),
    ("arith.negf", "math.absf"),
    ("math.absf", "arith.negf"),
    ("arith.sitofp", "arith.uitofp"),
    ("arith.uitofp", "arith.sitofp"),
    ("arith.extsi", "arith.extui"),
    ("arith.extui", "arith.extsi"),
    ("math.powf", "arith.mulf"),
];

/// The operand list `(...)` right after `"name"` on `line`, as its span.
fn operand_span(line: &str, name_end: usize) -> Option<(usize, usize)> {
    let rest = &line[name_end..];
    let open = rest.strip_prefix("\"(")?;
    let close = open.find(')')?;
    Some((name_end + 2, name_end + 2 + close))
}

/// The mutants of one line of the export (each a replacement line).
fn mutate_line(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let Some(start) = line.find("\"arith.").or_else(|| line.find("\"math.")) else {
        return out;
    };
    let name_end = start + 1 + line[start + 1..].find('"').unwrap_or(0);
    let name = &line[start + 1..name_end];
    // Operands swapped (two different ones), or select's branches.
    if let Some((a, b)) = operand_span(line, name_end) {
        let ops: Vec<&str> = line[a..b].split(", ").collect();
        let swapped = match ops.as_slice() {
            [x, y] if x != y && !x.is_empty() => Some(format!("{y}, {x}")),
            [c, t, f] if t != f => Some(format!("{c}, {f}, {t}")),
            _ => None,
        };
        if let Some(s) = swapped {
            out.push(format!("{}{s}{}", &line[..a], &line[b..]));
        }
    }
    if let Some((_, to)) = REPLACE.iter().find(|(from, _)| *from == name) {
        out.push(line.replacen(&format!("\"{name}\""), &format!("\"{to}\""), 1));
    }
    // The next predicate.
    if let Some(p) = line.find("predicate = ") {
        let digits: String = line[p + 12..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        if let Ok(n) = digits.parse::<u32>() {
            let count = if name == "arith.cmpf" { 16 } else { 10 };
            let next = (n + 1) % count;
            let end = p + 12 + digits.len();
            out.push(format!("{}{next}{}", &line[..p + 12], &line[end..]));
        }
    }
    // A scalar constant changed.
    if name == "arith.constant"
        && let Some(v) = line.find("value = ")
    {
        let rest = &line[v + 8..];
        let value_end = rest.find(" : ").unwrap_or(0);
        let value = &rest[..value_end];
        let changed = if value == "true" {
            Some("false".to_owned())
        } else if value == "false" {
            Some("true".to_owned())
        } else if value.starts_with("0x") {
            Some("0.000000e+00".to_owned())
        } else if let Ok(i) = value.parse::<i64>() {
            Some((i + 1).to_string())
        } else if let Ok(f) = value.parse::<f64>() {
            Some(format!("{:e}", changed_float(f)))
        } else if let Some(inner) = value
            .strip_prefix("dense<")
            .and_then(|s| s.strip_suffix('>'))
        {
            // A splat (the first entry otherwise).
            let first_end = inner.find([',', ']']).unwrap_or(inner.len());
            let lead = inner[..first_end].trim_start_matches('[');
            let skip = first_end - lead.len();
            let changed = if let Ok(i) = lead.parse::<i64>() {
                Some((i + 1).to_string())
            } else if let Ok(f) = lead.parse::<f64>() {
                Some(format!("{:e}", changed_float(f)))
            } else if lead == "true" || lead == "false" {
                Some(if lead == "true" { "false" } else { "true" }.to_owned())
            } else {
                None
            };
            changed.map(|c| format!("dense<{}{c}{}>", &inner[..skip], &inner[first_end..]))
        } else {
            None
        };
        if let Some(c) = changed {
            let at = v + 8;
            out.push(format!("{}{c}{}", &line[..at], &line[at + value_end..]));
        }
    }
    out
}

/// A float constant changed so that it differs in every float type the export
/// writes: `f + 1` rounds back to `f` from 256 on in `bf16` (and from 2^24 in
/// `f32`, as `-2147483648 + 1` does), so a large magnitude is doubled instead.
fn changed_float(f: f64) -> f64 {
    if f.abs() < 256.0 { f + 1.0 } else { f * 2.0 }
}

/// Every mutant of `text`: (line number, mutated text).
fn mutants(text: &str) -> Vec<(usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        for m in mutate_line(line) {
            let mut copy: Vec<&str> = lines.clone();
            copy[i] = &m;
            out.push((i + 1, copy.join("\n") + "\n"));
        }
    }
    out
}

/// How many mutants of one golden chunk are tried.
const GOLDEN_MUTANTS: usize = 12;

/// With `MUTATION_VERBOSE` set, prints `what` now (progress and failures).
fn verbose(what: Option<&String>) {
    if let Some(w) = what
        && std::env::var_os("MUTATION_VERBOSE").is_some()
    {
        eprintln!("{w}");
    }
}

#[test]
fn mutants_of_exports_are_refused_or_imported_exactly() {
    let steps = Steps::new();
    let (mut tried, mut refused, mut imported, mut programs_used) = (0usize, 0usize, 0, 0);
    let mut failures = Vec::new();
    let mut runnable = Vec::new();
    for (name, text, example) in programs() {
        let Ok(lowered) = step(&steps.lower, &text) else {
            continue;
        };
        let Ok(exported) = step(&steps.export, &lowered) else {
            continue;
        };
        let base = match step(&steps.import, &exported) {
            Ok(b) => b,
            Err(e) => {
                // Every example's export imports back; a golden chunk the import
                // refuses gives no base to compare mutants with.
                assert!(!example, "{name}: the export does not import back:\n{e}");
                continue;
            }
        };
        programs_used += 1;
        let started = std::time::Instant::now();
        let all = mutants(&exported);
        let count = all.len();
        // Every mutant of the examples; of a golden chunk, at most
        // GOLDEN_MUTANTS spread over its text (the suite stays a minute or two).
        let stride = if example {
            1
        } else {
            count.div_ceil(GOLDEN_MUTANTS).max(1)
        };
        for (line, mutant) in all.into_iter().step_by(stride) {
            // A mutant upstream itself rejects is no program.
            let Ok(printed) = step(&steps.print, &mutant) else {
                continue;
            };
            tried += 1;
            let Ok(back) = step(&steps.import, &mutant) else {
                refused += 1;
                continue;
            };
            imported += 1;
            if back == base {
                failures.push(format!("{name}: mutant at line {line} imports unchanged"));
                verbose(failures.last());
                continue;
            }
            match step(&steps.export, &back) {
                Ok(again) if again == printed => runnable.push(Imported {
                    name: format!("{name} line {line}"),
                    mutant,
                    back,
                }),
                Ok(again) => failures.push(format!(
                    "{name}: mutant at line {line} imports to a program whose export is \
                     not the mutant:\n--- mutant\n{printed}\n--- export of its import\n{again}"
                )),
                Err(e) => failures.push(format!(
                    "{name}: mutant at line {line} imports to a program that does not \
                     export:\n{e}"
                )),
            }
            verbose(failures.last());
        }
        if std::env::var_os("MUTATION_VERBOSE").is_some() {
            eprintln!("{name}: {count} mutants in {:?}", started.elapsed());
        }
    }
    eprintln!(
        "{tried} mutants of the exports of {programs_used} programs: {refused} refused, \
         {imported} imported exactly"
    );
    run_imported(&runnable, &mut failures);
    assert!(
        failures.is_empty(),
        "{} of {tried} mutants:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(tried > 1000, "only {tried} mutants were tried");
}

/// An imported mutant: its text (upstream MLIR) and the nd program it imports to.
struct Imported {
    name: String,
    mutant: String,
    back: String,
}

/// A function of the mutant the JIT can call: its name and its parameter and
/// result types, all tensors.
struct Signature {
    name: String,
    params: Vec<String>,
    results: Vec<String>,
}

/// The functions with a body whose parameters and results are all tensors (the
/// others are left out: the JIT wrapper passes and prints tensors only).
fn signatures(text: &str) -> Vec<Signature> {
    text.lines()
        .filter_map(|l| {
            let rest = l.trim().strip_prefix("func.func ")?;
            let rest = rest.strip_prefix("private ").unwrap_or(rest);
            let (name, rest) = rest.strip_prefix('@')?.split_once('(')?;
            let rest = rest.strip_suffix(" {")?;
            // Tensor types hold no parentheses: the first closes the parameters.
            let (params, results) = rest.split_once(')')?;
            let params: Vec<String> = params
                .split(", %")
                .filter(|p| !p.is_empty())
                // An argument's attributes (`{nd.dim_names = [...]}`) follow its type.
                .map(|p| {
                    p.split_once(": ")
                        .map(|(_, t)| t.split_once(" {").map_or(t, |(t, _)| t).to_owned())
                })
                .collect::<Option<_>>()?;
            let results = results.trim().strip_prefix("->").unwrap_or("").trim();
            let results = results.strip_prefix('(').unwrap_or(results);
            let results = results.strip_suffix(')').unwrap_or(results);
            let results: Vec<String> = results
                .split(", ")
                .filter(|r| !r.is_empty())
                .map(str::to_owned)
                .collect();
            params
                .iter()
                .chain(&results)
                .all(|t| t.starts_with("tensor<") && !t.contains(','))
                .then(|| Signature {
                    name: name.to_owned(),
                    params,
                    results,
                })
        })
        .collect()
}

/// The sizes of a tensor type, `?` given `dynamic`; an unranked type is taken as
/// one dimension of size `dynamic`.
fn sizes(ty: &str, dynamic: u64) -> Vec<u64> {
    let elem = jit::element_type(ty);
    let dims = ty
        .trim_start_matches("tensor<")
        .trim_end_matches('>')
        .strip_suffix(elem)
        .unwrap_or("");
    dims.split('x')
        .filter(|d| !d.is_empty())
        .map(|d| match d {
            "?" | "*" => dynamic,
            n => n.parse().unwrap_or(1),
        })
        .collect()
}

/// A pseudo-random literal of type `ty` with `?` of size `dynamic`: integers in
/// -5..=5 without 0 (a zero divisor would only test the check, not the values),
/// floats in quarters from -2 to 2 (exact in every float type), `i1` either way.
fn literal(ty: &str, dynamic: u64, rng: &mut Rng) -> String {
    let elem = jit::element_type(ty);
    let shape = sizes(ty, dynamic);
    let mut element = || -> String {
        match elem {
            "i1" => (if rng.chance(50) { "true" } else { "false" }).to_owned(),
            e if e.starts_with('i') => {
                let v = rng.below(10) as i64 - 5;
                (if v >= 0 { v + 1 } else { v }).to_string()
            }
            _ => format!("{:.2}", (rng.below(17) as f64 - 8.0) / 4.0),
        }
    };
    fn nest(shape: &[u64], element: &mut dyn FnMut() -> String) -> String {
        match shape.split_first() {
            None => element(),
            Some((&n, rest)) => {
                let items: Vec<String> = (0..n).map(|_| nest(rest, element)).collect();
                format!("[{}]", items.join(", "))
            }
        }
    }
    let dims: String = shape.iter().map(|d| format!("{d}x")).collect();
    format!(
        "dense<{}> : tensor<{dims}{elem}>",
        nest(&shape, &mut element)
    )
}

/// The float deviation allowed between the JIT and tensor-run, relative to the
/// larger magnitude (at least 1). Both compute in the element type, but `math.exp`,
/// `math.tanh` and the like are LLVM's and libm's against Rust's, and a
/// reduction or matmul may sum in another order, so a few units in the last place
/// differ; the mutations change values by far more (an operand swapped, an op
/// replaced, a constant moved by 1 or doubled).
fn tolerance(elem: &str) -> f64 {
    match elem {
        "f64" => 1e-12,
        "f32" => 1e-5,
        _ => 1e-2,
    }
}

/// Counts of the JIT runs of the imported mutants.
#[derive(Default)]
struct JitCounts {
    mutants: usize,
    runs: usize,
    same_values: usize,
    exact: usize,
    both_fail: usize,
}

/// Every imported mutant runs in MLIR's JIT and its import in tensor-run, on the
/// same pseudo-random inputs for each function: `?` of size 3, and again of size
/// 1 when the function has one. The two must give the same bits (any NaN matching
/// any NaN), or both fail, the JIT on a `cf.assert`. Skipped with a message when
/// the LLVM 22 tools are missing.
fn run_imported(imported: &[Imported], failures: &mut Vec<String>) {
    let Some(tools) = jit::tools() else {
        eprintln!(
            "import_mutation: the JIT runs of the {} imported mutants are skipped \
             (mlir-opt, mlir-runner or libmlir_c_runner_utils.so of LLVM 22 not found; \
             set MLIR_OPT, MLIR_RUNNER, MLIR_RUNNER_UTILS)",
            imported.len()
        );
        return;
    };
    // Two workers (each run waits on mlir-opt and mlir-runner processes).
    let workers = 2;
    let (counts, found) = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|w| {
                let tools = &tools;
                scope.spawn(move || {
                    let mut counts = JitCounts::default();
                    let mut found = Vec::new();
                    for (m, imp) in imported.iter().enumerate().skip(w).step_by(workers) {
                        run_mutant(tools, m, imp, &mut counts, &mut found);
                    }
                    (counts, found)
                })
            })
            .collect();
        let mut all = (JitCounts::default(), Vec::new());
        for h in handles {
            let (c, f) = h.join().expect("a JIT worker does not panic");
            all.0.mutants += c.mutants;
            all.0.runs += c.runs;
            all.0.same_values += c.same_values;
            all.0.exact += c.exact;
            all.0.both_fail += c.both_fail;
            all.1.extend(f);
        }
        all
    });
    failures.extend(found);
    eprintln!(
        "import_mutation: {} of {} imported mutants run in the JIT (the others have no \
         function of tensors only, or a `test` op), {} runs: {} with the values of tensor-run on their \
         import ({} bit-exact, the rest within the float tolerance), {} failing in both",
        counts.mutants,
        imported.len(),
        counts.runs,
        counts.same_values,
        counts.exact,
        counts.both_fail
    );
}

/// Runs each function of one imported mutant in the JIT and its import in
/// tensor-run (see [`run_imported`]), counting into `counts`, each disagreement
/// pushed on `failures`.
fn run_mutant(
    tools: &jit::Tools,
    m: usize,
    imp: &Imported,
    counts: &mut JitCounts,
    failures: &mut Vec<String>,
) {
    let mut ran = false;
    // An op of the unregistered `test` dialect has no lowering and no kernel.
    let runnable = !imp.mutant.contains("\"test.");
    for sig in signatures(&imp.mutant).into_iter().filter(|_| runnable) {
        let dynamic = sig
            .params
            .iter()
            .any(|t| t.contains('?') || t.contains('*'));
        for size in if dynamic { &[3, 1][..] } else { &[3][..] } {
            let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ ((m as u64 + 1) * 7919 + size));
            let lits: Vec<String> = sig
                .params
                .iter()
                .map(|t| literal(t, *size, &mut rng))
                .collect();
            let args: Vec<Arg> = lits
                .iter()
                .zip(&sig.params)
                .map(|(l, p)| Arg::new(l, p))
                .collect();
            ran = true;
            counts.runs += 1;
            let got = jit::run(tools, &imp.mutant, &sig.name, &args, &sig.results);
            let scratch = format!("import_mutation/{m}");
            let want = reference::run(&scratch, &imp.back, &sig.name, &lits, &sig.results, true);
            let verdict = match (&got, &want) {
                (Ok(v), Ok(r)) => {
                    reference::compare(&sig.results, v, r, Some(tolerance)).map(|worst| {
                        counts.same_values += 1;
                        counts.exact += usize::from(worst == 0.0);
                    })
                }
                (Err(f @ Failure::Run { .. }), Err(_)) if f.assert_message().is_some() => {
                    counts.both_fail += 1;
                    Ok(())
                }
                _ => Err(format!("the JIT gives {got:?}, tensor-run {want:?}")),
            };
            if let Err(e) = verdict {
                failures.push(format!(
                    "{} @{} (? = {size}): the mutant and its import disagree on {lits:?}: \
                     {e}\n--- mutant\n{}\n--- import\n{}",
                    imp.name, sig.name, imp.mutant, imp.back
                ));
                verbose(failures.last());
            }
        }
    }
    if ran {
        counts.mutants += 1;
    } else {
        eprintln!(
            "import_mutation: {} not run in the JIT: no function of tensors only, or a \
             `test` op",
            imp.name
        );
    }
}
