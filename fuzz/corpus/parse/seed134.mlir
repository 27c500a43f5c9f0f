// Coloured diagnostics are byte-identical to mlir-opt's with --color.
// REQUIRES: mlir-opt
// RUN: not tensor-opt -split-input-file --color=always %S/Inputs/color.mlir 2> %t.ours
// RUN: not mlir-opt -split-input-file --color %S/Inputs/color.mlir 2> %t.theirs
// RUN: diff %t.ours %t.theirs
// RUN: not tensor-opt --color %S/../IR/Inputs/unknown-location.mlir 2> %t.ours
// RUN: not mlir-opt --color %S/../IR/Inputs/unknown-location.mlir 2> %t.theirs
// RUN: diff %t.ours %t.theirs
// RUN: not tensor-opt -split-input-file --color %S/../IR/Inputs/named-location.mlir 2> %t.ours
// RUN: not mlir-opt -split-input-file --color %S/../IR/Inputs/named-location.mlir 2> %t.theirs
// RUN: diff %t.ours %t.theirs
