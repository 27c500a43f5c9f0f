// --convert-upstream-to-nd after --lower-broadcast --cse --canonicalize: the
// canonicalizer makes the shape of a static tensor an nd.constant (hoisted to the
// function's start), which the export writes as an arith.constant read by
// tensor.extract, so the check of a `?` against it is a cf.assert. The import
// tries each candidate again reading the nd.constant it imported. The chain's
// later ops reuse the first checks (the lowering takes the shape a result was
// given), and what comes back is the canonicalized program byte for byte
// (tests/import_chains.rs also runs both with tensor-run).
// RUN: tensor-opt %s --lower-broadcast --cse --canonicalize > %t
// RUN: tensor-opt %s --lower-broadcast --cse --canonicalize --convert-nd-to-upstream | tensor-opt -allow-unregistered-dialect --convert-upstream-to-nd --verify-explicit-broadcast | diff %t -
// RUN: tensor-opt %s --lower-broadcast --cse --canonicalize --convert-nd-to-upstream | tensor-opt -allow-unregistered-dialect --convert-upstream-to-nd | FileCheck %s

// CHECK-LABEL: func.func @chain
// CHECK-NEXT:    %0 = nd.constant dense<8> : tensor<1xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg0 : (tensor<?x?xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %1, %0 : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %arg0, %2, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x8xf32>
// CHECK-NEXT:    %4 = nd.broadcast_in_dim %arg1, %2, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<8xf32>, tensor<2xindex>) -> tensor<?x8xf32>
// CHECK-NEXT:    %5 = nd.add %3, %4 : tensor<?x8xf32>
// CHECK-NEXT:    %6 = nd.shape_of %arg2 : (tensor<?x1xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %7 = nd.broadcast_shapes %2, %6 : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %8 = nd.broadcast_in_dim %5, %7, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?x8xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %9 = nd.broadcast_in_dim %arg2, %7, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %10 = nd.sub %8, %9 : tensor<?x?xf32>
// CHECK-NEXT:    %11 = nd.broadcast_in_dim %arg1, %7, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<8xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %12 = nd.add %10, %11 : tensor<?x?xf32>
// CHECK-NEXT:    %13 = nd.sub %12, %9 : tensor<?x?xf32>
// CHECK-NEXT:    return %13
func.func @chain(%x: tensor<?x?xf32>, %b: tensor<8xf32>, %c: tensor<?x1xf32>) -> tensor<?x?xf32> {
  %0 = nd.add %x, %b : (tensor<?x?xf32>, tensor<8xf32>) -> tensor<?x8xf32>
  %1 = nd.sub %0, %c : (tensor<?x8xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %2 = nd.add %1, %b : (tensor<?x?xf32>, tensor<8xf32>) -> tensor<?x?xf32>
  %3 = nd.sub %2, %c : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %3 : tensor<?x?xf32>
}
