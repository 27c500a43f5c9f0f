//! `tensor-opt [options] <file|->`: parse, run passes in command-line order,
//! verify, print; or check `expected-*` comments with `--verify-diagnostics`.

mod cli;
mod emit;
mod expect;
mod machine;
mod pass_manager;
mod split;
mod statistics;
pub(crate) mod stdio;
mod timing;

pub use cli::{Options, PassInvocation, command, parse_args, parse_args_with};
pub use emit::{ColorChoice, DiagnosticsFormat};
pub use split::split_chunks;
pub use statistics::StatisticsDisplay;

use emit::{ChunkOutput, Emitter, Keep};
use pass_manager::IrPrinting;
use std::io::Write;
use tensor_ir::diag::codes::{self, Phase};
use tensor_ir::parse::parse_source;
use tensor_ir::pass::{Pass, PassRegistry, RegistryError};
use tensor_ir::print::{PrintOptions, print_module};
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

/// A fresh context with every dialect tensor-opt knows.
pub fn new_context(options: &Options) -> Context {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered(options.allow_unregistered);
    tensor_dialect_func::register(&mut ctx);
    tensor_dialect_test::register(&mut ctx);
    tensor_dialect_nd::register(&mut ctx);
    tensor_export::register(&mut ctx);
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
    let fail = |stderr: &mut dyn Write, message: &str| {
        let _ = writeln!(stderr, "error: {message}");
        (String::new(), 1)
    };
    let mut ctx = new_context(options);
    let buffer = ctx.add_source_bytes(name, bytes);
    let Some(text) = ctx.source(buffer).map(|b| b.shared_text()) else {
        return fail(stderr, "no source buffer");
    };
    // Unknown passes or refused values (possible through the library API) are
    // reported before anything runs.
    for p in &options.passes {
        if let Err(message) = registry.create(&p.argument, p.value.as_deref()) {
            return fail(stderr, &message.to_string());
        }
    }
    let chunks = if options.split_input_file {
        split::split_chunks(&text)
    } else {
        std::iter::once(0..text.len()).collect()
    };
    let print = PrintOptions {
        generic: options.print_generic,
        debuginfo: options.print_debuginfo,
    };
    let printing = IrPrinting {
        before_all: options.print_ir_before_all,
        after_all: options.print_ir_after_all,
        after_failure: options.print_ir_after_failure,
        print,
    };

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
    for chunk in chunks {
        let mut out = ChunkOutput::new(&mut *sink, &mut emitter, keep);
        let parsed = timer.time("Parser", || parse_source(&mut ctx, buffer, chunk.clone()));
        match parsed {
            Ok(mut module) => {
                timer.time("Verifier", || {
                    verify_module_each(&ctx, &module, &mut |d| {
                        let code = codes::fallback(Phase::Verify, d.severity);
                        out.report(&ctx, d.or_code(code));
                    });
                });
                if !out.has_errors() {
                    let passes = instantiate(registry, &options.passes);
                    let mut stats = Vec::new();
                    pass_manager::run_pipeline(
                        &mut ctx,
                        &mut module,
                        passes,
                        printing,
                        &mut timer,
                        &mut out,
                        &mut stats,
                    );
                    // As upstream: after each chunk's pipeline ran, failed or not.
                    if let Some(display) = options.pass_statistics {
                        out.append(&statistics::report(display, &stats));
                    }
                }
                if !out.has_errors() {
                    let mut text = String::new();
                    timer.time("Output", || print_module(&ctx, &module, print, &mut text));
                    text.push('\n');
                    outputs.push(text);
                }
            }
            Err(d) => out.report(&ctx, d.or_code(codes::PARSE_ERROR)),
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
    emitter.finish(&mut end, i32::from(failed));
    let _ = sink.write_all(end.as_bytes());
    if options.timing {
        let _ = stderr.write_all(timer.report().as_bytes());
        let _ = stderr.write_all(&gathered);
    }
    let _ = stderr.flush();
    // On failure nothing is written, so no partial output is mistaken for a result.
    if failed {
        return (String::new(), 1);
    }
    // A single chunk's text is moved, not copied: outputs can be tens of megabytes.
    let output = if outputs.len() == 1 {
        outputs.pop().unwrap_or_default()
    } else {
        outputs.join("// -----\n")
    };
    (output, 0)
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
    let mut out = ChunkOutput::new(&mut unused, &mut emitter, Keep::All);
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

/// The binary's entry point: reads arguments, input and writes output; returns the
/// exit code: 0 on success, 1 on diagnostics or a failure to read or write, 2 on a
/// usage error (an unknown flag, a bad or missing option value, two input files).
pub fn main_with_args(args: Vec<String>) -> i32 {
    match default_registry() {
        Ok(registry) => main_with_registry(&registry, args),
        Err(e) => {
            print_stderr(&format!("error: {e}\n"));
            1
        }
    }
}

/// Exit code of a usage error, as clap and most tools use it.
pub const USAGE_ERROR: i32 = 2;

/// [`main_with_args`] with the passes of `registry`: how a tool built on tensor-opt
/// adds its own passes.
pub fn main_with_registry(registry: &PassRegistry, args: Vec<String>) -> i32 {
    let options = match parse_args_with(registry, args) {
        Ok(o) => o,
        Err(e) => {
            // `--help` and `--version` exit 0, usage errors 2; clap prints either.
            let code = e.exit_code();
            if e.print().is_err() {
                print_stderr("error: could not write to standard output\n");
                return 1;
            }
            return code;
        }
    };
    let limit = options.max_input_size.unwrap_or(DEFAULT_MAX_INPUT_SIZE);
    let (name, bytes) = match read_input(&options.input, limit) {
        Ok(x) => x,
        Err(msg) => {
            let emitter = Emitter::new(options.diagnostics_format, ColorChoice::Never);
            let msg = msg.strip_prefix("error: ").unwrap_or(&msg);
            print_stderr(&emitter.driver_failure(msg).to_string());
            return 1;
        }
    };
    let mut options = options;
    options.color = options
        .color
        .resolve(std::io::IsTerminal::is_terminal(&std::io::stderr()));
    let (output, code) = {
        let mut stderr = std::io::BufWriter::new(std::io::stderr().lock());
        run_streaming(registry, &options, &name, bytes, &mut stderr)
    };
    if code != 0 {
        return code;
    }
    let written = match &options.output {
        Some(path) if path != "-" => std::fs::write(path, output.as_bytes())
            .map_err(|e| format!("error: could not write output file '{path}': {e}")),
        // As upstream (`IO failure on output stream`), after the run.
        _ if stdio::stdout_closed() => Err(format!(
            "error: could not write to standard output: {}",
            stdio::CLOSED_REASON
        )),
        _ => {
            let mut stdout = std::io::stdout().lock();
            stdout
                .write_all(output.as_bytes())
                .and_then(|()| stdout.flush())
                .map_err(|e| format!("error: could not write to standard output: {e}"))
        }
    };
    match written {
        Ok(()) => 0,
        Err(msg) => {
            print_stderr(&format!("{msg}\n"));
            1
        }
    }
}

/// Writes to standard error; a closed or full standard error is ignored (there is
/// nowhere left to report it), where `eprint!` would panic.
fn print_stderr(text: &str) {
    let mut stderr = std::io::stderr().lock();
    let _ = stderr.write_all(text.as_bytes());
    let _ = stderr.flush();
}

/// The largest input read by default (`--max-input-size`): 256 MiB. Parsing keeps
/// the text and builds the IR next to it, several times its size, so a larger (or
/// endless, as `/dev/zero`) input is refused with an error rather than exhausting
/// memory.
pub const DEFAULT_MAX_INPUT_SIZE: u64 = 256 << 20;

/// The largest input any limit allows: source offsets are 32 bits.
pub const MAX_INPUT_SIZE: u64 = (u32::MAX - 1) as u64;

/// Reads the input (a path, or `-` for standard input), at most `limit` bytes.
fn read_input(path: &str, limit: u64) -> Result<(String, Vec<u8>), String> {
    let limit = limit.min(MAX_INPUT_SIZE);
    let (name, what) = if path == "-" {
        ("<stdin>".to_string(), "standard input".to_string())
    } else {
        (path.to_string(), format!("input file '{path}'"))
    };
    if path == "-" && stdio::stdin_closed() {
        // Upstream: `cannot open input file '-': Bad file descriptor`.
        return Err(format!(
            "error: could not open input file '-': {}",
            stdio::CLOSED_REASON
        ));
    }
    let mut bytes = Vec::new();
    let read = if path == "-" {
        std::io::Read::read_to_end(
            &mut std::io::Read::take(std::io::stdin().lock(), limit + 1),
            &mut bytes,
        )
    } else {
        let file = std::fs::File::open(path)
            .map_err(|e| format!("error: could not open input file '{path}': {e}"))?;
        // A regular file says its size; a device such as /dev/zero is read up to
        // the limit.
        if let Ok(meta) = file.metadata()
            && meta.is_file()
            && meta.len() > limit
        {
            return Err(too_large(&what, limit));
        }
        std::io::Read::read_to_end(&mut std::io::Read::take(file, limit + 1), &mut bytes)
    };
    read.map_err(|e| format!("error: could not read {what}: {e}"))?;
    if u64::try_from(bytes.len()).unwrap_or(u64::MAX) > limit {
        return Err(too_large(&what, limit));
    }
    Ok((name, bytes))
}

fn too_large(what: &str, limit: u64) -> String {
    format!(
        "error: {what} is larger than {limit} bytes, the input size limit (see --max-input-size)"
    )
}

/// An error diagnostic with no location (for driver-level failures).
pub fn driver_error(message: impl Into<String>) -> Diagnostic {
    Diagnostic::error(Location::Unknown, message)
}
