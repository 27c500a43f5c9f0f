//! tensor-run on JAX's StableHLO gives JAX's results, without JAX: the programs,
//! inputs and JAX's outputs in `tests/data/jax-run/` were written by
//! `scripts/jax-suite.py --write-fixtures tests/data/jax-run` (softmax with
//! symbolic batch and sequence at batch 1, layer norm with symbolic batch,
//! static attention, and the transformer block with symbolic batch and sequence
//! at batch 1: the sizes where a `?` stretches). The tolerance is the suite's.

use std::path::{Path, PathBuf};
use std::process::Command;
use tensor_interp::{ElemType, Memory, Tensor};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/jax-run");

/// The suite's float tolerance: `ATOL + RTOL * max|want|` per element.
const RTOL: f64 = 1e-5;
const ATOL: f64 = 1e-6;

fn read(path: &Path) -> Tensor {
    tensor_interp::npy::read(path, &Memory::new(1 << 30))
        .unwrap_or_else(|e| panic!("{}: {e:?}", path.display()))
}

/// `stem.arg0.npy`, `stem.arg1.npy`, ... (or `want`), in order.
fn numbered(stem: &str, kind: &str) -> Vec<PathBuf> {
    (0..)
        .map(|k| Path::new(DATA).join(format!("{stem}.{kind}{k}.npy")))
        .take_while(|p| p.exists())
        .collect()
}

fn as_f64(t: &Tensor) -> Vec<f64> {
    match t.elem() {
        ElemType::F32 => t
            .to_vec::<f32>()
            .expect("f32")
            .into_iter()
            .map(f64::from)
            .collect(),
        ElemType::F64 => t.to_vec::<f64>().expect("f64"),
        e => panic!("unexpected result element type {e:?}"),
    }
}

/// Runs fixture `stem` and compares every result with JAX's.
fn check(stem: &str) {
    let args = numbered(stem, "arg");
    let wants = numbered(stem, "want");
    assert!(
        !args.is_empty() && !wants.is_empty(),
        "fixture {stem} is missing"
    );
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("stablehlo_run");
    std::fs::create_dir_all(&out_dir).expect("scratch directory");
    let outs: Vec<PathBuf> = (0..wants.len())
        .map(|k| out_dir.join(format!("{stem}.out{k}.npy")))
        .collect();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tensor-run"));
    cmd.arg(Path::new(DATA).join(format!("{stem}.mlir")));
    for a in &args {
        cmd.arg("--arg").arg(a);
    }
    for o in &outs {
        cmd.arg("--out").arg(o);
    }
    let run = cmd.output().expect("tensor-run runs");
    assert!(
        run.status.success(),
        "{stem}: tensor-run failed: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    for (k, (o, w)) in outs.iter().zip(&wants).enumerate() {
        assert_close(&format!("{stem} result #{k}"), &read(o), &read(w));
    }
}

/// `got` equals `want` within the tolerance.
fn assert_close(what: &str, got: &Tensor, want: &Tensor) {
    assert_eq!(got.shape(), want.shape(), "{what}: shape");
    let (got, want) = (as_f64(got), as_f64(want));
    let scale = want
        .iter()
        .filter(|x| x.is_finite())
        .fold(0.0f64, |m, x| m.max(x.abs()));
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        let close = (g - w).abs() <= ATOL + RTOL * scale || (g.is_nan() && w.is_nan());
        assert!(close, "{what} element {i}: {g} but JAX gives {w}");
    }
}

#[test]
fn softmax_batch_and_sequence_symbolic_at_batch_1() {
    check("softmax.bs.1x5");
}

#[test]
fn layer_norm_batch_symbolic() {
    check("layer_norm.b.3x8");
}

#[test]
fn attention_static() {
    check("attention.static.2x8");
}

#[test]
fn transformer_block_batch_and_sequence_symbolic_at_batch_1() {
    check("transformer_block.bs.1x3");
}

/// The comparison fails on a result off by 0.01 in one element.
#[test]
#[should_panic(expected = "but JAX gives")]
fn a_wrong_result_fails() {
    let want = read(&Path::new(DATA).join("softmax.bs.1x5.want0.npy"));
    let mut values = want.to_vec::<f32>().expect("f32");
    values[0] += 0.01;
    let wrong = Tensor::from_vec(ElemType::F32, want.shape(), values).expect("same shape");
    assert_close("off by 0.01", &wrong, &want);
}
