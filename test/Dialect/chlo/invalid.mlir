// Verifier and syntax errors of the chlo ops that torch-mlir-opt refuses too,
// with its messages (tests/chlo_torch_mlir.rs checks that it refuses every
// chunk). Where upstream reports a second error ("failed to infer returned
// types") tensor-opt reports the first only.
// RUN: tensor-opt %s -split-input-file -verify-diagnostics

func.func @result_shape(%a: tensor<4xf32>, %b: tensor<2x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'chlo.broadcast_add' op inferred type(s) 'tensor<2x4xf32>' are incompatible with return type(s) of operation 'tensor<3x4xf32>'}}
  %0 = chlo.broadcast_add %a, %b : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @result_rank(%a: tensor<4xf32>, %b: tensor<2x4xf32>) -> tensor<1x2x4xf32> {
  // expected-error @+1 {{'chlo.broadcast_subtract' op inferred type(s) 'tensor<2x4xf32>' are incompatible with return type(s) of operation 'tensor<1x2x4xf32>'}}
  %0 = chlo.broadcast_subtract %a, %b : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<1x2x4xf32>
  return %0 : tensor<1x2x4xf32>
}

// -----

func.func @result_with_dimensions(%m: tensor<2x3xf32>, %v: tensor<2xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'chlo.broadcast_multiply' op inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<2x2xf32>'}}
  %0 = chlo.broadcast_multiply %m, %v {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @element_types(%a: tensor<4xf32>, %b: tensor<2x4xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'chlo.broadcast_add' op requires compatible element types for all operands and results}}
  %0 = chlo.broadcast_add %a, %b : (tensor<4xf32>, tensor<2x4xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @result_element_type(%a: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{'chlo.broadcast_divide' op requires compatible element types for all operands and results}}
  %0 = chlo.broadcast_divide %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @and_of_floats(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.broadcast_and' op operand #0 must be tensor of bool or 2/4/8/16/32/64-bit integer values, but got 'tensor<4xf32>'}}
  %0 = chlo.broadcast_and %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @xor_of_floats(%i: tensor<4xi8>, %a: tensor<4xf16>) -> tensor<4xi8> {
  // expected-error @+1 {{'chlo.broadcast_xor' op operand #1 must be tensor of bool or 2/4/8/16/32/64-bit integer values, but got 'tensor<4xf16>'}}
  %0 = chlo.broadcast_xor %i, %a : (tensor<4xi8>, tensor<4xf16>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @compare_result(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.broadcast_compare' op result #0 must be tensor of bool values, but got 'tensor<4xf32>'}}
  %0 = chlo.broadcast_compare %a, %a {comparison_direction = #chlo<comparison_direction GT>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @compare_operands(%a: tensor<4xf32>, %b: tensor<4xi32>) -> tensor<4xi1> {
  // expected-error @+1 {{mismatched operand types}}
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction GT>} : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_shape(%a: tensor<4xf32>) -> tensor<3xi1> {
  // expected-error @+1 {{'chlo.broadcast_compare' op inferred type(s) 'tensor<4xi1>' are incompatible with return type(s) of operation 'tensor<3xi1>'}}
  %0 = chlo.broadcast_compare %a, %a {comparison_direction = #chlo<comparison_direction LT>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @compare_direction_missing(%a: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{'chlo.broadcast_compare' op requires attribute 'comparison_direction'}}
  %0 = chlo.broadcast_compare %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_direction_kind(%a: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{'chlo.broadcast_compare' op attribute 'comparison_direction' failed to satisfy constraint: Which comparison operation to perform.}}
  %0 = chlo.broadcast_compare %a, %a {comparison_direction = #chlo<comparison_type FLOAT>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_direction_keyword(%a: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{expected ::mlir::chlo::ComparisonDirection to be one of: EQ, NE, GE, GT, LE, LT}}
  %0 = chlo.broadcast_compare %a, %a {comparison_direction = #chlo<comparison_direction gt>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_type_keyword(%a: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{expected ::mlir::chlo::ComparisonType to be one of: NOTYPE, FLOAT, TOTALORDER, SIGNED, UNSIGNED}}
  %0 = chlo.broadcast_compare %a, %a {comparison_direction = #chlo<comparison_direction GT>, compare_type = #chlo<comparison_type DOUBLE>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @unknown_attribute(%a: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{unknown chlo attribute}}
  %0 = chlo.broadcast_compare %a, %a {comparison_direction = #chlo<direction GT>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @pretty_attribute(%a: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{expected valid keyword or string}}
  %0 = chlo.broadcast_compare %a, %a {comparison_direction = #chlo.comparison_direction<GT>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @dimensions_kind(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.broadcast_add' op attribute 'broadcast_dimensions' failed to satisfy constraint: i64 dense array attribute}}
  %0 = chlo.broadcast_add %a, %a {broadcast_dimensions = dense<0> : tensor<1xi64>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_elements(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xi32>) -> tensor<4xf32> {
  // expected-error @+1 {{mismatched operand types}}
  %0 = chlo.broadcast_select %p, %a, %b : (tensor<4xi1>, tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_condition(%p: tensor<4xi32>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.broadcast_select' op operand #0 must be ranked tensor of bool values, but got 'tensor<4xi32>'}}
  %0 = chlo.broadcast_select %p, %a, %a : (tensor<4xi32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_unranked_condition(%p: tensor<*xi1>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.broadcast_select' op operand #0 must be ranked tensor of bool values, but got 'tensor<*xi1>'}}
  %0 = chlo.broadcast_select %p, %a, %a : (tensor<*xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_shape(%p: tensor<4xi1>, %a: tensor<4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'chlo.broadcast_select' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<2x4xf32>'}}
  %0 = chlo.broadcast_select %p, %a, %a : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @erf_shape(%a: tensor<4xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'chlo.erf' op requires compatible types for all operands and results}}
  %0 = chlo.erf %a : tensor<4xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @erf_element(%a: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{'chlo.erf' op requires compatible types for all operands and results}}
  %0 = chlo.erf %a : tensor<4xf32> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @erf_of_integers(%a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'chlo.erf' op operand #0 must be tensor of 4/6/8/16/32/64-bit float values, but got 'tensor<4xi32>'}}
  %0 = chlo.erf %a : tensor<4xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @binary_syntax(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected '('}}
  %0 = chlo.broadcast_add %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @signed_integers(%s: tensor<si16>) -> tensor<si16> {
  // expected-error @+1 {{'chlo.broadcast_add' op operand #0 must be tensor of 4/6/8/16/32/64-bit float or bool or 2/4/8/16/32/64-bit integer or complex type with 32/64-bit float elements or per-tensor integer quantized or per-axis integer quantized values, but got 'tensor<si16>'}}
  %0 = chlo.broadcast_add %s, %s : (tensor<si16>, tensor<si16>) -> tensor<si16>
  return %0 : tensor<si16>
}

// -----

func.func @index_elements(%i: tensor<4xindex>) -> tensor<4xindex> {
  // expected-error @+1 {{'chlo.broadcast_maximum' op operand #0 must be tensor of 4/6/8/16/32/64-bit float or bool or 2/4/8/16/32/64-bit integer or complex type with 32/64-bit float elements or per-tensor integer quantized or per-axis integer quantized values, but got 'tensor<4xindex>'}}
  %0 = chlo.broadcast_maximum %i, %i : (tensor<4xindex>, tensor<4xindex>) -> tensor<4xindex>
  return %0 : tensor<4xindex>
}

// -----

func.func @complex_of_f16(%c: tensor<4xcomplex<f16>>) -> tensor<4xcomplex<f16>> {
  // expected-error @+1 {{'chlo.broadcast_multiply' op operand #0 must be tensor of 4/6/8/16/32/64-bit float or bool or 2/4/8/16/32/64-bit integer or complex type with 32/64-bit float elements or per-tensor integer quantized or per-axis integer quantized values, but got 'tensor<4xcomplex<f16>>'}}
  %0 = chlo.broadcast_multiply %c, %c : (tensor<4xcomplex<f16>>, tensor<4xcomplex<f16>>) -> tensor<4xcomplex<f16>>
  return %0 : tensor<4xcomplex<f16>>
}

// -----

func.func @and_of_signed(%s: tensor<4xsi8>) -> tensor<4xsi8> {
  // expected-error @+1 {{'chlo.broadcast_and' op operand #0 must be tensor of bool or 2/4/8/16/32/64-bit integer values, but got 'tensor<4xsi8>'}}
  %0 = chlo.broadcast_and %s, %s : (tensor<4xsi8>, tensor<4xsi8>) -> tensor<4xsi8>
  return %0 : tensor<4xsi8>
}

// -----

func.func @erf_of_tf32(%a: tensor<4xtf32>) -> tensor<4xtf32> {
  // expected-error @+1 {{'chlo.erf' op operand #0 must be tensor of 4/6/8/16/32/64-bit float values, but got 'tensor<4xtf32>'}}
  %0 = chlo.erf %a : tensor<4xtf32> -> tensor<4xtf32>
  return %0 : tensor<4xtf32>
}

// -----

func.func @not_a_tensor(%v: vector<4xf32>) -> vector<4xf32> {
  // expected-error @+1 {{'chlo.broadcast_add' op operand #0 must be tensor of 4/6/8/16/32/64-bit float or bool or 2/4/8/16/32/64-bit integer or complex type with 32/64-bit float elements or per-tensor integer quantized or per-axis integer quantized values, but got 'vector<4xf32>'}}
  %0 = chlo.broadcast_add %v, %v : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  return %0 : vector<4xf32>
}
