// --mlir-print-ir-before-all/-after-all/-after-failure print the IR around each
// pass exactly as mlir-opt does (headers, pass names, blank lines, chunks), with
// --cse and --canonicalize on IR both tools know; standard output matches too.
// (--mlir-print-op-generic and --mlir-print-debuginfo are left out: the printer's
// known differences, docs/ir.md, would show.)
// REQUIRES: mlir-opt
// RUN: tensor-opt --allow-unregistered-dialect --cse --canonicalize --mlir-print-ir-before-all --mlir-print-ir-after-all %S/Inputs/print-ir.mlir > %t.out.ours 2> %t.err.ours
// RUN: mlir-opt --allow-unregistered-dialect --cse --canonicalize --mlir-print-ir-before-all --mlir-print-ir-after-all %S/Inputs/print-ir.mlir > %t.out.theirs 2> %t.err.theirs
// RUN: diff %t.out.ours %t.out.theirs
// RUN: diff %t.err.ours %t.err.theirs
// A repeated pass runs again, in command-line order.
// RUN: tensor-opt --allow-unregistered-dialect --canonicalize --cse --canonicalize --mlir-print-ir-after-all %S/Inputs/print-ir.mlir 2> %t.err.ours
// RUN: mlir-opt --allow-unregistered-dialect --canonicalize --cse --canonicalize --mlir-print-ir-after-all %S/Inputs/print-ir.mlir 2> %t.err.theirs
// RUN: diff %t.err.ours %t.err.theirs
// Each chunk of a split input gets its own dumps.
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file --cse --mlir-print-ir-before-all %S/Inputs/print-ir.mlir 2> %t.err.ours
// RUN: mlir-opt --allow-unregistered-dialect -split-input-file --cse --mlir-print-ir-before-all %S/Inputs/print-ir.mlir 2> %t.err.theirs
// RUN: diff %t.err.ours %t.err.theirs
// After-failure prints nothing when every pass succeeds.
// RUN: tensor-opt --allow-unregistered-dialect --cse --mlir-print-ir-after-failure %S/Inputs/print-ir.mlir 2> %t.err.ours
// RUN: mlir-opt --allow-unregistered-dialect --cse --mlir-print-ir-after-failure %S/Inputs/print-ir.mlir 2> %t.err.theirs
// RUN: diff %t.err.ours %t.err.theirs
// RUN: test ! -s %t.err.ours
