// Unregistered dialects' attributes and types keep their bodies.
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file %s | FileCheck %s
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file --mlir-print-op-generic %s | tensor-opt --allow-unregistered-dialect -split-input-file | FileCheck %s
// Expected output is mlir-opt 22's, pretty (CHECK) and generic (GENERIC).

// Types, pretty and opaque forms, with nested punctuation.
func.func private @types(!my.opaque, !my.body<"x", 1, [2, 3]>, !my<"pretty<1>">, !foo.bar<{a = 1}>, !my.nest<<1>, (x) -> [y]>)
// CHECK: module {
// CHECK-NEXT:   func.func private @types(!my.opaque, !my.body<"x", 1, [2, 3]>, !my<"pretty<1>">, !foo.bar<{a = 1}>, !my.nest<<1>, (x) -> [y]>)
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (!my.opaque, !my.body<"x", 1, [2, 3]>, !my<"pretty<1>">, !foo.bar<{a = 1}>, !my.nest<<1>, (x) -> [y]>) -> (), sym_name = "types", sym_visibility = "private"}> ({
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Attributes, including a type inside an attribute.
"my.op"() {a = #my.thing, b = #my.thing<42>, c = #foo<"opaque_body">, d = #my.deep<[1, <2>, {x}]>, e = #my.ty<!my.opaque>} : () -> ()
// CHECK: module {
// CHECK-NEXT:   "my.op"() {a = #my.thing, b = #my.thing<42>, c = #foo<"opaque_body">, d = #my.deep<[1, <2>, {x}]>, e = #my.ty<!my.opaque>} : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {a = #my.thing, b = #my.thing<42>, c = #foo<"opaque_body">, d = #my.deep<[1, <2>, {x}]>, e = #my.ty<!my.opaque>} : () -> ()
// GENERIC-NEXT: }) : () -> ()
