// --lower-broadcast with static shapes and NumPy rules: each operand that does
// not have the result's shape gets a static nd.broadcast_in_dim (no shape ops);
// one that has it is left alone.
// RUN: tensor-opt %s -split-input-file --lower-broadcast | FileCheck %s
// Lowering twice is lowering once; the output re-parses, verifies and broadcasts
// nothing implicitly.
// RUN: tensor-opt %s -split-input-file --lower-broadcast > %t
// RUN: tensor-opt %s -split-input-file --lower-broadcast --lower-broadcast | diff %t -
// RUN: tensor-opt %t -split-input-file --verify-explicit-broadcast | diff %t -

// Rank promotion: 1s are prepended, so the vector's dim goes to the last result
// dim; the matrix already has the result's shape.
// CHECK-LABEL: func.func @rank_promotion
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg1, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
// CHECK-NEXT:    %1 = nd.add %arg0, %0 : tensor<3x4xf32>
// CHECK-NEXT:    return %1
func.func @rank_promotion(%m: tensor<3x4xf32>, %v: tensor<4xf32>) -> tensor<3x4xf32> {
  %0 = nd.add %m, %v : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// 1-to-n expansion on both sides (an outer product): each size-1 dim stretches.
// CHECK-LABEL: func.func @one_to_n
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x4xf32>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<3x4xf32>
// CHECK-NEXT:    %2 = nd.mul %0, %1 : tensor<3x4xf32>
func.func @one_to_n(%a: tensor<3x1xf32>, %b: tensor<1x4xf32>) -> tensor<3x4xf32> {
  %0 = nd.mul %a, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// A scalar (rank 0) broadcasts with no dims to map.
// CHECK-LABEL: func.func @scalar
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<2x3xi32>
// CHECK-NEXT:    %1 = nd.sub %arg0, %0 : tensor<2x3xi32>
func.func @scalar(%m: tensor<2x3xi32>, %s: tensor<i32>) -> tensor<2x3xi32> {
  %0 = nd.sub %m, %s : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// Ops whose operands already have the result's shape are left alone, and so is
// everything that does not broadcast.
// CHECK-LABEL: func.func @left_alone
// CHECK-NEXT:    %0 = nd.add %arg0, %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %1 = nd.exp %0 : tensor<2x3xf32>
// CHECK-NEXT:    %2 = nd.reduce sum %1 across [1] : (tensor<2x3xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %3 = nd.cast %2 : tensor<2xf32> to tensor<2xi32>
// CHECK-NEXT:    return %3
func.func @left_alone(%a: tensor<2x3xf32>) -> tensor<2xi32> {
  %0 = nd.add %a, %a : tensor<2x3xf32>
  %1 = nd.exp %0 : tensor<2x3xf32>
  %2 = nd.reduce sum %1 across [1] : (tensor<2x3xf32>) -> tensor<2xf32>
  %3 = nd.cast %2 : tensor<2xf32> to tensor<2xi32>
  return %3 : tensor<2xi32>
}

// -----

// nd.cmp: the operands are broadcast with their own element type; the result is
// i1.
// CHECK-LABEL: func.func @cmp
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT:    %1 = nd.cmp lt, %arg0, %0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
func.func @cmp(%a: tensor<4xf32>, %b: tensor<f32>) -> tensor<4xi1> {
  %0 = nd.cmp lt, %a, %b : (tensor<4xf32>, tensor<f32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// nd.select: all three operands, the i1 condition included, are broadcast to the
// result's shape.
// CHECK-LABEL: func.func @select
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, dims = [1] : (tensor<4xi1>) -> tensor<2x4xi1>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
// CHECK-NEXT:    %2 = nd.select %0, %arg1, %1 : (tensor<2x4xi1>, tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
func.func @select(%c: tensor<4xi1>, %a: tensor<2x4xf32>, %b: tensor<f32>) -> tensor<2x4xf32> {
  %0 = nd.select %c, %a, %b : (tensor<4xi1>, tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// A unary op never broadcasts: with its operand's type it is left alone.
// CHECK-LABEL: func.func @unary
// CHECK-NEXT:    %0 = nd.neg %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    return %0
func.func @unary(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = nd.neg %a : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Every binary op lowers the same way. An operand broadcast the same way again in
// the same block reuses the first broadcast.
// CHECK-LABEL: func.func @binary_ops
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg1, dims = [1] : (tensor<3xi32>) -> tensor<2x3xi32>
// CHECK-NEXT:    %1 = nd.add %arg0, %0 : tensor<2x3xi32>
// CHECK-NEXT:    %2 = nd.sub %arg0, %0 : tensor<2x3xi32>
// CHECK-NOT:     nd.broadcast_in_dim
// CHECK:         %11 = nd.xor %arg0, %0 : tensor<2x3xi32>
func.func @binary_ops(%a: tensor<2x3xi32>, %b: tensor<3xi32>) {
  %0 = nd.add %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %1 = nd.sub %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %2 = nd.mul %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %3 = nd.div %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %4 = nd.rem %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %5 = nd.pow %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %6 = nd.max %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %7 = nd.min %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %8 = nd.and %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %9 = nd.or %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %10 = nd.xor %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10) : (tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>) -> ()
  return
}

// -----

// A broadcast is reused only within its block: the op in the region of
// "test.region" gets its own (a later op of the outer block could not see it).
// CHECK-LABEL: func.func @reuse_per_block
// CHECK-NEXT:    %0 = "test.region"() ({
// CHECK-NEXT:      %3 = nd.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:      %4 = nd.add %arg0, %3 : tensor<2x3xf32>
// CHECK-NEXT:      "test.yield"(%4) : (tensor<2x3xf32>) -> ()
// CHECK-NEXT:    }) : () -> tensor<2x3xf32>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %2 = nd.add %arg0, %1 : tensor<2x3xf32>
func.func @reuse_per_block(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = "test.region"() ({
    %1 = nd.add %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    "test.yield"(%1) : (tensor<2x3xf32>) -> ()
  }) : () -> tensor<2x3xf32>
  %2 = nd.add %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %2 : tensor<2x3xf32>
}

// -----

// Broadcasts of the same operand to different shapes, or of different operands,
// are not shared.
// CHECK-LABEL: func.func @reuse_only_equal
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %1 = nd.add %arg1, %0 : tensor<2x3xf32>
// CHECK-NEXT:    %2 = nd.broadcast_in_dim %arg0, dims = [1] : (tensor<3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT:    %3 = nd.add %arg2, %2 : tensor<4x3xf32>
// CHECK-NEXT:    %4 = nd.broadcast_in_dim %arg3, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %5 = nd.add %arg1, %4 : tensor<2x3xf32>
func.func @reuse_only_equal(%v: tensor<3xf32>, %m: tensor<2x3xf32>, %n: tensor<4x3xf32>, %w: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<4x3xf32>, tensor<2x3xf32>) {
  %0 = nd.add %m, %v : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = nd.add %n, %v : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  %2 = nd.add %m, %w : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<4x3xf32>, tensor<2x3xf32>
}
