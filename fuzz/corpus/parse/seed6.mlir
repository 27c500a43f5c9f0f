// --verify-explicit-broadcast accepts what needs no implicit broadcast, and
// changes nothing: operands of the result's shape (the same value for `?` and
// `*`), the explicit broadcasts, the rank-polymorphic nd.broadcast_to, ops that
// never broadcast, and test.broadcastable (no semantics to lower; not checked).
// RUN: tensor-opt %s --verify-explicit-broadcast | FileCheck %s

// CHECK-LABEL: func.func @explicit
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %1 = nd.add %arg0, %0 : tensor<2x3xf32>
// CHECK-NEXT:    %2 = nd.mul %arg2, %arg2 : tensor<?x3xf32>
// CHECK-NEXT:    %3 = nd.sub %arg3, %arg3 : tensor<*xf32>
// CHECK-NEXT:    %4 = nd.neg %1 : tensor<2x3xf32>
// CHECK-NEXT:    %5 = "test.broadcastable"(%arg0, %arg1) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %6 = nd.shape_of %arg3 : (tensor<*xf32>) -> tensor<?xindex>
// CHECK-NEXT:    %7 = nd.broadcast_to %arg1, %6 : (tensor<3xf32>, tensor<?xindex>) -> tensor<*xf32>
// CHECK-NEXT:    return %4, %2, %3, %1, %5, %7

func.func @explicit(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %c: tensor<?x3xf32>, %u: tensor<*xf32>) -> (tensor<2x3xf32>, tensor<?x3xf32>, tensor<*xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<*xf32>) {
  %0 = nd.broadcast_in_dim %b, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %1 = nd.add %a, %0 : tensor<2x3xf32>
  %2 = nd.mul %c, %c : tensor<?x3xf32>
  %3 = nd.sub %u, %u : tensor<*xf32>
  %4 = nd.neg %1 : tensor<2x3xf32>
  %5 = "test.broadcastable"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %6 = nd.shape_of %u : (tensor<*xf32>) -> tensor<?xindex>
  %7 = nd.broadcast_to %b, %6 : (tensor<3xf32>, tensor<?xindex>) -> tensor<*xf32>
  return %4, %2, %3, %1, %5, %7 : tensor<2x3xf32>, tensor<?x3xf32>, tensor<*xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<*xf32>
}
