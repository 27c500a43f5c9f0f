// Locations as attribute values, location aliases, location ranges.
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file %s | FileCheck %s
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file --mlir-print-op-generic %s | tensor-opt --allow-unregistered-dialect -split-input-file | FileCheck %s
// Expected output is mlir-opt 22's, pretty (CHECK) and generic (GENERIC).

// Location attributes print through #loc aliases.
"my.op"() {l = loc("a.cc":10:8), n = loc("name"), u = loc(unknown)} : () -> ()
// CHECK: #loc = loc("a.cc":10:8)
// CHECK-NEXT: #loc1 = loc("name")
// CHECK-NEXT: #loc2 = loc(unknown)
// CHECK-NEXT: module {
// CHECK-NEXT:   "my.op"() {l = #loc, n = #loc1, u = #loc2} : () -> ()
// CHECK-NEXT: }
// GENERIC: #loc = loc("a.cc":10:8)
// GENERIC-NEXT: #loc1 = loc("name")
// GENERIC-NEXT: #loc2 = loc(unknown)
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {l = #loc, n = #loc1, u = #loc2} : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// A user's location alias used as an attribute value.
#where = loc("b.cc":3:4)
"my.op"() {l = #where, m = [#where, #where]} : () -> ()
// CHECK: #loc = loc("b.cc":3:4)
// CHECK-NEXT: module {
// CHECK-NEXT:   "my.op"() {l = #loc, m = [#loc, #loc]} : () -> ()
// CHECK-NEXT: }
// GENERIC: #loc = loc("b.cc":3:4)
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {l = #loc, m = [#loc, #loc]} : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Ranges: to a column of the same line, and to another line.
"my.op"() {r = loc("b.cc":10:8 to :12), s = loc("c.cc":1:2 to 3:4)} : () -> ()
// CHECK: #loc = loc("b.cc":10:8 to :12)
// CHECK-NEXT: #loc1 = loc("c.cc":1:2 to 3:4)
// CHECK-NEXT: module {
// CHECK-NEXT:   "my.op"() {r = #loc, s = #loc1} : () -> ()
// CHECK-NEXT: }
// GENERIC: #loc = loc("b.cc":10:8 to :12)
// GENERIC-NEXT: #loc1 = loc("c.cc":1:2 to 3:4)
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {r = #loc, s = #loc1} : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Fused and callsite locations as values; nested ones get their own aliases.
"my.op"() {f = loc(fused["x.cc":1:1, "y.cc":2:2]), c = loc(callsite("f" at "g.cc":3:4)), m = loc(fused<#my.meta>["a":1:1])} : () -> ()
// CHECK: #loc = loc("f")
// CHECK-NEXT: #loc1 = loc("g.cc":3:4)
// CHECK-NEXT: #loc2 = loc("x.cc":1:1)
// CHECK-NEXT: #loc3 = loc("y.cc":2:2)
// CHECK-NEXT: #loc4 = loc("a":1:1)
// CHECK-NEXT: #loc5 = loc(callsite(#loc at #loc1))
// CHECK-NEXT: #loc6 = loc(fused[#loc2, #loc3])
// CHECK-NEXT: #loc7 = loc(fused<#my.meta>[#loc4])
// CHECK-NEXT: module {
// CHECK-NEXT:   "my.op"() {c = #loc5, f = #loc6, m = #loc7} : () -> ()
// CHECK-NEXT: }
// GENERIC: #loc = loc("f")
// GENERIC-NEXT: #loc1 = loc("g.cc":3:4)
// GENERIC-NEXT: #loc2 = loc("x.cc":1:1)
// GENERIC-NEXT: #loc3 = loc("y.cc":2:2)
// GENERIC-NEXT: #loc4 = loc("a":1:1)
// GENERIC-NEXT: #loc5 = loc(callsite(#loc at #loc1))
// GENERIC-NEXT: #loc6 = loc(fused[#loc2, #loc3])
// GENERIC-NEXT: #loc7 = loc(fused<#my.meta>[#loc4])
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {c = #loc5, f = #loc6, m = #loc7} : () -> ()
// GENERIC-NEXT: }) : () -> ()
