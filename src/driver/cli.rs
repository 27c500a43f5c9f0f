//! Command-line options, spelled as mlir-opt spells them. LLVM tools accept long
//! options with one dash (`-split-input-file`), so those are normalized first.
//!
//! Pass flags come from the [`PassRegistry`]: one flag per registered pass, listed
//! under "Passes" in `--help`.

use broadcastable::Semantics;
use clap::builder::PossibleValue;
use clap::{Arg, ArgAction, ArgMatches, Command};
use tensor_ir::pass::{PassInfo, PassRegistry};
use tensor_pipeline::{
    ColorChoice, DiagnosticsFormat, MAX_INPUT_SIZE, Options, PassInvocation, StatisticsDisplay,
};

/// The command line's options besides the passes.
fn base_command() -> Command {
    let flag = |name: &'static str, help: &'static str| {
        Arg::new(name)
            .long(name)
            .action(ArgAction::SetTrue)
            .help(help)
    };
    Command::new("tensor-opt")
        .version(env!("CARGO_PKG_VERSION"))
        // As LLVM's options: a repeated option takes its last value (`-o a -o b`
        // writes to b). Pass flags append, so a repeated one runs its pass again.
        .args_override_self(true)
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
                // `-o -out.mlir` writes to `-out.mlir`, as with LLVM's options.
                .allow_hyphen_values(true)
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
        .arg(timing_arg())
        .arg(statistics_arg())
        .arg(statistics_display_arg())
        .arg(flag(
            "mlir-print-ir-before-all",
            "Print the IR before each pass on standard error",
        ))
        .arg(flag(
            "mlir-print-ir-after-all",
            "Print the IR after each pass on standard error",
        ))
        .arg(flag(
            "mlir-print-ir-after-failure",
            "Print the IR after a pass only if the pass failed",
        ))
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
            Arg::new("max-input-size")
                .long("max-input-size")
                .value_name("bytes")
                .require_equals(true)
                .value_parser(clap::value_parser!(u64).range(0..=MAX_INPUT_SIZE))
                .help("Refuse an input larger than this many bytes (default 256 MiB)"),
        )
        .arg(
            Arg::new("max-remarks")
                .long("max-remarks")
                .value_name("n")
                .require_equals(true)
                .value_parser(clap::value_parser!(usize))
                .help("Show at most n remarks, then a count of the rest (default 20; 0 all)"),
        )
        .arg(
            Arg::new("color")
                .long("color")
                .value_name("when")
                .num_args(0..=1)
                .require_equals(true)
                .default_missing_value("always")
                .value_parser(["auto", "always", "never"])
                .default_value("auto")
                .help(
                    "Colour diagnostics as clang does: auto (when standard error is a terminal), \
                     always (also --color), never",
                ),
        )
        .arg(
            Arg::new("diagnostics-format")
                .long("diagnostics-format")
                .value_name("format")
                .require_equals(true)
                .value_parser(["text", "json", "sarif"])
                .default_value("text")
                .help(
                    "How diagnostics are written on standard error: text (as mlir-opt), \
                     json (JSON Lines) or sarif (a SARIF 2.1.0 document)",
                ),
        )
        .arg(semantics_arg())
}

/// `--mlir-timing`, shared with tensor-run.
pub(crate) fn timing_arg() -> Arg {
    Arg::new("mlir-timing")
        .long("mlir-timing")
        .action(ArgAction::SetTrue)
        .help("Report the time spent in each phase and pass on standard error")
}

/// `--mlir-pass-statistics`, shared with tensor-run.
pub(crate) fn statistics_arg() -> Arg {
    Arg::new("mlir-pass-statistics")
        .long("mlir-pass-statistics")
        .action(ArgAction::SetTrue)
        .help("Report the statistics of each pass on standard error")
}

/// `--mlir-pass-statistics-display`, shared with tensor-run.
pub(crate) fn statistics_display_arg() -> Arg {
    Arg::new("mlir-pass-statistics-display")
        .long("mlir-pass-statistics-display")
        .value_name("mode")
        .require_equals(true)
        .value_parser(["list", "pipeline"])
        .default_value("pipeline")
        .help(
            "How pass statistics are listed: pipeline (each pass in order) or \
                 list (merged by pass name, sorted)",
        )
}

/// `--broadcast-semantics`, shared with tensor-run.
pub(crate) fn semantics_arg() -> Arg {
    Arg::new("broadcast-semantics")
        .long("broadcast-semantics")
        .value_name("semantics")
        .value_parser(["spec", "mlir"])
        .default_value("spec")
        .help(
            "Broadcastable trait rules: the spec (default) or exactly upstream mlir-opt (LLVM 22)",
        )
}

/// The value of [`semantics_arg`].
pub(crate) fn semantics(m: &ArgMatches) -> Semantics {
    match m
        .get_one::<String>("broadcast-semantics")
        .map(String::as_str)
    {
        Some("mlir") => Semantics::Mlir,
        _ => Semantics::Spec,
    }
}

/// The values of [`statistics_arg`] and [`statistics_display_arg`].
pub(crate) fn statistics(m: &ArgMatches) -> Option<StatisticsDisplay> {
    m.get_flag("mlir-pass-statistics").then(|| {
        match m
            .get_one::<String>("mlir-pass-statistics-display")
            .map(String::as_str)
        {
            Some("list") => StatisticsDisplay::List,
            _ => StatisticsDisplay::Pipeline,
        }
    })
}

/// The flag of a registered pass. Every occurrence appends a value (the empty
/// string for passes without an option), so the flag's indices give the order.
fn pass_arg(info: &PassInfo) -> Arg {
    let arg = Arg::new(info.argument)
        .long(info.argument)
        .help(info.description)
        .help_heading("Passes")
        .action(ArgAction::Append);
    match &info.option {
        Some(option) => {
            let values: Vec<PossibleValue> = option
                .values
                .iter()
                .map(|(v, meaning)| PossibleValue::new(*v).help(*meaning))
                .collect();
            arg.require_equals(true)
                .value_name(option.value_name)
                .num_args(0..=1)
                .default_missing_value(option.default)
                .value_parser(values)
        }
        None => arg.num_args(0).default_missing_value(""),
    }
}

/// The whole command line for the passes of `registry`.
///
/// # Errors
/// If a pass's argument is one of the driver's own options.
pub fn command(registry: &PassRegistry) -> Result<Command, clap::Error> {
    let mut cmd = base_command();
    for info in registry.infos() {
        let taken = cmd
            .get_arguments()
            .any(|a| a.get_id() == info.argument || a.get_long() == Some(info.argument));
        if taken {
            return Err(clap::Error::raw(
                clap::error::ErrorKind::ArgumentConflict,
                format!(
                    "pass '{}' has the name of a tensor-opt option\n",
                    info.argument
                ),
            ));
        }
        cmd = cmd.arg(pass_arg(info));
    }
    Ok(cmd)
}

/// The pass flags in command-line order (clap groups values by flag, so the order
/// comes from their indices).
fn passes(m: &ArgMatches, registry: &PassRegistry) -> Vec<PassInvocation> {
    let mut passes: Vec<(usize, PassInvocation)> = Vec::new();
    for info in registry.infos() {
        if let (Some(indices), Some(values)) = (
            m.indices_of(info.argument),
            m.get_many::<String>(info.argument),
        ) {
            for (index, value) in indices.zip(values) {
                let value = info.option.map(|_| value.clone());
                passes.push((
                    index,
                    PassInvocation {
                        argument: info.argument.to_owned(),
                        value,
                    },
                ));
            }
        }
    }
    passes.sort_by_key(|(index, _)| *index);
    passes.into_iter().map(|(_, p)| p).collect()
}

/// Turns `-flag` into `--flag` for long names, as LLVM's option parser accepts both.
/// `--` ends the options, so every later argument (`-dash.mlir`) is a file name,
/// and the value after `-o` is a file name too.
fn normalize(args: Vec<String>) -> Vec<String> {
    let mut options_ended = false;
    let mut value_next = false;
    args.into_iter()
        .enumerate()
        .map(|(i, a)| {
            let single_dash_long = i > 0
                && !options_ended
                && !value_next
                && a.starts_with('-')
                && !a.starts_with("--")
                && a.len() > 2
                && !a.starts_with("-o");
            value_next = !options_ended && a == "-o";
            options_ended = options_ended || a == "--";
            if single_dash_long { format!("-{a}") } else { a }
        })
        .collect()
}

/// Parses the command line (`args[0]` is the program name) with tensor-opt's passes.
///
/// # Errors
/// Clap's error (also for `--help` and `--version`, whose text it carries).
pub fn parse_args(args: Vec<String>) -> Result<Options, clap::Error> {
    match tensor_pipeline::default_registry() {
        Ok(registry) => parse_args_with(&registry, args),
        Err(e) => Err(clap::Error::raw(
            clap::error::ErrorKind::InvalidValue,
            format!("{e}\n"),
        )),
    }
}

/// Parses the command line with the passes of `registry`.
///
/// # Errors
/// As [`parse_args`], and if a pass is named like a driver option.
pub fn parse_args_with(registry: &PassRegistry, args: Vec<String>) -> Result<Options, clap::Error> {
    let m = command(registry)?.try_get_matches_from(normalize(args))?;
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
        print_ir_before_all: m.get_flag("mlir-print-ir-before-all"),
        print_ir_after_all: m.get_flag("mlir-print-ir-after-all"),
        print_ir_after_failure: m.get_flag("mlir-print-ir-after-failure"),
        passes: passes(&m, registry),
        broadcast_semantics: semantics(&m),
        elements_hex_limit: m
            .get_one::<i64>("mlir-print-elementsattrs-with-hex-if-larger")
            .copied(),
        max_input_size: m.get_one::<u64>("max-input-size").copied(),
        max_remarks: m.get_one::<usize>("max-remarks").copied(),
        color: match m.get_one::<String>("color").map(String::as_str) {
            Some("always") => ColorChoice::Always,
            Some("never") => ColorChoice::Never,
            _ => ColorChoice::Auto,
        },
        diagnostics_format: match m
            .get_one::<String>("diagnostics-format")
            .map(String::as_str)
        {
            Some("json") => DiagnosticsFormat::Json,
            Some("sarif") => DiagnosticsFormat::Sarif,
            _ => DiagnosticsFormat::Text,
        },
        pass_statistics: statistics(&m),
        // tensor-opt converts only when asked (--convert-stablehlo-to-nd).
        convert_to_nd: false,
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
            "-cse",
            "x.mlir",
        ]))
        .unwrap();
        assert!(o.split_input_file && o.verify_diagnostics);
        assert_eq!(o.input, "x.mlir");
        assert_eq!(o.passes, vec![PassInvocation::new("cse")]);
    }

    #[test]
    fn double_dash_ends_the_options() {
        let o = parse_args(args(&["tensor-opt", "-cse", "--", "-dash.mlir"])).unwrap();
        assert_eq!(o.input, "-dash.mlir");
        assert_eq!(o.passes, vec![PassInvocation::new("cse")]);
        let o = parse_args(args(&["tensor-opt", "--", "-split-input-file"])).unwrap();
        assert_eq!(o.input, "-split-input-file");
        assert!(!o.split_input_file);
        let o = parse_args(args(&["tensor-opt", "-o", "-out.mlir", "in.mlir"])).unwrap();
        assert_eq!(o.output.as_deref(), Some("-out.mlir"));
        assert_eq!(o.input, "in.mlir");
    }

    #[test]
    fn output_flag_and_default_input() {
        let o = parse_args(args(&["tensor-opt", "-o", "out.mlir"])).unwrap();
        assert_eq!(o.output.as_deref(), Some("out.mlir"));
        assert_eq!(o.input, "-");
    }

    #[test]
    fn passes_keep_command_line_order_and_repeat() {
        let o = parse_args(args(&[
            "tensor-opt",
            "-verify-broadcast=refine",
            "--cse",
            "x.mlir",
            "--broadcast-semantics=mlir",
            "--verify-broadcast",
            "--canonicalize",
            "--cse",
        ]))
        .unwrap();
        assert_eq!(
            o.passes,
            vec![
                PassInvocation::with_value("verify-broadcast", "refine"),
                PassInvocation::new("cse"),
                PassInvocation::with_value("verify-broadcast", "check"),
                PassInvocation::new("canonicalize"),
                PassInvocation::new("cse"),
            ]
        );
        assert_eq!(o.broadcast_semantics, Semantics::Mlir);
        let o = parse_args(args(&["tensor-opt"])).unwrap();
        assert!(o.passes.is_empty());
        assert_eq!(o.broadcast_semantics, Semantics::Spec);
        assert!(parse_args(args(&["tensor-opt", "--verify-broadcast=fold"])).is_err());
        assert!(parse_args(args(&["tensor-opt", "--cse=yes"])).is_err());
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
    fn print_ir_flags() {
        let o = parse_args(args(&[
            "tensor-opt",
            "-mlir-print-ir-before-all",
            "--mlir-print-ir-after-failure",
        ]))
        .unwrap();
        assert!(o.print_ir_before_all && o.print_ir_after_failure && !o.print_ir_after_all);
    }

    #[test]
    fn command_is_well_formed() {
        let registry = tensor_pipeline::default_registry().unwrap();
        command(&registry).unwrap().debug_assert();
    }

    #[test]
    fn usage_errors_have_exit_code_2() {
        for bad in [
            &["tensor-opt", "--no-such-flag"][..],
            &["tensor-opt", "--verify-broadcast=fold"],
            &["tensor-opt", "--cse=yes"],
            &[
                "tensor-opt",
                "--mlir-print-elementsattrs-with-hex-if-larger=x",
            ],
            &["tensor-opt", "--max-input-size=-1"],
            &["tensor-opt", "-o"],
            &["tensor-opt", "a.mlir", "b.mlir"],
        ] {
            let e = parse_args(args(bad)).unwrap_err();
            assert_eq!(e.exit_code(), crate::driver::USAGE_ERROR, "{bad:?}: {e}");
        }
        let help = parse_args(args(&["tensor-opt", "--help"])).unwrap_err();
        assert_eq!(help.exit_code(), 0);
    }

    #[test]
    fn repeated_options_take_the_last_value() {
        let o = parse_args(args(&[
            "tensor-opt",
            "-o",
            "a.mlir",
            "-split-input-file",
            "--mlir-print-elementsattrs-with-hex-if-larger=3",
            "-o",
            "b.mlir",
            "--split-input-file",
            "--mlir-print-elementsattrs-with-hex-if-larger=4",
            "--max-input-size=10",
            "--max-input-size=20",
        ]))
        .unwrap();
        assert_eq!(o.output.as_deref(), Some("b.mlir"));
        assert!(o.split_input_file);
        assert_eq!(o.elements_hex_limit, Some(4));
        assert_eq!(o.max_input_size, Some(20));
    }

    #[test]
    fn a_pass_named_like_an_option_is_refused() {
        use tensor_ir::pass::{Pass, PassOutcome};
        #[derive(Default)]
        struct Timing;
        impl Pass for Timing {
            fn argument(&self) -> &'static str {
                "mlir-timing"
            }
            fn name(&self) -> &'static str {
                "Timing"
            }
            fn description(&self) -> &'static str {
                "clashes"
            }
            fn run(
                &mut self,
                _: &mut tensor_ir::Context,
                _: &mut tensor_ir::Module,
            ) -> Result<PassOutcome, tensor_ir::Diagnostics> {
                Ok(PassOutcome::unchanged())
            }
        }
        let mut registry = PassRegistry::new();
        registry.register::<Timing>().unwrap();
        let e = parse_args_with(&registry, args(&["tensor-opt"])).unwrap_err();
        assert!(e.to_string().contains("'mlir-timing'"), "{e}");
    }
}
