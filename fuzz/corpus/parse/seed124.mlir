// LLVM-style single-dash long options work like their double-dash forms.
// RUN: tensor-opt -split-input-file -mlir-print-op-generic %s | FileCheck %s

// CHECK: "func.func"() <{function_type = () -> (), sym_name = "a", sym_visibility = "private"}>
func.func private @a()
// -----
// CHECK: // -----
// CHECK: "func.func"() <{function_type = () -> (), sym_name = "b", sym_visibility = "private"}>
func.func private @b()
