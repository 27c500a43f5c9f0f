// Typed strings, complex dense, string dense, hex dense, one-element splats.
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file %s | FileCheck %s
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file --mlir-print-op-generic %s | tensor-opt --allow-unregistered-dialect -split-input-file | FileCheck %s
// Expected output is mlir-opt 22's, pretty (CHECK) and generic (GENERIC).

// Typed string attributes keep their type; untyped ones print without.
"my.op"() {a = "hello" : i32, b = "x" : tensor<2xf32>, c = "plain", d = "esc\0A\22" : none} : () -> ()
// CHECK: module {
// CHECK-NEXT:   "my.op"() {a = "hello" : i32, b = "x" : tensor<2xf32>, c = "plain", d = "esc\0A\22"} : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {a = "hello" : i32, b = "x" : tensor<2xf32>, c = "plain", d = "esc\0A\22"} : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Complex dense literals: splat and list, integer and float.
"my.op"() {a = dense<(1, 2)> : tensor<complex<i32>>, b = dense<[(1.0, 2.0), (3.0, -4.0)]> : tensor<2xcomplex<f32>>, c = dense<(0.5, 0.25)> : tensor<2x2xcomplex<f64>>} : () -> ()
// CHECK: module {
// CHECK-NEXT:   "my.op"() {a = dense<(1,2)> : tensor<complex<i32>>, b = dense<[(1.000000e+00,2.000000e+00), (3.000000e+00,-4.000000e+00)]> : tensor<2xcomplex<f32>>, c = dense<(5.000000e-01,2.500000e-01)> : tensor<2x2xcomplex<f64>>} : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {a = dense<(1,2)> : tensor<complex<i32>>, b = dense<[(1.000000e+00,2.000000e+00), (3.000000e+00,-4.000000e+00)]> : tensor<2xcomplex<f32>>, c = dense<(5.000000e-01,2.500000e-01)> : tensor<2x2xcomplex<f64>>} : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// String dense literals of a dialect element type.
"my.op"() {a = dense<"abc"> : tensor<2x!my.str>, b = dense<["a", "bc"]> : tensor<2x!my.str>} : () -> ()
// CHECK: module {
// CHECK-NEXT:   "my.op"() {a = dense<"abc"> : tensor<2x!my.str>, b = dense<["a", "bc"]> : tensor<2x!my.str>} : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {a = dense<"abc"> : tensor<2x!my.str>, b = dense<["a", "bc"]> : tensor<2x!my.str>} : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Hex dense literals print as their values.
"my.op"() {a = dense<"0x0100000002000000"> : tensor<2xi32>, b = dense<"0x0000803F"> : tensor<4xf32>, c = dense<"0x01"> : tensor<3xi8>, d = dense<"0xAB"> : tensor<2x3xi8>} : () -> ()
// CHECK: module {
// CHECK-NEXT:   "my.op"() {a = dense<[1, 2]> : tensor<2xi32>, b = dense<1.000000e+00> : tensor<4xf32>, c = dense<1> : tensor<3xi8>, d = dense<-85> : tensor<2x3xi8>} : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {a = dense<[1, 2]> : tensor<2xi32>, b = dense<1.000000e+00> : tensor<4xf32>, c = dense<1> : tensor<3xi8>, d = dense<-85> : tensor<2x3xi8>} : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// One-element and all-equal literals print as splats, as upstream does.
"my.op"() {a = dense<[7]> : tensor<1xi32>, b = dense<[[2.0]]> : tensor<1x1xf32>, c = dense<[true]> : tensor<1xi1>, d = dense<[true, true]> : tensor<2xi1>, e = dense<[3, 3, 3]> : tensor<3xi64>} : () -> ()
// CHECK: module {
// CHECK-NEXT:   "my.op"() {a = dense<7> : tensor<1xi32>, b = dense<2.000000e+00> : tensor<1x1xf32>, c = dense<true> : tensor<1xi1>, d = dense<true> : tensor<2xi1>, e = dense<3> : tensor<3xi64>} : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {a = dense<7> : tensor<1xi32>, b = dense<2.000000e+00> : tensor<1x1xf32>, c = dense<true> : tensor<1xi1>, d = dense<true> : tensor<2xi1>, e = dense<3> : tensor<3xi64>} : () -> ()
// GENERIC-NEXT: }) : () -> ()
