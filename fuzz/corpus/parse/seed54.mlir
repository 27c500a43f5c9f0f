// Scalable and fixed vectors.
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file %s | FileCheck %s
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file --mlir-print-op-generic %s | tensor-opt --allow-unregistered-dialect -split-input-file | FileCheck %s
// Expected output is mlir-opt 22's, pretty (CHECK) and generic (GENERIC).

// Scalable dims, alone and mixed with fixed ones.
func.func private @scalable(vector<[4]xf32>, vector<2x[4]xf32>, vector<[2]x[8]xi8>, vector<4x[1]xi1>)
// CHECK: module {
// CHECK-NEXT:   func.func private @scalable(vector<[4]xf32>, vector<2x[4]xf32>, vector<[2]x[8]xi8>, vector<4x[1]xi1>)
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (vector<[4]xf32>, vector<2x[4]xf32>, vector<[2]x[8]xi8>, vector<4x[1]xi1>) -> (), sym_name = "scalable", sym_visibility = "private"}> ({
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Fixed vectors, 0-d included.
func.func private @fixed(vector<1xf32>, vector<2x3x4xindex>, vector<f32>)
// CHECK: module {
// CHECK-NEXT:   func.func private @fixed(vector<1xf32>, vector<2x3x4xindex>, vector<f32>)
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (vector<1xf32>, vector<2x3x4xindex>, vector<f32>) -> (), sym_name = "fixed", sym_visibility = "private"}> ({
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Dense literals of scalable vectors.
"my.op"() {a = dense<1.0> : vector<[4]xf32>, b = dense<[[1, 2], [3, 4]]> : vector<2x[2]xi32>} : () -> ()
// CHECK: module {
// CHECK-NEXT:   "my.op"() {a = dense<1.000000e+00> : vector<[4]xf32>, b = dense<{{\[\[}}1, 2], [3, 4]]> : vector<2x[2]xi32>} : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {a = dense<1.000000e+00> : vector<[4]xf32>, b = dense<{{\[\[}}1, 2], [3, 4]]> : vector<2x[2]xi32>} : () -> ()
// GENERIC-NEXT: }) : () -> ()
