// --lower-broadcast with XLA broadcast_dimensions (seed 002): the lower-rank
// operand's dims go where broadcast_dimensions say, degenerate (size-1) dims
// stretch, and the attribute is gone from the op.
// RUN: tensor-opt %s -split-input-file --lower-broadcast | FileCheck %s
// RUN: tensor-opt %s -split-input-file --lower-broadcast > %t
// RUN: tensor-opt %s -split-input-file --lower-broadcast --lower-broadcast | diff %t -
// RUN: tensor-opt %t -split-input-file --verify-explicit-broadcast | diff %t -
// RUN: tensor-opt %s -split-input-file --lower-broadcast | FileCheck %s --check-prefix=GONE
// GONE-NOT: = nd.{{(add|mul|cmp)}} {{.*}}broadcast_dimensions

// Seed 002: a (2,3) matrix plus a vector of 3 matched to dim 1: the vector is
// replicated over rows.
// CHECK-LABEL: func.func @matrix_plus_vector
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %1 = nd.add %arg0, %0 : tensor<2x3xf32>
func.func @matrix_plus_vector(%m: tensor<2x3xf32>, %v: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = nd.add %m, %v {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Seed 002: a 3-vector and a 3x3 matrix: dimension 1 makes each vector element a
// column (the vector repeats per row), dimension 0 a row (it repeats per column).
// CHECK-LABEL: func.func @square
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf32>) -> tensor<3x3xf32>
// CHECK-NEXT:    %1 = nd.add %arg0, %0 : tensor<3x3xf32>
// CHECK-NEXT:    %2 = nd.broadcast_in_dim %arg1, dims = [0] : (tensor<3xf32>) -> tensor<3x3xf32>
// CHECK-NEXT:    %3 = nd.add %arg0, %2 : tensor<3x3xf32>
func.func @square(%m: tensor<3x3xf32>, %v: tensor<3xf32>) -> (tensor<3x3xf32>, tensor<3x3xf32>) {
  %0 = nd.add %m, %v {broadcast_dimensions = array<i64: 1>} : (tensor<3x3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  %1 = nd.add %m, %v {broadcast_dimensions = array<i64: 0>} : (tensor<3x3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  return %0, %1 : tensor<3x3xf32>, tensor<3x3xf32>
}

// -----

// Seed 002: a 3x4 matrix matched to dims 1 and 2 of a 2x3x4 cuboid.
// CHECK-LABEL: func.func @cuboid
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT:    %1 = nd.mul %arg0, %0 : tensor<2x3x4xf32>
func.func @cuboid(%c: tensor<2x3x4xf32>, %m: tensor<3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = nd.mul %c, %m {broadcast_dimensions = array<i64: 1, 2>} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// Seed 002's composition: a vector of 4 and a 1x2 matrix with (0) give 4x2: the
// vector goes to dim 0 (it is the lower-rank operand, here on the left), then
// the matrix's degenerate dim 0 stretches to 4.
// CHECK-LABEL: func.func @composition
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, dims = [0] : (tensor<4xf32>) -> tensor<4x2xf32>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<1x2xf32>) -> tensor<4x2xf32>
// CHECK-NEXT:    %2 = nd.add %0, %1 : tensor<4x2xf32>
func.func @composition(%v: tensor<4xf32>, %m: tensor<1x2xf32>) -> tensor<4x2xf32> {
  %0 = nd.add %v, %m {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<1x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// Seed 002's second composition: a 1x2 matrix and a 4x3x1 array with (1, 2) give
// 4x3x2 (through the intermediate 4x1x2).
// CHECK-LABEL: func.func @composition_rank3
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, dims = [1, 2] : (tensor<1x2xf32>) -> tensor<4x3x2xf32>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %arg1, dims = [0, 1, 2] : (tensor<4x3x1xf32>) -> tensor<4x3x2xf32>
// CHECK-NEXT:    %2 = nd.add %0, %1 : tensor<4x3x2xf32>
func.func @composition_rank3(%m: tensor<1x2xf32>, %a: tensor<4x3x1xf32>) -> tensor<4x3x2xf32> {
  %0 = nd.add %m, %a {broadcast_dimensions = array<i64: 1, 2>} : (tensor<1x2xf32>, tensor<4x3x1xf32>) -> tensor<4x3x2xf32>
  return %0 : tensor<4x3x2xf32>
}

// -----

// Seed 002's degenerate broadcasting of equal ranks (the identity mapping, or
// none): (2,1) with (2,3); (1,2,5) with (7,2,5); the outer operation (2,1) with
// (1,3), whose broadcast of (2,1) is the first one's.
// CHECK-LABEL: func.func @degenerate
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %1 = nd.add %0, %arg1 : tensor<2x3xf32>
// CHECK-NEXT:    %2 = nd.broadcast_in_dim %arg2, dims = [0, 1, 2] : (tensor<1x2x5xf32>) -> tensor<7x2x5xf32>
// CHECK-NEXT:    %3 = nd.add %2, %arg3 : tensor<7x2x5xf32>
// CHECK-NEXT:    %4 = nd.broadcast_in_dim %arg4, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %5 = nd.add %0, %4 : tensor<2x3xf32>
func.func @degenerate(%a: tensor<2x1xf32>, %b: tensor<2x3xf32>, %c: tensor<1x2x5xf32>, %d: tensor<7x2x5xf32>, %e: tensor<1x3xf32>) -> (tensor<2x3xf32>, tensor<7x2x5xf32>, tensor<2x3xf32>) {
  %0 = nd.add %a, %b {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x1xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = nd.add %c, %d {broadcast_dimensions = array<i64>} : (tensor<1x2x5xf32>, tensor<7x2x5xf32>) -> tensor<7x2x5xf32>
  %2 = nd.add %a, %e {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x1xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<7x2x5xf32>, tensor<2x3xf32>
}

// -----

// Operands that need no broadcast lose the attribute all the same.
// CHECK-LABEL: func.func @identity
// CHECK-NEXT:    %0 = nd.add %arg0, %arg1 : tensor<2x3xf32>
func.func @identity(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = nd.add %a, %b {broadcast_dimensions = array<i64: 0, 1>} : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// nd.cmp with broadcast_dimensions.
// CHECK-LABEL: func.func @cmp
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg1, dims = [0] : (tensor<2xi32>) -> tensor<2x3xi32>
// CHECK-NEXT:    %1 = nd.cmp eq, %arg0, %0 : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi1>
func.func @cmp(%m: tensor<2x3xi32>, %v: tensor<2xi32>) -> tensor<2x3xi1> {
  %0 = nd.cmp eq, %m, %v {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// With `?` sizes the check is nd.broadcast_shapes with the op's
// broadcast_dimensions: the run-time rule is the op's, and the explicit
// broadcasts place the dims the same way. The matrix's dim 1 meets only the
// vector's unmapped (size 1) dim, so it never stretches.
// CHECK-LABEL: func.func @dynamic
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?x?xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 {broadcast_dimensions = array<i64: 0>} : (tensor<1xindex>, tensor<2xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %arg0, %2, dims = [0] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %4 = nd.broadcast_in_dim %arg1, %2, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %5 = nd.add %3, %4 : tensor<?x?xf32>
func.func @dynamic(%v: tensor<?xf32>, %m: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = nd.add %v, %m {broadcast_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
