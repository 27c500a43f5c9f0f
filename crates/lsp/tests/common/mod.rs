//! What every test of the binary starts with.

use std::ffi::OsStr;
use std::process::{Child, Command, Stdio};

/// `tensor-lsp args` with piped standard input and output; standard error piped
/// when `stderr`, else dropped.
pub fn spawn(args: &[&OsStr], stderr: bool) -> Child {
    Command::new(env!("CARGO_BIN_EXE_tensor-lsp"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(if stderr {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .spawn()
        .expect("tensor-lsp starts")
}
