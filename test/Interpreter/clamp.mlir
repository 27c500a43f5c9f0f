// nd.clamp %x, %lo, %hi in tensor-run: np.clip(x, lo, hi) = min(max(x, lo), hi),
// so hi where lo > hi; NaN propagates from any operand (IEEE maximum/minimum).
// RUN: tensor-run %s --entry floats --arg 'dense<[-2.0, 0.5, 3.0, 0x7FC00000, 1.0, -0.0]> : tensor<6xf32>' --arg 'dense<0.0> : tensor<f32>' --arg 'dense<[1.0, 1.0, 1.0, 1.0, 0x7FC00000, -1.0]> : tensor<6xf32>' | FileCheck %s --check-prefix=FLOATS
// RUN: tensor-run %s --lower-first --entry floats --arg 'dense<[-2.0, 0.5, 3.0, 0x7FC00000, 1.0, -0.0]> : tensor<6xf32>' --arg 'dense<0.0> : tensor<f32>' --arg 'dense<[1.0, 1.0, 1.0, 1.0, 0x7FC00000, -1.0]> : tensor<6xf32>' | FileCheck %s --check-prefix=FLOATS
// RUN: tensor-run %s --entry ints --arg 'dense<[-128, 5, 100, 7]> : tensor<4xi8>' --arg 'dense<[0, 0, 0, 10]> : tensor<4xi8>' --arg 'dense<50> : tensor<i8>' | FileCheck %s --check-prefix=INTS
// RUN: tensor-run %s --entry unsigned --arg 'dense<[0, 200, 255]> : tensor<3xui8>' --arg 'dense<[100]> : tensor<1xui8>' --arg 'dense<250> : tensor<ui8>' | FileCheck %s --check-prefix=UNSIGNED
// RUN: not tensor-run %s --entry dynamic --arg 'dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>' --arg 'dense<[0.0, 0.0]> : tensor<2xf32>' --arg 'dense<[[1.0]]> : tensor<1x1xf32>' 2>&1 | FileCheck %s --check-prefix=MISMATCH

// FLOATS: dense<[0.000000e+00, 5.000000e-01, 1.000000e+00, 0x7FC00000, 0x7FC00000, -1.000000e+00]> : tensor<6xf32>
func.func @floats(%x: tensor<6xf32>, %lo: tensor<f32>, %hi: tensor<6xf32>) -> tensor<6xf32> {
  %r = nd.clamp %x, %lo, %hi : (tensor<6xf32>, tensor<f32>, tensor<6xf32>) -> tensor<6xf32>
  return %r : tensor<6xf32>
}

// INTS: dense<[0, 5, 50, 10]> : tensor<4xi8>
func.func @ints(%x: tensor<4xi8>, %lo: tensor<4xi8>, %hi: tensor<i8>) -> tensor<4xi8> {
  %r = nd.clamp %x, %lo, %hi : (tensor<4xi8>, tensor<4xi8>, tensor<i8>) -> tensor<4xi8>
  return %r : tensor<4xi8>
}

// Unsigned order: 200 and 255 are above 100.
// UNSIGNED: dense<[100, 200, 250]> : tensor<3xui8>
func.func @unsigned(%x: tensor<3xui8>, %lo: tensor<1xui8>, %hi: tensor<ui8>) -> tensor<3xui8> {
  %r = nd.clamp %x, %lo, %hi : (tensor<3xui8>, tensor<1xui8>, tensor<ui8>) -> tensor<3xui8>
  return %r : tensor<3xui8>
}

// MISMATCH: error: 'nd.clamp' op operands do not broadcast at run time: operand #0 dim 1 has size 3 but operand #1 dim 0 has size 2
func.func @dynamic(%x: tensor<?x?xf32>, %lo: tensor<?xf32>, %hi: tensor<?x1xf32>) -> tensor<?x?xf32> {
  %r = nd.clamp %x, %lo, %hi : (tensor<?x?xf32>, tensor<?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
