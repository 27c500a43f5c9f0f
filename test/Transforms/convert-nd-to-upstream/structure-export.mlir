// --convert-nd-to-upstream of nd.transpose (linalg.transpose into a
// tensor.empty of the permuted sizes) and nd.slice (tensor.extract_slice with
// static offsets, sizes and strides, after a cf.assert that the limit lies
// inside each ? dim), cast to the declared types. mlir-opt 22 verifies it
// (tests/export_upstream.rs); tests/jit_differential.rs runs it.
// RUN: tensor-opt %s --lower-broadcast --convert-nd-to-upstream | FileCheck %s

// CHECK-LABEL: func.func @transpose(
// CHECK-NEXT: %0 = "arith.constant"() <{value = 0 : index}> : () -> index
// CHECK-NEXT: %1 = "tensor.dim"(%arg0, %0) : (tensor<?x3xf32>, index) -> index
// CHECK-NEXT: %2 = "tensor.empty"(%1) : (index) -> tensor<3x?xf32>
// CHECK-NEXT: %3 = "linalg.transpose"(%arg0, %2) <{permutation = array<i64: 1, 0>}> ({
// CHECK-NEXT: ^bb0(%arg1: f32, %arg2: f32):
// CHECK-NEXT: "linalg.yield"(%arg1) : (f32) -> ()
// CHECK-NEXT: }) : (tensor<?x3xf32>, tensor<3x?xf32>) -> tensor<3x?xf32>
// CHECK-NEXT: return %3 : tensor<3x?xf32>
// CHECK-LABEL: func.func @slice(
// CHECK-NEXT: %0 = "arith.constant"() <{value = 0 : index}> : () -> index
// CHECK-NEXT: %1 = "tensor.dim"(%arg0, %0) : (tensor<?x4xf32>, index) -> index
// CHECK-NEXT: %2 = "arith.constant"() <{value = 3 : index}> : () -> index
// CHECK-NEXT: %3 = "arith.cmpi"(%2, %1) <{predicate = 7 : i64}> : (index, index) -> i1
// CHECK-NEXT: "cf.assert"(%3) <{msg = "slices up to 3 in dim 0, past the end of operand #0 at run time"}> : (i1) -> ()
// CHECK-NEXT: %4 = "tensor.extract_slice"(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 1>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 2, 2>}> : (tensor<?x4xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %5 = "tensor.cast"(%4) : (tensor<2x2xf32>) -> tensor<2x?xf32>
// CHECK-NEXT: return %5 : tensor<2x?xf32>
func.func @transpose(%x: tensor<?x3xf32>) -> tensor<3x?xf32> {
  %0 = nd.transpose %x, permutation = [1, 0] : (tensor<?x3xf32>) -> tensor<3x?xf32>
  return %0 : tensor<3x?xf32>
}
func.func @slice(%x: tensor<?x4xf32>) -> tensor<2x?xf32> {
  %0 = nd.slice %x, start = [0, 1], limit = [3, 4], strides = [2, 2] : (tensor<?x4xf32>) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}
