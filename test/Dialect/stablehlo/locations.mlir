// Locations of JAX's kind survive: argument locations, name and callsite
// locations through #loc aliases (some defined after their use), and the
// location a compact stablehlo.reduce gives the region it builds (its own
// trailing location, as upstream's parser does).
// RUN: tensor-opt %s --mlir-print-debuginfo --mlir-print-op-generic | FileCheck %s
// RUN: tensor-opt %s --mlir-print-debuginfo | tensor-opt --mlir-print-debuginfo --mlir-print-op-generic | FileCheck %s

#loc = loc(unknown)
#loc1 = loc("x")
module @jit_f {
  func.func @f(%arg0: tensor<2x3xf32> loc(#loc1), %arg1: tensor<f32> loc(unknown)) -> tensor<2xf32> {
    %0 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> loc(#loc3)
    return %0 : tensor<2xf32> loc(#loc2)
  } loc(#loc)
} loc(#loc)
#loc2 = loc("jit(f)/sum"("model.py":12:7))
#loc3 = loc(callsite("jit(f)/reduce_sum"("model.py":3:4) at #loc2))

// CHECK: ^bb0(%arg0: tensor<2x3xf32> loc("x"), %arg1: tensor<f32> loc(unknown)):
// CHECK-NEXT: "stablehlo.reduce"(%arg0, %arg1) <{dimensions = array<i64: 1>}> ({
// CHECK-NEXT: ^bb0(%arg2: tensor<f32> loc(callsite("jit(f)/reduce_sum"("model.py":3:4) at "jit(f)/sum"("model.py":12:7))), %arg3: tensor<f32> loc(callsite("jit(f)/reduce_sum"("model.py":3:4) at "jit(f)/sum"("model.py":12:7)))):
// CHECK-NEXT: "stablehlo.add"(%arg2, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32> loc(callsite("jit(f)/reduce_sum"("model.py":3:4) at "jit(f)/sum"("model.py":12:7)))
// CHECK-NEXT: "stablehlo.return"(%{{.*}}) : (tensor<f32>) -> () loc(callsite("jit(f)/reduce_sum"("model.py":3:4) at "jit(f)/sum"("model.py":12:7)))
// CHECK-NEXT: }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> loc(callsite("jit(f)/reduce_sum"("model.py":3:4) at "jit(f)/sum"("model.py":12:7)))
// CHECK-NEXT: "func.return"(%{{.*}}) : (tensor<2xf32>) -> () loc("jit(f)/sum"("model.py":12:7))
