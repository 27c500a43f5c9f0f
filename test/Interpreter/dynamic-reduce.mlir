// nd.dynamic_reduce in tensor-run: the dims come from operand #1 at run time
// (negative from the end), with or without keep_dims and an init value; an axis
// out of range, an axis listed twice, and a count of axes that does not give
// the result's declared rank are errors located at the op.
// RUN: tensor-run %s --entry keep --arg 'dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>' --arg 'dense<[-1]> : tensor<1xi64>' | FileCheck %s --check-prefix=LAST
// RUN: tensor-run %s --entry keep --arg 'dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>' --arg 'dense<[0]> : tensor<1xi64>' | FileCheck %s --check-prefix=FIRST
// RUN: tensor-run %s --entry drop --arg 'dense<[[1, 9, 3], [4, 5, 6]]> : tensor<2x3xi32>' --arg 'dense<[0]> : tensor<1xi32>' | FileCheck %s --check-prefix=MAX
// RUN: tensor-run %s --entry all --arg 'dense<[[1, 9, 3], [4, 5, 6]]> : tensor<2x3xi32>' --arg 'dense<[1, 0]> : tensor<2xi64>' | FileCheck %s --check-prefix=ALL
// RUN: tensor-run %s --entry empty_init --arg 'dense<> : tensor<2x0xf32>' --arg 'dense<[1]> : tensor<1xi64>' --arg 'dense<-5.0> : tensor<f32>' | FileCheck %s --check-prefix=EMPTY
// RUN: not tensor-run %s --entry drop --arg 'dense<[[1, 9, 3], [4, 5, 6]]> : tensor<2x3xi32>' --arg 'dense<[2]> : tensor<1xi32>' 2>&1 | FileCheck %s --check-prefix=HIGH
// RUN: not tensor-run %s --entry drop --arg 'dense<[[1, 9, 3], [4, 5, 6]]> : tensor<2x3xi32>' --arg 'dense<[-3]> : tensor<1xi32>' 2>&1 | FileCheck %s --check-prefix=LOW
// RUN: not tensor-run %s --entry all --arg 'dense<[[1, 9, 3], [4, 5, 6]]> : tensor<2x3xi32>' --arg 'dense<[1, -1]> : tensor<2xi64>' 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not tensor-run %s --entry unknown_count --arg 'dense<[[1, 9, 3], [4, 5, 6]]> : tensor<2x3xi32>' --arg 'dense<[0, 1]> : tensor<2xi64>' 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: not tensor-run %s --entry unsigned --arg 'dense<[1.0, 2.0]> : tensor<2xf32>' --arg 'dense<[18446744073709551615]> : tensor<1xui64>' 2>&1 | FileCheck %s --check-prefix=UNSIGNED

// LAST: dense<{{\[\[}}6.000000e+00], [1.500000e+01]]> : tensor<2x1xf32>
// FIRST: dense<{{\[\[}}5.000000e+00, 7.000000e+00, 9.000000e+00]]> : tensor<1x3xf32>
// MAX: dense<[4, 9, 6]> : tensor<3xi32>
// ALL: dense<9> : tensor<i32>
// EMPTY: dense<-5.000000e+00> : tensor<2xf32>
// HIGH: dynamic-reduce.mlir:33:8: error: 'nd.dynamic_reduce' op has axis 2 (element 0 of operand #1) outside [-2, 2), the rank of operand #0, of shape [2, 3] at run time
// LOW: error: 'nd.dynamic_reduce' op has axis -3 (element 0 of operand #1) outside [-2, 2)
// TWICE: dynamic-reduce.mlir:38:8: error: 'nd.dynamic_reduce' op lists dim 1 twice (elements 0 and 1 of operand #1)
// RANK: dynamic-reduce.mlir:48:8: error: 'nd.dynamic_reduce' op result #0 has shape [] at run time, of rank 0, but its type 'tensor<?xi32>' has rank 1
// UNSIGNED: error: 'nd.dynamic_reduce' op has axis 18446744073709551615 (element 0 of operand #1) outside [-1, 1)

func.func @keep(%x: tensor<2x3xf32>, %a: tensor<1xi64>) -> tensor<?x?xf32> {
  %0 = nd.dynamic_reduce sum %x across %a keep_dims : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @drop(%x: tensor<2x3xi32>, %a: tensor<1xi32>) -> tensor<?xi32> {
  %0 = nd.dynamic_reduce max %x across %a : (tensor<2x3xi32>, tensor<1xi32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

func.func @all(%x: tensor<2x3xi32>, %a: tensor<2xi64>) -> tensor<i32> {
  %0 = nd.dynamic_reduce max %x across %a : (tensor<2x3xi32>, tensor<2xi64>) -> tensor<i32>
  return %0 : tensor<i32>
}

func.func @empty_init(%x: tensor<2x0xf32>, %a: tensor<1xi64>, %i: tensor<f32>) -> tensor<?xf32> {
  %0 = nd.dynamic_reduce max %x across %a init %i : (tensor<2x0xf32>, tensor<1xi64>, tensor<f32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @unknown_count(%x: tensor<2x3xi32>, %a: tensor<?xi64>) -> tensor<?xi32> {
  %0 = nd.dynamic_reduce sum %x across %a : (tensor<2x3xi32>, tensor<?xi64>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

func.func @unsigned(%x: tensor<2xf32>, %a: tensor<1xui64>) -> tensor<f32> {
  %0 = nd.dynamic_reduce sum %x across %a : (tensor<2xf32>, tensor<1xui64>) -> tensor<f32>
  return %0 : tensor<f32>
}
