// func.call between functions works with nd ops: a broadcasting helper
// called with tensors of several shapes.
// RUN: tensor-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: tensor-opt %s -split-input-file -verify-diagnostics=only-expected --verify-broadcast

// CHECK-LABEL: func.func @scale
func.func @scale(%x: tensor<?x4xf32>, %s: tensor<4xf32>) -> tensor<?x4xf32> {
  // CHECK: nd.mul %arg0, %arg1 : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %0 = nd.mul %x, %s : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

func.func private @external(tensor<2x4xf32>) -> tensor<2x4xf32>

// CHECK-LABEL: func.func @main
func.func @main(%x: tensor<?x4xf32>, %y: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %s = nd.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  // CHECK: call @scale(%arg0, %{{.*}}) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %0 = func.call @scale(%x, %s) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %1 = nd.add %0, %y : (tensor<?x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  // CHECK: call @external
  %2 = func.call @external(%1) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %2 : tensor<2x4xf32>
}

// -----

func.func @callee(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

func.func @wrong_shape(%x: tensor<2x4xf32>) {
  // A call does not broadcast: its operand types are the callee's.
  // expected-error @+1 {{'func.call' op operand type mismatch: expected operand type 'tensor<4xf32>', but provided 'tensor<2x4xf32>' for operand number 0}}
  %0 = func.call @callee(%x) : (tensor<2x4xf32>) -> tensor<4xf32>
  return
}
