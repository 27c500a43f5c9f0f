//! `tensor-lsp [--allow-unregistered-dialect] [--broadcast-semantics=spec|mlir]`:
//! the editor server, speaking the Language Server Protocol on standard input and
//! output.

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;
use tensor_lsp::{Config, Settings};

const USAGE: &str = "\
usage: tensor-lsp [options]

A Language Server Protocol server for tensor-opt's .mlir files, on standard input
and output. Editors start it; see docs/editor.md.

options:
  --allow-unregistered-dialect     accept operations of unregistered dialects
  --broadcast-semantics=spec|mlir  the Broadcastable trait's rules (spec by default)
  --runtime-checks=hint|information|off
                                   how --verify-broadcast's run-time obligations
                                   show (hint by default)
  --stdio                          talk on standard input and output (the default)
  --help, --version
  --                               ends the options (tensor-lsp takes no operands)
";

fn main() -> ExitCode {
    let settings = match parse_args(std::env::args_os().skip(1)) {
        Ok(Some(settings)) => settings,
        Ok(None) => return ExitCode::SUCCESS,
        Err(problem) => {
            // Not `eprint!`, which panics when standard error is closed.
            let _ = write!(std::io::stderr(), "tensor-lsp: {problem}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let (connection, io_threads) = match tensor_lsp::transport::stdio() {
        Ok(x) => x,
        Err(e) => {
            eprintln!("tensor-lsp: {e}");
            return ExitCode::from(1);
        }
    };
    let config = Config {
        settings,
        ..Config::default()
    };
    let result = tensor_lsp::run(&connection, config);
    // The writer ends once the connection's sender is gone, after writing
    // everything queued.
    drop(connection);
    let written = io_threads.join();
    match (result, written) {
        (Ok(true), Ok(())) => ExitCode::SUCCESS,
        // `exit` without `shutdown` first, or the input ended: 1, as the protocol asks.
        (Ok(false), _) => ExitCode::from(1),
        (Err(e), _) => {
            eprintln!("tensor-lsp: {e}");
            ExitCode::from(1)
        }
        (Ok(true), Err(e)) => {
            eprintln!("tensor-lsp: {e}");
            ExitCode::from(1)
        }
    }
}

/// The settings the command line asks for; `None` when it asked for `--help` or
/// `--version` (printed here), or the usage error.
fn parse_args(mut args: impl Iterator<Item = OsString>) -> Result<Option<Settings>, String> {
    let mut settings = Settings::default();
    while let Some(arg) = args.next() {
        let Some(arg) = arg.to_str() else {
            return Err(format!(
                "argument {:?} is not valid UTF-8 (tensor-lsp takes no file names)",
                arg.to_string_lossy()
            ));
        };
        if arg == "--" {
            // Options end, and tensor-lsp takes no operands.
            return match args.next() {
                None => Ok(Some(settings)),
                Some(operand) => Err(format!(
                    "unexpected operand '{}'",
                    operand.to_string_lossy()
                )),
            };
        }
        if !arg.starts_with('-') {
            return Err(format!("unexpected operand '{arg}'"));
        }
        // LLVM tools accept one dash too.
        let long = if arg.starts_with("--") {
            arg.to_owned()
        } else {
            format!("-{arg}")
        };
        match long.as_str() {
            "--allow-unregistered-dialect" => settings.allow_unregistered = true,
            "--broadcast-semantics=spec" => settings.semantics = broadcastable::Semantics::Spec,
            "--broadcast-semantics=mlir" => settings.semantics = broadcastable::Semantics::Mlir,
            "--stdio" => {}
            _ if long.starts_with("--runtime-checks=") => {
                match tensor_lsp::RuntimeChecks::parse(&long["--runtime-checks=".len()..]) {
                    Some(c) => settings.runtime_checks = c,
                    None => return Err(format!("bad value in '{arg}'")),
                }
            }
            "--help" | "--h" => {
                print!("{USAGE}");
                return Ok(None);
            }
            "--version" => {
                println!("tensor-lsp {}", env!("CARGO_PKG_VERSION"));
                return Ok(None);
            }
            _ => return Err(format!("unknown option '{arg}'")),
        }
    }
    Ok(Some(settings))
}
