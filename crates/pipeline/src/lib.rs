//! The pipeline of tensor-opt and tensor-run, as a library: the context every tool
//! builds ([`new_context`], [`run_context`]), parse, verify, the pass manager
//! (verification after passes, `--mlir-pass-statistics`, `--mlir-timing`,
//! `--mlir-print-ir-*`), diagnostics as text, JSON Lines or SARIF, and the
//! `--verify-diagnostics` checks. Command-line parsing is not here: the binaries
//! (`tensor-opt`, `tensor-run`) parse their flags into [`Options`] and call
//! [`run_streaming`] or [`compile`]; the editor server calls [`check_module`] and
//! the fuzz harness [`run_bytes_with`].
#![warn(missing_docs)]

mod emit;
mod expect;
mod machine;
mod options;
mod pass_manager;
mod split;
mod statistics;
mod timing;

pub use emit::{ColorChoice, DiagnosticsFormat};
pub use options::{Options, PassInvocation};
pub use split::split_chunks;
pub use statistics::StatisticsDisplay;

use emit::{ChunkOutput, Emitter, Keep, RemarkLimit};
use pass_manager::IrPrinting;
use std::io::Write;
use std::ops::Range;
use tensor_ir::diag::codes::{self, Phase};
use tensor_ir::parse::parse_source;
use tensor_ir::pass::{Pass, PassRegistry, RegistryError};
use tensor_ir::print::{PrintOptions, print_module, write_module};
use tensor_ir::verify::{verify_module, verify_module_each};
use tensor_ir::{Context, Diagnostic, Diagnostics, Location, Module};

/// What a run produced: the text for stdout (or `-o`), the rendered diagnostics for
/// stderr, and the exit code.
#[derive(Debug, Default)]
pub struct Outcome {
    /// Printed IR.
    pub output: String,
    /// Rendered diagnostics (and IR dumps of `--mlir-print-ir-*`).
    pub diagnostics: String,
    /// 0 on success, 1 on any error.
    pub code: i32,
}

/// The passes tensor-opt offers: those of `tensor-transforms`.
///
/// # Errors
/// If two passes share an argument (a bug, caught by the tests).
pub fn default_registry() -> Result<PassRegistry, RegistryError> {
    let mut registry = PassRegistry::new();
    tensor_transforms::register_passes(&mut registry)?;
    tensor_export::register_passes(&mut registry)?;
    tensor_convert_stablehlo::register_passes(&mut registry)?;
    Ok(registry)
}

/// `docs/passes.md`: every pass of `registry`, generated from it.
pub fn passes_doc(registry: &PassRegistry) -> String {
    format!(
        "# Passes\n\n\
         <!-- Generated from the pass registry: do not edit. Regenerate with\n\
         `UPDATE_PASSES_DOC=1 cargo test --test passes_doc`. -->\n\n\
         `tensor-opt` runs the passes given on its command line in that order (a\n\
         repeated flag runs its pass again) and verifies the IR after each pass that\n\
         reports a change (as upstream, which trusts a pass that preserves everything).\n\
         `--mlir-print-ir-before-all`, `--mlir-print-ir-after-all` and\n\
         `--mlir-print-ir-after-failure` print the IR around passes on standard error,\n\
         as mlir-opt does; `--mlir-timing` reports each pass by name.\n\n\
         A pass is added in one place: a type implementing `tensor_ir::pass::Pass`\n\
         and one line in `tensor_transforms::register_passes`. That gives it its\n\
         flag, its `--help` line, its timing entry and its section below.\n\
         [`tests/custom_pass.rs`](../tests/custom_pass.rs) is a complete example: it\n\
         defines a pass, registers it with one line and runs it through the driver.\n\n\
         {}",
        registry.markdown()
    )
}

/// A fresh context with every dialect tensor-opt knows (the export's upstream
/// dialects too).
pub fn new_context(options: &Options) -> Context {
    let mut ctx = base_context(options);
    tensor_export::register(&mut ctx);
    tensor_dialect_chlo::register(&mut ctx);
    tensor_dialect_stablehlo::register(&mut ctx);
    ctx
}

/// A fresh context with the dialects tensor-run executes and the interpreter's
/// kernels attached (not the export's upstream dialects: the interpreter has no
/// kernel for their ops, so a program using them is refused when it is read),
/// and `stablehlo` and `chlo`, which it converts to `nd` first
/// ([`Options::convert_to_nd`]).
pub fn run_context(options: &Options) -> Context {
    let mut ctx = base_context(options);
    tensor_interp::register(&mut ctx);
    tensor_dialect_chlo::register(&mut ctx);
    tensor_dialect_stablehlo::register(&mut ctx);
    ctx
}

/// The `nd`, `func` and `test` dialects, with the options that shape what the
/// context accepts and prints.
fn base_context(options: &Options) -> Context {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered(options.allow_unregistered);
    tensor_dialect_func::register(&mut ctx);
    tensor_dialect_test::register(&mut ctx);
    tensor_dialect_nd::register(&mut ctx);
    broadcastable_ir::set_semantics(&mut ctx, options.broadcast_semantics);
    if let Some(limit) = options.elements_hex_limit {
        ctx.set_elements_hex_limit((limit != -1).then_some(limit));
    }
    ctx
}

/// Runs tensor-opt with its own passes on an input text named `name`.
pub fn run(options: &Options, name: &str, text: impl Into<String>) -> Outcome {
    match default_registry() {
        Ok(registry) => run_with(&registry, options, name, text),
        Err(e) => Outcome {
            diagnostics: format!("error: {e}\n"),
            code: 1,
            ..Outcome::default()
        },
    }
}

/// Runs tensor-opt with the passes of `registry` on an input text named `name`.
pub fn run_with(
    registry: &PassRegistry,
    options: &Options,
    name: &str,
    text: impl Into<String>,
) -> Outcome {
    run_bytes_with(registry, options, name, text.into().into_bytes())
}

/// [`run_with`] on input bytes that need not all be UTF-8: as upstream, bytes that
/// are not UTF-8 are accepted in comments and string literals, and are an
/// `unexpected character` anywhere else.
pub fn run_bytes_with(
    registry: &PassRegistry,
    options: &Options,
    name: &str,
    bytes: Vec<u8>,
) -> Outcome {
    let mut stderr = Vec::new();
    let (output, code) = run_streaming(registry, options, name, bytes, &mut stderr);
    Outcome {
        output,
        diagnostics: String::from_utf8_lossy(&stderr).into_owned(),
        code,
    }
}

/// [`run_bytes_with`] writing standard error to `stderr` as the run goes (a
/// diagnostic once it is found) rather than gathering it, so memory does not grow
/// with the diagnostics' text; returns the output (empty on failure) and the exit
/// code. `--mlir-timing` puts its report first, so with it stderr is gathered and
/// written at the end; SARIF is one document written at the end.
pub fn run_streaming(
    registry: &PassRegistry,
    options: &Options,
    name: &str,
    bytes: Vec<u8>,
    stderr: &mut dyn Write,
) -> (String, i32) {
    let mut output = Vec::new();
    // Writing into memory cannot fail.
    let (code, _) = run_streaming_to(registry, options, name, bytes, stderr, &mut output);
    let output = String::from_utf8(output)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    (output, code)
}

/// [`run_streaming`] writing the output to `stdout`, after standard error is
/// complete: as it is printed when the input is one chunk (no
/// `--split-input-file`, `--verify-diagnostics` or `--mlir-timing`), so memory
/// does not grow with the printed text either; otherwise from each chunk's text.
/// Nothing is written on failure. Returns the exit code and the first error of
/// `stdout`, which stops the printing.
pub fn run_streaming_to(
    registry: &PassRegistry,
    options: &Options,
    name: &str,
    bytes: Vec<u8>,
    stderr: &mut dyn Write,
    stdout: &mut dyn Write,
) -> (i32, std::io::Result<()>) {
    let mut ctx = new_context(options);
    let buffer = ctx.add_source_bytes(name, bytes);
    let Some(text) = ctx.source(buffer).map(|b| b.shared_text()) else {
        return (fail(stderr, "no source buffer"), Ok(()));
    };
    if let Err(message) = check_passes(registry, &options.passes) {
        return (fail(stderr, &message), Ok(()));
    }
    let chunks = if options.split_input_file {
        split::split_chunks(&text)
    } else {
        std::iter::once(0..text.len()).collect()
    };
    let print = print_options(options);
    // One chunk, kept as soon as it verifies: printed straight out, last, after
    // standard error is complete (as before, and as upstream orders them). With
    // --mlir-timing the report, which times the printing, comes first.
    let stream = chunks.len() == 1 && !options.verify_diagnostics && !options.timing;
    let mut streamed = None;

    let mut gathered = Vec::new();
    let sink: &mut dyn Write = if options.timing {
        &mut gathered
    } else {
        &mut *stderr
    };
    let keep = if options.verify_diagnostics {
        Keep::Expected
    } else {
        Keep::Stream
    };
    let mut outputs = Vec::with_capacity(chunks.len());
    let mut failed = false;
    // With --verify-diagnostics, expectations nothing produced come last, as upstream reports them.
    let mut missing = Diagnostics::default();
    let mut timer = timing::Timer::default();
    let mut emitter = Emitter::new(options.diagnostics_format, options.color);
    let mut remarks = RemarkLimit::new(options.max_remarks);
    for chunk in chunks {
        let mut out = ChunkOutput::new(&mut *sink, &mut emitter, &mut remarks, keep);
        let module = process_chunk(
            &mut ctx,
            registry,
            options,
            (buffer, chunk.clone()),
            &mut timer,
            &mut out,
        );
        if let Some(module) = module
            && !out.has_errors()
        {
            if stream {
                streamed = Some(module);
            } else {
                let mut text = String::new();
                timer.time("Output", || print_module(&ctx, &module, print, &mut text));
                text.push('\n');
                outputs.push(text);
            }
        }
        if options.verify_diagnostics {
            let diags = std::mem::take(&mut out.diags);
            let check = expect::check_chunk(&ctx, buffer, chunk, diags, options.only_expected);
            failed |= check.unexpected.has_errors() || check.missing.has_errors();
            for d in check.unexpected.iter() {
                out.emit(&ctx, d);
            }
            missing.extend(check.missing);
        } else {
            failed |= out.has_errors();
        }
        if failed {
            // No output is written on failure: what the chunks before printed is
            // not kept for nothing.
            outputs = Vec::new();
        }
    }
    let mut end = String::new();
    for d in missing.iter() {
        emitter.emit(&ctx, d, &mut end);
    }
    remarks.finish(&mut emitter, &mut end);
    emitter.finish(&mut end, i32::from(failed));
    finish_stderr(stderr, options.timing.then_some(&timer), gathered, &end);
    // On failure nothing is written, so no partial output is mistaken for a result.
    if failed {
        return (1, Ok(()));
    }
    let mut written = Ok(());
    if let Some(module) = streamed {
        written = write_module(&ctx, &module, print, stdout).and_then(|()| stdout.write_all(b"\n"));
    }
    for (i, text) in outputs.iter().enumerate() {
        if written.is_ok() && i > 0 {
            written = stdout.write_all(b"// -----\n");
        }
        if written.is_ok() {
            written = stdout.write_all(text.as_bytes());
        }
    }
    (0, written)
}

/// Parse, verify and the passes of `options` on a whole input (no
/// `--split-input-file` chunks), exactly as [`run_streaming`] treats each chunk:
/// the same verification after passes, `--mlir-pass-statistics` after the
/// pipeline, and with `--mlir-timing` the timing report before the diagnostics.
/// Diagnostics go to `stderr` as `options.diagnostics_format` writes them. For
/// tools that go on with the module rather than print it (tensor-run interprets
/// it); `ctx` is theirs ([`run_context`] for tensor-run). Returns the module, or
/// `None` once an error was reported.
pub fn compile(
    ctx: &mut Context,
    registry: &PassRegistry,
    options: &Options,
    name: &str,
    bytes: Vec<u8>,
    stderr: &mut dyn Write,
) -> Option<Module> {
    if let Err(message) = check_passes(registry, &options.passes) {
        fail(stderr, &message);
        return None;
    }
    let buffer = ctx.add_source_bytes(name, bytes);
    let Some(len) = ctx.source(buffer).map(|b| b.shared_text().len()) else {
        fail(stderr, "no source buffer");
        return None;
    };
    let mut gathered = Vec::new();
    let sink: &mut dyn Write = if options.timing {
        &mut gathered
    } else {
        &mut *stderr
    };
    let mut timer = timing::Timer::default();
    let mut emitter = Emitter::new(options.diagnostics_format, options.color);
    let mut remarks = RemarkLimit::new(options.max_remarks);
    let mut out = ChunkOutput::new(&mut *sink, &mut emitter, &mut remarks, Keep::Stream);
    let module = process_chunk(
        ctx,
        registry,
        options,
        (buffer, 0..len),
        &mut timer,
        &mut out,
    );
    let failed = out.has_errors();
    let mut end = String::new();
    remarks.finish(&mut emitter, &mut end);
    emitter.finish(&mut end, i32::from(failed));
    finish_stderr(stderr, options.timing.then_some(&timer), gathered, &end);
    module.filter(|_| !failed)
}

/// The end of a run's standard error: `end` (expectations nothing produced, the
/// SARIF document) after the diagnostics. With `--mlir-timing` (`timer`), whose
/// report comes first, the diagnostics were `gathered` and follow the report.
fn finish_stderr(
    stderr: &mut dyn Write,
    timer: Option<&timing::Timer>,
    mut gathered: Vec<u8>,
    end: &str,
) {
    if let Some(timer) = timer {
        gathered.extend_from_slice(end.as_bytes());
        let _ = stderr.write_all(timer.report().as_bytes());
        let _ = stderr.write_all(&gathered);
    } else {
        let _ = stderr.write_all(end.as_bytes());
    }
    let _ = stderr.flush();
}

/// Writes `error: message` for a failure of the run as a whole; returns its exit code.
fn fail(stderr: &mut dyn Write, message: &str) -> i32 {
    let _ = writeln!(stderr, "error: {message}");
    1
}

/// Unknown passes or refused values (possible through the library API) are
/// reported before anything runs.
fn check_passes(registry: &PassRegistry, passes: &[PassInvocation]) -> Result<(), String> {
    for p in passes {
        registry
            .create(&p.argument, p.value.as_deref())
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// How `options` print the IR.
fn print_options(options: &Options) -> PrintOptions {
    PrintOptions {
        generic: options.print_generic,
        debuginfo: options.print_debuginfo,
    }
}

/// One chunk (`range` of `buffer`) through the pipeline: parse; verify; if it
/// verifies, the passes of `options` (verified after each, with their statistics
/// reported after the pipeline). Every diagnostic goes to `out`. The module unless
/// parsing failed; it holds errors if `out` does.
fn process_chunk(
    ctx: &mut Context,
    registry: &PassRegistry,
    options: &Options,
    (buffer, range): (u32, Range<usize>),
    timer: &mut timing::Timer,
    out: &mut ChunkOutput<'_>,
) -> Option<Module> {
    let parsed = timer.time("Parser", || parse_source(ctx, buffer, range));
    let mut module = match parsed {
        Ok(module) => module,
        Err(d) => {
            out.report(ctx, d.or_code(codes::PARSE_ERROR));
            return None;
        }
    };
    timer.time("Verifier", || {
        verify_module_each(ctx, &module, &mut |d| {
            let code = codes::fallback(Phase::Verify, d.severity);
            out.report(ctx, d.or_code(code));
        });
    });
    if !out.has_errors() {
        let printing = IrPrinting {
            before_all: options.print_ir_before_all,
            after_all: options.print_ir_after_all,
            after_failure: options.print_ir_after_failure,
            print: print_options(options),
        };
        let mut passes = instantiate(registry, &options.passes);
        if options.convert_to_nd && tensor_convert_stablehlo::has_ops_to_convert(ctx, &module) {
            passes.insert(0, Box::new(tensor_convert_stablehlo::ConvertStablehloToNd));
        }
        let mut stats = Vec::new();
        pass_manager::run_pipeline(ctx, &mut module, passes, printing, timer, out, &mut stats);
        // As upstream: after each chunk's pipeline ran, failed or not.
        if let Some(display) = options.pass_statistics {
            out.append(&statistics::report(display, &stats));
        }
    }
    Some(module)
}

/// Verifies `module` and, if it verifies, runs `passes` on it in order, as tensor-opt
/// does with each chunk it parsed (the same codes on the verifier's diagnostics).
/// Returns every diagnostic in the order reported. For tools that parse on their own,
/// such as the editor server.
pub fn check_module(
    ctx: &mut Context,
    module: &mut Module,
    passes: Vec<Box<dyn Pass>>,
) -> Diagnostics {
    let mut unused = std::io::sink();
    let mut emitter = Emitter::new(DiagnosticsFormat::Text, ColorChoice::Never);
    let mut remarks = RemarkLimit::new(Some(0));
    let mut out = ChunkOutput::new(&mut unused, &mut emitter, &mut remarks, Keep::All);
    let mut verified = verify_module(ctx, module);
    verified.or_codes(|s| codes::fallback(Phase::Verify, s));
    out.extend(ctx, verified);
    if !out.has_errors() {
        let mut timer = timing::Timer::default();
        pass_manager::run_pipeline(
            ctx,
            module,
            passes,
            IrPrinting::default(),
            &mut timer,
            &mut out,
            &mut Vec::new(),
        );
    }
    out.diags
}

/// Fresh instances of the command line's passes (checked by [`run_with`] already).
fn instantiate(registry: &PassRegistry, passes: &[PassInvocation]) -> Vec<Box<dyn Pass>> {
    passes
        .iter()
        .filter_map(|p| registry.create(&p.argument, p.value.as_deref()).ok())
        .collect()
}

/// Drops the `see current operation:` notes, as upstream's `printOpOnDiagnostic` off
/// does: `--verify-diagnostics` runs that way, and so does the editor server.
pub fn strip_op_notes(diags: Diagnostics) -> Diagnostics {
    let mut out = Diagnostics::default();
    for mut d in diags {
        d.notes.retain(|n| !emit::is_op_note(n));
        out.push(d);
    }
    out
}

/// The largest input read by default (`--max-input-size`): 256 MiB. Parsing keeps
/// the text and builds the IR next to it, several times its size, so a larger (or
/// endless, as `/dev/zero`) input is refused with an error rather than exhausting
/// memory.
pub const DEFAULT_MAX_INPUT_SIZE: u64 = 256 << 20;

/// The most remarks a run shows by default (`--max-remarks`), as clang's
/// `-ferror-limit` defaults to 20 errors: past a screenful, a person reads the
/// count, not the remarks.
pub const DEFAULT_MAX_REMARKS: usize = 20;

/// The largest input any limit allows: source offsets are 32 bits.
pub const MAX_INPUT_SIZE: u64 = (u32::MAX - 1) as u64;

/// An error diagnostic with no location (for driver-level failures).
pub fn driver_error(message: impl Into<String>) -> Diagnostic {
    Diagnostic::error(Location::Unknown, message)
}

/// A failure before any input was read (the input cannot be opened): `message` as
/// `format` writes a diagnostic without a location, followed by the end of the run.
pub fn driver_failure(format: DiagnosticsFormat, message: &str) -> String {
    Emitter::new(format, ColorChoice::Never).driver_failure(message)
}
