// --canonicalize with the nd dialect's folds and patterns (crates/dialect-nd/src/fold/);
// the other files here test each family of them.
// RUN: tensor-opt %s -split-input-file --canonicalize | FileCheck %s
// The result verifies, and canonicalizing again changes nothing.
// RUN: tensor-opt %s -split-input-file --canonicalize | tensor-opt -split-input-file --canonicalize | FileCheck %s

// A cast to the operand's own type folds away; a real cast stays.
// CHECK-LABEL: func.func @cast
// CHECK-NEXT:    %0 = nd.cast %arg0 : tensor<4xf32> to tensor<4xi32>
// CHECK-NEXT:    return %arg0, %0
func.func @cast(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %0 = nd.cast %a : tensor<4xf32> to tensor<4xf32>
  %1 = nd.cast %a : tensor<4xf32> to tensor<4xi32>
  return %0, %1 : tensor<4xf32>, tensor<4xi32>
}

// -----

// Broadcasts to the operand's static type fold away.
// CHECK-LABEL: func.func @static_broadcasts
// CHECK-NEXT:    return %arg0, %arg0
func.func @static_broadcasts(%a: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = nd.broadcast_to %a, shape = [2, 3] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = nd.broadcast_in_dim %a, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// A broadcast to a type with `?` may stretch a 1 at run time: kept, even when
// the types are equal; so is one that changes the type, and a broadcast_in_dim
// that permutes dims (a transpose).
// CHECK-LABEL: func.func @real_broadcasts
// CHECK-NEXT:    %0 = nd.broadcast_to %arg0, %arg1
// CHECK-NEXT:    %1 = nd.broadcast_to %arg2, shape = [2, 3]
// CHECK-NEXT:    %2 = nd.broadcast_in_dim %arg3, dims = [1, 0]
// CHECK-NEXT:    return %0, %1, %2
func.func @real_broadcasts(%a: tensor<?xf32>, %s: tensor<1xindex>, %b: tensor<1x3xf32>, %t: tensor<3x3xf32>) -> (tensor<?xf32>, tensor<2x3xf32>, tensor<3x3xf32>) {
  %0 = nd.broadcast_to %a, %s : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
  %1 = nd.broadcast_to %b, shape = [2, 3] : (tensor<1x3xf32>) -> tensor<2x3xf32>
  %2 = nd.broadcast_in_dim %t, dims = [1, 0] : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0, %1, %2 : tensor<?xf32>, tensor<2x3xf32>, tensor<3x3xf32>
}

// -----

// The shape of a static tensor is a constant; equal constants are merged and
// hoisted to the top of the function.
// CHECK-LABEL: func.func @shape_of_static
// CHECK-NEXT:    %0 = nd.constant dense<[2, 3]> : tensor<2xindex>
// CHECK-NEXT:    %1 = nd.constant dense<4> : tensor<2xindex>
// CHECK-NEXT:    return %0, %0, %1
func.func @shape_of_static(%a: tensor<2x3xf32>, %b: tensor<2x3xi32>, %c: tensor<4x4xf32>) -> (tensor<2xindex>, tensor<2xindex>, tensor<2xindex>) {
  %0 = nd.shape_of %a : (tensor<2x3xf32>) -> tensor<2xindex>
  %1 = nd.shape_of %b : (tensor<2x3xi32>) -> tensor<2xindex>
  %2 = nd.shape_of %c : (tensor<4x4xf32>) -> tensor<2xindex>
  return %0, %1, %2 : tensor<2xindex>, tensor<2xindex>, tensor<2xindex>
}

// -----

// Not folded: a dynamic dim, and a dynamic result length (no constant has a
// `tensor<?xindex>` type).
// CHECK-LABEL: func.func @shape_of_dynamic
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<2x?xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<2x3xf32>) -> tensor<?xindex>
// CHECK-NEXT:    return %0, %1
func.func @shape_of_dynamic(%a: tensor<2x?xf32>, %b: tensor<2x3xf32>) -> (tensor<2xindex>, tensor<?xindex>) {
  %0 = nd.shape_of %a : (tensor<2x?xf32>) -> tensor<2xindex>
  %1 = nd.shape_of %b : (tensor<2x3xf32>) -> tensor<?xindex>
  return %0, %1 : tensor<2xindex>, tensor<?xindex>
}

// -----

// A static dim folds to a `tensor<index>` constant, also of a partly dynamic
// tensor. A dynamic dim stays, and so does an `index` result: no nd.constant
// holds a scalar.
// CHECK-LABEL: func.func @dim
// CHECK-NEXT:    %0 = nd.constant dense<3> : tensor<index>
// CHECK-NEXT:    %1 = nd.dim %arg0[0] : (tensor<?x3xf32>) -> tensor<index>
// CHECK-NEXT:    %2 = nd.dim %arg0[1] : (tensor<?x3xf32>) -> index
// CHECK-NEXT:    return %0, %1, %2
func.func @dim(%a: tensor<?x3xf32>) -> (tensor<index>, tensor<index>, index) {
  %0 = nd.dim %a[1] : (tensor<?x3xf32>) -> tensor<index>
  %1 = nd.dim %a[0] : (tensor<?x3xf32>) -> tensor<index>
  %2 = nd.dim %a[1] : (tensor<?x3xf32>) -> index
  return %0, %1, %2 : tensor<index>, tensor<index>, index
}

// -----

// -(-x) is x; a single negation stays.
// CHECK-LABEL: func.func @neg
// CHECK-NEXT:    %0 = nd.neg %arg0
// CHECK-NEXT:    return %arg0, %0
func.func @neg(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = nd.neg %a : tensor<4xf32>
  %1 = nd.neg %0 : tensor<4xf32>
  return %1, %0 : tensor<4xf32>, tensor<4xf32>
}

// -----

// The pattern: the shape of a cast is the shape of its operand. The cast, now
// unused, is erased.
// CHECK-LABEL: func.func @shape_of_cast
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x3xf32>) -> tensor<2xindex>
// CHECK-NEXT:    return %0
func.func @shape_of_cast(%a: tensor<?x3xf32>) -> tensor<2xindex> {
  %0 = nd.cast %a : tensor<?x3xf32> to tensor<?x3xi32>
  %1 = nd.shape_of %0 : (tensor<?x3xi32>) -> tensor<2xindex>
  return %1 : tensor<2xindex>
}

// -----

// Folds and patterns chain: the cast folds, the broadcast then has the
// operand's type and folds, and the shape becomes a constant.
// CHECK-LABEL: func.func @chained
// CHECK-NEXT:    %0 = nd.constant dense<[2, 3]> : tensor<2xindex>
// CHECK-NEXT:    return %0
func.func @chained(%a: tensor<2x3xf32>) -> tensor<2xindex> {
  %0 = nd.cast %a : tensor<2x3xf32> to tensor<2x3xf32>
  %1 = nd.broadcast_to %0, shape = [2, 3] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = nd.shape_of %1 : (tensor<2x3xf32>) -> tensor<2xindex>
  return %2 : tensor<2xindex>
}
