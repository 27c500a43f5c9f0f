// The float math ops added as their definition plus tests (issue 25): sin, cos,
// floor, ceil and rsqrt in tensor-run, with NumPy's values (scripts/numpy-diff.py
// checks them on random programs; tests/jit_differential.rs in MLIR's JIT).
// RUN: tensor-run %s --entry math --arg 'dense<[-1.5, 0.0, 0.25, 4.0]> : tensor<4xf32>' | FileCheck %s
// RUN: tensor-run %s --lower-first --entry math --arg 'dense<[-1.5, 0.0, 0.25, 4.0]> : tensor<4xf32>' | FileCheck %s
// RUN: tensor-run %s --entry half --arg 'dense<[-1.5, 2.0]> : tensor<2xf16>' | FileCheck %s --check-prefix=HALF

// CHECK: dense<[-0.997494995, 0.000000e+00, 0.247403964, -0.756802499]> : tensor<4xf32>
// CHECK-NEXT: dense<[7.073720e-02, 1.000000e+00, 0.968912422, -0.653643608]> : tensor<4xf32>
// CHECK-NEXT: dense<[-2.000000e+00, 0.000000e+00, 0.000000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT: dense<[-1.000000e+00, 0.000000e+00, 1.000000e+00, 4.000000e+00]> : tensor<4xf32>
// The root of a negative number is NaN (of either sign), of 0 infinite.
// CHECK-NEXT: dense<[{{0x[7F]FC00000}}, 0x7F800000, 2.000000e+00, 5.000000e-01]> : tensor<4xf32>
func.func @math(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %s = nd.sin %x : tensor<4xf32>
  %c = nd.cos %x : tensor<4xf32>
  %f = nd.floor %x : tensor<4xf32>
  %e = nd.ceil %x : tensor<4xf32>
  %r = nd.rsqrt %x : tensor<4xf32>
  return %s, %c, %f, %e, %r : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// Half precision rounds the root, then the quotient (as NumPy in float16).
// HALF: dense<[{{0x[7F]E00}}, 7.070310e-01]> : tensor<2xf16>
func.func @half(%x: tensor<2xf16>) -> tensor<2xf16> {
  %r = nd.rsqrt %x : tensor<2xf16>
  return %r : tensor<2xf16>
}
