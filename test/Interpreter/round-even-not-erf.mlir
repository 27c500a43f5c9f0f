// nd.round_even, nd.not and nd.erf in tensor-run (issue 25: each op its
// definition plus tests), with NumPy's values (np.rint, np.invert, math.erf per
// element; scripts/numpy-diff.py checks them on random programs,
// tests/jit_differential.rs in MLIR's JIT).
// RUN: tensor-run %s --entry round --arg 'dense<[0.5, 1.5, 2.5, -0.5, -2.5, -0.4, 3.7, 0x7FC00000]> : tensor<8xf32>' | FileCheck %s --check-prefix=ROUND
// RUN: tensor-run %s --lower-first --entry round --arg 'dense<[0.5, 1.5, 2.5, -0.5, -2.5, -0.4, 3.7, 0x7FC00000]> : tensor<8xf32>' | FileCheck %s --check-prefix=ROUND
// RUN: tensor-run %s --entry round_half --arg 'dense<[2.5, -3.5, 0.5, 1024.0]> : tensor<4xf16>' | FileCheck %s --check-prefix=HALF
// RUN: tensor-run %s --entry not --arg 'dense<[0, 1, -128, 127]> : tensor<4xi8>' --arg 'dense<[true, false]> : tensor<2xi1>' --arg 'dense<[0, 255]> : tensor<2xui8>' | FileCheck %s --check-prefix=NOT
// RUN: tensor-run %s --lower-first --entry not --arg 'dense<[0, 1, -128, 127]> : tensor<4xi8>' --arg 'dense<[true, false]> : tensor<2xi1>' --arg 'dense<[0, 255]> : tensor<2xui8>' | FileCheck %s --check-prefix=NOT
// RUN: tensor-run %s --entry erf --arg 'dense<[0.5, -0.0, 1.0e-10, 3.0, -6.0, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000]> : tensor<8xf64>' | FileCheck %s --check-prefix=ERF
// RUN: tensor-run %s --entry erf_narrow --arg 'dense<[0.5, -1.0]> : tensor<2xf32>' --arg 'dense<[0.5, -1.0]> : tensor<2xbf16>' | FileCheck %s --check-prefix=NARROW

// Ties go to the even neighbour; -0.5 and -0.4 round to -0.0; NaN stays NaN.
// ROUND: dense<[0.000000e+00, 2.000000e+00, 2.000000e+00, -0.000000e+00, -2.000000e+00, -0.000000e+00, 4.000000e+00, 0x7FC00000]> : tensor<8xf32>
func.func @round(%x: tensor<8xf32>) -> tensor<8xf32> {
  %r = nd.round_even %x : tensor<8xf32>
  return %r : tensor<8xf32>
}

// HALF: dense<[2.000000e+00, -4.000000e+00, 0.000000e+00, 1.024000e+03]> : tensor<4xf16>
func.func @round_half(%x: tensor<4xf16>) -> tensor<4xf16> {
  %r = nd.round_even %x : tensor<4xf16>
  return %r : tensor<4xf16>
}

// Every bit flipped (-x - 1 on signed integers); logical not on i1.
// NOT: dense<[-1, -2, 127, -128]> : tensor<4xi8>
// NOT-NEXT: dense<[false, true]> : tensor<2xi1>
// NOT-NEXT: dense<[255, 0]> : tensor<2xui8>
func.func @not(%a: tensor<4xi8>, %b: tensor<2xi1>, %c: tensor<2xui8>) -> (tensor<4xi8>, tensor<2xi1>, tensor<2xui8>) {
  %x = nd.not %a : tensor<4xi8>
  %y = nd.not %b : tensor<2xi1>
  %z = nd.not %c : tensor<2xui8>
  return %x, %y, %z : tensor<4xi8>, tensor<2xi1>, tensor<2xui8>
}

// erf keeps the sign of zero, is +-1 at the infinities, NaN at NaN.
// ERF: dense<[0.52049987781304652, -0.000000e+00, 1.1283791670955126E-10, 0.99997790950300136, -1.000000e+00, 1.000000e+00, -1.000000e+00, 0x7FF8000000000000]> : tensor<8xf64>
func.func @erf(%x: tensor<8xf64>) -> tensor<8xf64> {
  %r = nd.erf %x : tensor<8xf64>
  return %r : tensor<8xf64>
}

// NARROW: dense<[0.520499885, -0.842700779]> : tensor<2xf32>
// NARROW-NEXT: dense<[5.195310e-01, -8.437500e-01]> : tensor<2xbf16>
func.func @erf_narrow(%x: tensor<2xf32>, %y: tensor<2xbf16>) -> (tensor<2xf32>, tensor<2xbf16>) {
  %r = nd.erf %x : tensor<2xf32>
  %s = nd.erf %y : tensor<2xbf16>
  return %r, %s : tensor<2xf32>, tensor<2xbf16>
}
