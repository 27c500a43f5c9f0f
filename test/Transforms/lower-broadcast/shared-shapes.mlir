// --lower-broadcast reuses what it made for earlier ops: the shape a lowered
// op's result has, and the checks that already cover an operand. Each chunk
// shows where that fires and where it must not.
// RUN: tensor-opt %s -split-input-file --lower-broadcast | FileCheck %s
// RUN: tensor-opt %s -split-input-file --lower-broadcast > %t
// RUN: tensor-opt %s -split-input-file --lower-broadcast --lower-broadcast | diff %t -
// RUN: tensor-opt %t -split-input-file --verify-explicit-broadcast | diff %t -

// Fires: each result has the shape its operands were broadcast to (%x's), so
// the ops after it take that shape instead of nd.shape_of of the result, and
// %r is broadcast once. 8 against 8 and 1 against anything cannot fail: no
// nd.broadcast_shapes at all. nd.neg keeps its operand's shape.
// CHECK-LABEL: func.func @chain_reuses_shape
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x8xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %arg1, %0, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 1>} : (tensor<1x8xf32>, tensor<2xindex>) -> tensor<?x8xf32>
// CHECK-NEXT:    %2 = nd.mul %arg0, %1 : tensor<?x8xf32>
// CHECK-NEXT:    %3 = nd.mul %2, %1 : tensor<?x8xf32>
// CHECK-NEXT:    %4 = nd.neg %3 : tensor<?x8xf32>
// CHECK-NEXT:    %5 = nd.add %4, %1 : tensor<?x8xf32>
// CHECK-NEXT:    return %5
func.func @chain_reuses_shape(%x: tensor<?x8xf32>, %r: tensor<1x8xf32>) -> tensor<?x8xf32> {
  %0 = nd.mul %x, %r : (tensor<?x8xf32>, tensor<1x8xf32>) -> tensor<?x8xf32>
  %1 = nd.mul %0, %r : (tensor<?x8xf32>, tensor<1x8xf32>) -> tensor<?x8xf32>
  %2 = nd.neg %1 : tensor<?x8xf32>
  %3 = nd.add %2, %r : (tensor<?x8xf32>, tensor<1x8xf32>) -> tensor<?x8xf32>
  return %3 : tensor<?x8xf32>
}

// -----

// Fires: the second sub's %c is among the shapes the first check combined, so
// that check covers it (broadcasting its result with %c again changes nothing
// and cannot fail): no second check, and %c's broadcast is reused.
// CHECK-LABEL: func.func @check_covers
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x?xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?x1xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %arg0, %2, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %4 = nd.broadcast_in_dim %arg1, %2, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %5 = nd.sub %3, %4 : tensor<?x?xf32>
// CHECK-NEXT:    %6 = nd.sub %5, %4 : tensor<?x?xf32>
// CHECK-NEXT:    return %6
func.func @check_covers(%a: tensor<?x?xf32>, %c: tensor<?x1xf32>) -> tensor<?x?xf32> {
  %0 = nd.sub %a, %c : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %1 = nd.sub %0, %c : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// -----

// Does not fire: %d is not among the shapes the first check combined, so the
// second op has its own check, which reads the first check's shape (not
// nd.shape_of of the first result).
// CHECK-LABEL: func.func @new_operand_checked
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x?xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?x1xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %arg0, %2, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %4 = nd.broadcast_in_dim %arg1, %2, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %5 = nd.sub %3, %4 : tensor<?x?xf32>
// CHECK-NEXT:    %6 = nd.shape_of %arg2 : (tensor<?x1xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %7 = nd.broadcast_shapes %2, %6 : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %8 = nd.broadcast_in_dim %5, %7, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %9 = nd.broadcast_in_dim %arg2, %7, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %10 = nd.sub %8, %9 : tensor<?x?xf32>
// CHECK-NEXT:    return %10
func.func @new_operand_checked(%a: tensor<?x?xf32>, %c: tensor<?x1xf32>, %d: tensor<?x1xf32>) -> tensor<?x?xf32> {
  %0 = nd.sub %a, %c : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %1 = nd.sub %0, %d : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// -----

// Does not fire: a static 5 against the checked `?` may conflict at run time
// (the seed leaves it undefined): checked.
// CHECK-LABEL: func.func @static_non_one_checked
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x?xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?x1xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %arg0, %2, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %4 = nd.broadcast_in_dim %arg1, %2, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %5 = nd.sub %3, %4 : tensor<?x?xf32>
// CHECK-NEXT:    %6 = nd.shape_of %arg2 : (tensor<5xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %7 = nd.broadcast_shapes %2, %6 : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %8 = nd.broadcast_in_dim %5, %7, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x5xf32>
// CHECK-NEXT:    %9 = nd.broadcast_in_dim %arg2, %7, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<5xf32>, tensor<2xindex>) -> tensor<?x5xf32>
// CHECK-NEXT:    %10 = nd.add %8, %9 : tensor<?x5xf32>
// CHECK-NEXT:    return %10
func.func @static_non_one_checked(%a: tensor<?x?xf32>, %c: tensor<?x1xf32>, %e: tensor<5xf32>) -> tensor<?x5xf32> {
  %0 = nd.sub %a, %c : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %1 = nd.add %0, %e : (tensor<?x?xf32>, tensor<5xf32>) -> tensor<?x5xf32>
  return %1 : tensor<?x5xf32>
}

// -----

// Does not fire: an in-place check (nd.assign) fixes the destination's shape;
// the lowering does not read it as covering the source, so the add is checked.
// Its destination's shape is the assign's result's, read from that check.
// CHECK-LABEL: func.func @in_place_does_not_cover
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x?xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?x1xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 {policy = "in_place"} : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %arg1, %2, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %4 = nd.assign %arg0, %3 : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK-NEXT:    %5 = nd.broadcast_shapes %2, %1 : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %6 = nd.broadcast_in_dim %4, %5, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %7 = nd.broadcast_in_dim %arg1, %5, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %8 = nd.add %6, %7 : tensor<?x?xf32>
// CHECK-NEXT:    return %8
func.func @in_place_does_not_cover(%d: tensor<?x?xf32>, %s: tensor<?x1xf32>) -> tensor<?x?xf32> {
  %0 = nd.assign %d, %s : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %1 = nd.add %0, %s : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// -----

// Fires for unranked tensors: the add's check covers %b and the add's result,
// so the mul by %b and the mul of the result by itself need no check and no
// new broadcast.
// CHECK-LABEL: func.func @unranked_covered
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<*xf32>) -> tensor<?xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<4xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 : (tensor<?xindex>, tensor<1xindex>) -> tensor<?xindex>
// CHECK-NEXT:    %3 = nd.broadcast_to %arg0, %2 : (tensor<*xf32>, tensor<?xindex>) -> tensor<*xf32>
// CHECK-NEXT:    %4 = nd.broadcast_to %arg1, %2 : (tensor<4xf32>, tensor<?xindex>) -> tensor<*xf32>
// CHECK-NEXT:    %5 = nd.add %3, %4 : tensor<*xf32>
// CHECK-NEXT:    %6 = nd.mul %5, %4 : tensor<*xf32>
// CHECK-NEXT:    %7 = nd.mul %6, %6 : tensor<*xf32>
// CHECK-NEXT:    return %7
func.func @unranked_covered(%u: tensor<*xf32>, %b: tensor<4xf32>) -> tensor<*xf32> {
  %0 = nd.add %u, %b : (tensor<*xf32>, tensor<4xf32>) -> tensor<*xf32>
  %1 = nd.mul %0, %b : (tensor<*xf32>, tensor<4xf32>) -> tensor<*xf32>
  %2 = nd.mul %1, %1 : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  return %2 : tensor<*xf32>
}

// -----

// Does not fire: %w is not covered; the mul's check reads the add's checked
// shape.
// CHECK-LABEL: func.func @unranked_new_operand
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<*xf32>) -> tensor<?xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<4xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 : (tensor<?xindex>, tensor<1xindex>) -> tensor<?xindex>
// CHECK-NEXT:    %3 = nd.broadcast_to %arg0, %2 : (tensor<*xf32>, tensor<?xindex>) -> tensor<*xf32>
// CHECK-NEXT:    %4 = nd.broadcast_to %arg1, %2 : (tensor<4xf32>, tensor<?xindex>) -> tensor<*xf32>
// CHECK-NEXT:    %5 = nd.add %3, %4 : tensor<*xf32>
// CHECK-NEXT:    %6 = nd.shape_of %arg2 : (tensor<*xf32>) -> tensor<?xindex>
// CHECK-NEXT:    %7 = nd.broadcast_shapes %2, %6 : (tensor<?xindex>, tensor<?xindex>) -> tensor<?xindex>
// CHECK-NEXT:    %8 = nd.broadcast_to %5, %7 : (tensor<*xf32>, tensor<?xindex>) -> tensor<*xf32>
// CHECK-NEXT:    %9 = nd.broadcast_to %arg2, %7 : (tensor<*xf32>, tensor<?xindex>) -> tensor<*xf32>
// CHECK-NEXT:    %10 = nd.mul %8, %9 : tensor<*xf32>
// CHECK-NEXT:    return %10
func.func @unranked_new_operand(%u: tensor<*xf32>, %b: tensor<4xf32>, %w: tensor<*xf32>) -> tensor<*xf32> {
  %0 = nd.add %u, %b : (tensor<*xf32>, tensor<4xf32>) -> tensor<*xf32>
  %1 = nd.mul %0, %w : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  return %1 : tensor<*xf32>
}
