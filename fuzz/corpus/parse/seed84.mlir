// nd.reduce (sum, prod, max, min; keep_dims) and nd.matmul (batches broadcast,
// 1-D operands promoted as NumPy's matmul does), and func.call.
// RUN: tensor-run %s --entry reduce --arg 'dense<[[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]]> : tensor<2x3xf32>' | FileCheck %s --check-prefix=REDUCE
// RUN: tensor-run %s --entry reduce_int --arg 'dense<[[100, 100], [3, 4]]> : tensor<2x2xi8>' | FileCheck %s --check-prefix=RINT
// RUN: tensor-run %s --entry matmul --arg 'dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>' --arg 'dense<[[[1.0, 0.0], [0.0, 1.0]], [[0.0, 1.0], [1.0, 0.0]]]> : tensor<2x2x2xf32>' | FileCheck %s --check-prefix=MATMUL
// RUN: tensor-run %s --entry matvec --arg 'dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>' --arg 'dense<[10, 1]> : tensor<2xi64>' | FileCheck %s --check-prefix=MATVEC
// RUN: tensor-run %s --entry matmul_half --arg 'dense<[[1.0, 2.0]]> : tensor<1x2xf16>' --arg 'dense<[[3.0], [4.0]]> : tensor<2x1xf16>' | FileCheck %s --check-prefix=HALF
// RUN: tensor-run %s --entry caller --arg 'dense<[1.0, 2.0]> : tensor<2xf64>' | FileCheck %s --check-prefix=CALL

// REDUCE: dense<[2.000000e+00, 3.000000e+00]> : tensor<2xf32>
// REDUCE-NEXT: dense<{{\[\[}}3.000000e+00], [5.000000e+00]]> : tensor<2x1xf32>
// REDUCE-NEXT: dense<[4.000000e+00, 5.000000e+00, 3.000000e+00]> : tensor<3xf32>
// REDUCE-NEXT: dense<-6.000000e+00> : tensor<f32>
// REDUCE-NEXT: dense<7.200000e+02> : tensor<f32>
func.func @reduce(%x: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2x1xf32>, tensor<3xf32>, tensor<f32>, tensor<f32>) {
  %s = nd.reduce sum %x across [1] : (tensor<2x3xf32>) -> tensor<2xf32>
  %m = nd.reduce max %x across [1] keep_dims : (tensor<2x3xf32>) -> tensor<2x1xf32>
  %c = nd.reduce max %x across [0] : (tensor<2x3xf32>) -> tensor<3xf32>
  %n = nd.reduce min %x across [0, 1] : (tensor<2x3xf32>) -> tensor<f32>
  %p = nd.reduce prod %x across [0, 1] : (tensor<2x3xf32>) -> tensor<f32>
  return %s, %m, %c, %n, %p : tensor<2xf32>, tensor<2x1xf32>, tensor<3xf32>, tensor<f32>, tensor<f32>
}

// Integer sums wrap in the element type.
// RINT: dense<[-56, 7]> : tensor<2xi8>
func.func @reduce_int(%x: tensor<2x2xi8>) -> tensor<2xi8> {
  %s = nd.reduce sum %x across [1] : (tensor<2x2xi8>) -> tensor<2xi8>
  return %s : tensor<2xi8>
}

// MATMUL: dense<{{\[\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]], {{\[\[}}2.000000e+00, 1.000000e+00], [4.000000e+00, 3.000000e+00]]]> : tensor<2x2x2xf32>
func.func @matmul(%a: tensor<2x2xf32>, %b: tensor<2x2x2xf32>) -> tensor<2x2x2xf32> {
  %c = nd.matmul %a, %b : (tensor<2x2xf32>, tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
  return %c : tensor<2x2x2xf32>
}

// MATVEC: dense<[12, 34]> : tensor<2xi64>
func.func @matvec(%a: tensor<2x2xi64>, %v: tensor<2xi64>) -> tensor<2xi64> {
  %c = nd.matmul %a, %v : (tensor<2x2xi64>, tensor<2xi64>) -> tensor<2xi64>
  return %c : tensor<2xi64>
}

// HALF: dense<1.100000e+01> : tensor<1x1xf16>
func.func @matmul_half(%a: tensor<1x2xf16>, %b: tensor<2x1xf16>) -> tensor<1x1xf16> {
  %c = nd.matmul %a, %b : (tensor<1x2xf16>, tensor<2x1xf16>) -> tensor<1x1xf16>
  return %c : tensor<1x1xf16>
}

// CALL: dense<[3.000000e+00, 6.000000e+00]> : tensor<2xf64>
func.func @triple(%x: tensor<?xf64>) -> tensor<?xf64> {
  %c = nd.constant dense<3.0> : tensor<f64>
  %y = nd.mul %x, %c : (tensor<?xf64>, tensor<f64>) -> tensor<?xf64>
  return %y : tensor<?xf64>
}
func.func @caller(%x: tensor<?xf64>) -> tensor<?xf64> {
  %y = func.call @triple(%x) : (tensor<?xf64>) -> tensor<?xf64>
  return %y : tensor<?xf64>
}
