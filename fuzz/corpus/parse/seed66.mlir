// sparse<...> elements attributes.
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file %s | FileCheck %s
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file --mlir-print-op-generic %s | tensor-opt --allow-unregistered-dialect -split-input-file | FileCheck %s
// Expected output is mlir-opt 22's, pretty (CHECK) and generic (GENERIC).

// Index lists and value lists.
"my.op"() {a = sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>} : () -> ()
// CHECK: module {
// CHECK-NEXT:   "my.op"() {a = sparse<{{\[\[}}0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>} : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {a = sparse<{{\[\[}}0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>} : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// A single index or value prints as a splat.
"my.op"() {b = sparse<[[0]], [2.5]> : tensor<4xf32>, d = sparse<[[1, 1]], 7> : tensor<2x2xi16>, e = sparse<1, 2> : tensor<3xi8>} : () -> ()
// CHECK: module {
// CHECK-NEXT:   "my.op"() {b = sparse<0, 2.500000e+00> : tensor<4xf32>, d = sparse<1, 7> : tensor<2x2xi16>, e = sparse<1, 2> : tensor<3xi8>} : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {b = sparse<0, 2.500000e+00> : tensor<4xf32>, d = sparse<1, 7> : tensor<2x2xi16>, e = sparse<1, 2> : tensor<3xi8>} : () -> ()
// GENERIC-NEXT: }) : () -> ()
