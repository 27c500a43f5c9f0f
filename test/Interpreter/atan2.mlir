// nd.atan2 %y, %x in tensor-run: NumPy's arctan2(y, x), with C's atan2 at
// signed zeros, infinities and NaN (scripts/numpy-diff.py checks it on random
// programs; tests/jit_differential.rs in MLIR's JIT).
// RUN: tensor-run %s --entry edges --arg 'dense<[0.0, -0.0, 0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 1.0]> : tensor<8xf32>' --arg 'dense<[0.0, 0.0, -0.0, -0.0, 0x7F800000, 0xFF800000, 1.0, 0xFF800000]> : tensor<8xf32>' | FileCheck %s --check-prefix=EDGES
// RUN: tensor-run %s --lower-first --entry edges --arg 'dense<[0.0, -0.0, 0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 1.0]> : tensor<8xf32>' --arg 'dense<[0.0, 0.0, -0.0, -0.0, 0x7F800000, 0xFF800000, 1.0, 0xFF800000]> : tensor<8xf32>' | FileCheck %s --check-prefix=EDGES
// RUN: tensor-run %s --entry outer --arg 'dense<[[1.0], [-2.0]]> : tensor<2x1xf64>' --arg 'dense<[1.0, -1.0, 0.5]> : tensor<3xf64>' | FileCheck %s --check-prefix=OUTER
// RUN: tensor-run %s --lower-first --entry outer --arg 'dense<[[1.0], [-2.0]]> : tensor<2x1xf64>' --arg 'dense<[1.0, -1.0, 0.5]> : tensor<3xf64>' | FileCheck %s --check-prefix=OUTER
// RUN: tensor-run %s --entry half --arg 'dense<[1.5, -0.0]> : tensor<2xf16>' --arg 'dense<[2.0, -1.0]> : tensor<2xf16>' | FileCheck %s --check-prefix=HALF

// atan2(+-0, +0) = +-0, atan2(+-0, -0) = +-pi, atan2(+-inf, +-inf) = +-pi/4 or
// +-3pi/4, NaN propagates, atan2(1, -inf) = pi.
// EDGES: dense<[0.000000e+00, -0.000000e+00, 3.14159274, -3.14159274, 0.785398185, -2.3561945, 0x7FC00000, 3.14159274]> : tensor<8xf32>
func.func @edges(%y: tensor<8xf32>, %x: tensor<8xf32>) -> tensor<8xf32> {
  %r = nd.atan2 %y, %x : tensor<8xf32>
  return %r : tensor<8xf32>
}

// NumPy broadcasting of a column and a row: the outer table of angles.
// OUTER: dense<{{\[}}[0.78539816339744828, 2.3561944901923448, 1.1071487177940904], [-1.1071487177940904, -2.0344439357957027, -1.3258176636680326]]> : tensor<2x3xf64>
func.func @outer(%y: tensor<2x1xf64>, %x: tensor<3xf64>) -> tensor<2x3xf64> {
  %r = nd.atan2 %y, %x : (tensor<2x1xf64>, tensor<3xf64>) -> tensor<2x3xf64>
  return %r : tensor<2x3xf64>
}

// Half precision computes in f32 and rounds once (as NumPy in float16).
// HALF: dense<[6.435550e-01, -3.140630e+00]> : tensor<2xf16>
func.func @half(%y: tensor<2xf16>, %x: tensor<2xf16>) -> tensor<2xf16> {
  %r = nd.atan2 %y, %x : tensor<2xf16>
  return %r : tensor<2xf16>
}
