//! `tensor-run FILE|- [--entry NAME] [--arg VALUE]... [--out PATH]... [--repeat N]
//! [--timing] [--max-memory SIZE] [--lower-first] [--broadcast-semantics=spec|mlir]
//! [--mlir-timing] [--mlir-pass-statistics]`: runs a function of a program on
//! arguments given as `.npy` files or MLIR literals, and prints its results as MLIR
//! dense literals (or writes them as `.npy` files). The program is read, verified
//! and lowered by the pipeline library ([`tensor_pipeline::compile`]), as
//! tensor-opt reads, verifies and lowers it.
//!
//! Exit codes: 0 on success, 1 for diagnostics (the program does not parse or
//! verify, or fails at run time, at a located op), 2 for usage errors (flags,
//! unreadable arguments, an unknown entry). A failing run leaves no result
//! file, new or partial (see `outputs` and docs/interpreter.md, "Result files").

mod outputs;

use crate::driver::cli;
use broadcastable::Semantics;
use clap::{Arg, ArgAction, Command};
use std::ffi::{OsStr, OsString};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tensor_interp::{Interpreter, Memory, Tensor};
use tensor_ir::pass::PassRegistry;
use tensor_ir::{Context, Diagnostic, Module, TypeKind};
use tensor_pipeline::{PassInvocation, StatisticsDisplay};

/// The exit code of a usage error.
pub const USAGE: i32 = 2;

/// Options of one `tensor-run` invocation.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// The program: a path, or `-` for standard input.
    pub input: PathBuf,
    /// The function to run.
    pub entry: String,
    /// Arguments: `.npy` paths (any bytes) or MLIR literals (UTF-8).
    pub args: Vec<OsString>,
    /// Paths the results are written to, in order.
    pub outs: Vec<PathBuf>,
    /// How many times to run the entry.
    pub repeat: usize,
    /// Print the execution times on standard error.
    pub timing: bool,
    /// The memory limit in bytes.
    pub max_memory: usize,
    /// Run `--lower-broadcast` first.
    pub lower_first: bool,
    /// `--broadcast-semantics`: the Broadcastable trait's rules the program is
    /// verified with (as tensor-opt's flag).
    pub broadcast_semantics: Semantics,
    /// `--mlir-timing`: the pipeline's phases and passes, as tensor-opt reports them.
    pub mlir_timing: bool,
    /// `--mlir-pass-statistics`: the counters of the passes run (`--lower-first`).
    pub pass_statistics: Option<StatisticsDisplay>,
}

impl RunOptions {
    /// The pipeline's options for this run: tensor-opt's defaults, with the passes
    /// and the flags tensor-run shares with it.
    pub fn pipeline(&self) -> tensor_pipeline::Options {
        tensor_pipeline::Options {
            passes: if self.lower_first {
                vec![PassInvocation::new(LOWER)]
            } else {
                Vec::new()
            },
            broadcast_semantics: self.broadcast_semantics,
            timing: self.mlir_timing,
            pass_statistics: self.pass_statistics,
            convert_to_nd: true,
            ..tensor_pipeline::Options::default()
        }
    }
}

/// The pass `--lower-first` runs.
const LOWER: &str = "lower-broadcast";

fn command() -> Command {
    Command::new("tensor-run")
        .version(env!("CARGO_PKG_VERSION"))
        .about("Run a function of an nd program on tensors")
        .arg(
            Arg::new("input")
                .default_value("-")
                .value_parser(clap::value_parser!(PathBuf))
                .help("Input file, or - for standard input"),
        )
        .arg(
            Arg::new("entry")
                .long("entry")
                .value_name("NAME")
                .default_value("main")
                .help("The function to run"),
        )
        .arg(
            Arg::new("arg")
                .long("arg")
                .value_name("VALUE")
                .action(ArgAction::Append)
                .allow_hyphen_values(true)
                .value_parser(clap::value_parser!(OsString))
                .help("An argument: a .npy file, or an MLIR literal such as 'dense<[1, 2]> : tensor<2xi32>'"),
        )
        .arg(
            Arg::new("out")
                .long("out")
                .value_name("PATH")
                .action(ArgAction::Append)
                .value_parser(clap::value_parser!(PathBuf))
                .help("Write the next result to this .npy file (in order) instead of printing it"),
        )
        .arg(
            Arg::new("repeat")
                .long("repeat")
                .value_name("N")
                .default_value("1")
                .value_parser(clap::value_parser!(u32).range(1..))
                .help("Run the entry N times (buffers are reused between runs)"),
        )
        .arg(
            Arg::new("timing")
                .long("timing")
                .action(ArgAction::SetTrue)
                .help("Print the minimum and median execution time on standard error"),
        )
        .arg(
            Arg::new("max-memory")
                .long("max-memory")
                .value_name("SIZE")
                .help("Refuse allocations beyond SIZE bytes in all (K, M, G suffixes; default: 3/4 of the machine's memory)"),
        )
        .arg(
            Arg::new("lower-first")
                .long("lower-first")
                .action(ArgAction::SetTrue)
                .help("Run --lower-broadcast before executing (verified after, as in tensor-opt)"),
        )
        .arg(cli::semantics_arg())
        .arg(cli::timing_arg())
        .arg(cli::statistics_arg())
        .arg(cli::statistics_display_arg())
}

/// Parses the command line. Paths (the input, `--arg` files, `--out`) may be
/// any bytes; the entry and `--max-memory` must be UTF-8 (else a usage error).
///
/// # Errors
/// clap's error (usage or `--help`), or a message for a bad `--max-memory`.
pub fn parse_run_args<I, T>(args: I) -> Result<RunOptions, Result<clap::Error, String>>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let m = command().try_get_matches_from(args).map_err(Ok)?;
    let max_memory = match m.get_one::<String>("max-memory") {
        Some(text) => tensor_interp::parse_size(text).ok_or_else(|| {
            Err(format!(
                "invalid --max-memory '{text}': expected a size such as 512M, 2G or 1000000"
            ))
        })?,
        None => tensor_interp::default_limit(),
    };
    Ok(RunOptions {
        input: m
            .get_one::<PathBuf>("input")
            .cloned()
            .unwrap_or_else(|| "-".into()),
        entry: m
            .get_one::<String>("entry")
            .cloned()
            .unwrap_or_else(|| "main".into()),
        args: m
            .get_many::<OsString>("arg")
            .map(|v| v.cloned().collect())
            .unwrap_or_default(),
        outs: m
            .get_many::<PathBuf>("out")
            .map(|v| v.cloned().collect())
            .unwrap_or_default(),
        repeat: m.get_one::<u32>("repeat").map_or(1, |&n| n as usize),
        timing: m.get_flag("timing"),
        max_memory,
        lower_first: m.get_flag("lower-first"),
        broadcast_semantics: cli::semantics(&m),
        mlir_timing: m.get_flag("mlir-timing"),
        pass_statistics: cli::statistics(&m),
    })
}

/// What a run printed and its exit code.
#[derive(Debug, Default)]
pub struct RunOutcome {
    /// Standard output: the results.
    pub stdout: String,
    /// Standard error: diagnostics and timings.
    pub stderr: String,
    /// The exit code.
    pub code: i32,
}

impl RunOutcome {
    fn usage(message: impl std::fmt::Display) -> RunOutcome {
        RunOutcome {
            stderr: format!("tensor-run: {message}\n"),
            code: USAGE,
            ..RunOutcome::default()
        }
    }

    fn diagnostics(ctx: &Context, diags: impl IntoIterator<Item = Diagnostic>) -> RunOutcome {
        let mut stderr = String::new();
        for d in diags {
            ctx.render_diagnostic(&d, &mut stderr);
        }
        RunOutcome {
            stderr,
            code: 1,
            ..RunOutcome::default()
        }
    }
}

/// An argument: a `.npy` file when the path exists, else an MLIR literal.
fn load_arg(
    ctx: &mut Context,
    memory: &Memory,
    k: usize,
    value: &OsStr,
) -> Result<Tensor, RunOutcome> {
    let path = Path::new(value);
    if path.is_file() {
        return tensor_interp::npy::read(path, memory).map_err(|e| {
            let mut out = RunOutcome::usage(format!("--arg #{k}: {e}"));
            // A bad file is a bad option value; refusing its size is a run-time error.
            if matches!(e, tensor_interp::npy::ReadError::Memory(_)) {
                out.code = 1;
            }
            out
        });
    }
    let Some(value) = value.to_str() else {
        return Err(RunOutcome::usage(format!(
            "--arg #{k}: '{}' names no file, and as a literal it is not valid UTF-8",
            path.display()
        )));
    };
    let looks_literal = value.trim_start().starts_with("dense") || value.contains(':');
    if !looks_literal {
        return Err(RunOutcome::usage(format!(
            "--arg #{k}: '{value}' is neither a .npy file nor an MLIR literal such as 'dense<[1, 2]> : tensor<2xi32>'"
        )));
    }
    tensor_interp::literal::parse(ctx, &format!("<--arg #{k}>"), value).map_err(|d| {
        let mut out = RunOutcome::diagnostics(ctx, [d]);
        out.code = USAGE;
        out
    })
}

/// Runs `options` on the program `text` (named `name`), lowering with
/// tensor-opt's passes.
pub fn run_program(options: &RunOptions, name: &str, text: String) -> RunOutcome {
    match tensor_pipeline::default_registry() {
        Ok(registry) => run_program_with(&registry, options, name, text),
        Err(e) => RunOutcome::usage(e),
    }
}

/// [`run_program`] with the passes of `registry` (`--lower-first` runs its
/// `lower-broadcast`): the program goes through the pipeline library as in
/// tensor-opt (parse, verify, the passes, each verified after), then runs.
/// Whatever the pipeline wrote (diagnostics, `--mlir-timing`, statistics) comes
/// first on standard error.
pub fn run_program_with(
    registry: &PassRegistry,
    options: &RunOptions,
    name: &str,
    text: String,
) -> RunOutcome {
    if options.lower_first && registry.create(LOWER, None).is_err() {
        return RunOutcome::usage(
            "--lower-first needs the 'lower-broadcast' pass, which this build does not have",
        );
    }
    let pipeline = options.pipeline();
    let mut ctx = tensor_pipeline::run_context(&pipeline);
    let mut stderr = Vec::new();
    let compiled = tensor_pipeline::compile(
        &mut ctx,
        registry,
        &pipeline,
        name,
        text.into_bytes(),
        &mut stderr,
    );
    let mut out = match compiled {
        Some(module) => execute(&mut ctx, &module, options, name),
        None => RunOutcome {
            code: 1,
            ..RunOutcome::default()
        },
    };
    out.stderr.insert_str(0, &String::from_utf8_lossy(&stderr));
    out
}

/// Runs the entry of `module`, verified and lowered.
fn execute(ctx: &mut Context, module: &Module, options: &RunOptions, name: &str) -> RunOutcome {
    let memory = Memory::new(options.max_memory);
    let mut args = Vec::with_capacity(options.args.len());
    for (k, value) in options.args.iter().enumerate() {
        match load_arg(ctx, &memory, k, value) {
            Ok(t) => args.push(t),
            Err(out) => return out,
        }
    }
    // Dropped on any failure below: it removes the files this run created.
    let mut targets;
    let (results, times) = {
        let interp = Interpreter::new(ctx, module).with_memory(memory.clone());
        let Some(func) = interp.function(&options.entry) else {
            return RunOutcome::usage(format!(
                "no function @{} with a body in '{name}'",
                options.entry
            ));
        };
        if tensor_ir::symbol_table::symbol_visibility(ctx, module, func)
            == tensor_ir::symbol_table::Visibility::Private
        {
            return RunOutcome::usage(format!(
                "@{} in '{name}' is private: only calls in its module may enter it",
                options.entry
            ));
        }
        let signature =
            tensor_dialect_func::function_signature(ctx, module, func).unwrap_or_default();
        if options.outs.len() > signature.1.len() {
            return RunOutcome::usage(format!(
                "{} --out paths, but @{} has {} results",
                options.outs.len(),
                options.entry,
                signature.1.len()
            ));
        }
        // Every target is opened before the run, so an unwritable one is
        // refused before anything is computed or written.
        targets = match outputs::Targets::open(&options.outs) {
            Ok(t) => t,
            Err(outputs::OpenError::Usage(m)) => return RunOutcome::usage(m),
            Err(outputs::OpenError::Io(m)) => {
                return RunOutcome {
                    stderr: format!("tensor-run: {m}\n"),
                    code: 1,
                    ..RunOutcome::default()
                };
            }
        };
        // `.npy` files of int64 feed `index` parameters.
        for (a, &t) in args.iter_mut().zip(&signature.0) {
            let index_elems = match ctx.type_kind(t) {
                TypeKind::Tensor { elem, .. } | TypeKind::UnrankedTensor { elem } => {
                    matches!(ctx.type_kind(*elem), TypeKind::Index)
                }
                TypeKind::Index => true,
                _ => false,
            };
            if index_elems
                && a.elem() == tensor_interp::ElemType::I64
                && let Some(retagged) = a.with_elem(tensor_interp::ElemType::Index)
            {
                *a = retagged;
            }
        }
        let mut times = Vec::with_capacity(options.repeat);
        let mut results = Vec::new();
        for _ in 0..options.repeat {
            // The previous run's results go back to the pool before this one.
            drop(std::mem::take(&mut results));
            let start = Instant::now();
            match interp.run(&options.entry, args.clone()) {
                Ok(r) => results = r,
                Err(d) => return RunOutcome::diagnostics(ctx, [d]),
            }
            times.push(start.elapsed());
        }
        let declared = signature.1;
        (
            results
                .into_iter()
                .zip(
                    declared
                        .into_iter()
                        .map(Some)
                        .chain(std::iter::repeat(None)),
                )
                .collect::<Vec<_>>(),
            times,
        )
    };
    // A result may be a broadcast view far larger than the memory it holds:
    // writing it out copies every element (and prints each as text), so it must
    // fit the limit like any allocation.
    for (k, (t, _)) in results.iter().enumerate() {
        let per_element = t.elem().size()
            + if k < options.outs.len() {
                0
            } else {
                TEXT_BYTES
            };
        if let Err(e) = memory.check(t.len().saturating_mul(per_element)) {
            return RunOutcome {
                stderr: format!(
                    "tensor-run: cannot write result #{k} of shape {:?}: {e}\n",
                    t.shape()
                ),
                code: 1,
                ..RunOutcome::default()
            };
        }
    }
    let mut out = RunOutcome::default();
    if options.timing {
        out.stderr.push_str(&timing_line(&times));
    }
    let to_write: Vec<&Tensor> = results.iter().map(|(t, _)| t).collect();
    if let Err(m) = targets.write_all(&to_write) {
        out.stderr.push_str(&format!("tensor-run: {m}\n"));
        out.code = 1;
        return out;
    }
    ctx.set_elements_hex_limit(None);
    for (t, declared) in results.iter().skip(options.outs.len()) {
        out.stdout
            .push_str(&tensor_interp::literal::format(ctx, t, *declared));
        out.stdout.push('\n');
    }
    out
}

/// The text of a printed element, at most (`-1.23456789e+300, `), for the
/// memory check of printed results.
const TEXT_BYTES: usize = 24;

/// `execution: min X ms, median Y ms (N runs)`.
fn timing_line(times: &[Duration]) -> String {
    let mut sorted: Vec<f64> = times.iter().map(|d| d.as_secs_f64() * 1e3).collect();
    sorted.sort_by(f64::total_cmp);
    let min = sorted.first().copied().unwrap_or(0.0);
    let median = if sorted.is_empty() {
        0.0
    } else if sorted.len() % 2 == 1 {
        sorted[sorted.len() / 2]
    } else {
        (sorted[sorted.len() / 2 - 1] + sorted[sorted.len() / 2]) / 2.0
    };
    format!(
        "execution: min {min:.3} ms, median {median:.3} ms ({} run{})\n",
        sorted.len(),
        if sorted.len() == 1 { "" } else { "s" }
    )
}

/// The binary's entry point; returns the exit code.
pub fn main_with_args<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let options = match parse_run_args(args) {
        Ok(o) => o,
        Err(Ok(e)) => {
            let code = if e.use_stderr() { USAGE } else { 0 };
            let _ = e.print();
            return code;
        }
        Err(Err(message)) => {
            eprintln!("tensor-run: {message}");
            return USAGE;
        }
    };
    // A closed descriptor is not `/dev/null`: results written there would be
    // lost while the run reports success.
    if crate::driver::stdio::stdout_closed() {
        eprintln!("tensor-run: standard output is closed (no file descriptor 1)");
        return 1;
    }
    if options.input.as_os_str() == "-" && crate::driver::stdio::stdin_closed() {
        eprintln!("tensor-run: standard input is closed (no file descriptor 0)");
        return 1;
    }
    let (name, text) = match read_input(&options.input) {
        Ok(x) => x,
        Err(m) => {
            eprintln!("tensor-run: {m}");
            return 1;
        }
    };
    let outcome = run_program(&options, &name, text);
    eprint!("{}", outcome.stderr);
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout
        .write_all(outcome.stdout.as_bytes())
        .and_then(|()| stdout.flush())
    {
        eprintln!("tensor-run: cannot write to standard output: {e}");
        return 1;
    }
    outcome.code
}

/// Reads the program, at most tensor-opt's input size limit
/// ([`crate::driver::DEFAULT_MAX_INPUT_SIZE`]): an endless input such as
/// `/dev/zero` is refused rather than read until memory runs out.
fn read_input(path: &Path) -> Result<(String, String), String> {
    let limit = crate::driver::DEFAULT_MAX_INPUT_SIZE;
    let stdin = path.as_os_str() == "-";
    let what = if stdin {
        "standard input".to_owned()
    } else {
        format!("'{}'", path.display())
    };
    let mut bytes = Vec::new();
    let read = if stdin {
        std::io::Read::read_to_end(
            &mut std::io::Read::take(std::io::stdin().lock(), limit + 1),
            &mut bytes,
        )
    } else {
        let file = std::fs::File::open(path).map_err(|e| format!("cannot read {what}: {e}"))?;
        // One buffer of the file's size, as tensor-opt reads (growing by doubling
        // copies what was read into fresh memory).
        if let Ok(meta) = file.metadata()
            && meta.is_file()
            && meta.len() <= limit
        {
            let size = usize::try_from(meta.len()).unwrap_or(usize::MAX);
            bytes
                .try_reserve_exact(size.saturating_add(1))
                .map_err(|e| format!("cannot read {what}: {e}"))?;
        }
        std::io::Read::read_to_end(&mut std::io::Read::take(file, limit + 1), &mut bytes)
    };
    read.map_err(|e| format!("cannot read {what}: {e}"))?;
    if u64::try_from(bytes.len()).unwrap_or(u64::MAX) > limit {
        return Err(format!(
            "{what} is larger than {limit} bytes, the input size limit"
        ));
    }
    let bytes = crate::driver::onnx_input(&path.to_string_lossy(), bytes)?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{what} is not valid UTF-8"))?;
    // Diagnostics name the file as text; a name that is not UTF-8 shows with
    // replacement characters.
    let name = if stdin {
        "<stdin>".to_owned()
    } else {
        path.to_string_lossy().into_owned()
    };
    Ok((name, text))
}
