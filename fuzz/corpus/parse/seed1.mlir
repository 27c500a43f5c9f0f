// Shape computations whose users fold away are erased by the greedy driver
// (every nd op is Pure): what --lower-broadcast emits for static operands
// canonicalizes back to static broadcasts, and the shape ops die with them.
// RUN: tensor-opt %s -split-input-file --canonicalize | FileCheck %s
// RUN: tensor-opt %s -split-input-file --canonicalize | tensor-opt -split-input-file --canonicalize | FileCheck %s

// An nd.add of static operands, lowered: the shapes are constants, their
// broadcast a constant, the broadcast of %a the identity and that of %b static.
// CHECK-LABEL: func.func @add
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %1 = nd.add %arg0, %0 : tensor<2x3xf32>
// CHECK-NEXT:    return %1
func.func @add(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %sa = nd.shape_of %a : (tensor<2x3xf32>) -> tensor<2xindex>
  %sb = nd.shape_of %b : (tensor<3xf32>) -> tensor<1xindex>
  %s = nd.broadcast_shapes %sa, %sb : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
  %a2 = nd.broadcast_in_dim %a, %s, dims = [0, 1] : (tensor<2x3xf32>, tensor<2xindex>) -> tensor<2x3xf32>
  %b2 = nd.broadcast_in_dim %b, %s, dims = [1] : (tensor<3xf32>, tensor<2xindex>) -> tensor<2x3xf32>
  %r = nd.add %a2, %b2 : tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// nd.matmul's batch dims, lowered: sliced off, broadcast, concatenated back
// with the matrix dims; all static, so every shape op dies and the matmul's
// operands are broadcast statically.
// CHECK-LABEL: func.func @matmul
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg1, dims = [0, 1, 2] : (tensor<1x4x5xf32>) -> tensor<2x4x5xf32>
// CHECK-NEXT:    %1 = nd.matmul %arg0, %0
// CHECK-NEXT:    return %1
func.func @matmul(%a: tensor<2x3x4xf32>, %b: tensor<1x4x5xf32>) -> tensor<2x3x5xf32> {
  %sa = nd.shape_of %a : (tensor<2x3x4xf32>) -> tensor<3xindex>
  %sb = nd.shape_of %b : (tensor<1x4x5xf32>) -> tensor<3xindex>
  %ba = nd.shape_slice %sa[0 : -2] : (tensor<3xindex>) -> tensor<1xindex>
  %bb = nd.shape_slice %sb[0 : -2] : (tensor<3xindex>) -> tensor<1xindex>
  %batch = nd.broadcast_shapes %ba, %bb : (tensor<1xindex>, tensor<1xindex>) -> tensor<1xindex>
  %ma = nd.shape_slice %sa[-2 :] : (tensor<3xindex>) -> tensor<2xindex>
  %mb = nd.shape_slice %sb[-2 :] : (tensor<3xindex>) -> tensor<2xindex>
  %ta = nd.shape_concat %batch, %ma : (tensor<1xindex>, tensor<2xindex>) -> tensor<3xindex>
  %tb = nd.shape_concat %batch, %mb : (tensor<1xindex>, tensor<2xindex>) -> tensor<3xindex>
  %a2 = nd.broadcast_in_dim %a, %ta, dims = [0, 1, 2] : (tensor<2x3x4xf32>, tensor<3xindex>) -> tensor<2x3x4xf32>
  %b2 = nd.broadcast_in_dim %b, %tb, dims = [0, 1, 2] : (tensor<1x4x5xf32>, tensor<3xindex>) -> tensor<2x4x5xf32>
  %r = nd.matmul %a2, %b2 : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %r : tensor<2x3x5xf32>
}

// -----

// Dynamic: the broadcast of %a is the identity (its shape decides the result's),
// and its shape computation dies except what the broadcast of %b still needs.
// CHECK-LABEL: func.func @dynamic
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x3xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %arg1, %0, dims = [1] : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
// CHECK-NEXT:    %2 = nd.add %arg0, %1 : tensor<?x3xf32>
// CHECK-NEXT:    return %2
func.func @dynamic(%a: tensor<?x3xf32>, %b: tensor<3xf32>) -> tensor<?x3xf32> {
  %sa = nd.shape_of %a : (tensor<?x3xf32>) -> tensor<2xindex>
  %sb = nd.shape_of %b : (tensor<3xf32>) -> tensor<1xindex>
  %s = nd.broadcast_shapes %sa, %sb : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
  %a2 = nd.broadcast_in_dim %a, %s, dims = [0, 1] : (tensor<?x3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
  %b2 = nd.broadcast_in_dim %b, %s, dims = [1] : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
  %r = nd.add %a2, %b2 : tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

// -----

// Kept: both operands may stretch, so the broadcast of the shapes is a run-time
// check that both broadcasts need.
// CHECK-LABEL: func.func @both_dynamic
// CHECK-NEXT:    %0 = nd.shape_of %arg0
// CHECK-NEXT:    %1 = nd.shape_of %arg1
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %arg0, %2, dims = [0]
// CHECK-NEXT:    %4 = nd.broadcast_in_dim %arg1, %2, dims = [0]
// CHECK-NEXT:    %5 = nd.add %3, %4
// CHECK-NEXT:    return %5
func.func @both_dynamic(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %sa = nd.shape_of %a : (tensor<?xf32>) -> tensor<1xindex>
  %sb = nd.shape_of %b : (tensor<?xf32>) -> tensor<1xindex>
  %s = nd.broadcast_shapes %sa, %sb : (tensor<1xindex>, tensor<1xindex>) -> tensor<1xindex>
  %a2 = nd.broadcast_in_dim %a, %s, dims = [0] : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
  %b2 = nd.broadcast_in_dim %b, %s, dims = [0] : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
  %r = nd.add %a2, %b2 : tensor<?xf32>
  return %r : tensor<?xf32>
}
