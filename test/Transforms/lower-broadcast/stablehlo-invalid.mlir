// --lower-broadcast on a StableHLO broadcast that can never hold: an error at
// the op, naming the dims and sizes, and no output.
// RUN: tensor-opt %s -split-input-file --lower-broadcast -verify-diagnostics

// A 3 to a target the program makes 5.
func.func @impossible(%x: tensor<3xf32>) -> tensor<?xf32> {
  %c = stablehlo.constant dense<5> : tensor<1xi32>
  // expected-error @+1 {{operand dim 0 of size 3 can never broadcast to result dim 0 of size 5}}
  %y = stablehlo.dynamic_broadcast_in_dim %x, %c, dims = [0] : (tensor<3xf32>, tensor<1xi32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}
