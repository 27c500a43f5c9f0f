// stablehlo verifier errors, worded as StableHLO's own verifier words them
// (torch-mlir-opt rejects every chunk too: tests/stablehlo_torch_mlir.rs).
// RUN: tensor-opt %s -split-input-file -verify-diagnostics

// broadcast_in_dim: one dim per operand dim.
func.func @f(%a: tensor<4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{broadcast_dimensions size (2) does not match operand rank (1)}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [1, 0] : (tensor<4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
// -----
// broadcast_in_dim: each dim names a result dim.
func.func @f(%a: tensor<4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{broadcast_dimensions contains invalid value 2 for result with rank 2}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [2] : (tensor<4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
// -----
// broadcast_in_dim: an operand size is 1 or the result's.
func.func @f(%a: tensor<4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{size of operand dimension 0 (4) is not equal to 1 or size of result dimension 0 (2)}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [0] : (tensor<4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
// -----
// dynamic_broadcast_in_dim: each dim names a result dim.
func.func @f(%a: tensor<4xf32>, %s: tensor<2xi32>) -> tensor<?x4xf32> {
  // expected-error@+1 {{broadcast_dimensions contains invalid value 2 for result with rank 2}}
  %0 = stablehlo.dynamic_broadcast_in_dim %a, %s, dims = [2] : (tensor<4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
// -----
// Elementwise: one element type.
func.func @f(%a: tensor<4xf32>, %b: tensor<4xi32>) -> tensor<4xf32> {
  // expected-error@+1 {{op requires the same element type for all operands and results}}
  %0 = stablehlo.add %a, %b : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
// -----
// Elementwise: one shape (StableHLO does not broadcast implicitly).
func.func @f(%a: tensor<4xf32>, %b: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'stablehlo.add' op requires the same shape for all operands and results}}
  %0 = stablehlo.add %a, %b : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
// -----
// Float ops take floats.
func.func @f(%a: tensor<4xf32>) -> tensor<4xi32> {
  // expected-error@+1 {{'stablehlo.exponential' op result #0 must be ranked tensor of 4/6/8/16/32/64-bit float or complex type with 32/64-bit float elements or per-tensor integer quantized values, but got 'tensor<4xi32>'}}
  %0 = stablehlo.exponential %a : (tensor<4xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
// -----
func.func @f(%a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error@+1 {{'stablehlo.floor' op operand #0 must be ranked tensor of 4/6/8/16/32/64-bit float or per-tensor integer quantized values, but got 'tensor<4xi32>'}}
  %0 = stablehlo.floor %a : tensor<4xi32>
  return %0 : tensor<4xi32>
}
// -----
// compare: one element type.
func.func @f(%a: tensor<4xf32>, %b: tensor<4xi32>) -> tensor<4xi1> {
  // expected-error@+1 {{'stablehlo.compare' op requires compatible element types for all operands}}
  %0 = stablehlo.compare LT, %a, %b : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}
// -----
// compare: a known direction.
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error@+1 {{expected ::mlir::stablehlo::ComparisonDirection to be one of: EQ, NE, GE, GT, LE, LT}}
  %0 = stablehlo.compare XX, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}
// -----
// select: the predicate is a scalar or of the operands' shape.
func.func @f(%p: tensor<3xi1>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{requires the same shape for all operands}}
  %0 = stablehlo.select %p, %a, %a : tensor<3xi1>, tensor<4xf32>
  return %0 : tensor<4xf32>
}
// -----
// reduce: dims in range.
func.func @f(%m: tensor<2x3xf32>, %s: tensor<f32>) -> tensor<2xf32> {
  // expected-error@+1 {{Out-of-bounds dimension 2, expected to be in range [0, 2)}}
  %0 = stablehlo.reduce(%m init: %s) applies stablehlo.add across dimensions = [2] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
// -----
// dot_general: contracted sizes agree.
func.func @f(%m: tensor<2x3xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{contracting dimension sizes must match for lhs/rhs}}
  %0 = stablehlo.dot_general %m, %m, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
// -----
// dot_general: batch sizes agree.
func.func @f(%m: tensor<2x3xf32>, %n: tensor<3x3xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{batching dimension sizes must match for lhs/rhs}}
  %0 = stablehlo.dot_general %m, %n, batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
// -----
// dot_general: dims in range.
func.func @f(%m: tensor<2x3xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{lhs_contracting_dimensions value: 3 is out of range: [0, 2)}}
  %0 = stablehlo.dot_general %m, %m, contracting_dims = [3] x [1] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
// -----
// dot_general: the result is the batch dims, then each side's free dims.
func.func @f(%m: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{inferred shape '[2, 2]' is incompatible with return type of operation 'tensor<3x2xf32>'}}
  %0 = stablehlo.dot_general %m, %m, contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
// -----
// transpose: a permutation.
func.func @f(%m: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{attribute permutation must be a permutation of [0, 1] but got 0, 0}}
  %0 = stablehlo.transpose %m, dims = [0, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
// -----
// reshape: as many elements.
func.func @f(%m: tensor<2x3xf32>) -> tensor<5xf32> {
  // expected-error@+1 {{number of output elements (5) doesn't match expected number of elements (6)}}
  %0 = stablehlo.reshape %m : (tensor<2x3xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
// -----
// concatenate: one rank.
func.func @f(%a: tensor<4xf32>, %b: tensor<4x1xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{operands (0) and (1) do not match rank}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<4xf32>, tensor<4x1xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
// -----
// concatenate: a dim of the inputs.
func.func @f(%a: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{dimension 1 is out-of-bounds for input rank 1}}
  %0 = stablehlo.concatenate %a, %a, dim = 1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
// -----
// iota: a dim of the result.
func.func @f() -> tensor<4xf32> {
  // expected-error@+1 {{iota dimension cannot go beyond the output rank.}}
  %0 = stablehlo.iota dim = 1 : tensor<4xf32>
  return %0 : tensor<4xf32>
}
// -----
// slice: within the operand.
func.func @f(%a: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{limit index 5 is larger than dimension size 4 in dimension 0}}
  %0 = stablehlo.slice %a [0:5] : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
// -----
// An attribute the dialect does not have.
func.func @f(%a: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error@+1 {{expected ::mlir::stablehlo::ComparisonDirection to be one of: EQ, NE, GE, GT, LE, LT}}
  %0 = "stablehlo.compare"(%a, %a) {comparison_direction = #stablehlo<comparison_direction GTE>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}
// -----
// reduce: the compact form applies a commutative binary stablehlo op.
func.func @f(%m: tensor<2x3xf32>, %s: tensor<f32>) -> tensor<2xf32> {
  // expected-error@+1 {{custom op 'stablehlo.reduce' expected the inner-op to be a commutative binary-op from the stablehlo dialect, with zero region, producing single result}}
  %0 = stablehlo.reduce(%m init: %s) applies stablehlo.subtract across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
// -----
// reduce: the reducer takes an accumulator and an element per input.
func.func @f(%m: tensor<2x3xf32>, %s: tensor<f32>) -> tensor<2xf32> {
  // expected-error@+1 {{Reduction-region must take 2 parameters, but takes 1 parameter(s)}}
  %0 = "stablehlo.reduce"(%m, %s) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
// -----
// reduce: the result is the input without the reduced dims.
func.func @f(%m: tensor<2x3xf32>, %s: tensor<f32>) -> tensor<3xf32> {
  // expected-error@+1 {{'stablehlo.reduce' op inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'}}
  %0 = stablehlo.reduce(%m init: %s) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
