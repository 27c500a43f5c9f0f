// 128-bit integer attributes, dense arrays as upstream reads them, dense memrefs.
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file %s | FileCheck %s
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file --mlir-print-op-generic %s | tensor-opt --allow-unregistered-dialect -split-input-file | FileCheck %s
// Expected output is mlir-opt 22's, pretty (CHECK) and generic (GENERIC).

// The extremes of i128 and ui128; a hex literal wraps in a signless type.
"my.op"() {a = 170141183460469231731687303715884105727 : i128, b = -170141183460469231731687303715884105728 : i128, c = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF : i128, d = 340282366920938463463374607431768211455 : ui128} : () -> ()
// CHECK: module {
// CHECK-NEXT:   "my.op"() {a = 170141183460469231731687303715884105727 : i128, b = -170141183460469231731687303715884105728 : i128, c = -1 : i128, d = 340282366920938463463374607431768211455 : ui128} : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {a = 170141183460469231731687303715884105727 : i128, b = -170141183460469231731687303715884105728 : i128, c = -1 : i128, d = 340282366920938463463374607431768211455 : ui128} : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// A hex float literal with the top bit of f128 set.
"my.op"() {a = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF : f128} : () -> ()
// CHECK: module {
// CHECK-NEXT:   "my.op"() {a = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF : f128} : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {a = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF : f128} : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Dense arrays wrap negative values of unsigned types, as upstream.
"my.op"() {a = array<ui8: -1, 255>, b = array<i8: 255, -128>, c = array<si8: -128>, d = array<ui128: 340282366920938463463374607431768211455>} : () -> ()
// CHECK: module {
// CHECK-NEXT:   "my.op"() {a = array<ui8: 255, 255>, b = array<i8: -1, -128>, c = array<si8: -128>, d = array<ui128: 340282366920938463463374607431768211455>} : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {a = array<ui8: 255, 255>, b = array<i8: -1, -128>, c = array<si8: -128>, d = array<ui128: 340282366920938463463374607431768211455>} : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// A dense literal of a memref type.
"my.op"() {a = dense<[1, 2]> : memref<2xi32>, b = dense<1.0> : memref<2x2xf32>} : () -> ()
// CHECK: module {
// CHECK-NEXT:   "my.op"() {a = dense<[1, 2]> : memref<2xi32>, b = dense<1.000000e+00> : memref<2x2xf32>} : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {a = dense<[1, 2]> : memref<2xi32>, b = dense<1.000000e+00> : memref<2x2xf32>} : () -> ()
// GENERIC-NEXT: }) : () -> ()
