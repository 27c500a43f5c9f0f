// A symbol name takes letters, digits, `_`, `$` and `.`, but not the `-` an SSA
// or block name takes: the name ends there (found by tests/differential_corpus.rs;
// this file passes `mlir-opt -verify-diagnostics` too).
// RUN: tensor-opt %s -verify-diagnostics

// expected-error@+1 {{expected '('}}
func.func private @unknown_type-10x7F(i32) -> i32
