// Seed 000 (the ONNX `Broadcast` proposal): Z1, ..., ZN = Broadcast(X1, ...,
// XN). Each result has the common shape (ranks equalised by prepending 1s,
// each dim the maximum) and its own operand's element type; constraint C1
// requires every size to be 1 or the common size.
// RUN: tensor-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @n_ary
func.func @n_ary(%x1: tensor<3x1xf32>, %x2: tensor<4xi32>, %x3: tensor<2x1x1xi1>) {
  // CHECK: nd.broadcast %arg0, %arg1, %arg2 : (tensor<3x1xf32>, tensor<4xi32>, tensor<2x1x1xi1>) -> (tensor<2x3x4xf32>, tensor<2x3x4xi32>, tensor<2x3x4xi1>)
  %z:3 = nd.broadcast %x1, %x2, %x3 : (tensor<3x1xf32>, tensor<4xi32>, tensor<2x1x1xi1>) -> (tensor<2x3x4xf32>, tensor<2x3x4xi32>, tensor<2x3x4xi1>)
  // One input is its own broadcast.
  %y = nd.broadcast %x1 : (tensor<3x1xf32>) -> tensor<3x1xf32>
  return
}

// -----

// C1: "either dYm_i = dY_i or dYm_i = 1".
func.func @c1(%x1: tensor<3x4xf32>, %x2: tensor<2x4xf32>) {
  // expected-error @+1 {{'nd.broadcast' op operands have no common broadcast shape: constraint C1 violated: operand #1 dim 0 has size 2, which is neither 1 nor the common size 3 of result dim 0 (from operand #0 dim 0)}}
  %z:2 = nd.broadcast %x1, %x2 : (tensor<3x4xf32>, tensor<2x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)
  return
}

// -----

// The definition by maximum differs from NumPy on empty dims: 0 against 1
// has maximum 1, and C1 then rejects the 0. NumPy (nd.add) broadcasts it
// to 0.
func.func @empty_dims(%x1: tensor<0xf32>, %x2: tensor<1xf32>) {
  %0 = nd.add %x1, %x2 : (tensor<0xf32>, tensor<1xf32>) -> tensor<0xf32>
  // expected-error @+1 {{constraint C1 violated: operand #0 dim 0 has size 0, which is neither 1 nor the common size 1 of result dim 0 (from operand #1 dim 0)}}
  %z:2 = nd.broadcast %x1, %x2 : (tensor<0xf32>, tensor<1xf32>) -> (tensor<0xf32>, tensor<0xf32>)
  return
}

// -----

// Every result has the common shape, and keeps its operand's element type.
func.func @results(%x1: tensor<3x1xf32>, %x2: tensor<4xi32>) {
  // expected-error @+1 {{'nd.broadcast' op result #1 ('tensor<4xi32>') must have the common shape of the operands, [3, 4]: result has rank 1 but the inferred rank is 2}}
  %z:2 = nd.broadcast %x1, %x2 : (tensor<3x1xf32>, tensor<4xi32>) -> (tensor<3x4xf32>, tensor<4xi32>)
  return
}

// -----

func.func @element_types(%x1: tensor<3x1xf32>, %x2: tensor<4xi32>) {
  // expected-error @+1 {{'nd.broadcast' op result #1 ('tensor<3x4xf32>') must have the element type of operand #1 ('tensor<4xi32>'), 'i32'}}
  %z:2 = nd.broadcast %x1, %x2 : (tensor<3x1xf32>, tensor<4xi32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)
  return
}

// -----

// Dynamic sizes: the common size comes from the static ones, or stays `?`
// (C1 is then checked at run time); a `?` result dim is always accepted,
// a static one the operands cannot justify is not.
func.func @dynamic(%x1: tensor<?x4xf32>, %x2: tensor<3x1xf32>, %x3: tensor<?xf32>, %u: tensor<*xf32>) {
  %a:2 = nd.broadcast %x1, %x2 : (tensor<?x4xf32>, tensor<3x1xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)
  %b:2 = nd.broadcast %x1, %x3 : (tensor<?x4xf32>, tensor<?xf32>) -> (tensor<?x4xf32>, tensor<?x?xf32>)
  %c:2 = nd.broadcast %x1, %u : (tensor<?x4xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>)
  // expected-error @+1 {{'nd.broadcast' op result #0 ('tensor<2x4xf32>') must have the common shape of the operands, [?, 4]: result dim 0 is static (2) but the inferred dim is dynamic}}
  %d:2 = nd.broadcast %x1, %x3 : (tensor<?x4xf32>, tensor<?xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>)
  return
}
