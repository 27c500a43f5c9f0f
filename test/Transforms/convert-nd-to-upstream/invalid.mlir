// What --convert-nd-to-upstream refuses, each at its op: an op that still
// broadcasts implicitly (run --lower-broadcast first), unranked tensors (upstream
// linalg takes ranked tensors only), the test dialect (no semantics), and
// element types upstream arith does not take.
// RUN: tensor-opt %s -split-input-file --convert-nd-to-upstream -verify-diagnostics

func.func @not_lowered(%a: tensor<3x1xf32>, %b: tensor<5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'nd.mul' op broadcasts implicitly (}}
  %0 = nd.mul %a, %b : (tensor<3x1xf32>, tensor<5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @unranked(%a: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'nd.exp' op cannot be exported: 'tensor<*xf32>' is not a ranked tensor, and upstream linalg takes ranked tensors only}}
  %0 = nd.exp %a : tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @test_op(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'test.broadcastable' op has no upstream form: the test dialect has no semantics to export}}
  %0 = "test.broadcastable"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @unsigned(%a: tensor<2xui8>) -> tensor<2xui8> {
  // expected-error @+1 {{'nd.add' op cannot be exported: upstream arith takes signless integers, index and floats, not 'ui8'}}
  %0 = nd.add %a, %a : tensor<2xui8>
  return %0 : tensor<2xui8>
}

// -----

func.func @unranked_shape(%a: tensor<*xf32>) -> tensor<?xindex> {
  // expected-error @+1 {{'nd.shape_of' op cannot be exported: 'tensor<*xf32>' is not a ranked tensor}}
  %0 = nd.shape_of %a : (tensor<*xf32>) -> tensor<?xindex>
  return %0 : tensor<?xindex>
}
