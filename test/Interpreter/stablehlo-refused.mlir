// tensor-run does not run a StableHLO program with an op nd cannot compute
// exactly: exit 1, the error at the op, nothing computed. The whole module is
// converted first, so the error comes whichever function is run.
// RUN: not tensor-run %s --entry other --arg 'dense<[1.0]> : tensor<1xf32>' 2>&1 | FileCheck %s

// CHECK: stablehlo-refused.mlir:[[# @LINE + 3]]:8: error: 'stablehlo.remainder' op has no exact nd form
// CHECK-NOT: dense
func.func @remainder(%x: tensor<1xf32>) -> tensor<1xf32> {
  %0 = stablehlo.remainder %x, %x : tensor<1xf32>
  return %0 : tensor<1xf32>
}

func.func @other(%x: tensor<1xf32>) -> tensor<1xf32> {
  %0 = stablehlo.exponential %x : tensor<1xf32>
  return %0 : tensor<1xf32>
}
