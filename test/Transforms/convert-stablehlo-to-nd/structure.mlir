// --convert-stablehlo-to-nd on constants, broadcasts, sizes, reductions, JAX's
// shape assertions and the structural ops.
// RUN: tensor-opt %s -split-input-file --convert-stablehlo-to-nd | FileCheck %s

// CHECK-LABEL: func.func @constant_broadcast
// CHECK-NEXT:    %0 = nd.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %0, dims = [1] : (tensor<2xf32>) -> tensor<3x2xf32>
func.func @constant_broadcast() -> tensor<3x2xf32> {
  %c = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// JAX's shape tensor is tensor<Nxi32>: cast to index entries. The
// non-expanding annotation is kept; the expanding one is a promise nd does not
// need.
// CHECK-LABEL: func.func @dynamic_broadcast
// CHECK-NEXT:    %0 = nd.cast %arg1 : tensor<2xi32> to tensor<2xindex>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %arg0, %0, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
func.func @dynamic_broadcast(%x: tensor<?x1xf32>, %s: tensor<2xi32>) -> tensor<?x?xf32> {
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?x1xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @dimension_size
// CHECK-NEXT:    %0 = nd.dim %arg0[1] : (tensor<2x?xf32>) -> tensor<index>
// CHECK-NEXT:    %1 = nd.cast %0 : tensor<index> to tensor<i32>
func.func @dimension_size(%x: tensor<2x?xf32>) -> tensor<i32> {
  %0 = stablehlo.get_dimension_size %x, dim = 1 : (tensor<2x?xf32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// An init value that is the reduction's identity is left out; another is
// nd.reduce's init operand.
// CHECK-LABEL: func.func @reduce
// CHECK:         %[[S:.*]] = nd.reduce sum %arg0 across [1] : (tensor<2x3xf32>) -> tensor<2xf32>
// CHECK:         %[[M:.*]] = nd.reduce max %arg0 across [0] : (tensor<2x3xf32>) -> tensor<3xf32>
// CHECK:         %[[I:.*]] = nd.constant dense<5.000000e+00> : tensor<f32>
// CHECK-NEXT:    %{{.*}} = nd.reduce min %arg0 init %[[I]] across [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
// CHECK:         nd.reduce prod %arg1 across [0] : (tensor<4xi32>) -> tensor<i32>
// CHECK:         nd.reduce max %arg2 across [0] : (tensor<4xi1>) -> tensor<i1>
func.func @reduce(%x: tensor<2x3xf32>, %i: tensor<4xi32>, %p: tensor<4xi1>) -> (tensor<2xf32>, tensor<3xf32>, tensor<f32>, tensor<i32>, tensor<i1>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %1 = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  %five = stablehlo.constant dense<5.0> : tensor<f32>
  %2 = stablehlo.reduce(%x init: %five) applies stablehlo.minimum across dimensions = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %3 = stablehlo.reduce(%i init: %one) applies stablehlo.multiply across dimensions = [0] : (tensor<4xi32>, tensor<i32>) -> tensor<i32>
  %false = stablehlo.constant dense<false> : tensor<i1>
  %4 = stablehlo.reduce(%p init: %false) applies stablehlo.or across dimensions = [0] : (tensor<4xi1>, tensor<i1>) -> tensor<i1>
  return %0, %1, %2, %3, %4 : tensor<2xf32>, tensor<3xf32>, tensor<f32>, tensor<i32>, tensor<i1>
}

// -----

// A reducer written as a region, with its arguments in the other order.
// CHECK-LABEL: func.func @reduce_region
// CHECK:         nd.reduce sum %arg0 across [0] : (tensor<4xf32>) -> tensor<f32>
func.func @reduce_region(%x: tensor<4xf32>) -> tensor<f32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %zero) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
   reducer(%a: tensor<f32>, %b: tensor<f32>)  {
    %s = stablehlo.add %b, %a : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

// JAX's shape assertion: an nd.assert with its message and values.
// CHECK-LABEL: func.func @shape_assertion
// CHECK:         nd.assert %{{.*}}, %{{.*}} {message = "Expected value >= 1 for dimension variable 'b', got {0}"} : (tensor<i1>, tensor<i32>) -> ()
func.func @shape_assertion(%x: tensor<?xf32>) -> tensor<?xf32> {
  %c = stablehlo.constant dense<1> : tensor<i32>
  %0 = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %1 = stablehlo.compare GE, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  stablehlo.custom_call @shape_assertion(%1, %0) {api_version = 2 : i32, error_message = "Expected value >= 1 for dimension variable 'b', got {0}", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  return %x : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @layout
// CHECK-NEXT:    %0 = nd.reshape %arg0 : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:    %1 = nd.transpose %0, permutation = [1, 0] : (tensor<3x2xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %2 = nd.concatenate %1, %arg0 along 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT:    %3 = nd.slice %2, start = [1, 0], limit = [3, 3], strides = [1, 2] : (tensor<4x3xf32>) -> tensor<2x2xf32>
// CHECK-NEXT:    %4 = nd.dynamic_slice %2[%arg1, %arg1], sizes = [2, 2] : (tensor<4x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
// CHECK-NEXT:    %5 = nd.iota dim = 1 : () -> tensor<2x2xf32>
// CHECK-NEXT:    %6 = nd.dot_general %3, %4, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
func.func @layout(%x: tensor<2x3xf32>, %i: tensor<i32>) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
  %0 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<3x2xf32>) -> tensor<2x3xf32>
  %2 = stablehlo.concatenate %1, %x, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  %3 = stablehlo.slice %2 [1:3, 0:3:2] : (tensor<4x3xf32>) -> tensor<2x2xf32>
  %4 = stablehlo.dynamic_slice %2, %i, %i, sizes = [2, 2] : (tensor<4x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  %5 = stablehlo.iota dim = 1 : tensor<2x2xf32>
  %6 = stablehlo.dot_general %3, %4, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %5, %6 : tensor<2x2xf32>, tensor<2x2xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_layout
// CHECK-NEXT:    %0 = nd.cast %arg1 : tensor<2xi32> to tensor<2xindex>
// CHECK-NEXT:    %1 = nd.reshape %arg0, %0 : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x2xf32>
// CHECK-NEXT:    %2 = nd.cast %arg1 : tensor<2xi32> to tensor<2xindex>
// CHECK-NEXT:    %3 = nd.iota %2, dim = 0 : (tensor<2xindex>) -> tensor<?x2xi32>
func.func @dynamic_layout(%x: tensor<?xf32>, %s: tensor<2xi32>) -> (tensor<?x2xf32>, tensor<?x2xi32>) {
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x2xf32>
  %1 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xi32>) -> tensor<?x2xi32>
  return %0, %1 : tensor<?x2xf32>, tensor<?x2xi32>
}

// -----

// func.call between converted functions stays as it is.
// CHECK-LABEL: func.func @caller
// CHECK-NEXT:    %0 = call @callee(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-LABEL: func.func private @callee
// CHECK-NEXT:    %0 = nd.exp %arg0 : tensor<4xf32>
func.func @caller(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = call @callee(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @callee(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.exponential %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
