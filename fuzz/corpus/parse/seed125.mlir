// Diagnostics render as mlir-opt renders them: location, severity, message, the
// source line and a caret; notes follow, with their own source line when elsewhere.
// RUN: not tensor-opt %s 2>&1 | FileCheck %s

func.func @f(%a: i32) -> i32 {
  %0 = "func.call"(%a) <{callee = @f}> : (i32) -> i32
  %0 = "func.call"(%a) <{callee = @f}> : (i32) -> i32
  return %0 : i32
}
// CHECK: rendered-diagnostics.mlir:7:3: error: redefinition of SSA value '%0'
// CHECK-NEXT: {{^}} %0 = "func.call"(%a) <{callee = @f}> : (i32) -> i32
// CHECK-NEXT: {{^}} ^
// CHECK-NEXT: rendered-diagnostics.mlir:6:3: note: previously defined here
// CHECK-NEXT: {{^}} %0 = "func.call"(%a) <{callee = @f}> : (i32) -> i32
// CHECK-NEXT: {{^}} ^
