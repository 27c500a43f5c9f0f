// The structural region tests, run by mlir-opt: the same errors upstream.
// REQUIRES: mlir-opt
// RUN: mlir-opt --allow-unregistered-dialect %S/invalid-regions.mlir -split-input-file -verify-diagnostics
