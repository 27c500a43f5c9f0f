// nd's structural ops (StableHLO's semantics): reshape, transpose,
// concatenate, slice, dynamic_slice, iota, dot_general, and nd.reduce with an
// init value. The custom form round-trips, also through the generic form;
// each verifier error is its own chunk.
// RUN: tensor-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: tensor-opt %s -split-input-file -verify-diagnostics --mlir-print-op-generic | tensor-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @ops
// CHECK-NEXT: %0 = nd.reshape %arg0 : (tensor<2x3xf32>) -> tensor<6xf32>
// CHECK-NEXT: %1 = nd.reshape %arg1, %arg2 : (tensor<?x3xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT: %2 = nd.transpose %arg0, permutation = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT: %3 = nd.concatenate %arg0, %arg1 along 0 : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
// CHECK-NEXT: %4 = nd.slice %arg0, start = [0, 1], limit = [2, 3], strides = [1, 2] : (tensor<2x3xf32>) -> tensor<2x1xf32>
// CHECK-NEXT: %5 = nd.dynamic_slice %arg0[%arg3, %arg4], sizes = [1, 2] : (tensor<2x3xf32>, tensor<i32>, tensor<index>) -> tensor<1x2xf32>
// CHECK-NEXT: %6 = nd.iota dim = 1 : () -> tensor<2x3xi32>
// CHECK-NEXT: %7 = nd.iota %arg2, dim = 0 : (tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT: %8 = nd.dot_general %arg5, %arg6, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x4x8xf32>, tensor<2x5x8xf32>) -> tensor<2x4x5xf32>
// CHECK-NEXT: %9 = nd.dot_general %arg0, %arg0, batching_dims = [] x [], contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %10 = nd.reduce max %arg0 init %arg7 across [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
// CHECK-NEXT: %11 = nd.reduce sum %arg0 init %arg7 across [0] keep_dims : (tensor<2x3xf32>, tensor<f32>) -> tensor<1x3xf32>
// CHECK-NEXT: %12 = nd.concatenate %arg0 along 1 : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: return
func.func @ops(%x: tensor<2x3xf32>, %d: tensor<?x3xf32>, %s: tensor<2xindex>, %i: tensor<i32>, %j: tensor<index>, %q: tensor<2x4x8xf32>, %k: tensor<2x5x8xf32>, %c: tensor<f32>) {
  %0 = nd.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  %1 = nd.reshape %d, %s : (tensor<?x3xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %2 = nd.transpose %x, permutation = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %3 = nd.concatenate %x, %d along 0 : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %4 = nd.slice %x, start = [0, 1], limit = [2, 3], strides = [1, 2] : (tensor<2x3xf32>) -> tensor<2x1xf32>
  %5 = nd.dynamic_slice %x[%i, %j], sizes = [1, 2] : (tensor<2x3xf32>, tensor<i32>, tensor<index>) -> tensor<1x2xf32>
  %6 = nd.iota dim = 1 : () -> tensor<2x3xi32>
  %7 = nd.iota %s, dim = 0 : (tensor<2xindex>) -> tensor<?x?xf32>
  %8 = nd.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x4x8xf32>, tensor<2x5x8xf32>) -> tensor<2x4x5xf32>
  %9 = nd.dot_general %x, %x, batching_dims = [] x [], contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
  %10 = nd.reduce max %x init %c across [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  %11 = nd.reduce sum %x init %c across [0] keep_dims : (tensor<2x3xf32>, tensor<f32>) -> tensor<1x3xf32>
  %12 = nd.concatenate %x along 1 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'nd.reshape' op number of output elements (5) doesn't match expected number of elements (6): operand #0 ('tensor<2x3xf32>') and result #0 ('tensor<5xf32>') must hold as many elements}}
  %0 = nd.reshape %x : (tensor<2x3xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'nd.reshape' op result #0 ('tensor<?xf32>') has dynamic dims, so their sizes must come from a shape operand ('tensor<Nxindex>')}}
  %0 = nd.reshape %x : (tensor<2x3xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{'nd.reshape' op the shape, operand #1 ('tensor<2xindex>'), has 2 entries but result #0 ('tensor<?xf32>') has rank 1}}
  %0 = nd.reshape %x, %s : (tensor<2x3xf32>, tensor<2xindex>) -> tensor<?xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'nd.reshape' op result #0 ('tensor<6xi32>') must have the element type of operand #0 ('tensor<2x3xf32>'), 'f32'}}
  %0 = nd.reshape %x : (tensor<2x3xf32>) -> tensor<6xi32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'nd.transpose' op permutation [0, 0] is not a permutation of [0, 1], the dims of the operand}}
  %0 = nd.transpose %x, permutation = [0, 0] : (tensor<2x3xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'nd.transpose' op result #0 ('tensor<2x3xf32>') does not have the shape [3, 2] (the operand's dims permuted): result dim 0 has size 2 but the inferred size is 3}}
  %0 = nd.transpose %x, permutation = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %y: tensor<2x4xf32>) {
  // expected-error @+1 {{'nd.concatenate' op shapes of operand (0) and (1) do not match at non-concat index: operand #0 ('tensor<2x3xf32>') dim 1 has size 3 but operand #1 ('tensor<2x4xf32>') dim 1 has size 4}}
  %0 = nd.concatenate %x, %y along 0 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %y: tensor<2xf32>) {
  // expected-error @+1 {{'nd.concatenate' op operands (0) and (1) do not match rank: operand #0 ('tensor<2x3xf32>') has rank 2 but operand #1 ('tensor<2xf32>') has rank 1}}
  %0 = nd.concatenate %x, %y along 0 : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'nd.concatenate' op dimension 2 is out-of-bounds for input rank 2, that of operand #0 ('tensor<2x3xf32>')}}
  %0 = nd.concatenate %x along 2 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %y: tensor<2x3xi32>) {
  // expected-error @+1 {{'nd.concatenate' op operand #1 ('tensor<2x3xi32>') has element type 'i32' but operand #0 ('tensor<2x3xf32>') has 'f32': 'concatenate' needs one element type}}
  %0 = nd.concatenate %x, %y along 0 : (tensor<2x3xf32>, tensor<2x3xi32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %y: tensor<?x3xf32>) {
  // expected-error @+1 {{'nd.concatenate' op result #0 ('tensor<4x3xf32>') does not have the shape [?, 3] (sizes along the dimension summed, the others equal): result dim 0 is static (4) but the inferred dim is dynamic}}
  %0 = nd.concatenate %x, %y along 0 : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'nd.concatenate' op expected at least 1 input operand}}
  %0 = "nd.concatenate"() <{dimension = 0 : i64}> : () -> tensor<4x3xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'nd.slice' op the number of elements in start_indices (1) does not match the rank of the operand (2) of operand #0 ('tensor<2x3xf32>')}}
  %0 = nd.slice %x, start = [0], limit = [2, 3], strides = [1, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'nd.slice' op negative start index -1 in dimension 0 of operand #0 ('tensor<2x3xf32>')}}
  %0 = nd.slice %x, start = [-1, 0], limit = [2, 3], strides = [1, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'nd.slice' op limit index 4 is larger than dimension size 3 in dimension 1 of operand #0 ('tensor<2x3xf32>')}}
  %0 = nd.slice %x, start = [0, 0], limit = [2, 4], strides = [1, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'nd.slice' op start index 2 is larger than limit index 1 in dimension 1 of operand #0 ('tensor<2x3xf32>')}}
  %0 = nd.slice %x, start = [0, 2], limit = [2, 1], strides = [1, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'nd.slice' op stride must be positive but got 0 in dimension 1 of operand #0 ('tensor<2x3xf32>')}}
  %0 = nd.slice %x, start = [0, 0], limit = [2, 3], strides = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'nd.slice' op result #0 ('tensor<2x3xf32>') does not have the shape [2, 2] (ceil((limit - start) / stride) in each dim): result dim 1 has size 3 but the inferred size is 2}}
  %0 = nd.slice %x, start = [0, 0], limit = [2, 3], strides = [1, 2] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'nd.dynamic_slice' op has 1 start indices but operand #0 ('tensor<2x3xf32>') has rank 2: one start index per dim}}
  %0 = nd.dynamic_slice %x[%i], sizes = [1, 2] : (tensor<2x3xf32>, tensor<i32>) -> tensor<1x2xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'nd.dynamic_slice' op slice_sizes has 1 entries but operand #0 ('tensor<2x3xf32>') has rank 2: one size per dim}}
  %0 = nd.dynamic_slice %x[%i, %i], sizes = [1] : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x2xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'nd.dynamic_slice' op slice_sizes[1] = 4 is larger than the size 3 of operand #0 ('tensor<2x3xf32>') dim 1}}
  %0 = nd.dynamic_slice %x[%i, %i], sizes = [1, 4] : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'nd.dynamic_slice' op slice_sizes[1] = -1 is negative}}
  %0 = nd.dynamic_slice %x[%i, %i], sizes = [1, -1] : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x2xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'nd.dynamic_slice' op result #0 ('tensor<2x2xf32>') does not have the shape [1, 2] (the slice sizes): result dim 0 has size 2 but the inferred size is 1}}
  %0 = nd.dynamic_slice %x[%i, %i], sizes = [1, 2] : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %i: tensor<2xi32>) {
  // expected-error @+1 {{'nd.dynamic_slice' op operand #1 ('tensor<2xi32>') must be a 0-D tensor of integer or index values}}
  %0 = nd.dynamic_slice %x[%i, %i], sizes = [1, 2] : (tensor<2x3xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<1x2xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %i: tensor<f32>) {
  // expected-error @+1 {{'nd.dynamic_slice' op operand #1 ('tensor<f32>') must be a 0-D tensor of integer or index values}}
  %0 = nd.dynamic_slice %x[%i, %i], sizes = [1, 2] : (tensor<2x3xf32>, tensor<f32>, tensor<f32>) -> tensor<1x2xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'nd.iota' op iota dimension 2 cannot go beyond the output rank or be negative: result #0 ('tensor<2x3xi32>') has rank 2}}
  %0 = nd.iota dim = 2 : () -> tensor<2x3xi32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'nd.iota' op result #0 ('tensor<?x3xi32>') has dynamic dims, so their sizes must come from a shape operand ('tensor<Nxindex>')}}
  %0 = nd.iota dim = 0 : () -> tensor<?x3xi32>
  return
}

// -----

func.func @f(%s: tensor<3xindex>) {
  // expected-error @+1 {{'nd.iota' op the shape, operand #0 ('tensor<3xindex>'), has 3 entries but result #0 ('tensor<?x3xi32>') has rank 2}}
  %0 = nd.iota %s, dim = 0 : (tensor<3xindex>) -> tensor<?x3xi32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'nd.iota' op result #0 ('tensor<*xi32>') must be a ranked tensor}}
  %0 = nd.iota dim = 0 : () -> tensor<*xi32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'nd.dot_general' op lhs and rhs should have the same number of batching dimensions (lhs operand #0 ('tensor<2x3xf32>'), rhs operand #1 ('tensor<3x4xf32>'))}}
  %0 = nd.dot_general %a, %b, batching_dims = [0] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'nd.dot_general' op lhs and rhs should have the same number of contracting dimensions (lhs operand #0 ('tensor<2x3xf32>'), rhs operand #1 ('tensor<3x4xf32>'))}}
  %0 = nd.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'nd.dot_general' op lhs_contracting_dimensions value: 2 is out of range: [0, 2) (lhs operand #0 ('tensor<2x3xf32>'), rhs operand #1 ('tensor<3x4xf32>'))}}
  %0 = nd.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [2] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'nd.dot_general' op has duplicated dimension from lhs_batching_dimensions and lhs_contracting_dimensions: 0 (lhs operand #0 ('tensor<2x3xf32>'), rhs operand #1 ('tensor<2x3x4xf32>'))}}
  %0 = nd.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [0] x [1] : (tensor<2x3xf32>, tensor<2x3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x4xf32>) {
  // expected-error @+1 {{'nd.dot_general' op contracting dimension sizes must match for lhs/rhs: lhs dim 1 has size 3 but rhs dim 0 has size 4 (lhs operand #0 ('tensor<2x3xf32>'), rhs operand #1 ('tensor<4x4xf32>'))}}
  %0 = nd.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{'nd.dot_general' op batching dimension sizes must match for lhs/rhs: lhs dim 0 has size 2 but rhs dim 0 has size 3 (lhs operand #0 ('tensor<2x3xf32>'), rhs operand #1 ('tensor<3x3x4xf32>'))}}
  %0 = nd.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<3x3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'nd.dot_general' op result #0 ('tensor<4x2xf32>') does not have the shape [2, 4] (batch dims, then the free dims of lhs, then those of rhs): result dim 0 has size 4 but the inferred size is 2}}
  %0 = nd.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x4xf64>) {
  // expected-error @+1 {{'nd.dot_general' op operand #1 ('tensor<3x4xf64>') has element type 'f64' but operand #0 ('tensor<2x3xf32>') has 'f32': 'dot_general' needs one element type}}
  %0 = nd.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf64>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %c: tensor<1xf32>) {
  // expected-error @+1 {{'nd.reduce' op the init value, operand #1 ('tensor<1xf32>'), must be a 0-D tensor}}
  %0 = nd.reduce sum %a init %c across [1] : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %c: tensor<i32>) {
  // expected-error @+1 {{'nd.reduce' op operand #1 ('tensor<i32>') has element type 'i32' but operand #0 ('tensor<2x3xf32>') has 'f32': 'reduce' needs one element type}}
  %0 = nd.reduce sum %a init %c across [1] : (tensor<2x3xf32>, tensor<i32>) -> tensor<2xf32>
  return
}
