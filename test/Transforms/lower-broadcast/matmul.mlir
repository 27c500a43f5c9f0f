// --lower-broadcast on nd.matmul: the batch dims of each matrix operand are
// broadcast to the result's, its two matrix dims kept.
// RUN: tensor-opt %s -split-input-file --lower-broadcast | FileCheck %s
// RUN: tensor-opt %s -split-input-file --lower-broadcast > %t
// RUN: tensor-opt %s -split-input-file --lower-broadcast --lower-broadcast | diff %t -
// RUN: tensor-opt %t -split-input-file --verify-explicit-broadcast | diff %t -

// Static batch dims: a matrix without them gets the other's.
// CHECK-LABEL: func.func @static_batch
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<4x5xf32>) -> tensor<2x4x5xf32>
// CHECK-NEXT:    %1 = nd.matmul %arg0, %0 : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
func.func @static_batch(%a: tensor<2x3x4xf32>, %b: tensor<4x5xf32>) -> tensor<2x3x5xf32> {
  %0 = nd.matmul %a, %b : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// Batch dims of 1 stretch on both sides.
// CHECK-LABEL: func.func @both_stretch
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, dims = [0, 1, 2, 3] : (tensor<2x1x3x4xf32>) -> tensor<2x6x3x4xf32>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %arg1, dims = [1, 2, 3] : (tensor<6x4x5xf32>) -> tensor<2x6x4x5xf32>
// CHECK-NEXT:    %2 = nd.matmul %0, %1 : (tensor<2x6x3x4xf32>, tensor<2x6x4x5xf32>) -> tensor<2x6x3x5xf32>
func.func @both_stretch(%a: tensor<2x1x3x4xf32>, %b: tensor<6x4x5xf32>) -> tensor<2x6x3x5xf32> {
  %0 = nd.matmul %a, %b : (tensor<2x1x3x4xf32>, tensor<6x4x5xf32>) -> tensor<2x6x3x5xf32>
  return %0 : tensor<2x6x3x5xf32>
}

// -----

// A vector has no batch dims: never broadcast. Equal batch dims: nothing to do.
// CHECK-LABEL: func.func @left_alone
// CHECK-NEXT:    %0 = nd.matmul %arg0, %arg1 : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %1 = nd.matmul %arg0, %arg2 : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
func.func @left_alone(%a: tensor<2x3x4xf32>, %x: tensor<4xf32>, %b: tensor<2x4x5xf32>) -> (tensor<2x3xf32>, tensor<2x3x5xf32>) {
  %0 = nd.matmul %a, %x : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  %1 = nd.matmul %a, %b : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3x5xf32>
}

// -----

// `?` batch dims: the batch shapes are sliced off ([0 : -2]), broadcast by the
// check at the matmul's location, and put back before each operand's matrix dims
// ([-2 :]); the matrix dims never stretch.
// CHECK-LABEL: func.func @dynamic_batch
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x3x4xf32>) -> tensor<3xindex>
// CHECK-NEXT:    %1 = nd.shape_slice %0[0 : -2] : (tensor<3xindex>) -> tensor<1xindex>
// CHECK-NEXT:    %2 = nd.shape_of %arg1 : (tensor<?x4x5xf32>) -> tensor<3xindex>
// CHECK-NEXT:    %3 = nd.shape_slice %2[0 : -2] : (tensor<3xindex>) -> tensor<1xindex>
// CHECK-NEXT:    %4 = nd.broadcast_shapes %1, %3 : (tensor<1xindex>, tensor<1xindex>) -> tensor<1xindex>
// CHECK-NEXT:    %5 = nd.shape_slice %0[-2 :] : (tensor<3xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %6 = nd.shape_concat %4, %5 : (tensor<1xindex>, tensor<2xindex>) -> tensor<3xindex>
// CHECK-NEXT:    %7 = nd.broadcast_in_dim %arg0, %6, dims = [0, 1, 2] {known_nonexpanding_dimensions = array<i64: 1, 2>} : (tensor<?x3x4xf32>, tensor<3xindex>) -> tensor<?x3x4xf32>
// CHECK-NEXT:    %8 = nd.shape_slice %2[-2 :] : (tensor<3xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %9 = nd.shape_concat %4, %8 : (tensor<1xindex>, tensor<2xindex>) -> tensor<3xindex>
// CHECK-NEXT:    %10 = nd.broadcast_in_dim %arg1, %9, dims = [0, 1, 2] {known_nonexpanding_dimensions = array<i64: 1, 2>} : (tensor<?x4x5xf32>, tensor<3xindex>) -> tensor<?x4x5xf32>
// CHECK-NEXT:    %11 = nd.matmul %7, %10 : (tensor<?x3x4xf32>, tensor<?x4x5xf32>) -> tensor<?x3x5xf32>
func.func @dynamic_batch(%a: tensor<?x3x4xf32>, %b: tensor<?x4x5xf32>) -> tensor<?x3x5xf32> {
  %0 = nd.matmul %a, %b : (tensor<?x3x4xf32>, tensor<?x4x5xf32>) -> tensor<?x3x5xf32>
  return %0 : tensor<?x3x5xf32>
}

// -----

// A vector next to a matrix with batch dims: the matrix is the only one with
// batch dims, so it has the result's, unless the result type is less precise:
// then it is broadcast to it, and the vector's batch shape is the empty slice
// [0 : -1].
// CHECK-LABEL: func.func @vector
// CHECK-NEXT:    %0 = nd.matmul %arg0, %arg1 : (tensor<4xf32>, tensor<2x4x5xf32>) -> tensor<2x5xf32>
// CHECK-NEXT:    %1 = nd.shape_of %arg0 : (tensor<4xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %2 = nd.shape_slice %1[0 : -1] : (tensor<1xindex>) -> tensor<0xindex>
// CHECK-NEXT:    %3 = nd.shape_of %arg1 : (tensor<2x4x5xf32>) -> tensor<3xindex>
// CHECK-NEXT:    %4 = nd.shape_slice %3[0 : -2] : (tensor<3xindex>) -> tensor<1xindex>
// CHECK-NEXT:    %5 = nd.broadcast_shapes %2, %4 : (tensor<0xindex>, tensor<1xindex>) -> tensor<1xindex>
// CHECK-NEXT:    %6 = nd.shape_slice %3[-2 :] : (tensor<3xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %7 = nd.shape_concat %5, %6 : (tensor<1xindex>, tensor<2xindex>) -> tensor<3xindex>
// CHECK-NEXT:    %8 = nd.broadcast_in_dim %arg1, %7, dims = [0, 1, 2] {known_nonexpanding_dimensions = array<i64: 0, 1, 2>} : (tensor<2x4x5xf32>, tensor<3xindex>) -> tensor<?x4x5xf32>
// CHECK-NEXT:    %9 = nd.matmul %arg0, %8 : (tensor<4xf32>, tensor<?x4x5xf32>) -> tensor<?x5xf32>
func.func @vector(%x: tensor<4xf32>, %b: tensor<2x4x5xf32>) -> (tensor<2x5xf32>, tensor<?x5xf32>) {
  %0 = nd.matmul %x, %b : (tensor<4xf32>, tensor<2x4x5xf32>) -> tensor<2x5xf32>
  %1 = nd.matmul %x, %b : (tensor<4xf32>, tensor<2x4x5xf32>) -> tensor<?x5xf32>
  return %0, %1 : tensor<2x5xf32>, tensor<?x5xf32>
}

// -----

// A matrix without batch dims next to `?` ones gets them from the check.
// CHECK-LABEL: func.func @matrix_and_dynamic
// CHECK:         %4 = nd.broadcast_shapes %1, %3 : (tensor<0xindex>, tensor<1xindex>) -> tensor<1xindex>
// CHECK:         %7 = nd.broadcast_in_dim %arg0, %6, dims = [1, 2] {known_nonexpanding_dimensions = array<i64: 0, 1>} : (tensor<3x4xf32>, tensor<3xindex>) -> tensor<?x3x4xf32>
// CHECK-NEXT:    %8 = nd.matmul %7, %arg1 : (tensor<?x3x4xf32>, tensor<?x4x5xf32>) -> tensor<?x3x5xf32>
func.func @matrix_and_dynamic(%a: tensor<3x4xf32>, %b: tensor<?x4x5xf32>) -> tensor<?x3x5xf32> {
  %0 = nd.matmul %a, %b : (tensor<3x4xf32>, tensor<?x4x5xf32>) -> tensor<?x3x5xf32>
  return %0 : tensor<?x3x5xf32>
}

// -----

// An unranked operand may be a vector or a batch of matrices: nd.matmul keeps
// broadcasting (and checking) its batch dims itself.
// CHECK-LABEL: func.func @unranked
// CHECK-NEXT:    %0 = nd.matmul %arg0, %arg1 : (tensor<*xf32>, tensor<4x5xf32>) -> tensor<*xf32>
func.func @unranked(%a: tensor<*xf32>, %b: tensor<4x5xf32>) -> tensor<*xf32> {
  %0 = nd.matmul %a, %b : (tensor<*xf32>, tensor<4x5xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}
