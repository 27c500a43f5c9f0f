// Every program in examples/ verifies, passes --verify-broadcast, and
// round-trips through the printer (but broadcast_errors.mlir, whose errors
// test/Traits/broadcast-errors-example.mlir checks).
// RUN: tensor-opt --verify-broadcast %S/../../../examples/softmax.mlir | tensor-opt | FileCheck %s --check-prefix=SOFTMAX
// RUN: tensor-opt --verify-broadcast %S/../../../examples/layer_norm.mlir | tensor-opt | FileCheck %s --check-prefix=NORM
// RUN: tensor-opt --verify-broadcast %S/../../../examples/outer_product.mlir | tensor-opt | FileCheck %s --check-prefix=OUTER
// RUN: tensor-opt --verify-broadcast %S/../../../examples/attention.mlir | tensor-opt | FileCheck %s --check-prefix=ATTN

// SOFTMAX-LABEL: func.func @softmax(
// SOFTMAX: nd.div %{{.*}}, %{{.*}} : (tensor<4x10xf32>, tensor<4x1xf32>) -> tensor<4x10xf32>
// SOFTMAX-LABEL: func.func @softmax_xla(
// SOFTMAX: {broadcast_dimensions = array<i64: 0>}
// SOFTMAX-LABEL: func.func @softmax_dynamic(
// SOFTMAX: nd.div %{{.*}}, %{{.*}} : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>

// NORM-LABEL: func.func @layer_norm(
// NORM: nd.add %{{.*}}, %arg2 : (tensor<2x8x16xf32>, tensor<16xf32>) -> tensor<2x8x16xf32>
// NORM-LABEL: func.func @layer_norm_dynamic(
// NORM: nd.dim %arg0[2]

// OUTER-LABEL: func.func @outer_numpy(
// OUTER-LABEL: func.func @outer_xla(
// OUTER-LABEL: func.func @outer_matmul(
// OUTER-LABEL: func.func @outer_batched_dynamic(

// ATTN-LABEL: func.func @attention(
// ATTN: nd.broadcast_in_dim %arg1, dims = [0, 1, 3, 2]
// ATTN-LABEL: func.func @bias_add_xla(
// ATTN-LABEL: func.func @bias_add_in_place(
// ATTN: nd.assign
// ATTN-LABEL: func.func @attention_dynamic(
