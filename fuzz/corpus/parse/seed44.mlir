// RUN: tensor-opt %s | FileCheck %s
// RUN: tensor-opt %s | tensor-opt | FileCheck %s

// CHECK-LABEL: func.func @named_args(%arg0: tensor<4xf32>, %arg1: tensor<?x4xf32>) -> tensor<4xf32> {
// CHECK-NEXT:    return %arg0 : tensor<4xf32>
// CHECK-NEXT:  }
func.func @named_args(%x: tensor<4xf32>, %y: tensor<?x4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// CHECK-LABEL: func.func @multiple_results(%arg0: i32, %arg1: f32) -> (f32, i32) {
// CHECK-NEXT:    return %arg1, %arg0 : f32, i32
func.func @multiple_results(%a: i32, %b: f32) -> (f32, i32) {
  return %b, %a : f32, i32
}

// CHECK-LABEL: func.func @no_results() {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @no_results() {
  return
}

// CHECK: func.func private @declaration(tensor<*xf32>, index) -> tensor<?xf32>
func.func private @declaration(tensor<*xf32>, index) -> tensor<?xf32>

// CHECK-LABEL: func.func @attributes(%arg0: i32 {test.arg}) -> (i32 {test.res = 1 : i64}) attributes {test.fn = "f"} {
func.func @attributes(%a: i32 {test.arg}) -> (i32 {test.res = 1}) attributes {test.fn = "f"} {
  return %a : i32
}

// CHECK-LABEL: func.func @calls(%arg0: tensor<4xf32>, %arg1: tensor<?x4xf32>) -> tensor<4xf32> {
// CHECK-NEXT:    %0 = call @named_args(%arg0, %arg1) : (tensor<4xf32>, tensor<?x4xf32>) -> tensor<4xf32>
func.func @calls(%x: tensor<4xf32>, %y: tensor<?x4xf32>) -> tensor<4xf32> {
  %r = func.call @named_args(%x, %y) : (tensor<4xf32>, tensor<?x4xf32>) -> tensor<4xf32>
  // CHECK-NEXT:  %1 = call @named_args(%0, %arg1) {test.tail} : (tensor<4xf32>, tensor<?x4xf32>) -> tensor<4xf32>
  %s = call @named_args(%r, %y) {test.tail} : (tensor<4xf32>, tensor<?x4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}
