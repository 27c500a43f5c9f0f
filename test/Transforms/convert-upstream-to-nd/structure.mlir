// --convert-upstream-to-nd reads back the export of nd.concatenate
// (tensor.concat), nd.slice (tensor.extract_slice at static offsets, cast to
// the declared type) and nd.reshape (tensor.reshape, with or without a shape
// operand), each with the cf.asserts the export writes: the round trip gives
// the lowered program again, byte for byte. A text without those asserts is
// refused (structure-invalid.mlir): the import never drops a check nd makes.
// RUN: tensor-opt %s -split-input-file --lower-broadcast > %t
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd --verify-explicit-broadcast | diff %t -
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream | tensor-opt -allow-unregistered-dialect -split-input-file --convert-upstream-to-nd | diff %t -
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd | FileCheck %s

// CHECK-LABEL: func.func @concatenate
// CHECK-NEXT: nd.concatenate %arg0, %arg1 along 0 : (tensor<?x3xf32>, tensor<2x?xf32>) -> tensor<?x3xf32>
func.func @concatenate(%a: tensor<?x3xf32>, %b: tensor<2x?xf32>) -> tensor<?x3xf32> {
  %0 = nd.concatenate %a, %b along 0 : (tensor<?x3xf32>, tensor<2x?xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

// CHECK-LABEL: func.func @slice
// CHECK-NEXT: nd.slice %arg0, start = [0, 1], limit = [3, 4], strides = [2, 2] : (tensor<?x4xf32>) -> tensor<2x?xf32>
func.func @slice(%x: tensor<?x4xf32>) -> tensor<2x?xf32> {
  %0 = nd.slice %x, start = [0, 1], limit = [3, 4], strides = [2, 2] : (tensor<?x4xf32>) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_static
// CHECK-NEXT: nd.reshape %arg0 : (tensor<2x6xf32>) -> tensor<3x4xf32>
func.func @reshape_static(%x: tensor<2x6xf32>) -> tensor<3x4xf32> {
  %0 = nd.reshape %x : (tensor<2x6xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_dynamic
// CHECK-NEXT: nd.reshape %arg0, %arg1 : (tensor<?x6xf32>, tensor<2xindex>) -> tensor<?x4xf32>
func.func @reshape_dynamic(%x: tensor<?x6xf32>, %s: tensor<2xindex>) -> tensor<?x4xf32> {
  %0 = nd.reshape %x, %s : (tensor<?x6xf32>, tensor<2xindex>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
