//! `--lower-broadcast` on StableHLO and CHLO against IREE (`iree-compile` for
//! llvm-cpu, `iree-run-module`): JAX's shape-polymorphic programs, which IREE
//! refuses (`failed to legalize operation 'stablehlo.dynamic_broadcast_in_dim'`),
//! compile once lowered and compute what the static program computes.
//!
//! - Each file of the JAX corpus is compiled as it is (the "before" column) and
//!   after `--lower-broadcast` (the "after" column); the table is printed. Its
//!   generic form lowers to the same program.
//! - Reference values: the static program, compiled by IREE as JAX wrote it. The
//!   six layers compute each batch row alone, so a lowered program run at batch
//!   1, 2 and 3 is compared row by row with the static one (batch 2) run on the
//!   same rows.
//!   Every lowered file compiles, the transformer block's `dynamic_reshape`s
//!   (which IREE cannot lower) included.
//! - A run-time check the lowering adds fails `iree-run-module` with its message
//!   on an input that breaks it, and passes on one that keeps it; so does the
//!   element-count check of a `dynamic_reshape` the analysis cannot prove.
//! - CHLO with dynamic shapes: refused before, compiled after, and run against
//!   values computed here; two `?` sizes either of which may stretch dispatch at
//!   run time, and fail with the check's message when they do not broadcast.
//!
//! Skipped, with a note, when IREE is missing: `IREE_COMPILE` / `IREE_RUN_MODULE`,
//! else `PATH`, else `.venv-rw/bin/` in the repository or a directory above it
//! (`scripts/install-real-world-tools.sh --iree`).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::Rng;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The two tools and a scratch directory, removed when dropped.
struct Iree {
    compile: PathBuf,
    run: PathBuf,
    dir: PathBuf,
}

impl Drop for Iree {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Iree {
    fn find(test: &str) -> Option<Iree> {
        let compile = common::venv_tool("IREE_COMPILE", "iree-compile");
        let run = common::venv_tool("IREE_RUN_MODULE", "iree-run-module");
        let (Some(compile), Some(run)) = (compile, run) else {
            eprintln!(
                "note: skipping: iree-compile or iree-run-module not found (set IREE_COMPILE and \
                 IREE_RUN_MODULE, put them on PATH, or run scripts/install-real-world-tools.sh --iree)"
            );
            return None;
        };
        let dir =
            std::env::temp_dir().join(format!("tensor-opt-iree-{test}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        Some(Iree { compile, run, dir })
    }

    /// Compiles `text` (named `name`) for the CPU: the module's path, or the
    /// first error line.
    fn compile(&self, name: &str, text: &str) -> Result<PathBuf, String> {
        let src = self.dir.join(format!("{name}.mlir"));
        let out = self.dir.join(format!("{name}.vmfb"));
        std::fs::write(&src, text).expect("writing a program");
        let o = Command::new(&self.compile)
            .args([
                "--iree-hal-target-device=local",
                "--iree-hal-local-target-device-backends=llvm-cpu",
                "--iree-llvmcpu-target-cpu=host",
            ])
            .arg(&src)
            .arg("-o")
            .arg(&out)
            .output()
            .expect("running iree-compile");
        if o.status.success() {
            return Ok(out);
        }
        let err = String::from_utf8_lossy(&o.stderr);
        Err(err
            .lines()
            .find(|l| l.contains("error"))
            .unwrap_or("(no error line)")
            .to_owned())
    }

    /// Runs `main` of `module` on `inputs`: its first result's values, or what
    /// iree-run-module printed when it failed.
    fn run(&self, module: &Path, inputs: &[Tensor]) -> Result<Vec<f32>, String> {
        let mut cmd = Command::new(&self.run);
        cmd.arg("--device=local-task")
            .arg(format!("--module={}", module.display()))
            .arg("--function=main");
        for (i, t) in inputs.iter().enumerate() {
            let p = self.dir.join(format!("in{i}.npy"));
            std::fs::write(&p, t.npy()).expect("writing an input");
            cmd.arg(format!("--input=@{}", p.display()));
        }
        let out = self.dir.join("out.npy");
        let _ = std::fs::remove_file(&out);
        cmd.arg(format!("--output=@{}", out.display()));
        let o = cmd.output().expect("running iree-run-module");
        if !o.status.success() {
            return Err(format!(
                "{}{}",
                String::from_utf8_lossy(&o.stdout),
                String::from_utf8_lossy(&o.stderr)
            ));
        }
        let bytes = std::fs::read(&out).map_err(|e| format!("no output: {e}"))?;
        read_f32_npy(&bytes)
    }
}

/// `tensor-opt --lower-broadcast` of `text`.
fn lower(text: &str) -> Result<String, String> {
    let out = common::process::run(
        env!("CARGO_BIN_EXE_tensor-opt"),
        &["--lower-broadcast", "-"],
        text,
    );
    let (code, stdout, stderr) = common::process::parts(&out);
    if code == 0 { Ok(stdout) } else { Err(stderr) }
}

/// An input: f32 values or booleans, with a shape.
#[derive(Clone)]
struct Tensor {
    shape: Vec<usize>,
    values: Vec<f32>,
    boolean: bool,
}

impl Tensor {
    fn random(rng: &mut Rng, shape: Vec<usize>, boolean: bool) -> Tensor {
        let n = shape.iter().product();
        let values = (0..n)
            .map(|_| {
                if boolean {
                    // Mostly true: a fully masked row divides by nothing.
                    f32::from(u8::from(rng.chance(75)))
                } else {
                    (rng.below(2001) as f32 - 1000.0) / 500.0
                }
            })
            .collect();
        Tensor {
            shape,
            values,
            boolean,
        }
    }

    /// The elements of one batch row.
    fn row_len(&self) -> usize {
        self.shape[1..].iter().product()
    }

    /// Rows `rows` (indices into the batch) as a new tensor.
    fn rows(&self, rows: &[usize]) -> Tensor {
        let k = self.row_len();
        let mut shape = self.shape.clone();
        shape[0] = rows.len();
        let values = rows
            .iter()
            .flat_map(|&r| self.values[r * k..(r + 1) * k].iter().copied())
            .collect();
        Tensor {
            shape,
            values,
            boolean: self.boolean,
        }
    }

    /// As a `.npy` file (`<f4` or `|b1`, C order).
    fn npy(&self) -> Vec<u8> {
        let descr = if self.boolean { "|b1" } else { "<f4" };
        let dims: Vec<String> = self.shape.iter().map(ToString::to_string).collect();
        let shape = if dims.len() == 1 {
            format!("({},)", dims[0])
        } else {
            format!("({})", dims.join(", "))
        };
        let mut header =
            format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape}, }}");
        while (10 + header.len() + 1) % 64 != 0 {
            header.push(' ');
        }
        header.push('\n');
        let mut out = b"\x93NUMPY\x01\x00".to_vec();
        out.extend_from_slice(
            &u16::try_from(header.len())
                .expect("a short header")
                .to_le_bytes(),
        );
        out.extend_from_slice(header.as_bytes());
        for &v in &self.values {
            if self.boolean {
                out.push(u8::from(v != 0.0));
            } else {
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
        out
    }
}

/// The values of an `<f4` `.npy` file.
fn read_f32_npy(bytes: &[u8]) -> Result<Vec<f32>, String> {
    let len = bytes
        .get(8..10)
        .map(|b| usize::from(u16::from_le_bytes([b[0], b[1]])))
        .ok_or("a short .npy file")?;
    let header = String::from_utf8_lossy(bytes.get(10..10 + len).ok_or("a short header")?);
    if !header.contains("<f4") {
        return Err(format!("not f32: {header}"));
    }
    Ok(bytes[10 + len..]
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

/// The arguments of each layer (`scripts/jax-corpus.py`'s `args_for`): shape
/// and whether boolean, for batch `b` and sequence `s`; the first dim of an
/// argument is the batch when `batched`.
fn args_for(layer: &str, b: usize, s: usize) -> Vec<(Vec<usize>, bool, bool)> {
    const D: usize = 16;
    let x = (vec![b, s, D], false, true);
    let vec = (vec![D], false, false);
    let mat = (vec![D, D], false, false);
    match layer {
        "softmax" => vec![x],
        "layer_norm" => vec![x, vec.clone(), vec],
        "rms_norm" => vec![x, vec],
        "attention" => vec![x.clone(), x.clone(), x, (vec![b, s, s], true, true)],
        "masked_mean" => vec![x, (vec![b, s], true, true)],
        "transformer_block" => vec![
            x,
            mat.clone(),
            mat.clone(),
            mat.clone(),
            mat,
            (vec![D, 2 * D], false, false),
            (vec![2 * D, D], false, false),
            vec.clone(),
            vec,
        ],
        _ => panic!("unknown layer {layer}"),
    }
}

const LAYERS: [&str; 6] = [
    "softmax",
    "layer_norm",
    "rms_norm",
    "attention",
    "masked_mean",
    "transformer_block",
];

/// The static program's batch.
const STATIC_BATCH: usize = 2;

/// True if `a` and `b` agree to float rounding.
fn close(a: &[f32], b: &[f32]) -> Result<(), String> {
    if a.len() != b.len() {
        return Err(format!("{} values against {}", a.len(), b.len()));
    }
    for (i, (&x, &y)) in a.iter().zip(b).enumerate() {
        if (x - y).abs() > 1e-4 + 1e-4 * y.abs() || x.is_nan() != y.is_nan() {
            return Err(format!("value {i}: {x} against {y}"));
        }
    }
    Ok(())
}

/// The static program's result on the rows of `inputs` (batched arguments have
/// `n` rows), run on pairs of rows (the last repeated when `n` is odd).
fn reference(
    iree: &Iree,
    module: &Path,
    inputs: &[Tensor],
    batched: &[bool],
    n: usize,
) -> Vec<f32> {
    let mut out = Vec::new();
    let mut start = 0;
    while start < n {
        let rows: Vec<usize> = (0..STATIC_BATCH).map(|k| (start + k).min(n - 1)).collect();
        let args: Vec<Tensor> = inputs
            .iter()
            .zip(batched)
            .map(|(t, &b)| if b { t.rows(&rows) } else { t.clone() })
            .collect();
        let r = iree.run(module, &args).expect("the static program runs");
        let take = (n - start).min(STATIC_BATCH);
        let k = r.len() / STATIC_BATCH;
        out.extend_from_slice(&r[..take * k]);
        start += STATIC_BATCH;
    }
    out
}

#[test]
fn jax_corpus_compiles_and_runs_in_iree_once_lowered() {
    let Some(iree) = Iree::find("jax") else {
        return;
    };
    let dir = root().join("test/Dialect/stablehlo/jax");
    let mut table = Vec::new();
    let mut failures = Vec::new();
    let mut runs = 0;
    let mut rng = Rng(0x12ee_5eed);
    for layer in LAYERS {
        let read = |v: &str| {
            std::fs::read_to_string(dir.join(format!("{layer}.{v}.mlir"))).expect("a corpus file")
        };
        let static_text = read("static");
        let reference_module = iree.compile(&format!("{layer}.static.before"), &static_text);
        for variant in ["static", "b", "bs", "b.loc"] {
            let name = format!("{layer}.{variant}");
            let text = read(variant);
            let before = if variant == "static" {
                reference_module.clone()
            } else {
                iree.compile(&format!("{name}.before"), &text)
            };
            let lowered =
                lower(&text).unwrap_or_else(|e| panic!("{name}: --lower-broadcast failed:\n{e}"));
            // The generic form lowers to the same program.
            let generic = common::process::run(
                env!("CARGO_BIN_EXE_tensor-opt"),
                &["--mlir-print-op-generic", "-"],
                &text,
            );
            let generic = common::process::parts(&generic).1;
            if lower(&generic).as_ref() != Ok(&lowered) {
                failures.push(format!("{name}: the generic form lowers differently"));
            }
            let after = iree.compile(&format!("{name}.after"), &lowered);
            table.push((name.clone(), before.clone(), after.clone()));
            if let Err(e) = &before
                && !e.contains("stablehlo.dynamic_broadcast_in_dim")
            {
                failures.push(format!(
                    "{name}: IREE refused the input for another reason: {e}"
                ));
            }
            let module = match (&after, &reference_module) {
                (Ok(m), Ok(_)) => m,
                (Err(e), _) => {
                    failures.push(format!("{name}: the lowered program does not compile: {e}"));
                    continue;
                }
                (_, Err(e)) => panic!("{layer}: the static program does not compile: {e}"),
            };
            let Ok(reference_module) = &reference_module else {
                continue;
            };
            let batches: &[usize] = if variant == "static" {
                &[STATIC_BATCH]
            } else {
                &[1, 2, 3]
            };
            for &n in batches {
                let specs = args_for(layer, n, 8);
                let batched: Vec<bool> = specs.iter().map(|s| s.2).collect();
                let inputs: Vec<Tensor> = specs
                    .into_iter()
                    .map(|(shape, boolean, _)| Tensor::random(&mut rng, shape, boolean))
                    .collect();
                let want = reference(&iree, reference_module, &inputs, &batched, n);
                runs += 1;
                match iree.run(module, &inputs) {
                    Ok(got) => {
                        if let Err(e) = close(&got, &want) {
                            failures.push(format!("{name} at batch {n}: {e}"));
                        }
                    }
                    Err(e) => failures.push(format!("{name} at batch {n}: the run failed: {e}")),
                }
            }
        }
    }
    eprintln!("| program | IREE before | IREE after `--lower-broadcast` |");
    eprintln!("| --- | --- | --- |");
    let yes = |r: &Result<PathBuf, String>| if r.is_ok() { "yes" } else { "no" };
    for (name, before, after) in &table {
        eprintln!("| {name} | {} | {} |", yes(before), yes(after));
    }
    let before = table.iter().filter(|r| r.1.is_ok()).count();
    let after = table.iter().filter(|r| r.2.is_ok()).count();
    eprintln!(
        "compiled: {before} of {} before, {after} after; {runs} runs compared",
        table.len()
    );
    for (name, before, after) in &table {
        if before.is_ok() && after.is_err() {
            failures.push(format!("{name}: compiled before the lowering, not after"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(after, table.len(), "every lowered program compiles");
    assert!(after > before, "the lowering made no program compile");
}

/// A reshape to a size the program reads from another input (`y`'s length by
/// 4): the analysis cannot prove the element counts equal, so the lowering
/// checks them (IREE cannot lower the `dynamic_reshape` as it is).
const RESHAPE: &str = r#"func.func @main(%x: tensor<?x6xf32>, %y: tensor<?xf32>) -> tensor<?x4xf32> {
  %n = stablehlo.get_dimension_size %y, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %r = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %c = stablehlo.constant dense<4> : tensor<1xi32>
  %s = stablehlo.concatenate %r, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %z = stablehlo.dynamic_reshape %x, %s : (tensor<?x6xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  return %z : tensor<?x4xf32>
}
"#;

#[test]
fn an_unproven_dynamic_reshape_is_checked_and_runs_in_iree() {
    let Some(iree) = Iree::find("reshape") else {
        return;
    };
    assert!(
        iree.compile("reshape.before", RESHAPE).is_err(),
        "IREE compiled the dynamic_reshape as it is"
    );
    let lowered = lower(RESHAPE).expect("lowering");
    assert!(lowered.contains("cf.assert"), "no check in:\n{lowered}");
    let module = iree
        .compile("reshape.after", &lowered)
        .unwrap_or_else(|e| panic!("the lowered reshape does not compile: {e}\n{lowered}"));
    let mut rng = Rng(11);
    let x = Tensor::random(&mut rng, vec![2, 6], false);
    let y = Tensor::random(&mut rng, vec![3], false);
    let got = iree
        .run(&module, &[x.clone(), y])
        .expect("12 elements as 3x4 run");
    close(&got, &x.values).unwrap_or_else(|e| panic!("a reshape keeps the order: {e}"));
    let y = Tensor::random(&mut rng, vec![4], false);
    let err = iree
        .run(&module, &[x, y])
        .expect_err("12 elements as 4x4 fail");
    assert!(
        err.contains("dynamic_reshape: the output shape's element count must be the operand's"),
        "iree-run-module failed without the check's message:\n{err}"
    );
}

/// A broadcast of a static 8 to a run-time size: checked, at the op (IREE
/// compiles it without the check, assuming the size is 8).
const CHECKED: &str = r#"func.func @main(%x: tensor<8xf32>, %s: tensor<2xi32>) -> tensor<?x?xf32> {
  %y = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<8xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
"#;

/// A shape operand as an `<i4>`-free input: iree-run-module's literal form.
fn shape_input(iree: &Iree, module: &Path, x: &Tensor, shape: &str) -> Result<Vec<f32>, String> {
    let p = iree.dir.join("x.npy");
    std::fs::write(&p, x.npy()).expect("writing an input");
    let o = Command::new(&iree.run)
        .arg("--device=local-task")
        .arg(format!("--module={}", module.display()))
        .arg("--function=main")
        .arg(format!("--input=@{}", p.display()))
        .arg(format!("--input=2xi32={shape}"))
        .output()
        .expect("running iree-run-module");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    if o.status.success() {
        Ok(Vec::new())
    } else {
        Err(text)
    }
}

#[test]
fn a_run_time_check_fails_iree_run_module_with_its_message() {
    let Some(iree) = Iree::find("check") else {
        return;
    };
    let lowered = lower(CHECKED).expect("lowering");
    assert!(lowered.contains("cf.assert"), "no check in:\n{lowered}");
    let module = iree
        .compile("checked.after", &lowered)
        .expect("the lowered program compiles");
    let x = Tensor::random(&mut Rng(7), vec![8], false);
    shape_input(&iree, &module, &x, "3 8").expect("a shape that keeps the check runs");
    let err =
        shape_input(&iree, &module, &x, "3 5").expect_err("a shape that breaks the check fails");
    assert!(
        err.contains("broadcast: operand dim 0 must have the size of result dim 1"),
        "iree-run-module failed without the check's message:\n{err}"
    );
}

/// CHLO's implicit broadcasts on a dynamic batch: a bias added to each row
/// (NumPy's alignment), a row scaled by it (XLA's `broadcast_dimensions`), and
/// each row's maximum taken from it (a vector placed on dim 0).
const CHLO: &str = r#"func.func @main(%x: tensor<?x4xf32>, %b: tensor<4xf32>) -> tensor<?x4xf32> {
  %0 = chlo.broadcast_add %x, %b : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %1 = chlo.broadcast_multiply %0, %b {broadcast_dimensions = array<i64: 1>} : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%1 init: %init) applies stablehlo.maximum across dimensions = [1] : (tensor<?x4xf32>, tensor<f32>) -> tensor<?xf32>
  %2 = chlo.broadcast_subtract %1, %m {broadcast_dimensions = array<i64: 0>} : (tensor<?x4xf32>, tensor<?xf32>) -> tensor<?x4xf32>
  return %2 : tensor<?x4xf32>
}
"#;

#[test]
fn chlo_dynamic_broadcasts_compile_and_run_in_iree_once_lowered() {
    let Some(iree) = Iree::find("chlo") else {
        return;
    };
    let before = iree.compile("chlo.before", CHLO);
    assert!(
        before.is_err(),
        "IREE compiled CHLO's dynamic broadcasts as they are"
    );
    let lowered = lower(CHLO).expect("lowering");
    let module = iree
        .compile("chlo.after", &lowered)
        .unwrap_or_else(|e| panic!("the lowered CHLO does not compile: {e}\n{lowered}"));
    let mut rng = Rng(42);
    for n in [1, 3, 5] {
        let x = Tensor::random(&mut rng, vec![n, 4], false);
        let b = Tensor::random(&mut rng, vec![4], false);
        let row = |k: usize| (x.values[k] + b.values[k % 4]) * b.values[k % 4];
        let max = |r: usize| {
            (0..4)
                .map(|j| row(r * 4 + j))
                .fold(f32::NEG_INFINITY, f32::max)
        };
        let want: Vec<f32> = (0..n * 4).map(|k| row(k) - max(k / 4)).collect();
        let got = iree.run(&module, &[x, b]).expect("the lowered CHLO runs");
        close(&got, &want).unwrap_or_else(|e| panic!("batch {n}: {e}"));
    }
}

/// Two `?` sizes, either of which may be the stretching 1: the lowering
/// dispatches on each (`stablehlo.if`).
const JOIN: &str = r#"func.func @main(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = chlo.broadcast_add %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
"#;

#[test]
fn chlo_broadcast_of_two_unknown_sizes_dispatches_in_iree() {
    let Some(iree) = Iree::find("join") else {
        return;
    };
    assert!(
        iree.compile("join.before", JOIN).is_err(),
        "IREE compiled it as it is"
    );
    let lowered = lower(JOIN).expect("lowering");
    let module = iree
        .compile("join.after", &lowered)
        .unwrap_or_else(|e| panic!("the lowered join does not compile: {e}\n{lowered}"));
    let mut rng = Rng(3);
    for (n, m) in [(3, 1), (1, 3), (3, 3), (1, 1)] {
        let a = Tensor::random(&mut rng, vec![n], false);
        let b = Tensor::random(&mut rng, vec![m], false);
        let want: Vec<f32> = (0..n.max(m))
            .map(|k| a.values[k.min(n - 1)] + b.values[k.min(m - 1)])
            .collect();
        let got = iree.run(&module, &[a, b]).expect("a valid broadcast runs");
        close(&got, &want).unwrap_or_else(|e| panic!("{n} with {m}: {e}"));
    }
    let a = Tensor::random(&mut rng, vec![3], false);
    let b = Tensor::random(&mut rng, vec![2], false);
    let err = iree.run(&module, &[a, b]).expect_err("3 with 2 fails");
    assert!(
        err.contains("must have the size of result dim 0"),
        "iree-run-module failed without the check's message:\n{err}"
    );
}
