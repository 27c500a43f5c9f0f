// nd.gather (numpy.take) and nd.gather_elements (numpy.take_along_axis) in
// tensor-run: values along each axis, 0-D and 2-D indices, negative indices
// counted from the end, a transposed (non-row-major) operand, and each
// run-time error (an index outside [-n, n), indices wider than data off the
// axis) located at the op.
// RUN: tensor-run %s --entry take --arg 'dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xi32>' --arg 'dense<[2, -3, -1]> : tensor<3xi64>' | FileCheck %s --check-prefix=TAKE
// RUN: tensor-run %s --entry take_rows --arg 'dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>' --arg 'dense<[[2, 0], [-2, 2]]> : tensor<2x2xi32>' | FileCheck %s --check-prefix=ROWS
// RUN: tensor-run %s --entry take_scalar --arg 'dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>' --arg 'dense<-1> : tensor<i32>' | FileCheck %s --check-prefix=SCALAR
// RUN: tensor-run %s --entry take_transposed --arg 'dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xi32>' --arg 'dense<[1]> : tensor<1xi64>' | FileCheck %s --check-prefix=TRANS
// RUN: not tensor-run %s --entry take --arg 'dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xi32>' --arg 'dense<[0, 3, 1]> : tensor<3xi64>' 2>&1 | FileCheck %s --check-prefix=TAKEHIGH
// RUN: not tensor-run %s --entry take --arg 'dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xi32>' --arg 'dense<[0, -4, 1]> : tensor<3xi64>' 2>&1 | FileCheck %s --check-prefix=TAKELOW
// RUN: not tensor-run %s --entry take_unsigned --arg 'dense<[1.0, 2.0]> : tensor<2xf32>' --arg 'dense<[18446744073709551615]> : tensor<1xui64>' 2>&1 | FileCheck %s --check-prefix=UNSIGNED
// RUN: tensor-run %s --entry along --arg 'dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>' --arg 'dense<[[0, 0], [1, 0]]> : tensor<2x2xi64>' | FileCheck %s --check-prefix=ALONG
// RUN: tensor-run %s --entry along_rows --arg 'dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xi32>' --arg 'dense<[[1, 2, 0], [2, 0, -3]]> : tensor<2x3xi32>' | FileCheck %s --check-prefix=ROWSEL
// RUN: tensor-run %s --entry along_dyn --arg 'dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf64>' --arg 'dense<[[-1], [0]]> : tensor<2x1xi64>' | FileCheck %s --check-prefix=ALONGDYN
// RUN: not tensor-run %s --entry along_dyn --arg 'dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf64>' --arg 'dense<[[0], [0], [0]]> : tensor<3x1xi64>' 2>&1 | FileCheck %s --check-prefix=WIDE
// RUN: not tensor-run %s --entry along_dyn --arg 'dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf64>' --arg 'dense<[[0], [3]]> : tensor<2x1xi64>' 2>&1 | FileCheck %s --check-prefix=ALONGHIGH

// TAKE: dense<{{\[\[}}2, 0, 2], [5, 3, 5]]> : tensor<2x3xi32>
// ROWS: dense<{{\[\[\[}}5.000000e+00, 6.000000e+00], [1.000000e+00, 2.000000e+00]], {{\[\[}}3.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00]]]> : tensor<2x2x2xf32>
// SCALAR: dense<[5.000000e+00, 6.000000e+00]> : tensor<2xf32>
// TRANS: dense<{{\[\[}}1, 4]]> : tensor<1x2xi32>
// TAKEHIGH: gather.mlir:33:8: error: 'nd.gather' op has index 3 (element 1 of operand #1) outside [-3, 3), the size of dim 1 of operand #0 at run time
// TAKELOW: gather.mlir:33:8: error: 'nd.gather' op has index -4 (element 1 of operand #1) outside [-3, 3), the size of dim 1 of operand #0 at run time
// UNSIGNED: error: 'nd.gather' op has index 18446744073709551615 (element 0 of operand #1) outside [-2, 2)
// ALONG: dense<{{\[\[}}1, 1], [4, 3]]> : tensor<2x2xi32>
// ROWSEL: dense<{{\[\[}}4, 8, 3], [7, 2, 3]]> : tensor<2x3xi32>
// ALONGDYN: dense<{{\[\[}}3.000000e+00], [4.000000e+00]]> : tensor<2x1xf64>
// WIDE: error: 'nd.gather_elements' op gathers along dim 1 from operand #0 of shape [2, 3] with indices of shape [3, 1] at run time: off the axis the indices' sizes must not exceed data's
// ALONGHIGH: error: 'nd.gather_elements' op has index 3 (element 1 of operand #1) outside [-3, 3), the size of dim 1 of operand #0 at run time

func.func @take(%x: tensor<2x3xi32>, %i: tensor<3xi64>) -> tensor<2x3xi32> {
  %0 = nd.gather %x[%i], axis = 1 : (tensor<2x3xi32>, tensor<3xi64>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

func.func @take_rows(%x: tensor<3x2xf32>, %i: tensor<2x2xi32>) -> tensor<2x2x2xf32> {
  %0 = nd.gather %x[%i], axis = 0 : (tensor<3x2xf32>, tensor<2x2xi32>) -> tensor<2x2x2xf32>
  return %0 : tensor<2x2x2xf32>
}

func.func @take_scalar(%x: tensor<3x2xf32>, %i: tensor<i32>) -> tensor<2xf32> {
  %0 = nd.gather %x[%i], axis = 0 : (tensor<3x2xf32>, tensor<i32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

func.func @take_transposed(%x: tensor<2x3xi32>, %i: tensor<1xi64>) -> tensor<1x2xi32> {
  %t = nd.transpose %x, permutation = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
  %0 = nd.gather %t[%i], axis = 0 : (tensor<3x2xi32>, tensor<1xi64>) -> tensor<1x2xi32>
  return %0 : tensor<1x2xi32>
}

func.func @take_unsigned(%x: tensor<2xf32>, %i: tensor<1xui64>) -> tensor<1xf32> {
  %0 = nd.gather %x[%i], axis = 0 : (tensor<2xf32>, tensor<1xui64>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

func.func @along(%x: tensor<2x2xi32>, %i: tensor<2x2xi64>) -> tensor<2x2xi32> {
  %0 = nd.gather_elements %x[%i], axis = 1 : (tensor<2x2xi32>, tensor<2x2xi64>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

func.func @along_rows(%x: tensor<3x3xi32>, %i: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %0 = nd.gather_elements %x[%i], axis = 0 : (tensor<3x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

func.func @along_dyn(%x: tensor<2x3xf64>, %i: tensor<?x1xi64>) -> tensor<?x1xf64> {
  %0 = nd.gather_elements %x[%i], axis = 1 : (tensor<2x3xf64>, tensor<?x1xi64>) -> tensor<?x1xf64>
  return %0 : tensor<?x1xf64>
}
