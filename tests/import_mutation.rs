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
                Ok(again) if again == printed => {}
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
    assert!(
        failures.is_empty(),
        "{} of {tried} mutants:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(tried > 1000, "only {tried} mutants were tried");
}
