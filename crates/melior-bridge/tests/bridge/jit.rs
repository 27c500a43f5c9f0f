//! Exported examples run in MLIR's JIT (melior's `PassManager` and
//! `ExecutionEngine`) give `tensor-run`'s results on the same inputs, static and
//! dynamic functions alike; a failing run-time shape check (`cf.assert`) aborts
//! with its message.

use std::path::{Path, PathBuf};
use std::process::Command;

use melior::Context;
use melior::dialect::DialectRegistry;
use melior::utility::{register_all_dialects, register_all_llvm_translations, register_all_passes};
use tensor_melior_bridge::jit::{Elements, Tensor, TensorF32, run, run_f32};
use tensor_melior_bridge::parse_and_verify;

use crate::common::render;

/// The golden test of batched products with `?` batch dims (exported as one
/// `linalg.generic`), relative to `examples/`.
const BATCHED: &str = "../test/Transforms/convert-upstream-to-nd/batched-matmul.mlir";

/// Functions of `examples/` (and of [`BATCHED`]) and the shapes of their inputs.
const RUNS: &[(&str, &str, &[&[usize]])] = &[
    (
        BATCHED,
        "two_dynamic_batches",
        &[&[2, 3, 3, 4], &[2, 3, 4, 5]],
    ),
    (BATCHED, "three_batches", &[&[2, 2, 3, 3, 4], &[1, 3, 4, 2]]),
    (
        BATCHED,
        "one_dynamic_batch",
        &[&[3, 2, 3, 4], &[3, 2, 4, 5]],
    ),
    ("softmax.mlir", "softmax", &[&[4, 10]]),
    ("softmax.mlir", "softmax_xla", &[&[4, 10]]),
    ("softmax.mlir", "softmax_dynamic", &[&[3, 7]]),
    (
        "layer_norm.mlir",
        "layer_norm",
        &[&[2, 8, 16], &[16], &[16]],
    ),
    (
        "layer_norm.mlir",
        "layer_norm_dynamic",
        &[&[2, 3, 5], &[5], &[1]],
    ),
    ("outer_product.mlir", "outer_numpy", &[&[3], &[5]]),
    ("outer_product.mlir", "outer_xla", &[&[3], &[5]]),
    ("outer_product.mlir", "outer_matmul", &[&[3], &[5]]),
    (
        "outer_product.mlir",
        "outer_batched_dynamic",
        &[&[2, 3, 1], &[1, 1, 4]],
    ),
    (
        "attention.mlir",
        "attention",
        &[
            &[2, 4, 8, 16],
            &[2, 4, 8, 16],
            &[2, 4, 8, 16],
            &[2, 1, 1, 8],
        ],
    ),
    ("attention.mlir", "bias_add_xla", &[&[2, 4, 8, 8], &[2, 8]]),
    (
        "attention.mlir",
        "bias_add_in_place",
        &[&[2, 4, 8, 8], &[4, 8, 8]],
    ),
    (
        "attention.mlir",
        "attention_dynamic",
        &[&[2, 4, 3, 16], &[2, 4, 16, 5], &[2, 4, 5, 16], &[2, 5]],
    ),
];

pub(crate) fn context() -> Context {
    let registry = DialectRegistry::new();
    register_all_dialects(&registry);
    register_all_passes();
    let context = Context::new();
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();
    register_all_llvm_translations(&context);
    context
}

pub(crate) fn tool(var: &str, name: &str) -> Option<PathBuf> {
    let path = match std::env::var_os(var) {
        Some(p) => PathBuf::from(p),
        None => PathBuf::from(std::env::var_os("TENSOR_OPT")?).with_file_name(name),
    };
    path.exists().then_some(path)
}

/// tensor-opt and tensor-run, or `None` with a note that the test is skipped.
fn tools() -> Option<(PathBuf, PathBuf)> {
    let found = tool("TENSOR_OPT", "tensor-opt").zip(tool("TENSOR_RUN", "tensor-run"));
    if found.is_none() {
        eprintln!("note: skipping: TENSOR_OPT is not set (scripts/test-bridge.sh sets it)");
    }
    found
}

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples")
}

/// Deterministic inputs in [-1, 1).
fn input(shape: &[usize], seed: usize) -> TensorF32 {
    let n: usize = shape.iter().product();
    let data = (0..n)
        .map(|i| ((i * 7919 + seed * 104_729) % 211) as f32 / 105.5 - 1.0)
        .collect();
    TensorF32 {
        shape: shape.to_vec(),
        data,
    }
}

/// `t` as an MLIR literal for `tensor-run --arg`.
fn literal(t: &TensorF32) -> String {
    fn nested(shape: &[usize], data: &[f32]) -> String {
        match shape.split_first() {
            // Debug prints the shortest round-trip form, with a `.` as MLIR wants.
            None => format!("{:?}", data[0]),
            Some((&n, rest)) => {
                let step: usize = rest.iter().product();
                let parts: Vec<String> = (0..n)
                    .map(|i| nested(rest, &data[i * step..(i + 1) * step]))
                    .collect();
                format!("[{}]", parts.join(", "))
            }
        }
    }
    let dims: Vec<String> = t.shape.iter().map(usize::to_string).collect();
    format!(
        "dense<{}> : tensor<{}xf32>",
        nested(&t.shape, &t.data),
        dims.join("x")
    )
}

/// The numbers of `tensor-run`'s printed result (`dense<...> : tensor<...>`).
fn numbers(printed: &str) -> Vec<f64> {
    let body = printed.split(" : ").next().unwrap_or("");
    let body = body.split_once('<').map_or(body, |(_, b)| b);
    body.split(|c: char| !(c.is_ascii_digit() || "eE+-.".contains(c)))
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap_or_else(|e| panic!("{s}: {e}")))
        .collect()
}

fn export(tensor_opt: &Path, file: &Path) -> String {
    let out = Command::new(tensor_opt)
        .args(["--lower-broadcast", "--convert-nd-to-upstream"])
        .arg(file)
        .output()
        .expect("tensor-opt runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The static functions again, on the `.npy` inputs in `examples/inputs/`.
const NPY_RUNS: &[(&str, &str, &[&str])] = &[
    ("softmax.mlir", "softmax", &["softmax_x"]),
    // A `*` result (rank known statically after the export).
    (
        "refine.mlir",
        "bias_scale",
        &["refine_x", "refine_bias", "refine_scale"],
    ),
    (
        "layer_norm.mlir",
        "layer_norm",
        &["ln_x", "ln_gamma", "ln_beta"],
    ),
    ("outer_product.mlir", "outer_numpy", &["col", "row"]),
    (
        "attention.mlir",
        "attention",
        &["attn_q", "attn_k", "attn_v", "attn_mask"],
    ),
];

/// A little-endian `f32` C-order `.npy` file (format 1.0), as NumPy writes them.
fn read_npy(path: &Path) -> TensorF32 {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(&bytes[..6], b"\x93NUMPY", "{}: not .npy", path.display());
    let header_len = usize::from(u16::from_le_bytes([bytes[8], bytes[9]]));
    let header = std::str::from_utf8(&bytes[10..10 + header_len]).expect("ASCII header");
    assert!(header.contains("'<f4'") && header.contains("'fortran_order': False"));
    let shape_text = header
        .split("'shape': (")
        .nth(1)
        .and_then(|s| s.split(')').next())
        .expect("a shape");
    let shape: Vec<usize> = shape_text
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().expect("a size"))
        .collect();
    let data = bytes[10 + header_len..]
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    TensorF32 { shape, data }
}

/// Runs `entry` of `file` exported in the JIT and in `tensor-run` (given `args`
/// for the inputs) and compares the results.
fn compare(
    context: &Context,
    (tensor_opt, tensor_run): (&Path, &Path),
    (file, entry): (&str, &str),
    inputs: &[TensorF32],
    args: &[String],
) {
    let path = examples().join(file);
    let text = export(tensor_opt, &path);
    let mut module = match parse_and_verify(context, &text, file) {
        Ok(m) => m,
        Err(ds) => panic!("{file}: {}", render(&ds)),
    };
    let results =
        run_f32(context, &mut module, entry, inputs).unwrap_or_else(|e| panic!("@{entry}: {e}"));
    let expected = numbers(&tensor_run_stdout(tensor_run, &path, entry, args));
    assert_eq!(results.len(), 1, "@{entry}");
    assert!(
        !expected.is_empty(),
        "@{entry}: tensor-run printed no numbers"
    );
    let got: Vec<f64> = results[0].data.iter().map(|&x| f64::from(x)).collect();
    // exp and division may round differently in LLVM and Rust.
    assert_close(entry, &got, &expected, 1e-5);
}

/// What `tensor-run` prints for `entry` of `file` with `args` (each an `--arg`),
/// after checking that it succeeds.
fn tensor_run_stdout(tensor_run: &Path, file: &Path, entry: &str, args: &[String]) -> String {
    let out = Command::new(tensor_run)
        .arg(file)
        .args(["--entry", entry])
        .args(args.iter().flat_map(|a| ["--arg", a.as_str()]))
        .output()
        .expect("tensor-run runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The JIT's numbers are tensor-run's, each within `rel` (relative, absolute
/// below 1).
fn assert_close(entry: &str, got: &[f64], expected: &[f64], rel: f64) {
    assert_eq!(got.len(), expected.len(), "@{entry}: element counts");
    for (i, (g, e)) in got.iter().zip(expected).enumerate() {
        assert!(
            (g - e).abs() <= rel * e.abs().max(1.0),
            "@{entry} element {i}: JIT {g}, tensor-run {e}"
        );
    }
}

#[test]
fn jit_results_equal_tensor_run_on_the_example_inputs() {
    let Some((tensor_opt, tensor_run)) = tools() else {
        return;
    };
    let context = context();
    for &(file, entry, names) in NPY_RUNS {
        let paths: Vec<PathBuf> = names
            .iter()
            .map(|n| examples().join("inputs").join(format!("{n}.npy")))
            .collect();
        let inputs: Vec<TensorF32> = paths.iter().map(|p| read_npy(p)).collect();
        let args: Vec<String> = paths
            .iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
        compare(
            &context,
            (&tensor_opt, &tensor_run),
            (file, entry),
            &inputs,
            &args,
        );
    }
}

#[test]
fn jit_results_equal_tensor_run() {
    let Some((tensor_opt, tensor_run)) = tools() else {
        return;
    };
    let context = context();
    for &(file, entry, shapes) in RUNS {
        let inputs: Vec<TensorF32> = shapes
            .iter()
            .enumerate()
            .map(|(k, s)| input(s, k))
            .collect();
        let args: Vec<String> = inputs.iter().map(literal).collect();
        compare(
            &context,
            (&tensor_opt, &tensor_run),
            (file, entry),
            &inputs,
            &args,
        );
    }
}

/// Run in a child process (it aborts): `layer_norm_dynamic` with a gamma of the
/// wrong size fails its run-time check.
#[test]
fn failing_check_child() {
    if std::env::var_os("JIT_ABORT_CHILD").is_none() {
        return;
    }
    let tensor_opt = tool("TENSOR_OPT", "tensor-opt").expect("TENSOR_OPT is set");
    let text = export(&tensor_opt, &examples().join("layer_norm.mlir"));
    let context = context();
    let mut module = parse_and_verify(&context, &text, "layer_norm.mlir").expect("valid");
    let inputs = [input(&[2, 3, 5], 0), input(&[4], 1), input(&[5], 2)];
    let _ = run_f32(&context, &mut module, "layer_norm_dynamic", &inputs);
    eprintln!("the run-time check did not fire");
}

#[test]
fn failing_check_aborts_with_its_message() {
    if std::env::var_os("TENSOR_OPT").is_none() {
        eprintln!("note: skipping: TENSOR_OPT is not set (scripts/test-bridge.sh sets it)");
        return;
    }
    // MLIR's runtime prints the message with `puts` and aborts without flushing
    // stdout: run the child unbuffered (coreutils' stdbuf).
    let exe = std::env::current_exe().expect("the test binary");
    let mut cmd = Command::new("stdbuf");
    cmd.arg("-o0").arg(exe);
    let out = cmd
        .args([
            "--exact",
            "jit::failing_check_child",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("JIT_ABORT_CHILD", "1")
        .output()
        .expect("the child runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "the child did not abort:\n{stdout}");
    assert!(
        stdout.contains(
            "shapes do not broadcast: operand #1 dim 0 and result dim 2 have different sizes and \
             neither is 1"
        ),
        "no message in:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// An argument's shape and element kind.
type Arg = (&'static [usize], char);

/// Functions with unranked arguments (and `i32`/`i1` elements), from the golden
/// inputs of `--lower-broadcast`: each argument's shape and elements
/// (`f` f32, `i` i32, `b` i1; see `typed_input`).
const UNRANKED_RUNS: &[(&str, &[Arg])] = &[
    ("unranked_and_ranked", &[(&[2, 3, 4], 'f'), (&[4], 'f')]),
    ("unranked_and_ranked", &[(&[4], 'f'), (&[4], 'f')]),
    ("unranked_and_ranked", &[(&[], 'f'), (&[4], 'f')]),
    ("two_unranked", &[(&[3, 1], 'f'), (&[2, 1, 5], 'f')]),
    ("to_ranked", &[(&[1, 4], 'i'), (&[3, 4], 'i')]),
    ("select", &[(&[2, 3], 'b'), (&[3], 'f'), (&[3], 'f')]),
    ("xla_ranked_result", &[(&[4], 'f'), (&[4, 3], 'f')]),
];

/// A generated tensor of `shape` and kind `f` (f32), `d` (f64), `i` (i32), `l`
/// (i64) or `b` (i1).
fn typed_input(shape: &[usize], kind: char, seed: usize) -> Tensor {
    let f = input(shape, seed).data;
    let elements = match kind {
        'i' => Elements::I32(f.iter().map(|x| (x * 10.0) as i32).collect()),
        'l' => Elements::I64(f.iter().map(|x| (x * 10.0) as i64).collect()),
        'd' => Elements::F64(f.iter().map(|&x| f64::from(x) / 3.0).collect()),
        'b' => Elements::I1(f.iter().map(|&x| x > 0.0).collect()),
        _ => Elements::F32(f),
    };
    Tensor {
        shape: shape.to_vec(),
        elements,
    }
}

/// `t` as an MLIR literal for `tensor-run --arg`.
pub(crate) fn typed_literal(t: &Tensor) -> String {
    let (items, elem): (Vec<String>, &str) = match &t.elements {
        Elements::F32(v) => (v.iter().map(|x| format!("{x:?}")).collect(), "f32"),
        Elements::F64(v) => (v.iter().map(|x| format!("{x:?}")).collect(), "f64"),
        Elements::I32(v) => (v.iter().map(i32::to_string).collect(), "i32"),
        Elements::I64(v) => (v.iter().map(i64::to_string).collect(), "i64"),
        Elements::I1(v) => (v.iter().map(bool::to_string).collect(), "i1"),
    };
    fn nested(shape: &[usize], items: &[String]) -> String {
        match shape.split_first() {
            None => items[0].clone(),
            Some((&n, rest)) => {
                let step: usize = rest.iter().product();
                let parts: Vec<String> = (0..n)
                    .map(|i| nested(rest, &items[i * step..(i + 1) * step]))
                    .collect();
                format!("[{}]", parts.join(", "))
            }
        }
    }
    let mut ty: Vec<String> = t.shape.iter().map(usize::to_string).collect();
    ty.push(elem.to_owned());
    format!(
        "dense<{}> : tensor<{}>",
        nested(&t.shape, &items),
        ty.join("x")
    )
}

/// Each printed result of `tensor-run` (one per line) as shape and numbers
/// (`true`/`false` as 1/0).
fn printed_results(printed: &str) -> Vec<(Vec<usize>, Vec<f64>)> {
    printed
        .lines()
        .filter(|l| l.starts_with("dense<"))
        .map(|l| {
            let (body, ty) = l.rsplit_once(" : tensor<").expect("a typed literal");
            let mut dims: Vec<&str> = ty.trim_end_matches('>').split('x').collect();
            dims.pop();
            let shape: Vec<usize> = dims.iter().map(|d| d.parse().expect("a size")).collect();
            let body = body
                .trim_start_matches("dense<")
                .replace("true", "1")
                .replace("false", "0");
            let mut numbers: Vec<f64> = body
                .split(|c: char| !(c.is_ascii_digit() || "eE+-.".contains(c)))
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().unwrap_or_else(|e| panic!("{s}: {e}")))
                .collect();
            // A splat prints one element.
            let count: usize = dims
                .iter()
                .map(|d| d.parse::<usize>().unwrap_or(0))
                .product();
            if numbers.len() == 1 {
                numbers = vec![numbers[0]; count];
            }
            (shape, numbers)
        })
        .collect()
}

fn as_f64(t: &Tensor) -> Vec<f64> {
    match &t.elements {
        Elements::F32(v) => v.iter().map(|&x| f64::from(x)).collect(),
        Elements::F64(v) => v.clone(),
        Elements::I32(v) => v.iter().map(|&x| f64::from(x)).collect(),
        Elements::I64(v) => v.iter().map(|&x| x as f64).collect(),
        Elements::I1(v) => v.iter().map(|&x| f64::from(u8::from(x))).collect(),
    }
}

/// Runs `entry` of `file` in tensor-run on `inputs` and checks that the JIT's
/// `results` have its shapes and, within `rel` (relative), its numbers.
fn compare_with_tensor_run(
    tensor_run: &Path,
    file: &Path,
    entry: &str,
    inputs: &[Tensor],
    results: &[Tensor],
    rel: f64,
) {
    let args: Vec<String> = inputs.iter().map(typed_literal).collect();
    let expected = printed_results(&tensor_run_stdout(tensor_run, file, entry, &args));
    assert_eq!(results.len(), expected.len(), "@{entry}: result counts");
    for (t, (shape, numbers)) in results.iter().zip(&expected) {
        assert_eq!(&t.shape, shape, "@{entry}: shapes");
        assert_close(entry, &as_f64(t), numbers, rel);
    }
}

fn golden_unranked() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../test/Transforms/lower-broadcast/unranked.mlir")
}

/// The function `name` of the golden input (its chunks are split at `// -----`).
fn golden_function(name: &str) -> String {
    let text = std::fs::read_to_string(golden_unranked()).expect("the golden input");
    text.split("\n// -----\n")
        .find(|c| c.contains(&format!("func.func @{name}(")))
        .unwrap_or_else(|| panic!("no @{name}"))
        .to_owned()
}

/// Exports `text` with `args` after --lower-broadcast.
pub(crate) fn export_text(tensor_opt: &Path, text: &str, args: &[&str]) -> String {
    use std::io::Write;
    let mut child = Command::new(tensor_opt)
        .arg("-")
        .arg("--lower-broadcast")
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("tensor-opt runs");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(text.as_bytes())
        .expect("tensor-opt reads");
    let out = child.wait_with_output().expect("tensor-opt ends");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// Unranked arguments of several ranks, `i32` and `i1` elements, several results:
/// rank specialisation (scf.index_switch) in MLIR's JIT gives tensor-run's
/// results.
#[test]
fn unranked_jit_results_equal_tensor_run() {
    let Some((tensor_opt, tensor_run)) = tools() else {
        return;
    };
    let context = context();
    for &(entry, args) in UNRANKED_RUNS {
        let source = golden_function(entry);
        let text = export_text(&tensor_opt, &source, &["--convert-nd-to-upstream"]);
        assert!(
            text.contains("scf.index_switch"),
            "@{entry}: no rank dispatch"
        );
        let mut module = match parse_and_verify(&context, &text, entry) {
            Ok(m) => m,
            Err(ds) => panic!("@{entry}: {}", render(&ds)),
        };
        let inputs: Vec<Tensor> = args
            .iter()
            .enumerate()
            .map(|(k, &(shape, kind))| typed_input(shape, kind, k))
            .collect();
        let results =
            run(&context, &mut module, entry, &inputs).unwrap_or_else(|e| panic!("@{entry}: {e}"));
        compare_with_tensor_run(
            &tensor_run,
            &golden_unranked(),
            entry,
            &inputs,
            &results,
            1e-5,
        );
    }
}

/// Run in a child process (it aborts): a rank-3 tensor where the export
/// specialised ranks 0 to 2.
#[test]
fn rank_above_the_limit_child() {
    if std::env::var_os("JIT_RANK_CHILD").is_none() {
        return;
    }
    let tensor_opt = tool("TENSOR_OPT", "tensor-opt").expect("TENSOR_OPT is set");
    let source = "func.func @exp(%a: tensor<*xf32>) -> tensor<*xf32> {\n  \
                  %0 = nd.exp %a : tensor<*xf32>\n  return %0 : tensor<*xf32>\n}\n";
    let text = export_text(&tensor_opt, source, &["--convert-nd-to-upstream=2"]);
    let context = context();
    let mut module = parse_and_verify(&context, &text, "exp").expect("valid");
    let inputs = [typed_input(&[2, 2, 2], 'f', 0)];
    let ok = run(
        &context,
        &mut module,
        "exp",
        &[typed_input(&[3, 2], 'f', 0)],
    );
    assert!(ok.is_ok(), "rank 2 runs");
    let mut module = parse_and_verify(&context, &text, "exp").expect("valid");
    let _ = run(&context, &mut module, "exp", &inputs);
    eprintln!("the rank check did not fire");
}

#[test]
fn rank_above_the_limit_aborts_with_its_message() {
    if std::env::var_os("TENSOR_OPT").is_none() {
        eprintln!("note: skipping: TENSOR_OPT is not set (scripts/test-bridge.sh sets it)");
        return;
    }
    let exe = std::env::current_exe().expect("the test binary");
    let out = Command::new("stdbuf")
        .arg("-o0")
        .arg(exe)
        .args([
            "--exact",
            "jit::rank_above_the_limit_child",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("JIT_RANK_CHILD", "1")
        .output()
        .expect("the child runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "the child did not abort:\n{stdout}");
    assert!(
        stdout.contains(
            "rank specialisation: the rank of operand #0 is not in 0..=2, the ranks exported \
             (--convert-nd-to-upstream=<n>, now 2)"
        ),
        "no message in:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Functions over f64 and i64 (static and dynamic), which no example uses.
const WIDE: &str = r#"
func.func @f64_bias_square(%x: tensor<?x3xf64>, %b: tensor<3xf64>) -> tensor<?x3xf64> {
  %0 = nd.add %x, %b : (tensor<?x3xf64>, tensor<3xf64>) -> tensor<?x3xf64>
  %1 = nd.mul %0, %0 : (tensor<?x3xf64>, tensor<?x3xf64>) -> tensor<?x3xf64>
  return %1 : tensor<?x3xf64>
}
func.func @i64_outer(%c: tensor<4x1xi64>, %r: tensor<1x5xi64>) -> tensor<4x5xi64> {
  %0 = nd.mul %c, %r : (tensor<4x1xi64>, tensor<1x5xi64>) -> tensor<4x5xi64>
  return %0 : tensor<4x5xi64>
}
func.func @i64_dynamic_sub(%a: tensor<?x?xi64>, %b: tensor<?xi64>) -> tensor<?x?xi64> {
  %0 = nd.sub %a, %b : (tensor<?x?xi64>, tensor<?xi64>) -> tensor<?x?xi64>
  return %0 : tensor<?x?xi64>
}
"#;

/// f64 and i64 arguments and results (ranked, static and dynamic) through MLIR's
/// JIT give tensor-run's results.
#[test]
fn wide_element_types_equal_tensor_run() {
    let Some((tensor_opt, tensor_run)) = tools() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("tensor-bridge-wide-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let file = dir.join("wide.mlir");
    std::fs::write(&file, WIDE).expect("the program is written");
    let runs: &[(&str, &[Arg])] = &[
        ("f64_bias_square", &[(&[2, 3], 'd'), (&[3], 'd')]),
        ("i64_outer", &[(&[4, 1], 'l'), (&[1, 5], 'l')]),
        ("i64_dynamic_sub", &[(&[3, 4], 'l'), (&[1], 'l')]),
    ];
    let context = context();
    let text = export_text(&tensor_opt, WIDE, &["--convert-nd-to-upstream"]);
    for &(entry, args) in runs {
        let mut module = match parse_and_verify(&context, &text, entry) {
            Ok(m) => m,
            Err(ds) => panic!("@{entry}: {}", render(&ds)),
        };
        let inputs: Vec<Tensor> = args
            .iter()
            .enumerate()
            .map(|(k, &(shape, kind))| typed_input(shape, kind, k))
            .collect();
        let results =
            run(&context, &mut module, entry, &inputs).unwrap_or_else(|e| panic!("@{entry}: {e}"));
        for t in &results {
            assert!(
                matches!(
                    (&t.elements, entry.starts_with("f64")),
                    (Elements::F64(_), true) | (Elements::I64(_), false)
                ),
                "@{entry}: element type"
            );
        }
        compare_with_tensor_run(&tensor_run, &file, entry, &inputs, &results, 1e-12);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
