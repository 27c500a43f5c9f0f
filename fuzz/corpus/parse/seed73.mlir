// builtin.unrealized_conversion_cast in its custom and generic forms.
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file %s | FileCheck %s
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file --mlir-print-op-generic %s | tensor-opt --allow-unregistered-dialect -split-input-file | FileCheck %s
// Expected output is mlir-opt 22's, pretty (CHECK) and generic (GENERIC).

// One and several operands and results; no operands.
func.func @casts(%arg0: i32, %arg1: f32) -> (i64, f32) {
  %0 = builtin.unrealized_conversion_cast %arg0 : i32 to i64
  %1:2 = builtin.unrealized_conversion_cast %arg0, %arg1 : i32, f32 to i64, f32
  %2 = builtin.unrealized_conversion_cast to i32
  return %0, %1#1 : i64, f32
}
// CHECK: module {
// CHECK-NEXT:   func.func @casts(%arg0: i32, %arg1: f32) -> (i64, f32) {
// CHECK-NEXT:     %0 = builtin.unrealized_conversion_cast %arg0 : i32 to i64
// CHECK-NEXT:     %1:2 = builtin.unrealized_conversion_cast %arg0, %arg1 : i32, f32 to i64, f32
// CHECK-NEXT:     %2 = builtin.unrealized_conversion_cast to i32
// CHECK-NEXT:     return %0, %1#1 : i64, f32
// CHECK-NEXT:   }
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (i32, f32) -> (i64, f32), sym_name = "casts"}> ({
// GENERIC-NEXT:   ^bb0(%arg0: i32, %arg1: f32):
// GENERIC-NEXT:     %0 = "builtin.unrealized_conversion_cast"(%arg0) : (i32) -> i64
// GENERIC-NEXT:     %1:2 = "builtin.unrealized_conversion_cast"(%arg0, %arg1) : (i32, f32) -> (i64, f32)
// GENERIC-NEXT:     %2 = "builtin.unrealized_conversion_cast"() : () -> i32
// GENERIC-NEXT:     "func.return"(%0, %1#1) : (i64, f32) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// The generic form is read too, and printed back in custom form.
"func.func"() <{function_type = (i32) -> (), sym_name = "g"}> ({
^bb0(%arg0: i32):
  %0 = "builtin.unrealized_conversion_cast"(%arg0) : (i32) -> index
  "func.return"() : () -> ()
}) : () -> ()
// CHECK: module {
// CHECK-NEXT:   func.func @g(%arg0: i32) {
// CHECK-NEXT:     %0 = builtin.unrealized_conversion_cast %arg0 : i32 to index
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (i32) -> (), sym_name = "g"}> ({
// GENERIC-NEXT:   ^bb0(%arg0: i32):
// GENERIC-NEXT:     %0 = "builtin.unrealized_conversion_cast"(%arg0) : (i32) -> index
// GENERIC-NEXT:     "func.return"() : () -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()
