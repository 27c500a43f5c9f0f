// Inherent attributes written in the attribute dictionary of a generic op become
// properties, as upstream accepts both spellings.
// RUN: tensor-opt %s | FileCheck %s
// RUN: tensor-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK: func.func private @from_dict(i32)
// GENERIC: "func.func"() <{function_type = (i32) -> (), sym_name = "from_dict", sym_visibility = "private"}> ({
"func.func"() ({}) {sym_name = "from_dict", function_type = (i32) -> (), sym_visibility = "private"} : () -> ()
