// A failing --verify-diagnostics run reports exactly what mlir-opt reports, in the same
// order (unexpected diagnostics as they occur, unproduced expectations last) and with
// the same underlines.
// REQUIRES: mlir-opt
// RUN: not tensor-opt -split-input-file -verify-diagnostics %S/Inputs/verify-mixed.mlir 2> %t.ours
// RUN: not mlir-opt -split-input-file -verify-diagnostics %S/Inputs/verify-mixed.mlir 2> %t.theirs
// RUN: diff %t.ours %t.theirs
