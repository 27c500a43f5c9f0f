// --lower-broadcast on the ops of issue 25's proof by use: nd.clamp broadcasts its
// three operands as nd.select; nd.atan2 broadcasts
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

// -----

// nd.clamp with three `?`-shaped operands: one nd.broadcast_shapes of the three
// shapes checks every result dim at run time (x's two dims against lo's and
// hi's), then each operand is broadcast to it.
// CHECK-LABEL: func.func @clamp_dynamic
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x?xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %2 = nd.shape_of %arg2 : (tensor<?x1xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %3 = nd.broadcast_shapes %0, %1, %2 : (tensor<2xindex>, tensor<1xindex>, tensor<2xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %4 = nd.broadcast_in_dim %arg0, %3, dims = [0, 1] : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %5 = nd.broadcast_in_dim %arg1, %3, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %6 = nd.broadcast_in_dim %arg2, %3, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %7 = nd.clamp %4, %5, %6 : tensor<?x?xf32>
func.func @clamp_dynamic(%x: tensor<?x?xf32>, %lo: tensor<?xf32>, %hi: tensor<?x1xf32>) -> tensor<?x?xf32> {
  %r = nd.clamp %x, %lo, %hi : (tensor<?x?xf32>, tensor<?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// A scalar bound is broadcast statically.
// CHECK-LABEL: func.func @clamp_scalar
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg1, dims = [] : (tensor<i8>) -> tensor<4xi8>
// CHECK-NEXT:    %1 = nd.clamp %arg0, %0, %arg2 : tensor<4xi8>
func.func @clamp_scalar(%x: tensor<4xi8>, %lo: tensor<i8>, %hi: tensor<4xi8>) -> tensor<4xi8> {
  %r = nd.clamp %x, %lo, %hi : (tensor<4xi8>, tensor<i8>, tensor<4xi8>) -> tensor<4xi8>
  return %r : tensor<4xi8>
}
