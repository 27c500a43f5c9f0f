// A constant shape that contradicts the broadcast's result type or operand makes
// --canonicalize fail, at the op, in StableHLO's words (dynamic_broadcast_in_dim's
// verifier, stablehlo/dialect/TypeInference.cpp). Every contradiction is
// reported, each once, and the exit code is 1.
// RUN: tensor-opt %s -split-input-file --canonicalize -verify-diagnostics
// RUN: not tensor-opt %s --canonicalize 2>&1 >/dev/null | FileCheck %s

// CHECK: broadcast-constant-shape-invalid.mlir:[[# @LINE + 4]]:8: error: 'nd.broadcast_in_dim' op output shape [1, 4] is incompatible with return type of operation 'tensor<3x4xf32>'
func.func @result_mismatch(%x: tensor<4xf32>) -> tensor<3x4xf32> {
  %s = nd.constant dense<[1, 4]> : tensor<2xindex>
  // expected-error @+1 {{'nd.broadcast_in_dim' op output shape [1, 4] is incompatible with return type of operation 'tensor<3x4xf32>'}}
  %0 = nd.broadcast_in_dim %x, %s, dims = [1] : (tensor<4xf32>, tensor<2xindex>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// CHECK: broadcast-constant-shape-invalid.mlir:[[# @LINE + 4]]:8: error: 'nd.broadcast_in_dim' op output shape [-1, 4] is incompatible with return type of operation 'tensor<?x4xf32>'
func.func @negative_size(%x: tensor<4xf32>) -> tensor<?x4xf32> {
  %s = nd.constant dense<[-1, 4]> : tensor<2xindex>
  // expected-error @+1 {{output shape [-1, 4] is incompatible with return type of operation 'tensor<?x4xf32>'}}
  %0 = nd.broadcast_in_dim %x, %s, dims = [1] : (tensor<4xf32>, tensor<2xindex>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// CHECK: broadcast-constant-shape-invalid.mlir:[[# @LINE + 4]]:8: error: 'nd.broadcast_in_dim' op size of operand dimension 1 (3) is not equal to 1 or value of shape at index 2 (1)
func.func @operand_mismatch(%x: tensor<1x3xi32>) -> tensor<?x?x?xi32> {
  %s = nd.constant dense<[2, 1, 1]> : tensor<3xindex>
  // expected-error @+1 {{size of operand dimension 1 (3) is not equal to 1 or value of shape at index 2 (1)}}
  %0 = nd.broadcast_in_dim %x, %s, dims = [1, 2] : (tensor<1x3xi32>, tensor<3xindex>) -> tensor<?x?x?xi32>
  return %0 : tensor<?x?x?xi32>
}

// -----

// nd.broadcast_to aligns the operand on the right.
// CHECK: broadcast-constant-shape-invalid.mlir:[[# @LINE + 4]]:8: error: 'nd.broadcast_to' op size of operand dimension 0 (3) is not equal to 1 or value of shape at index 1 (2)
func.func @to_operand_mismatch(%x: tensor<3xf32>) -> tensor<?x?xf32> {
  %s = nd.constant dense<[3, 2]> : tensor<2xindex>
  // expected-error @+1 {{'nd.broadcast_to' op size of operand dimension 0 (3) is not equal to 1 or value of shape at index 1 (2)}}
  %0 = nd.broadcast_to %x, %s : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// An unranked result takes its rank from the shape, which must not be below the
// operand's.
// CHECK: broadcast-constant-shape-invalid.mlir:[[# @LINE + 4]]:8: error: 'nd.broadcast_to' op result rank (1) is less than operand rank (2)
func.func @to_rank(%x: tensor<2x3xf32>) -> tensor<*xf32> {
  %s = nd.constant dense<[3]> : tensor<1xindex>
  // expected-error @+1 {{result rank (1) is less than operand rank (2)}}
  %0 = nd.broadcast_to %x, %s : (tensor<2x3xf32>, tensor<1xindex>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// The identity fold does not hide a contradiction: the operand has the result's
// static type, but the constant says otherwise.
// CHECK: broadcast-constant-shape-invalid.mlir:[[# @LINE + 4]]:8: error: 'nd.broadcast_to' op output shape [1, 4] is incompatible with return type of operation 'tensor<3x4xf32>'
func.func @not_folded_away(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %s = nd.constant dense<[1, 4]> : tensor<2xindex>
  // expected-error @+1 {{output shape [1, 4] is incompatible}}
  %0 = nd.broadcast_to %x, %s : (tensor<3x4xf32>, tensor<2xindex>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// Nor does composing with a broadcast after it.
// CHECK: broadcast-constant-shape-invalid.mlir:[[# @LINE + 4]]:8: error: 'nd.broadcast_in_dim' op size of operand dimension 0 (3) is not equal to 1 or value of shape at index 0 (5)
func.func @not_composed_away(%x: tensor<3xf32>, %t: tensor<2xindex>) -> tensor<?x?xf32> {
  %s = nd.constant dense<[5]> : tensor<1xindex>
  // expected-error @+1 {{size of operand dimension 0 (3) is not equal to 1 or value of shape at index 0 (5)}}
  %y = nd.broadcast_in_dim %x, %s, dims = [0] : (tensor<3xf32>, tensor<1xindex>) -> tensor<?xf32>
  %0 = nd.broadcast_in_dim %y, %t, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// Each error once, though the driver iterates.
// CHECK-NOT: error:
