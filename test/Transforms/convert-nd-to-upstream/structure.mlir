// --convert-nd-to-upstream refuses the structural ops it has no upstream form
// for yet (all but nd.transpose and nd.slice, in structure-export.mlir) and
// nd.reduce with an init value, each with an error at the op: none is
// dropped or exported without its semantics.
// RUN: tensor-opt %s -split-input-file --convert-nd-to-upstream -verify-diagnostics

func.func @reshape(%x: tensor<2x3xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{'nd.reshape' op cannot be exported yet: nd.reshape has no upstream form in --convert-nd-to-upstream}}
  %0 = nd.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @concatenate(%x: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'nd.concatenate' op cannot be exported yet: nd.concatenate has no upstream form in --convert-nd-to-upstream}}
  %0 = nd.concatenate %x, %x along 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @dynamic_slice(%x: tensor<2x3xf32>, %i: tensor<i32>) -> tensor<1x3xf32> {
  // expected-error @+1 {{'nd.dynamic_slice' op cannot be exported yet: nd.dynamic_slice has no upstream form in --convert-nd-to-upstream}}
  %0 = nd.dynamic_slice %x[%i, %i], sizes = [1, 3] : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x3xf32>
  return %0 : tensor<1x3xf32>
}

// -----

func.func @iota() -> tensor<4xi32> {
  // expected-error @+1 {{'nd.iota' op cannot be exported yet: nd.iota has no upstream form in --convert-nd-to-upstream}}
  %0 = nd.iota dim = 0 : () -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @dot_general(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'nd.dot_general' op cannot be exported yet: nd.dot_general has no upstream form in --convert-nd-to-upstream}}
  %0 = nd.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @reduce_init(%x: tensor<2x3xf32>, %c: tensor<f32>) -> tensor<2xf32> {
  // expected-error @+1 {{'nd.reduce' op cannot be exported yet: a reduction with an init value}}
  %0 = nd.reduce sum %x init %c across [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
