// When operands conflict or the result does not match, a hint draws the shapes
// as broadcasting aligns them (from the right, or by XLA's broadcast_dimensions),
// one column per result dim, with a marker under the dim in question. `*` is an
// unranked shape. Hints go beyond upstream: under --broadcast-semantics=mlir the
// diagnostics of test.broadcastable stay exactly upstream's (no hint).
// RUN: not tensor-opt %s -split-input-file 2>&1 | FileCheck %s --strict-whitespace
// RUN: not tensor-opt %s -split-input-file --broadcast-semantics=mlir 2>&1 | FileCheck %s --check-prefix=MLIR
// RUN: tensor-opt %s -split-input-file -verify-diagnostics

// Two sizes, neither 1, meet in result dim 1.
func.func @conflict(%a: tensor<2x1xf32>, %b: tensor<8x4x3xf32>) -> tensor<8x4x3xf32> {
  // expected-error @+3 {{operands don't have broadcast-compatible shapes}}
  // expected-note @+2 {{dim 0 has size 2}}
  // expected-note @+1 {{shapes aligned from the right:}}
  %0 = nd.add %a, %b : (tensor<2x1xf32>, tensor<8x4x3xf32>) -> tensor<8x4x3xf32>
  return %0 : tensor<8x4x3xf32>
}
// CHECK: broadcast-alignment.mlir:[[@LINE-3]]:8: note: shapes aligned from the right:
// CHECK-NEXT: {{^}}  operand #0:      2 x 1{{$}}
// CHECK-NEXT: {{^}}  operand #1:  8 x 4 x 3{{$}}
// CHECK-NEXT: {{^}}      result:  8 x 4 x 3{{$}}
// CHECK-NEXT: {{^}}                   ^ result dim 1: 2 vs 4, and neither is 1{{$}}

// -----

// Wide sizes widen their column; `?` stays in place.
func.func @wide(%a: tensor<?x1024x1xf32>, %b: tensor<7x16xf32>) -> tensor<?x1024x16xf32> {
  // expected-error @+2 {{operands don't have broadcast-compatible shapes}}
  // expected-note @+1 {{dim 1 has size 1024}}
  %0 = nd.add %a, %b : (tensor<?x1024x1xf32>, tensor<7x16xf32>) -> tensor<?x1024x16xf32>
  return %0 : tensor<?x1024x16xf32>
}
// CHECK: note: shapes aligned from the right:
// CHECK-NEXT: {{^}}  operand #0:  ? x 1024 x  1{{$}}
// CHECK-NEXT: {{^}}  operand #1:         7 x 16{{$}}
// CHECK-NEXT: {{^}}      result:  ? x 1024 x 16{{$}}
// CHECK-NEXT: {{^}}                      ^ result dim 1: 1024 vs 7, and neither is 1{{$}}

// -----

// An unranked operand has no columns.
func.func @unranked(%a: tensor<2x1xf32>, %u: tensor<*xf32>, %b: tensor<8x4x3xf32>) -> tensor<*xf32> {
  // expected-error @+2 {{operands don't have broadcast-compatible shapes}}
  // expected-note @+1 {{dim 0 has size 2}}
  %0 = "test.broadcastable"(%a, %u, %b) : (tensor<2x1xf32>, tensor<*xf32>, tensor<8x4x3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}
// CHECK: note: shapes aligned from the right:
// CHECK-NEXT: {{^}}  operand #0:      2 x 1{{$}}
// CHECK-NEXT: {{^}}  operand #1:  *{{$}}
// CHECK-NEXT: {{^}}  operand #2:  8 x 4 x 3{{$}}
// CHECK-NEXT: {{^}}      result:  *{{$}}
// CHECK-NEXT: {{^}}                   ^ result dim 1: 2 vs 4, and neither is 1{{$}}
// Under the mlir semantics, upstream's op gets upstream's diagnostic alone:
// MLIR: error: 'test.broadcastable' op operands don't have broadcast-compatible shapes
// MLIR-NEXT: %0 = "test.broadcastable"
// MLIR-NEXT: ^
// MLIR-NEXT: note: see current operation:
// MLIR-NEXT: error: 'nd.add' op result type '8x4x3'

// -----

// A result that differs from the broadcast shape: both are drawn.
func.func @result(%a: tensor<2x1xf32>, %b: tensor<8x1x3xf32>) -> tensor<8x4x3xf32> {
  // expected-error @+2 {{result type '8x4x3' not broadcast compatible with broadcasted operands's shapes '8x2x3'}}
  // expected-note @+1 {{result dim 1 is 4 but the operands broadcast it to 2}}
  %0 = nd.add %a, %b : (tensor<2x1xf32>, tensor<8x1x3xf32>) -> tensor<8x4x3xf32>
  return %0 : tensor<8x4x3xf32>
}
// CHECK: note: shapes aligned from the right:
// CHECK-NEXT: {{^}}  operand #0:      2 x 1{{$}}
// CHECK-NEXT: {{^}}  operand #1:  8 x 1 x 3{{$}}
// CHECK-NEXT: {{^}}   broadcast:  8 x 2 x 3{{$}}
// CHECK-NEXT: {{^}}      result:  8 x 4 x 3{{$}}
// CHECK-NEXT: {{^}}                   ^ result dim 1: declared 4, operands give 2{{$}}

// -----

// A static result dim where the operands leave `?`.
func.func @static_from_dynamic(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<5xf32> {
  // expected-error @+2 {{result type '5' not broadcast compatible with broadcasted operands's shapes '?'}}
  // expected-note @+1 {{result dim 0 is 5 but the operands leave it dynamic}}
  %0 = nd.add %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
// CHECK: note: shapes aligned from the right:
// CHECK-NEXT: {{^}}  operand #0:  ?{{$}}
// CHECK-NEXT: {{^}}  operand #1:  ?{{$}}
// CHECK-NEXT: {{^}}   broadcast:  ?{{$}}
// CHECK-NEXT: {{^}}      result:  5{{$}}
// CHECK-NEXT: {{^}}               ^ result dim 0: declared 5, operands give ?{{$}}

// -----

// A result of higher rank moves the operands right; no single dim is at fault.
func.func @rank(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{result type '2x3' not broadcast compatible with broadcasted operands's shapes '3'}}
  // expected-note @+1 {{the result has rank 2 but the operands broadcast to rank 1}}
  %0 = nd.add %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
// CHECK: note: shapes aligned from the right:
// CHECK-NEXT: {{^}}  operand #0:      3{{$}}
// CHECK-NEXT: {{^}}  operand #1:      3{{$}}
// CHECK-NEXT: {{^}}   broadcast:      3{{$}}
// CHECK-NEXT: {{^}}      result:  2 x 3{{$}}
// CHECK-NOT: ^ result dim

// -----

// XLA's broadcast_dimensions place the lower-rank operand; dims it skips are 1.
func.func @xla(%a: tensor<2x3x4xf32>, %b: tensor<2x5xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+2 {{operands don't have broadcast-compatible shapes}}
  // expected-note @+1 {{operand #1 dim 1 (size 5) cannot be matched with operand #0 dim 2 (size 4)}}
  %0 = nd.add %a, %b {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x3x4xf32>, tensor<2x5xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}
// CHECK: note: shapes aligned by broadcast_dimensions = [0, 2]:
// CHECK-NEXT: {{^}}  operand #0:  2 x 3 x 4{{$}}
// CHECK-NEXT: {{^}}  operand #1:  2       5{{$}}
// CHECK-NEXT: {{^}}      result:  2 x 3 x 4{{$}}
// CHECK-NEXT: {{^}}                       ^ result dim 2: 5 vs 4, and neither is 1{{$}}
// The nd dialect's ops are not upstream's: their hints stay under the mlir semantics.
// MLIR: note: shapes aligned by broadcast_dimensions = [0, 2]:

// -----

// In place: the source goes into the destination's shape.
func.func @assign(%d: tensor<2x3x4xf32>, %s: tensor<5x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+2 {{operands don't have broadcast-compatible shapes}}
  // expected-note @+1 {{dim 1 has size 3}}
  %0 = nd.assign %d, %s : (tensor<2x3x4xf32>, tensor<5x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}
// CHECK: note: shapes aligned from the right:
// CHECK-NEXT: {{^}}  operand #0:  2 x 3 x 4{{$}}
// CHECK-NEXT: {{^}}  operand #1:      5 x 4{{$}}
// CHECK-NEXT: {{^}}      result:  2 x 3 x 4{{$}}
// CHECK-NEXT: {{^}}                   ^ result dim 1: 3 vs 5, and neither is 1{{$}}

// -----

// Errors the drawing would not explain get none: here, a source of higher rank
// than its in-place destination.
func.func @no_drawing(%d: tensor<3x4xf32>, %s: tensor<1x3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+2 {{operands don't have broadcast-compatible shapes}}
  // expected-note @+1 {{broadcasting in place cannot add dimensions to the target}}
  %0 = nd.assign %d, %s : (tensor<3x4xf32>, tensor<1x3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
// CHECK: note: operand #1 ('tensor<1x3x4xf32>') has rank 3 but operand #0 ('tensor<3x4xf32>') has rank 2
// CHECK-NOT: aligned
