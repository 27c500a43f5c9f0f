// --convert-stablehlo-to-nd refuses, at the op and saying why, every op whose
// meaning nd cannot give exactly: nothing is converted with another meaning.
// RUN: tensor-opt %s -split-input-file --convert-stablehlo-to-nd -verify-diagnostics
// RUN: not tensor-opt %s --convert-stablehlo-to-nd 2>&1 >/dev/null | FileCheck %s

// CHECK: invalid.mlir:[[# @LINE + 3]]:8: error: 'stablehlo.divide' op has no exact nd form for integers
func.func @int_divide(%a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'stablehlo.divide' op has no exact nd form for integers: StableHLO's integer division truncates toward zero, nd.div floors (and their divisions by zero differ)}}
  %0 = stablehlo.divide %a, %a : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @remainder(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.remainder' op has no exact nd form: StableHLO's remainder has the sign of the dividend (C's fmod), nd.rem the sign of the divisor (NumPy's)}}
  %0 = stablehlo.remainder %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @signed_power(%a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'stablehlo.power' op has no exact nd form for signed integers or i1}}
  %0 = stablehlo.power %a, %a : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @bool_subtract(%a: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'stablehlo.subtract' op has no nd form for i1: StableHLO defines no subtraction of booleans}}
  %0 = stablehlo.subtract %a, %a : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @totalorder(%a: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{'stablehlo.compare' op has no exact nd form with comparison type TOTALORDER}}
  %0 = stablehlo.compare LT, %a, %a, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @unsigned_compare_of_signless(%a: tensor<4xi32>) -> tensor<4xi1> {
  // expected-error @+1 {{'stablehlo.compare' op has no exact nd form: it compares signed or signless integers as UNSIGNED, nd.cmp compares them as signed}}
  %0 = stablehlo.compare LT, %a, %a, UNSIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @other_custom_call(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op has no nd form: only JAX's @shape_assertion is understood, not @Sharding}}
  %0 = stablehlo.custom_call @Sharding(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @assertion_without_message(%p: tensor<i1>) {
  // expected-error @+1 {{'stablehlo.custom_call' op is a shape assertion without a string 'error_message'}}
  stablehlo.custom_call @shape_assertion(%p) {has_side_effect = true} : (tensor<i1>) -> ()
  return
}

// -----

func.func @two_operand_reduce(%a: tensor<4xf32>, %b: tensor<4xi32>) -> (tensor<f32>, tensor<i32>) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %i = stablehlo.constant dense<0> : tensor<i32>
  // expected-error @+1 {{'stablehlo.reduce' op has no nd form: it reduces several operands together (nd.reduce takes one)}}
  %0:2 = stablehlo.reduce(%a init: %z), (%b init: %i) across dimensions = [0] : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
   reducer(%x: tensor<f32>, %y: tensor<f32>) (%u: tensor<i32>, %v: tensor<i32>)  {
    %s = stablehlo.add %x, %y : tensor<f32>
    %t = stablehlo.add %u, %v : tensor<i32>
    stablehlo.return %s, %t : tensor<f32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<f32>, tensor<i32>
}

// -----

func.func @reduce_of_two_ops(%a: tensor<4xf32>) -> tensor<f32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  // expected-error @+1 {{'stablehlo.reduce' op has no nd form: its body must be a single add, multiply, maximum or minimum (or and/or of i1) of the two block arguments}}
  %0 = stablehlo.reduce(%a init: %z) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
   reducer(%x: tensor<f32>, %y: tensor<f32>)  {
    %s = stablehlo.multiply %x, %x : tensor<f32>
    %t = stablehlo.add %s, %y : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

func.func @chlo_int_divide(%a: tensor<4xi32>, %b: tensor<i32>) -> tensor<4xi32> {
  // expected-error @+1 {{'chlo.broadcast_divide' op has no exact nd form for integers}}
  %0 = chlo.broadcast_divide %a, %b : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @chlo_remainder(%a: tensor<4xf32>, %b: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.broadcast_remainder' op has no exact nd form}}
  %0 = chlo.broadcast_remainder %a, %b : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
