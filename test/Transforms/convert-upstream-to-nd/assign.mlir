// --convert-upstream-to-nd on nd.assign, which the export writes as linalg.copy of
// its (broadcast) source into the destination: the copy is the nd.assign, and
// with `?` sizes the candidate nd.assign over what the source broadcasts,
// lowered as --lower-broadcast does, must export to the text, its in-place
// cf.asserts included. Export then import gives the lowered program back byte
// for byte (the diffs, with locations and read back from text).
// RUN: tensor-opt %s -split-input-file --lower-broadcast --mlir-print-debuginfo > %t
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd --verify-explicit-broadcast --mlir-print-debuginfo | diff %t -
// RUN: tensor-opt %s -split-input-file --lower-broadcast > %t.plain
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream | tensor-opt -allow-unregistered-dialect -split-input-file --convert-upstream-to-nd | diff %t.plain -
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd | FileCheck %s
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC

// Static shapes: the static broadcast, then the assign into the destination.
// CHECK-LABEL: func.func @assign_static
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg1, dims = [0, 1, 2] : (tensor<1x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT:    %1 = nd.assign %arg0, %0 : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT:    return %1
func.func @assign_static(%dst: tensor<2x3x4xf32>, %src: tensor<1x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = nd.assign %dst, %src : (tensor<2x3x4xf32>, tensor<1x3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// A `?` source dim into a static destination dim: the in-place check (is it 1
// or 4?) is the cf.assert, which comes back as the nd.broadcast_shapes at its
// location.
// CHECK-LABEL: func.func @assign_dynamic
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x4xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 {policy = "in_place"} : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %arg1, %2, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x4xf32>
// CHECK-NEXT:    %4 = nd.assign %arg0, %3 : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT:    return %4
// LOC-LABEL: func.func @assign_dynamic
// LOC:         nd.broadcast_shapes {{.*}} loc("{{.*}}assign.mlir":[[@LINE+3]]:8)
// LOC:         nd.assign {{.*}} loc("{{.*}}assign.mlir":[[@LINE+2]]:8)
func.func @assign_dynamic(%dst: tensor<?x4xf32>, %src: tensor<?xf32>) -> tensor<?x4xf32> {
  %0 = nd.assign %dst, %src : (tensor<?x4xf32>, tensor<?xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// `?x1` into `?x?`: both dims checked in place; the source's 1 stretches.
// CHECK-LABEL: func.func @assign_column
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x?xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?x1xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 {policy = "in_place"} : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %arg1, %2, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %4 = nd.assign %arg0, %3 : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
func.func @assign_column(%dst: tensor<?x?xf32>, %src: tensor<?x1xf32>) -> tensor<?x?xf32> {
  %0 = nd.assign %dst, %src : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// A source that already has the destination's shape: no broadcast, no check.
// CHECK-LABEL: func.func @assign_same
// CHECK-NEXT:    %0 = nd.assign %arg0, %arg0 : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT:    return %0
func.func @assign_same(%dst: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = nd.assign %dst, %dst : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// Assigns in a chain, the second into the result of the first, after an
// elementwise op over the destination (its shape is shared with the check).
// CHECK-LABEL: func.func @assign_chain
// CHECK:         nd.assign %arg0,
// CHECK:         nd.add
// CHECK:         nd.assign %{{[0-9]+}},
// CHECK-NOT:     linalg.
func.func @assign_chain(%dst: tensor<?x?xf32>, %a: tensor<?x1xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %0 = nd.assign %dst, %a : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %1 = nd.add %0, %b : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %2 = nd.assign %1, %b : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %2 : tensor<?x?xf32>
}
