// --dce erases Pure ops whose results are unused, to a fixpoint in one pass:
// chains of dead ops, dead ops in nested regions, and uses across blocks.
// RUN: tensor-opt %s -split-input-file --dce | FileCheck %s
// A second run finds nothing more to erase.
// RUN: tensor-opt %s -split-input-file --dce --dce | FileCheck %s

// A chain: each erasure makes the op before it dead.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT:    return %arg0
func.func @chain(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = nd.exp %a : tensor<4xf32>
  %1 = nd.log %0 : tensor<4xf32>
  %2 = nd.add %0, %1 : tensor<4xf32>
  %3 = nd.constant dense<1.0> : tensor<4xf32>
  %4 = nd.mul %2, %3 : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// Ops that are not Pure stay, and so do the Pure ops they use; so do used ops.
// CHECK-LABEL: func.func @kept
// CHECK-NEXT:    %0 = nd.exp %arg0
// CHECK-NEXT:    "test.broadcastable"(%0)
// CHECK-NEXT:    %2 = nd.log %arg0
// CHECK-NEXT:    "test.unknown"()
// CHECK-NEXT:    call @g()
// CHECK-NEXT:    return %2
func.func @kept(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = nd.exp %a : tensor<4xf32>
  %1 = "test.broadcastable"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = nd.log %a : tensor<4xf32>
  "test.unknown"() : () -> ()
  func.call @g() : () -> ()
  return %2 : tensor<4xf32>
}
func.func private @g()

// -----

// Nested regions are cleaned too, and an op dead only once its nested users are
// gone is erased in the same pass.
// CHECK-LABEL: func.func @nested
// CHECK-NEXT:    "test.region"() ({
// CHECK-NEXT:      "test.done"() : () -> ()
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    return
func.func @nested(%a: tensor<4xf32>) {
  %0 = nd.exp %a : tensor<4xf32>
  "test.region"() ({
    %1 = nd.log %0 : tensor<4xf32>
    "test.done"() : () -> ()
  }) : () -> ()
  return
}

// -----

// A dead op in ^bb1 uses a value of ^bb2, which comes later in the region but is
// visited first (reverse order): erasing the user revisits the definition.
// CHECK-LABEL: func.func @blocks
// CHECK-NEXT:    "test.br"()[^bb2]
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    return
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    "test.br"()[^bb1]
func.func @blocks(%a: tensor<4xf32>) {
  "test.br"()[^bb2] : () -> ()
^bb1:
  %1 = nd.log %0 : tensor<4xf32>
  return
^bb2:
  %0 = nd.exp %a : tensor<4xf32>
  "test.br"()[^bb1] : () -> ()
}

// -----

// Values used by terminators, and terminators themselves, stay.
// CHECK-LABEL: func.func @returned
// CHECK-NEXT:    %0 = nd.exp %arg0
// CHECK-NEXT:    return %0
func.func @returned(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = nd.exp %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
