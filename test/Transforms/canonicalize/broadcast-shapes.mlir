// nd.broadcast_shapes of known shapes folds to their broadcast under its policy
// (computed by the broadcastable crate); one operand, or one repeated, is itself;
// operands that change nothing go. A run-time check is never dropped: shapes
// with dynamic entries that could fail stay.
// RUN: tensor-opt %s -split-input-file --canonicalize | FileCheck %s
// RUN: tensor-opt %s -split-input-file --canonicalize | tensor-opt -split-input-file --canonicalize | FileCheck %s

// Every policy, on constants and on shapes of static tensors.
// CHECK-LABEL: func.func @policies
// CHECK-DAG:     %[[NUMPY:.*]] = nd.constant dense<[2, 4, 3]> : tensor<3xindex>
// CHECK-DAG:     %[[XLA:.*]] = nd.constant dense<[3, 2]> : tensor<2xindex>
// CHECK-DAG:     %[[IN_PLACE:.*]] = nd.constant dense<[2, 3]> : tensor<2xindex>
// CHECK-DAG:     %[[ONNX:.*]] = nd.constant dense<[5, 0]> : tensor<2xindex>
// CHECK-NOT:     nd.broadcast_shapes
// CHECK:         return %[[NUMPY]], %[[XLA]], %[[IN_PLACE]], %[[ONNX]]
func.func @policies(%t: tensor<4x1xf32>) -> (tensor<3xindex>, tensor<2xindex>, tensor<2xindex>, tensor<2xindex>) {
  %a = nd.constant dense<[2, 1, 3]> : tensor<3xindex>
  %b = nd.shape_of %t : (tensor<4x1xf32>) -> tensor<2xindex>
  %0 = nd.broadcast_shapes %a, %b : (tensor<3xindex>, tensor<2xindex>) -> tensor<3xindex>
  %c = nd.constant dense<[3]> : tensor<1xindex>
  %d = nd.constant dense<[1, 2]> : tensor<2xindex>
  %1 = nd.broadcast_shapes %c, %d {broadcast_dimensions = array<i64: 0>} : (tensor<1xindex>, tensor<2xindex>) -> tensor<2xindex>
  %e = nd.constant dense<[2, 3]> : tensor<2xindex>
  %f = nd.constant dense<[1, 3]> : tensor<2xindex>
  %2 = nd.broadcast_shapes %e, %f, %c {policy = "in_place"} : (tensor<2xindex>, tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
  %g = nd.constant dense<[5, 0]> : tensor<2xindex>
  %h = nd.constant dense<[0]> : tensor<1xindex>
  %3 = nd.broadcast_shapes %g, %h {policy = "onnx"} : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
  return %0, %1, %2, %3 : tensor<3xindex>, tensor<2xindex>, tensor<2xindex>, tensor<2xindex>
}

// -----

// One operand, or the same one repeated, under every policy.
// CHECK-LABEL: func.func @itself
// CHECK-NEXT:    return %arg0, %arg0, %arg0, %arg0
func.func @itself(%s: tensor<?xindex>) -> (tensor<?xindex>, tensor<?xindex>, tensor<?xindex>, tensor<?xindex>) {
  %0 = nd.broadcast_shapes %s : (tensor<?xindex>) -> tensor<?xindex>
  %1 = nd.broadcast_shapes %s, %s : (tensor<?xindex>, tensor<?xindex>) -> tensor<?xindex>
  %2 = nd.broadcast_shapes %s, %s {policy = "in_place"} : (tensor<?xindex>, tensor<?xindex>) -> tensor<?xindex>
  %3 = nd.broadcast_shapes %s, %s, %s {policy = "onnx"} : (tensor<?xindex>, tensor<?xindex>, tensor<?xindex>) -> tensor<?xindex>
  return %0, %1, %2, %3 : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
}

// -----

// Partly known: constants are merged into one; a repeated operand goes; an
// operand of 1s or of entries provably equal to the longest operand's goes
// (numpy). In place, a source of 1s goes.
// CHECK-LABEL: func.func @partial
// CHECK-NEXT:    %[[C:.*]] = nd.constant dense<[4, 3]> : tensor<2xindex>
// CHECK-NEXT:    %[[M:.*]] = nd.broadcast_shapes %arg0, %[[C]] : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %[[SX:.*]] = nd.shape_of %arg1
// CHECK-NEXT:    %[[O:.*]] = nd.broadcast_shapes %arg0, %[[C]] {policy = "onnx"}
// CHECK-NEXT:    return %[[M]], %arg0, %[[SX]], %arg0, %[[O]]
func.func @partial(%s: tensor<2xindex>, %x: tensor<?x3xf32>) -> (tensor<2xindex>, tensor<2xindex>, tensor<2xindex>, tensor<2xindex>, tensor<2xindex>) {
  %a = nd.constant dense<[4, 1]> : tensor<2xindex>
  %b = nd.constant dense<[3]> : tensor<1xindex>
  %0 = nd.broadcast_shapes %s, %a, %s, %b : (tensor<2xindex>, tensor<2xindex>, tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
  %ones = nd.constant dense<1> : tensor<2xindex>
  %1 = nd.broadcast_shapes %ones, %s : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
  %sx = nd.shape_of %x : (tensor<?x3xf32>) -> tensor<2xindex>
  %2 = nd.broadcast_shapes %b, %sx : (tensor<1xindex>, tensor<2xindex>) -> tensor<2xindex>
  %3 = nd.broadcast_shapes %s, %ones {policy = "in_place"} : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
  %4 = nd.broadcast_shapes %s, %a, %b {policy = "onnx"} : (tensor<2xindex>, tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
  return %0, %1, %2, %3, %4 : tensor<2xindex>, tensor<2xindex>, tensor<2xindex>, tensor<2xindex>, tensor<2xindex>
}

// -----

// Kept: dynamic entries that may fail at run time (a `?` against 3); a 1 under
// onnx (where it rejects a run-time 0); XLA's broadcast_dimensions with an
// unknown operand; constants whose broadcast has no constant of the declared
// type (a dynamic length), merged into one but not folded.
// CHECK-LABEL: func.func @kept
// CHECK-DAG:     %[[C3:.*]] = nd.constant dense<3> : tensor<1xindex>
// CHECK-DAG:     %[[ONES:.*]] = nd.constant dense<1> : tensor<1xindex>
// CHECK-DAG:     %[[C23:.*]] = nd.constant dense<[2, 3]> : tensor<2xindex>
// CHECK:         %[[A:.*]] = nd.broadcast_shapes %arg0, %[[C3]] : (tensor<1xindex>, tensor<1xindex>) -> tensor<1xindex>
// CHECK-NEXT:    %[[B:.*]] = nd.broadcast_shapes %arg0, %[[ONES]] {policy = "onnx"}
// CHECK-NEXT:    %[[C:.*]] = nd.broadcast_shapes %[[C3]], %arg1 {broadcast_dimensions = array<i64: 1>}
// CHECK-NEXT:    %[[D:.*]] = nd.broadcast_shapes %[[C23]] : (tensor<2xindex>) -> tensor<?xindex>
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]], %[[D]]
func.func @kept(%s: tensor<1xindex>, %t: tensor<2xindex>) -> (tensor<1xindex>, tensor<1xindex>, tensor<2xindex>, tensor<?xindex>) {
  %c3 = nd.constant dense<3> : tensor<1xindex>
  %ones = nd.constant dense<1> : tensor<1xindex>
  %0 = nd.broadcast_shapes %s, %c3 : (tensor<1xindex>, tensor<1xindex>) -> tensor<1xindex>
  %1 = nd.broadcast_shapes %s, %ones {policy = "onnx"} : (tensor<1xindex>, tensor<1xindex>) -> tensor<1xindex>
  %2 = nd.broadcast_shapes %c3, %t {broadcast_dimensions = array<i64: 1>} : (tensor<1xindex>, tensor<2xindex>) -> tensor<2xindex>
  %c23 = nd.constant dense<[2, 3]> : tensor<2xindex>
  %3 = nd.broadcast_shapes %c23, %c3 : (tensor<2xindex>, tensor<1xindex>) -> tensor<?xindex>
  return %0, %1, %2, %3 : tensor<1xindex>, tensor<1xindex>, tensor<2xindex>, tensor<?xindex>
}
