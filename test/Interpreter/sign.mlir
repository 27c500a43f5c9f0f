// nd.sign in tensor-run (issue 25: the op as its definition plus tests): -1, 0
// or 1 as NumPy's np.sign, NaN for NaN, but -0.0 stays -0.0 as StableHLO's sign
// specifies (np.sign gives +0.0; the two compare equal). Floats and signed
// integers only (invalid.mlir).
// RUN: tensor-run %s --entry floats --arg 'dense<[-3.5, 0.0, -0.0, 2.0e-30, 0x7FC00000, 0xFF800000, 0x7F800000, -1.0e-45]> : tensor<8xf32>' | FileCheck %s
// RUN: tensor-run %s --lower-first --entry floats --arg 'dense<[-3.5, 0.0, -0.0, 2.0e-30, 0x7FC00000, 0xFF800000, 0x7F800000, -1.0e-45]> : tensor<8xf32>' | FileCheck %s
// RUN: tensor-run %s --entry ints --arg 'dense<[-128, -1, 0, 1, 127]> : tensor<5xi8>' --arg 'dense<[-9223372036854775808, 0, 42]> : tensor<3xindex>' --arg 'dense<[-0.0, 0x7E00, -6.0e-8, 65504.0]> : tensor<4xf16>' | FileCheck %s --check-prefix=INTS

// CHECK: dense<[-1.000000e+00, 0.000000e+00, -0.000000e+00, 1.000000e+00, 0x7FC00000, -1.000000e+00, 1.000000e+00, -1.000000e+00]> : tensor<8xf32>
func.func @floats(%x: tensor<8xf32>) -> tensor<8xf32> {
  %r = nd.sign %x : tensor<8xf32>
  return %r : tensor<8xf32>
}

// INTS: dense<[-1, -1, 0, 1, 1]> : tensor<5xi8>
// INTS-NEXT: dense<[-1, 0, 1]> : tensor<3xindex>
// INTS-NEXT: dense<[-0.000000e+00, 0x7E00, -1.000000e+00, 1.000000e+00]> : tensor<4xf16>
func.func @ints(%a: tensor<5xi8>, %b: tensor<3xindex>, %h: tensor<4xf16>) -> (tensor<5xi8>, tensor<3xindex>, tensor<4xf16>) {
  %x = nd.sign %a : tensor<5xi8>
  %y = nd.sign %b : tensor<3xindex>
  %z = nd.sign %h : tensor<4xf16>
  return %x, %y, %z : tensor<5xi8>, tensor<3xindex>, tensor<4xf16>
}
