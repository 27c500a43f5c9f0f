// Structure through named dims, built by nd's typed builders: a Reshape that
// copies `batch` (0) and fixes -1 from the static dims carries the run-time size
// in its shape operand; PRelu's slope meets a `?` dim and is checked one way
// (nd.broadcast_to) at run time. Models: scripts/onnx-models.py.

// RUN: tensor-opt %S/Inputs/reshape_named.onnx | FileCheck %s --check-prefix=RESHAPE
// RESHAPE: func.func @main(%arg0: tensor<?x4x3xf32> {nd.dim_names = ["batch", "", ""]}) -> tensor<?x1x12xf32>
// RESHAPE: %[[S:.*]] = nd.shape_of %arg0
// RESHAPE: %[[B:.*]] = nd.shape_slice %[[S]][0 : 1]
// RESHAPE: %[[T:.*]] = nd.shape_concat %[[B]], %{{.*}} : (tensor<1xindex>, tensor<1xindex>) -> tensor<2xindex>
// RESHAPE: nd.reshape %arg0, %[[T]] : (tensor<?x4x3xf32>, tensor<2xindex>) -> tensor<?x12xf32>
// RESHAPE: nd.add {{.*}} : (tensor<?x12xf32>, tensor<12xf32>) -> tensor<?x12xf32>
// RESHAPE: nd.reshape {{.*}} -> tensor<?x1x12xf32>

// Run at batch 2 against NumPy's x.reshape(2, 12) + arange(12), unsqueezed.
// RUN: tensor-run %S/Inputs/reshape_named.onnx --arg "dense<[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0], [15.0, 16.0, 17.0], [18.0, 19.0, 20.0], [21.0, 22.0, 23.0]]]> : tensor<2x4x3xf32>" | FileCheck %s --check-prefix=OUT
// OUT: dense<{{\[\[\[}}0.000000e+00, 2.000000e+00, {{.*}}, 2.200000e+01]], {{\[\[}}1.200000e+01, {{.*}}, 3.400000e+01]]]> : tensor<2x1x12xf32>

// The slope [3] against X's `c`: broadcast one way with the shape of X.
// RUN: tensor-opt %S/Inputs/prelu_dynamic.onnx | FileCheck %s --check-prefix=PRELU
// PRELU: %[[S:.*]] = nd.shape_of %arg0
// PRELU: nd.broadcast_to %{{.*}}, %[[S]] : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x?xf32>

// c = 3 runs; c = 4 would stretch nothing and fails at the node, exit 1.
// RUN: tensor-run %S/Inputs/prelu_dynamic.onnx --arg "dense<[[-1.0, 2.0, -3.0]]> : tensor<1x3xf32>" | FileCheck %s --check-prefix=OK
// OK: dense<{{\[\[}}-5.000000e-01, 2.000000e+00, -3.750000e-01]]> : tensor<1x3xf32>
// RUN: not tensor-run %S/Inputs/prelu_dynamic.onnx --arg "dense<[[-1.0, 2.0, -3.0, 4.0]]> : tensor<1x4xf32>" 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: prelu_dynamic.onnx: node 'prelu' (PRelu):1:0: error: 'nd.broadcast_to' op operand #0 dim 0 has size 3 at run time, which is neither 1 nor the size 4 of result dim 1

// Size and Shape of a value with a named dim: nd.shape_of cast from index to
// i64 (the import's cast once refused index values), run at n = 2.
// RUN: tensor-opt %S/Inputs/size_shape_named.onnx | FileCheck %s --check-prefix=SIZE
// SIZE: %[[S:.*]] = nd.shape_of %arg0 : (tensor<?x3xf32>) -> tensor<2xindex>
// SIZE: %[[I:.*]] = nd.cast %[[S]] : tensor<2xindex> to tensor<2xi64>
// SIZE: nd.reduce prod %[[I]]
// SIZE: nd.cast %{{.*}} : tensor<2xindex> to tensor<2xi64>
// RUN: tensor-run %S/Inputs/size_shape_named.onnx --arg "dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>" | FileCheck %s --check-prefix=SIZEOUT
// SIZEOUT: dense<6> : tensor<i64>
// SIZEOUT-NEXT: dense<[2, 3]> : tensor<2xi64>
