// A broadcast that provably returns its operand folds to it, also with dynamic
// sizes: every result size must be provably the operand's (static and equal,
// known non-expanding, or the same run-time size), never merely possibly.
// RUN: tensor-opt %s -split-input-file --canonicalize | FileCheck %s
// RUN: tensor-opt %s -split-input-file --canonicalize | tensor-opt -split-input-file --canonicalize | FileCheck %s

// The shape operand is the operand's own shape.
// CHECK-LABEL: func.func @own_shape
// CHECK-NEXT:    return %arg0, %arg0, %arg1
func.func @own_shape(%x: tensor<?x?xf32>, %u: tensor<*xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<*xf32>) {
  %s = nd.shape_of %x : (tensor<?x?xf32>) -> tensor<2xindex>
  %0 = nd.broadcast_in_dim %x, %s, dims = [0, 1] : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %1 = nd.broadcast_to %x, %s : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %su = nd.shape_of %u : (tensor<*xf32>) -> tensor<?xindex>
  %2 = nd.broadcast_to %u, %su : (tensor<*xf32>, tensor<?xindex>) -> tensor<*xf32>
  return %0, %1, %2 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<*xf32>
}

// -----

// Every dim is known non-expanding, or static and equal.
// CHECK-LABEL: func.func @known_nonexpanding
// CHECK-NEXT:    return %arg0
func.func @known_nonexpanding(%x: tensor<?x3xf32>, %s: tensor<2xindex>) -> tensor<?x3xf32> {
  %0 = nd.broadcast_in_dim %x, %s, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?x3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

// The shape of a cast is the shape of its operand.
// CHECK-LABEL: func.func @shape_through_cast
// CHECK-NEXT:    return %arg0
func.func @shape_through_cast(%x: tensor<?xf32>) -> tensor<?xf32> {
  %c = nd.cast %x : tensor<?xf32> to tensor<?xi32>
  %s = nd.shape_of %c : (tensor<?xi32>) -> tensor<1xindex>
  %0 = nd.broadcast_to %x, %s : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// Lowered style: the operand decides every dim of the broadcast shape (the
// other operand has a 1 or the same static size there), so broadcasting it to
// that shape is the identity. The other operand's broadcast stays, and with it
// the shape computation.
// CHECK-LABEL: func.func @decided_by_the_operand
// CHECK-NEXT:    %[[S:.*]] = nd.shape_of %arg0
// CHECK-NEXT:    %[[B:.*]] = nd.broadcast_in_dim %arg1, %[[S]], dims = [0, 1]
// CHECK-NEXT:    return %arg0, %[[B]]
func.func @decided_by_the_operand(%x: tensor<?x3xf32>, %y: tensor<1x3xf32>) -> (tensor<?x3xf32>, tensor<?x3xf32>) {
  %sx = nd.shape_of %x : (tensor<?x3xf32>) -> tensor<2xindex>
  %sy = nd.shape_of %y : (tensor<1x3xf32>) -> tensor<2xindex>
  %s = nd.broadcast_shapes %sx, %sy : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
  %0 = nd.broadcast_in_dim %x, %s, dims = [0, 1] : (tensor<?x3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
  %1 = nd.broadcast_in_dim %y, %s, dims = [0, 1] : (tensor<1x3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
  return %0, %1 : tensor<?x3xf32>, tensor<?x3xf32>
}

// -----

// Not folded: a shape that may stretch a dim (an argument, the shape of
// another tensor, a broadcast of two dynamic shapes), a dim that is not known
// non-expanding, a transpose, and a result of another type.
// CHECK-LABEL: func.func @kept
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, %arg1, dims = [0, 1]
// CHECK-NEXT:    %1 = nd.shape_of %arg2
// CHECK-NEXT:    %2 = nd.broadcast_in_dim %arg0, %1, dims = [0, 1]
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %arg0, %arg1, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0>}
// CHECK-NEXT:    %4 = nd.shape_of %arg0
// CHECK-NEXT:    %5 = nd.broadcast_in_dim %arg0, %4, dims = [1, 0]
// CHECK-NEXT:    %6 = nd.broadcast_shapes %4, %1
// CHECK-NEXT:    %7 = nd.broadcast_in_dim %arg0, %6, dims = [0, 1]
// CHECK-NEXT:    %8 = nd.broadcast_to %arg3, %4 : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    return %0, %2, %3, %5, %7, %8
func.func @kept(%x: tensor<?x?xf32>, %s: tensor<2xindex>, %y: tensor<?x?xf32>, %z: tensor<?x1xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = nd.broadcast_in_dim %x, %s, dims = [0, 1] : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %sy = nd.shape_of %y : (tensor<?x?xf32>) -> tensor<2xindex>
  %1 = nd.broadcast_in_dim %x, %sy, dims = [0, 1] : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %2 = nd.broadcast_in_dim %x, %s, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %sx = nd.shape_of %x : (tensor<?x?xf32>) -> tensor<2xindex>
  %3 = nd.broadcast_in_dim %x, %sx, dims = [1, 0] : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %b = nd.broadcast_shapes %sx, %sy : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
  %4 = nd.broadcast_in_dim %x, %b, dims = [0, 1] : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %5 = nd.broadcast_to %z, %sx : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}
