// distinct[N]<...> attributes: renumbered in print order, aliased.
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file %s | FileCheck %s
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file --mlir-print-op-generic %s | tensor-opt --allow-unregistered-dialect -split-input-file | FileCheck %s
// Expected output is mlir-opt 22's, pretty (CHECK) and generic (GENERIC).

// Equal ids are one attribute; ids are renumbered from 0.
"my.op"() {a = distinct[7]<42 : i32>, b = distinct[3]<"x">, c = distinct[7]<42 : i32>} : () -> ()
// CHECK: #distinct = distinct[0]<42 : i32>
// CHECK-NEXT: #distinct1 = distinct[1]<"x">
// CHECK-NEXT: module {
// CHECK-NEXT:   "my.op"() {a = #distinct, b = #distinct1, c = #distinct} : () -> ()
// CHECK-NEXT: }
// GENERIC: #distinct = distinct[0]<42 : i32>
// GENERIC-NEXT: #distinct1 = distinct[1]<"x">
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {a = #distinct, b = #distinct1, c = #distinct} : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Distinct attributes nested in other attributes and in each other.
"my.op"() {e = [distinct[1]<[1, 2]>, distinct[2]<{k = 1 : i64}>], f = distinct[3]<distinct[4]<1>>} : () -> ()
// CHECK: #distinct = distinct[0]<[1, 2]>
// CHECK-NEXT: #distinct1 = distinct[1]<{k = 1 : i64}>
// CHECK-NEXT: #distinct2 = distinct[2]<1 : i64>
// CHECK-NEXT: #distinct3 = distinct[3]<#distinct2>
// CHECK-NEXT: module {
// CHECK-NEXT:   "my.op"() {e = [#distinct, #distinct1], f = #distinct3} : () -> ()
// CHECK-NEXT: }
// GENERIC: #distinct = distinct[0]<[1, 2]>
// GENERIC-NEXT: #distinct1 = distinct[1]<{k = 1 : i64}>
// GENERIC-NEXT: #distinct2 = distinct[2]<1 : i64>
// GENERIC-NEXT: #distinct3 = distinct[3]<#distinct2>
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {e = [#distinct, #distinct1], f = #distinct3} : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Through a user alias, and of unit.
#dist = distinct[5]<i32>
"my.op"() {f = #dist, g = #dist, h = distinct[9]<unit>} : () -> ()
// CHECK: #distinct = distinct[0]<i32>
// CHECK-NEXT: module {
// CHECK-NEXT:   "my.op"() {f = #distinct, g = #distinct, h = distinct[1]<>} : () -> ()
// CHECK-NEXT: }
// GENERIC: #distinct = distinct[0]<i32>
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {f = #distinct, g = #distinct, h = distinct[1]<>} : () -> ()
// GENERIC-NEXT: }) : () -> ()
