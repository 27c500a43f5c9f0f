// A diagnostic at a location without a file position renders as upstream's:
// `<unknown>:0:`, then the location before the message.
// RUN: not tensor-opt -split-input-file %S/Inputs/named-location.mlir 2>&1 | FileCheck %s
// CHECK:      <unknown>:0: error: loc("named"): 'test.broadcastable' op requires one result
// CHECK-NEXT: <unknown>:0: note: loc("named"): see current operation: "test.broadcastable"() : () -> ()
// CHECK:      <unknown>:0: error: loc(fused["a", "b"]): 'test.broadcastable' op requires one result
// REQUIRES: mlir-opt
// RUN: not tensor-opt -split-input-file %S/Inputs/named-location.mlir 2> %t.ours
// RUN: not mlir-opt -split-input-file %S/Inputs/named-location.mlir 2> %t.theirs
// RUN: diff %t.ours %t.theirs
