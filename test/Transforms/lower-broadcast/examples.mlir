// Every program in examples/ lowers (but broadcast_errors.mlir, whose mistakes
// the verifier reports before any pass runs), and the output holds the invariant: each
// run ends with --verify-explicit-broadcast, and the printed output re-parses
// and passes it again. The same after the clean-up pipeline, which is also
// idempotent on it.
// RUN: tensor-opt %S/../../../examples/attention.mlir --lower-broadcast --verify-explicit-broadcast | tensor-opt --verify-explicit-broadcast > %t.attention.1
// RUN: tensor-opt %S/../../../examples/attention.mlir --lower-broadcast --cse --canonicalize --verify-explicit-broadcast > %t.attention.2
// RUN: tensor-opt %t.attention.2 --lower-broadcast --cse --canonicalize --verify-explicit-broadcast | diff %t.attention.2 -
// RUN: tensor-opt %S/../../../examples/broadcast.mlir --lower-broadcast --verify-explicit-broadcast | tensor-opt --verify-explicit-broadcast > %t.broadcast.1
// RUN: tensor-opt %S/../../../examples/broadcast.mlir --lower-broadcast --cse --canonicalize --verify-explicit-broadcast > %t.broadcast.2
// RUN: tensor-opt %t.broadcast.2 --lower-broadcast --cse --canonicalize --verify-explicit-broadcast | diff %t.broadcast.2 -
// RUN: tensor-opt %S/../../../examples/layer_norm.mlir --lower-broadcast --verify-explicit-broadcast | tensor-opt --verify-explicit-broadcast > %t.layer_norm.1
// RUN: tensor-opt %S/../../../examples/layer_norm.mlir --lower-broadcast --cse --canonicalize --verify-explicit-broadcast > %t.layer_norm.2
// RUN: tensor-opt %t.layer_norm.2 --lower-broadcast --cse --canonicalize --verify-explicit-broadcast | diff %t.layer_norm.2 -
// RUN: tensor-opt %S/../../../examples/outer_product.mlir --lower-broadcast --verify-explicit-broadcast | tensor-opt --verify-explicit-broadcast > %t.outer_product.1
// RUN: tensor-opt %S/../../../examples/outer_product.mlir --lower-broadcast --cse --canonicalize --verify-explicit-broadcast > %t.outer_product.2
// RUN: tensor-opt %t.outer_product.2 --lower-broadcast --cse --canonicalize --verify-explicit-broadcast | diff %t.outer_product.2 -
// RUN: tensor-opt %S/../../../examples/refine.mlir --lower-broadcast --verify-explicit-broadcast | tensor-opt --verify-explicit-broadcast > %t.refine.1
// RUN: tensor-opt %S/../../../examples/refine.mlir --lower-broadcast --cse --canonicalize --verify-explicit-broadcast > %t.refine.2
// RUN: tensor-opt %t.refine.2 --lower-broadcast --cse --canonicalize --verify-explicit-broadcast | diff %t.refine.2 -
// RUN: tensor-opt %S/../../../examples/softmax.mlir --lower-broadcast --verify-explicit-broadcast | tensor-opt --verify-explicit-broadcast > %t.softmax.1
// RUN: tensor-opt %S/../../../examples/softmax.mlir --lower-broadcast --cse --canonicalize --verify-explicit-broadcast > %t.softmax.2
// RUN: tensor-opt %t.softmax.2 --lower-broadcast --cse --canonicalize --verify-explicit-broadcast | diff %t.softmax.2 -
// RUN: cat %t.attention.1 %t.broadcast.1 %t.layer_norm.1 %t.outer_product.1 %t.refine.1 %t.softmax.1 | FileCheck %s
// RUN: cat %t.outer_product.2 | FileCheck %s --check-prefix=CLEAN

// Every function of every example is in the output.
// CHECK-LABEL: func.func @attention
// CHECK-LABEL: func.func @bias_add_xla
// CHECK-LABEL: func.func @bias_add_in_place
// CHECK-LABEL: func.func @attention_dynamic
// CHECK-LABEL: func.func @bias_add
// CHECK-LABEL: func.func @outer
// CHECK-LABEL: func.func @unknown_rank
// CHECK-LABEL: func.func @layer_norm
// CHECK-LABEL: func.func @layer_norm_dynamic
// CHECK-LABEL: func.func @outer_numpy
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %0, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    %2 = nd.broadcast_in_dim %arg1, dims = [1] : (tensor<5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    %3 = nd.mul %1, %2 : tensor<3x5xf32>
// CHECK-LABEL: func.func @outer_xla
// CHECK-LABEL: func.func @outer_matmul
// CHECK-LABEL: func.func @outer_batched_dynamic
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x?x1xf32>) -> tensor<3xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?x1x?xf32>) -> tensor<3xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 : (tensor<3xindex>, tensor<3xindex>) -> tensor<3xindex>
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %arg0, %2, dims = [0, 1, 2] {known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?x?x1xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
// CHECK-NEXT:    %4 = nd.broadcast_in_dim %arg1, %2, dims = [0, 1, 2] {known_nonexpanding_dimensions = array<i64: 2>} : (tensor<?x1x?xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
// CHECK-NEXT:    %5 = nd.mul %3, %4 : tensor<?x?x?xf32>
// CHECK-LABEL: func.func @bias_scale
// CHECK-LABEL: func.func @softmax
// CHECK-LABEL: func.func @softmax_xla
// CHECK-LABEL: func.func @softmax_dynamic

// After --cse --canonicalize, the broadcast of a broadcast is one broadcast.
// CLEAN-LABEL: func.func @outer_numpy
// CLEAN-NEXT:    %0 = nd.broadcast_in_dim %arg0, dims = [0] : (tensor<3xf32>) -> tensor<3x5xf32>
// CLEAN-NEXT:    %1 = nd.broadcast_in_dim %arg1, dims = [1] : (tensor<5xf32>) -> tensor<3x5xf32>
// CLEAN-NEXT:    %2 = nd.mul %0, %1 : tensor<3x5xf32>
