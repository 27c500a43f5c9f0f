// Ops of unknown dialects are rejected with upstream's wording unless allowed.
// RUN: not tensor-opt %s 2>&1 | FileCheck %s --check-prefix=REJECT
// RUN: tensor-opt --allow-unregistered-dialect %s | FileCheck %s --check-prefix=ACCEPT

// REJECT: unregistered.mlir:[[# @LINE + 2]]:18: error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used
// ACCEPT: %0 = "mystery.op"() {mystery.attr = 1 : i64} : () -> tensor<?xf32>
%0 = "mystery.op"() {mystery.attr = 1} : () -> tensor<?xf32>
