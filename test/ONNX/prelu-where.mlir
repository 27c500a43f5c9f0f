// An ONNX model with an initializer, PRelu (slope broadcast to X, checked
// one way), Greater and Where, imported and run. Model: scripts/onnx-models.py.

// RUN: tensor-opt %S/Inputs/prelu_where.onnx | FileCheck %s
// CHECK: func.func @main(%arg0: tensor<?x3xf32> {nd.dim_names = ["n", ""]}, %arg1: tensor<3xf32>) -> tensor<?x3xf32>
// CHECK: nd.constant dense<[5.000000e-01, 2.500000e-01, 1.250000e-01]> : tensor<3xf32>
// CHECK: nd.mul %arg0, %0 : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
// CHECK: nd.select

// x = [[-2, 4, -8]], y = [0, 0, 0]: PRelu gives [-1, 4, -1], x > y picks it
// where x > 0, y elsewhere.
// RUN: tensor-run %S/Inputs/prelu_where.onnx --arg "dense<[[-2.0, 4.0, -8.0]]> : tensor<1x3xf32>" --arg "dense<0.0> : tensor<3xf32>" | FileCheck %s --check-prefix=OUT
// OUT: dense<{{\[\[}}0.000000e+00, 4.000000e+00, 0.000000e+00]]> : tensor<1x3xf32>

// Lowered (explicit broadcasts) and run: the same values.
// RUN: tensor-opt %S/Inputs/prelu_where.onnx --lower-broadcast | tensor-run - --arg "dense<[[-2.0, 4.0, -8.0]]> : tensor<1x3xf32>" --arg "dense<0.0> : tensor<3xf32>" | FileCheck %s --check-prefix=OUT
