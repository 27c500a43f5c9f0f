// --verify-broadcast on nd's structural ops: their shape transfers (transpose
// permutes, concatenate sums along its dim, dot_general keeps batch and free
// dims, reshape and iota take their shape operand's entries) leave no false
// obligation, and their own size conditions (paired batch and contracted dims
// of dot_general, the other dims of concatenate) are reported where open and
// proven where the sizes are the same.
// RUN: tensor-opt %s -split-input-file -verify-broadcast -verify-diagnostics
// RUN: tensor-opt %s -split-input-file -verify-broadcast --mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS

// STATS-LABEL: VerifyBroadcast
// STATS:       (S) 1 num-obligations
// STATS-NEXT:  (S) 2 num-proven

// Attention scores: q times k's transpose. The batch sizes of two arguments
// are open; the second product's, of one value with itself, are proven.
func.func @scores(%q: tensor<?x?x8xf32>, %k: tensor<?x?x8xf32>) -> tensor<?x?x?xf32> {
  %kt = nd.transpose %k, permutation = [0, 2, 1] : (tensor<?x?x8xf32>) -> tensor<?x8x?xf32>
  // expected-remark @below {{batch dims: operand #0 dim 0 (%arg0[0]) must equal operand #1 dim 0 (%arg1[0]) at run time}}
  %s = nd.dot_general %q, %kt, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<?x?x8xf32>, tensor<?x8x?xf32>) -> tensor<?x?x?xf32>
  %t = nd.dot_general %s, %s, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  return %t : tensor<?x?x?xf32>
}

// -----

// STATS-LABEL: VerifyBroadcast
// STATS:       (S) 2 num-obligations
// STATS-NEXT:  (S) 6 num-proven

// The concatenated shapes of two arguments are open; everything computed from
// the concatenation has its sizes.
func.func @concat_add(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-remark @below {{concatenated shapes: operand #1 dim 1 (%arg1[1]) must equal operand #0 dim 1 (%arg0[1]) at run time}}
  %c = nd.concatenate %a, %b along 0 : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  // expected-remark @below {{concatenated shapes: operand #1 dim 1 (%arg1[1]) must equal operand #0 dim 1 (%arg0[1]) at run time}}
  %d = nd.concatenate %a, %b along 0 : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %e = nd.add %c, %d : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %s = nd.shape_of %e : (tensor<?x?xf32>) -> tensor<2xindex>
  %r = nd.reshape %e, %s : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %f = nd.add %r, %c : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %i = nd.iota %s, dim = 0 : (tensor<2xindex>) -> tensor<?x?xf32>
  %g = nd.add %i, %f : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %g : tensor<?x?xf32>
}

// -----

// STATS-LABEL: VerifyBroadcast
// STATS:       (S) 0 num-obligations
// STATS-NEXT:  (S) 1 num-proven

// A slice of a shape keeps its entries: the reshape to it has the operand's
// leading size, which the add then proves.
func.func @slice_of_shape(%a: tensor<?x4xf32>) -> tensor<?x2x2xf32> {
  %s = nd.shape_of %a : (tensor<?x4xf32>) -> tensor<2xindex>
  %n = nd.slice %s, start = [0], limit = [1], strides = [1] : (tensor<2xindex>) -> tensor<1xindex>
  %two = nd.constant dense<2> : tensor<2xindex>
  %t = nd.concatenate %n, %two along 0 : (tensor<1xindex>, tensor<2xindex>) -> tensor<3xindex>
  %r = nd.reshape %a, %t : (tensor<?x4xf32>, tensor<3xindex>) -> tensor<?x2x2xf32>
  %b = nd.reshape %a, %t : (tensor<?x4xf32>, tensor<3xindex>) -> tensor<?x2x2xf32>
  %c = nd.add %r, %b : (tensor<?x2x2xf32>, tensor<?x2x2xf32>) -> tensor<?x2x2xf32>
  return %c : tensor<?x2x2xf32>
}
