// --lower-broadcast on the broadcast ops: nd.broadcast (ONNX N-ary) becomes one
// explicit broadcast per result; a ranked nd.broadcast_to becomes the
// nd.broadcast_in_dim that states where its dims go; nd.assign broadcasts its
// source into the destination's shape, checked in place.
// RUN: tensor-opt %s -split-input-file --lower-broadcast | FileCheck %s
// RUN: tensor-opt %s -split-input-file --lower-broadcast > %t
// RUN: tensor-opt %s -split-input-file --lower-broadcast --lower-broadcast | diff %t -
// RUN: tensor-opt %t -split-input-file --verify-explicit-broadcast | diff %t -
// What --canonicalize proves about sizes, the invariant proves too.
// RUN: tensor-opt %s -split-input-file --lower-broadcast --cse --canonicalize --verify-explicit-broadcast > /dev/null

// nd.broadcast with static shapes: a static broadcast per result; a result whose
// operand already has its type is that operand.
// CHECK-LABEL: func.func @n_ary_static
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<3x1xi32>) -> tensor<3x4xi32>
// CHECK-NEXT:    return %0, %1, %arg2
func.func @n_ary_static(%a: tensor<4xf32>, %b: tensor<3x1xi32>, %c: tensor<3x4xf16>) -> (tensor<3x4xf32>, tensor<3x4xi32>, tensor<3x4xf16>) {
  %z:3 = nd.broadcast %a, %b, %c : (tensor<4xf32>, tensor<3x1xi32>, tensor<3x4xf16>) -> (tensor<3x4xf32>, tensor<3x4xi32>, tensor<3x4xf16>)
  return %z#0, %z#1, %z#2 : tensor<3x4xf32>, tensor<3x4xi32>, tensor<3x4xf16>
}

// -----

// nd.broadcast with a `?`: the check has the ONNX policy (a 0 does not broadcast
// against a 1), and each result is a dynamic broadcast.
// CHECK-LABEL: func.func @n_ary_dynamic
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<4xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?x1xi32>) -> tensor<2xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 {policy = "onnx"} : (tensor<1xindex>, tensor<2xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %arg0, %2, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<2xindex>) -> tensor<?x4xf32>
// CHECK-NEXT:    %4 = nd.broadcast_in_dim %arg1, %2, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?x1xi32>, tensor<2xindex>) -> tensor<?x4xi32>
// CHECK-NEXT:    return %3, %4
func.func @n_ary_dynamic(%a: tensor<4xf32>, %b: tensor<?x1xi32>) -> (tensor<?x4xf32>, tensor<?x4xi32>) {
  %z:2 = nd.broadcast %a, %b : (tensor<4xf32>, tensor<?x1xi32>) -> (tensor<?x4xf32>, tensor<?x4xi32>)
  return %z#0, %z#1 : tensor<?x4xf32>, tensor<?x4xi32>
}

// -----

// nd.broadcast_to with a static shape: operand dims align on the right.
// CHECK-LABEL: func.func @broadcast_to_static
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %0
func.func @broadcast_to_static(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = nd.broadcast_to %x, shape = [2, 3] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// nd.broadcast_to with a shape operand: the same shape, now with the dims stated;
// the operand's 3 is known to be the result's.
// CHECK-LABEL: func.func @broadcast_to_dynamic
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, %arg1, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
// CHECK-NEXT:    return %0
func.func @broadcast_to_dynamic(%x: tensor<3xf32>, %s: tensor<2xindex>) -> tensor<?x3xf32> {
  %0 = nd.broadcast_to %x, %s : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

// A static shape with a less precise result type: the shape becomes a constant
// operand (nd.broadcast_in_dim needs one for a `?` result dim).
// CHECK-LABEL: func.func @broadcast_to_less_precise
// CHECK-NEXT:    %0 = nd.constant dense<[2, 3]> : tensor<2xindex>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %arg0, %0, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
// CHECK-NEXT:    return %1
func.func @broadcast_to_less_precise(%x: tensor<3xf32>) -> tensor<?x3xf32> {
  %0 = nd.broadcast_to %x, shape = [2, 3] : (tensor<3xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

// An unranked nd.broadcast_to is already the explicit, rank-polymorphic form:
// left alone.
// CHECK-LABEL: func.func @broadcast_to_unranked
// CHECK-NEXT:    %0 = nd.broadcast_to %arg0, %arg1 : (tensor<*xf32>, tensor<?xindex>) -> tensor<*xf32>
// CHECK-NEXT:    %1 = nd.broadcast_to %arg2, %arg1 : (tensor<3xf32>, tensor<?xindex>) -> tensor<*xf32>
// CHECK-NEXT:    return %0, %1
func.func @broadcast_to_unranked(%u: tensor<*xf32>, %s: tensor<?xindex>, %x: tensor<3xf32>) -> (tensor<*xf32>, tensor<*xf32>) {
  %0 = nd.broadcast_to %u, %s : (tensor<*xf32>, tensor<?xindex>) -> tensor<*xf32>
  %1 = nd.broadcast_to %x, %s : (tensor<3xf32>, tensor<?xindex>) -> tensor<*xf32>
  return %0, %1 : tensor<*xf32>, tensor<*xf32>
}

// -----

// nd.assign: the source is broadcast into the destination's shape; the
// destination never changes.
// CHECK-LABEL: func.func @assign_static
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg1, dims = [0, 1, 2] : (tensor<1x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT:    %1 = nd.assign %arg0, %0 : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
func.func @assign_static(%dst: tensor<2x3x4xf32>, %src: tensor<1x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = nd.assign %dst, %src : (tensor<2x3x4xf32>, tensor<1x3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// nd.assign with `?` sizes: the check broadcasts in place (the source into the
// destination, whose shape is the result), and the source's `?` dim may be 1.
// CHECK-LABEL: func.func @assign_dynamic
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x4xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 {policy = "in_place"} : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %arg1, %2, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x4xf32>
// CHECK-NEXT:    %4 = nd.assign %arg0, %3 : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
func.func @assign_dynamic(%dst: tensor<?x4xf32>, %src: tensor<?xf32>) -> tensor<?x4xf32> {
  %0 = nd.assign %dst, %src : (tensor<?x4xf32>, tensor<?xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// A source of the destination's own shape (the same value) is left alone.
// CHECK-LABEL: func.func @assign_same
// CHECK-NEXT:    %0 = nd.assign %arg0, %arg0 : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
func.func @assign_same(%dst: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = nd.assign %dst, %dst : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// nd.assign's result has the destination's shape, and a unary op's its
// operand's: beside the destination they need no broadcast, whatever the `?`s
// are at run time. (--canonicalize knew it and erased such broadcasts, which
// --verify-explicit-broadcast then reported missing.)
// CHECK-LABEL: func.func @assign_result_has_destination_shape
// CHECK:         %[[R:.*]] = nd.assign %arg0, %{{.*}} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK-NEXT:    %[[M:.*]] = nd.max %[[R]], %arg0 : tensor<?x?xf32>
// CHECK-NEXT:    %[[N:.*]] = nd.neg %arg0 : tensor<?x?xf32>
// CHECK-NEXT:    %[[S:.*]] = nd.sub %[[N]], %[[R]] : tensor<?x?xf32>
func.func @assign_result_has_destination_shape(%dst: tensor<?x?xf32>, %src: tensor<?x1xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %r = nd.assign %dst, %src : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %m = nd.max %r, %dst : tensor<?x?xf32>
  %n = nd.neg %dst : tensor<?x?xf32>
  %s = nd.sub %n, %r : tensor<?x?xf32>
  return %m, %s : tensor<?x?xf32>, tensor<?x?xf32>
}
