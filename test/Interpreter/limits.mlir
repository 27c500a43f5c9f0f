// The interpreter's limits (docs/interpreter.md, "Limits"): each is a located
// error at the op, exit code 1, never an abort, a hang or a stack overflow.

// Work: a reduction or matmul over a broadcast view is bounded by --max-memory.
// RUN: not tensor-run %s --entry sum --max-memory 1G --arg 'dense<1.0> : tensor<f32>' 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: not tensor-run %s --entry mm --max-memory 1G --arg 'dense<1.0> : tensor<f32>' --arg 'dense<1.0> : tensor<f32>' 2>&1 | FileCheck %s --check-prefix=MM
// Within the limit the same ops run.
// RUN: tensor-run %s --entry small_sum --max-memory 1M --arg 'dense<0.5> : tensor<f32>' | FileCheck %s --check-prefix=SMALL
// RUN: not tensor-run %s --entry overflowing --max-memory 1G --arg 'dense<1.0> : tensor<f32>' 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// Memory: a limit above what the system can give is an error at the op, not an abort.
// RUN: not tensor-run %s --entry huge --max-memory 300T --arg 'dense<1.0> : tensor<8388608x1xf64>' --arg 'dense<2.0> : tensor<1x4194304xf64>' 2>&1 | FileCheck %s --check-prefix=HUGE
// Calls: recursion stops at the call-depth limit.
// RUN: not tensor-run %s --entry forever --arg 'dense<1> : tensor<i32>' 2>&1 | FileCheck %s --check-prefix=DEPTH

func.func @sum(%x: tensor<f32>) -> tensor<f32> {
  %b = nd.broadcast_to %x, shape = [1000000, 1000000] : (tensor<f32>) -> tensor<1000000x1000000xf32>
  // SUM: limits.mlir:[[# @LINE + 1]]:8: error: 'nd.reduce' op would visit 1000000000000 elements of operand #0 (a view of shape [1000000, 1000000], 3725.29 GiB as an array), more than the memory limit of 1.00 GiB could hold: the work of an op is bounded by --max-memory
  %s = nd.reduce sum %b across [0, 1] : (tensor<1000000x1000000xf32>) -> tensor<f32>
  return %s : tensor<f32>
}

func.func @mm(%x: tensor<f32>, %y: tensor<f32>) -> tensor<1x1xf32> {
  %a = nd.broadcast_to %x, shape = [1, 1000000000000] : (tensor<f32>) -> tensor<1x1000000000000xf32>
  %b = nd.broadcast_to %y, shape = [1000000000000, 1] : (tensor<f32>) -> tensor<1000000000000x1xf32>
  // MM: limits.mlir:[[# @LINE + 1]]:8: error: 'nd.matmul' op would visit 1000000000000 elements of operand #0
  %m = nd.matmul %a, %b : (tensor<1x1000000000000xf32>, tensor<1000000000000x1xf32>) -> tensor<1x1xf32>
  return %m : tensor<1x1xf32>
}

func.func @overflowing(%x: tensor<f32>) -> tensor<f32> {
  %b = nd.broadcast_to %x, shape = [1099511627776, 1099511627776, 1099511627776] : (tensor<f32>) -> tensor<1099511627776x1099511627776x1099511627776xf32>
  // OVERFLOW: limits.mlir:[[# @LINE + 1]]:8: error: 'nd.reduce' op would visit more than 2^64 elements of operand #0 (a view of shape [1099511627776, 1099511627776, 1099511627776]), more than the memory limit of 1.00 GiB could hold
  %s = nd.reduce sum %b across [0, 1, 2] : (tensor<1099511627776x1099511627776x1099511627776xf32>) -> tensor<f32>
  return %s : tensor<f32>
}

func.func @small_sum(%x: tensor<f32>) -> tensor<f32> {
  %b = nd.broadcast_to %x, shape = [256, 256] : (tensor<f32>) -> tensor<256x256xf32>
  %s = nd.reduce sum %b across [0, 1] : (tensor<256x256xf32>) -> tensor<f32>
  // SMALL: dense<3.276800e+04> : tensor<f32>
  return %s : tensor<f32>
}

func.func @huge(%a: tensor<8388608x1xf64>, %b: tensor<1x4194304xf64>) -> tensor<8388608x4194304xf64> {
  // HUGE: limits.mlir:[[# @LINE + 1]]:8: error: 'nd.add' op cannot allocate its result of shape [8388608, 4194304]: the system could not allocate 262144.00 GiB
  %c = nd.add %a, %b : (tensor<8388608x1xf64>, tensor<1x4194304xf64>) -> tensor<8388608x4194304xf64>
  return %c : tensor<8388608x4194304xf64>
}

func.func @forever(%x: tensor<i32>) -> tensor<i32> {
  // DEPTH: limits.mlir:[[# @LINE + 1]]:8: error: 'func.call' op calls @forever 10000 calls deep, the interpreter's limit (unbounded recursion?)
  %r = call @forever(%x) : (tensor<i32>) -> tensor<i32>
  return %r : tensor<i32>
}
