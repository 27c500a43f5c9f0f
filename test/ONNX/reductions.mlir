// Reductions ONNX defines by elementwise maps around a sum: ReduceL2 is
// sqrt(sum(x * x)), ReduceLogSumExp log(sum(exp(x - m))) + m with m the max of
// the finite elements (an infinity counts as -inf there), as onnx.reference
// computes them. Values: onnx.reference.ReferenceEvaluator on the same model.
// Models: scripts/onnx-models.py.

// RUN: tensor-opt %S/Inputs/reduce_composites.onnx | FileCheck %s --check-prefix=IR
// IR: %[[SQ:.*]] = nd.mul %arg0, %arg0 : tensor<2x3xf32>
// IR: %[[S:.*]] = nd.reduce sum %[[SQ]] init %{{.*}} across [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
// IR: nd.sqrt %[[S]] : tensor<2xf32>
// IR: nd.cmp eq
// IR: nd.select
// IR: nd.reduce max {{.*}} across [1] keep_dims
// IR: nd.exp
// IR: nd.log

// RUN: tensor-run %S/Inputs/reduce_composites.onnx --arg "dense<[[3.0, 4.0, 0.0], [1.0, -1.0, 2.0]]> : tensor<2x3xf32>" | FileCheck %s --check-prefix=FINITE
// FINITE: dense<[5.000000e+00, 2.44948983]> : tensor<2xf32>
// FINITE: dense<{{\[\[}}4.32656288], [2.34901237]]> : tensor<2x1xf32>

// An infinity: the reference's l2 and logsumexp are inf.
// RUN: tensor-run %S/Inputs/reduce_composites.onnx --arg "dense<[[3.0, 4.0, 0.0], [1.0, 0x7F800000, 2.0]]> : tensor<2x3xf32>" | FileCheck %s --check-prefix=INF
// INF: dense<[5.000000e+00, 0x7F800000]> : tensor<2xf32>
// INF: dense<{{\[\[}}4.32656288], [0x7F800000]]> : tensor<2x1xf32>
