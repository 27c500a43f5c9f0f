// Seed 001, in-place semantics: `nd.assign(dst, src)` has dst's type, src
// must broadcast to dst's shape, and dst never changes shape.
// RUN: tensor-opt %s -split-input-file -verify-diagnostics
// RUN: tensor-opt %s -split-input-file -verify-diagnostics=only-expected --verify-broadcast

// x = empty((2, 3, 4)); a = empty((1, 3, 4))
// "This is OK. The shape of a, (1, 3, 4), can broadcast to the shape of
// x[...], (2, 3, 4)": x[...] = a
func.func @ok(%x: tensor<2x3x4xf32>, %a: tensor<1x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = nd.assign %x, %a : (tensor<2x3x4xf32>, tensor<1x3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// "This is not allowed. The shape of a, (1, 3, 4), can NOT broadcast to the
// shape of x[1, ...], (3, 4)": x[1, ...] = a
func.func @not_allowed(%x1: tensor<3x4xf32>, %a: tensor<1x3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+2 {{'nd.assign' op operands don't have broadcast-compatible shapes}}
  // expected-note @+1 {{operand #1 ('tensor<1x3x4xf32>') has rank 3 but operand #0 ('tensor<3x4xf32>') has rank 2: broadcasting in place cannot add dimensions to the target}}
  %0 = nd.assign %x1, %a : (tensor<3x4xf32>, tensor<1x3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// A symmetric op would accept these shapes (1x4 with 3x1 is 3x4), but in
// place the destination's 1 cannot grow.
func.func @dst_does_not_grow(%x: tensor<1x4xf32>, %a: tensor<3x1xf32>) -> tensor<1x4xf32> {
  %ok = nd.add %x, %a : (tensor<1x4xf32>, tensor<3x1xf32>) -> tensor<3x4xf32>
  // expected-error @+2 {{'nd.assign' op operands don't have broadcast-compatible shapes}}
  // expected-note @+1 {{operand #0 ('tensor<1x4xf32>') dim 0 has size 1 but operand #1 ('tensor<3x1xf32>') dim 0 has size 3}}
  %0 = nd.assign %x, %a : (tensor<1x4xf32>, tensor<3x1xf32>) -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

// Scalars and lower ranks broadcast in; dynamic sizes are checked at run
// time (a `?` source must be 1 or the destination's size).
func.func @dynamic(%x: tensor<?x4xf32>, %s: tensor<f32>, %r: tensor<?xf32>, %u: tensor<*xf32>) -> tensor<?x4xf32> {
  %0 = nd.assign %x, %s : (tensor<?x4xf32>, tensor<f32>) -> tensor<?x4xf32>
  %1 = nd.assign %0, %r : (tensor<?x4xf32>, tensor<?xf32>) -> tensor<?x4xf32>
  %2 = nd.assign %1, %u : (tensor<?x4xf32>, tensor<*xf32>) -> tensor<?x4xf32>
  return %2 : tensor<?x4xf32>
}
