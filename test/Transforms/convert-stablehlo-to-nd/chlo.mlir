// --convert-stablehlo-to-nd on CHLO: the broadcasting binary ops are nd's,
// which broadcast with the same policy (NumPy's rules, or XLA's
// broadcast_dimensions, spelt the same way), compare is nd.cmp, select is
// nd.select, erf is nd.erf.
// RUN: tensor-opt %s -split-input-file --convert-stablehlo-to-nd | FileCheck %s
// RUN: tensor-opt %s -split-input-file --convert-stablehlo-to-nd --verify-broadcast

// CHECK-LABEL: func.func @binary
// CHECK-NEXT:    %0 = nd.add %arg0, %arg1 : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT:    %1 = nd.sub %0, %arg1 : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT:    %2 = nd.mul %1, %arg1 : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT:    %3 = nd.div %2, %arg1 : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT:    %4 = nd.pow %3, %arg1 : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT:    %5 = nd.max %4, %arg1 : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT:    %6 = nd.min %5, %arg1 : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT:    %7 = nd.atan2 %6, %arg1 : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
func.func @binary(%a: tensor<?x4xf32>, %b: tensor<4xf32>) -> tensor<?x4xf32> {
  %0 = chlo.broadcast_add %a, %b : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %1 = chlo.broadcast_subtract %0, %b : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %2 = chlo.broadcast_multiply %1, %b : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %3 = chlo.broadcast_divide %2, %b : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %4 = chlo.broadcast_power %3, %b : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %5 = chlo.broadcast_maximum %4, %b : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %6 = chlo.broadcast_minimum %5, %b : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %7 = chlo.broadcast_atan2 %6, %b : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return %7 : tensor<?x4xf32>
}

// -----

// XLA's broadcast_dimensions carry over: the vector's dim 0 is the matrix's.
// CHECK-LABEL: func.func @broadcast_dimensions
// CHECK-NEXT:    %0 = nd.mul %arg0, %arg1 {broadcast_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
// CHECK-NEXT:    %1 = nd.cmp lt, %0, %arg0 {broadcast_dimensions = array<i64: 0>} : (tensor<?x3xf32>, tensor<?xf32>) -> tensor<?x3xi1>
func.func @broadcast_dimensions(%v: tensor<?xf32>, %m: tensor<?x3xf32>) -> tensor<?x3xi1> {
  %0 = chlo.broadcast_multiply %v, %m {broadcast_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %1 = chlo.broadcast_compare %0, %v {broadcast_dimensions = array<i64: 0>, comparison_direction = #chlo<comparison_direction LT>} : (tensor<?x3xf32>, tensor<?xf32>) -> tensor<?x3xi1>
  return %1 : tensor<?x3xi1>
}

// -----

// CHECK-LABEL: func.func @logic
// CHECK-NEXT:    %0 = nd.or %arg0, %arg1 : (tensor<4xi1>, tensor<i1>) -> tensor<4xi1>
// CHECK-NEXT:    %1 = nd.and %0, %arg1 : (tensor<4xi1>, tensor<i1>) -> tensor<4xi1>
// CHECK-NEXT:    %2 = nd.or %1, %arg1 : (tensor<4xi1>, tensor<i1>) -> tensor<4xi1>
// CHECK-NEXT:    %3 = nd.xor %2, %arg1 : (tensor<4xi1>, tensor<i1>) -> tensor<4xi1>
func.func @logic(%a: tensor<4xi1>, %b: tensor<i1>) -> tensor<4xi1> {
  %0 = chlo.broadcast_add %a, %b : (tensor<4xi1>, tensor<i1>) -> tensor<4xi1>
  %1 = chlo.broadcast_and %0, %b : (tensor<4xi1>, tensor<i1>) -> tensor<4xi1>
  %2 = chlo.broadcast_or %1, %b : (tensor<4xi1>, tensor<i1>) -> tensor<4xi1>
  %3 = chlo.broadcast_xor %2, %b : (tensor<4xi1>, tensor<i1>) -> tensor<4xi1>
  return %3 : tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @select_erf
// CHECK-NEXT:    %0 = nd.erf %arg1 : tensor<2x1xf32>
// CHECK-NEXT:    %1 = nd.select %arg0, %0, %arg2 : (tensor<3xi1>, tensor<2x1xf32>, tensor<f32>) -> tensor<2x3xf32>
func.func @select_erf(%p: tensor<3xi1>, %a: tensor<2x1xf32>, %b: tensor<f32>) -> tensor<2x3xf32> {
  %0 = chlo.erf %a : tensor<2x1xf32> -> tensor<2x1xf32>
  %1 = chlo.broadcast_select %p, %0, %b : (tensor<3xi1>, tensor<2x1xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}
