// --lower-broadcast with unranked `*` operands: their shape (tensor<?xindex>)
// is broadcast with the others' by the same check, and each operand is broadcast
// to it with nd.broadcast_to, whose rank comes from the shape at run time: the
// same lowering for any rank, with no limit.
// RUN: tensor-opt %s -split-input-file --lower-broadcast 2>/dev/null | FileCheck %s
// RUN: tensor-opt %s -split-input-file --lower-broadcast 2>/dev/null > %t
// RUN: tensor-opt %s -split-input-file --lower-broadcast --lower-broadcast 2>/dev/null | diff %t -
// The one op that cannot be lowered is reported, as a warning, at the op.
// RUN: tensor-opt %s -split-input-file --lower-broadcast -verify-diagnostics > /dev/null

// An unranked operand and a ranked one, to an unranked result: both are broadcast
// to the checked shape, as unranked tensors.
// CHECK-LABEL: func.func @unranked_and_ranked
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<*xf32>) -> tensor<?xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<4xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 : (tensor<?xindex>, tensor<1xindex>) -> tensor<?xindex>
// CHECK-NEXT:    %3 = nd.broadcast_to %arg0, %2 : (tensor<*xf32>, tensor<?xindex>) -> tensor<*xf32>
// CHECK-NEXT:    %4 = nd.broadcast_to %arg1, %2 : (tensor<4xf32>, tensor<?xindex>) -> tensor<*xf32>
// CHECK-NEXT:    %5 = nd.add %3, %4 : tensor<*xf32>
func.func @unranked_and_ranked(%u: tensor<*xf32>, %v: tensor<4xf32>) -> tensor<*xf32> {
  %0 = nd.add %u, %v : (tensor<*xf32>, tensor<4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// No rank limit: a rank-7 operand lowers as a rank-1 one does.
// CHECK-LABEL: func.func @high_rank
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<*xf32>) -> tensor<?xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<2x3x4x5x6x7x8xf32>) -> tensor<7xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 : (tensor<?xindex>, tensor<7xindex>) -> tensor<?xindex>
// CHECK-NEXT:    %3 = nd.broadcast_to %arg0, %2 : (tensor<*xf32>, tensor<?xindex>) -> tensor<*xf32>
// CHECK-NEXT:    %4 = nd.broadcast_to %arg1, %2 : (tensor<2x3x4x5x6x7x8xf32>, tensor<?xindex>) -> tensor<*xf32>
// CHECK-NEXT:    %5 = nd.mul %3, %4 : tensor<*xf32>
func.func @high_rank(%u: tensor<*xf32>, %r: tensor<2x3x4x5x6x7x8xf32>) -> tensor<*xf32> {
  %0 = nd.mul %u, %r : (tensor<*xf32>, tensor<2x3x4x5x6x7x8xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// Two unranked operands may differ at run time (one may be 1 where the other is
// not): both are broadcast. The same value twice has one shape: left alone.
// CHECK-LABEL: func.func @two_unranked
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<*xf32>) -> tensor<?xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<*xf32>) -> tensor<?xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 : (tensor<?xindex>, tensor<?xindex>) -> tensor<?xindex>
// CHECK-NEXT:    %3 = nd.broadcast_to %arg0, %2 : (tensor<*xf32>, tensor<?xindex>) -> tensor<*xf32>
// CHECK-NEXT:    %4 = nd.broadcast_to %arg1, %2 : (tensor<*xf32>, tensor<?xindex>) -> tensor<*xf32>
// CHECK-NEXT:    %5 = nd.sub %3, %4 : tensor<*xf32>
// CHECK-NEXT:    %6 = nd.sub %arg0, %arg0 : tensor<*xf32>
func.func @two_unranked(%u: tensor<*xf32>, %w: tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>) {
  %0 = nd.sub %u, %w : tensor<*xf32>
  %1 = nd.sub %u, %u : tensor<*xf32>
  return %0, %1 : tensor<*xf32>, tensor<*xf32>
}

// -----

// A ranked result from an unranked operand: nd.broadcast_to gives the ranked type
// (at run time the checked shape must have its rank). Dim 1 of %m is 4, as the
// result's is: recorded as known non-expanding.
// CHECK-LABEL: func.func @to_ranked
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<*xi32>) -> tensor<?xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?x4xi32>) -> tensor<2xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 : (tensor<?xindex>, tensor<2xindex>) -> tensor<?xindex>
// CHECK-NEXT:    %3 = nd.broadcast_to %arg0, %2 : (tensor<*xi32>, tensor<?xindex>) -> tensor<?x4xi32>
// CHECK-NEXT:    %4 = nd.broadcast_in_dim %arg1, %2, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?x4xi32>, tensor<?xindex>) -> tensor<?x4xi32>
// CHECK-NEXT:    %5 = nd.max %3, %4 : tensor<?x4xi32>
func.func @to_ranked(%u: tensor<*xi32>, %m: tensor<?x4xi32>) -> tensor<?x4xi32> {
  %0 = nd.max %u, %m : (tensor<*xi32>, tensor<?x4xi32>) -> tensor<?x4xi32>
  return %0 : tensor<?x4xi32>
}

// -----

// nd.select with an unranked condition: the condition is broadcast with its own
// element type.
// CHECK-LABEL: func.func @select
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<*xi1>) -> tensor<?xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<3xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %2 = nd.shape_of %arg2 : (tensor<3xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %3 = nd.broadcast_shapes %0, %1, %2 : (tensor<?xindex>, tensor<1xindex>, tensor<1xindex>) -> tensor<?xindex>
// CHECK-NEXT:    %4 = nd.broadcast_to %arg0, %3 : (tensor<*xi1>, tensor<?xindex>) -> tensor<*xi1>
// CHECK-NEXT:    %5 = nd.broadcast_to %arg1, %3 : (tensor<3xf32>, tensor<?xindex>) -> tensor<*xf32>
// CHECK-NEXT:    %6 = nd.broadcast_to %arg2, %3 : (tensor<3xf32>, tensor<?xindex>) -> tensor<*xf32>
// CHECK-NEXT:    %7 = nd.select %4, %5, %6 : (tensor<*xi1>, tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
func.func @select(%c: tensor<*xi1>, %a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<*xf32> {
  %0 = nd.select %c, %a, %b : (tensor<*xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// XLA broadcast_dimensions with an unranked operand, into a ranked result: the
// ranked operand is the lower-rank one (broadcast_dimensions has one entry per
// dim of it), placed explicitly; the unranked one has the result's rank.
// CHECK-LABEL: func.func @xla_ranked_result
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<4xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<*xf32>) -> tensor<?xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 {broadcast_dimensions = array<i64: 0>} : (tensor<1xindex>, tensor<?xindex>) -> tensor<?xindex>
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %arg0, %2, dims = [0] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<?xindex>) -> tensor<4x?xf32>
// CHECK-NEXT:    %4 = nd.broadcast_to %arg1, %2 : (tensor<*xf32>, tensor<?xindex>) -> tensor<4x?xf32>
// CHECK-NEXT:    %5 = nd.add %3, %4 : tensor<4x?xf32>
func.func @xla_ranked_result(%v: tensor<4xf32>, %u: tensor<*xf32>) -> tensor<4x?xf32> {
  %0 = nd.add %v, %u {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<*xf32>) -> tensor<4x?xf32>
  return %0 : tensor<4x?xf32>
}

// -----

// Into an unranked result, where broadcast_dimensions put a dim depends on the
// rank the other operand has at run time: no explicit broadcast can say it, so
// the op is left as it is, with a warning.
// CHECK-LABEL: func.func @xla_unranked_result
// CHECK-NEXT:    %0 = nd.add %arg0, %arg1 {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<*xf32>) -> tensor<*xf32>
func.func @xla_unranked_result(%v: tensor<4xf32>, %u: tensor<*xf32>) -> tensor<*xf32> {
  // expected-warning @+1 {{'nd.add' op still broadcasts implicitly: broadcast_dimensions place an operand whose rank is known only at run time}}
  %0 = nd.add %v, %u {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<*xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}
