//! `--mlir-pass-statistics`: the counters each pass reports
//! ([`tensor_ir::pass::PassOutcome::statistics`]), printed after a chunk's pipeline
//! ran in upstream's layout (`mlir/lib/Pass/PassStatistics.cpp`):
//!
//! ```text
//! ===-------------------------------------------------------------------------===
//!                          ... Pass statistics report ...
//! ===-------------------------------------------------------------------------===
//! CSE
//!   (S) 0 num-cse'd - Number of operations CSE'd
//!   (S) 1 num-dce'd - Number of operations DCE'd
//! ```
//!
//! Any pass gets its lines by returning counters from `Pass::run`; nothing here
//! names a pass. tensor-opt's passes all run on the module, so the pipeline view is
//! flat. (The LLVM 22 mlir-opt used as the oracle is built without LLVM_ENABLE_STATS
//! and prints only the header: the lines below it follow upstream's code.)

use std::fmt::Write as _;
use tensor_ir::pass::Statistic;

/// `--mlir-pass-statistics-display`: how the report lists passes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StatisticsDisplay {
    /// Each pass of the pipeline in order, with its counters (upstream's default).
    #[default]
    Pipeline,
    /// Passes with counters, merged by name (values summed) and sorted by name.
    List,
}

/// One pass of a chunk's pipeline and the counters of its run (none if it failed or
/// did not run).
#[derive(Debug)]
pub(crate) struct PassStatistics {
    pub name: &'static str,
    pub statistics: Vec<Statistic>,
}

/// The report for one run of a pipeline, with its closing blank line.
pub(crate) fn report(display: StatisticsDisplay, passes: &[PassStatistics]) -> String {
    let rule = format!("==={}===\n", "-".repeat(73));
    let title = "... Pass statistics report ...";
    let mut out = rule.clone();
    let _ = writeln!(out, "{:pad$}{title}", "", pad = (80 - title.len()) / 2);
    out.push_str(&rule);
    match display {
        StatisticsDisplay::Pipeline => {
            for p in passes {
                entry(&mut out, 0, p.name, p.statistics.clone());
            }
        }
        StatisticsDisplay::List => {
            let mut merged: Vec<(&str, Vec<Statistic>)> = Vec::new();
            for p in passes.iter().filter(|p| !p.statistics.is_empty()) {
                match merged.iter_mut().find(|(name, _)| *name == p.name) {
                    Some((_, stats)) => add_into(stats, &p.statistics),
                    None => merged.push((p.name, p.statistics.clone())),
                }
            }
            merged.sort_by(|a, b| a.0.cmp(b.0));
            for (name, stats) in merged {
                entry(&mut out, 2, name, stats);
            }
        }
    }
    out.push('\n');
    out
}

/// Sums `more` into `into`, counter by counter (by name: a pass reports the same
/// counters on every run, but a failed run reports none).
fn add_into(into: &mut Vec<Statistic>, more: &[Statistic]) {
    for s in more {
        match into.iter_mut().find(|t| t.name == s.name) {
            Some(t) => t.value = t.value.saturating_add(s.value),
            None => into.push(*s),
        }
    }
}

/// `name`, then `(S) value name - description` per counter, sorted by name, values
/// right-aligned and names left-aligned to the widest.
fn entry(out: &mut String, indent: usize, name: &str, mut stats: Vec<Statistic>) {
    let _ = writeln!(out, "{:indent$}{name}", "");
    stats.sort_by(|a, b| a.name.cmp(b.name));
    let name_width = stats.iter().map(|s| s.name.len()).max().unwrap_or(0);
    let value_width = stats
        .iter()
        .map(|s| s.value.to_string().len())
        .max()
        .unwrap_or(0);
    for s in &stats {
        let _ = writeln!(
            out,
            "{:pad$}(S) {:>value_width$} {:<name_width$} - {}",
            "",
            s.value,
            s.name,
            s.description,
            pad = indent + 2,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stat(name: &'static str, value: u64) -> Statistic {
        Statistic {
            name,
            description: "d",
            value,
        }
    }

    #[test]
    fn pipeline_and_list_layouts() {
        let passes = [
            PassStatistics {
                name: "CSE",
                statistics: vec![stat("num-dce'd", 1), stat("num-cse'd", 12)],
            },
            PassStatistics {
                name: "Canonicalizer",
                statistics: vec![],
            },
            PassStatistics {
                name: "CSE",
                statistics: vec![stat("num-cse'd", 3), stat("num-dce'd", 0)],
            },
        ];
        let header = "===-------------------------------------------------------------------------===\n                         ... Pass statistics report ...\n===-------------------------------------------------------------------------===\n";
        assert_eq!(
            report(StatisticsDisplay::Pipeline, &passes),
            format!(
                "{header}CSE\n  (S) 12 num-cse'd - d\n  (S)  1 num-dce'd - d\nCanonicalizer\nCSE\n  (S) 3 num-cse'd - d\n  (S) 0 num-dce'd - d\n\n"
            )
        );
        assert_eq!(
            report(StatisticsDisplay::List, &passes),
            format!("{header}  CSE\n    (S) 15 num-cse'd - d\n    (S)  1 num-dce'd - d\n\n")
        );
        assert_eq!(report(StatisticsDisplay::List, &[]), format!("{header}\n"));
    }
}
