// --mlir-print-ir-before-all and --mlir-print-ir-after-all print the module on
// standard error around each pass, with upstream's headers and two blank lines
// after each dump (print-ir-differential.mlir compares with mlir-opt). Passes run
// in command-line order, a repeated flag again.
// RUN: tensor-opt %s --dce --cse --dce --mlir-print-ir-before-all --mlir-print-ir-after-all 2>&1 >/dev/null | FileCheck %s
// RUN: tensor-opt %s --cse --mlir-print-ir-before-all 2>&1 >/dev/null | FileCheck %s --check-prefix=BEFORE
// Standard output is the final IR alone.
// RUN: tensor-opt %s --cse --mlir-print-ir-after-all 2>/dev/null | FileCheck %s --check-prefix=OUT

// CHECK:      // -----// IR Dump Before DCE (dce) //----- //
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT:     %0 = nd.exp %arg0 : tensor<4xf32>
// CHECK-NEXT:     %1 = nd.exp %arg0 : tensor<4xf32>
// CHECK-NEXT:     %2 = nd.add %0, %1 : tensor<4xf32>
// CHECK-NEXT:     return %2 : tensor<4xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-EMPTY:
// CHECK-NEXT: // -----// IR Dump After DCE (dce) //----- //
// CHECK-NEXT: module {
// CHECK:      // -----// IR Dump Before CSE (cse) //----- //
// CHECK:      // -----// IR Dump After CSE (cse) //----- //
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT:     %0 = nd.exp %arg0 : tensor<4xf32>
// CHECK-NEXT:     %1 = nd.add %0, %0 : tensor<4xf32>
// CHECK:      // -----// IR Dump Before DCE (dce) //----- //
// CHECK:      // -----// IR Dump After DCE (dce) //----- //
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT:     %0 = nd.exp %arg0 : tensor<4xf32>
// CHECK-NEXT:     %1 = nd.add %0, %0 : tensor<4xf32>
// CHECK-NEXT:     return %1 : tensor<4xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-EMPTY:
// CHECK-NOT:  IR Dump

// BEFORE:     IR Dump Before CSE
// BEFORE-NOT: IR Dump After

// OUT:      module {
// OUT-NOT:  IR Dump
// OUT:      nd.add %0, %0
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = nd.exp %a : tensor<4xf32>
  %1 = nd.exp %a : tensor<4xf32>
  %2 = nd.add %0, %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}
