// tensor-run reads, verifies and lowers through the same pipeline as tensor-opt:
// --broadcast-semantics, verification after --lower-first, --mlir-pass-statistics
// and --mlir-timing.
//
// Under upstream's rules (mlir) a static result dim beside two `?` operands is
// valid, so the program runs; the dim is checked at run time, at the op.
// RUN: not tensor-run %s --arg 'dense<[1.0, 2.0]> : tensor<2xf32>' --arg 'dense<[3.0, 4.0]> : tensor<2xf32>' 2>&1 | FileCheck %s --check-prefix=SPEC
// RUN: tensor-run %s --broadcast-semantics=mlir --arg 'dense<[1.0, 2.0]> : tensor<2xf32>' --arg 'dense<[3.0, 4.0]> : tensor<2xf32>' | FileCheck %s --check-prefix=MLIR
// RUN: tensor-run %s --broadcast-semantics=mlir --arg 'dense<[1.0, 2.0]> : tensor<2xf32>' --arg 'dense<3.0> : tensor<1xf32>' | FileCheck %s --check-prefix=MLIR-BCAST
// RUN: not tensor-run %s --broadcast-semantics=mlir --arg 'dense<[1.0, 2.0, 3.0]> : tensor<3xf32>' --arg 'dense<1.0> : tensor<1xf32>' 2>&1 | FileCheck %s --check-prefix=MLIR-DIM
// RUN: not tensor-run %s --broadcast-semantics=mlir --lower-first --arg 'dense<[1.0, 2.0, 3.0]> : tensor<3xf32>' --arg 'dense<1.0> : tensor<1xf32>' 2>&1 | FileCheck %s --check-prefix=MLIR-LOWERED
// RUN: tensor-run %s --broadcast-semantics=mlir --lower-first --mlir-pass-statistics --arg 'dense<[1.0, 2.0]> : tensor<2xf32>' --arg 'dense<3.0> : tensor<1xf32>' 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: tensor-run %s --broadcast-semantics=mlir --lower-first --mlir-timing --arg 'dense<[1.0, 2.0]> : tensor<2xf32>' --arg 'dense<3.0> : tensor<1xf32>' 2>&1 >/dev/null | FileCheck %s --check-prefix=TIMING
// RUN: not tensor-run %s --broadcast-semantics=numpy 2>&1 | FileCheck %s --check-prefix=USAGE

// SPEC: pipeline.mlir:[[# @LINE + 6]]:8: error: 'nd.add' op result type '2' not broadcast compatible with broadcasted operands's shapes '?'
// MLIR: dense<[4.000000e+00, 6.000000e+00]> : tensor<2xf32>
// MLIR-BCAST: dense<[4.000000e+00, 5.000000e+00]> : tensor<2xf32>
// MLIR-DIM: pipeline.mlir:[[# @LINE + 3]]:8: error: 'nd.add' op result #0 has shape [3] at run time, but its type 'tensor<2xf32>' has size 2 in dim 0
// MLIR-LOWERED: pipeline.mlir:[[# @LINE + 2]]:8: error: 'nd.broadcast_in_dim' op operand #1, the shape, is [3] at run time, but the result type 'tensor<2xf32>' has size 2 in dim 0
func.func @main(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<2xf32> {
  %s = nd.add %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<2xf32>
  return %s : tensor<2xf32>
}

// STATS: Pass statistics report
// STATS: LowerBroadcast
// STATS-NEXT: (S) 2 num-broadcasts - Explicit broadcasts inserted
// STATS-NEXT: (S) 1 num-checks     - Run-time shape checks emitted (nd.broadcast_shapes)
// STATS: (S) 1 num-lowered    - Operations lowered
// STATS: dense<[4.000000e+00, 5.000000e+00]> : tensor<2xf32>

// TIMING: Execution time report
// TIMING: Parser
// TIMING-NEXT: Verifier
// TIMING-NEXT: LowerBroadcast
// TIMING-NEXT: Total

// USAGE: error: invalid value 'numpy' for '--broadcast-semantics <semantics>'
