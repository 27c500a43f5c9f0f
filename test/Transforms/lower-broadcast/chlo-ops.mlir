// --lower-broadcast on CHLO: each implicitly broadcasting op becomes its
// StableHLO op on operands broadcast explicitly to the result's shape, as
// chlo-legalize-to-stablehlo does, but with annotated broadcasts and no check
// the shape analysis proves unneeded.
// RUN: tensor-opt %s -split-input-file --lower-broadcast 2>/dev/null | FileCheck %s
// RUN: tensor-opt %s -split-input-file --lower-broadcast 2>/dev/null > %t
// RUN: tensor-opt %s -split-input-file --lower-broadcast --lower-broadcast 2>/dev/null | diff %t -
// RUN: tensor-opt %s -split-input-file --lower-broadcast -verify-diagnostics > /dev/null
// RUN: tensor-opt %t -split-input-file --allow-unregistered-dialect --verify-explicit-broadcast | diff %t -
// CHECK-NOT: chlo.broadcast_add
// CHECK-NOT: chlo.broadcast_multiply
// CHECK-NOT: chlo.broadcast_subtract
// CHECK-NOT: chlo.broadcast_compare
// CHECK-NOT: chlo.broadcast_select

// Without broadcast_dimensions (NumPy's alignment): a bias on a dynamic batch.
// The result's shape is the batch's size and 4; %x is used as it is.
// CHECK-LABEL: func.func @bias
// CHECK-NEXT:    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
// CHECK-NEXT:    %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
// CHECK-NEXT:    %c = stablehlo.constant dense<4> : tensor<1xi32>
// CHECK-NEXT:    %2 = stablehlo.concatenate %1, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
// CHECK-NEXT:    %3 = stablehlo.dynamic_broadcast_in_dim %arg1, %2, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
// CHECK-NEXT:    %4 = stablehlo.add %arg0, %3 : tensor<?x4xf32>
// CHECK-NEXT:    return %4
func.func @bias(%x: tensor<?x4xf32>, %b: tensor<4xf32>) -> tensor<?x4xf32> {
  %0 = chlo.broadcast_add %x, %b : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// With broadcast_dimensions (XLA's placement): a vector of each row's maximum
// placed on dim 0, proven to be the rows' number by the reduce.
// CHECK-LABEL: func.func @dims
// CHECK:         %[[M:.*]] = stablehlo.reduce
// CHECK:         %[[B:.*]] = stablehlo.dynamic_broadcast_in_dim %[[M]], %{{.*}}, dims = [0] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x4xf32>
// CHECK-NEXT:    stablehlo.subtract %arg0, %[[B]] : tensor<?x4xf32>
func.func @dims(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%x init: %init) applies stablehlo.maximum across dimensions = [1] : (tensor<?x4xf32>, tensor<f32>) -> tensor<?xf32>
  %0 = chlo.broadcast_subtract %x, %m {broadcast_dimensions = array<i64: 0>} : (tensor<?x4xf32>, tensor<?xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// A column stretched along a row: dim 1 of the column is expanding.
// CHECK-LABEL: func.func @column
// CHECK:         stablehlo.dynamic_broadcast_in_dim %arg0, %{{.*}}, dims = [0, 1] {known_expanding_dimensions = array<i64: 1>, known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?x1xf32>, tensor<2xi32>) -> tensor<?x8xf32>
// CHECK-NEXT:    stablehlo.dynamic_broadcast_in_dim %arg1, %{{.*}}, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<8xf32>, tensor<2xi32>) -> tensor<?x8xf32>
// CHECK-NEXT:    stablehlo.multiply
func.func @column(%a: tensor<?x1xf32>, %b: tensor<8xf32>) -> tensor<?x8xf32> {
  %0 = chlo.broadcast_multiply %a, %b : (tensor<?x1xf32>, tensor<8xf32>) -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// Static shapes: plain broadcast_in_dims, and the comparison keeps its direction.
// CHECK-LABEL: func.func @static
// CHECK-NEXT:    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %2 = stablehlo.compare GT, %0, %1, FLOAT : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK-NEXT:    return %2
func.func @static(%a: tensor<2x1xf32>, %b: tensor<3xf32>) -> tensor<2x3xi1> {
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction GT>, compare_type = #chlo<comparison_type FLOAT>} : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// broadcast_select: the predicate and both choices broadcast to the result.
// CHECK-LABEL: func.func @select
// CHECK-NEXT:    %0 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<3xi1>) -> tensor<2x3xi1>
// CHECK-NEXT:    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %2 = stablehlo.select %0, %arg1, %1 : tensor<2x3xi1>, tensor<2x3xf32>
func.func @select(%p: tensor<3xi1>, %a: tensor<2x3xf32>, %b: tensor<f32>) -> tensor<2x3xf32> {
  %0 = chlo.broadcast_select %p, %a, %b : (tensor<3xi1>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Two ? sizes, either of which may be the stretching 1: the result's size is
// the first that is not 1, and each operand's broadcast dispatches on its own
// size (stablehlo.if), checking that a size that is not 1 is the result's.
// CHECK-LABEL: func.func @join
// CHECK:         %[[A:.*]] = stablehlo.get_dimension_size %arg0, dim = 0
// CHECK-NEXT:    %[[B:.*]] = stablehlo.get_dimension_size %arg1, dim = 0
// CHECK-NEXT:    %[[P:.*]] = stablehlo.compare EQ, %[[A]], %c, SIGNED
// CHECK-NEXT:    %[[R:.*]] = stablehlo.select %[[P]], %[[B]], %[[A]] : tensor<i1>, tensor<i32>
// CHECK:         %[[X:.*]] = "stablehlo.if"(%[[P]]) ({
// CHECK:           stablehlo.dynamic_broadcast_in_dim %arg0, %{{.*}}, dims = [0] {known_expanding_dimensions = array<i64: 0>}
// CHECK:           "cf.assert"
// CHECK:           stablehlo.dynamic_broadcast_in_dim %arg0, %{{.*}}, dims = [0] {known_nonexpanding_dimensions = array<i64: 0>}
// CHECK:         %[[Y:.*]] = "stablehlo.if"
// CHECK:           stablehlo.dynamic_broadcast_in_dim %arg1, %{{.*}}, dims = [0] {known_expanding_dimensions = array<i64: 0>}
// CHECK:           "cf.assert"
// CHECK:           stablehlo.dynamic_broadcast_in_dim %arg1, %{{.*}}, dims = [0] {known_nonexpanding_dimensions = array<i64: 0>}
// CHECK:         stablehlo.add %[[X]], %[[Y]] : tensor<?xf32>
func.func @join(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = chlo.broadcast_add %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// atan2 has no StableHLO op here: it stays a CHLO op, on operands broadcast
// explicitly (lowering it again changes nothing).
// CHECK-LABEL: func.func @atan2
// CHECK:         %[[B:.*]] = stablehlo.dynamic_broadcast_in_dim %arg1, %{{.*}}, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
// CHECK-NEXT:    chlo.broadcast_atan2 %arg0, %[[B]] : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
func.func @atan2(%a: tensor<?x4xf32>, %b: tensor<4xf32>) -> tensor<?x4xf32> {
  %0 = chlo.broadcast_atan2 %a, %b : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
