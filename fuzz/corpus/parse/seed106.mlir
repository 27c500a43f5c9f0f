// The statistics report's frame is byte-identical to mlir-opt's, once per chunk
// (the oracle is built without LLVM_ENABLE_STATS, so it prints no pass lines; with
// no pass on the command line neither do we).
// REQUIRES: mlir-opt
// RUN: tensor-opt -split-input-file --mlir-pass-statistics %s 2> %t.ours >/dev/null
// RUN: mlir-opt -split-input-file --mlir-pass-statistics %s 2> %t.theirs >/dev/null
// RUN: diff %t.ours %t.theirs
// RUN: tensor-opt --mlir-pass-statistics --mlir-pass-statistics-display=list %s 2> %t.ours >/dev/null
// RUN: mlir-opt --mlir-pass-statistics --mlir-pass-statistics-display=list %s 2> %t.theirs >/dev/null
// RUN: diff %t.ours %t.theirs

func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----

func.func @g() {
  return
}
