//! `tensor-opt [options] <file|->`: the command line. Parsing the flags ([`cli`]),
//! reading the input and writing the output are here; everything between (parse,
//! verify, passes, print, diagnostics) is the pipeline library, `tensor-pipeline`,
//! whose items this module re-exports so `tensor_opt::driver::run` and the like
//! keep working.

pub(crate) mod cli;
pub(crate) mod stdio;

pub use cli::{command, parse_args, parse_args_with};
pub use tensor_pipeline::*;

use std::io::Write;
use tensor_ir::pass::PassRegistry;

/// Exit code of a usage error, as clap and most tools use it.
pub const USAGE_ERROR: i32 = 2;

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
            let msg = msg.strip_prefix("error: ").unwrap_or(&msg);
            print_stderr(&driver_failure(options.diagnostics_format, msg));
            return 1;
        }
    };
    // An ONNX model (recognised by content, or named `.onnx`) becomes nd text.
    let bytes = match onnx_input(&name, bytes) {
        Ok(bytes) => bytes,
        Err(msg) => {
            print_stderr(&format!("{msg}\n"));
            return 1;
        }
    };
    let mut options = options;
    options.color = options
        .color
        .resolve(std::io::IsTerminal::is_terminal(&std::io::stderr()));
    // The output goes out as it is printed; a file named by `-o` is created when
    // the first text comes, so a failing run leaves none.
    let mut output = Output {
        path: options.output.clone().filter(|p| p != "-"),
        file: None,
        stdout: None,
    };
    let (code, written) = {
        let mut stderr = std::io::BufWriter::new(std::io::stderr().lock());
        run_streaming_to(registry, &options, &name, bytes, &mut stderr, &mut output)
    };
    if code != 0 {
        return code;
    }
    let written = written.and_then(|()| output.finish());
    match written {
        Ok(()) => 0,
        Err(e) => {
            let msg = match &output.path {
                Some(path) => format!("error: could not write output file '{path}': {e}"),
                // As upstream (`IO failure on output stream`), after the run.
                None => format!("error: could not write to standard output: {e}"),
            };
            print_stderr(&format!("{msg}\n"));
            1
        }
    }
}

/// The run's output: the file `-o` names, made on the first write, or standard
/// output.
struct Output {
    path: Option<String>,
    file: Option<std::fs::File>,
    stdout: Option<std::io::StdoutLock<'static>>,
}

impl Output {
    /// The writer, opened on first use.
    fn target(&mut self) -> std::io::Result<&mut dyn Write> {
        if let Some(path) = &self.path {
            if self.file.is_none() {
                self.file = Some(std::fs::File::create(path)?);
            }
            if let Some(f) = self.file.as_mut() {
                return Ok(f);
            }
        }
        if stdio::stdout_closed() {
            return Err(std::io::Error::other(stdio::CLOSED_REASON));
        }
        Ok(self.stdout.get_or_insert_with(|| std::io::stdout().lock()))
    }

    /// Ends a run that succeeded: the file exists even if nothing was printed,
    /// and everything is flushed.
    fn finish(&mut self) -> std::io::Result<()> {
        self.target()?.flush()
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.target()?.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.target()?.write_all(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match (&mut self.file, &mut self.stdout) {
            (Some(f), _) => f.flush(),
            (None, Some(s)) => s.flush(),
            (None, None) => Ok(()),
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
        {
            if meta.len() > limit {
                return Err(too_large(&what, limit));
            }
            // Read into one buffer of the file's size (and a byte to see it grow)
            // instead of growing by doubling: each growth copies what was read into
            // fresh memory, twice the input's size in all.
            let size = usize::try_from(meta.len()).unwrap_or(usize::MAX);
            bytes
                .try_reserve_exact(size.saturating_add(1))
                .map_err(|e| format!("error: could not read {what}: {e}"))?;
        }
        std::io::Read::read_to_end(&mut std::io::Read::take(file, limit + 1), &mut bytes)
    };
    read.map_err(|e| format!("error: could not read {what}: {e}"))?;
    if u64::try_from(bytes.len()).unwrap_or(u64::MAX) > limit {
        return Err(too_large(&what, limit));
    }
    Ok((name, bytes))
}

/// `bytes` as nd text when they hold an ONNX model (or the file is named
/// `.onnx`); other input unchanged. `Err` is the import's located error.
pub(crate) fn onnx_input(name: &str, bytes: Vec<u8>) -> Result<Vec<u8>, String> {
    if !tensor_onnx::is_model(&bytes) && !name.ends_with(".onnx") {
        return Ok(bytes);
    }
    tensor_onnx::import(&bytes, name)
        .map(String::into_bytes)
        .map_err(|e| e.to_string())
}

fn too_large(what: &str, limit: u64) -> String {
    format!(
        "error: {what} is larger than {limit} bytes, the input size limit (see --max-input-size)"
    )
}
