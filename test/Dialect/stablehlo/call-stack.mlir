// An error at one of JAX's call stack locations points at the user's Python
// line, with a `called from` note per caller, as torch-mlir-opt prints it
// (tests/stablehlo_torch_mlir.rs compares the two byte for byte).
// RUN: not tensor-opt %s 2>&1 | FileCheck %s
// CHECK:      model.py:3:4: error: 'stablehlo.add' op
// CHECK-NEXT: model.py:12:7: note: called from
// CHECK-NEXT: train.py:40:1: note: called from
// CHECK-NOT:  note: called from

module @jit_f {
  func.func public @main(%arg0: tensor<2x3xf32>, %arg1: tensor<3x2xf32>) -> tensor<2x3xf32> {
    %0 = stablehlo.add %arg0, %arg1 : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x3xf32> loc(#loc3)
    return %0 : tensor<2x3xf32>
  }
}
#loc1 = loc("train.py":40:1)
#loc2 = loc(callsite("jit(f)/layer"("model.py":12:7) at #loc1))
#loc3 = loc(callsite("jit(f)/add"("model.py":3:4) at #loc2))
