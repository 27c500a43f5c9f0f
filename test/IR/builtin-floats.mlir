// Every float format of LLVM 22: types, scalars, hex bits, dense literals.
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file %s | FileCheck %s
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file --mlir-print-op-generic %s | tensor-opt --allow-unregistered-dialect -split-input-file | FileCheck %s
// Expected output is mlir-opt 22's, pretty (CHECK) and generic (GENERIC).

// All float types.
func.func private @types(f4E2M1FN, f6E2M3FN, f6E3M2FN, f8E5M2, f8E4M3, f8E4M3FN, f8E5M2FNUZ, f8E4M3FNUZ, f8E4M3B11FNUZ, f8E3M4, f8E8M0FNU, bf16, f16, tf32, f32, f64, f80, f128)
// CHECK: module {
// CHECK-NEXT:   func.func private @types(f4E2M1FN, f6E2M3FN, f6E3M2FN, f8E5M2, f8E4M3, f8E4M3FN, f8E5M2FNUZ, f8E4M3FNUZ, f8E4M3B11FNUZ, f8E3M4, f8E8M0FNU, bf16, f16, tf32, f32, f64, f80, f128)
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (f4E2M1FN, f6E2M3FN, f6E3M2FN, f8E5M2, f8E4M3, f8E4M3FN, f8E5M2FNUZ, f8E4M3FNUZ, f8E4M3B11FNUZ, f8E3M4, f8E8M0FNU, bf16, f16, tf32, f32, f64, f80, f128) -> (), sym_name = "types", sym_visibility = "private"}> ({
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Scalars of the small formats.
"my.op"() {a = 1.5 : f4E2M1FN, b = 0.25 : f6E2M3FN, c = 3.0 : f6E3M2FN, d = 0.5 : f8E5M2, e = 1.0 : f8E4M3, f = 448.0 : f8E4M3FN, g = 2.0 : f8E5M2FNUZ, h = -1.0 : f8E4M3FNUZ, i = 0.125 : f8E4M3B11FNUZ, j = 1.25 : f8E3M4, k = 4.0 : f8E8M0FNU} : () -> ()
// CHECK: module {
// CHECK-NEXT:   "my.op"() {a = 1.500000e+00 : f4E2M1FN, b = 2.500000e-01 : f6E2M3FN, c = 3.000000e+00 : f6E3M2FN, d = 5.000000e-01 : f8E5M2, e = 1.000000e+00 : f8E4M3, f = 4.480000e+02 : f8E4M3FN, g = 2.000000e+00 : f8E5M2FNUZ, h = -1.000000e+00 : f8E4M3FNUZ, i = 1.250000e-01 : f8E4M3B11FNUZ, j = 1.250000e+00 : f8E3M4, k = 4.000000e+00 : f8E8M0FNU} : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {a = 1.500000e+00 : f4E2M1FN, b = 2.500000e-01 : f6E2M3FN, c = 3.000000e+00 : f6E3M2FN, d = 5.000000e-01 : f8E5M2, e = 1.000000e+00 : f8E4M3, f = 4.480000e+02 : f8E4M3FN, g = 2.000000e+00 : f8E5M2FNUZ, h = -1.000000e+00 : f8E4M3FNUZ, i = 1.250000e-01 : f8E4M3B11FNUZ, j = 1.250000e+00 : f8E3M4, k = 4.000000e+00 : f8E8M0FNU} : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Scalars of the wide formats, rounded as APFloat rounds.
"my.op"() {a = 1.0 : tf32, b = 3.5 : f80, c = 0.1 : f128, d = -2.5e+10 : f80, e = 1.0e-300 : f128, f = 1.0e38 : bf16} : () -> ()
// CHECK: module {
// CHECK-NEXT:   "my.op"() {a = 1.000000e+00 : tf32, b = 3.500000e+00 : f80, c = 0.100000000000000005551115123125782702 : f128, d = -2.500000e+10 : f80, e = 1.00000000000000002505909183520875969E-300 : f128, f = 9.969200e+37 : bf16} : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {a = 1.000000e+00 : tf32, b = 3.500000e+00 : f80, c = 0.100000000000000005551115123125782702 : f128, d = -2.500000e+10 : f80, e = 1.00000000000000002505909183520875969E-300 : f128, f = 9.969200e+37 : bf16} : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Signalling NaNs keep their bits, in f32, f16, bf16 and f64.
"my.op"() {a = 0x7F800001 : f32, b = 0x7C01 : f16, c = 0x7F81 : bf16, d = 0x7FF4000000000000 : f64} : () -> ()
// CHECK: module {
// CHECK-NEXT:   "my.op"() {a = 0x7F800001 : f32, b = 0x7C01 : f16, c = 0x7F81 : bf16, d = 0x7FF4000000000000 : f64} : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {a = 0x7F800001 : f32, b = 0x7C01 : f16, c = 0x7F81 : bf16, d = 0x7FF4000000000000 : f64} : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Quiet NaNs with payloads, infinities, and hex bits of the small formats.
"my.op"() {a = 0x7FC00001 : f32, b = 0xFF800000 : f32, c = 0x7F : f8E4M3FN, d = 0x80 : f8E4M3FNUZ, e = 0xFF : f8E8M0FNU, f = 0x7FFFFFFFFFFFFFFFFFFF : f80} : () -> ()
// CHECK: module {
// CHECK-NEXT:   "my.op"() {a = 0x7FC00001 : f32, b = 0xFF800000 : f32, c = 0x7F : f8E4M3FN, d = 0x80 : f8E4M3FNUZ, e = 0xFF : f8E8M0FNU, f = 0x7FFFFFFFFFFFFFFFFFFF : f80} : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {a = 0x7FC00001 : f32, b = 0xFF800000 : f32, c = 0x7F : f8E4M3FN, d = 0x80 : f8E4M3FNUZ, e = 0xFF : f8E8M0FNU, f = 0x7FFFFFFFFFFFFFFFFFFF : f80} : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Dense literals of the small and wide formats.
"my.op"() {a = dense<[1.0, 2.0]> : tensor<2xf8E4M3FN>, b = dense<0.5> : tensor<3xf8E5M2>, c = dense<[1.5, -1.5]> : tensor<2xf80>, d = dense<[1.0, 2.0, 3.0]> : tensor<3xf128>, e = dense<1.0> : tensor<2x2xtf32>, f = dense<[0.5, 6.0]> : tensor<2xf4E2M1FN>} : () -> ()
// CHECK: module {
// CHECK-NEXT:   "my.op"() {a = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf8E4M3FN>, b = dense<5.000000e-01> : tensor<3xf8E5M2>, c = dense<[1.500000e+00, -1.500000e+00]> : tensor<2xf80>, d = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf128>, e = dense<1.000000e+00> : tensor<2x2xtf32>, f = dense<[5.000000e-01, 6.000000e+00]> : tensor<2xf4E2M1FN>} : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {a = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf8E4M3FN>, b = dense<5.000000e-01> : tensor<3xf8E5M2>, c = dense<[1.500000e+00, -1.500000e+00]> : tensor<2xf80>, d = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf128>, e = dense<1.000000e+00> : tensor<2x2xtf32>, f = dense<[5.000000e-01, 6.000000e+00]> : tensor<2xf4E2M1FN>} : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// NaN bits inside dense literals are kept too.
"my.op"() {a = dense<[0x7F800001, 1.0]> : tensor<2xf32>, b = dense<0x7E01> : tensor<4xf16>, c = dense<0xFF81> : tensor<bf16>} : () -> ()
// CHECK: module {
// CHECK-NEXT:   "my.op"() {a = dense<[0x7F800001, 1.000000e+00]> : tensor<2xf32>, b = dense<0x7E01> : tensor<4xf16>, c = dense<0xFF81> : tensor<bf16>} : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {a = dense<[0x7F800001, 1.000000e+00]> : tensor<2xf32>, b = dense<0x7E01> : tensor<4xf16>, c = dense<0xFF81> : tensor<bf16>} : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Dense arrays of small floats.
"my.op"() {a = array<f8E4M3FN: 1.0, 2.0>, b = array<bf16: 0.5>} : () -> ()
// CHECK: module {
// CHECK-NEXT:   "my.op"() {a = array<f8E4M3FN: 1.000000e+00, 2.000000e+00>, b = array<bf16: 5.000000e-01>} : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {a = array<f8E4M3FN: 1.000000e+00, 2.000000e+00>, b = array<bf16: 5.000000e-01>} : () -> ()
// GENERIC-NEXT: }) : () -> ()
