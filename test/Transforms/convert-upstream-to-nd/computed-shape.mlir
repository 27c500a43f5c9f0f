// --convert-upstream-to-nd on hand-written broadcasts to shapes the program
// computes (convert-nd-to-upstream/computed-shape-checks.mlir): the export
// asserts what the program does not prove, and the import reads the broadcast
// back with its shape only when the rebuilt op exports to the text, asserts
// included. Export then import gives the lowered program back byte for byte,
// but for locations: a standalone nd.broadcast_shapes comes back at the
// broadcast that reads it, whose assert-free export it is part of.
// RUN: tensor-opt %s -split-input-file --lower-broadcast > %t
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd | diff %t -
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd | FileCheck %s

// The shape of another tensor: the assert on %x's dim is the broadcast's own.
// CHECK-LABEL: func.func @shape_of_other(
// CHECK-NEXT:    %[[S:.*]] = nd.shape_of %arg1 : (tensor<?xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %[[B:.*]] = nd.broadcast_in_dim %arg0, %[[S]], dims = [0] : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
// CHECK-NEXT:    return %[[B]]
func.func @shape_of_other(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %s = nd.shape_of %y : (tensor<?xf32>) -> tensor<1xindex>
  %b = nd.broadcast_in_dim %x, %s, dims = [0] : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
  return %b : tensor<?xf32>
}

// -----

// A transposing broadcast to the shape of another tensor, each dim asserted.
// CHECK-LABEL: func.func @transposed(
// CHECK:         nd.broadcast_in_dim %arg0, %{{.*}}, dims = [1, 0]
func.func @transposed(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %s = nd.shape_of %y : (tensor<?x?xf32>) -> tensor<2xindex>
  %b = nd.broadcast_in_dim %x, %s, dims = [1, 0] : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %b : tensor<?x?xf32>
}

// -----

// A checked broadcast of shapes that combined %x: no assert of its own.
// CHECK-LABEL: func.func @covered(
// CHECK:         %[[S:.*]] = nd.broadcast_shapes
// CHECK-NEXT:    nd.broadcast_in_dim %arg0, %[[S]], dims = [0]
func.func @covered(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %s0 = nd.shape_of %x : (tensor<?xf32>) -> tensor<1xindex>
  %s1 = nd.shape_of %y : (tensor<?xf32>) -> tensor<1xindex>
  %s = nd.broadcast_shapes %s0, %s1 : (tensor<1xindex>, tensor<1xindex>) -> tensor<1xindex>
  %b = nd.broadcast_in_dim %x, %s, dims = [0] : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
  return %b : tensor<?xf32>
}
