// An error at a call site location is reported at the callee's file position,
// then a `called from` note at each caller's, outermost last; a caller without a
// file position of its own is shown at the first one it holds.
// RUN: not tensor-opt -split-input-file %S/Inputs/callsite-location.mlir 2>&1 | FileCheck %s
// CHECK:      a.py:3:4: error: 'test.broadcastable' op requires one result
// CHECK-NEXT: b.py:10:2: note: called from
// CHECK-NEXT: c.py:20:1: note: called from
// CHECK-NEXT: a.py:3:4: note: see current operation
// CHECK:      x.py:1:1: error: 'test.broadcastable' op requires one result
// CHECK-NEXT: y.py:2:2: note: called from
// CHECK-NEXT: x.py:1:1: note: see current operation
// A call site inside a fused location.
// CHECK:      p.py:5:5: error: 'test.broadcastable' op requires one result
// CHECK-NEXT: q.py:6:6: note: called from
// A callee without a file position: the error is shown at the caller's.
// CHECK:      z.py:7:7: error: 'test.broadcastable' op requires one result
// CHECK-NEXT: z.py:7:7: note: called from

// Under -verify-diagnostics an unexpected error has none, as upstream's.
// RUN: not tensor-opt -split-input-file -verify-diagnostics %S/Inputs/callsite-location.mlir 2>&1 | FileCheck %s --check-prefix=VERIFY
// VERIFY:     a.py:3:4: error: unexpected error: 'test.broadcastable' op requires one result
// VERIFY-NOT: called from
