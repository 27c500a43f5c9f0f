// --lower-broadcast on StableHLO: every dynamic_broadcast_in_dim states which
// operand dims expand (a static 1) and which do not (proven by the shape
// analysis, or checked at run time where only one choice is valid), so that
// IREE can compile it; a chain is composed into one broadcast, and a static one
// becomes broadcast_in_dim. The output is lowered already, and still StableHLO.
// RUN: tensor-opt %s -split-input-file --lower-broadcast 2>/dev/null | FileCheck %s
// RUN: tensor-opt %s -split-input-file --lower-broadcast 2>/dev/null > %t
// RUN: tensor-opt %s -split-input-file --lower-broadcast --lower-broadcast 2>/dev/null | diff %t -
// The output holds the invariant (its checks are cf/tensor ops, which
// tensor-opt reads as unregistered ops).
// RUN: tensor-opt %t -split-input-file --allow-unregistered-dialect --verify-explicit-broadcast | diff %t -

// Proven non-expanding: the target's entry 0 is the operand's own dim 0 (JAX's
// shapes: get_dimension_size, reshape, concatenate), and 8 is 8.
// CHECK-LABEL: func.func @proven_nonexpanding
// CHECK:         stablehlo.dynamic_broadcast_in_dim %arg0, %{{.*}}, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0, 1>} : (tensor<?x8xf32>, tensor<3xi32>) -> tensor<?x8x16xf32>
func.func @proven_nonexpanding(%x: tensor<?x8xf32>) -> tensor<?x8x16xf32> {
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x8xf32>) -> tensor<i32>
  %r = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %c8 = stablehlo.constant dense<8> : tensor<1xi32>
  %c16 = stablehlo.constant dense<16> : tensor<1xi32>
  %s = stablehlo.concatenate %r, %c8, %c16, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
  %y = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] : (tensor<?x8xf32>, tensor<3xi32>) -> tensor<?x8x16xf32>
  return %y : tensor<?x8x16xf32>
}

// -----

// Proven expanding: a static 1 to a run-time size, whatever that size is.
// CHECK-LABEL: func.func @proven_expanding
// CHECK-NEXT:    %0 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [0, 1] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>} : (tensor<1x8xf32>, tensor<2xi32>) -> tensor<?x8xf32>
// CHECK-NEXT:    return %0
func.func @proven_expanding(%x: tensor<1x8xf32>, %s: tensor<2xi32>) -> tensor<?x8xf32> {
  %y = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] : (tensor<1x8xf32>, tensor<2xi32>) -> tensor<?x8xf32>
  return %y : tensor<?x8xf32>
}

// -----

// A static 8 can only be non-expanding: it is annotated so, and the target's
// entry 1 is checked to be 8 at run time (cf.assert at the op's location).
// CHECK-LABEL: func.func @checked
// CHECK-NEXT:    %0 = stablehlo.slice %arg1 [1:2] : (tensor<2xi32>) -> tensor<1xi32>
// CHECK-NEXT:    %1 = stablehlo.reshape %0 : (tensor<1xi32>) -> tensor<i32>
// CHECK-NEXT:    %c = stablehlo.constant dense<8> : tensor<i32>
// CHECK-NEXT:    %2 = stablehlo.compare EQ, %c, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT:    %3 = "tensor.extract"(%2) : (tensor<i1>) -> i1
// CHECK-NEXT:    "cf.assert"(%3) <{msg = "broadcast: operand dim 0 must have the size of result dim 1 (it is not 1, so it cannot stretch)"}> : (i1) -> ()
// CHECK-NEXT:    %4 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<8xf32>, tensor<2xi32>) -> tensor<?x?xf32>
func.func @checked(%x: tensor<8xf32>, %s: tensor<2xi32>) -> tensor<?x?xf32> {
  %y = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<8xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// A chain (as JAX writes keepdims then broadcast): the second broadcast takes
// the first one's operand, with the dims composed; the first is left dead.
// CHECK-LABEL: func.func @chain
// CHECK:         %[[S:.*]] = stablehlo.concatenate %1, %c_0, %c_1, dim = 0
// CHECK-NEXT:    %[[B:.*]] = stablehlo.dynamic_broadcast_in_dim %arg0, %[[S]], dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0, 1>} : (tensor<?x8xf32>, tensor<3xi32>) -> tensor<?x8x16xf32>
// CHECK-NEXT:    return %[[B]]
func.func @chain(%x: tensor<?x8xf32>) -> tensor<?x8x16xf32> {
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x8xf32>) -> tensor<i32>
  %r = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %c1 = stablehlo.constant dense<1> : tensor<1xi32>
  %c8 = stablehlo.constant dense<8> : tensor<1xi32>
  %c16 = stablehlo.constant dense<16> : tensor<1xi32>
  %s1 = stablehlo.concatenate %r, %c8, %c1, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
  %a = stablehlo.dynamic_broadcast_in_dim %x, %s1, dims = [0, 1] : (tensor<?x8xf32>, tensor<3xi32>) -> tensor<?x8x1xf32>
  %s2 = stablehlo.concatenate %r, %c8, %c16, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
  %b = stablehlo.dynamic_broadcast_in_dim %a, %s2, dims = [0, 1, 2] : (tensor<?x8x1xf32>, tensor<3xi32>) -> tensor<?x8x16xf32>
  return %b : tensor<?x8x16xf32>
}

// -----

// Static shapes: a plain broadcast_in_dim (StableHLO's requires a static result).
// CHECK-LABEL: func.func @static
// CHECK-NEXT:    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT:    return %0
func.func @static(%x: tensor<1x8xf32>, %s: tensor<2xi32>) -> tensor<4x8xf32> {
  %y = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] : (tensor<1x8xf32>, tensor<2xi32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// What the program already states is kept.
// CHECK-LABEL: func.func @annotated
// CHECK-NEXT:    %0 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [0] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<1xi32>) -> tensor<?xf32>
func.func @annotated(%x: tensor<?xf32>, %s: tensor<1xi32>) -> tensor<?xf32> {
  %y = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<1xi32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

