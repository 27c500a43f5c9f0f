// Errors at call site locations render byte-identically with mlir-opt, with its
// `called from` notes.
// REQUIRES: mlir-opt
// RUN: not tensor-opt -split-input-file %S/Inputs/callsite-location.mlir 2> %t.ours
// RUN: not mlir-opt -split-input-file %S/Inputs/callsite-location.mlir 2> %t.theirs
// RUN: diff %t.ours %t.theirs
// Under -verify-diagnostics an unexpected error has no `called from` notes.
// RUN: not tensor-opt -split-input-file -verify-diagnostics %S/Inputs/callsite-location.mlir 2> %t.ours-verify
// RUN: not mlir-opt -split-input-file -verify-diagnostics %S/Inputs/callsite-location.mlir 2> %t.theirs-verify
// RUN: diff %t.ours-verify %t.theirs-verify
