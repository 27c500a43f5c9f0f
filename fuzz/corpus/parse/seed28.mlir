// The printer corpus prints byte-identically to upstream mlir-opt, in custom form
// and after a round trip through our generic form.
// REQUIRES: mlir-opt
// RUN: tensor-opt --allow-unregistered-dialect %S/Inputs/printer-corpus.mlir > %t.ours
// RUN: mlir-opt --allow-unregistered-dialect %S/Inputs/printer-corpus.mlir > %t.theirs
// RUN: diff %t.ours %t.theirs
// RUN: tensor-opt --allow-unregistered-dialect --mlir-print-op-generic %S/Inputs/printer-corpus.mlir > %t.generic
// RUN: mlir-opt --allow-unregistered-dialect %t.generic | diff - %t.theirs
