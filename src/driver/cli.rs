//! Command-line options, spelled as mlir-opt spells them. LLVM tools accept long
//! options with one dash (`-split-input-file`), so those are normalized first.

use broadcastable::Semantics;
use clap::{Arg, ArgAction, ArgMatches, Command};
use tensor_transforms::verify_broadcast;

/// A pass to run after parsing and verification.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// `--verify-broadcast[=check|refine]`.
    VerifyBroadcast(verify_broadcast::Mode),
}

impl Pass {
    /// The name `--mlir-timing` reports.
    pub fn name(self) -> &'static str {
        match self {
            Pass::VerifyBroadcast(_) => "VerifyBroadcast",
        }
    }
}

/// Options of one tensor-opt run.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Input path, `-` for standard input.
    pub input: String,
    /// Output path (`-o`).
    pub output: Option<String>,
    /// `--split-input-file`.
    pub split_input_file: bool,
    /// `--verify-diagnostics`.
    pub verify_diagnostics: bool,
    /// `--verify-diagnostics=only-expected`: diagnostics no comment expects are not
    /// errors.
    pub only_expected: bool,
    /// `--mlir-print-op-generic`.
    pub print_generic: bool,
    /// `--mlir-print-debuginfo`.
    pub print_debuginfo: bool,
    /// `--allow-unregistered-dialect`.
    pub allow_unregistered: bool,
    /// `--mlir-timing`: report the wall time of each phase on standard error.
    pub timing: bool,
    /// The passes, in command-line order.
    pub passes: Vec<Pass>,
    /// `--broadcast-semantics=spec|mlir` (spec by default).
    pub broadcast_semantics: Semantics,
    /// `--mlir-print-elementsattrs-with-hex-if-larger=<n>`: dense attributes of more
    /// than n elements print as hex; -1 never. `None` keeps upstream's default, 100.
    pub elements_hex_limit: Option<i64>,
}

fn command() -> Command {
    let flag = |name: &'static str, help: &'static str| {
        Arg::new(name)
            .long(name)
            .action(ArgAction::SetTrue)
            .help(help)
    };
    Command::new("tensor-opt")
        .version(env!("CARGO_PKG_VERSION"))
        .about("Parse, verify, transform and print tensor programs in MLIR's textual format")
        .arg(
            Arg::new("input")
                .default_value("-")
                .help("Input file, or - for standard input"),
        )
        .arg(
            Arg::new("output")
                .short('o')
                .value_name("file")
                .help("Output file (default: standard output)"),
        )
        .arg(flag(
            "split-input-file",
            "Split the input at '// -----' lines and process each chunk independently",
        ))
        .arg(
            Arg::new("verify-diagnostics")
                .long("verify-diagnostics")
                .value_name("which")
                .num_args(0..=1)
                .require_equals(true)
                .default_missing_value("all")
                .value_parser(["all", "only-expected"])
                .help(
                    "Check that emitted diagnostics match expected-* comments in the input; \
                     =only-expected ignores diagnostics no comment expects",
                ),
        )
        .arg(flag(
            "mlir-print-op-generic",
            "Print every operation in the generic form",
        ))
        .arg(flag(
            "mlir-print-debuginfo",
            "Print the location of every operation",
        ))
        .arg(flag(
            "allow-unregistered-dialect",
            "Accept operations of unregistered dialects",
        ))
        .arg(flag(
            "mlir-timing",
            "Report the time spent in each phase on standard error",
        ))
        .arg(
            Arg::new("verify-broadcast")
                .long("verify-broadcast")
                .value_name("mode")
                .num_args(0..=1)
                .require_equals(true)
                .default_missing_value("check")
                .value_parser(["check", "refine"])
                .action(ArgAction::Append)
                .help(
                    "Pass: infer every broadcastable op's result and check the declared type, \
                     reporting every failing op; =refine also replaces less precise result types \
                     by the inferred ones",
                ),
        )
        .arg(
            Arg::new("mlir-print-elementsattrs-with-hex-if-larger")
                .long("mlir-print-elementsattrs-with-hex-if-larger")
                .value_name("n")
                .require_equals(true)
                .allow_negative_numbers(true)
                .value_parser(clap::value_parser!(i64))
                .help(
                    "Print dense attributes of more than n elements as hex strings \
                     (default 100; -1 never)",
                ),
        )
        .arg(
            Arg::new("broadcast-semantics")
                .long("broadcast-semantics")
                .value_name("semantics")
                .value_parser(["spec", "mlir"])
                .default_value("spec")
                .help(
                    "Broadcastable trait rules: the spec (default) or exactly upstream mlir-opt (LLVM 22)",
                ),
        )
}

/// The pass flags in command-line order (clap groups values by flag, so the
/// order comes from their indices).
fn passes(m: &ArgMatches) -> Vec<Pass> {
    let mut passes: Vec<(usize, Pass)> = Vec::new();
    if let (Some(indices), Some(values)) = (
        m.indices_of("verify-broadcast"),
        m.get_many::<String>("verify-broadcast"),
    ) {
        for (index, value) in indices.zip(values) {
            let mode = if value == "refine" {
                verify_broadcast::Mode::Refine
            } else {
                verify_broadcast::Mode::Check
            };
            passes.push((index, Pass::VerifyBroadcast(mode)));
        }
    }
    passes.sort_by_key(|&(index, _)| index);
    passes.into_iter().map(|(_, p)| p).collect()
}

/// Turns `-flag` into `--flag` for long names, as LLVM's option parser accepts both.
fn normalize(args: Vec<String>) -> Vec<String> {
    args.into_iter()
        .enumerate()
        .map(|(i, a)| {
            let single_dash_long = i > 0
                && a.starts_with('-')
                && !a.starts_with("--")
                && a.len() > 2
                && !a.starts_with("-o");
            if single_dash_long { format!("-{a}") } else { a }
        })
        .collect()
}

/// Parses the command line (`args[0]` is the program name).
pub fn parse_args(args: Vec<String>) -> Result<Options, clap::Error> {
    let m = command().try_get_matches_from(normalize(args))?;
    Ok(Options {
        input: m
            .get_one::<String>("input")
            .cloned()
            .unwrap_or_else(|| "-".into()),
        output: m.get_one::<String>("output").cloned(),
        split_input_file: m.get_flag("split-input-file"),
        verify_diagnostics: m.contains_id("verify-diagnostics"),
        only_expected: m
            .get_one::<String>("verify-diagnostics")
            .is_some_and(|v| v == "only-expected"),
        print_generic: m.get_flag("mlir-print-op-generic"),
        print_debuginfo: m.get_flag("mlir-print-debuginfo"),
        allow_unregistered: m.get_flag("allow-unregistered-dialect"),
        timing: m.get_flag("mlir-timing"),
        passes: passes(&m),
        broadcast_semantics: match m
            .get_one::<String>("broadcast-semantics")
            .map(String::as_str)
        {
            Some("mlir") => Semantics::Mlir,
            _ => Semantics::Spec,
        },
        elements_hex_limit: m
            .get_one::<i64>("mlir-print-elementsattrs-with-hex-if-larger")
            .copied(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn single_dash_long_options_work() {
        let o = parse_args(args(&[
            "tensor-opt",
            "-split-input-file",
            "-verify-diagnostics",
            "x.mlir",
        ]))
        .unwrap();
        assert!(o.split_input_file && o.verify_diagnostics);
        assert_eq!(o.input, "x.mlir");
    }

    #[test]
    fn output_flag_and_default_input() {
        let o = parse_args(args(&["tensor-opt", "-o", "out.mlir"])).unwrap();
        assert_eq!(o.output.as_deref(), Some("out.mlir"));
        assert_eq!(o.input, "-");
    }

    #[test]
    fn passes_keep_command_line_order() {
        use verify_broadcast::Mode::{Check, Refine};
        let o = parse_args(args(&[
            "tensor-opt",
            "-verify-broadcast=refine",
            "x.mlir",
            "--broadcast-semantics=mlir",
            "--verify-broadcast",
        ]))
        .unwrap();
        assert_eq!(
            o.passes,
            vec![Pass::VerifyBroadcast(Refine), Pass::VerifyBroadcast(Check)]
        );
        assert_eq!(o.broadcast_semantics, Semantics::Mlir);
        let o = parse_args(args(&["tensor-opt"])).unwrap();
        assert!(o.passes.is_empty());
        assert_eq!(o.broadcast_semantics, Semantics::Spec);
        assert!(parse_args(args(&["tensor-opt", "--verify-broadcast=fold"])).is_err());
        assert!(parse_args(args(&["tensor-opt", "--broadcast-semantics=tf"])).is_err());
    }

    #[test]
    fn hex_limit_flag() {
        let limit = |a: &[&str]| parse_args(args(a)).unwrap().elements_hex_limit;
        assert_eq!(limit(&["tensor-opt"]), None);
        assert_eq!(
            limit(&[
                "tensor-opt",
                "-mlir-print-elementsattrs-with-hex-if-larger=-1"
            ]),
            Some(-1)
        );
        assert_eq!(
            limit(&[
                "tensor-opt",
                "--mlir-print-elementsattrs-with-hex-if-larger=4"
            ]),
            Some(4)
        );
        assert!(
            parse_args(args(&[
                "tensor-opt",
                "--mlir-print-elementsattrs-with-hex-if-larger=x"
            ]))
            .is_err()
        );
    }

    #[test]
    fn unknown_flag_is_an_error() {
        assert!(parse_args(args(&["tensor-opt", "--no-such-flag"])).is_err());
    }
}
