// Seed 001 (Array API broadcasting): every example of the spec, on nd.add
// (NumPy/Array API implicit broadcasting) and nd.broadcast_to.
// RUN: tensor-opt %s -split-input-file -verify-diagnostics
// RUN: tensor-opt %s -split-input-file -verify-diagnostics --verify-broadcast

// The compatible examples, with the result shape the spec gives.
func.func @compatible(%a0: tensor<8x1x6x1xf32>, %b0: tensor<7x1x5xf32>,
                      %a1: tensor<5x4xf32>, %b1: tensor<1xf32>, %b2: tensor<4xf32>,
                      %a3: tensor<15x3x5xf32>, %b3: tensor<15x1x5xf32>,
                      %b4: tensor<3x5xf32>, %b5: tensor<3x1xf32>) {
  %0 = nd.add %a0, %b0 : (tensor<8x1x6x1xf32>, tensor<7x1x5xf32>) -> tensor<8x7x6x5xf32>
  %1 = nd.add %a1, %b1 : (tensor<5x4xf32>, tensor<1xf32>) -> tensor<5x4xf32>
  %2 = nd.add %a1, %b2 : (tensor<5x4xf32>, tensor<4xf32>) -> tensor<5x4xf32>
  %3 = nd.add %a3, %b3 : (tensor<15x3x5xf32>, tensor<15x1x5xf32>) -> tensor<15x3x5xf32>
  %4 = nd.add %a3, %b4 : (tensor<15x3x5xf32>, tensor<3x5xf32>) -> tensor<15x3x5xf32>
  %5 = nd.add %a3, %b5 : (tensor<15x3x5xf32>, tensor<3x1xf32>) -> tensor<15x3x5xf32>
  // The algorithm is symmetric.
  %6 = nd.add %b0, %a0 : (tensor<7x1x5xf32>, tensor<8x1x6x1xf32>) -> tensor<8x7x6x5xf32>
  return
}

// -----

// "A (1d array): 3, B (1d array): 4 # dimension does not match"
func.func @mismatch(%a: tensor<3xf32>, %b: tensor<4xf32>) {
  // expected-error @+2 {{'nd.add' op operands don't have broadcast-compatible shapes}}
  // expected-note @+1 {{operand #0 ('tensor<3xf32>') dim 0 has size 3 but operand #1 ('tensor<4xf32>') dim 0 has size 4: they meet in result dim 0 and neither is 1}}
  %0 = nd.add %a, %b : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// "A (2d array): 2 x 1, B (3d array): 8 x 4 x 3 # second dimension does not match"
func.func @second_dim(%a: tensor<2x1xf32>, %b: tensor<8x4x3xf32>) {
  // expected-error @+2 {{'nd.mul' op operands don't have broadcast-compatible shapes}}
  // expected-note @+1 {{operand #0 ('tensor<2x1xf32>') dim 0 has size 2 but operand #1 ('tensor<8x4x3xf32>') dim 1 has size 4: they meet in result dim 1 and neither is 1}}
  %0 = nd.mul %a, %b : (tensor<2x1xf32>, tensor<8x4x3xf32>) -> tensor<8x4x3xf32>
  return
}

// -----

// "A (3d array): 15 x 3 x 5, B (2d array): 15 x 3 # singleton dimensions can
// only be prepended, not appended"
func.func @prepend_only(%a: tensor<15x3x5xf32>, %b: tensor<15x3xf32>) {
  // expected-error @+2 {{'nd.sub' op operands don't have broadcast-compatible shapes}}
  // expected-note @+1 {{operand #0 ('tensor<15x3x5xf32>') dim 1 has size 3 but operand #1 ('tensor<15x3xf32>') dim 0 has size 15: they meet in result dim 1 and neither is 1}}
  %0 = nd.sub %a, %b : (tensor<15x3x5xf32>, tensor<15x3xf32>) -> tensor<15x3x5xf32>
  return
}

// -----

// broadcast_to follows the same algorithm one way: the operand goes into
// the given shape, which never changes.
func.func @broadcast_to(%a: tensor<7x1x5xf32>, %b: tensor<3x1xf32>) {
  %0 = nd.broadcast_to %a, shape = [8, 7, 6, 5] : (tensor<7x1x5xf32>) -> tensor<8x7x6x5xf32>
  %1 = nd.broadcast_to %b, shape = [15, 3, 5] : (tensor<3x1xf32>) -> tensor<15x3x5xf32>
  // A 1 in the target does not stretch to the operand's size.
  // expected-error @+1 {{'nd.broadcast_to' op operand #0 ('tensor<7x1x5xf32>') dim 2 has size 5, which is neither 1 nor the size 1 of result dim 3}}
  %2 = nd.broadcast_to %a, shape = [8, 7, 6, 1] : (tensor<7x1x5xf32>) -> tensor<8x7x6x1xf32>
  return
}
