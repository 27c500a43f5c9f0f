// --lower-broadcast on CHLO where it cannot lower: a broadcast the shape
// analysis refutes is an error at the op, and there is no output.
// RUN: tensor-opt %s -split-input-file --lower-broadcast -verify-diagnostics

// The program makes %b5's size 5: it can never broadcast with a 3.
func.func @refuted(%a: tensor<3xf32>, %b: tensor<5xf32>) -> tensor<?xf32> {
  %c = stablehlo.constant dense<5> : tensor<1xi32>
  %b5 = stablehlo.dynamic_broadcast_in_dim %b, %c, dims = [0] : (tensor<5xf32>, tensor<1xi32>) -> tensor<?xf32>
  // expected-error @+1 {{operands are not broadcast compatible: operand #1 dim 0 can never be 1 or 3: the program makes it 5}}
  %0 = chlo.broadcast_add %a, %b5 : (tensor<3xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

