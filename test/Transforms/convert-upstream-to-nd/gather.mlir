// --convert-upstream-to-nd reads back the export of nd.gather and
// nd.gather_elements (a linalg.generic of tensor.extract at the normalised
// index, after the cf.asserts the export writes: every index in [-n, n), and
// for gather_elements each ? size of the indices off the axis at most data's):
// the round trip gives the program again, byte for byte. A text without the
// in-range assert is refused (gather-invalid.mlir).
// RUN: tensor-opt %s -split-input-file --lower-broadcast > %t
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd --verify-explicit-broadcast | diff %t -
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream | tensor-opt -allow-unregistered-dialect -split-input-file --convert-upstream-to-nd | diff %t -
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd | FileCheck %s

// CHECK-LABEL: func.func @take
// CHECK-NEXT: nd.gather %arg0[%arg1], axis = 1 : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x2xf32>
func.func @take(%x: tensor<?x3xf32>, %i: tensor<2xi64>) -> tensor<?x2xf32> {
  %0 = nd.gather %x[%i], axis = 1 : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----

// CHECK-LABEL: func.func @take_scalar
// CHECK-NEXT: nd.gather %arg0[%arg1], axis = 0 : (tensor<4x5xi8>, tensor<i32>) -> tensor<5xi8>
func.func @take_scalar(%x: tensor<4x5xi8>, %i: tensor<i32>) -> tensor<5xi8> {
  %0 = nd.gather %x[%i], axis = 0 : (tensor<4x5xi8>, tensor<i32>) -> tensor<5xi8>
  return %0 : tensor<5xi8>
}

// -----

// CHECK-LABEL: func.func @take_matrix
// CHECK-NEXT: nd.gather %arg0[%arg1], axis = 1 : (tensor<2x?x3xf64>, tensor<?x2xindex>) -> tensor<2x?x2x3xf64>
func.func @take_matrix(%x: tensor<2x?x3xf64>, %i: tensor<?x2xindex>) -> tensor<2x?x2x3xf64> {
  %0 = nd.gather %x[%i], axis = 1 : (tensor<2x?x3xf64>, tensor<?x2xindex>) -> tensor<2x?x2x3xf64>
  return %0 : tensor<2x?x2x3xf64>
}

// -----

// CHECK-LABEL: func.func @along
// CHECK-NEXT: nd.gather_elements %arg0[%arg1], axis = 1 : (tensor<?x3xi32>, tensor<?x2xi32>) -> tensor<?x2xi32>
func.func @along(%x: tensor<?x3xi32>, %i: tensor<?x2xi32>) -> tensor<?x2xi32> {
  %0 = nd.gather_elements %x[%i], axis = 1 : (tensor<?x3xi32>, tensor<?x2xi32>) -> tensor<?x2xi32>
  return %0 : tensor<?x2xi32>
}

// -----

// CHECK-LABEL: func.func @along_static
// CHECK-NEXT: nd.gather_elements %arg0[%arg1], axis = 0 : (tensor<3x4xf32>, tensor<5x4xi64>) -> tensor<5x4xf32>
func.func @along_static(%x: tensor<3x4xf32>, %i: tensor<5x4xi64>) -> tensor<5x4xf32> {
  %0 = nd.gather_elements %x[%i], axis = 0 : (tensor<3x4xf32>, tensor<5x4xi64>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}
