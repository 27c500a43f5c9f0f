// --verify-broadcast=refine replaces a less precise declared result type by
// the inferred one: `*` becomes ranked, `?` becomes static where the
// operands determine it; declared static sizes, element types and
// encodings are kept.
// RUN: tensor-opt %s --verify-broadcast=refine | FileCheck %s
// RUN: tensor-opt %s --verify-broadcast=refine | tensor-opt --verify-broadcast | FileCheck %s
// Refining is idempotent.
// RUN: tensor-opt %s --verify-broadcast=refine --verify-broadcast=refine | FileCheck %s

// CHECK-LABEL: func.func @unranked_to_ranked
// CHECK-NEXT: "test.broadcastable"(%arg0, %arg1) : (tensor<?x1x?xf32>, tensor<6x1xf32>) -> tensor<?x6x?xf32>
func.func @unranked_to_ranked(%a: tensor<?x1x?xf32>, %b: tensor<6x1xf32>) {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?x1x?xf32>, tensor<6x1xf32>) -> tensor<*xf32>
  return
}

// CHECK-LABEL: func.func @dynamic_to_static
// CHECK-NEXT: -> tensor<2x3x4xi32>
// CHECK-NEXT: -> tensor<2x?x4xi32>
func.func @dynamic_to_static(%a: tensor<4xi32>, %b: tensor<2x3x1xi32>, %c: tensor<2x?x1xi32>) {
  %0 = "test.broadcastable"(%a, %b) : (tensor<4xi32>, tensor<2x3x1xi32>) -> tensor<?x?x?xi32>
  // The middle size is only known at run time: it stays `?`.
  %1 = "test.broadcastable"(%a, %c) : (tensor<4xi32>, tensor<2x?x1xi32>) -> tensor<?x?x?xi32>
  return
}

// `?` against a static size > 1 infers that size (it must be 1 or equal).
// CHECK-LABEL: func.func @dynamic_meets_static
// CHECK-NEXT: -> tensor<3xf32>
func.func @dynamic_meets_static(%a: tensor<?xf32>, %b: tensor<3xf32>) {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xf32>, tensor<3xf32>) -> tensor<?xf32>
  return
}

// Next to an unranked operand, an inferred 1 may still be stretched at run
// time, so it becomes `?` (upstream's `?x6x1, * -> ?x6x?` example).
// CHECK-LABEL: func.func @unranked_operand
// CHECK-NEXT: (tensor<?x6x1xf32>, tensor<*xf32>) -> tensor<?x6x?xf32>
func.func @unranked_operand(%a: tensor<?x6x1xf32>, %u: tensor<*xf32>) {
  %0 = "test.broadcastable"(%a, %u) : (tensor<?x6x1xf32>, tensor<*xf32>) -> tensor<*xf32>
  return
}

// Nothing to refine: already precise, or nothing known.
// CHECK-LABEL: func.func @unchanged
// CHECK-NEXT: -> tensor<2x3xf32>
// CHECK-NEXT: -> tensor<?xf32>
// CHECK-NEXT: -> tensor<*xf32>
// CHECK-NEXT: -> tensor<5xf32>
func.func @unchanged(%a: tensor<2x3xf32>, %q: tensor<?xf32>, %u: tensor<*xf32>) {
  %0 = "test.broadcastable"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "test.broadcastable"(%q, %q) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %2 = "test.broadcastable"(%u, %u) : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  %3 = "test.broadcastable"(%u) : (tensor<*xf32>) -> tensor<5xf32>
  return
}

// The element type and the encoding of the declared type are kept.
// CHECK-LABEL: func.func @keeps_element_and_encoding
// CHECK-NEXT: -> tensor<4xi1, "enc">
// CHECK-NEXT: -> tensor<4xf16>
func.func @keeps_element_and_encoding(%a: tensor<4xf32>) {
  %0 = "test.broadcastable"(%a) : (tensor<4xf32>) -> tensor<?xi1, "enc">
  %1 = "test.broadcastable"(%a) : (tensor<4xf32>) -> tensor<*xf16>
  return
}

// A refined value lets its users refine in turn.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %0 = {{.*}} -> tensor<5x1xf32>
// CHECK-NEXT: %1 = {{.*}}(tensor<5x1xf32>, tensor<7xf32>) -> tensor<5x7xf32>
// CHECK-NEXT: %2 = {{.*}}(tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xf32>
func.func @chain(%a: tensor<5x1xf32>, %b: tensor<7xf32>) {
  %0 = "test.broadcastable"(%a) : (tensor<5x1xf32>) -> tensor<*xf32>
  %1 = "test.broadcastable"(%0, %b) : (tensor<*xf32>, tensor<7xf32>) -> tensor<*xf32>
  %2 = "test.broadcastable"(%1, %1) : (tensor<*xf32>, tensor<*xf32>) -> tensor<?x?xf32>
  return
}

// Policies refine too: in place, the result is the target's shape.
// CHECK-LABEL: func.func @policies
// CHECK-NEXT: -> tensor<2x3xf32>
// CHECK-NEXT: -> tensor<1x3xf32>
func.func @policies(%m: tensor<2x3xf32>, %v: tensor<3xf32>, %t: tensor<1x3xf32>, %u: tensor<*xf32>) {
  %0 = "test.broadcastable_in_dim"(%m, %v) <{broadcast_dimensions = array<i64: 1>}> : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<*xf32>
  %1 = "test.broadcastable_in_place"(%t, %u) : (tensor<1x3xf32>, tensor<*xf32>) -> tensor<?x?xf32>
  return
}
