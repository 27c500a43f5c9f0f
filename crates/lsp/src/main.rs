//! `tensor-lsp [--allow-unregistered-dialect] [--broadcast-semantics=spec|mlir]`:
//! the editor server, speaking the Language Server Protocol on standard input and
//! output.

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
";

fn main() -> ExitCode {
    let mut settings = Settings::default();
    for arg in std::env::args().skip(1) {
        // LLVM tools accept one dash too.
        let arg = if arg.starts_with("--") {
            arg
        } else {
            format!("-{arg}")
        };
        match arg.as_str() {
            "--allow-unregistered-dialect" => settings.allow_unregistered = true,
            "--broadcast-semantics=spec" => settings.semantics = broadcastable::Semantics::Spec,
            "--broadcast-semantics=mlir" => settings.semantics = broadcastable::Semantics::Mlir,
            "--stdio" => {}
            _ if arg.starts_with("--runtime-checks=") => {
                match tensor_lsp::RuntimeChecks::parse(&arg["--runtime-checks=".len()..]) {
                    Some(c) => settings.runtime_checks = c,
                    None => {
                        eprint!("tensor-lsp: bad value in '{arg}'\n\n{USAGE}");
                        return ExitCode::from(2);
                    }
                }
            }
            "--help" | "-h" => {
                print!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            "--version" => {
                println!("tensor-lsp {}", env!("CARGO_PKG_VERSION"));
                return ExitCode::SUCCESS;
            }
            _ => {
                eprint!("tensor-lsp: unknown option '{arg}'\n\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
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
