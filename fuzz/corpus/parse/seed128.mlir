// -o writes the output file; a failing run writes nothing at all.
// RUN: rm -f %t.out %t.bad
// RUN: tensor-opt %s -o %t.out
// RUN: FileCheck %s --input-file %t.out
// RUN: not tensor-opt %S/Inputs/invalid.mlir -o %t.bad
// RUN: test ! -e %t.bad
// RUN: not tensor-opt -split-input-file %S/Inputs/one-bad-chunk.mlir > %t.partial
// RUN: test ! -s %t.partial

// CHECK: func.func private @written()
func.func private @written()
