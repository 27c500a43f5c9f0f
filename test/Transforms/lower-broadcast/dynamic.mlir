// --lower-broadcast with `?` sizes: the operands' shapes (nd.shape_of), their
// broadcast (nd.broadcast_shapes: the run-time check, at the op's location), and
// a dynamic nd.broadcast_in_dim to it for each operand that needs one. A `?` is
// never assumed equal to another `?`: one that is 1 at run time must stretch.
// RUN: tensor-opt %s -split-input-file --lower-broadcast | FileCheck %s
// RUN: tensor-opt %s -split-input-file --lower-broadcast > %t
// RUN: tensor-opt %s -split-input-file --lower-broadcast --lower-broadcast | diff %t -
// RUN: tensor-opt %t -split-input-file --verify-explicit-broadcast | diff %t -
// After --cse, ops over the same operands compute their shape once.
// RUN: tensor-opt %s -split-input-file --lower-broadcast --cse | FileCheck %s --check-prefix=CSE
// The check carries the location of the op it checks.
// RUN: tensor-opt %s -split-input-file --lower-broadcast --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC

// A `?` against a static size: the vector is broadcast to the matrix's shape.
// Nothing can fail (the `?` meets no other dim, 4 meets 4), so there is no
// check: the matrix is left alone and its shape is the result's. The vector's
// dim 0 is the result's dim 1 (4 both), recorded as non-expanding.
// CHECK-LABEL: func.func @dynamic_rows
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x4xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %arg1, %0, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<2xindex>) -> tensor<?x4xf32>
// CHECK-NEXT:    %2 = nd.add %arg0, %1 : tensor<?x4xf32>
// CHECK-NEXT:    return %2
func.func @dynamic_rows(%m: tensor<?x4xf32>, %v: tensor<4xf32>) -> tensor<?x4xf32> {
  %0 = nd.add %m, %v : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// `?` against `?`: either may be 1 at run time, so both operands are broadcast,
// even the one whose type is the result's. Only the dim that meets a 1 is known
// not to stretch.
// CHECK-LABEL: func.func @both_dynamic
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x?xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?x1xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %arg0, %2, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %4 = nd.broadcast_in_dim %arg1, %2, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %5 = nd.sub %3, %4 : tensor<?x?xf32>
func.func @both_dynamic(%a: tensor<?x?xf32>, %b: tensor<?x1xf32>) -> tensor<?x?xf32> {
  %0 = nd.sub %a, %b : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// The same value on both sides has the same sizes: nothing to broadcast.
// CHECK-LABEL: func.func @same_value
// CHECK-NEXT:    %0 = nd.mul %arg0, %arg0 : tensor<?x?xf32>
// CHECK-NEXT:    return %0
func.func @same_value(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = nd.mul %a, %a : tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// A `?` operand dim under a static result dim: the check makes sure it is 1 or 4,
// then it is broadcast to the static type.
// CHECK-LABEL: func.func @dynamic_to_static
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<4xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 : (tensor<1xindex>, tensor<1xindex>) -> tensor<1xindex>
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %arg0, %2, dims = [0] : (tensor<?xf32>, tensor<1xindex>) -> tensor<4xf32>
// CHECK-NEXT:    %4 = nd.add %3, %arg1 : tensor<4xf32>
func.func @dynamic_to_static(%a: tensor<?xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = nd.add %a, %b : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A result type less precise than its operands': the operands are broadcast to
// it, and since their sizes are proven, every dim is non-expanding. 4 and 4
// cannot conflict: no check, the shape is the first operand's.
// CHECK-LABEL: func.func @less_precise
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<4xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %arg0, %0, dims = [0] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<1xindex>) -> tensor<?xf32>
// CHECK-NEXT:    %2 = nd.broadcast_in_dim %arg1, %0, dims = [0] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<1xindex>) -> tensor<?xf32>
// CHECK-NEXT:    %3 = nd.add %1, %2 : tensor<?xf32>
func.func @less_precise(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<?xf32> {
  %0 = nd.add %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A unary op with a less precise result: the operand is broadcast to its own
// shape (nothing stretches, and one operand needs no check).
// CHECK-LABEL: func.func @unary
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<2x?xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %arg0, %0, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0, 1>} : (tensor<2x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %2 = nd.tanh %1 : tensor<?x?xf32>
func.func @unary(%x: tensor<2x?xf32>) -> tensor<?x?xf32> {
  %0 = nd.tanh %x : (tensor<2x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// nd.select with a `?` condition: the result's dim 1 is the condition's dim 0
// (it meets only 1s), so that dim does not stretch.
// CHECK-LABEL: func.func @select
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?xi1>) -> tensor<1xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<4x1xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %2 = nd.shape_of %arg2 : (tensor<f32>) -> tensor<0xindex>
// CHECK-NEXT:    %3 = nd.broadcast_shapes %0, %1, %2 : (tensor<1xindex>, tensor<2xindex>, tensor<0xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %4 = nd.broadcast_in_dim %arg0, %3, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?xi1>, tensor<2xindex>) -> tensor<4x?xi1>
// CHECK-NEXT:    %5 = nd.broadcast_in_dim %arg1, %3, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<4x1xf32>, tensor<2xindex>) -> tensor<4x?xf32>
// CHECK-NEXT:    %6 = nd.broadcast_in_dim %arg2, %3, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<4x?xf32>
// CHECK-NEXT:    %7 = nd.select %4, %5, %6 : (tensor<4x?xi1>, tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
func.func @select(%c: tensor<?xi1>, %a: tensor<4x1xf32>, %b: tensor<f32>) -> tensor<4x?xf32> {
  %0 = nd.select %c, %a, %b : (tensor<?xi1>, tensor<4x1xf32>, tensor<f32>) -> tensor<4x?xf32>
  return %0 : tensor<4x?xf32>
}

// -----

// Three ops over the same operands: each computes the shapes and the check, and
// after --cse one shape computation and one broadcast per operand remain.
// CSE-LABEL: func.func @same_operands
// CSE-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x1xf32>) -> tensor<2xindex>
// CSE-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?xf32>) -> tensor<1xindex>
// CSE-NEXT:    %2 = nd.broadcast_shapes %0, %1 : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
// CSE-NEXT:    %3 = nd.broadcast_in_dim %arg0, %2, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CSE-NEXT:    %4 = nd.broadcast_in_dim %arg1, %2, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CSE-NEXT:    %5 = nd.add %3, %4 : tensor<?x?xf32>
// CSE-NEXT:    %6 = nd.mul %3, %4 : tensor<?x?xf32>
// CSE-NEXT:    %7 = nd.max %3, %4 : tensor<?x?xf32>
// CSE-NEXT:    return %5, %6, %7
// Without --cse too: the lowering makes the check once (the shapes are the same
// values), at the first op's location.
// CHECK-LABEL: func.func @same_operands
// CHECK:         nd.broadcast_shapes
// CHECK-NOT:     nd.broadcast_shapes
// CHECK:         return
func.func @same_operands(%col: tensor<?x1xf32>, %row: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = nd.add %col, %row : (tensor<?x1xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %1 = nd.mul %col, %row : (tensor<?x1xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %2 = nd.max %col, %row : (tensor<?x1xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %0, %1, %2 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

// Every op lowering emits is at the location of the op it lowers, so a failing
// check at run time points at the op that broadcast.
// LOC-LABEL: func.func @location
// LOC-NEXT:    nd.shape_of %arg0 {{.*}} loc("model.py":12:4)
// LOC-NEXT:    nd.shape_of %arg1 {{.*}} loc("model.py":12:4)
// LOC-NEXT:    nd.broadcast_shapes {{.*}} loc("model.py":12:4)
// LOC-NEXT:    nd.broadcast_in_dim %arg0, {{.*}} loc("model.py":12:4)
// LOC-NEXT:    nd.broadcast_in_dim %arg1, {{.*}} loc("model.py":12:4)
// LOC-NEXT:    nd.add {{.*}} loc("model.py":12:4)
// LOC-NEXT:    nd.shape_of %arg2 {{.*}} loc("model.py":13:4)
// LOC-NEXT:    nd.broadcast_shapes %2, {{.*}} loc("model.py":13:4)
func.func @location(%a: tensor<?xf32>, %b: tensor<?xf32>, %c: tensor<?xf32>) -> tensor<?xf32> {
  %0 = nd.add %a, %b : tensor<?xf32> loc("model.py":12:4)
  %1 = nd.mul %0, %c : tensor<?xf32> loc("model.py":13:4)
  return %1 : tensor<?xf32>
}
