//! `tensor-lsp`'s command line: usage errors exit with 2 and never panic; `--` ends
//! the options.

#![allow(clippy::unwrap_used)]

use std::ffi::OsStr;
use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use std::process::Output;

mod common;

/// Runs the server with `args` and `input` on standard input.
fn run(args: &[&OsStr], input: &[u8]) -> Output {
    let mut child = common::spawn(args, true);
    // The server may exit before reading: a usage error.
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

fn usage_error(args: &[&OsStr]) -> String {
    let out = run(args, b"");
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("usage: tensor-lsp"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

#[test]
fn a_non_utf8_argument_is_a_usage_error() {
    let err = usage_error(&[OsStr::from_bytes(b"--allow\xff")]);
    assert!(
        err.starts_with("tensor-lsp: argument \"--allow\u{fffd}\" is not valid UTF-8"),
        "{err}"
    );
    let err = usage_error(&[OsStr::new("--"), OsStr::from_bytes(b"f\xffo.mlir")]);
    assert!(
        err.starts_with("tensor-lsp: unexpected operand 'f\u{fffd}o.mlir'"),
        "{err}"
    );
}

#[test]
fn a_double_dash_ends_the_options() {
    let err = usage_error(&[OsStr::new("--"), OsStr::new("--help")]);
    assert!(
        err.starts_with("tensor-lsp: unexpected operand '--help'"),
        "{err}"
    );
    assert!(usage_error(&[OsStr::new("doc.mlir")]).contains("unexpected operand 'doc.mlir'"));
    assert!(usage_error(&[OsStr::new("-nope")]).contains("unknown option '-nope'"));
    // Alone, after the options, it changes nothing: the server runs.
    let init = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#;
    let shutdown = r#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#;
    let exit = r#"{"jsonrpc":"2.0","method":"exit"}"#;
    let input: String = [init, shutdown, exit]
        .iter()
        .map(|b| format!("Content-Length: {}\r\n\r\n{b}", b.len()))
        .collect();
    let out = run(
        &[OsStr::new("-allow-unregistered-dialect"), OsStr::new("--")],
        input.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains(r#""id":2,"#)
    );
}

#[test]
fn help_and_version() {
    for flag in ["-h", "--help", "-help"] {
        let out = run(&[OsStr::new(flag)], b"");
        assert_eq!(out.status.code(), Some(0), "{flag}");
        assert!(
            String::from_utf8(out.stdout)
                .unwrap()
                .starts_with("usage: tensor-lsp")
        );
    }
    let out = run(&[OsStr::new("--version")], b"");
    assert_eq!(out.status.code(), Some(0));
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .starts_with("tensor-lsp ")
    );
}
