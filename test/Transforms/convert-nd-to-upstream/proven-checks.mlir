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
