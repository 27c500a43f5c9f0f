// Valid func dialect forms, in custom and generic syntax.
// RUN: tensor-opt %s -split-input-file | FileCheck %s
// RUN: tensor-opt %s -split-input-file -mlir-print-op-generic | tensor-opt -split-input-file | FileCheck %s

// Visibility keywords.
// CHECK: func.func private @priv()
// CHECK: func.func nested @nest()
// CHECK: func.func public @pub() {
func.func private @priv()
func.func nested @nest()
func.func public @pub() {
  return
}

// -----

// Recursion and calls between functions in any order.
// CHECK-LABEL: func.func @even(%arg0: i32) -> i1 {
// CHECK-NEXT:    %0 = call @odd(%arg0) : (i32) -> i1
// CHECK-NEXT:    return %0 : i1
func.func @even(%n: i32) -> i1 {
  %r = call @odd(%n) : (i32) -> i1
  return %r : i1
}
func.func @odd(%n: i32) -> i1 {
  %r = call @even(%n) : (i32) -> i1
  return %r : i1
}

// -----

// Calls with several or no results.
// CHECK-LABEL: func.func @multi
// CHECK:         %0:2 = call @pair() : () -> (i32, f32)
// CHECK-NEXT:    call @sink(%0#1, %0#0) : (f32, i32) -> ()
func.func private @pair() -> (i32, f32)
func.func private @sink(f32, i32)
func.func @multi() {
  %p:2 = call @pair() : () -> (i32, f32)
  call @sink(%p#1, %p#0) : (f32, i32) -> ()
  return
}

// -----

// A function type as argument and result.
// CHECK: func.func private @higher((i32) -> i32) -> ((f32) -> f32)
func.func private @higher((i32) -> i32) -> ((f32) -> f32)
