//! The README's commands run as the README says: every `cargo run` line names the
//! release build of `tensor-opt` (one build serves them all), its arguments run
//! with the exit code its comment states (`(exits N)`), and a `text` block that
//! follows a command's `sh` block is that command's standard error, byte for byte.
//! The benchmark commands name scripts that exist (they are not run: they take
//! minutes and time things).

use std::path::Path;
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The only way the README runs tensor-opt.
const PREFIX: &str = "cargo run --release --bin tensor-opt -- ";

/// One `cargo run` line of the README.
#[derive(Debug)]
struct Example {
    line: usize,
    args: Vec<String>,
    exit: i32,
    stderr: Option<String>,
}

/// The README's commands, in order.
fn examples(readme: &str) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    let mut fence: Option<String> = None;
    let mut block = String::new();
    let mut comment = String::new();
    // The command whose output a following `text` block shows, until another
    // code block starts.
    let mut last_of_block: Option<usize> = None;
    let mut pending: Option<usize> = None;
    for (i, line) in readme.lines().enumerate() {
        let line_no = i + 1;
        if let Some(lang) = &fence {
            if line == "```" {
                if lang == "text" {
                    if let Some(k) = pending.take() {
                        examples[k].stderr = Some(std::mem::take(&mut block));
                    }
                } else {
                    pending = last_of_block.take();
                }
                block.clear();
                fence = None;
                continue;
            }
            if lang == "sh" {
                if let Some(c) = line.strip_prefix('#') {
                    comment.push_str(c);
                    comment.push(' ');
                } else if line.starts_with("cargo run") {
                    let rest = line.strip_prefix(PREFIX).unwrap_or_else(|| {
                        panic!("README:{line_no}: run the release build with `{PREFIX}...`")
                    });
                    let exit = exit_code(&comment).unwrap_or_else(|| {
                        panic!("README:{line_no}: the comment above `{line}` says no `(exits N)`")
                    });
                    examples.push(Example {
                        line: line_no,
                        args: rest.split_whitespace().map(str::to_owned).collect(),
                        exit,
                        stderr: None,
                    });
                    last_of_block = Some(examples.len() - 1);
                    comment.clear();
                } else if let Some(script) = line.strip_prefix("python3 ") {
                    let script = script.split_whitespace().next().unwrap_or_default();
                    assert!(
                        root().join(script).is_file(),
                        "README:{line_no}: no script {script}"
                    );
                } else if line.trim().is_empty() {
                    comment.clear();
                }
            } else {
                block.push_str(line);
                block.push('\n');
            }
        } else if let Some(lang) = line.strip_prefix("```") {
            if lang != "text" {
                pending = None;
            }
            fence = Some(lang.to_owned());
        }
    }
    assert!(fence.is_none(), "README: a code block is not closed");
    examples
}

/// `N` of the last `(exits N` in `comment`.
fn exit_code(comment: &str) -> Option<i32> {
    let at = comment.rfind("(exits ")?;
    let rest = &comment[at + "(exits ".len()..];
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

#[test]
fn readme_commands_exit_and_print_as_documented() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let examples = examples(&readme);
    assert!(
        examples.len() >= 7,
        "found only {} commands: {examples:?}",
        examples.len()
    );
    assert!(
        examples.iter().filter(|e| e.stderr.is_some()).count() >= 2,
        "the outputs shown are not attached to commands: {examples:?}"
    );
    for e in &examples {
        let out = Command::new(env!("CARGO_BIN_EXE_tensor-opt"))
            .args(&e.args)
            .current_dir(root())
            .output()
            .expect("runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            out.status.code(),
            Some(e.exit),
            "README:{}: tensor-opt {} exits otherwise; stderr:\n{stderr}",
            e.line,
            e.args.join(" ")
        );
        if let Some(expected) = &e.stderr {
            assert_eq!(
                &stderr, expected,
                "README:{}: the output shown differs from what it prints",
                e.line
            );
        }
        if e.exit != 0 {
            assert!(
                out.stdout.is_empty(),
                "README:{}: a failed run printed IR",
                e.line
            );
        }
    }
}

#[test]
fn the_parser_finds_exit_codes_and_outputs() {
    let text = "```sh\n# a (exits 1)\ncargo run --release --bin tensor-opt -- x.mlir\n```\n\nprose\n\n```text\nout\n```\n";
    let e = examples(text);
    assert_eq!(e.len(), 1);
    assert_eq!((e[0].exit, e[0].stderr.as_deref()), (1, Some("out\n")));
    assert_eq!(e[0].args, ["x.mlir"]);
    assert_eq!(exit_code("runs (exits 0)."), Some(0));
    assert_eq!(exit_code("runs."), None);
}

#[test]
#[should_panic(expected = "run the release build")]
fn a_debug_build_command_is_refused() {
    examples("```sh\n# (exits 0)\ncargo run --bin tensor-opt -- x.mlir\n```\n");
}
