// --verify-broadcast on StableHLO: its conditions are explicit (an elementwise
// op's operands have one shape; each operand dim of a dynamic_broadcast_in_dim
// is 1 or its target entry, exactly it if known_nonexpanding, 1 if
// known_expanding; a dot's batch and contracted dims match), and the shape
// analysis proves those a shape-polymorphic JAX program always meets. JAX's
// @shape_assertion of equal argument dims at the top of main is a contract the
// analysis uses.
// RUN: tensor-opt %s -split-input-file -verify-broadcast -verify-diagnostics
// RUN: not tensor-opt %s -split-input-file -verify-broadcast --mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS

// STATS-LABEL: VerifyBroadcast
// STATS:       (S) 0 num-obligations
// STATS-NEXT:  (S) 6 num-proven

// JAX's shape-polymorphic export: main asserts that %arg1's batch is %arg0's
// (`b`), and passes `b` to the private functions, which build their shapes
// from it. Nothing is left to check.
func.func public @main(%arg0: tensor<?x4xf32>, %arg1: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c = stablehlo.constant dense<1> : tensor<i32>
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %1 = stablehlo.get_dimension_size %arg1, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %2 = stablehlo.compare GE, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  stablehlo.custom_call @shape_assertion(%2, %0) {error_message = "b >= 1", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  %3 = stablehlo.compare EQ, %1, %0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  stablehlo.custom_call @shape_assertion(%3, %1, %0) {error_message = "args[1].shape[0] == b", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i32>) -> ()
  %4 = call @wrapped(%0, %arg0, %arg1) : (tensor<i32>, tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %4 : tensor<?x4xf32>
}
func.func private @wrapped(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<?x4xf32>, %arg2: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %c = stablehlo.constant dense<1> : tensor<1xi32>
  %0 = stablehlo.reduce(%arg1 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<?x4xf32>, tensor<f32>) -> tensor<?xf32>
  %1 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
  %2 = stablehlo.concatenate %1, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %3 = stablehlo.dynamic_broadcast_in_dim %0, %2, dims = [0] : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x1xf32>
  %c4 = stablehlo.constant dense<4> : tensor<1xi32>
  %4 = stablehlo.concatenate %1, %c4, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %5 = stablehlo.dynamic_broadcast_in_dim %3, %4, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  %6 = call @sub(%arg0, %arg1, %5) : (tensor<i32>, tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %7 = stablehlo.add %6, %arg2 : tensor<?x4xf32>
  return %7 : tensor<?x4xf32>
}
func.func private @sub(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<?x4xf32>, %arg2: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = stablehlo.subtract %arg1, %arg2 : tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// STATS-LABEL: VerifyBroadcast
// STATS:       (S) 1 num-obligations
// STATS-NEXT:  (S) 0 num-proven

// Without the assertion, the two batches are independent.
func.func @independent(%x: tensor<?x4xf32>, %y: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // expected-remark @below {{operand shapes: operand #1 dim 0 (%arg1[0]) must equal operand #0 dim 0 (%arg0[0]) at run time}}
  %0 = stablehlo.add %x, %y : tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// STATS-LABEL: VerifyBroadcast
// STATS:       (S) 4 num-obligations
// STATS-NEXT:  (S) 0 num-proven

// A broadcast to a shape passed in: each operand dim is 1 or its entry, and
// IREE cannot tell which (the annotations say, and are checked too).
func.func @to_shape(%x: tensor<?x?xf32>, %s: tensor<2xi32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  // expected-remark @below {{broadcast: operand #0 dim 0 (%arg0[0]) must be 1 or equal to entry 0 of operand #1 (?) at run time}}
  // expected-remark @below {{broadcast: operand #0 dim 1 (%arg0[1]) must be 1 or equal to entry 1 of operand #1 (?) at run time}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  // expected-remark @below {{broadcast: operand #0 dim 0 (%arg0[0]) must equal 1 at run time}}
  // expected-remark @below {{broadcast: operand #0 dim 1 (%arg0[1]) must equal entry 1 of operand #1 (?) at run time}}
  %1 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %0, %1 : tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

// A broadcast of a tensor to its own shape needs no check.
func.func @own_shape(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %a = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x?xf32>) -> tensor<i32>
  %b = stablehlo.get_dimension_size %x, dim = 1 : (tensor<?x?xf32>) -> tensor<i32>
  %a1 = stablehlo.reshape %a : (tensor<i32>) -> tensor<1xi32>
  %b1 = stablehlo.reshape %b : (tensor<i32>) -> tensor<1xi32>
  %s = stablehlo.concatenate %a1, %b1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0, 1>} : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %1 = stablehlo.multiply %0, %x : tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// -----

// A static size that can never be its entry is an error (the result type does
// not show it; the constant shape does).
func.func @impossible(%x: tensor<3xf32>) -> tensor<?xf32> {
  %s = stablehlo.constant dense<4> : tensor<1xi32>
  // expected-error @below {{'stablehlo.dynamic_broadcast_in_dim' op broadcast: operand #0 dim 0 and entry 0 of operand #1 can never broadcast: the program makes them 3 and 4}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0] : (tensor<3xf32>, tensor<1xi32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// STATS-LABEL: VerifyBroadcast
// STATS:       (S) 1 num-obligations

// A batched product's contracted dims come from two arguments.
func.func @dot(%a: tensor<2x3x?xf32>, %b: tensor<2x?x5xf32>) -> tensor<2x3x5xf32> {
  // expected-remark @below {{contracted dims: operand #0 dim 2 (%arg0[2]) must equal operand #1 dim 1 (%arg1[1]) at run time}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x?xf32>, tensor<2x?x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}
