// Runner self-test: upstream MLIR tools run when available (REQUIRES).
// REQUIRES: mlir-opt
// RUN: mlir-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @fold
// CHECK-NEXT: %[[C:.*]] = arith.constant 3 : i32
// CHECK-NEXT: return %[[C]] : i32
func.func @fold() -> i32 {
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  %c = arith.addi %a, %b : i32
  return %c : i32
}
