// A distinct ID may be written in hex, as upstream reads any integer token:
// 0xFFFFFFFFFFFFFFFF is 18446744073709551615, one attribute (checks from
// mlir-opt 22).
// RUN: tensor-opt %s --allow-unregistered-dialect | FileCheck %s

// CHECK: #distinct = distinct[0]<i32>
// CHECK-NEXT: #distinct1 = distinct[1]<i32>
// CHECK-NEXT: module {
// CHECK-NEXT:   "my.op"() {f = #distinct} : () -> ()
// CHECK-NEXT:   "my.op"() {f = #distinct1, g = #distinct} : () -> ()
// CHECK-NEXT: }
#d = distinct[0xFFFFFFFFFFFFFFFF]<i32>
"my.op"() {f = #d} : () -> ()
"my.op"() {f = distinct[0x10]<i32>, g = distinct[18446744073709551615]<i32>} : () -> ()
