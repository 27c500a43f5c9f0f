// Under upstream's semantics a result may have more dims than its operands. A
// static result is broadcast to; with a dynamic dim there is no run-time shape of
// the result's rank, so the op is left as it is with a warning (found by the
// `lower` fuzz target: the pass emitted a 2-entry shape for a rank-5 result, and
// the IR did not verify).
// RUN: tensor-opt %s -split-input-file --broadcast-semantics=mlir --lower-broadcast 2>/dev/null | FileCheck %s
// RUN: tensor-opt %s -split-input-file --broadcast-semantics=mlir --lower-broadcast -verify-diagnostics > /dev/null

// CHECK-LABEL: func.func @static_leading
// CHECK: nd.broadcast_in_dim %arg0, dims = [1, 2] : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
// CHECK: nd.min %{{.*}}, %{{.*}} : tensor<4x2x3xf32>
func.func @static_leading(%v0: tensor<2x3xf32>) -> tensor<4x2x3xf32> {
  %v1 = nd.min %v0, %v0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x2x3xf32>
  return %v1 : tensor<4x2x3xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_leading
// CHECK-NEXT: nd.min %arg0, %arg0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<?x2x3xf32>
func.func @dynamic_leading(%v0: tensor<2x3xf32>) -> tensor<?x2x3xf32> {
  // expected-warning @+1 {{'nd.min' op still broadcasts implicitly: its result has more dims than its operands, and a dynamic one: no run-time shape of its rank is known}}
  %v1 = nd.min %v0, %v0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<?x2x3xf32>
  return %v1 : tensor<?x2x3xf32>
}

// -----

// CHECK-LABEL: func.func @scalars_to_rank_3
// CHECK-NEXT: nd.div %arg0, %arg0 : (tensor<f32>, tensor<f32>) -> tensor<2x?x0xf32>
func.func @scalars_to_rank_3(%v0: tensor<f32>) -> tensor<2x?x0xf32> {
  // expected-warning @+1 {{'nd.div' op still broadcasts implicitly: its result has more dims than its operands, and a dynamic one: no run-time shape of its rank is known}}
  %v1 = nd.div %v0, %v0 : (tensor<f32>, tensor<f32>) -> tensor<2x?x0xf32>
  return %v1 : tensor<2x?x0xf32>
}

// -----

// CHECK-LABEL: func.func @static_leading_dynamic_trailing
// CHECK-NEXT: nd.min %arg0, %arg0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<0x2x2x?x?xf32>
func.func @static_leading_dynamic_trailing(%v0: tensor<2x3xf32>) -> tensor<0x2x2x?x?xf32> {
  // expected-warning @+1 {{'nd.min' op still broadcasts implicitly: its result has more dims than its operands, and a dynamic one: no run-time shape of its rank is known}}
  %v1 = nd.min %v0, %v0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<0x2x2x?x?xf32>
  return %v1 : tensor<0x2x2x?x?xf32>
}
