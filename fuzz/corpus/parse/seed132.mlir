// The verifier reports every failing op, not just the first, each with the
// operation it concerns (upstream's `see current operation` note).
// RUN: not tensor-opt %s 2>&1 | FileCheck %s

func.func @f(%a: i32) -> f32 {
  // CHECK: verifier-collects-all.mlir:[[# @LINE + 2]]:3: error: type of return operand 0 ('i32') doesn't match function result type ('f32') in function @f
  // CHECK: note: see current operation: "func.return"(%arg0) : (i32) -> ()
  return %a : i32
}
func.func @g() {
  // CHECK: verifier-collects-all.mlir:[[# @LINE + 2]]:8: error: 'func.call' op 'missing' does not reference a valid function
  // CHECK: note: see current operation: %0 = "func.call"() <{callee = @missing}> : () -> i32
  %0 = func.call @missing() : () -> i32
  return
}
