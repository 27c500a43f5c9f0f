// The test dialect's contract, worded and ordered as mlir-opt reports it
// (the same under both semantics), and the spec's structural rules:
// at least one operand, tensors or vectors, never both.
// RUN: tensor-opt %s -split-input-file -verify-diagnostics
// RUN: tensor-opt %s -split-input-file -verify-diagnostics --broadcast-semantics=mlir --allow-unregistered-dialect

func.func @vector_result(%a: tensor<4xf32>) {
  // expected-error @+1 {{'test.broadcastable' op result #0 must be tensor of any type values, but got 'vector<4xf32>'}}
  %0 = "test.broadcastable"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> vector<4xf32>
  return
}

// -----

func.func @vector_operand(%a: tensor<4xf32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'test.broadcastable' op operand #1 must be variadic of tensor of any type values, but got 'vector<4xf32>'}}
  %0 = "test.broadcastable"(%a, %v) : (tensor<4xf32>, vector<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @scalar_operand(%a: tensor<4xf32>, %i: i32) {
  // expected-error @+1 {{'test.broadcastable' op operand #1 must be variadic of tensor of any type values, but got 'i32'}}
  %0 = "test.broadcastable"(%a, %i) : (tensor<4xf32>, i32) -> tensor<4xf32>
  return
}

// -----

func.func @two_results(%a: tensor<4xf32>) {
  // expected-error @+1 {{'test.broadcastable' op requires one result}}
  %0:2 = "test.broadcastable"(%a) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

func.func @no_result(%a: tensor<4xf32>) {
  // expected-error @+1 {{'test.broadcastable' op requires one result}}
  "test.broadcastable"(%a) : (tensor<4xf32>) -> ()
  return
}

// -----

func.func @region(%a: tensor<4xf32>) {
  // Checked first, as upstream's ZeroRegions trait comes first.
  // expected-error @+1 {{'test.broadcastable' op requires zero regions}}
  %0:2 = "test.broadcastable"(%a) ({}) : (tensor<4xf32>) -> (vector<4xf32>, i32)
  return
}

// -----

func.func @constraints_before_shapes(%a: tensor<3xf32>, %b: tensor<2xf32>) {
  // The result constraint fails before broadcasting is looked at.
  // expected-error @+1 {{result #0 must be tensor of any type values, but got 'i32'}}
  %0 = "test.broadcastable"(%a, %b) : (tensor<3xf32>, tensor<2xf32>) -> i32
  return
}

// -----

// Like upstream's test dialect, unknown test ops are accepted.
func.func @unknown_test_op() {
  %0 = "test.some_other_op"() : () -> tensor<4xf32>
  return
}
