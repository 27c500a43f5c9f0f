//! Unit tests of the interpreter on small programs.

use crate::{ElemType, Interpreter, Kernel, Tensor};
use tensor_ir::Context;

fn context() -> Context {
    let mut ctx = Context::new();
    tensor_dialect_func::register(&mut ctx);
    tensor_dialect_nd::register(&mut ctx);
    crate::register(&mut ctx);
    ctx
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
    let buf = ctx.add_source("t.mlir", src);
    let module = tensor_ir::parse::parse_source(&mut ctx, buf, 0..src.len()).unwrap();
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
    let buf = ctx.add_source("t.mlir", src);
    let module = tensor_ir::parse::parse_source(&mut ctx, buf, 0..src.len()).unwrap();
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
            let buf = ctx.add_source("t.mlir", &src);
            let module = tensor_ir::parse::parse_source(&mut ctx, buf, 0..src.len()).unwrap();
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
