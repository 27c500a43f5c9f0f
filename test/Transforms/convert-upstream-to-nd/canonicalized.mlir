// --convert-upstream-to-nd after --lower-broadcast --cse --canonicalize: the
// canonicalizer makes the shape of a static tensor an nd.constant (hoisted to the
// function's start), which the export writes as an arith.constant read by
// tensor.extract, so the check of a `?` against it is a cf.assert. The import
// tries each candidate again reading the nd.constant it imported. What comes back
// means the same as the canonicalized program (tests/import_chains.rs runs both
// with tensor-run) but is not it byte for byte: a check the canonicalizer folded
// away (the first op's) is an nd.broadcast_shapes again.
// RUN: tensor-opt %s --lower-broadcast --cse --canonicalize --convert-nd-to-upstream | tensor-opt -allow-unregistered-dialect --convert-upstream-to-nd --verify-explicit-broadcast | FileCheck %s

// CHECK-LABEL: func.func @chain
// CHECK-NEXT:    %0 = nd.constant dense<8> : tensor<1xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg0 : (tensor<?x8xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %2 = nd.shape_of %arg1 : (tensor<8xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %3 = nd.broadcast_shapes %1, %2 : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
// CHECK:         %11 = nd.sub %9, %10 : tensor<?x?xf32>
// CHECK-NEXT:    %12 = nd.shape_of %11 : (tensor<?x?xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %13 = nd.broadcast_shapes %12, %0 : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
// CHECK:         %16 = nd.add %14, %15 : tensor<?x?xf32>
// CHECK-NEXT:    %17 = nd.shape_of %16 : (tensor<?x?xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %18 = nd.broadcast_shapes %17, %7 : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
// CHECK:         %21 = nd.sub %19, %20 : tensor<?x?xf32>
// CHECK-NEXT:    return %21 : tensor<?x?xf32>
func.func @chain(%x: tensor<?x8xf32>, %b: tensor<8xf32>, %c: tensor<?x1xf32>) -> tensor<?x?xf32> {
  %0 = nd.add %x, %b : (tensor<?x8xf32>, tensor<8xf32>) -> tensor<?x8xf32>
  %1 = nd.sub %0, %c : (tensor<?x8xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %2 = nd.add %1, %b : (tensor<?x?xf32>, tensor<8xf32>) -> tensor<?x?xf32>
  %3 = nd.sub %2, %c : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %3 : tensor<?x?xf32>
}
