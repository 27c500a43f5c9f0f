// A failing pass stops the pipeline. --mlir-print-ir-after-failure prints the IR
// after it, under upstream's "After <Name> Failed (<arg>)" header, once its
// diagnostics are printed; with --mlir-print-ir-after-all, only failed passes
// are printed after. Passes after the failure do not run.
// RUN: not tensor-opt %s --broadcast-semantics=mlir --cse --verify-broadcast --dce --mlir-print-ir-after-failure 2>&1 >/dev/null | FileCheck %s
// RUN: not tensor-opt %s --broadcast-semantics=mlir --cse --verify-broadcast --dce --mlir-print-ir-after-all --mlir-print-ir-after-failure 2>&1 >/dev/null | FileCheck %s
// RUN: not tensor-opt %s --broadcast-semantics=mlir --cse --verify-broadcast --dce --mlir-print-ir-after-all 2>&1 >/dev/null | FileCheck %s --check-prefix=ALL
// RUN: not tensor-opt %s --broadcast-semantics=mlir --cse --verify-broadcast --dce --mlir-print-ir-before-all 2>&1 >/dev/null | FileCheck %s --check-prefix=BEFORE
// Nothing is written to standard output on failure.
// RUN: not tensor-opt %s --broadcast-semantics=mlir --verify-broadcast --mlir-print-ir-after-failure 2>/dev/null | FileCheck %s --allow-empty --check-prefix=OUT

// CHECK-NOT:  IR Dump
// CHECK:      print-ir-after-failure.mlir:[[# @LINE + 24]]:8: error: 'test.broadcastable' op operands can never be broadcast at run time
// CHECK:      note: upstream's inference forgets a static 0
// CHECK-NEXT: // -----// IR Dump After VerifyBroadcast Failed (verify-broadcast) //----- //
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @never
// CHECK-NEXT:     %0 = "test.broadcastable"
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-EMPTY:
// CHECK-NOT:  IR Dump

// ALL:     IR Dump After CSE (cse)
// ALL:     error: 'test.broadcastable' op operands can never be broadcast
// ALL:     IR Dump After VerifyBroadcast Failed (verify-broadcast)
// ALL-NOT: IR Dump

// BEFORE:     IR Dump Before CSE (cse)
// BEFORE:     IR Dump Before VerifyBroadcast (verify-broadcast)
// BEFORE-NOT: IR Dump

// OUT-NOT: module
func.func @never(%z: tensor<0xf32>, %q: tensor<?xf32>, %f: tensor<5xf32>) {
  %0 = "test.broadcastable"(%z, %q, %f) : (tensor<0xf32>, tensor<?xf32>, tensor<5xf32>) -> tensor<5xf32>
  return
}
