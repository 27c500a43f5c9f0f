// The structural-rule errors of upstream-structural-rules.mlir render exactly as
// mlir-opt's. (The expected-* and CHECK comments are dropped: mlir-opt checks
// expected-* even without -verify-diagnostics.)
// REQUIRES: mlir-opt
// RUN: sed '/expected-\|CHECK/d' %S/upstream-structural-rules.mlir > %t.mlir
// RUN: not tensor-opt --allow-unregistered-dialect -split-input-file %t.mlir 2> %t.ours
// RUN: not mlir-opt --allow-unregistered-dialect -split-input-file %t.mlir 2> %t.theirs
// RUN: diff %t.ours %t.theirs
