//! Unit tests of the interpreter on small programs.

use crate::{ElemType, Interpreter, Kernel, Tensor};
use tensor_ir::Context;

/// A context with `func`, `nd` and the interpreter's kernels.
pub(crate) fn context() -> Context {
    let mut ctx = Context::new();
    tensor_dialect_func::register(&mut ctx);
    tensor_dialect_nd::register(&mut ctx);
    crate::register(&mut ctx);
    ctx
}

/// `src` parsed as a module of `ctx`.
pub(crate) fn parse(ctx: &mut Context, src: &str) -> tensor_ir::Module {
    let buf = ctx.add_source("t.mlir", src);
    tensor_ir::parse::parse_source(ctx, buf, 0..src.len()).unwrap()
}

#[test]
fn every_nd_op_has_a_kernel() {
    let mut ctx = context();
    assert_eq!(
        ctx.ops_without_interface::<Kernel>("nd"),
        Vec::<&str>::new()
    );
    let call = ctx.sym("func.call");
    assert!(ctx.interface::<Kernel>(call).is_some());
}

#[test]
fn runs_a_row_broadcast() {
    let mut ctx = context();
    let src = "func.func @main(%x: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %y = nd.add %x, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}";
    let module = parse(&mut ctx, src);
    let x = Tensor::from_vec(
        ElemType::F32,
        &[2, 3],
        vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0],
    )
    .unwrap();
    let b = Tensor::from_vec(ElemType::F32, &[3], vec![10.0f32, 20.0, 30.0]).unwrap();
    let out = Interpreter::new(&ctx, &module)
        .run("main", vec![x, b])
        .unwrap();
    assert_eq!(
        out[0].to_vec::<f32>().unwrap(),
        vec![11.0, 22.0, 33.0, 14.0, 25.0, 36.0]
    );
}

/// The memory an outer product and a fused chain over broadcast operands hold
/// at their peak is their output and nothing else: every broadcast (implicit,
/// `nd.broadcast_in_dim`, `nd.broadcast_to`) is a stride-0 view, never a copy.
#[test]
fn broadcast_operands_are_never_materialised() {
    let mut ctx = context();
    let src = "func.func @outer(%c: tensor<64x1xf32>, %r: tensor<1x64xf32>) -> tensor<64x64xf32> {
  %y = nd.mul %c, %r : (tensor<64x1xf32>, tensor<1x64xf32>) -> tensor<64x64xf32>
  return %y : tensor<64x64xf32>
}
func.func @views(%v: tensor<64xf32>, %s: tensor<64x1xf32>) -> tensor<64x64xf32> {
  %a = nd.broadcast_in_dim %v, dims = [1] : (tensor<64xf32>) -> tensor<64x64xf32>
  %b = nd.broadcast_to %s, shape = [64, 64] : (tensor<64x1xf32>) -> tensor<64x64xf32>
  %d = nd.sub %a, %b : tensor<64x64xf32>
  %y = nd.mul %d, %v : (tensor<64x64xf32>, tensor<64xf32>) -> tensor<64x64xf32>
  return %y : tensor<64x64xf32>
}";
    let module = parse(&mut ctx, src);
    let ramp = |n: usize| (0..n).map(|i| i as f32).collect::<Vec<f32>>();
    let col = Tensor::from_vec(ElemType::F32, &[64, 1], ramp(64)).unwrap();
    let row = Tensor::from_vec(ElemType::F32, &[1, 64], ramp(64)).unwrap();
    let vec = Tensor::from_vec(ElemType::F32, &[64], ramp(64)).unwrap();
    let output_bytes = 64 * 64 * 4;
    for (entry, args) in [("outer", vec![col.clone(), row]), ("views", vec![vec, col])] {
        let memory = crate::Memory::new(1 << 20);
        let interp = Interpreter::new(&ctx, &module).with_memory(memory.clone());
        let out = interp.run(entry, args).unwrap();
        let got = out[0].to_vec::<f32>().unwrap();
        let want: Vec<f32> = (0..64 * 64)
            .map(|k| {
                let (i, j) = ((k / 64) as f32, (k % 64) as f32);
                if entry == "outer" { i * j } else { (j - i) * j }
            })
            .collect();
        assert_eq!(got, want, "@{entry}");
        assert_eq!(
            memory.peak(),
            output_bytes,
            "@{entry} held more than its output"
        );
    }
}

#[test]
fn elementwise_kernels_are_the_declared_functions() {
    let mut ctx = context();
    for (name, f) in tensor_dialect_nd::scalar::ops() {
        let sym = ctx.sym(name);
        assert!(
            matches!(ctx.interface::<Kernel>(sym), Some(Kernel::Elementwise(g)) if *g == f),
            "{name}"
        );
    }
}

/// For every elementwise op and element type, the verifier accepts the op exactly
/// when its declared function is defined for the kind; then the interpreter runs
/// it, and otherwise (an unverified module) refuses it with a located error.
#[test]
fn the_declared_kinds_are_what_verifies_and_runs() {
    for (name, f) in tensor_dialect_nd::scalar::ops() {
        for elem in ElemType::ALL {
            let mut ctx = context();
            let t = format!("tensor<2x{elem}>");
            let operands = if f.arity() == 1 { "%a" } else { "%a, %a" };
            let src = format!(
                "func.func @main(%x: tensor<2xf32>) -> tensor<2xf64> {{
  %a = nd.cast %x : tensor<2xf32> to {t}
  %r = {name} {operands} : {t}
  %o = nd.cast %r : {t} to tensor<2xf64>
  return %o : tensor<2xf64>
}}"
            );
            let module = parse(&mut ctx, &src);
            let verifies = tensor_ir::verify::verify_module(&ctx, &module).is_empty();
            let defined = f.defined_for(elem.kind());
            assert_eq!(verifies, defined, "{name} on {elem}");
            let x = Tensor::from_vec(ElemType::F32, &[2], vec![2.0f32, 3.0]).unwrap();
            let run = Interpreter::new(&ctx, &module).run("main", vec![x]);
            match run {
                Ok(out) => {
                    assert!(defined, "{name} ran on {elem}");
                    assert_eq!(out[0].elem(), ElemType::F64);
                }
                Err(e) => {
                    assert!(!defined, "{name} on {elem}: {}", e.message);
                    assert!(
                        e.message
                            .contains(&format!("the element type {elem} does not have")),
                        "{name} on {elem}: {}",
                        e.message
                    );
                }
            }
        }
    }
}

/// A value read by several ops of a chain (GELU's biased input, read four
/// times) fuses with them: the DAG runs in one pass, with the values of the
/// unfused ops, and holds nothing but its output at its peak. Where a user
/// broadcasts a fused value further, that value runs on its own first, and the
/// result is the same.
#[test]
fn values_read_by_several_ops_of_a_chain_fuse() {
    let mut ctx = context();
    let src = "func.func @gelu(%x: tensor<64x64xf32>, %b: tensor<64xf32>) -> tensor<64x64xf32> {
  %k = nd.constant dense<0.044715> : tensor<f32>
  %s = nd.constant dense<0.797884583> : tensor<f32>
  %one = nd.constant dense<1.0> : tensor<f32>
  %half = nd.constant dense<0.5> : tensor<f32>
  %h = nd.add %x, %b : (tensor<64x64xf32>, tensor<64xf32>) -> tensor<64x64xf32>
  %h2 = nd.mul %h, %h : tensor<64x64xf32>
  %h3 = nd.mul %h2, %h : tensor<64x64xf32>
  %kh3 = nd.mul %h3, %k : (tensor<64x64xf32>, tensor<f32>) -> tensor<64x64xf32>
  %in = nd.add %h, %kh3 : tensor<64x64xf32>
  %arg = nd.mul %in, %s : (tensor<64x64xf32>, tensor<f32>) -> tensor<64x64xf32>
  %t = nd.tanh %arg : tensor<64x64xf32>
  %t1 = nd.add %t, %one : (tensor<64x64xf32>, tensor<f32>) -> tensor<64x64xf32>
  %ht = nd.mul %h, %t1 : tensor<64x64xf32>
  %y = nd.mul %ht, %half : (tensor<64x64xf32>, tensor<f32>) -> tensor<64x64xf32>
  return %y : tensor<64x64xf32>
}
func.func @spread(%c: tensor<64x1xf32>, %r: tensor<64xf32>) -> tensor<64x64xf32> {
  %e = nd.exp %c : tensor<64x1xf32>
  %p = nd.mul %e, %r : (tensor<64x1xf32>, tensor<64xf32>) -> tensor<64x64xf32>
  %y = nd.add %p, %e : (tensor<64x64xf32>, tensor<64x1xf32>) -> tensor<64x64xf32>
  return %y : tensor<64x64xf32>
}";
    let module = parse(&mut ctx, src);
    use tensor_dialect_nd::scalar::{F32, FloatScalar};
    let xs: Vec<f32> = (0..64 * 64).map(|i| (i % 37) as f32 * 0.25 - 4.0).collect();
    let bs: Vec<f32> = (0..64).map(|i| (i % 5) as f32 * 0.1 - 0.2).collect();
    let want: Vec<f32> = (0..64 * 64)
        .map(|k| {
            let h = xs[k] + bs[k % 64];
            let inner = h + (h * h * h) * 0.044715f32;
            h * (F32::tanh(inner * 0.797_884_6f32) + 1.0) * 0.5
        })
        .collect();
    let memory = crate::Memory::new(1 << 20);
    let interp = Interpreter::new(&ctx, &module).with_memory(memory.clone());
    let x = Tensor::from_vec(ElemType::F32, &[64, 64], xs).unwrap();
    let b = Tensor::from_vec(ElemType::F32, &[64], bs).unwrap();
    let out = interp.run("gelu", vec![x, b]).unwrap();
    assert_eq!(out[0].to_vec::<f32>().unwrap(), want);
    assert_eq!(memory.peak(), 64 * 64 * 4, "the DAG held an intermediate");

    let cs: Vec<f32> = (0..64).map(|i| i as f32 * 0.01).collect();
    let rs: Vec<f32> = (0..64).map(|i| 1.0 - i as f32 * 0.02).collect();
    let want: Vec<f32> = (0..64 * 64)
        .map(|k| {
            let e = F32::exp(cs[k / 64]);
            e * rs[k % 64] + e
        })
        .collect();
    let c = Tensor::from_vec(ElemType::F32, &[64, 1], cs).unwrap();
    let r = Tensor::from_vec(ElemType::F32, &[64], rs).unwrap();
    let out = interp.run("spread", vec![c, r]).unwrap();
    assert_eq!(out[0].to_vec::<f32>().unwrap(), want);
}

/// Short rows go several to a segment (`loops::rows`): a column broadcast
/// filled per row, a transposed operand gathered per row, a row broadcast
/// copied per row (kept from batch to batch, and a row that changes with the
/// outer dim copied again), a contiguous one sliced, in an output large
/// enough to split across threads mid-row (rows of 37 against chunks of
/// multiples of 64), with odd outer dims so that batches stop at the end of
/// the innermost outer dim. Checked element by element.
#[test]
fn batched_short_rows_match_the_definition() {
    let mut ctx = context();
    let src = "func.func @main(%x: tensor<31x29x37xf32>, %c: tensor<31x29x1xf32>, %t: tensor<37x29xf32>, %v: tensor<37xf32>, %w: tensor<31x1x37xf32>) -> tensor<31x29x37xf32> {
  %tt = nd.transpose %t, permutation = [1, 0] : (tensor<37x29xf32>) -> tensor<29x37xf32>
  %a = nd.sub %x, %c : (tensor<31x29x37xf32>, tensor<31x29x1xf32>) -> tensor<31x29x37xf32>
  %m = nd.mul %a, %tt : (tensor<31x29x37xf32>, tensor<29x37xf32>) -> tensor<31x29x37xf32>
  %s = nd.add %m, %v : (tensor<31x29x37xf32>, tensor<37xf32>) -> tensor<31x29x37xf32>
  %y = nd.sub %s, %w : (tensor<31x29x37xf32>, tensor<31x1x37xf32>) -> tensor<31x29x37xf32>
  return %y : tensor<31x29x37xf32>
}";
    let module = parse(&mut ctx, src);
    let (p, q, r) = (31, 29, 37);
    let xs: Vec<f32> = (0..p * q * r).map(|i| (i % 101) as f32).collect();
    let cs: Vec<f32> = (0..p * q).map(|i| (i % 13) as f32).collect();
    let ts: Vec<f32> = (0..r * q).map(|i| (i % 7) as f32 - 3.0).collect();
    let vs: Vec<f32> = (0..r).map(|i| i as f32 * 1000.0).collect();
    let ws: Vec<f32> = (0..p * r)
        .map(|i| (i * 7 % 101) as f32 * 100_000.0)
        .collect();
    let want: Vec<f32> = (0..p * q * r)
        .map(|k| {
            let (i, j, l) = (k / (q * r), (k / r) % q, k % r);
            (xs[k] - cs[i * q + j]) * ts[l * q + j] + vs[l] - ws[i * r + l]
        })
        .collect();
    let x = Tensor::from_vec(ElemType::F32, &[p, q, r], xs).unwrap();
    let c = Tensor::from_vec(ElemType::F32, &[p, q, 1], cs).unwrap();
    let t = Tensor::from_vec(ElemType::F32, &[r, q], ts).unwrap();
    let v = Tensor::from_vec(ElemType::F32, &[r], vs).unwrap();
    let w = Tensor::from_vec(ElemType::F32, &[p, 1, r], ws).unwrap();
    let out = Interpreter::new(&ctx, &module)
        .run("main", vec![x, c, t, v, w])
        .unwrap();
    assert_eq!(out[0].to_vec::<f32>().unwrap(), want);
}
