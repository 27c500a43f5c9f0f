// nd.atan2 (issue 25, added as its definition plus tests): the custom form
// round-trips, with the broadcasting of the other binary ops (NumPy, and XLA
// with broadcast_dimensions); integer elements and incompatible shapes are
// refused.
// RUN: tensor-opt %s -split-input-file | tensor-opt -split-input-file | FileCheck %s
// RUN: tensor-opt %s -split-input-file --mlir-print-op-generic | tensor-opt -split-input-file | FileCheck %s
// RUN: tensor-opt %s -split-input-file --verify-broadcast | FileCheck %s

// CHECK-LABEL: func.func @atan2
// CHECK: nd.atan2 %arg0, %arg0 : tensor<4xf32>
// CHECK: nd.atan2 %arg0, %arg1 : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK: nd.atan2 %arg2, %arg3 {broadcast_dimensions = array<i64: 0>} : (tensor<3xf16>, tensor<3x2xf16>) -> tensor<3x2xf16>
// CHECK: nd.atan2 %arg4, %arg4 : tensor<?xbf16>
func.func @atan2(%a: tensor<4xf32>, %b: tensor<2x4xf32>, %h: tensor<3xf16>, %m: tensor<3x2xf16>, %d: tensor<?xbf16>) {
  %0 = nd.atan2 %a, %a : tensor<4xf32>
  %1 = nd.atan2 %a, %b : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %2 = nd.atan2 %h, %m {broadcast_dimensions = array<i64: 0>} : (tensor<3xf16>, tensor<3x2xf16>) -> tensor<3x2xf16>
  %3 = nd.atan2 %d, %d : tensor<?xbf16>
  return
}
