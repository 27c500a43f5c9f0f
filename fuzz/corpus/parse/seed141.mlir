// broadcastable-upstream-style.mlir under upstream mlir-opt (LLVM 22): its
// expectations, which tensor-opt --broadcast-semantics=mlir meets, are
// upstream's too. (Byte-identical diagnostics are checked on thousands of
// generated ops by tests/differential_broadcast.rs.)
// REQUIRES: mlir-opt
// RUN: mlir-opt %S/broadcastable-upstream-style.mlir -split-input-file -verify-diagnostics
