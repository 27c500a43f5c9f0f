// Affine maps and integer sets, byte-identical with mlir-opt.
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file %s | FileCheck %s
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file --mlir-print-op-generic %s | tensor-opt --allow-unregistered-dialect -split-input-file | FileCheck %s
// Expected output is mlir-opt 22's, pretty (CHECK) and generic (GENERIC).

// An affine map attribute is printed through an alias, dims and symbols renamed.
"my.op"() {m = affine_map<(i, j)[N] -> (i + N, j)>} : () -> ()
// CHECK: #map = affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>
// CHECK-NEXT: module {
// CHECK-NEXT:   "my.op"() {m = #map} : () -> ()
// CHECK-NEXT: }
// GENERIC: #map = affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {m = #map} : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Alias definitions are read; the printed alias names are upstream's.
#mine = affine_map<(d0)[s0, s1] -> (d0 * s0 + s1, d0 floordiv 4, d0 ceildiv 3, d0 mod 7)>
"my.op"() {m = #mine} : () -> ()
// CHECK: #map = affine_map<(d0)[s0, s1] -> (d0 * s0 + s1, d0 floordiv 4, d0 ceildiv 3, d0 mod 7)>
// CHECK-NEXT: module {
// CHECK-NEXT:   "my.op"() {m = #map} : () -> ()
// CHECK-NEXT: }
// GENERIC: #map = affine_map<(d0)[s0, s1] -> (d0 * s0 + s1, d0 floordiv 4, d0 ceildiv 3, d0 mod 7)>
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {m = #map} : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Expressions are simplified as upstream builds them.
"my.op"() {m = affine_map<(d0, d1) -> (d0 + d0, d1 * 2 + d1 - d1, 2 + 3, d0 * 0, (d0 * 4) mod 2, (d0 * 8) floordiv 4)>} : () -> ()
// CHECK: #map = affine_map<(d0, d1) -> (d0 * 2, d1 * 2, 5, 0, 0, d0 * 2)>
// CHECK-NEXT: module {
// CHECK-NEXT:   "my.op"() {m = #map} : () -> ()
// CHECK-NEXT: }
// GENERIC: #map = affine_map<(d0, d1) -> (d0 * 2, d1 * 2, 5, 0, 0, d0 * 2)>
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {m = #map} : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Negation and subtraction print as upstream's.
"my.op"() {m = affine_map<(d0, d1) -> (-d0, d0 - d1, -(d0 + 1), d0 * -3)>} : () -> ()
// CHECK: #map = affine_map<(d0, d1) -> (-d0, d0 - d1, -(d0 + 1), d0 * -3)>
// CHECK-NEXT: module {
// CHECK-NEXT:   "my.op"() {m = #map} : () -> ()
// CHECK-NEXT: }
// GENERIC: #map = affine_map<(d0, d1) -> (-d0, d0 - d1, -(d0 + 1), d0 * -3)>
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {m = #map} : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Maps without dims or results.
"my.op"() {a = affine_map<() -> ()>, b = affine_map<()[s0] -> (s0 * 2 + 1)>, c = affine_map<(d0) -> (3, -1)>} : () -> ()
// CHECK: #map = affine_map<() -> ()>
// CHECK-NEXT: #map1 = affine_map<()[s0] -> (s0 * 2 + 1)>
// CHECK-NEXT: #map2 = affine_map<(d0) -> (3, -1)>
// CHECK-NEXT: module {
// CHECK-NEXT:   "my.op"() {a = #map, b = #map1, c = #map2} : () -> ()
// CHECK-NEXT: }
// GENERIC: #map = affine_map<() -> ()>
// GENERIC-NEXT: #map1 = affine_map<()[s0] -> (s0 * 2 + 1)>
// GENERIC-NEXT: #map2 = affine_map<(d0) -> (3, -1)>
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {a = #map, b = #map1, c = #map2} : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Equal maps share one alias; aliases are numbered in first-use order.
"my.op"() {a = [affine_map<(d0) -> (d0)>, affine_map<(d0, d1) -> (d1, d0)>], b = {c = affine_map<(d0) -> (d0)>}} : () -> ()
// CHECK: #map = affine_map<(d0) -> (d0)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   "my.op"() {a = [#map, #map1], b = {c = #map}} : () -> ()
// CHECK-NEXT: }
// GENERIC: #map = affine_map<(d0) -> (d0)>
// GENERIC-NEXT: #map1 = affine_map<(d0, d1) -> (d1, d0)>
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {a = [#map, #map1], b = {c = #map}} : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Integer sets: equalities and inequalities, as attribute and alias.
#set = affine_set<(d0, d1)[s0] : (d0 - 10 >= 0, s0 - d0 - 1 >= 0, d1 == 0)>
"my.op"() {s = #set, t = affine_set<(d0)[s0] : (d0 * 2 + s0 >= 0, -d0 + 5 >= 0)>} : () -> ()
// CHECK: #set = affine_set<(d0, d1)[s0] : (d0 - 10 >= 0, -d0 + s0 - 1 >= 0, d1 == 0)>
// CHECK-NEXT: #set1 = affine_set<(d0)[s0] : (d0 * 2 + s0 >= 0, -d0 + 5 >= 0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   "my.op"() {s = #set, t = #set1} : () -> ()
// CHECK-NEXT: }
// GENERIC: #set = affine_set<(d0, d1)[s0] : (d0 - 10 >= 0, -d0 + s0 - 1 >= 0, d1 == 0)>
// GENERIC-NEXT: #set1 = affine_set<(d0)[s0] : (d0 * 2 + s0 >= 0, -d0 + 5 >= 0)>
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {s = #set, t = #set1} : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Trivial sets, and constraints written with <=.
"my.op"() {a = affine_set<() : (0 == 0)>, b = affine_set<(d0) : (1 == 0)>, c = affine_set<(d0) : (d0 <= 4)>} : () -> ()
// CHECK: #set = affine_set<() : (0 == 0)>
// CHECK-NEXT: #set1 = affine_set<(d0) : (1 == 0)>
// CHECK-NEXT: #set2 = affine_set<(d0) : (-d0 + 4 >= 0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   "my.op"() {a = #set, b = #set1, c = #set2} : () -> ()
// CHECK-NEXT: }
// GENERIC: #set = affine_set<() : (0 == 0)>
// GENERIC-NEXT: #set1 = affine_set<(d0) : (1 == 0)>
// GENERIC-NEXT: #set2 = affine_set<(d0) : (-d0 + 4 >= 0)>
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {a = #set, b = #set1, c = #set2} : () -> ()
// GENERIC-NEXT: }) : () -> ()
