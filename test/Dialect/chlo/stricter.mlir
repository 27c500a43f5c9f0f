// Broadcasts that cannot work, which torch-mlir-opt accepts and tensor-opt
// refuses (tests/chlo_torch_mlir.rs checks that torch-mlir-opt still accepts
// each chunk, so a change upstream shows). CHLO's result-type inference signals
// an impossible broadcast by inferring an unranked type, which every result type
// is compatible with: with static NumPy-style sizes upstream still prints
// "incompatible shapes for broadcasting", at an operand's definition, but
// verifies the op; with `broadcast_dimensions` it says nothing.
// RUN: tensor-opt %s -split-input-file -verify-diagnostics

func.func @sizes(%a: tensor<3xf32>, %b: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{incompatible shapes for broadcasting 3 and 4}}
  %0 = chlo.broadcast_add %a, %b : (tensor<3xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @select_sizes(%p: tensor<2x1xi1>, %a: tensor<4xf32>, %b: tensor<3x1xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{incompatible shapes for broadcasting 2 and 3}}
  %0 = chlo.broadcast_select %p, %a, %b : (tensor<2x1xi1>, tensor<4xf32>, tensor<3x1xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @placed_sizes(%v: tensor<4xf32>, %m: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{incompatible shapes for broadcasting 4 and 2}}
  %0 = chlo.broadcast_multiply %v, %m {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @too_many_dimensions(%v: tensor<4xf32>, %m: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'chlo.broadcast_add' op invalid broadcast dimensions: broadcast_dimensions has 2 entries but the lower-rank operand #0 has rank 1}}
  %0 = chlo.broadcast_add %v, %m {broadcast_dimensions = array<i64: 0, 1>} : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @out_of_range(%v: tensor<4xf32>, %m: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'chlo.broadcast_add' op invalid broadcast dimensions: broadcast_dimensions[0] = 5 is out of range for the higher-rank operand #1 of rank 2}}
  %0 = chlo.broadcast_add %v, %m {broadcast_dimensions = array<i64: 5>} : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @not_increasing(%c: tensor<2x3x4xf32>, %t: tensor<4x3xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{'chlo.broadcast_subtract' op invalid broadcast dimensions: broadcast_dimensions must be strictly increasing, but entry 1 (1) follows 2}}
  %0 = chlo.broadcast_subtract %c, %t {broadcast_dimensions = array<i64: 2, 1>} : (tensor<2x3x4xf32>, tensor<4x3xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @static_against_dynamic_placed(%v: tensor<3xf32>, %m: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // expected-error @+1 {{incompatible shapes for broadcasting 3 and 4}}
  %0 = chlo.broadcast_divide %v, %m {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
