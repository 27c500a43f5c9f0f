// The export asserts exactly the checks that remain (issue 26): an entry of an
// nd.broadcast_shapes whose sizes the program proves compatible gets no
// cf.assert, and the import reads the program back all the same.
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream | FileCheck %s
// RUN: tensor-opt %s -split-input-file --lower-broadcast > %t
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd | diff %t -

// %p + %q is checked in both dims. The reduction keeps the sum's dim 0, which
// covers %p's (that check passed), so broadcasting it with %p can fail only in
// dim 1, where the reduction has 1: its nd.broadcast_shapes only computes a
// shape, and the export asserts nothing for it. Two remarks, two asserts.
// CHECK-LABEL: func.func @shape_only(
// CHECK-COUNT-2: "cf.assert"
// CHECK-NOT:     "cf.assert"
// CHECK:         return
func.func @shape_only(%p: tensor<?x?xf32>, %q: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %s = nd.add %p, %q : tensor<?x?xf32>
  %x = nd.reduce sum %s across [1] keep_dims : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %0 = nd.add %x, %p : (tensor<?x1xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Without the first check nothing ties the reduction's dim 0 to %q's: that
// entry is asserted.
// CHECK-LABEL: func.func @open(
// CHECK-COUNT-1: "cf.assert"
// CHECK-NOT:     "cf.assert"
// CHECK:         return
func.func @open(%p: tensor<?x?xf32>, %q: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %x = nd.reduce sum %p across [1] keep_dims : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %0 = nd.add %x, %q : (tensor<?x1xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// A matrix times a vector of its column sums, after a unary op: the contracted
// sizes are both %x's dim 1, which --verify-broadcast proves (no remark), so
// the export asserts nothing for the product either.
// CHECK-LABEL: func.func @matvec(
// CHECK-NOT:     "cf.assert"
// CHECK:         return
func.func @matvec(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %e = nd.exp %x : tensor<?x?xf32>
  %m = nd.reduce sum %x across [0] : (tensor<?x?xf32>) -> tensor<?xf32>
  %g = nd.matmul %e, %m : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %g : tensor<?xf32>
}

// -----

// Batches of one argument: the batch dims are proven equal, the contracted
// ones are not (dim 2 against dim 1 of the same tensor): one assert, the one
// --verify-broadcast reports.
// CHECK-LABEL: func.func @batched_self(
// CHECK-COUNT-1: "cf.assert"
// CHECK-SAME:    contracted dims differ
// CHECK-NOT:     "cf.assert"
// CHECK:         return
func.func @batched_self(%a: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %e = nd.neg %a : tensor<?x?x?xf32>
  %g = nd.matmul %a, %e : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  return %g : tensor<?x?x?xf32>
}
