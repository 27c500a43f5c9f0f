// --verify-broadcast leaves a valid program unchanged (check mode does not
// refine), and its time shows in --mlir-timing.
// RUN: tensor-opt %s --verify-broadcast | FileCheck %s --check-prefix=OK
// RUN: tensor-opt %s --verify-broadcast --mlir-timing 2>&1 >/dev/null | FileCheck %s --check-prefix=TIME
// TIME: Execution time report
// TIME: Parser
// TIME-NEXT: Verifier
// TIME-NEXT: VerifyBroadcast
// TIME-NEXT: Output

// OK-LABEL: func.func @valid
// OK-NEXT: -> tensor<*xf32>
// OK-NEXT: -> tensor<?x?xf32>
func.func @valid(%a: tensor<?x1xf32>, %b: tensor<3xf32>) {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?x1xf32>, tensor<3xf32>) -> tensor<*xf32>
  %1 = "test.broadcastable"(%a, %b) : (tensor<?x1xf32>, tensor<3xf32>) -> tensor<?x?xf32>
  return
}
