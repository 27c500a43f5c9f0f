// --lower-broadcast emits a run-time check only for the obligations the shape
// analysis cannot prove (the ones --verify-broadcast reports), and marks the
// dims it proves equal as known not to expand.
// RUN: tensor-opt %s -split-input-file --lower-broadcast | FileCheck %s
// RUN: tensor-opt %s -split-input-file --lower-broadcast > %t
// RUN: tensor-opt %s -split-input-file --lower-broadcast --lower-broadcast | diff %t -
// RUN: tensor-opt %t -split-input-file --verify-explicit-broadcast | diff %t -

// softmax: each reduction keeps %x's dim 0, so it broadcasts to %x's shape with
// dim 0 known not to expand, and nothing is checked.
// CHECK-LABEL: func.func @softmax
// CHECK-NEXT:    %0 = nd.reduce max %arg0 across [1] keep_dims
// CHECK-NEXT:    %1 = nd.shape_of %arg0 : (tensor<?x?xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %2 = nd.broadcast_in_dim %0, %1, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %3 = nd.sub %arg0, %2 : tensor<?x?xf32>
// CHECK-NOT:     nd.broadcast_shapes
// CHECK:         return
func.func @softmax(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %m = nd.reduce max %x across [1] keep_dims : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %d = nd.sub %x, %m : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %e = nd.exp %d : tensor<?x?xf32>
  %s = nd.reduce sum %e across [1] keep_dims : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %r = nd.div %e, %s : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// A value with itself, and a unary op's result with its operand: nothing to
// broadcast (the XLA placement goes).
// CHECK-LABEL: func.func @same
// CHECK-NEXT:    %0 = nd.add %arg0, %arg0 : tensor<?x?xf32>
// CHECK-NEXT:    %1 = nd.neg %arg0 : tensor<?x?xf32>
// CHECK-NEXT:    %2 = nd.mul %1, %arg0 : tensor<?x?xf32>
// CHECK-NEXT:    return
func.func @same(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = nd.add %a, %a : tensor<?x?xf32>
  %1 = nd.neg %a : tensor<?x?xf32>
  %2 = nd.mul %1, %a {broadcast_dimensions = array<i64: 0, 1>} : tensor<?x?xf32>
  return %2 : tensor<?x?xf32>
}

// -----

// Once %a + %b has passed its check, its result broadcasts with either operand:
// one check for three ops.
// CHECK-LABEL: func.func @checked_once
// CHECK-COUNT-1: nd.broadcast_shapes
// CHECK-NOT:     nd.broadcast_shapes
// CHECK:         return
func.func @checked_once(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = nd.add %a, %b : tensor<?xf32>
  %1 = nd.mul %0, %a : tensor<?xf32>
  %2 = nd.sub %b, %1 : tensor<?xf32>
  return %2 : tensor<?xf32>
}

// -----

// Two checks that share %a need not agree (a = 1, b = 3, c = 5): the third op
// keeps its check.
// CHECK-LABEL: func.func @two_joins
// CHECK-COUNT-3: nd.broadcast_shapes
// CHECK-NOT:     nd.broadcast_shapes
// CHECK:         return
func.func @two_joins(%a: tensor<?xf32>, %b: tensor<?xf32>, %c: tensor<?xf32>) -> tensor<?xf32> {
  %0 = nd.add %a, %b : tensor<?xf32>
  %1 = nd.add %a, %c : tensor<?xf32>
  %2 = nd.add %0, %1 : tensor<?xf32>
  return %2 : tensor<?xf32>
}

// -----

// A product's result joined with a bias, then with the product again: the
// second add needs no check.
// CHECK-LABEL: func.func @matmul_bias
// CHECK-COUNT-1: nd.broadcast_shapes
// CHECK-NOT:     nd.broadcast_shapes
// CHECK:         return
func.func @matmul_bias(%x: tensor<?x?xf32>, %w: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %0 = nd.matmul %x, %w : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = nd.add %0, %b : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %2 = nd.add %1, %0 : tensor<?x?xf32>
  return %2 : tensor<?x?xf32>
}

// -----

// A private helper's arguments have the sizes its only call site passes: the
// caller's %a and its keep_dims reduction, so the helper broadcasts without a
// check.
// CHECK-LABEL: func.func private @center
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x?xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %arg1, %0, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %2 = nd.sub %arg0, %1 : tensor<?x?xf32>
// CHECK-NEXT:    return
func.func private @center(%x: tensor<?x?xf32>, %m: tensor<?x1xf32>) -> tensor<?x?xf32> {
  %0 = nd.sub %x, %m : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @softmax_center(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %m = nd.reduce max %a across [1] keep_dims : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %0 = func.call @center(%a, %m) : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// XLA's placement puts %b's dims at the front, not on the right: the product's
// shape does not cover %b's as NumPy broadcasting reads it (%b = [4], %a =
// [1, 1] give [4, 1], and [4] against [4, 1] is [4, 4]), so broadcasting %b
// with it takes a check of its own, not the product's shape.
// CHECK-LABEL: func.func @placed_then_numpy
// CHECK:         %[[P:.*]] = nd.broadcast_shapes %{{.*}} {broadcast_dimensions = array<i64: 0>}
// CHECK:         %[[M:.*]] = nd.mul
// CHECK:         %[[S:.*]] = nd.shape_of %[[M]]
// CHECK:         nd.broadcast_shapes %{{.*}}, %[[S]]
// CHECK:         return
func.func @placed_then_numpy(%a: tensor<?x1xf32>, %b: tensor<?xf32>) -> (tensor<*xf32>, tensor<*xf32>) {
  %0 = nd.mul %b, %a {broadcast_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<?x1xf32>) -> tensor<*xf32>
  %1:2 = nd.broadcast %b, %0 : (tensor<?xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>)
  return %0, %1#0 : tensor<*xf32>, tensor<*xf32>
}
