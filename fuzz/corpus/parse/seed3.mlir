// Known sizes that never broadcast make --canonicalize fail, at the
// nd.broadcast_shapes, naming the operands' shapes (`?` where unknown), the
// dims and their sizes; the rules are the broadcastable crate's, under the op's
// policy. Each error is reported once and the exit code is 1.
// RUN: tensor-opt %s -split-input-file --canonicalize -verify-diagnostics
// RUN: not tensor-opt %s --canonicalize 2>&1 >/dev/null | FileCheck %s

// The shapes of static tensors, as --lower-broadcast emits for an nd.add whose
// operands do not broadcast.
// CHECK: broadcast-shapes-invalid.mlir:[[# @LINE + 5]]:8: error: 'nd.broadcast_shapes' op shapes never broadcast (numpy): operand #0 [2, 3], operand #1 [4]: operand #0 dim 1 (size 3) vs operand #1 dim 0 (size 4) in result dim 1
func.func @numpy(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> tensor<2xindex> {
  %sa = nd.shape_of %a : (tensor<2x3xf32>) -> tensor<2xindex>
  %sb = nd.shape_of %b : (tensor<4xf32>) -> tensor<1xindex>
  // expected-error @+1 {{'nd.broadcast_shapes' op shapes never broadcast (numpy): operand #0 [2, 3], operand #1 [4]: operand #0 dim 1 (size 3) vs operand #1 dim 0 (size 4) in result dim 1}}
  %s = nd.broadcast_shapes %sa, %sb : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
  return %s : tensor<2xindex>
}

// -----

// Partly known: the known sizes already conflict, whatever the unknown ones are.
// CHECK: broadcast-shapes-invalid.mlir:[[# @LINE + 5]]:8: error: 'nd.broadcast_shapes' op shapes never broadcast (numpy): operand #0 [?, 3], operand #1 [*], operand #2 [5]: operand #0 dim 1 (size 3) vs operand #2 dim 0 (size 5) in result dim 1
func.func @partial(%x: tensor<?x3xf32>, %t: tensor<?xindex>) -> tensor<?xindex> {
  %sx = nd.shape_of %x : (tensor<?x3xf32>) -> tensor<2xindex>
  %c = nd.constant dense<5> : tensor<1xindex>
  // expected-error @+1 {{shapes never broadcast (numpy): operand #0 [?, 3], operand #1 [*], operand #2 [5]}}
  %s = nd.broadcast_shapes %sx, %t, %c : (tensor<2xindex>, tensor<?xindex>, tensor<1xindex>) -> tensor<?xindex>
  return %s : tensor<?xindex>
}

// -----

// In place, the target never changes.
// CHECK: broadcast-shapes-invalid.mlir:[[# @LINE + 5]]:8: error: 'nd.broadcast_shapes' op shapes never broadcast (in_place): operand #0 [2, 3], operand #1 [2]: operand #0 dim 1 (size 3) vs operand #1 dim 0 (size 2) in result dim 1
func.func @in_place() -> tensor<2xindex> {
  %a = nd.constant dense<[2, 3]> : tensor<2xindex>
  %b = nd.constant dense<2> : tensor<1xindex>
  // expected-error @+1 {{shapes never broadcast (in_place)}}
  %s = nd.broadcast_shapes %a, %b {policy = "in_place"} : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
  return %s : tensor<2xindex>
}

// -----

// ONNX's constraint C1: a 0 does not broadcast against a 1.
// CHECK: broadcast-shapes-invalid.mlir:[[# @LINE + 5]]:8: error: 'nd.broadcast_shapes' op shapes never broadcast (onnx): operand #0 [0], operand #1 [1]: constraint C1 violated: operand #0 dim 0 has size 0, which is neither 1 nor the common size 1 of result dim 0 (from operand #1 dim 0)
func.func @onnx() -> tensor<1xindex> {
  %a = nd.constant dense<0> : tensor<1xindex>
  %b = nd.constant dense<1> : tensor<1xindex>
  // expected-error @+1 {{shapes never broadcast (onnx)}}
  %s = nd.broadcast_shapes %a, %b {policy = "onnx"} : (tensor<1xindex>, tensor<1xindex>) -> tensor<1xindex>
  return %s : tensor<1xindex>
}

// -----

// XLA's broadcast_dimensions place the lower-rank shape.
// CHECK: broadcast-shapes-invalid.mlir:[[# @LINE + 5]]:8: error: 'nd.broadcast_shapes' op shapes never broadcast (broadcast_dimensions = [0]): operand #0 [3], operand #1 [2, 3]: operand #0 dim 0 (size 3) cannot be matched with operand #1 dim 0 (size 2)
func.func @xla() -> tensor<2xindex> {
  %a = nd.constant dense<3> : tensor<1xindex>
  %b = nd.constant dense<[2, 3]> : tensor<2xindex>
  // expected-error @+1 {{shapes never broadcast (broadcast_dimensions = [0])}}
  %s = nd.broadcast_shapes %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<1xindex>, tensor<2xindex>) -> tensor<2xindex>
  return %s : tensor<2xindex>
}

// -----

// CHECK: broadcast-shapes-invalid.mlir:[[# @LINE + 4]]:8: error: 'nd.broadcast_shapes' op operand #1 [2, -1] has entry 1 = -1, which is not a size
func.func @negative(%t: tensor<2xindex>) -> tensor<2xindex> {
  %b = nd.constant dense<[2, -1]> : tensor<2xindex>
  // expected-error @+1 {{operand #1 [2, -1] has entry 1 = -1, which is not a size}}
  %s = nd.broadcast_shapes %t, %b : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
  return %s : tensor<2xindex>
}

// CHECK-NOT: error:
