// The dominance tests, run by mlir-opt: the same errors and notes upstream.
// REQUIRES: mlir-opt
// RUN: mlir-opt --allow-unregistered-dialect %S/dominance.mlir -split-input-file -verify-diagnostics
