// What refinement does under --broadcast-semantics=mlir (see
// mlir-semantics.mlir): only the op whose operands are all ranked, and whose
// only use accepts it, changes.
// RUN: tensor-opt %s --broadcast-semantics=mlir --verify-broadcast=refine | FileCheck %s

// CHECK-LABEL: func.func @refine
// CHECK-NEXT: -> tensor<4x?x?xf32>
// CHECK-NEXT: -> tensor<*xf32>
// CHECK-NEXT: -> tensor<2xf32>
// CHECK-NEXT: -> tensor<3x2xf32>
func.func @refine(%a: tensor<3x2xf32>, %u: tensor<*xf32>, %q: tensor<?xf32>) {
  %0 = "test.broadcastable"(%a, %a) : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<4x?x?xf32>
  %1 = "test.broadcastable"(%a, %u) : (tensor<3x2xf32>, tensor<*xf32>) -> tensor<*xf32>
  %2 = "test.broadcastable"(%q, %q) : (tensor<?xf32>, tensor<?xf32>) -> tensor<2xf32>
  %3 = "test.broadcastable"(%a, %q) : (tensor<3x2xf32>, tensor<?xf32>) -> tensor<*xf32>
  %4 = "test.broadcastable"(%3) : (tensor<*xf32>) -> tensor<?x?xf32>
  return
}
