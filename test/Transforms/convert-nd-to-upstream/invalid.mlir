// What --convert-nd-to-upstream refuses, each at its op: an op that still
// broadcasts implicitly (run --lower-broadcast first), test ops other than
// upstream's test.broadcastable (no semantics), element types upstream arith
// does not take, and what rank specialisation cannot dispatch on one rank
// (unranked.mlir has what it can).
// RUN: tensor-opt %s -split-input-file --convert-nd-to-upstream -verify-diagnostics

func.func @not_lowered(%a: tensor<3x1xf32>, %b: tensor<5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'nd.mul' op broadcasts implicitly (}}
  %0 = nd.mul %a, %b : (tensor<3x1xf32>, tensor<5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// Our own test ops are not upstream's (test.broadcastable is: static.mlir).
func.func @test_op(%a: tensor<2xf32>, %b: tensor<3x2xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'test.broadcastable_in_dim' op has no upstream form: of the test dialect only upstream's test.broadcastable is upstream MLIR, and the others have no semantics to export}}
  %0 = "test.broadcastable_in_dim"(%a, %b) {broadcast_dimensions = array<i64: 1>} : (tensor<2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @unsigned(%a: tensor<2xui8>) -> tensor<2xui8> {
  // expected-error @+1 {{'nd.add' op cannot be exported: upstream arith takes signless integers, index and floats, not 'ui8'}}
  %0 = nd.add %a, %a : tensor<2xui8>
  return %0 : tensor<2xui8>
}

// -----

func.func @two_unranked_matmul(%a: tensor<*xf32>, %b: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'nd.matmul' op cannot be exported: more than one unranked operand (rank specialisation dispatches on one rank)}}
  %0 = nd.matmul %a, %b : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// XLA's placement depends on which operand is shorter: not padded.
func.func @xla_two_unknown_lengths(%a: tensor<?xindex>, %b: tensor<?xindex>) -> tensor<?xindex> {
  // expected-error @+1 {{'nd.broadcast_shapes' op cannot be exported: more than one shape of unknown length (rank specialisation pads them only for nd.broadcast_shapes without broadcast_dimensions)}}
  %0 = nd.broadcast_shapes %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<?xindex>, tensor<?xindex>) -> tensor<?xindex>
  return %0 : tensor<?xindex>
}

// -----

func.func @concat_two_unknown_lengths(%a: tensor<?xindex>, %b: tensor<?xindex>) -> tensor<?xindex> {
  // expected-error @+1 {{'nd.shape_concat' op cannot be exported: more than one shape of unknown length}}
  %0 = nd.shape_concat %a, %b : (tensor<?xindex>, tensor<?xindex>) -> tensor<?xindex>
  return %0 : tensor<?xindex>
}

// -----

// No rank of the switch can be exported: the export's error, at compile time.
func.func @unranked_unsigned(%a: tensor<*xui8>) -> tensor<*xui8> {
  // expected-error @+1 {{'nd.reduce' op cannot be exported: upstream arith takes signless integers, index and floats, not 'ui8'}}
  %0 = nd.reduce sum %a across [0] : (tensor<*xui8>) -> tensor<*xui8>
  return %0 : tensor<*xui8>
}

