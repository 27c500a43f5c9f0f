//! An LLVM-compatible `FileCheck` command on top of the `litcheck-filecheck`
//! engine, plus an in-process [`check`] for Rust tests.
//!
//! Compared with LLVM 22's FileCheck on the same inputs, litcheck 0.5:
//! - did not canonicalize whitespace (runs of spaces/tabs match one space)
//!   nor ignore trailing whitespace in patterns, although its docs say so;
//!   this wrapper does both before calling it (see `canonicalize`);
//! - lets two `CHECK-DAG`s match the same text (LLVM forbids overlapping
//!   DAG matches), so such a test can pass here and fail under LLVM lit;
//! - rejects a `CHECK-DAG` that uses a variable defined by another
//!   `CHECK-DAG` of the same group when the use comes first in the input;
//! - accepts `CHECK-NEXT` right after `CHECK-DAG`, which LLVM rejects;
//! - exits with 1, not 2, for malformed check files and unused prefixes;
//! - fails a line that defines a variable and uses it (`[[V:%[0-9]+]] = f [[V]]`),
//!   and does not backtrack a `{{.*}}` placed before a variable use, both of
//!   which LLVM matches (found by `convert-nd-to-upstream/dynamic-reduce.mlir`,
//!   whose checks were rewritten): a test can fail here and pass under LLVM lit,
//!   never the other way.
//!
//! `scripts/lit-llvm.sh` runs the same tests with LLVM's FileCheck in CI,
//! which catches the first and fourth cases.

use std::ffi::{OsStr, OsString};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;
use litcheck_core::diagnostics::{FileName, Report};
use litcheck_core::reporting::PrintDiagnostic;
use litcheck_filecheck::{Config, Test};

pub use litcheck_filecheck::Options;

/// The first argument that makes [`tool_main`] act as lit's `not` instead.
pub const AS_NOT_FLAG: &str = "--as-not";

/// A failed check, with the engine's diagnostic rendered as text.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct CheckError(pub String);

/// Command line of LLVM's `FileCheck`, as far as litcheck implements it.
#[derive(Debug, Parser)]
#[command(
    name = "FileCheck",
    about = "Checks an input against CHECK patterns (LLVM FileCheck)"
)]
struct Cli {
    /// The file holding the CHECK patterns.
    #[arg(value_name = "CHECK_FILE")]
    check_file: PathBuf,
    /// The file to check; `-` (the default) reads standard input.
    #[arg(long, value_name = "PATH", default_value = "-")]
    input_file: PathBuf,
    #[command(flatten)]
    options: Options,
}

/// Entry point of the `filecheck` binary: `FileCheck` by default, lit's `not`
/// (see [`crate::run_not`]) when the first argument is [`AS_NOT_FLAG`].
pub fn tool_main() -> ExitCode {
    let mut args = std::env::args_os().skip(1).peekable();
    if args.next_if(|arg| arg == AS_NOT_FLAG).is_some() {
        return crate::not::run_not(args);
    }
    run_filecheck(args)
}

/// Runs `FileCheck` with `args` (without the program name); exit code 0 if
/// the input matches, 1 if a check fails, 2 on usage errors.
///
/// Accepts LLVM's single-dash spelling of long options (`-check-prefix=X`)
/// and extra options from the `FILECHECK_OPTS` environment variable.
pub fn run_filecheck(args: impl IntoIterator<Item = OsString>) -> ExitCode {
    let mut argv = vec![OsString::from("FileCheck")];
    argv.extend(normalize_args(args));
    if let Some(extra) = std::env::var("FILECHECK_OPTS")
        .ok()
        .and_then(|opts| shlex::split(&opts))
    {
        argv.extend(normalize_args(extra.into_iter().map(OsString::from)));
    }
    let cli = match Cli::try_parse_from(argv) {
        Ok(cli) => cli,
        Err(err) => {
            // Prints help/version to stdout and exits 0, usage errors to stderr with 2.
            err.exit();
        }
    };
    let result = read(&cli.check_file).and_then(|check_text| {
        let input = read(&cli.input_file)?;
        check_named(
            &cli.check_file,
            &check_text,
            &cli.input_file,
            &input,
            cli.options,
        )
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("{err}");
            ExitCode::FAILURE
        }
    }
}

/// Checks `input` against the CHECK directives in `check_text`, in process.
///
/// ```
/// use tensor_lit::filecheck::{check, Options};
/// let checks = "CHECK: hello\nCHECK-NEXT: [[WHO:[a-z]+]]\nCHECK-SAME: [[WHO]]";
/// assert!(check(checks, "hello\nworld world\n", Options::default()).is_ok());
/// assert!(check(checks, "hello\nworld earth\n", Options::default()).is_err());
/// ```
pub fn check(check_text: &str, input: &str, options: Options) -> Result<(), CheckError> {
    check_named(
        Path::new("<checks>"),
        check_text,
        Path::new("<input>"),
        input,
        options,
    )
}

fn check_named(
    check_name: &Path,
    check_text: &str,
    input_name: &Path,
    input: &str,
    mut options: Options,
) -> Result<(), CheckError> {
    options.check_prefixes.sort();
    options.check_prefixes.dedup();
    options.comment_prefixes.sort();
    options.comment_prefixes.dedup();
    let color = options.color;
    // litcheck 0.5 does not canonicalize whitespace although its docs say
    // it does; do what LLVM's FileCheck does before handing the texts over.
    let check_text = canonicalize(
        check_text,
        options.strict_whitespace,
        !(options.strict_whitespace && options.match_full_lines),
    );
    let input = canonicalize(input, options.strict_whitespace, false);
    let config = Config {
        options,
        ..Config::default()
    };
    let result = config.options.validate().and_then(|()| {
        let sources = config.source_manager();
        let check_file = sources.load(Default::default(), FileName::from(check_name), check_text);
        let input_name = if input_name == Path::new("-") {
            FileName::Stdin
        } else {
            FileName::from(input_name)
        };
        let input_file = sources.load(Default::default(), input_name, input);
        Test::new(check_file, &config).verify(input_file).map(drop)
    });
    result.map_err(|report| CheckError(render(report, color)))
}

/// LLVM FileCheck's `CanonicalizeFile`: drops the `\r` of `\r\n` and,
/// unless `strict`, turns each run of spaces and tabs into one space. For the
/// check file (`trim_lines`), also drops trailing spaces and tabs of each line
/// (LLVM ignores them in patterns unless both `--strict-whitespace` and
/// `--match-full-lines` are given).
fn canonicalize(text: &str, strict: bool, trim_lines: bool) -> String {
    let text = text.replace("\r\n", "\n");
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let line = if trim_lines {
            line.trim_end_matches([' ', '\t'])
        } else {
            line
        };
        if strict {
            out.push_str(line);
            continue;
        }
        let mut in_blank = false;
        for c in line.chars() {
            let blank = c == ' ' || c == '\t';
            if !(blank && in_blank) {
                out.push(if blank { ' ' } else { c });
            }
            in_blank = blank;
        }
    }
    out
}

fn render(report: Report, color: clap::ColorChoice) -> String {
    let colored = match color {
        clap::ColorChoice::Always => true,
        clap::ColorChoice::Never => false,
        clap::ColorChoice::Auto => std::io::stderr().is_terminal(),
    };
    if colored {
        PrintDiagnostic::new(report).to_string()
    } else {
        PrintDiagnostic::new_without_color(report).to_string()
    }
}

fn read(path: &Path) -> Result<String, CheckError> {
    let text = if path == Path::new("-") {
        std::io::read_to_string(std::io::stdin())
    } else {
        std::fs::read_to_string(path)
    };
    text.map_err(|err| CheckError(format!("error: cannot read {}: {err}", path.display())))
}

/// Rewrites LLVM's single-dash long options (`-check-prefix=X`) to clap's
/// double-dash form; `-v`, `-vv`, `-D...` and `-` stay as they are.
fn normalize_args(args: impl IntoIterator<Item = OsString>) -> Vec<OsString> {
    let mut seen_double_dash = false;
    args.into_iter()
        .map(|arg| {
            let Some(text) = arg.to_str() else {
                return arg;
            };
            if seen_double_dash || text == "--" {
                seen_double_dash = true;
                return arg;
            }
            let is_short = text.len() <= 2 || text.starts_with("-D") || text == "-vv";
            if text.starts_with('-') && !text.starts_with("--") && !is_short {
                let mut long = OsString::from("-");
                long.push(OsStr::new(text));
                long
            } else if text == "--vv" {
                OsString::from("-vv")
            } else {
                arg
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(checks: &str, input: &str) {
        if let Err(err) = check(checks, input, Options::default()) {
            panic!("expected a match:\n{err}");
        }
    }

    fn fails(checks: &str, input: &str) -> String {
        match check(checks, input, Options::default()) {
            Ok(()) => panic!("expected a failure for checks:\n{checks}\ninput:\n{input}"),
            Err(err) => err.0,
        }
    }

    fn with_args(args: &[&str]) -> Options {
        let argv = normalize_args(args.iter().map(OsString::from));
        let mut cli_args = vec![OsString::from("FileCheck"), OsString::from("checks")];
        cli_args.extend(argv);
        Cli::try_parse_from(cli_args).unwrap().options
    }

    #[test]
    fn check_and_next() {
        ok("CHECK: a\nCHECK-NEXT: b", "a\nb\n");
        fails("CHECK: a\nCHECK-NEXT: b", "a\nx\nb\n");
        fails("CHECK: b\nCHECK: a", "a\nb\n");
    }

    #[test]
    fn check_same() {
        ok("CHECK: a\nCHECK-SAME: b", "a b\n");
        fails("CHECK: a\nCHECK-SAME: b", "a\nb\n");
    }

    #[test]
    fn check_not() {
        ok("CHECK: a\nCHECK-NOT: bad\nCHECK: c", "a\nok\nc\nbad\n");
        let message = fails("CHECK: a\nCHECK-NOT: bad\nCHECK: c", "a\nbad\nc\n");
        assert!(message.contains("bad"), "{message}");
    }

    #[test]
    fn check_label() {
        let checks = "CHECK-LABEL: func @f\nCHECK: ret1\nCHECK-LABEL: func @g\nCHECK: ret2";
        ok(checks, "func @f\nret1\nfunc @g\nret2\n");
        // ret1 must appear between the labels, not after @g.
        fails(checks, "func @f\nfunc @g\nret1\nret2\n");
    }

    #[test]
    fn check_dag() {
        let checks = "CHECK: begin\nCHECK-DAG: x\nCHECK-DAG: y\nCHECK: end";
        ok(checks, "begin\ny\nx\nend\n");
        ok(checks, "begin\nx\ny\nend\n");
        fails(checks, "begin\nx\nend\ny\n");
    }

    #[test]
    fn check_empty() {
        ok("CHECK: a\nCHECK-EMPTY:\nCHECK-NEXT: b", "a\n\nb\n");
        fails("CHECK: a\nCHECK-EMPTY:", "a\nb\n");
    }

    #[test]
    fn regex_and_variables() {
        ok("CHECK: x = {{[0-9]+}}", "x = 42\n");
        fails("CHECK: x = {{[0-9]+}}", "x = y\n");
        let checks = "CHECK: %[[V:[0-9]+]] = add\nCHECK: use %[[V]]";
        ok(checks, "%3 = add\nuse %3\n");
        fails(checks, "%3 = add\nuse %4\n");
    }

    #[test]
    fn check_prefixes() {
        let checks = "A: one\nB: two\nCHECK: never";
        assert!(check(checks, "one two\n", with_args(&["--check-prefixes=A,B"])).is_ok());
        assert!(check(checks, "one\n", with_args(&["-check-prefix=A"])).is_ok());
        assert!(check(checks, "one\n", with_args(&["--check-prefix", "B"])).is_err());
        // An unused prefix is an error, as in LLVM.
        assert!(check(checks, "one\n", with_args(&["--check-prefixes=A,Z"])).is_err());
    }

    #[test]
    fn rejects_empty_input_and_files_without_checks() {
        fails("CHECK: a", "");
        fails("// no directives here", "a\n");
    }

    #[test]
    fn canonicalizes_whitespace_like_llvm() {
        ok("CHECK: a  b", "a \t b\n");
        ok("CHECK: a b   \t", "a b\n");
        ok("CHECK: a\r\nCHECK-NEXT: b", "a\r\nb\r\n");
        assert!(check("CHECK: a  b", "a b\n", with_args(&["--strict-whitespace"])).is_err());
        assert_eq!(canonicalize("a \t b  \nc\r\n", false, true), "a b\nc\n");
        assert_eq!(canonicalize("a \t b  \n", false, false), "a b \n");
        assert_eq!(canonicalize("a \t b  \n", true, false), "a \t b  \n");
    }

    #[test]
    fn normalizes_llvm_style_options() {
        let args = [
            "-check-prefix=X",
            "--input-file",
            "f",
            "-v",
            "-DV=1",
            "-",
            "-vv",
            "--",
            "-x",
        ];
        let normalized = normalize_args(args.iter().map(OsString::from));
        let expected = [
            "--check-prefix=X",
            "--input-file",
            "f",
            "-v",
            "-DV=1",
            "-",
            "-vv",
            "--",
            "-x",
        ];
        assert_eq!(normalized, expected.map(OsString::from));
    }
}
