// Chunks are processed independently, outputs are joined by the marker, and
// diagnostics report lines of the whole file.
// RUN: tensor-opt -split-input-file %s | FileCheck %s
// RUN: not tensor-opt -split-input-file %S/Inputs/split-errors.mlir 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK:      module {
// CHECK-NEXT:   func.func private @first()
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func private @second()
// CHECK-NEXT: }
func.func private @first()

// -----

// The same symbol in another chunk is no redefinition.
func.func private @second()

// ERR: split-errors.mlir:4:10: error: use of undeclared SSA value name
// ERR: split-errors.mlir:9:3: error: 'func.return' op has 1 operands, but enclosing function (@g) returns 0
// ERR-NOT: error:
