// LLVM-style single-dash long options work like their double-dash forms.
// RUN: tensor-opt -split-input-file -mlir-print-op-generic %s | FileCheck %s
// `--` ends the options (the rewrite stops there), so a file named like a flag
// is read, and the value of -o is a file name even when it starts with a dash.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/-dash.mlir
// RUN: cd %t && tensor-opt -split-input-file -mlir-print-op-generic -- -dash.mlir | FileCheck %s
// RUN: cd %t && tensor-opt -split-input-file -mlir-print-op-generic -o -out.mlir -- -dash.mlir
// RUN: FileCheck %s --input-file %t/-out.mlir
// RUN: cd %t && not tensor-opt -- -split-input-file 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: could not open input file '-split-input-file'

// CHECK: "func.func"() <{function_type = () -> (), sym_name = "a", sym_visibility = "private"}>
func.func private @a()
// -----
// CHECK: // -----
// CHECK: "func.func"() <{function_type = () -> (), sym_name = "b", sym_visibility = "private"}>
func.func private @b()
