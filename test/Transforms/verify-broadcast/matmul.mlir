// nd.matmul is not Broadcastable, but it has run-time size conditions of its
// own, which --verify-broadcast reports and proves like the trait's: the
// contracted sizes must be equal, and the batch dims broadcast (NumPy). They
// are the conditions the lowering and the export check.
// RUN: tensor-opt %s -split-input-file -verify-broadcast -verify-diagnostics
// RUN: tensor-opt %s -split-input-file -verify-broadcast --mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS

// STATS-LABEL: VerifyBroadcast
// STATS:       (S) 0 num-obligations
// STATS-NEXT:  (S) 1 num-proven

// x times its own transpose: the contracted sizes are both x's dim 1.
func.func @gram(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %s = nd.shape_of %x : (tensor<?x?xf32>) -> tensor<2xindex>
  %r = nd.shape_slice %s[0 : 1] : (tensor<2xindex>) -> tensor<1xindex>
  %c = nd.shape_slice %s[1 :] : (tensor<2xindex>) -> tensor<1xindex>
  %t = nd.shape_concat %c, %r : (tensor<1xindex>, tensor<1xindex>) -> tensor<2xindex>
  %xt = nd.broadcast_in_dim %x, %t, dims = [1, 0] : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %g = nd.matmul %x, %xt : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %g : tensor<?x?xf32>
}

// -----

// STATS-LABEL: VerifyBroadcast
// STATS:       (S) 1 num-obligations
// STATS-NEXT:  (S) 0 num-proven

// Separate arguments: the contracted sizes are only known at run time.
func.func @contracted(%a: tensor<4x?xf32>, %b: tensor<?x5xf32>) -> tensor<4x5xf32> {
  // expected-remark @below {{contracted dims: operand #0 dim 1 (%arg0[1]) must equal operand #1 dim 0 (%arg1[0]) at run time}}
  %g = nd.matmul %a, %b : (tensor<4x?xf32>, tensor<?x5xf32>) -> tensor<4x5xf32>
  return %g : tensor<4x5xf32>
}

// -----

// STATS-LABEL: VerifyBroadcast
// STATS:       (S) 1 num-obligations
// STATS-NEXT:  (S) 0 num-proven

// One contracted size is static: the other must equal it.
func.func @contracted_static(%a: tensor<4x?xf32>, %b: tensor<8x5xf32>) -> tensor<4x5xf32> {
  // expected-remark @below {{contracted dims: operand #0 dim 1 (%arg0[1]) must equal 8 at run time}}
  %g = nd.matmul %a, %b : (tensor<4x?xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  return %g : tensor<4x5xf32>
}

// -----

// STATS-LABEL: VerifyBroadcast
// STATS:       (S) 1 num-obligations
// STATS-NEXT:  (S) 1 num-proven

// A batch with itself needs no check; a batch against another argument's does,
// even after a product (its batch dims are its operands').
func.func @batch(%a: tensor<?x3x3xf32>, %b: tensor<?x3x3xf32>) -> tensor<?x3x3xf32> {
  %sq = nd.matmul %b, %b : (tensor<?x3x3xf32>, tensor<?x3x3xf32>) -> tensor<?x3x3xf32>
  // expected-remark @below {{batch dims: operand #0 dim 0 (%arg1[0]) and operand #1 dim 0 (%arg0[0]) must be 1 or equal at run time}}
  %r = nd.matmul %sq, %a : (tensor<?x3x3xf32>, tensor<?x3x3xf32>) -> tensor<?x3x3xf32>
  return %r : tensor<?x3x3xf32>
}

// -----

// STATS-LABEL: VerifyBroadcast
// STATS:       (S) 1 num-obligations
// STATS-NEXT:  (S) 0 num-proven

// Named dims: the remark names the sizes, and the same name is the same size.
func.func @named(%q: tensor<?x?x16xf32> {nd.dim_names = ["batch", "seq", ""]},
                 %k: tensor<?x16x?xf32> {nd.dim_names = ["heads", "", "seq"]}) -> tensor<?x?x?xf32> {
  // expected-remark @below {{batch dims: operand #0 dim 0 (batch) and operand #1 dim 0 (heads) must be 1 or equal at run time}}
  %s = nd.matmul %q, %k : (tensor<?x?x16xf32>, tensor<?x16x?xf32>) -> tensor<?x?x?xf32>
  return %s : tensor<?x?x?xf32>
}
