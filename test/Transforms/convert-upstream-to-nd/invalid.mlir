// What --convert-upstream-to-nd cannot read back, at the op (the exported ops
// keep the location of the nd op they come from): dynamic shapes, and a vector
// operand of a batched matmul.
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd -verify-diagnostics

func.func @dynamic(%a: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'linalg.map' op has no nd form here: the import covers static shapes, not 'tensor<?xf32>'}}
  %0 = nd.exp %a : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @batched_matvec(%a: tensor<2x3x4xf32>, %v: tensor<4xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{'tensor.expand_shape' op has no nd form: the import covers the static subset --convert-nd-to-upstream emits}}
  // expected-error @+1 {{'tensor.collapse_shape' op has no nd form: the import covers the static subset --convert-nd-to-upstream emits}}
  %0 = nd.matmul %a, %v : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @upstream_op(%a: i32) -> i32 {
  // expected-error @+1 {{'arith.addi' op has no nd form: the import covers the static subset --convert-nd-to-upstream emits}}
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  return %0 : i32
}

// -----

func.func @malformed() -> tensor<2xf32> {
  // expected-error @+1 {{'linalg.broadcast' op has no nd form: no operand #0}}
  %0 = "linalg.broadcast"() : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
