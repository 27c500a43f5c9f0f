// memref types: shapes, unranked, layouts, memory spaces.
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file %s | FileCheck %s
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file --mlir-print-op-generic %s | tensor-opt --allow-unregistered-dialect -split-input-file | FileCheck %s
// Expected output is mlir-opt 22's, pretty (CHECK) and generic (GENERIC).

// Static, dynamic, 0-d and empty memrefs.
func.func private @plain(memref<4x8xf32>, memref<?x?xi8>, memref<f64>, memref<0xindex>)
// CHECK: module {
// CHECK-NEXT:   func.func private @plain(memref<4x8xf32>, memref<?x?xi8>, memref<f64>, memref<0xindex>)
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (memref<4x8xf32>, memref<?x?xi8>, memref<f64>, memref<0xindex>) -> (), sym_name = "plain", sym_visibility = "private"}> ({
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Unranked memrefs, with and without a memory space.
func.func private @unranked(memref<*xf32>, memref<*xi8, 3>)
// CHECK: module {
// CHECK-NEXT:   func.func private @unranked(memref<*xf32>, memref<*xi8, 3>)
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (memref<*xf32>, memref<*xi8, 3>) -> (), sym_name = "unranked", sym_visibility = "private"}> ({
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Memory spaces: integers, dialect attributes, dictionaries.
func.func private @spaces(memref<4xf32, 1>, memref<4xf32, #gpu.address_space<workgroup>>, memref<2xi32, {a = 1 : i64}>)
// CHECK: module {
// CHECK-NEXT:   func.func private @spaces(memref<4xf32, 1>, memref<4xf32, #gpu.address_space<workgroup>>, memref<2xi32, {a = 1 : i64}>)
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (memref<4xf32, 1>, memref<4xf32, #gpu.address_space<workgroup>>, memref<2xi32, {a = 1 : i64}>) -> (), sym_name = "spaces", sym_visibility = "private"}> ({
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Strided layouts, static and dynamic, with an offset and a memory space.
func.func private @strided(memref<4x8xf32, strided<[8, 1]>>, memref<4x8xf32, strided<[8, 1], offset: 4>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<4xf32, strided<[?], offset: ?>, 2>)
// CHECK: module {
// CHECK-NEXT:   func.func private @strided(memref<4x8xf32, strided<[8, 1]>>, memref<4x8xf32, strided<[8, 1], offset: 4>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<4xf32, strided<[?], offset: ?>, 2>)
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (memref<4x8xf32, strided<[8, 1]>>, memref<4x8xf32, strided<[8, 1], offset: 4>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<4xf32, strided<[?], offset: ?>, 2>) -> (), sym_name = "strided", sym_visibility = "private"}> ({
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Affine map layouts print through aliases.
func.func private @affine(memref<8x8xf32, affine_map<(d0, d1) -> (d0 floordiv 4, d1, d0 mod 4)>>, memref<4x4xf32, affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>, 5>)
// CHECK: #map = affine_map<(d0, d1) -> (d0 floordiv 4, d1, d0 mod 4)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func private @affine(memref<8x8xf32, #map>, memref<4x4xf32, #map1, 5>)
// CHECK-NEXT: }
// GENERIC: #map = affine_map<(d0, d1) -> (d0 floordiv 4, d1, d0 mod 4)>
// GENERIC-NEXT: #map1 = affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (memref<8x8xf32, #map>, memref<4x4xf32, #map1, 5>) -> (), sym_name = "affine", sym_visibility = "private"}> ({
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// An identity layout is dropped, as upstream does.
func.func private @identity(memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>>)
// CHECK: module {
// CHECK-NEXT:   func.func private @identity(memref<4x4xf32>)
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (memref<4x4xf32>) -> (), sym_name = "identity", sym_visibility = "private"}> ({
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Element types: vectors, complex, memrefs; memref types as attributes.
func.func private @elements(memref<2xvector<4xf32>>, memref<3xcomplex<f32>>, memref<1xmemref<2xf32>>)
"my.op"() {t = memref<2x3xf32, strided<[3, 1]>>, u = memref<*xi1>} : () -> ()
// CHECK: module {
// CHECK-NEXT:   func.func private @elements(memref<2xvector<4xf32>>, memref<3xcomplex<f32>>, memref<1xmemref<2xf32>>)
// CHECK-NEXT:   "my.op"() {t = memref<2x3xf32, strided<[3, 1]>>, u = memref<*xi1>} : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (memref<2xvector<4xf32>>, memref<3xcomplex<f32>>, memref<1xmemref<2xf32>>) -> (), sym_name = "elements", sym_visibility = "private"}> ({
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "my.op"() {t = memref<2x3xf32, strided<[3, 1]>>, u = memref<*xi1>} : () -> ()
// GENERIC-NEXT: }) : () -> ()
