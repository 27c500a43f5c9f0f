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
