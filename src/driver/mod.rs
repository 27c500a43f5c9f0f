//! `tensor-opt [options] <file|->`: parse, run passes in command-line order,
//! verify, print; or check `expected-*` comments with `--verify-diagnostics`.

mod cli;
mod expect;
mod split;
mod timing;

pub use cli::{Options, Pass, parse_args};

use std::io::Write;
use tensor_ir::parse::parse_source;
use tensor_ir::print::{PrintOptions, print_module};
use tensor_ir::verify::verify_module;
use tensor_ir::{Context, Diagnostic, Diagnostics, Location};

/// What a run produced: the text for stdout (or `-o`), the rendered diagnostics for
/// stderr, and the exit code.
#[derive(Debug, Default)]
pub struct Outcome {
    /// Printed IR.
    pub output: String,
    /// Rendered diagnostics.
    pub diagnostics: String,
    /// 0 on success, 1 on any error.
    pub code: i32,
}

/// A fresh context with every dialect tensor-opt knows.
pub fn new_context(options: &Options) -> Context {
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

/// Runs tensor-opt on an input text named `name`.
pub fn run(options: &Options, name: &str, text: impl Into<String>) -> Outcome {
    let mut ctx = new_context(options);
    let buffer = ctx.add_source(name, text);
    let text = match ctx.source(buffer) {
        Some(b) => b.shared_text(),
        None => {
            return Outcome {
                diagnostics: "error: no source buffer\n".into(),
                code: 1,
                ..Outcome::default()
            };
        }
    };
    let chunks = if options.split_input_file {
        split::split_chunks(&text)
    } else {
        std::iter::once(0..text.len()).collect()
    };
    let print = PrintOptions {
        generic: options.print_generic,
        debuginfo: options.print_debuginfo,
    };

    let mut outputs = Vec::with_capacity(chunks.len());
    let mut all = Diagnostics::default();
    // With --verify-diagnostics, expectations nothing produced come last, as upstream reports them.
    let mut missing = Diagnostics::default();
    let mut timer = timing::Timer::default();
    for chunk in chunks {
        let mut diags = Diagnostics::default();
        let parsed = timer.time("Parser", || parse_source(&mut ctx, buffer, chunk.clone()));
        let module = match parsed {
            Ok(m) => Some(m),
            Err(d) => {
                diags.push(*d);
                None
            }
        };
        if let Some(mut module) = module {
            diags.extend(timer.time("Verifier", || verify_module(&ctx, &module)));
            if !diags.has_errors() {
                run_passes(options, &mut ctx, &mut module, &mut timer, &mut diags);
            }
            if !diags.has_errors() {
                let mut out = String::new();
                timer.time("Output", || print_module(&ctx, &module, print, &mut out));
                out.push('\n');
                outputs.push(out);
            }
        }
        if options.verify_diagnostics {
            let check = expect::check_chunk(
                &ctx,
                buffer,
                chunk,
                strip_op_notes(diags),
                options.only_expected,
            );
            all.extend(check.unexpected);
            missing.extend(check.missing);
        } else {
            all.extend(diags);
        }
    }

    all.extend(missing);
    let mut outcome = Outcome::default();
    if options.timing {
        outcome.diagnostics.push_str(&timer.report());
    }
    for d in all.iter() {
        ctx.render_diagnostic(d, &mut outcome.diagnostics);
    }
    let failed = all.has_errors();
    outcome.code = i32::from(failed);
    // On failure nothing is written, so no partial output is mistaken for a result.
    if !failed {
        // A single chunk's text is moved, not copied: outputs can be tens of megabytes.
        outcome.output = if outputs.len() == 1 {
            outputs.pop().unwrap_or_default()
        } else {
            outputs.join("// -----\n")
        };
    }
    outcome
}

/// Runs the passes in command-line order, stopping at the first that fails;
/// re-verifies after a pass that changed the IR, as mlir-opt verifies after
/// each pass.
fn run_passes(
    options: &Options,
    ctx: &mut Context,
    module: &mut tensor_ir::Module,
    timer: &mut timing::Timer,
    diags: &mut Diagnostics,
) {
    for &pass in &options.passes {
        let changed = match pass {
            Pass::VerifyBroadcast(mode) => {
                let report = timer.time(pass.name(), || {
                    tensor_transforms::verify_broadcast::run(ctx, module, mode)
                });
                let changed = report.changed();
                diags.extend(report.diagnostics);
                changed
            }
        };
        if diags.has_errors() {
            return;
        }
        if changed {
            diags.extend(timer.time("Verifier", || verify_module(ctx, module)));
            if diags.has_errors() {
                return;
            }
        }
    }
}

/// `--verify-diagnostics` runs as upstream does with `printOpOnDiagnostic` off.
fn strip_op_notes(diags: Diagnostics) -> Diagnostics {
    let mut out = Diagnostics::default();
    for mut d in diags {
        d.notes
            .retain(|n| !n.message.starts_with("see current operation: "));
        out.push(d);
    }
    out
}

/// The binary's entry point: reads arguments, input and writes output; returns the exit code.
pub fn main_with_args(args: Vec<String>) -> i32 {
    let options = match parse_args(args) {
        Ok(o) => o,
        Err(e) => {
            let code = i32::from(e.use_stderr());
            let _ = e.print();
            return code;
        }
    };
    let (name, text) = match read_input(&options.input) {
        Ok(x) => x,
        Err(msg) => {
            eprintln!("{msg}");
            return 1;
        }
    };
    let outcome = run(&options, &name, text);
    eprint!("{}", outcome.diagnostics);
    if outcome.code != 0 {
        return outcome.code;
    }
    match &options.output {
        Some(path) if path != "-" => {
            if let Err(e) = std::fs::write(path, outcome.output.as_bytes()) {
                eprintln!("error: could not write output file '{path}': {e}");
                return 1;
            }
        }
        _ => {
            let mut stdout = std::io::stdout().lock();
            if stdout
                .write_all(outcome.output.as_bytes())
                .and_then(|()| stdout.flush())
                .is_err()
            {
                return 1;
            }
        }
    }
    0
}

fn read_input(path: &str) -> Result<(String, String), String> {
    let bytes = if path == "-" {
        let mut buf = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut buf)
            .map_err(|e| format!("error: could not read standard input: {e}"))?;
        buf
    } else {
        std::fs::read(path)
            .map_err(|e| format!("error: could not open input file '{path}': {e}"))?
    };
    if bytes.len() >= u32::MAX as usize {
        return Err(format!("error: input file '{path}' is larger than 4 GiB"));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        format!(
            "error: input file '{path}' is not valid UTF-8 (byte offset {})",
            e.utf8_error().valid_up_to()
        )
    })?;
    let name = if path == "-" {
        "<stdin>".to_string()
    } else {
        path.to_string()
    };
    Ok((name, text))
}

/// An error diagnostic with no location (for driver-level failures).
pub fn driver_error(message: impl Into<String>) -> Diagnostic {
    Diagnostic::error(Location::Unknown, message)
}
