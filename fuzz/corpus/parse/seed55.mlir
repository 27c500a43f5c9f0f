// A property given both in `<{...}>` and in the attribute dictionary keeps its
// `<{...}>` value and appears once, as upstream resolves it; the output re-parses.
// RUN: tensor-opt %s --mlir-print-op-generic | FileCheck %s
// RUN: tensor-opt %s --mlir-print-op-generic | tensor-opt --mlir-print-op-generic | FileCheck %s
// RUN: tensor-opt %s | FileCheck %s --check-prefix=PRETTY

// CHECK:      "func.func"() <{function_type = () -> (), sym_name = "f"}> ({
// CHECK-NEXT:   "func.return"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// PRETTY: func.func @f() {
"func.func"() <{sym_name = "f", function_type = () -> ()}> ({
  "func.return"() : () -> ()
}) {sym_name = "g"} : () -> ()

// An inherent attribute only in the dictionary still becomes a property, and
// discardable attributes stay.
// CHECK:      "func.func"() <{function_type = () -> (), sym_name = "h", sym_visibility = "private"}> ({
// CHECK-NEXT: }) {other = 1 : i32} : () -> ()
"func.func"() <{sym_name = "h"}> ({}) {function_type = () -> (), sym_visibility = "private", other = 1 : i32} : () -> ()
