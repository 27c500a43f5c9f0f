// Files written in upstream MLIR's test style parse: declaration-style signatures
// with an explicit ^bb0 entry block, generic ops with several results, locations
// and comments.
// RUN: tensor-opt --allow-unregistered-dialect %s | FileCheck %s

// CHECK-LABEL: func.func @broadcast_scalar_scalar_scalar(%arg0: tensor<i32>, %arg1: tensor<i32>) -> tensor<i32> {
// CHECK-NEXT:    %0 = "test.op"(%arg0, %arg1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
// CHECK-NEXT:    return %0 : tensor<i32>
func.func @broadcast_scalar_scalar_scalar(tensor<i32>, tensor<i32>) -> tensor<i32> {
^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):   // a comment after the label
  %0 = "test.op"(%arg0, %arg1) : (tensor<i32>, tensor<i32>) -> tensor<i32> loc("orig.mlir":3:5)
  return %0 : tensor<i32> // trailing comment
}

// CHECK-LABEL: func.func @multi_result
// CHECK-NEXT:    %0:3 = "test.split"() : () -> (i1, i32, f32)
// CHECK-NEXT:    "test.use"(%0#2, %0#0) : (f32, i1) -> ()
func.func @multi_result() {
  %parts:3 = "test.split"() : () -> (i1, i32, f32) loc(unknown)
  "test.use"(%parts#2, %parts#0) : (f32, i1) -> () loc(callsite("a" at "b.mlir":1:1))
  return
}
