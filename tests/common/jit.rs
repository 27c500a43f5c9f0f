//! A JIT runner for exported programs: upstream MLIR text (the output of
//! `--convert-nd-to-upstream`) is given a wrapper entry that builds the inputs as
//! constants, calls the function and prints every result; `mlir-opt` lowers it
//! with the pipeline of `/work/shared/REAL-WORLD-TOOLS.md` and `mlir-runner` runs
//! it against `libmlir_c_runner_utils.so`.
//!
//! Values come back exactly: each element is widened to `i64` (integers: `i1`
//! zero-extended, as tensor-run's booleans; the others sign-extended; `index`
//! cast) or to `f64` (floats, exact for every float type exported) and printed as
//! the 64 bits with `printI64`, so no decimal formatting stands between the JIT
//! and the comparison. Each result is flattened with `tensor.reshape`, which also
//! takes unranked results.
//!
//! [`tools`] finds the tools (`MLIR_OPT`, `MLIR_RUNNER`, `MLIR_RUNNER_UTILS`
//! override the LLVM 22 defaults); callers skip with a message when it is `None`.
#![allow(dead_code)]

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The tools a JIT run needs.
#[derive(Clone, Debug)]
pub struct Tools {
    /// `mlir-opt` (LLVM 22).
    pub mlir_opt: PathBuf,
    /// `mlir-runner` (LLVM 22).
    pub mlir_runner: PathBuf,
    /// `libmlir_c_runner_utils.so` (package `libmlir-22-dev`).
    pub runner_utils: PathBuf,
}

/// The tool at environment variable `var`'s path, else at `default`, if it exists.
pub fn tool(var: &str, default: &str) -> Option<PathBuf> {
    let path = std::env::var_os(var).map_or_else(|| PathBuf::from(default), PathBuf::from);
    path.exists().then_some(path)
}

/// The tools, or `None` when one is missing (the caller prints why it skips).
pub fn tools() -> Option<Tools> {
    Some(Tools {
        mlir_opt: super::mlir_opt()?,
        mlir_runner: tool("MLIR_RUNNER", "/usr/lib/llvm-22/bin/mlir-runner")?,
        runner_utils: tool(
            "MLIR_RUNNER_UTILS",
            "/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so",
        )?,
    })
}

/// The lowering to the LLVM dialect (REAL-WORLD-TOOLS.md), with
/// `--convert-math-to-funcs` first: `math.ipowi` (integer `nd.pow`) has no direct
/// LLVM lowering, and that pass writes it as a function of squarings.
/// `--convert-math-to-libm` after `--convert-math-to-llvm`: `math.erf` has no
/// LLVM intrinsic, so it becomes a call of the C library's `erf`/`erff` (half
/// precision through `f32`); running it after leaves the ops LLVM lowers
/// (the f16 `math.copysign` of a float `nd.rem`, which it cannot) to LLVM.
pub const PIPELINE: &[&str] = &[
    "--convert-math-to-funcs",
    "--one-shot-bufferize=bufferize-function-boundaries",
    "--convert-linalg-to-loops",
    "--convert-scf-to-cf",
    "--expand-strided-metadata",
    "--lower-affine",
    "--convert-math-to-llvm",
    "--convert-math-to-libm",
    "--arith-expand",
    "--finalize-memref-to-llvm",
    "--convert-vector-to-llvm",
    "--convert-arith-to-llvm",
    "--convert-cf-to-llvm",
    "--convert-func-to-llvm",
    "--convert-index-to-llvm",
    "--reconcile-unrealized-casts",
];

/// One argument of the entry: a typed literal (`dense<[1, 2]> : tensor<2xi32>`,
/// always of a static shape) and the parameter's type (`tensor<?xi32>`,
/// `tensor<*xi32>`, or the literal's own type), to which it is `tensor.cast`.
#[derive(Clone, Debug)]
pub struct Arg {
    /// The value, with its static type.
    pub literal: String,
    /// The entry's parameter type.
    pub param: String,
}

impl Arg {
    /// `literal` (`dense<...> : tensor<...>`) passed as a parameter of type `param`.
    pub fn new(literal: impl Into<String>, param: impl Into<String>) -> Self {
        Arg {
            literal: literal.into(),
            param: param.into(),
        }
    }
}

/// One result as the JIT computed it.
#[derive(Clone, Debug, PartialEq)]
pub struct Value {
    /// The run-time shape.
    pub shape: Vec<u64>,
    /// The elements in row-major order: integers as `i64` (an `i1` is 0 or 1),
    /// floats as the bits of the `f64` they widen to exactly.
    pub elements: Vec<i64>,
}

/// Why a JIT run gave no values.
#[derive(Clone, Debug)]
pub enum Failure {
    /// The process ended with an error: a failing `cf.assert` prints its message
    /// with `puts` (standard output) and aborts; a trap ends it by a signal.
    Run {
        /// The exit code, `None` when a signal ended it.
        code: Option<i32>,
        /// Standard output: the results printed before the failure, then the
        /// assert's message.
        stdout: String,
        /// Standard error (the runner's crash report).
        stderr: String,
    },
    /// `mlir-opt` refused the program or the pipeline failed: a bug in the export
    /// or in the wrapper, never an acceptable outcome.
    Lower(String),
}

impl Failure {
    /// The message of the failing `cf.assert`: the last line printed, when the
    /// run aborted (SIGABRT, which `cf.assert` lowers to) rather than trapped.
    pub fn assert_message(&self) -> Option<&str> {
        match self {
            Failure::Run {
                code: None, stdout, ..
            } => stdout.lines().last(),
            _ => None,
        }
    }

    /// Whether the run aborted on a `cf.assert` whose message contains `msg`.
    pub fn asserted(&self, msg: &str) -> bool {
        self.assert_message().is_some_and(|m| m.contains(msg))
    }
}

/// The element kinds the wrapper prints.
fn widen(elem: &str, x: &str, out: &mut String, fresh: &mut usize) -> String {
    *fresh += 1;
    let w = format!("%w{fresh}");
    let line = match elem {
        "i64" => return x.to_string(),
        "index" => format!("{w} = arith.index_cast {x} : index to i64"),
        "i1" => format!("{w} = arith.extui {x} : i1 to i64"),
        e if e.starts_with('i') => format!("{w} = arith.extsi {x} : {e} to i64"),
        "f64" => format!("{w} = arith.bitcast {x} : f64 to i64"),
        e => {
            let _ = writeln!(out, "      {w}f = arith.extf {x} : {e} to f64");
            format!("{w} = arith.bitcast {w}f : f64 to i64")
        }
    };
    let _ = writeln!(out, "      {line}");
    w
}

/// The element type of a tensor type text (`tensor<2x?xf32>` gives `f32`,
/// `tensor<*xindex>` gives `index`).
pub fn element_type(ty: &str) -> &str {
    let mut rest = ty
        .trim()
        .trim_start_matches("tensor<")
        .trim_end_matches('>');
    while let Some((dim, tail)) = rest.split_once('x') {
        let is_dim = dim == "?"
            || dim == "*"
            || (!dim.is_empty() && dim.bytes().all(|b| b.is_ascii_digit()));
        if !is_dim {
            break;
        }
        rest = tail;
    }
    rest
}

/// The wrapper `@__jit_main`: constants for `args`, the call of `entry`, and for
/// each result (of the types `results`) its rank, sizes and elements, one line
/// each, as `i64`s.
pub fn wrapper(entry: &str, args: &[Arg], results: &[String]) -> String {
    let mut s = String::new();
    let mut fresh = 0usize;
    s.push_str("  func.func private @printI64(i64)\n");
    s.push_str("  func.func private @printComma()\n");
    s.push_str("  func.func private @printNewline()\n");
    s.push_str("  func.func @__jit_main() {\n");
    s.push_str("    %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n");
    s.push_str("    %one_shape = arith.constant dense<1> : tensor<1xindex>\n");
    let mut names = Vec::new();
    for (i, a) in args.iter().enumerate() {
        let (_, lit_ty) = a.literal.rsplit_once(" : ").unwrap_or(("", &a.literal));
        let _ = writeln!(s, "    %k{i} = arith.constant {}", a.literal);
        if lit_ty.trim() == a.param.trim() {
            names.push(format!("%k{i}"));
        } else {
            let _ = writeln!(
                s,
                "    %a{i} = tensor.cast %k{i} : {} to {}",
                lit_ty.trim(),
                a.param
            );
            names.push(format!("%a{i}"));
        }
    }
    let params: Vec<&str> = args.iter().map(|a| a.param.as_str()).collect();
    let _ = writeln!(
        s,
        "    {}func.call @{entry}({}) : ({}) -> ({})",
        if results.is_empty() {
            String::new()
        } else {
            format!("%r:{} = ", results.len())
        },
        names.join(", "),
        params.join(", "),
        results.join(", ")
    );
    for (k, ty) in results.iter().enumerate() {
        let elem = element_type(ty);
        let r = format!("%r#{k}");
        // Rank and sizes, and the element count for the flat view. A ranked
        // result's rank is static (`tensor.dim` takes no rank-0 tensor).
        let rank = (!ty.contains('*')).then(|| {
            ty.trim_start_matches("tensor<").matches('x').count() - usize::from(elem.contains('x'))
        });
        match rank {
            Some(0) => {
                let _ = writeln!(
                    s,
                    "    %rank{k}i = arith.constant 0 : i64
    func.call @printI64(%rank{k}i) : (i64) -> ()
    func.call @printNewline() : () -> ()
    func.call @printNewline() : () -> ()
    %n{k} = arith.constant 1 : index
    %flat{k} = tensor.reshape {r}(%one_shape) : ({ty}, tensor<1xindex>) -> tensor<?x{elem}>"
                );
            }
            _ => {
                let _ = writeln!(
                    s,
                    "    %rank{k} = tensor.rank {r} : {ty}
    %rank{k}i = arith.index_cast %rank{k} : index to i64
    func.call @printI64(%rank{k}i) : (i64) -> ()
    func.call @printNewline() : () -> ()
    %n{k} = scf.for %i = %c0 to %rank{k} step %c1 iter_args(%acc = %c1) -> (index) {{
      %d = tensor.dim {r}, %i : {ty}
      %di = arith.index_cast %d : index to i64
      func.call @printI64(%di) : (i64) -> ()
      func.call @printComma() : () -> ()
      %m = arith.muli %acc, %d : index
      scf.yield %m : index
    }}
    func.call @printNewline() : () -> ()
    %shape{k} = tensor.from_elements %n{k} : tensor<1xindex>
    %flat{k} = tensor.reshape {r}(%shape{k}) : ({ty}, tensor<1xindex>) -> tensor<?x{elem}>"
                );
            }
        }
        let _ = writeln!(
            s,
            "    scf.for %i = %c0 to %n{k} step %c1 {{
      %e = tensor.extract %flat{k}[%i] : tensor<?x{elem}>"
        );
        let w = widen(elem, "%e", &mut s, &mut fresh);
        let _ = writeln!(
            s,
            "      func.call @printI64({w}) : (i64) -> ()
      func.call @printComma() : () -> ()
    }}
    func.call @printNewline() : () -> ()"
        );
    }
    s.push_str("    return\n  }\n");
    s
}

/// `program` with the wrapper inside its module.
pub fn with_wrapper(program: &str, entry: &str, args: &[Arg], results: &[String]) -> String {
    let w = wrapper(entry, args, results);
    let text = program.trim_end();
    // An explicit module may follow attribute aliases (`#map = ...`).
    let explicit = text
        .lines()
        .find(|l| !l.starts_with('#'))
        .is_some_and(|l| l.starts_with("module"));
    match (explicit, text.rfind('}')) {
        (true, Some(end)) => format!("{}\n{w}}}\n", &text[..end]),
        _ => format!("{text}\n{w}"),
    }
}

fn run_tool(cmd: &mut Command, input: &str) -> std::io::Result<std::process::Output> {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let text = input.as_bytes().to_vec();
    // Written from a thread: the tool may write before it has read everything.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&text);
    });
    let out = child.wait_with_output()?;
    let _ = writer.join();
    Ok(out)
}

/// Lowers `module_text` (the program with its wrapper) and runs `@__jit_main`,
/// returning standard output.
pub fn run_wrapped(tools: &Tools, module_text: &str) -> Result<String, Failure> {
    let lowered = run_tool(
        Command::new(&tools.mlir_opt).args(PIPELINE).arg("-"),
        module_text,
    )
    .map_err(|e| Failure::Lower(format!("mlir-opt does not start: {e}")))?;
    if !lowered.status.success() {
        return Err(Failure::Lower(format!(
            "{}\n--- input ---\n{module_text}",
            String::from_utf8_lossy(&lowered.stderr)
        )));
    }
    let llvm = String::from_utf8_lossy(&lowered.stdout).into_owned();
    // `cf.assert` prints with `puts` and aborts, which flushes nothing: standard
    // output must be line-buffered for its message to reach the pipe.
    let out = run_tool(
        Command::new("stdbuf")
            .arg("-oL")
            .arg(&tools.mlir_runner)
            .args([
                "-e",
                "__jit_main",
                "-entry-point-result=void",
                &format!("-shared-libs={}", tools.runner_utils.display()),
            ]),
        &llvm,
    )
    .map_err(|e| Failure::Lower(format!("mlir-runner does not start: {e}")))?;
    if !out.status.success() {
        return Err(Failure::Run {
            code: out.status.code(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        });
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

fn numbers(line: &str) -> Result<Vec<i64>, String> {
    line.split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| {
            t.parse()
                .map_err(|e| format!("'{t}' in the JIT output: {e}"))
        })
        .collect()
}

/// Reads the wrapper's output: three lines per result.
pub fn parse_output(out: &str, count: usize) -> Result<Vec<Value>, String> {
    let lines: Vec<&str> = out.lines().collect();
    if lines.len() != 3 * count {
        return Err(format!(
            "expected {} lines for {count} results:\n{out}",
            3 * count
        ));
    }
    lines
        .chunks(3)
        .map(|l| {
            let shape = numbers(l[1])?
                .into_iter()
                .map(|d| u64::try_from(d).map_err(|e| e.to_string()))
                .collect::<Result<Vec<_>, _>>()?;
            let rank = numbers(l[0])?;
            if rank != [shape.len() as i64] {
                return Err(format!("rank {rank:?} against sizes {shape:?}"));
            }
            Ok(Value {
                shape,
                elements: numbers(l[2])?,
            })
        })
        .collect()
}

/// Runs `entry` of the exported `program` on `args` in the JIT: the values of its
/// results (of the types `results`), or how it failed.
pub fn run(
    tools: &Tools,
    program: &str,
    entry: &str,
    args: &[Arg],
    results: &[String],
) -> Result<Vec<Value>, Failure> {
    let text = with_wrapper(program, entry, args, results);
    let out = run_wrapped(tools, &text)?;
    parse_output(&out, results.len()).map_err(Failure::Lower)
}
