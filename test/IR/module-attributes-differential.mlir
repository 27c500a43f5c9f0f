// The errors of module-attributes.mlir render exactly as mlir-opt's. (The
// expected-* and CHECK comments are dropped: mlir-opt checks expected-* even
// without -verify-diagnostics.)
// REQUIRES: mlir-opt
// RUN: sed '/expected-\|CHECK/d' %S/module-attributes.mlir > %t.mlir
// RUN: not tensor-opt -split-input-file %t.mlir 2> %t.ours
// RUN: not mlir-opt -split-input-file %t.mlir 2> %t.theirs
// RUN: diff %t.ours %t.theirs
