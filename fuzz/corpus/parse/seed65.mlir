// Symbol table errors render exactly as mlir-opt's, notes included: the
// redefinition's current operation is the later definition. (The expected-*
// comments are dropped: mlir-opt checks them even without -verify-diagnostics.)
// REQUIRES: mlir-opt
// RUN: sed '/expected-/d' %S/invalid-symbol-table.mlir > %t.mlir
// RUN: not tensor-opt --allow-unregistered-dialect -split-input-file %t.mlir 2> %t.ours
// RUN: not mlir-opt --allow-unregistered-dialect -split-input-file %t.mlir 2> %t.theirs
// RUN: diff %t.ours %t.theirs
