// A diagnostic at an unknown location renders as upstream's `<unknown>:0:`.
// RUN: not tensor-opt %S/Inputs/unknown-location.mlir 2>&1 | FileCheck %s
// CHECK:      <unknown>:0: error: 'test.broadcastable' op requires one result
// CHECK-NEXT: <unknown>:0: note: see current operation: "test.broadcastable"() : () -> ()
// REQUIRES: mlir-opt
// RUN: not tensor-opt %S/Inputs/unknown-location.mlir 2> %t.ours
// RUN: not mlir-opt %S/Inputs/unknown-location.mlir 2> %t.theirs
// RUN: diff %t.ours %t.theirs
