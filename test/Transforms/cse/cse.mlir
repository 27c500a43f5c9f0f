// --cse replaces a Pure op by an equal one that dominates it: same name,
// operands, properties, attributes and result types.
// RUN: tensor-opt %s -split-input-file --cse | FileCheck %s
// The result parses and verifies.
// RUN: tensor-opt %s -split-input-file --cse | tensor-opt -split-input-file | FileCheck %s
// A second run continues (@dead).
// RUN: tensor-opt %s -split-input-file --cse --cse | FileCheck %s --check-prefix=TWICE

// CHECK-LABEL: func.func @same_block
// CHECK-NEXT:    %0 = nd.add %arg0, %arg1 : tensor<4xf32>
// CHECK-NEXT:    %1 = nd.mul %0, %0 : tensor<4xf32>
// CHECK-NEXT:    return %1
func.func @same_block(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = nd.add %a, %b : tensor<4xf32>
  %1 = nd.add %a, %b : tensor<4xf32>
  %2 = nd.mul %0, %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}

// -----

// Replacing one op makes its users equal in turn.
// CHECK-LABEL: func.func @chains
// CHECK-NEXT:    %0 = nd.exp %arg0 : tensor<4xf32>
// CHECK-NEXT:    %1 = nd.neg %0 : tensor<4xf32>
// CHECK-NEXT:    return %1, %1
func.func @chains(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = nd.exp %a : tensor<4xf32>
  %1 = nd.neg %0 : tensor<4xf32>
  %2 = nd.exp %a : tensor<4xf32>
  %3 = nd.neg %2 : tensor<4xf32>
  return %1, %3 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Constants are ops like any other: equal values and types are merged.
// CHECK-LABEL: func.func @constants
// CHECK-NEXT:    %0 = nd.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-NEXT:    %1 = nd.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK-NEXT:    %2 = nd.constant dense<1> : tensor<4xi32>
// CHECK-NEXT:    return %0, %0, %1, %2
func.func @constants() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>) {
  %0 = nd.constant dense<1.0> : tensor<4xf32>
  %1 = nd.constant dense<1.0> : tensor<4xf32>
  %2 = nd.constant dense<2.0> : tensor<4xf32>
  %3 = nd.constant dense<1> : tensor<4xi32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>
}

// -----

// Different operands, operand order, properties or result types: kept.
// CHECK-LABEL: func.func @different
// CHECK-NEXT:    nd.sub %arg0, %arg1
// CHECK-NEXT:    nd.sub %arg1, %arg0
// CHECK-NEXT:    nd.sub %arg0, %arg0
// CHECK-NEXT:    nd.cmp lt, %arg0, %arg1
// CHECK-NEXT:    nd.cmp gt, %arg0, %arg1
// CHECK-NEXT:    nd.dim %arg0[0]
// CHECK-NEXT:    nd.dim %arg0[0] {{.*}} -> index
// CHECK-NEXT:    nd.cast %arg0 : tensor<4xf32> to tensor<4xi32>
// CHECK-NEXT:    nd.cast %arg0 : tensor<4xf32> to tensor<4xi64>
// CHECK-NEXT:    return
func.func @different(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi1>, tensor<4xi1>, tensor<index>, index, tensor<4xi32>, tensor<4xi64>) {
  %0 = nd.sub %a, %b : tensor<4xf32>
  %1 = nd.sub %b, %a : tensor<4xf32>
  %2 = nd.sub %a, %a : tensor<4xf32>
  %3 = nd.cmp lt, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %4 = nd.cmp gt, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %5 = nd.dim %a[0] : (tensor<4xf32>) -> tensor<index>
  %6 = nd.dim %a[0] : (tensor<4xf32>) -> index
  %7 = nd.cast %a : tensor<4xf32> to tensor<4xi32>
  %8 = nd.cast %a : tensor<4xf32> to tensor<4xi64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi1>, tensor<4xi1>, tensor<index>, index, tensor<4xi32>, tensor<4xi64>
}

// -----

// Discardable attributes count too.
// CHECK-LABEL: func.func @attributes
// CHECK-NEXT:    nd.neg %arg0 {tag = 1 : i32}
// CHECK-NEXT:    nd.neg %arg0 {tag = 2 : i32}
// CHECK-NEXT:    return
func.func @attributes(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = nd.neg %a {tag = 1 : i32} : tensor<4xf32>
  %1 = nd.neg %a {tag = 2 : i32} : tensor<4xf32>
  %2 = nd.neg %a {tag = 1 : i32} : tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Ops that are not Pure may have effects: never merged.
// CHECK-LABEL: func.func @not_pure
// CHECK-NEXT:    "test.broadcastable"(%arg0, %arg0)
// CHECK-NEXT:    "test.broadcastable"(%arg0, %arg0)
// CHECK-NEXT:    call @g(%arg0)
// CHECK-NEXT:    call @g(%arg0)
// CHECK-NEXT:    "test.unknown"(%arg0)
// CHECK-NEXT:    "test.unknown"(%arg0)
func.func @not_pure(%a: tensor<4xf32>) {
  %0 = "test.broadcastable"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "test.broadcastable"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = func.call @g(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %3 = func.call @g(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %4 = "test.unknown"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %5 = "test.unknown"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return
}
func.func private @g(tensor<4xf32>) -> tensor<4xf32>

// -----

// Functions are isolated from above: nothing is shared between them.
// CHECK-LABEL: func.func @first
// CHECK-NEXT:    nd.constant dense<1.000000e+00>
// CHECK-LABEL: func.func @second
// CHECK-NEXT:    nd.constant dense<1.000000e+00>
func.func @first() -> tensor<4xf32> {
  %0 = nd.constant dense<1.0> : tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @second() -> tensor<4xf32> {
  %0 = nd.constant dense<1.0> : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// The region of an op that is not registered may be isolated from above (as
// upstream assumes): values from outside are not reused in it. Ops inside it are
// merged with each other, and never reused after it.
// CHECK-LABEL: func.func @unregistered_region
// CHECK-NEXT:    %0 = nd.exp %arg0
// CHECK-NEXT:    "test.region"() ({
// CHECK-NEXT:      %2 = nd.exp %arg0
// CHECK-NEXT:      %3 = nd.log %arg0
// CHECK-NEXT:      "test.use"(%2, %3, %3)
// CHECK:         %1 = nd.log %arg0
// CHECK-NEXT:    return %0, %1
func.func @unregistered_region(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = nd.exp %a : tensor<4xf32>
  "test.region"() ({
    %1 = nd.exp %a : tensor<4xf32>
    %2 = nd.log %a : tensor<4xf32>
    %3 = nd.log %a : tensor<4xf32>
    "test.use"(%1, %2, %3) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> ()
    "test.done"() : () -> ()
  }) : () -> ()
  %4 = nd.log %a : tensor<4xf32>
  return %0, %4 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Across blocks, a value is reused where its block dominates: in ^bb1 and
// ^bb2 (both after the entry), but not from ^bb1 in its sibling ^bb2 nor in the
// join ^bb3, which ^bb1 does not dominate.
// CHECK-LABEL: func.func @dominance
// CHECK-NEXT:    %0 = nd.exp %arg0
// CHECK-NEXT:    "test.use"(%0)
// CHECK-NEXT:    "test.cond_br"(%arg1)[^bb1, ^bb2]
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %1 = nd.log %arg0
// CHECK-NEXT:    "test.use"(%0, %1)
// CHECK-NEXT:    "test.br"()[^bb3]
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %2 = nd.log %arg0
// CHECK-NEXT:    "test.use"(%0, %2)
// CHECK-NEXT:    "test.br"()[^bb3]
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    %3 = nd.log %arg0
// CHECK-NEXT:    return %0, %3
func.func @dominance(%a: tensor<4xf32>, %c: i1) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = nd.exp %a : tensor<4xf32>
  "test.use"(%0) : (tensor<4xf32>) -> ()
  "test.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  %1 = nd.exp %a : tensor<4xf32>
  %2 = nd.log %a : tensor<4xf32>
  "test.use"(%1, %2) : (tensor<4xf32>, tensor<4xf32>) -> ()
  "test.br"()[^bb3] : () -> ()
^bb2:
  %3 = nd.exp %a : tensor<4xf32>
  %4 = nd.log %a : tensor<4xf32>
  "test.use"(%3, %4) : (tensor<4xf32>, tensor<4xf32>) -> ()
  "test.br"()[^bb3] : () -> ()
^bb3:
  %5 = nd.exp %a : tensor<4xf32>
  %6 = nd.log %a : tensor<4xf32>
  return %5, %6 : tensor<4xf32>, tensor<4xf32>
}

// -----

// As upstream, CSE erases ops already dead when it reaches them, once: the
// operand of a dead op is used when it is visited, so it stays (--dce finishes
// the job).
// CHECK-LABEL: func.func @dead
// CHECK-NEXT:    %0 = nd.exp %arg0
// CHECK-NEXT:    return
// TWICE-LABEL: func.func @dead
// TWICE-NEXT:    return
func.func @dead(%a: tensor<4xf32>) {
  %0 = nd.exp %a : tensor<4xf32>
  %1 = nd.log %0 : tensor<4xf32>
  return
}
