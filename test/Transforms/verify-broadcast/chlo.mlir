// --verify-broadcast on CHLO: chlo.broadcast_* ops are Broadcastable with XLA's
// policy, so they get nd's remarks for the genuine obligations (a `?` that might
// stretch against another size), are proved where the shape analysis knows the
// sizes agree, and an impossible static broadcast is refused at compile time.
// RUN: tensor-opt %s -split-input-file -verify-broadcast -verify-diagnostics

// Static, with and without broadcast_dimensions: nothing to check.
func.func @static(%a: tensor<4xf32>, %b: tensor<2x4xf32>, %v: tensor<2xf32>) -> tensor<2x4xf32> {
  %0 = chlo.broadcast_add %a, %b : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %1 = chlo.broadcast_multiply %0, %v {broadcast_dimensions = array<i64: 0>} : (tensor<2x4xf32>, tensor<2xf32>) -> tensor<2x4xf32>
  return %1 : tensor<2x4xf32>
}

// -----

// A value with itself, and with results derived from it (erf keeps its
// operand's sizes, a broadcast of equal sizes keeps them): proved.
func.func @same_value(%a: tensor<?x?xf32>) -> tensor<?x?xi1> {
  %0 = chlo.broadcast_add %a, %a : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = chlo.erf %0 : tensor<?x?xf32> -> tensor<?x?xf32>
  %2 = chlo.broadcast_multiply %1, %a : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = chlo.broadcast_compare %2, %0 {comparison_direction = #chlo<comparison_direction GT>} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xi1>
  %4 = chlo.broadcast_select %3, %2, %a : (tensor<?x?xi1>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %5 = chlo.broadcast_compare %4, %1 {comparison_direction = #chlo<comparison_direction LT>} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xi1>
  return %5 : tensor<?x?xi1>
}

// -----

// Two different arguments: their `?` might stretch each other. NumPy-style
// alignment from the right.
func.func @dynamic_numpy(%a: tensor<?xf32>, %b: tensor<2x?xf32>) -> tensor<2x?xf32> {
  // expected-remark @+1 {{operand #0 dim 0 (%arg0[0]) and operand #1 dim 1 (%arg1[1]) must be 1 or equal at run time}}
  %0 = chlo.broadcast_add %a, %b : (tensor<?xf32>, tensor<2x?xf32>) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

// -----

// With broadcast_dimensions the vector meets the matrix's dim 0, not its last.
func.func @dynamic_placed(%m: tensor<?x?xf32>, %v: tensor<?xf32>) -> tensor<?x?xf32> {
  // expected-remark @+1 {{operand #0 dim 0 (%arg0[0]) and operand #1 dim 0 (%arg1[0]) must be 1 or equal at run time}}
  %0 = chlo.broadcast_multiply %m, %v {broadcast_dimensions = array<i64: 0>} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  // The product has %m's sizes once checked: against %m it needs nothing more.
  %1 = chlo.broadcast_subtract %0, %m : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// -----

// A `?` against a static size: it must be 1 or that size.
func.func @dynamic_static(%a: tensor<?x4xf32>, %b: tensor<3x1xf32>) -> tensor<3x4xf32> {
  // expected-remark @+1 {{operand #0 dim 0 (%arg0[0]) must be 1 or equal to 3 at run time}}
  %0 = chlo.broadcast_add %a, %b : (tensor<?x4xf32>, tensor<3x1xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// A `?` against a static 1 never needs a check; nor does a `?` placed against a
// 1 by broadcast_dimensions.
func.func @against_one(%a: tensor<?x?xf32>, %b: tensor<1x1xf32>, %v: tensor<?xf32>, %w: tensor<1x5xf32>) -> tensor<?x5xf32> {
  %0 = chlo.broadcast_add %a, %b : (tensor<?x?xf32>, tensor<1x1xf32>) -> tensor<?x?xf32>
  %1 = chlo.broadcast_add %v, %w {broadcast_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<1x5xf32>) -> tensor<?x5xf32>
  return %1 : tensor<?x5xf32>
}

// -----

// broadcast_select: the condition against the values.
func.func @select(%p: tensor<?xi1>, %a: tensor<?xf32>) -> tensor<?xf32> {
  // expected-remark @+1 {{operand #0 dim 0 (%arg0[0]), operand #1 dim 0 (%arg1[0]) and operand #2 dim 0 (%arg1[0]) must be 1 or equal at run time}}
  %0 = chlo.broadcast_select %p, %a, %a : (tensor<?xi1>, tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// Impossible at compile time, NumPy-style.
func.func @impossible(%a: tensor<?x3xf32>, %b: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // expected-error @+1 {{incompatible shapes for broadcasting 3 and 4}}
  %0 = chlo.broadcast_add %a, %b : (tensor<?x3xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// Impossible at compile time, placed by broadcast_dimensions.
func.func @impossible_placed(%v: tensor<3xf32>, %m: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // expected-error @+1 {{incompatible shapes for broadcasting 3 and 4}}
  %0 = chlo.broadcast_add %v, %m {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
