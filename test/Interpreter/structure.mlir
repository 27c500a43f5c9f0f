// nd's structural ops in tensor-run, with StableHLO's semantics: reshape
// (static and from a shape operand), transpose (a view, then copied by a
// reshape), concatenate, slice, dynamic_slice (starts clamped into the
// operand), iota, dot_general (as a batched matmul) and nd.reduce with an
// init value (an empty max gives the init value); each run-time size error
// is located at the op.
// RUN: tensor-run %s --entry reshape --arg 'dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>' | FileCheck %s --check-prefix=RESHAPE
// RUN: tensor-run %s --entry dyn_reshape --arg 'dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>' --arg 'dense<[3, 2]> : tensor<2xindex>' | FileCheck %s --check-prefix=DYNRESHAPE
// RUN: not tensor-run %s --entry dyn_reshape --arg 'dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>' --arg 'dense<[4, 2]> : tensor<2xindex>' 2>&1 | FileCheck %s --check-prefix=BADRESHAPE
// RUN: not tensor-run %s --entry dyn_reshape --arg 'dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>' --arg 'dense<[-2, -3]> : tensor<2xindex>' 2>&1 | FileCheck %s --check-prefix=NEGRESHAPE
// RUN: tensor-run %s --entry concat --arg 'dense<[[1], [2]]> : tensor<2x1xi64>' --arg 'dense<[[7, 8], [9, 10]]> : tensor<2x2xi64>' | FileCheck %s --check-prefix=CONCAT
// RUN: not tensor-run %s --entry concat --arg 'dense<[[1], [2]]> : tensor<2x1xi64>' --arg 'dense<[[7, 8]]> : tensor<1x2xi64>' 2>&1 | FileCheck %s --check-prefix=BADCONCAT
// RUN: tensor-run %s --entry slices --arg 'dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]> : tensor<3x4xf64>' --arg 'dense<5> : tensor<i32>' --arg 'dense<-3> : tensor<i64>' | FileCheck %s --check-prefix=SLICES
// RUN: tensor-run %s --entry dyn_slice --arg 'dense<[1.0, 2.0, 3.0]> : tensor<3xf32>' --arg 'dense<1> : tensor<i32>' | FileCheck %s --check-prefix=DYNSLICE
// RUN: not tensor-run %s --entry dyn_slice --arg 'dense<[1.0]> : tensor<1xf32>' --arg 'dense<0> : tensor<i32>' 2>&1 | FileCheck %s --check-prefix=BADSLICE
// RUN: tensor-run %s --entry static_slice_of_dynamic --arg 'dense<[1.0, 2.0, 3.0]> : tensor<3xf32>' | FileCheck %s --check-prefix=SSLICE
// RUN: not tensor-run %s --entry static_slice_of_dynamic --arg 'dense<[1.0]> : tensor<1xf32>' 2>&1 | FileCheck %s --check-prefix=BADSSLICE
// RUN: tensor-run %s --entry iota --arg 'dense<[3, 2]> : tensor<2xindex>' | FileCheck %s --check-prefix=IOTA
// RUN: tensor-run %s --entry dot --arg 'dense<[[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], [[1.0, 1.0, 1.0], [0.0, 0.0, 2.0]]]> : tensor<2x2x3xf32>' --arg 'dense<[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [1.0, 0.0, 1.0]], [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [1.0, 0.0, 1.0]]]> : tensor<2x4x3xf32>' | FileCheck %s --check-prefix=DOT
// RUN: tensor-run %s --entry dot_int --arg 'dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>' --arg 'dense<[1, 10, 100]> : tensor<3xi32>' | FileCheck %s --check-prefix=DOTINT
// RUN: tensor-run %s --entry dot_dyn --arg 'dense<[[1.0, 2.0]]> : tensor<1x2xf16>' --arg 'dense<[[3.0], [4.0]]> : tensor<2x1xf16>' | FileCheck %s --check-prefix=DOTDYN
// RUN: not tensor-run %s --entry dot_dyn --arg 'dense<[[1.0, 2.0]]> : tensor<1x2xf16>' --arg 'dense<[[3.0], [4.0], [5.0]]> : tensor<3x1xf16>' 2>&1 | FileCheck %s --check-prefix=BADDOT
// RUN: tensor-run %s --entry reduce_init --arg 'dense<> : tensor<2x0xf32>' --arg 'dense<[[1.0, 20.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>' | FileCheck %s --check-prefix=INIT
// RUN: tensor-run %s --entry hostile --arg 'dense<> : tensor<1x1x0xf32>' | FileCheck %s --check-prefix=EMPTY
// RUN: tensor-run %s --entry rank0 --arg 'dense<3.0> : tensor<f32>' | FileCheck %s --check-prefix=RANK0
// RUN: not tensor-run %s --entry big_iota --arg 'dense<[4611686018427387904, 4]> : tensor<2xindex>' 2>&1 | FileCheck %s --check-prefix=BIGIOTA

// RESHAPE: dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>
// RESHAPE-NEXT: dense<[1.000000e+00, 4.000000e+00, 2.000000e+00, 5.000000e+00, 3.000000e+00, 6.000000e+00]> : tensor<6xf32>
// DYNRESHAPE: dense<{{\[\[}}1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
// BADRESHAPE: error: 'nd.reshape' op reshapes operand #0 of shape [2, 3] (6 elements) to [4, 2] (8 elements) at run time: the numbers of elements differ
// NEGRESHAPE: error: 'nd.reshape' op operand #1, the shape, has entry 0 = -2 at run time, which is not a size
// CONCAT: dense<{{\[\[}}1, 7, 8, 1], [2, 9, 10, 2]]> : tensor<2x4xi64>
// BADCONCAT: error: 'nd.concatenate' op concatenates along dim 1 operand #0 of shape [2, 1] and operand #1 of shape [1, 2] at run time: their other dims differ
// SLICES: dense<{{\[\[}}4.000000e+00, 6.000000e+00], [8.000000e+00, 1.000000e+01]]> : tensor<2x2xf64>
// SLICES-NEXT: dense<{{\[\[}}4.000000e+00, 5.000000e+00, 6.000000e+00], [8.000000e+00, 9.000000e+00, 1.000000e+01]]> : tensor<2x3xf64>
// DYNSLICE: dense<[2.000000e+00, 3.000000e+00]> : tensor<2xf32>
// BADSLICE: error: 'nd.dynamic_slice' op takes 2 elements of dim 0, but operand #0 has shape [1] at run time
// SSLICE: dense<2.000000e+00> : tensor<1xf32>
// BADSSLICE: error: 'nd.slice' op slices 1:3:2 of dim 0, but operand #0 has shape [1] at run time
// IOTA: dense<{{\[\[}}0, 1, 2], [0, 1, 2]]> : tensor<2x3xi32>
// IOTA-NEXT: dense<{{\[\[}}0.000000e+00, 0.000000e+00], [1.000000e+00, 1.000000e+00], [2.000000e+00, 2.000000e+00]]> : tensor<3x2xf32>
// DOT: dense<{{\[\[}}[1.000000e+00, 4.000000e+00, 7.000000e+00, 1.000000e+00], [2.000000e+00, 5.000000e+00, 8.000000e+00, 0.000000e+00]], {{\[\[}}6.000000e+00, 1.500000e+01, 2.400000e+01, 2.000000e+00], [6.000000e+00, 1.200000e+01, 1.800000e+01, 2.000000e+00]]]> : tensor<2x2x4xf32>
// DOTINT: dense<[531, 642]> : tensor<2xi32>
// DOTDYN: dense<1.100000e+01> : tensor<1x1xf16>
// BADDOT: error: 'nd.dot_general' op contracted dims differ at run time: lhs dims [1] and rhs dims [0] of shapes [1, 2] and [3, 1]
// INIT: dense<0xFF800000> : tensor<2xf32>
// INIT-NEXT: dense<[3.400000e+01, 2.500000e+01]> : tensor<2xf32>
// INIT-NEXT: dense<{{\[\[}}1.000000e+01, 2.000000e+01, 1.000000e+01], [1.000000e+01, 1.000000e+01, 1.000000e+01]]> : tensor<2x3xf32>

// Empty operands (with sizes whose products would overflow without the
// result's bound) and strides far past a dim's end.
// EMPTY: dense<> : tensor<1x1x0xf32>
// EMPTY-NEXT: dense<> : tensor<1x1x0xf32>
// RANK0: dense<3.000000e+00> : tensor<f32>
// RANK0-NEXT: dense<3.000000e+00> : tensor<f32>
// RANK0-NEXT: dense<3.000000e+00> : tensor<1xf32>
// BIGIOTA: error: 'nd.iota' op {{.*}}overflows

func.func @reshape(%x: tensor<2x3xf32>) -> (tensor<3x2xf32>, tensor<6xf32>) {
  %0 = nd.reshape %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %t = nd.transpose %x, permutation = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = nd.reshape %t : (tensor<3x2xf32>) -> tensor<6xf32>
  return %0, %1 : tensor<3x2xf32>, tensor<6xf32>
}
func.func @dyn_reshape(%x: tensor<?x3xi32>, %s: tensor<2xindex>) -> tensor<?x?xi32> {
  %0 = nd.reshape %x, %s : (tensor<?x3xi32>, tensor<2xindex>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}
func.func @concat(%a: tensor<2x1xi64>, %b: tensor<?x?xi64>) -> tensor<2x?xi64> {
  %0 = nd.concatenate %a, %b, %a along 1 : (tensor<2x1xi64>, tensor<?x?xi64>, tensor<2x1xi64>) -> tensor<2x?xi64>
  return %0 : tensor<2x?xi64>
}
func.func @slices(%x: tensor<3x4xf64>, %i: tensor<i32>, %j: tensor<i64>) -> (tensor<2x2xf64>, tensor<2x3xf64>) {
  %0 = nd.slice %x, start = [1, 0], limit = [3, 4], strides = [1, 2] : (tensor<3x4xf64>) -> tensor<2x2xf64>
  %1 = nd.dynamic_slice %x[%i, %j], sizes = [2, 3] : (tensor<3x4xf64>, tensor<i32>, tensor<i64>) -> tensor<2x3xf64>
  return %0, %1 : tensor<2x2xf64>, tensor<2x3xf64>
}
func.func @iota(%s: tensor<2xindex>) -> (tensor<2x3xi32>, tensor<?x?xf32>) {
  %0 = nd.iota dim = 1 : () -> tensor<2x3xi32>
  %1 = nd.iota %s, dim = 0 : (tensor<2xindex>) -> tensor<?x?xf32>
  return %0, %1 : tensor<2x3xi32>, tensor<?x?xf32>
}
func.func @dot(%q: tensor<2x2x3xf32>, %k: tensor<2x4x3xf32>) -> tensor<2x2x4xf32> {
  %0 = nd.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x2x3xf32>, tensor<2x4x3xf32>) -> tensor<2x2x4xf32>
  return %0 : tensor<2x2x4xf32>
}
func.func @dot_int(%a: tensor<3x2xi32>, %b: tensor<3xi32>) -> tensor<2xi32> {
  %0 = nd.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [0] x [0] : (tensor<3x2xi32>, tensor<3xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}
func.func @reduce_init(%x: tensor<2x0xf32>, %y: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2x3xf32>) {
  %ninf = nd.constant dense<0xFF800000> : tensor<f32>
  %ten = nd.constant dense<10.0> : tensor<f32>
  %0 = nd.reduce max %x init %ninf across [1] : (tensor<2x0xf32>, tensor<f32>) -> tensor<2xf32>
  %1 = nd.reduce sum %y init %ten across [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  %2 = nd.reduce max %y init %ten across [] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0, %1, %2 : tensor<2xf32>, tensor<2xf32>, tensor<2x3xf32>
}
func.func @dyn_slice(%x: tensor<?xf32>, %i: tensor<i32>) -> tensor<2xf32> {
  %0 = nd.dynamic_slice %x[%i], sizes = [2] : (tensor<?xf32>, tensor<i32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @static_slice_of_dynamic(%x: tensor<?xf32>) -> tensor<1xf32> {
  %0 = nd.slice %x, start = [1], limit = [3], strides = [2] : (tensor<?xf32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}
func.func @dot_dyn(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %0 = nd.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<?x?xf16>, tensor<?x?xf16>) -> tensor<?x?xf16>
  return %0 : tensor<?x?xf16>
}
func.func @hostile(%x: tensor<?x?x?xf32>) -> (tensor<?x?x?xf32>, tensor<1x1x0xf32>) {
  %0 = nd.concatenate %x, %x along 2 : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %1 = nd.slice %x, start = [0, 0, 0], limit = [1, 1, 0], strides = [9223372036854775807, 9223372036854775807, 3] : (tensor<?x?x?xf32>) -> tensor<1x1x0xf32>
  return %0, %1 : tensor<?x?x?xf32>, tensor<1x1x0xf32>
}
func.func @rank0(%x: tensor<f32>) -> (tensor<f32>, tensor<f32>, tensor<1xf32>) {
  %0 = nd.dynamic_slice %x[], sizes = [] : (tensor<f32>) -> tensor<f32>
  %1 = nd.transpose %x, permutation = [] : (tensor<f32>) -> tensor<f32>
  %2 = nd.reshape %x : (tensor<f32>) -> tensor<1xf32>
  return %0, %1, %2 : tensor<f32>, tensor<f32>, tensor<1xf32>
}
func.func @big_iota(%s: tensor<2xindex>) -> tensor<?x?xi8> {
  %1 = nd.iota %s, dim = 1 : (tensor<2xindex>) -> tensor<?x?xi8>
  return %1 : tensor<?x?xi8>
}
