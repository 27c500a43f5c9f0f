// Region and block fidelity: empty blocks kept, empty modules, uses before
// definition in graph regions and unreachable blocks.
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file %s | FileCheck %s
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file --mlir-print-op-generic %s | tensor-opt --allow-unregistered-dialect -split-input-file | FileCheck %s
// Expected output is mlir-opt 22's, pretty (CHECK) and generic (GENERIC).

// An empty entry block is kept.
"my.op"() ({
^bb0:
}) : () -> ()
// CHECK: module {
// CHECK-NEXT:   "my.op"() ({
// CHECK-NEXT:   ^bb0:
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() ({
// GENERIC-NEXT:   ^bb0:
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// An empty block with arguments is kept.
"my.op"() ({
^bb0(%a: i32):
}) : () -> ()
// CHECK: module {
// CHECK-NEXT:   "my.op"() ({
// CHECK-NEXT:   ^bb0(%arg0: i32):
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() ({
// GENERIC-NEXT:   ^bb0(%arg0: i32):
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// An empty block beside an empty region.
"my.op"() ({
^bb0:
}, {
}) : () -> ()
// CHECK: module {
// CHECK-NEXT:   "my.op"() ({
// CHECK-NEXT:   ^bb0:
// CHECK-NEXT:   }, {
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() ({
// GENERIC-NEXT:   ^bb0:
// GENERIC-NEXT:   }, {
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// An empty module prints in a form mlir-opt reads back.
module {
}
// CHECK: module {
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT: ^bb0:
// GENERIC-NEXT: }) : () -> ()

// -----

// A named empty module inside the implicit one.
module @named {
}
"my.op"() : () -> ()
// CHECK: module {
// CHECK-NEXT:   module @named {
// CHECK-NEXT:   }
// CHECK-NEXT:   "my.op"() : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "builtin.module"() <{sym_name = "named"}> ({
// GENERIC-NEXT:   ^bb0:
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "my.op"() : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Unregistered ops' regions are graph regions: uses before definitions.
"my.graph"() ({
  %1 = "my.use"(%0) : (i32) -> i32
  %0 = "my.def"(%1) : (i32) -> i32
}) : () -> ()
// CHECK: module {
// CHECK-NEXT:   "my.graph"() ({
// CHECK-NEXT:     %0 = "my.use"(%1) : (i32) -> i32
// CHECK-NEXT:     %1 = "my.def"(%0) : (i32) -> i32
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "my.graph"() ({
// GENERIC-NEXT:     %0 = "my.use"(%1) : (i32) -> i32
// GENERIC-NEXT:     %1 = "my.def"(%0) : (i32) -> i32
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Unreachable blocks may use values defined later.
func.func @unreachable() {
  "my.br"()[^bb2] : () -> ()
^bb1:
  %1 = "my.use"(%0) : (i32) -> i32
  "my.br"()[^bb3] : () -> ()
^bb3:
  %0 = "my.def"() : () -> i32
  "my.br"()[^bb1] : () -> ()
^bb2:
  return
}
// CHECK: module {
// CHECK-NEXT:   func.func @unreachable() {
// CHECK-NEXT:     "my.br"()[^bb3] : () -> ()
// CHECK-NEXT:   ^bb1:  // pred: ^bb2
// CHECK-NEXT:     %0 = "my.use"(%1) : (i32) -> i32
// CHECK-NEXT:     "my.br"()[^bb2] : () -> ()
// CHECK-NEXT:   ^bb2:  // pred: ^bb1
// CHECK-NEXT:     %1 = "my.def"() : () -> i32
// CHECK-NEXT:     "my.br"()[^bb1] : () -> ()
// CHECK-NEXT:   ^bb3:  // pred: ^bb0
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = () -> (), sym_name = "unreachable"}> ({
// GENERIC-NEXT:     "my.br"()[^bb3] : () -> ()
// GENERIC-NEXT:   ^bb1:  // pred: ^bb2
// GENERIC-NEXT:     %0 = "my.use"(%1) : (i32) -> i32
// GENERIC-NEXT:     "my.br"()[^bb2] : () -> ()
// GENERIC-NEXT:   ^bb2:  // pred: ^bb1
// GENERIC-NEXT:     %1 = "my.def"() : () -> i32
// GENERIC-NEXT:     "my.br"()[^bb1] : () -> ()
// GENERIC-NEXT:   ^bb3:  // pred: ^bb0
// GENERIC-NEXT:     "func.return"() : () -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// An unregistered op's properties are kept, even an empty dictionary.
"my.op"() <{}> : () -> ()
"my.op"() <{p = 1 : i32}> : () -> ()
// CHECK: module {
// CHECK-NEXT:   "my.op"() <{}> : () -> ()
// CHECK-NEXT:   "my.op"() <{p = 1 : i32}> : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() <{}> : () -> ()
// GENERIC-NEXT:   "my.op"() <{p = 1 : i32}> : () -> ()
// GENERIC-NEXT: }) : () -> ()
