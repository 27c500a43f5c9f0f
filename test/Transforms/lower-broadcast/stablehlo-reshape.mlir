// --lower-broadcast on StableHLO also rewrites what IREE 3.13 cannot lower:
// stablehlo.dynamic_reshape (even alone), and the dot_general it would flatten
// with one. They become tensor.collapse_shape / tensor.expand_shape (generic
// form: tensor-opt reads them as unregistered ops), with no check where the
// shape analysis proves how the dims regroup, and a check of the element count
// where it cannot. Lowering the output again changes nothing.
// RUN: tensor-opt %s -split-input-file --lower-broadcast 2>/dev/null | FileCheck %s
// RUN: tensor-opt %s -split-input-file --lower-broadcast 2>/dev/null > %t
// RUN: tensor-opt %t -split-input-file --allow-unregistered-dialect --lower-broadcast | diff %t -
// RUN: tensor-opt %t -split-input-file --allow-unregistered-dialect --verify-explicit-broadcast | diff %t -

// JAX's head split: [b, s, H*D] -> [b, s, H, D]; entry 0 of the shape is the
// operand's own dim 0, so the regrouping is proven: one expand_shape, no check.
// CHECK-LABEL: func.func @split_heads
// CHECK-NOT:     cf.assert
// CHECK:         %[[C0:.*]] = "arith.constant"() <{value = 0 : index}> : () -> index
// CHECK:         %[[B:.*]] = "tensor.dim"(%arg0, %[[C0]]) : (tensor<?x8x16xf32>, index) -> index
// CHECK:         "tensor.expand_shape"(%arg0, %[[B]]) <{reassociation = {{\[\[}}0], [1], [2, 3]], static_output_shape = array<i64: -9223372036854775808, 8, 4, 4>}> : (tensor<?x8x16xf32>, index) -> tensor<?x8x4x4xf32>
// CHECK-NOT:     stablehlo.dynamic_reshape
func.func @split_heads(%x: tensor<?x8x16xf32>) -> tensor<?x8x4x4xf32> {
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x8x16xf32>) -> tensor<i32>
  %r = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %c = stablehlo.constant dense<[8, 4, 4]> : tensor<3xi32>
  %s = stablehlo.concatenate %r, %c, dim = 0 : (tensor<1xi32>, tensor<3xi32>) -> tensor<4xi32>
  %y = stablehlo.dynamic_reshape %x, %s : (tensor<?x8x16xf32>, tensor<4xi32>) -> tensor<?x8x4x4xf32>
  return %y : tensor<?x8x4x4xf32>
}

// -----

// The merge back: [b, s, H, D] -> [b, s, H*D], one collapse_shape.
// CHECK-LABEL: func.func @merge_heads
// CHECK-NOT:     cf.assert
// CHECK:         "tensor.collapse_shape"(%arg0) <{reassociation = {{\[\[}}0], [1], [2, 3]]}> : (tensor<?x8x4x4xf32>) -> tensor<?x8x16xf32>
// CHECK-NOT:     tensor.expand_shape
func.func @merge_heads(%x: tensor<?x8x4x4xf32>) -> tensor<?x8x16xf32> {
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x8x4x4xf32>) -> tensor<i32>
  %r = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %c = stablehlo.constant dense<[8, 16]> : tensor<2xi32>
  %s = stablehlo.concatenate %r, %c, dim = 0 : (tensor<1xi32>, tensor<2xi32>) -> tensor<3xi32>
  %y = stablehlo.dynamic_reshape %x, %s : (tensor<?x8x4x4xf32>, tensor<3xi32>) -> tensor<?x8x16xf32>
  return %y : tensor<?x8x16xf32>
}

// -----

// A size the analysis cannot relate to the operand's: collapse to one dim,
// check the element count at the op, expand to the shape operand's sizes.
// CHECK-LABEL: func.func @unproven
// CHECK:         %[[FLAT:.*]] = "tensor.collapse_shape"(%arg0) <{reassociation = {{\[\[}}0, 1]]}> : (tensor<?x6xf32>) -> tensor<?xf32>
// CHECK:         %[[N:.*]] = "tensor.dim"(%[[FLAT]], %{{.*}}) : (tensor<?xf32>, index) -> index
// CHECK:         %[[E:.*]] = "tensor.extract"(%arg1, %{{.*}}) : (tensor<2xi32>, index) -> i32
// CHECK:         %[[D:.*]] = "arith.index_cast"(%[[E]]) : (i32) -> index
// CHECK:         %[[P:.*]] = "arith.muli"(%[[D]], %{{.*}}) : (index, index) -> index
// CHECK:         %[[OK:.*]] = "arith.cmpi"(%[[P]], %[[N]]) <{predicate = 0 : i64}> : (index, index) -> i1
// CHECK:         "cf.assert"(%[[OK]]) <{msg = "dynamic_reshape: the output shape's element count must be the operand's"}> : (i1) -> ()
// CHECK:         "tensor.expand_shape"(%[[FLAT]], %[[D]]) <{reassociation = {{\[\[}}0, 1]], static_output_shape = array<i64: -9223372036854775808, 4>}> : (tensor<?xf32>, index) -> tensor<?x4xf32>
func.func @unproven(%x: tensor<?x6xf32>, %s: tensor<2xi32>) -> tensor<?x4xf32> {
  %y = stablehlo.dynamic_reshape %x, %s : (tensor<?x6xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}

// -----

// Static shapes: StableHLO's own reshape.
// CHECK-LABEL: func.func @static
// CHECK:         stablehlo.reshape %arg0 : (tensor<2x6xf32>) -> tensor<3x4xf32>
func.func @static(%x: tensor<2x6xf32>, %s: tensor<2xi32>) -> tensor<3x4xf32> {
  %y = stablehlo.dynamic_reshape %x, %s : (tensor<2x6xf32>, tensor<2xi32>) -> tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}

// -----

// A dense layer on [b, s, d]: IREE would flatten [b, s] with a dynamic_reshape;
// the lowering flattens with collapse_shape, multiplies matrices, and expands
// back with b read from the operand.
// CHECK-LABEL: func.func @dense
// CHECK:         %[[M:.*]] = "tensor.collapse_shape"(%arg0) <{reassociation = {{\[\[}}0, 1], [2]]}> : (tensor<?x8x16xf32>) -> tensor<?x16xf32>
// CHECK:         %[[P:.*]] = stablehlo.dot_general %[[M]], %arg1, contracting_dims = [1] x [0] : (tensor<?x16xf32>, tensor<16x32xf32>) -> tensor<?x32xf32>
// CHECK:         %[[B:.*]] = "tensor.dim"(%arg0, %{{.*}}) : (tensor<?x8x16xf32>, index) -> index
// CHECK:         "tensor.expand_shape"(%[[P]], %[[B]]) <{reassociation = {{\[\[}}0, 1], [2]], static_output_shape = array<i64: -9223372036854775808, 8, 32>}> : (tensor<?x32xf32>, index) -> tensor<?x8x32xf32>
func.func @dense(%x: tensor<?x8x16xf32>, %w: tensor<16x32xf32>) -> tensor<?x8x32xf32> {
  %y = stablehlo.dot_general %x, %w, contracting_dims = [2] x [0] : (tensor<?x8x16xf32>, tensor<16x32xf32>) -> tensor<?x8x32xf32>
  return %y : tensor<?x8x32xf32>
}

// -----

// Batched products and matrix products IREE lowers itself stay as they are.
// CHECK-LABEL: func.func @left_alone
// CHECK:         stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<?x8x16xf32>, tensor<?x16x4xf32>) -> tensor<?x8x4xf32>
// CHECK:         stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0] : (tensor<?x16xf32>, tensor<16x4xf32>) -> tensor<?x4xf32>
// CHECK-NOT:     tensor.
func.func @left_alone(%a: tensor<?x8x16xf32>, %b: tensor<?x16x4xf32>, %c: tensor<?x16xf32>, %d: tensor<16x4xf32>) -> (tensor<?x8x4xf32>, tensor<?x4xf32>) {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<?x8x16xf32>, tensor<?x16x4xf32>) -> tensor<?x8x4xf32>
  %1 = stablehlo.dot_general %c, %d, contracting_dims = [1] x [0] : (tensor<?x16xf32>, tensor<16x4xf32>) -> tensor<?x4xf32>
  return %0, %1 : tensor<?x8x4xf32>, tensor<?x4xf32>
}
