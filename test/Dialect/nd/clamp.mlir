// nd.clamp (issue 25, added as its definition plus tests): three operands
// broadcast as nd.select's (NumPy); the custom form round-trips, and
// --verify-broadcast states one remark per pair of `?` sizes that must agree.
// RUN: tensor-opt %s -split-input-file | tensor-opt -split-input-file | FileCheck %s
// RUN: tensor-opt %s -split-input-file --mlir-print-op-generic | tensor-opt -split-input-file | FileCheck %s
// RUN: tensor-opt %s -split-input-file --verify-broadcast 2>&1 | FileCheck %s --check-prefix=REMARK

// CHECK-LABEL: func.func @clamp
// CHECK: nd.clamp %arg0, %arg1, %arg1 : (tensor<2x4xf32>, tensor<f32>, tensor<f32>) -> tensor<2x4xf32>
// CHECK: nd.clamp %arg2, %arg2, %arg2 : tensor<3xui8>
// CHECK: nd.clamp %arg3, %arg4, %arg4 : (tensor<1x?xi32>, tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x?xi32>
func.func @clamp(%a: tensor<2x4xf32>, %s: tensor<f32>, %u: tensor<3xui8>, %i: tensor<1x?xi32>, %j: tensor<5x1xi32>) {
  %0 = nd.clamp %a, %s, %s : (tensor<2x4xf32>, tensor<f32>, tensor<f32>) -> tensor<2x4xf32>
  %1 = nd.clamp %u, %u, %u : tensor<3xui8>
  %2 = nd.clamp %i, %j, %j : (tensor<1x?xi32>, tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x?xi32>
  return
}

// -----

// REMARK: remark: operand #0 dim 0 (%arg0[0]) and operand #2 dim 0 (%arg2[0]) must be 1 or equal at run time
// REMARK: remark: operand #0 dim 1 (%arg0[1]) and operand #1 dim 0 (%arg1[0]) must be 1 or equal at run time
func.func @dynamic(%x: tensor<?x?xf32>, %lo: tensor<?xf32>, %hi: tensor<?x1xf32>) -> tensor<?x?xf32> {
  %r = nd.clamp %x, %lo, %hi : (tensor<?x?xf32>, tensor<?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
