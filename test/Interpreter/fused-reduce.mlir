// A fused group and the reduction over its last dims that reads it run in one pass
// (docs/interpreter.md, "Row reductions"): the same values as run apart, and
// every error at its op, in program order.

// RUN: tensor-run %s --entry softmax --arg 'dense<[[1.0, 2.0, 3.0], [0.5, 0.5, 0.5]]> : tensor<2x3xf32>' | FileCheck %s --check-prefix=SOFTMAX
// RUN: tensor-run %s --entry rms --arg 'dense<[[3.0, 4.0], [1.0, -1.0], [0.0, 2.0]]> : tensor<3x2xf32>' | FileCheck %s --check-prefix=RMS
// Empty rows: the group runs apart and the reduction reports its own error.
// RUN: not tensor-run %s --entry empty_max --arg 'dense<> : tensor<2x0xf32>' 2>&1 | FileCheck %s --check-prefix=EMPTY
// The reduction is computed early, but an op between fails first, as it would.
// RUN: not tensor-run %s --entry between --arg 'dense<[[1.0, 2.0]]> : tensor<1x2xf32>' --arg 'dense<[1.0, 2.0, 3.0]> : tensor<3xf32>' 2>&1 | FileCheck %s --check-prefix=BETWEEN
// A value only the reduction reads still has to fit: over the limit, or more
// than the system can give, the group fails at its op as it does apart (fused,
// it would instead compute every element).
// RUN: not tensor-run %s --entry huge --max-memory 1G --arg 'dense<1.0> : tensor<65536x1xf64>' --arg 'dense<2.0> : tensor<1x4096xf64>' 2>&1 | FileCheck %s --check-prefix=LIMIT
// RUN: not tensor-run %s --entry huge --max-memory 300T --arg 'dense<1.0> : tensor<8388608x1xf64>' --arg 'dense<2.0> : tensor<1x4194304xf64>' 2>&1 | FileCheck %s --check-prefix=SYSTEM

// The exponentials are kept for the division and summed as they are written.
// SOFTMAX: dense<{{\[\[}}0.0900305733, 0.244728476, 0.665240943], [0.333333343, 0.333333343, 0.333333343]]> : tensor<2x3xf32>
func.func @softmax(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %m = nd.reduce max %x across [1] keep_dims : (tensor<2x3xf32>) -> tensor<2x1xf32>
  %d = nd.sub %x, %m : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  %e = nd.exp %d : tensor<2x3xf32>
  %s = nd.reduce sum %e across [1] keep_dims : (tensor<2x3xf32>) -> tensor<2x1xf32>
  %y = nd.div %e, %s : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// The squares are read by the reduction alone: never stored.
// RMS: dense<[1.250000e+01, 1.000000e+00, 2.000000e+00]> : tensor<3xf32>
func.func @rms(%x: tensor<3x2xf32>) -> tensor<3xf32> {
  %q = nd.mul %x, %x : tensor<3x2xf32>
  %s = nd.reduce sum %q across [1] : (tensor<3x2xf32>) -> tensor<3xf32>
  %n = nd.constant dense<2.0> : tensor<f32>
  %r = nd.div %s, %n : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

func.func @empty_max(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %e = nd.exp %x : tensor<?x?xf32>
  // EMPTY: fused-reduce.mlir:[[# @LINE + 1]]:8: error: 'nd.reduce' op reduces an empty dim with 'max', which has no identity (operand shape [2, 0])
  %m = nd.reduce max %e across [1] : (tensor<?x?xf32>) -> tensor<?xf32>
  return %m : tensor<?xf32>
}

func.func @between(%x: tensor<?x?xf32>, %y: tensor<?xf32>) -> (tensor<?xf32>, tensor<?x?xf32>) {
  %e = nd.exp %x : tensor<?x?xf32>
  // BETWEEN: fused-reduce.mlir:[[# @LINE + 1]]:10: error: 'nd.add' op
  %bad = nd.add %x, %y : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %s = nd.reduce sum %e across [1] : (tensor<?x?xf32>) -> tensor<?xf32>
  return %s, %bad : tensor<?xf32>, tensor<?x?xf32>
}

func.func @huge(%a: tensor<?x1xf64>, %b: tensor<1x?xf64>) -> tensor<?xf64> {
  // LIMIT: fused-reduce.mlir:[[# @LINE + 2]]:8: error: 'nd.add' op cannot allocate its result of shape [65536, 4096]: allocating 2.00 GiB would exceed the memory limit of 1.00 GiB
  // SYSTEM: fused-reduce.mlir:[[# @LINE + 1]]:8: error: 'nd.add' op cannot allocate its result of shape [8388608, 4194304]: the system could not allocate 262144.00 GiB
  %c = nd.add %a, %b : (tensor<?x1xf64>, tensor<1x?xf64>) -> tensor<?x?xf64>
  %s = nd.reduce sum %c across [1] : (tensor<?x?xf64>) -> tensor<?xf64>
  return %s : tensor<?xf64>
}

// Rows of several dims: a group norm's mean of squares over [1, 2] (listed
// in any order) reduces runs of 4 consecutive elements.
// RUN: tensor-run %s --entry group_norm --arg 'dense<[[[1.0, 2.0], [3.0, 4.0]], [[0.0, 1.0], [1.0, 0.0]]]> : tensor<2x2x2xf32>' | FileCheck %s --check-prefix=GROUP
// GROUP: dense<{{\[\[\[}}3.000000e+01]], {{\[\[}}2.000000e+00]]]> : tensor<2x1x1xf32>
func.func @group_norm(%x: tensor<2x2x2xf32>) -> tensor<2x1x1xf32> {
  %q = nd.mul %x, %x : tensor<2x2x2xf32>
  %s = nd.reduce sum %q across [2, 1] keep_dims : (tensor<2x2x2xf32>) -> tensor<2x1x1xf32>
  return %s : tensor<2x1x1xf32>
}

// At the memory limit, the op that fails is the one that fails apart: the
// group's buffer is taken first, and the reduction's, when it does not fit,
// is left to the reduction's own step.
// RUN: not tensor-run %s --entry at_limit --max-memory 8004 --arg 'dense<1.5> : tensor<2x1000xf32>' 2>&1 | FileCheck %s --check-prefix=AT-LIMIT
func.func @at_limit(%x: tensor<2x1000xf32>) -> (tensor<2xf32>, tensor<2x1000xf32>) {
  %q = nd.mul %x, %x : tensor<2x1000xf32>
  // AT-LIMIT: fused-reduce.mlir:[[# @LINE + 1]]:8: error: 'nd.reduce' op cannot allocate its result of shape [2]: allocating 8 B would exceed the memory limit of 7.82 KiB (7.81 KiB in use
  %s = nd.reduce sum %q across [1] : (tensor<2x1000xf32>) -> tensor<2xf32>
  return %s, %q : tensor<2xf32>, tensor<2x1000xf32>
}
