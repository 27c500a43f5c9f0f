// `--` ends the options: after it, `-dash.mlir` is a file, not a flag, and the
// value of `-o` is a file name even when it starts with a dash.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/-dash.mlir
// RUN: cd %t && tensor-opt -mlir-print-op-generic -- -dash.mlir | FileCheck %s
// RUN: cd %t && tensor-opt -mlir-print-op-generic -o -out.mlir -- -dash.mlir
// RUN: FileCheck %s --input-file %t/-out.mlir
// RUN: cd %t && not tensor-opt -- -split-input-file 2>&1 | FileCheck %s --check-prefix=MISSING

// CHECK: "func.func"() <{function_type = () -> (), sym_name = "a", sym_visibility = "private"}>
// MISSING: -split-input-file
// MISSING-SAME: No such file
func.func private @a()
