// Every registered pass has a flag and a --help line, under "Passes"; options
// list their values.
// RUN: tensor-opt --help | FileCheck %s
// RUN: tensor-opt -h | FileCheck %s --check-prefix=SHORT

// CHECK:      Passes:
// CHECK:        --canonicalize
// CHECK-NEXT:     Canonicalize operations
// CHECK:        --cse
// CHECK-NEXT:     Eliminate common sub-expressions
// CHECK:        --dce
// CHECK-NEXT:     Erase operations without side effects whose results are unused
// CHECK:        --verify-broadcast[=<mode>]
// CHECK:          - check:  check only
// CHECK-NEXT:     - refine: also replace less precise result types by the inferred ones

// SHORT: --mlir-print-ir-before-all
// SHORT: --mlir-print-ir-after-all
// SHORT: --mlir-print-ir-after-failure
// SHORT: Passes:
// SHORT: --cse Eliminate common sub-expressions
