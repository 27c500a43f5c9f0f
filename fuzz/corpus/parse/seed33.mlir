// How diagnostics are rendered: file:line:col, the source line and a caret
// under the column, notes after their error (with their own source line when
// they point elsewhere). Columns follow mlir-opt's, including its placement of
// "expected ..." errors right after the last good token.
// RUN: not tensor-opt %s -split-input-file 2>&1 | FileCheck %s --strict-whitespace

func.func private @f(tensor<2xf32   // trailing comment
)
// CHECK: diagnostic-rendering.mlir:7:34: error: expected '>' in tensor type
// CHECK-NEXT: {{^}}func.func private @f(tensor<2xf32   // trailing comment{{$}}
// CHECK-NEXT: {{^}}                                 ^{{$}}

// -----

func.func @g() {
  %0 = func.call @g() : () -> i32
  %0 = func.call @g() : () -> i32
  return
}
// CHECK: diagnostic-rendering.mlir:17:3: error: redefinition of SSA value '%0'
// CHECK-NEXT: {{^}}  %0 = func.call @g() : () -> i32{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK-NEXT: diagnostic-rendering.mlir:16:3: note: previously defined here
// CHECK-NEXT: {{^}}  %0 = func.call @g() : () -> i32{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}

// -----

func.func private @callee() -> i32
func.func @h() {
  %0 = func.call @callee() : () -> i64
  return
}
// The op's own note comes first, then the check's notes; notes at the error's
// location do not repeat the source line.
// CHECK: diagnostic-rendering.mlir:31:8: error: 'func.call' op result type mismatch at index 0
// CHECK-NEXT: {{^}}  %0 = func.call @callee() : () -> i64{{$}}
// CHECK-NEXT: {{^}}       ^{{$}}
// CHECK-NEXT: diagnostic-rendering.mlir:31:8: note: see current operation: %0 = "func.call"() <{callee = @callee}> : () -> i64
// CHECK-NEXT: diagnostic-rendering.mlir:31:8: note:       op result types: 'i64'
// CHECK-NEXT: diagnostic-rendering.mlir:31:8: note: function result types: 'i32'

// -----

func.func @dominance() {
  "func.call"() <{callee = @dominance}> : () -> ()
  func.return
}
// CHECK-NOT: error
