// --convert-upstream-to-nd reads the export of nd.transpose (linalg.transpose
// into a tensor.empty of the permuted sizes) back: the round trip gives the
// lowered program again, byte for byte.
// RUN: tensor-opt %s -split-input-file --lower-broadcast > %t
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd --verify-explicit-broadcast | diff %t -
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd | FileCheck %s

// CHECK-LABEL: func.func @dynamic
// CHECK-NEXT: nd.transpose %arg0, permutation = [1, 0] : (tensor<?x3xf32>) -> tensor<3x?xf32>
func.func @dynamic(%x: tensor<?x3xf32>) -> tensor<3x?xf32> {
  %0 = nd.transpose %x, permutation = [1, 0] : (tensor<?x3xf32>) -> tensor<3x?xf32>
  return %0 : tensor<3x?xf32>
}

// -----

// CHECK-LABEL: func.func @then_add
// CHECK-NEXT: nd.transpose %arg0, permutation = [2, 0, 1] : (tensor<2x3x4xi32>) -> tensor<4x2x3xi32>
// CHECK-NEXT: nd.add
func.func @then_add(%x: tensor<2x3x4xi32>, %y: tensor<4x2x3xi32>) -> tensor<4x2x3xi32> {
  %0 = nd.transpose %x, permutation = [2, 0, 1] : (tensor<2x3x4xi32>) -> tensor<4x2x3xi32>
  %1 = nd.add %0, %y : (tensor<4x2x3xi32>, tensor<4x2x3xi32>) -> tensor<4x2x3xi32>
  return %1 : tensor<4x2x3xi32>
}
