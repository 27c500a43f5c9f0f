// The shape analysis on StableHLO (`--test-print-shapes`): the transfers the
// stablehlo dialect declares (crates/dialect-stablehlo/src/shapes.rs). JAX
// builds a shape from `b` with get_dimension_size, reshape and concatenate; the
// analysis follows the sizes those hold, and dynamic_broadcast_in_dim takes them.
// RUN: tensor-opt %s -split-input-file -test-print-shapes -verify-diagnostics

func.func @jax_shape(%x: tensor<?x4xf32>, %v: tensor<4xf32>) -> tensor<?x4xf32> {
  // expected-remark @+1 {{<%arg0[0]>}}
  %b = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  // expected-remark @+1 {{<%arg0[0]>}}
  %b1 = stablehlo.reshape %b : (tensor<i32>) -> tensor<1xi32>
  // expected-remark @+1 {{<4>}}
  %c = stablehlo.constant dense<4> : tensor<1xi32>
  // expected-remark @+1 {{<%arg0[0], 4>}}
  %s = stablehlo.concatenate %b1, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  // expected-remark @+1 {{[%arg0[0], 4]}}
  %y = stablehlo.dynamic_broadcast_in_dim %v, %s, dims = [1] : (tensor<4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  // expected-remark @+1 {{[%arg0[0], 4]}}
  %z = stablehlo.add %x, %y : tensor<?x4xf32>
  return %z : tensor<?x4xf32>
}

// -----

// A size converts to a wider integer and keeps its value; to a narrower one it
// might not, so the analysis forgets it.
func.func @convert(%x: tensor<?xf32>) -> (tensor<i64>, tensor<i8>) {
  // expected-remark @+1 {{<%arg0[0]>}}
  %b = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  // expected-remark @+1 {{<%arg0[0]>}}
  %w = stablehlo.convert %b : (tensor<i32>) -> tensor<i64>
  // expected-remark @+1 {{[]}}
  %n = stablehlo.convert %b : (tensor<i32>) -> tensor<i8>
  return %w, %n : tensor<i64>, tensor<i8>
}

// -----

// Structure: a transpose permutes sizes, a concatenation adds the joined dim,
// a reduction drops its dims, a dot has batch, then free dims.
func.func @structure(%a: tensor<?x?x8xf32>, %b: tensor<?x8x?xf32>, %c: tensor<?x?x8xf32>) -> tensor<?x?x?xf32> {
  // expected-remark @+1 {{[8, %arg0[0], %arg0[1]]}}
  %t = stablehlo.transpose %a, dims = [2, 0, 1] : (tensor<?x?x8xf32>) -> tensor<8x?x?xf32>
  // expected-remark @+1 {{[%arg0[0], %arg0[1]+%arg2[1], 8]}}
  %j = stablehlo.concatenate %a, %c, dim = 1 : (tensor<?x?x8xf32>, tensor<?x?x8xf32>) -> tensor<?x?x8xf32>
  // expected-remark @+1 {{[]}}
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  // The compact form's reducer is an op of the same location, on scalars.
  // expected-remark @+2 {{[]}}
  // expected-remark @+1 {{[%arg0[0], 8]}}
  %r = stablehlo.reduce(%a init: %init) applies stablehlo.add across dimensions = [1] : (tensor<?x?x8xf32>, tensor<f32>) -> tensor<?x8xf32>
  // expected-remark @+1 {{[%arg0[0], %arg0[1], %arg1[2]]}}
  %d = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<?x?x8xf32>, tensor<?x8x?xf32>) -> tensor<?x?x?xf32>
  return %d : tensor<?x?x?xf32>
}
