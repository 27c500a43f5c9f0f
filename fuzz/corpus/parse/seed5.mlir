// A broadcast whose shape operand is a constant becomes static where its result
// type allows; the result type never changes.
// RUN: tensor-opt %s -split-input-file --canonicalize | FileCheck %s
// RUN: tensor-opt %s -split-input-file --canonicalize | tensor-opt -split-input-file --canonicalize | FileCheck %s

// nd.broadcast_in_dim with a static result drops the shape; one to the
// operand's own static type then folds away.
// CHECK-LABEL: func.func @in_dim_static
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %0, %arg1
func.func @in_dim_static(%x: tensor<3xf32>, %m: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %s = nd.constant dense<[2, 3]> : tensor<2xindex>
  %0 = nd.broadcast_in_dim %x, %s, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<2xindex>) -> tensor<2x3xf32>
  %1 = nd.broadcast_in_dim %m, %s, dims = [0, 1] : (tensor<2x3xf32>, tensor<2xindex>) -> tensor<2x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// nd.broadcast_to takes the constant as its `shape` attribute, whatever its
// ranked result type says (`?` allowed) and whatever its operand's rank.
// CHECK-LABEL: func.func @to_attribute
// CHECK-NEXT:    %0 = nd.broadcast_to %arg0, shape = [2, 3] : (tensor<3xf32>) -> tensor<?x3xf32>
// CHECK-NEXT:    %1 = nd.broadcast_to %arg1, shape = [2, 3] : (tensor<*xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %0, %1
func.func @to_attribute(%x: tensor<3xf32>, %u: tensor<*xf32>) -> (tensor<?x3xf32>, tensor<2x3xf32>) {
  %s = nd.constant dense<[2, 3]> : tensor<2xindex>
  %0 = nd.broadcast_to %x, %s : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
  %1 = nd.broadcast_to %u, %s : (tensor<*xf32>, tensor<2xindex>) -> tensor<2x3xf32>
  return %0, %1 : tensor<?x3xf32>, tensor<2x3xf32>
}

// -----

// A shape the folds compute counts as a constant: here the shape of a static
// tensor broadcast with a constant.
// CHECK-LABEL: func.func @computed
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, dims = [1] : (tensor<3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT:    return %0
func.func @computed(%x: tensor<3xf32>) -> tensor<4x3xf32> {
  %a = nd.shape_of %x : (tensor<3xf32>) -> tensor<1xindex>
  %b = nd.constant dense<[4, 1]> : tensor<2xindex>
  %s = nd.broadcast_shapes %a, %b : (tensor<1xindex>, tensor<2xindex>) -> tensor<2xindex>
  %0 = nd.broadcast_in_dim %x, %s, dims = [1] : (tensor<3xf32>, tensor<2xindex>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// Kept: a nd.broadcast_in_dim whose result type has `?` dims (giving it the
// constant's static type would change what its users see, and nd has no cast
// between static and dynamic dims), and a nd.broadcast_to to an unranked result
// (the `shape` attribute needs a ranked one).
// CHECK-LABEL: func.func @kept
// CHECK-NEXT:    %[[S:.*]] = nd.constant dense<[2, 3]> : tensor<2xindex>
// CHECK-NEXT:    %[[A:.*]] = nd.broadcast_in_dim %arg0, %[[S]], dims = [1] : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
// CHECK-NEXT:    %[[B:.*]] = nd.broadcast_to %arg0, %[[S]] : (tensor<3xf32>, tensor<2xindex>) -> tensor<*xf32>
// CHECK-NEXT:    return %[[A]], %[[B]]
func.func @kept(%x: tensor<3xf32>) -> (tensor<?x3xf32>, tensor<*xf32>) {
  %s = nd.constant dense<[2, 3]> : tensor<2xindex>
  %0 = nd.broadcast_in_dim %x, %s, dims = [1] : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
  %1 = nd.broadcast_to %x, %s : (tensor<3xf32>, tensor<2xindex>) -> tensor<*xf32>
  return %0, %1 : tensor<?x3xf32>, tensor<*xf32>
}
