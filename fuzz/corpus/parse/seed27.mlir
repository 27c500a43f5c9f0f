// The dense literal tests give mlir-opt's output byte for byte: every stored element
// type and splats (dense-storage.mlir), hex literals in each print mode
// (dense-hex.mlir), and every diagnostic of invalid-dense.mlir with its line and
// column (the expected-errors are set aside so that both tools just report).
// REQUIRES: mlir-opt
// RUN: tensor-opt --allow-unregistered-dialect %S/dense-storage.mlir > %t.ours
// RUN: mlir-opt --allow-unregistered-dialect %S/dense-storage.mlir > %t.theirs
// RUN: diff %t.ours %t.theirs
// RUN: tensor-opt --allow-unregistered-dialect %S/dense-hex.mlir > %t.ours
// RUN: mlir-opt --allow-unregistered-dialect %S/dense-hex.mlir > %t.theirs
// RUN: diff %t.ours %t.theirs
// RUN: tensor-opt --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=-1 %S/dense-hex.mlir > %t.ours
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=-1 %S/dense-hex.mlir > %t.theirs
// RUN: diff %t.ours %t.theirs
// RUN: tensor-opt --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=2 %S/dense-hex.mlir > %t.ours
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=2 %S/dense-hex.mlir > %t.theirs
// RUN: diff %t.ours %t.theirs
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %S/invalid-dense.mlir
// RUN: sed 's/expected-/unchecked-/' %S/invalid-dense.mlir > %t.invalid.mlir
// RUN: not tensor-opt --allow-unregistered-dialect --split-input-file %t.invalid.mlir 2> %t.ours
// RUN: not mlir-opt --allow-unregistered-dialect --split-input-file %t.invalid.mlir 2> %t.theirs
// RUN: diff %t.ours %t.theirs
