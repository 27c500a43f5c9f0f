// --convert-upstream-to-nd reads back the export of nd.concatenate
// (tensor.concat), nd.slice (tensor.extract_slice at static offsets, cast to
// the declared type), nd.dynamic_slice (at offsets clamped from the starts),
// nd.reshape (tensor.reshape, with or without a shape operand), nd.iota and
// nd.dot_general (linalg.generic) and nd.reduce with an init value (the fill
// of the accumulator), each with the cf.asserts the export writes: the round trip gives
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

// -----

// CHECK-LABEL: func.func @dynamic_slice
// CHECK-NEXT: nd.dynamic_slice %arg0[%arg1, %arg2], sizes = [2, 2] : (tensor<?x6xf32>, tensor<i32>, tensor<index>) -> tensor<2x2xf32>
func.func @dynamic_slice(%x: tensor<?x6xf32>, %i: tensor<i32>, %j: tensor<index>) -> tensor<2x2xf32> {
  %0 = nd.dynamic_slice %x[%i, %j], sizes = [2, 2] : (tensor<?x6xf32>, tensor<i32>, tensor<index>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// CHECK-LABEL: func.func @iota
// CHECK-NEXT: nd.iota %arg0, dim = 0 : (tensor<2xindex>) -> tensor<?x3xf32>
// CHECK-NEXT: nd.iota dim = 1 : () -> tensor<2x3xi32>
func.func @iota(%s: tensor<2xindex>) -> (tensor<?x3xf32>, tensor<2x3xi32>) {
  %0 = nd.iota %s, dim = 0 : (tensor<2xindex>) -> tensor<?x3xf32>
  %1 = nd.iota dim = 1 : () -> tensor<2x3xi32>
  return %0, %1 : tensor<?x3xf32>, tensor<2x3xi32>
}

// -----

// CHECK-LABEL: func.func @dot_general
// CHECK-NEXT: nd.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x?x8xf32>, tensor<2x5x?xf32>) -> tensor<2x?x5xf32>
func.func @dot_general(%q: tensor<2x?x8xf32>, %k: tensor<2x5x?xf32>) -> tensor<2x?x5xf32> {
  %d = nd.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x?x8xf32>, tensor<2x5x?xf32>) -> tensor<2x?x5xf32>
  return %d : tensor<2x?x5xf32>
}

// -----

// CHECK-LABEL: func.func @reduce_init
// CHECK-NEXT: nd.reduce max %arg0 init %arg1 across [1] : (tensor<4x?xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: nd.reduce sum %arg2 init %arg3 across [1] keep_dims : (tensor<4x3xi32>, tensor<i32>) -> tensor<4x1xi32>
func.func @reduce_init(%x: tensor<4x?xf32>, %c: tensor<f32>, %y: tensor<4x3xi32>, %d: tensor<i32>) -> (tensor<4xf32>, tensor<4x1xi32>) {
  %0 = nd.reduce max %x init %c across [1] : (tensor<4x?xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = nd.reduce sum %y init %d across [1] keep_dims : (tensor<4x3xi32>, tensor<i32>) -> tensor<4x1xi32>
  return %0, %1 : tensor<4xf32>, tensor<4x1xi32>
}
