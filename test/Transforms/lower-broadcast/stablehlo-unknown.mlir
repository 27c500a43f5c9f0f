// --lower-broadcast on a StableHLO broadcast of a ? that may be a stretching 1
// or the target's size: either is valid, so neither is asserted. The program
// asks at run time: a stablehlo.if on the size being 1 chooses between the
// broadcast that stretches it and the one that keeps it (after checking that
// it is the target's size). Past three such dims in one op, it stays
// unannotated, with a warning.
// RUN: tensor-opt %s -split-input-file --lower-broadcast 2>/dev/null | FileCheck %s
// RUN: tensor-opt %s -split-input-file --lower-broadcast 2>/dev/null > %t
// RUN: tensor-opt %s -split-input-file --lower-broadcast --lower-broadcast 2>/dev/null | diff %t -
// RUN: tensor-opt %s -split-input-file --lower-broadcast -verify-diagnostics > /dev/null
// RUN: not tensor-opt %t -split-input-file --allow-unregistered-dialect --verify-explicit-broadcast 2>&1 | FileCheck %s --check-prefix=VERIFY
// VERIFY: error: 'stablehlo.dynamic_broadcast_in_dim' op broadcasts implicitly: operand dim 0 is neither known expanding nor known non-expanding
// VERIFY-NOT: error

// CHECK-LABEL: func.func @dispatch
// CHECK-NEXT:    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?xf32>) -> tensor<i32>
// CHECK-NEXT:    %c = stablehlo.constant dense<1> : tensor<i32>
// CHECK-NEXT:    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT:    %2 = "stablehlo.if"(%1) ({
// CHECK-NEXT:      %3 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [1] {known_expanding_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
// CHECK-NEXT:      stablehlo.return %3 : tensor<?x?xf32>
// CHECK-NEXT:    }, {
// CHECK-NEXT:      %3 = stablehlo.slice %arg1 [1:2] : (tensor<2xi32>) -> tensor<1xi32>
// CHECK-NEXT:      %4 = stablehlo.reshape %3 : (tensor<1xi32>) -> tensor<i32>
// CHECK-NEXT:      %5 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?xf32>) -> tensor<i32>
// CHECK-NEXT:      %6 = stablehlo.compare EQ, %5, %4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT:      %7 = "tensor.extract"(%6) : (tensor<i1>) -> i1
// CHECK-NEXT:      "cf.assert"(%7) <{msg = "broadcast: operand dim 0 must have the size of result dim 1 (it is not 1, so it cannot stretch)"}> : (i1) -> ()
// CHECK-NEXT:      %8 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
// CHECK-NEXT:      stablehlo.return %8 : tensor<?x?xf32>
// CHECK-NEXT:    }) : (tensor<i1>) -> tensor<?x?xf32>
// CHECK-NEXT:    return %2
func.func @dispatch(%x: tensor<?xf32>, %s: tensor<2xi32>) -> tensor<?x?xf32> {
  %y = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// Two such dims: nested, four annotated broadcasts.
// CHECK-LABEL: func.func @two
// CHECK-COUNT-3: "stablehlo.if"
// CHECK-NOT:     "stablehlo.if"
// CHECK:         return
func.func @two(%x: tensor<?x?xf32>, %s: tensor<2xi32>) -> tensor<?x?xf32> {
  %y = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// Four: sixteen broadcasts would be too many; left unannotated, with a warning.
// CHECK-LABEL: func.func @four
// CHECK-NEXT:    %0 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [0, 1, 2, 3] : (tensor<?x?x?x?xf32>, tensor<4xi32>) -> tensor<?x?x?x?xf32>
func.func @four(%x: tensor<?x?x?x?xf32>, %s: tensor<4xi32>) -> tensor<?x?x?x?xf32> {
  // expected-warning @+1 {{operand dims 0, 1, 2, 3 may each stretch a run-time 1 or not: left unannotated (a dispatch on more than 3 sizes is not built)}}
  %y = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1, 2, 3] : (tensor<?x?x?x?xf32>, tensor<4xi32>) -> tensor<?x?x?x?xf32>
  return %y : tensor<?x?x?x?xf32>
}
