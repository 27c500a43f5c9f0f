//! tensor-opt writes its output as it prints it (`tensor_ir::print::write_module`,
//! `tensor_pipeline::run_streaming_to`): the text is the same as printing into
//! memory, whatever the size of the pieces; a failing writer stops the printing
//! with its error; standard error is complete before the output starts; and a
//! failing run writes nothing, not even the `-o` file.

use std::io::Write;
use std::process::Command;
use tensor_ir::print::{PrintOptions, print_module, write_module};

const BIN: &str = env!("CARGO_BIN_EXE_tensor-opt");

/// `copies` renamed copies of examples/layer_norm.mlir (static and dynamic
/// functions, custom forms with flags such as `keep_dims`, and without): about
/// 2.3 KB of output each, so a few hundred span several of `write_module`'s
/// pieces.
fn program(copies: usize) -> String {
    let example = include_str!("../examples/layer_norm.mlir");
    (0..copies)
        .map(|i| example.replace("@layer_norm", &format!("@layer_norm_{i}")))
        .collect()
}

/// The module of `text`, printed into memory and written through `write_module`.
fn both_ways(text: &str, sink: &mut dyn Write) -> (String, std::io::Result<()>) {
    let options = tensor_pipeline::Options::default();
    let mut ctx = tensor_pipeline::new_context(&options);
    let buffer = ctx.add_source("p.mlir", text);
    let module = tensor_ir::parse::parse_source(&mut ctx, buffer, 0..text.len()).expect("parses");
    let mut printed = String::new();
    print_module(&ctx, &module, PrintOptions::default(), &mut printed);
    let written = write_module(&ctx, &module, PrintOptions::default(), sink);
    (printed, written)
}

#[test]
fn written_text_is_the_printed_text() {
    let text = program(400);
    let mut out = Vec::new();
    let (printed, written) = both_ways(&text, &mut out);
    written.expect("a Vec takes everything");
    assert!(printed.len() > 3 * (1 << 18), "{} bytes", printed.len());
    assert!(printed.contains("keep_dims"));
    assert_eq!(String::from_utf8(out).expect("UTF-8"), printed);
}

/// Takes `room` bytes, then fails.
struct Full {
    taken: Vec<u8>,
    room: usize,
}

impl Write for Full {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.taken.len() >= self.room {
            return Err(std::io::Error::other("no room"));
        }
        let n = buf.len().min(self.room - self.taken.len());
        self.taken.extend_from_slice(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_failing_writer_stops_the_printing_with_its_error() {
    let text = program(400);
    let mut full = Full {
        taken: Vec::new(),
        room: 500_000,
    };
    let (printed, written) = both_ways(&text, &mut full);
    let e = written.expect_err("the writer fills up");
    assert_eq!(e.to_string(), "no room");
    assert_eq!(full.taken.len(), 500_000);
    assert!(printed.as_bytes().starts_with(&full.taken));
}

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("streamed-{}-{name}", std::process::id()))
}

#[test]
fn stdout_the_o_file_and_the_buffered_path_agree() {
    let input = temp("in.mlir");
    let output = temp("out.mlir");
    std::fs::write(&input, program(400)).expect("temp file");
    let run = |args: &[&str]| {
        let out = Command::new(BIN)
            .args(args)
            .arg(&input)
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        out
    };
    let streamed = run(&[]).stdout;
    // --mlir-timing prints into memory first (its report times the printing).
    let buffered = run(&["--mlir-timing"]).stdout;
    let o = output.to_str().expect("UTF-8 path");
    run(&["-o", o]);
    let file = std::fs::read(&output).expect("the -o file");
    let _ = std::fs::remove_file(&input);
    let _ = std::fs::remove_file(&output);
    assert!(streamed.len() > 3 * (1 << 18));
    assert_eq!(streamed, buffered);
    assert_eq!(streamed, file);
}

#[test]
fn a_failing_run_makes_no_o_file() {
    let input = temp("bad.mlir");
    let output = temp("bad-out.mlir");
    // The copies verify; one more function does not.
    let text = program(100) + "func.func @bad() -> i32 {\n  return\n}\n";
    std::fs::write(&input, text).expect("temp file");
    let out = Command::new(BIN)
        .arg(&input)
        .arg("-o")
        .arg(&output)
        .output()
        .expect("runs");
    let made = output.exists();
    let _ = std::fs::remove_file(&input);
    let _ = std::fs::remove_file(&output);
    assert_eq!(out.status.code(), Some(1));
    assert!(!made, "a failing run made {}", output.display());
}

#[test]
fn standard_error_is_complete_before_the_output() {
    let input = temp("remarks.mlir");
    std::fs::write(&input, program(400)).expect("temp file");
    // Both streams into one pipe: the remarks and the count of those not shown
    // come first, then the module, as mlir-opt orders diagnostics and output.
    let out = Command::new("sh")
        .arg("-c")
        .arg("\"$T\" --verify-broadcast --max-remarks=2 \"$F\" 2>&1")
        .env("T", BIN)
        .env("F", &input)
        .output()
        .expect("sh runs");
    let _ = std::fs::remove_file(&input);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let module = text.find("module {").expect("the output");
    let last_remark = text.rfind("remark:").expect("remarks");
    let count = text.find("more remarks not shown").expect("the count");
    assert!(
        last_remark < module && count < module,
        "{}",
        &text[..module]
    );
    assert!(!text[module..].contains("remark"));
}
