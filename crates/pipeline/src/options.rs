//! What one run of the pipeline does: the options the command lines parse into.

use crate::emit::{ColorChoice, DiagnosticsFormat};
use crate::statistics::StatisticsDisplay;
use broadcastable::Semantics;

/// One pass flag of the command line: the pass's argument and its `=value`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassInvocation {
    /// The registered argument (`verify-broadcast`).
    pub argument: String,
    /// The value after `=` (the option's default when the flag had none).
    pub value: Option<String>,
}

impl PassInvocation {
    /// A pass flag without a value.
    pub fn new(argument: impl Into<String>) -> Self {
        PassInvocation {
            argument: argument.into(),
            value: None,
        }
    }

    /// A pass flag with `=value`.
    pub fn with_value(argument: impl Into<String>, value: impl Into<String>) -> Self {
        PassInvocation {
            argument: argument.into(),
            value: Some(value.into()),
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
    /// `--mlir-print-ir-before-all`: dump the IR before each pass on standard error.
    pub print_ir_before_all: bool,
    /// `--mlir-print-ir-after-all`: dump the IR after each pass on standard error.
    pub print_ir_after_all: bool,
    /// `--mlir-print-ir-after-failure`: dump the IR after a pass only if it failed.
    pub print_ir_after_failure: bool,
    /// The passes, in command-line order (a repeated flag runs its pass again).
    pub passes: Vec<PassInvocation>,
    /// `--broadcast-semantics=spec|mlir` (spec by default).
    pub broadcast_semantics: Semantics,
    /// `--mlir-print-elementsattrs-with-hex-if-larger=<n>`: dense attributes of more
    /// than n elements print as hex; -1 never. `None` keeps upstream's default, 100.
    pub elements_hex_limit: Option<i64>,
    /// `--max-input-size=<bytes>`: a larger input is refused. `None` is
    /// [`crate::DEFAULT_MAX_INPUT_SIZE`].
    pub max_input_size: Option<u64>,
    /// `--max-remarks=<n>`: show at most n remarks in a run, then one line counting
    /// the rest; 0 shows all. `None` is [`crate::DEFAULT_MAX_REMARKS`]. Not applied
    /// under `--verify-diagnostics`, which compares every remark.
    pub max_remarks: Option<usize>,
    /// `--color=auto|always|never`: colour text diagnostics.
    pub color: ColorChoice,
    /// `--diagnostics-format=text|json|sarif`.
    pub diagnostics_format: DiagnosticsFormat,
    /// `--mlir-pass-statistics` (with `--mlir-pass-statistics-display`): report each
    /// pass's counters on standard error after the pipeline.
    pub pass_statistics: Option<StatisticsDisplay>,
    /// tensor-run: a module holding `stablehlo` or `chlo` ops is converted to `nd`
    /// (`--convert-stablehlo-to-nd`) before the other passes.
    pub convert_to_nd: bool,
}
