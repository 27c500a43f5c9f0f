//! The mismatches `tensor-run` rejects abort the exported program in MLIR's JIT
//! (melior's `ExecutionEngine`) on the export's `cf.assert`, with its message:
//! the same cases as the root crate's `tests/jit_differential.rs`, in process.
//! Each runs in a child process, since the assert aborts.

use std::process::Command;

use tensor_melior_bridge::jit::{Elements, Tensor, run};
use tensor_melior_bridge::parse_and_verify;

use crate::common::render;
use crate::jit::{context, export_text, tool, typed_literal};

/// One mismatch: its name, the program (entry `@f`), the inputs, and a fragment
/// of the `cf.assert` message the JIT must abort with.
struct Mismatch {
    name: &'static str,
    program: String,
    inputs: Vec<Tensor>,
    message: &'static str,
}

fn f32s(shape: &[usize], v: &[f32]) -> Tensor {
    Tensor {
        shape: shape.to_vec(),
        elements: Elements::F32(v.to_vec()),
    }
}

fn i32s(shape: &[usize], v: &[i32]) -> Tensor {
    Tensor {
        shape: shape.to_vec(),
        elements: Elements::I32(v.to_vec()),
    }
}

fn sizes(v: &[i64]) -> Tensor {
    Tensor {
        shape: vec![v.len()],
        elements: Elements::I64(v.to_vec()),
    }
}

fn unary(t: &str, body: &str, r: &str) -> String {
    format!("func.func @f(%a: {t}, %b: {t}) -> {r} {{\n  {body}\n  return %r : {r}\n}}\n")
}

fn mismatches() -> Vec<Mismatch> {
    let v = "tensor<?xf32>";
    let m = "tensor<?x?xf32>";
    let m3 = "tensor<?x?x?xf32>";
    let shaped = |op: &str, dims: &str, r: &str| {
        format!(
            "func.func @f(%a: tensor<?xf32>, %s: tensor<2xindex>) -> {r} {{\n  %r = nd.{op} %a, %s{dims} : (tensor<?xf32>, tensor<2xindex>) -> {r}\n  return %r : {r}\n}}\n"
        )
    };
    vec![
        Mismatch {
            name: "binary",
            program: unary(v, &format!("%r = nd.add %a, %b : {v}"), v),
            inputs: vec![f32s(&[4], &[1.0; 4]), f32s(&[3], &[1.0; 3])],
            message: "shapes do not broadcast",
        },
        Mismatch {
            name: "broadcast_in_dim",
            program: shaped("broadcast_in_dim", ", dims = [0]", m),
            inputs: vec![f32s(&[2], &[1.0, 2.0]), sizes(&[3, 2])],
            message: "operand #0 dim 0 has a size at run time which is neither 1 nor the size",
        },
        Mismatch {
            name: "broadcast_to",
            program: shaped("broadcast_to", "", m),
            inputs: vec![f32s(&[3], &[1.0; 3]), sizes(&[3, 2])],
            message: "operand #0 dim 0 has a size at run time which is neither 1 nor the size",
        },
        Mismatch {
            name: "shape_entry",
            program: shaped("broadcast_in_dim", ", dims = [1]", "tensor<3x2xf32>"),
            inputs: vec![f32s(&[2], &[1.0, 2.0]), sizes(&[4, 2])],
            message: "other than the size 3 of the result type in dim 0",
        },
        Mismatch {
            name: "matmul_contracting",
            program: unary(m, &format!("%r = nd.matmul %a, %b : ({m}, {m}) -> {m}"), m),
            inputs: vec![f32s(&[2, 3], &[1.0; 6]), f32s(&[4, 2], &[1.0; 8])],
            message: "contracted dims differ",
        },
        Mismatch {
            name: "matmul_batch",
            program: unary(
                m3,
                &format!("%r = nd.matmul %a, %b : ({m3}, {m3}) -> {m3}"),
                m3,
            ),
            inputs: vec![f32s(&[2, 2, 3], &[1.0; 12]), f32s(&[3, 3, 2], &[1.0; 18])],
            message: "do not broadcast",
        },
        Mismatch {
            name: "div_by_zero",
            program: unary(
                "tensor<?xi32>",
                "%r = nd.div %a, %b : tensor<?xi32>",
                "tensor<?xi32>",
            ),
            inputs: vec![i32s(&[2], &[7, -7]), i32s(&[2], &[1, 0])],
            message: "divides by zero",
        },
    ]
}

/// Run in a child process (it aborts): the mismatch named by `JIT_MISMATCH`.
#[test]
fn mismatch_child() {
    let Some(name) = std::env::var_os("JIT_MISMATCH") else {
        return;
    };
    let tensor_opt = tool("TENSOR_OPT", "tensor-opt").expect("TENSOR_OPT is set");
    let case = mismatches()
        .into_iter()
        .find(|c| name == c.name)
        .expect("a known mismatch");
    let text = export_text(&tensor_opt, &case.program, &["--convert-nd-to-upstream"]);
    let context = context();
    let mut module = match parse_and_verify(&context, &text, case.name) {
        Ok(m) => m,
        Err(ds) => panic!("{}: {}", case.name, render(&ds)),
    };
    let result = run(&context, &mut module, "f", &case.inputs);
    eprintln!("the run-time check did not fire: {result:?}");
}

/// Each mismatch: tensor-run rejects it, and the exported program aborts in the
/// JIT on its `cf.assert`.
#[test]
fn mismatches_abort_on_their_assert() {
    // The child exports with TENSOR_OPT; this one runs tensor-run.
    let (Some(_), Some(tensor_run)) = (
        tool("TENSOR_OPT", "tensor-opt"),
        tool("TENSOR_RUN", "tensor-run"),
    ) else {
        eprintln!("note: skipping: TENSOR_OPT is not set (scripts/test-bridge.sh sets it)");
        return;
    };
    let dir = std::env::temp_dir().join(format!("tensor-bridge-mismatch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let exe = std::env::current_exe().expect("the test binary");
    for case in mismatches() {
        let file = dir.join(format!("{}.mlir", case.name));
        std::fs::write(&file, &case.program).expect("the program is written");
        let mut reference = Command::new(&tensor_run);
        reference.arg(&file).args(["--lower-first", "--entry", "f"]);
        for t in &case.inputs {
            reference
                .arg("--arg")
                .arg(typed_literal(t).replace("xi64>", "xindex>"));
        }
        let reference = reference.output().expect("tensor-run runs");
        assert_eq!(
            reference.status.code(),
            Some(1),
            "{}: tensor-run does not reject it: {}",
            case.name,
            String::from_utf8_lossy(&reference.stderr)
        );
        // MLIR's runtime prints the message with `puts` and aborts without
        // flushing stdout: run the child unbuffered (coreutils' stdbuf).
        let out = Command::new("stdbuf")
            .arg("-o0")
            .arg(&exe)
            .args([
                "--exact",
                "mismatch::mismatch_child",
                "--nocapture",
                "--test-threads=1",
            ])
            .env("JIT_MISMATCH", case.name)
            .output()
            .expect("the child runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            !out.status.success() && stdout.contains(case.message),
            "{}: the JIT does not abort with '{}':\n{stdout}\n{}",
            case.name,
            case.message,
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
