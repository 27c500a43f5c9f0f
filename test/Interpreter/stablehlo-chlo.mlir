// tensor-run on CHLO: implicit broadcasts with NumPy's rules or XLA's
// broadcast_dimensions, run as nd's ops with the same policy; a `?` that is 1
// at run time stretches, one that is neither 1 nor the other size fails at the
// op.
// RUN: tensor-run %s --entry xla --arg 'dense<[10.0, 20.0]> : tensor<2xf32>' --arg 'dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>' | FileCheck %s --check-prefix=XLA
// RUN: tensor-run %s --entry xla --arg 'dense<[10.0]> : tensor<1xf32>' --arg 'dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>' | FileCheck %s --check-prefix=XLA-STRETCH
// RUN: not tensor-run %s --entry xla --arg 'dense<[1.0, 2.0, 3.0]> : tensor<3xf32>' --arg 'dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>' 2>&1 | FileCheck %s --check-prefix=XLA-BAD
// RUN: tensor-run %s --entry numpy --arg 'dense<[[1.0], [-1.0]]> : tensor<2x1xf32>' --arg 'dense<[0.0, 1.0, 2.0]> : tensor<3xf32>' | FileCheck %s --check-prefix=NUMPY

// The vector's dim 0 is the matrix's dim 0 (broadcast_dimensions = [0]).
// XLA: dense<{{\[\[}}1.000000e+01, 2.000000e+01, 3.000000e+01], [8.000000e+01, 1.000000e+02, 1.200000e+02]]> : tensor<2x3xf32>
// XLA-NEXT: dense<{{\[\[}}false, true, true], [true, true, true]]> : tensor<2x3xi1>
// XLA-STRETCH: dense<{{\[\[}}1.000000e+01, 2.000000e+01, 3.000000e+01], [4.000000e+01, 5.000000e+01, 6.000000e+01]]> : tensor<2x3xf32>
// XLA-BAD: stablehlo-chlo.mlir:[[# @LINE + 2]]:8: error:
func.func @xla(%v: tensor<?xf32>, %m: tensor<?x3xf32>) -> (tensor<?x3xf32>, tensor<?x3xi1>) {
  %0 = chlo.broadcast_multiply %v, %m {broadcast_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %c = stablehlo.constant dense<15.0> : tensor<f32>
  %1 = chlo.broadcast_compare %0, %c {comparison_direction = #chlo<comparison_direction GT>} : (tensor<?x3xf32>, tensor<f32>) -> tensor<?x3xi1>
  return %0, %1 : tensor<?x3xf32>, tensor<?x3xi1>
}

// NumPy's rules: 2x1 with 3 is 2x3; select broadcasts its three operands;
// erf of 0 is 0.
// NUMPY: dense<{{\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00], [-1.000000e+00, 0.000000e+00, 1.000000e+00]]> : tensor<2x3xf32>
// NUMPY-NEXT: dense<{{\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00], [0.000000e+00, 0.000000e+00, 1.000000e+00]]> : tensor<2x3xf32>
// NUMPY-NEXT: dense<[0.000000e+00, 0.842700779, 0.995322287]> : tensor<3xf32>
func.func @numpy(%a: tensor<2x1xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<3xf32>) {
  %0 = chlo.broadcast_add %a, %b : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %p = chlo.broadcast_compare %0, %z {comparison_direction = #chlo<comparison_direction GT>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xi1>
  %1 = chlo.broadcast_select %p, %0, %z : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %2 = chlo.erf %b : tensor<3xf32> -> tensor<3xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<3xf32>
}
