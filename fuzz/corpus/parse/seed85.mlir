// Elementwise ops, broadcasts as views, and a fused chain, on small inputs.
// RUN: tensor-run %s --entry row_add --arg 'dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>' --arg 'dense<[10.0, 20.0, 30.0]> : tensor<3xf32>' | FileCheck %s --check-prefix=ROW
// RUN: tensor-run %s --entry outer --arg 'dense<[[1.0], [2.0], [3.0]]> : tensor<3x1xf32>' --arg 'dense<[[1.0, 10.0]]> : tensor<1x2xf32>' | FileCheck %s --check-prefix=OUTER
// RUN: tensor-run %s --entry chain --arg 'dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>' --arg 'dense<[[1.0], [4.0]]> : tensor<2x1xf32>' --arg 'dense<[1.0, 2.0, 0.5]> : tensor<3xf32>' | FileCheck %s --check-prefix=CHAIN
// RUN: tensor-run %s --lower-first --entry chain --arg 'dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>' --arg 'dense<[[1.0], [4.0]]> : tensor<2x1xf32>' --arg 'dense<[1.0, 2.0, 0.5]> : tensor<3xf32>' | FileCheck %s --check-prefix=CHAIN
// RUN: tensor-run %s --entry unary --arg 'dense<[-4.0, 0.0, 1.0, 4.0]> : tensor<4xf32>' | FileCheck %s --check-prefix=UNARY
// RUN: tensor-run %s --entry cmp_select --arg 'dense<[1.0, 5.0, 3.0]> : tensor<3xf32>' --arg 'dense<3.0> : tensor<f32>' | FileCheck %s --check-prefix=SELECT
// RUN: tensor-run %s --entry cast --arg 'dense<[-1.5, 0.5, 2.7, 300.0]> : tensor<4xf32>' | FileCheck %s --check-prefix=CAST
// RUN: tensor-run %s --entry minmax --arg 'dense<[1.0, 0x7FC00000, -2.0]> : tensor<3xf32>' --arg 'dense<0.0> : tensor<f32>' | FileCheck %s --check-prefix=MINMAX

// ROW: dense<{{\[\[}}1.100000e+01, 2.200000e+01, 3.300000e+01], [1.400000e+01, 2.500000e+01, 3.600000e+01]]> : tensor<2x3xf32>
func.func @row_add(%x: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %y = nd.add %x, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// OUTER: dense<{{\[\[}}1.000000e+00, 1.000000e+01], [2.000000e+00, 2.000000e+01], [3.000000e+00, 3.000000e+01]]> : tensor<3x2xf32>
func.func @outer(%c: tensor<3x1xf32>, %r: tensor<1x2xf32>) -> tensor<3x2xf32> {
  %y = nd.mul %c, %r : (tensor<3x1xf32>, tensor<1x2xf32>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// (x - m) * s runs as one fused group.
// CHAIN: dense<{{\[\[}}0.000000e+00, 2.000000e+00, 1.000000e+00], [0.000000e+00, 2.000000e+00, 1.000000e+00]]> : tensor<2x3xf32>
func.func @chain(%x: tensor<2x3xf32>, %m: tensor<2x1xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  %d = nd.sub %x, %m : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  %y = nd.mul %d, %s : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// UNARY: dense<[4.000000e+00, -0.000000e+00, -1.000000e+00, -4.000000e+00]> : tensor<4xf32>
// UNARY-NEXT: dense<[4.000000e+00, 0.000000e+00, 1.000000e+00, 4.000000e+00]> : tensor<4xf32>
// UNARY-NEXT: dense<[0xFFC00000, 0.000000e+00, 1.000000e+00, 2.000000e+00]> : tensor<4xf32>
// UNARY-NEXT: dense<[0.0183156393, 1.000000e+00, 2.71828175, 54.5981483]> : tensor<4xf32>
func.func @unary(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %n = nd.neg %x : tensor<4xf32>
  %a = nd.abs %x : tensor<4xf32>
  %s = nd.sqrt %x : tensor<4xf32>
  %e = nd.exp %x : tensor<4xf32>
  return %n, %a, %s, %e : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// SELECT: dense<[true, false, false]> : tensor<3xi1>
// SELECT-NEXT: dense<[1.000000e+00, 3.000000e+00, 3.000000e+00]> : tensor<3xf32>
func.func @cmp_select(%x: tensor<3xf32>, %t: tensor<f32>) -> (tensor<3xi1>, tensor<3xf32>) {
  %c = nd.cmp lt, %x, %t : (tensor<3xf32>, tensor<f32>) -> tensor<3xi1>
  %y = nd.select %c, %x, %t : (tensor<3xi1>, tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  return %c, %y : tensor<3xi1>, tensor<3xf32>
}

// Float to integer truncates toward zero and saturates at the type's bounds
// (NaN gives 0), as Rust's `as` does; NumPy leaves out-of-range casts undefined.
// Anything nonzero casts to true.
// CAST: dense<[-1, 0, 2, 300]> : tensor<4xi32>
// CAST-NEXT: dense<true> : tensor<4xi1>
// CAST-NEXT: dense<[-1, 0, 2, 127]> : tensor<4xi8>
// CAST-NEXT: dense<[0, 0, 2, 255]> : tensor<4xui8>
func.func @cast(%x: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xi1>, tensor<4xi8>, tensor<4xui8>) {
  %i = nd.cast %x : tensor<4xf32> to tensor<4xi32>
  %b = nd.cast %x : tensor<4xf32> to tensor<4xi1>
  %s = nd.cast %x : tensor<4xf32> to tensor<4xi8>
  %u = nd.cast %x : tensor<4xf32> to tensor<4xui8>
  return %i, %b, %s, %u : tensor<4xi32>, tensor<4xi1>, tensor<4xi8>, tensor<4xui8>
}

// NaN propagates through max and min, as NumPy's maximum and minimum.
// MINMAX: dense<[1.000000e+00, 0x7FC00000, 0.000000e+00]> : tensor<3xf32>
// MINMAX-NEXT: dense<[0.000000e+00, 0x7FC00000, -2.000000e+00]> : tensor<3xf32>
func.func @minmax(%x: tensor<3xf32>, %z: tensor<f32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %a = nd.max %x, %z : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  %b = nd.min %x, %z : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  return %a, %b : tensor<3xf32>, tensor<3xf32>
}
