// Printing is idempotent and the generic form parses back to the same IR.
// RUN: tensor-opt --allow-unregistered-dialect %S/Inputs/printer-corpus.mlir > %t.1
// RUN: tensor-opt --allow-unregistered-dialect %t.1 > %t.2
// RUN: diff %t.1 %t.2
// RUN: tensor-opt --allow-unregistered-dialect --mlir-print-op-generic %t.1 > %t.g1
// RUN: tensor-opt --allow-unregistered-dialect --mlir-print-op-generic %t.g1 > %t.g2
// RUN: diff %t.g1 %t.g2
// RUN: tensor-opt --allow-unregistered-dialect %t.g1 | diff - %t.1
