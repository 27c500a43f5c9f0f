// --lower-broadcast on the ops of issue 25's proof by use: nd.atan2 broadcasts
// as every binary op (NumPy, or XLA with broadcast_dimensions).
// RUN: tensor-opt %s -split-input-file --lower-broadcast | FileCheck %s
// RUN: tensor-opt %s -split-input-file --lower-broadcast > %t
// RUN: tensor-opt %s -split-input-file --lower-broadcast --lower-broadcast | diff %t -
// RUN: tensor-opt %t -split-input-file --verify-explicit-broadcast | diff %t -

// `?` sizes: the run-time check is nd.broadcast_shapes of both shapes.
// CHECK-LABEL: func.func @atan2_dynamic
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x?xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %arg0, %2, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %4 = nd.broadcast_in_dim %arg1, %2, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %5 = nd.atan2 %3, %4 : tensor<?x?xf32>
func.func @atan2_dynamic(%y: tensor<?x?xf32>, %x: tensor<?xf32>) -> tensor<?x?xf32> {
  %0 = nd.atan2 %y, %x : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// XLA: the lower-rank operand's dim 0 maps to result dim 0.
// CHECK-LABEL: func.func @atan2_xla
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, dims = [0] : (tensor<3xf64>) -> tensor<3x2xf64>
// CHECK-NEXT:    %1 = nd.atan2 %0, %arg1 : tensor<3x2xf64>
func.func @atan2_xla(%y: tensor<3xf64>, %x: tensor<3x2xf64>) -> tensor<3x2xf64> {
  %0 = nd.atan2 %y, %x {broadcast_dimensions = array<i64: 0>} : (tensor<3xf64>, tensor<3x2xf64>) -> tensor<3x2xf64>
  return %0 : tensor<3x2xf64>
}
