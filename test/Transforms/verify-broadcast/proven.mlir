// --verify-broadcast reports only the run-time obligations the shape analysis
// cannot prove: a `?` is a size with an identity, so sizes that the program makes
// equal (the same value, a reduction's kept dim, a dim a passed check has
// joined) broadcast without a check. Sizes it proves incompatible are an error.
// RUN: tensor-opt %s -split-input-file -verify-broadcast -verify-diagnostics
// RUN: not tensor-opt %s -split-input-file -verify-broadcast --mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS

// STATS-LABEL: VerifyBroadcast
// STATS:       (S) 0 num-obligations
// STATS-NEXT:  (S) 2 num-proven

// A keep_dims reduction keeps its operand's dim 0: softmax needs no check.
func.func @softmax(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %m = nd.reduce max %x across [1] keep_dims : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %d = nd.sub %x, %m : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %e = nd.exp %d : tensor<?x?xf32>
  %s = nd.reduce sum %e across [1] keep_dims : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %r = nd.div %e, %s : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// STATS-LABEL: VerifyBroadcast
// STATS:       (S) 0 num-obligations
// STATS-NEXT:  (S) 4 num-proven

// A value with itself, and a unary op's result with its operand.
func.func @same(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = nd.add %a, %a : tensor<?x?xf32>
  %1 = nd.neg %a : tensor<?x?xf32>
  %2 = nd.mul %1, %a {broadcast_dimensions = array<i64: 0, 1>} : tensor<?x?xf32>
  return %2 : tensor<?x?xf32>
}

// -----

// STATS-LABEL: VerifyBroadcast
// STATS:       (S) 1 num-obligations
// STATS-NEXT:  (S) 2 num-proven

// Once `%a + %b` has passed its check, its result broadcasts with either
// operand: only the first op needs a check.
func.func @checked_once(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  // expected-remark @+1 {{operand #0 dim 0 (%arg0[0]) and operand #1 dim 0 (%arg1[0]) must be 1 or equal at run time}}
  %0 = nd.add %a, %b : tensor<?xf32>
  %1 = nd.mul %0, %a : tensor<?xf32>
  %2 = nd.sub %b, %1 : tensor<?xf32>
  return %2 : tensor<?xf32>
}

// -----

// STATS-LABEL: VerifyBroadcast
// STATS:       (S) 3 num-obligations
// STATS-NEXT:  (S) 0 num-proven

// Two joins that share a size need not agree (a = 1, b = 3, c = 5).
func.func @two_joins(%a: tensor<?xf32>, %b: tensor<?xf32>, %c: tensor<?xf32>) -> tensor<?xf32> {
  // expected-remark @+1 {{must be 1 or equal at run time}}
  %0 = nd.add %a, %b : tensor<?xf32>
  // expected-remark @+1 {{must be 1 or equal at run time}}
  %1 = nd.add %a, %c : tensor<?xf32>
  // expected-remark @+1 {{operand #0 dim 0 (bcast(%arg0[0], %arg1[0])) and operand #1 dim 0 (bcast(%arg0[0], %arg2[0])) must be 1 or equal at run time}}
  %2 = nd.add %0, %1 : tensor<?xf32>
  return %2 : tensor<?xf32>
}

// -----

// STATS-LABEL: VerifyBroadcast
// STATS:       (S) 1 num-obligations
// STATS-NEXT:  (S) 2 num-proven

// Three sizes agree when one covers the other two: once %a + %b has passed its
// check, %a and %b are each 1 or its size, so a select of the sum, a mask made
// from the same operands and %a needs no check. The mask's comparison repeats
// the sum's check on the same operands, later in the block: it cannot fail.
func.func @covers_all(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  // expected-remark @+1 {{must be 1 or equal at run time}}
  %0 = nd.add %a, %b : tensor<?xf32>
  %m = nd.cmp lt, %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xi1>
  %1 = nd.select %m, %0, %a : (tensor<?xi1>, tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}

// -----

// STATS-LABEL: VerifyBroadcast
// STATS:       (S) 3 num-obligations
// STATS-NEXT:  (S) 1 num-proven

// A check repeated on the same operands later in a block is proved (the block
// stops at the first if it fails). One with its operands the other way round,
// or with a placement, is reported: the lowering, which reuses the check op
// itself, builds another for it.
func.func @repeats(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // expected-remark @+1 {{must be 1 or equal at run time}}
  %0 = nd.add %a, %b : tensor<?x4xf32>
  %1 = nd.mul %a, %b : tensor<?x4xf32>
  // expected-remark @+1 {{must be 1 or equal at run time}}
  %2 = nd.sub %b, %a : tensor<?x4xf32>
  // expected-remark @+1 {{must be 1 or equal at run time}}
  %3 = nd.div %a, %b {broadcast_dimensions = array<i64: 0, 1>} : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %3 : tensor<?x4xf32>
}

// -----

// Sizes the program fixes through a shape: a `?` the analysis knows is 3,
// meeting a 4, can never broadcast.
func.func @refuted(%a: tensor<?xf32>, %b: tensor<4xf32>) -> tensor<?xf32> {
  %s = nd.constant dense<[3]> : tensor<1xindex>
  %x = nd.broadcast_to %a, %s : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
  // expected-error @+1 {{'nd.add' op operands are not broadcast compatible: operand #0 dim 0 can never be 1 or 4: the program makes it 3}}
  %0 = nd.add %x, %b : (tensor<?xf32>, tensor<4xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
