// --verify-broadcast reports each run-time obligation as a remark at the op:
// the conditions on `?` and `*` sizes that the spec leaves undefined when they
// fail, and that --lower-broadcast turns into checks. The verifier alone
// reports none of them.
// RUN: tensor-opt %s -split-input-file -verify-broadcast -verify-diagnostics
// RUN: tensor-opt %s -split-input-file | FileCheck %s --check-prefix=QUIET
// RUN: tensor-opt %s -split-input-file --verify-broadcast 2>&1 >/dev/null | FileCheck %s --check-prefix=RENDERED

// QUIET-NOT: remark

// A `?` meeting a static size other than 1 must be 1 or that size.
func.func @dyn_vs_static(%a: tensor<?x4xf32>, %b: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-remark @+1 {{operand #0 dim 0 (%arg0[0]) must be 1 or equal to 3 at run time}}
  %0 = nd.add %a, %b : (tensor<?x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// RENDERED: obligations.mlir:[[@LINE-4]]:8: remark: operand #0 dim 0 (%arg0[0]) must be 1 or equal to 3 at run time
// RENDERED-NEXT: %0 = nd.add %a, %b : (tensor<?x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
// RENDERED-NEXT: ^

// -----

// Two `?` sizes must agree where neither is 1.
func.func @dyn_vs_dyn(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  // expected-remark @+1 {{operand #0 dim 0 (%arg0[0]) and operand #1 dim 0 (%arg1[0]) must be 1 or equal at run time}}
  %0 = nd.mul %a, %b : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// One remark per obligation, in dim order.
func.func @two(%a: tensor<?x?xf32>, %b: tensor<?x5xf32>) -> tensor<?x5xf32> {
  // expected-remark @+2 {{operand #0 dim 0 (%arg0[0]) and operand #1 dim 0 (%arg1[0]) must be 1 or equal at run time}}
  // expected-remark @+1 {{operand #0 dim 1 (%arg0[1]) must be 1 or equal to 5 at run time}}
  %0 = nd.sub %a, %b : (tensor<?x?xf32>, tensor<?x5xf32>) -> tensor<?x5xf32>
  return %0 : tensor<?x5xf32>
}

// -----

// A statically safe op has no obligation: static sizes, or a `?` against 1.
func.func @safe(%a: tensor<?x4xf32>, %b: tensor<1x4xf32>, %c: tensor<4xf32>) -> tensor<?x4xf32> {
  %0 = nd.add %a, %b : (tensor<?x4xf32>, tensor<1x4xf32>) -> tensor<?x4xf32>
  %1 = nd.add %0, %c : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}

// -----

// An unranked operand must broadcast to the inferred shape.
func.func @unranked(%a: tensor<*xf32>, %b: tensor<4xf32>) -> tensor<*xf32> {
  // expected-remark @+1 {{unranked operand #0 must broadcast to the inferred shape at run time}}
  %0 = nd.add %a, %b : (tensor<*xf32>, tensor<4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// In place, a `?` in the source must be 1 or the destination's size, which never
// grows.
func.func @in_place(%dst: tensor<3x?xf32>, %src: tensor<?xf32>) -> tensor<3x?xf32> {
  // expected-remark @+1 {{operand #1 dim 0 (%arg1[0]) must be 1 or equal to operand #0 dim 1 (%arg0[1]) at run time}}
  %0 = nd.assign %dst, %src : (tensor<3x?xf32>, tensor<?xf32>) -> tensor<3x?xf32>
  return %0 : tensor<3x?xf32>
}

// -----

// XLA broadcast_dimensions place the `?` before the check.
func.func @xla(%v: tensor<?xf32>, %m: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-remark @+1 {{operand #1 dim 0 (%arg0[0]) must be 1 or equal to 3 at run time}}
  %0 = nd.add %m, %v {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<?xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
