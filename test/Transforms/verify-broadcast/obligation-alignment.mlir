// Each run-time obligation --verify-broadcast reports comes with a hint that
// draws the shapes aligned, the broadcast shape (and the declared result when
// it differs), and a marker under the result dim the condition is about.
// RUN: tensor-opt %s -split-input-file --verify-broadcast 2>&1 >/dev/null | FileCheck %s --strict-whitespace
// RUN: tensor-opt %s -split-input-file --verify-broadcast -verify-diagnostics

// A `?` against a static size.
func.func @dyn_vs_static(%a: tensor<?x4xf32>, %b: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-remark @+2 {{operand #0 dim 0 (%arg0[0]) must be 1 or equal to 3 at run time}}
  // expected-note @+1 {{shapes aligned from the right:}}
  %0 = nd.add %a, %b : (tensor<?x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
// CHECK: obligation-alignment.mlir:[[@LINE-3]]:8: remark: operand #0 dim 0 (%arg0[0]) must be 1 or equal to 3 at run time
// CHECK-NEXT: %0 = nd.add
// CHECK-NEXT: ^
// CHECK-NEXT: obligation-alignment.mlir:[[@LINE-6]]:8: note: shapes aligned from the right:
// CHECK-NEXT: {{^}}  operand #0:  ? x 4{{$}}
// CHECK-NEXT: {{^}}  operand #1:  3 x 4{{$}}
// CHECK-NEXT: {{^}}   broadcast:  3 x 4{{$}}
// CHECK-NEXT: {{^}}               ^ result dim 0: ? vs 3, checked at run time{{$}}

// -----

// Two obligations, each with its own marker; the declared result is drawn
// because it is less precise than the broadcast shape.
func.func @two(%a: tensor<?x?xf32>, %b: tensor<?x5xf32>) -> tensor<*xf32> {
  // expected-remark @+2 {{operand #0 dim 0 (%arg0[0]) and operand #1 dim 0 (%arg1[0]) must be 1 or equal at run time}}
  // expected-remark @+1 {{operand #0 dim 1 (%arg0[1]) must be 1 or equal to 5 at run time}}
  %0 = nd.sub %a, %b : (tensor<?x?xf32>, tensor<?x5xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}
// CHECK: remark: operand #0 dim 0 (%arg0[0]) and operand #1 dim 0 (%arg1[0]) must be 1 or equal at run time
// CHECK: note: shapes aligned from the right:
// CHECK-NEXT: {{^}}  operand #0:  ? x ?{{$}}
// CHECK-NEXT: {{^}}  operand #1:  ? x 5{{$}}
// CHECK-NEXT: {{^}}   broadcast:  ? x 5{{$}}
// CHECK-NEXT: {{^}}      result:  *{{$}}
// CHECK-NEXT: {{^}}               ^ result dim 0: ? vs ?, checked at run time{{$}}
// CHECK: remark: operand #0 dim 1 (%arg0[1]) must be 1 or equal to 5 at run time
// CHECK: note: shapes aligned from the right:
// CHECK: {{^}}                   ^ result dim 1: ? vs 5, checked at run time{{$}}

// -----

// An unranked operand: the whole broadcast is checked at run time, so the
// drawing has no marker.
func.func @unranked(%a: tensor<2x?xf32>, %u: tensor<*xf32>) -> tensor<*xf32> {
  // expected-remark @+1 {{unranked operand #1 must broadcast to the inferred shape at run time}}
  %0 = nd.mul %a, %u : (tensor<2x?xf32>, tensor<*xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}
// CHECK: remark: unranked operand #1 must broadcast to the inferred shape at run time
// CHECK: note: shapes aligned from the right:
// CHECK-NEXT: {{^}}  operand #0:  2 x ?{{$}}
// CHECK-NEXT: {{^}}  operand #1:  *{{$}}
// CHECK-NEXT: {{^}}   broadcast:  2 x ?{{$}}
// CHECK-NEXT: {{^}}      result:  *{{$}}
// CHECK-NOT: {{^}} *^

// -----

// XLA's broadcast_dimensions: the marker is under the higher-rank dim. (Dims
// placed as from the right are titled so.)
func.func @xla(%a: tensor<2x3xf32>, %b: tensor<?xf32>) -> tensor<2x3xf32> {
  // expected-remark @+1 {{operand #1 dim 0 (%arg1[0]) must be 1 or equal to 2 at run time}}
  %0 = nd.add %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<?xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
// CHECK: remark: operand #1 dim 0 (%arg1[0]) must be 1 or equal to 2 at run time
// CHECK: note: shapes aligned by broadcast_dimensions = [0]:
// CHECK-NEXT: {{^}}  operand #0:  2 x 3{{$}}
// CHECK-NEXT: {{^}}  operand #1:  ?{{$}}
// CHECK-NEXT: {{^}}   broadcast:  2 x 3{{$}}
// CHECK-NEXT: {{^}}               ^ result dim 0: 2 vs ?, checked at run time{{$}}

// -----

func.func @xla_right(%a: tensor<2x3xf32>, %b: tensor<?xf32>) -> tensor<2x3xf32> {
  // expected-remark @+1 {{operand #1 dim 0 (%arg1[0]) must be 1 or equal to 3 at run time}}
  %0 = nd.add %a, %b {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<?xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
// CHECK: remark: operand #1 dim 0 (%arg1[0]) must be 1 or equal to 3 at run time
// CHECK: note: shapes aligned from the right:
// CHECK-NEXT: {{^}}  operand #0:  2 x 3{{$}}
// CHECK-NEXT: {{^}}  operand #1:      ?{{$}}
