// The import keeps an nd op only if its export is the text, asserts included:
// a tensor.concat of ? dims with no check that they agree (undefined upstream
// where they differ; an error in nd) has no nd form, and neither has an
// extract_slice at a run-time offset that is not clamped into the operand
// (nd.dynamic_slice clamps its starts; the text would read out of bounds).
// Each is an error at the op.
// RUN: tensor-opt %s -split-input-file -allow-unregistered-dialect --convert-upstream-to-nd -verify-diagnostics

func.func @unchecked_concat(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{'tensor.concat' op has no nd form}}
  %0 = "tensor.concat"(%a, %b) <{dim = 0 : i64}> : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @dynamic_offsets(%x: tensor<4x6xf32>, %i: index) -> tensor<2x2xf32> {
  // expected-error @+1 {{'tensor.extract_slice' op has no nd form}}
  %0 = "tensor.extract_slice"(%x, %i) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>}> : (tensor<4x6xf32>, index) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
