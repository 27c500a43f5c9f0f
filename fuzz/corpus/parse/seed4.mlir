// --canonicalize's greedy driver on any dialect's ops: constants are merged and
// hoisted per isolated region, dead ops and unreachable blocks are erased. Each
// case behaves as mlir-opt does on the same IR with arith/math ops.
// RUN: tensor-opt %s -split-input-file --canonicalize | FileCheck %s

// Constants move to the top of the function's entry block (in reverse order of
// appearance, as upstream's folder moves each before the first op), and equal
// ones, from any block, are merged.
// CHECK-LABEL: func.func @constants
// CHECK-NEXT:    %0 = nd.constant dense<4.000000e+00>
// CHECK-NEXT:    %1 = nd.constant dense<2.000000e+00>
// CHECK-NEXT:    %2 = nd.constant dense<1.000000e+00>
// CHECK-NEXT:    %3 = nd.exp %arg0
// CHECK-NEXT:    "test.use"(%3)
// CHECK-NEXT:    "test.br"()[^bb1]
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    return %2, %1, %1, %0
func.func @constants(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %x = nd.exp %a : tensor<4xf32>
  %c1 = nd.constant dense<1.0> : tensor<4xf32>
  %c2 = nd.constant dense<2.0> : tensor<4xf32>
  "test.use"(%x) : (tensor<4xf32>) -> ()
  "test.br"()[^bb1] : () -> ()
^bb1:
  %c3 = nd.constant dense<2.0> : tensor<4xf32>
  %c4 = nd.constant dense<4.0> : tensor<4xf32>
  return %c1, %c2, %c3, %c4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// The region of an unregistered op may be isolated from above: its constants
// stay in it, not merged with the function's.
// CHECK-LABEL: func.func @region
// CHECK-NEXT:    %0 = nd.constant dense<4.000000e+00>
// CHECK-NEXT:    "test.region"() ({
// CHECK-NEXT:      %1 = nd.constant dense<4.000000e+00>
// CHECK-NEXT:      "test.use"(%1)
// CHECK:         return %0
func.func @region() -> tensor<4xf32> {
  "test.region"() ({
    %c5 = nd.constant dense<4.0> : tensor<4xf32>
    "test.use"(%c5) : (tensor<4xf32>) -> ()
    "test.done"() : () -> ()
  }) : () -> ()
  %c4 = nd.constant dense<4.0> : tensor<4xf32>
  return %c4 : tensor<4xf32>
}

// -----

// Dead Pure ops go, including those only dead ops used, and unused constants.
// Ops that are not Pure stay.
// CHECK-LABEL: func.func @dead
// CHECK-NEXT:    "test.broadcastable"(%arg0)
// CHECK-NEXT:    return
func.func @dead(%a: tensor<4xf32>) {
  %c = nd.constant dense<1.0> : tensor<4xf32>
  %0 = nd.log %a : tensor<4xf32>
  %1 = nd.exp %0 : tensor<4xf32>
  %2 = nd.add %1, %c : tensor<4xf32>
  %3 = "test.broadcastable"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// Unreachable blocks are erased, even when they use each other's values and
// branch to each other.
// CHECK-LABEL: func.func @unreachable
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @unreachable(%a: tensor<4xf32>) {
  return
^bb1:
  %u = nd.exp %a : tensor<4xf32>
  "test.br"(%u)[^bb2] : (tensor<4xf32>) -> ()
^bb2:
  "test.use"(%u) : (tensor<4xf32>) -> ()
  "test.br"(%u)[^bb1] : (tensor<4xf32>) -> ()
}
