// Refinement keeps the program valid for every user of a refined value: a
// result is refined only if every use is an operand of a Broadcastable op
// that still verifies with the refined type. Other uses keep the declared
// type; no cast is inserted.
// RUN: tensor-opt %s --verify-broadcast=refine | FileCheck %s

// The function signature fixes the returned type.
// CHECK-LABEL: func.func @returned
// CHECK-NEXT: %0 = {{.*}} -> tensor<*xf32>
// CHECK-NEXT: return %0 : tensor<*xf32>
func.func @returned(%a: tensor<4xf32>) -> tensor<*xf32> {
  %0 = "test.broadcastable"(%a) : (tensor<4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// Also when the value has other, broadcastable, users.
// CHECK-LABEL: func.func @returned_and_used
// CHECK-NEXT: %0 = {{.*}} -> tensor<*xf32>
// CHECK-NEXT: %1 = {{.*}}(tensor<*xf32>) -> tensor<?xf32>
func.func @returned_and_used(%a: tensor<4xf32>) -> tensor<*xf32> {
  %0 = "test.broadcastable"(%a) : (tensor<4xf32>) -> tensor<*xf32>
  %1 = "test.broadcastable"(%0) : (tensor<*xf32>) -> tensor<?xf32>
  return %0 : tensor<*xf32>
}

// Calls and ops of other dialects: their type contracts are not ours.
// CHECK-LABEL: func.func @called
// CHECK-NEXT: %0 = {{.*}} -> tensor<*xf32>
// CHECK-NEXT: call @sink(%0) : (tensor<*xf32>) -> ()
// CHECK-NEXT: %1 = {{.*}} -> tensor<?xf32>
// CHECK-NEXT: "test.unknown"(%1)
func.func private @sink(tensor<*xf32>)
func.func @called(%a: tensor<4xf32>) {
  %0 = "test.broadcastable"(%a) : (tensor<4xf32>) -> tensor<*xf32>
  call @sink(%0) : (tensor<*xf32>) -> ()
  %1 = "test.broadcastable"(%a) : (tensor<4xf32>) -> tensor<?xf32>
  "test.unknown"(%1) : (tensor<?xf32>) -> ()
  return
}

// A broadcastable user that would stop verifying: %1 declares 4, which is
// fine while %0 is unranked but not once %0 is known to be 3.
// CHECK-LABEL: func.func @user_would_fail
// CHECK-NEXT: %0 = {{.*}} -> tensor<*xf32>
// CHECK-NEXT: %1 = {{.*}}(tensor<*xf32>) -> tensor<4xf32>
func.func @user_would_fail(%a: tensor<3xf32>) {
  %0 = "test.broadcastable"(%a) : (tensor<3xf32>) -> tensor<*xf32>
  %1 = "test.broadcastable"(%0) : (tensor<*xf32>) -> tensor<4xf32>
  return
}

// Uses inside nested regions count like any other.
// CHECK-LABEL: func.func @nested
// CHECK-NEXT: %0 = {{.*}} -> tensor<4xf32>
// CHECK: (tensor<4xf32>) -> tensor<4xf32>
func.func @nested(%a: tensor<4xf32>) {
  %0 = "test.broadcastable"(%a) : (tensor<4xf32>) -> tensor<?xf32>
  "test.region"() ({
    %1 = "test.broadcastable"(%0) : (tensor<?xf32>) -> tensor<*xf32>
    "test.yield"() : () -> ()
  }) : () -> ()
  return
}
