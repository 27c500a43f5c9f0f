// Values are renumbered as upstream does: per isolated region (func.func), nested
// regions continue after their parent region, entry block arguments are %argN.
// RUN: tensor-opt --allow-unregistered-dialect %s | FileCheck %s

// CHECK-LABEL: func.func @nested(%arg0: i32) {
// CHECK-NEXT:    %0 = "test.a"() : () -> i32
// CHECK-NEXT:    "test.region"() ({
// CHECK-NEXT:    ^bb0(%arg1: i32):
// CHECK-NEXT:      %2 = "test.inner"(%arg1, %0) : (i32, i32) -> i32
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    %1 = "test.b"() : () -> i32
func.func @nested(%x: i32) {
  %a = "test.a"() : () -> i32
  "test.region"() ({
  ^bb0(%y: i32):
    %c = "test.inner"(%y, %a) : (i32, i32) -> i32
  }) : () -> ()
  %b = "test.b"() : () -> i32
  return
}

// Numbering restarts in each function.
// CHECK-LABEL: func.func @second(%arg0: i32) {
// CHECK-NEXT:    %0 = "test.a"() : () -> i32
func.func @second(%x: i32) {
  %q = "test.a"() : () -> i32
  return
}
