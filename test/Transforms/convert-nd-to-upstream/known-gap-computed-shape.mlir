// KNOWN GAP, expected to fail (issue 24, item 1; docs/export.md, "Gap"): the
// export does not assert a hand-written broadcast to a shape the program
// computes from another tensor, though tensor-run rejects %x of size 2 against
// %y of size 3 with a located error. The export trusts computed shapes because
// --lower-broadcast only writes proven ones. This test checks the sound output
// (an assert before the broadcast reads %x); it passes by failing until the
// export is fixed, and then XPASS says to drop the XFAIL line.
// XFAIL: *
// RUN: tensor-opt %s --lower-broadcast --convert-nd-to-upstream | FileCheck %s

// CHECK-LABEL: func.func @gap_shape_of(
// CHECK: "cf.assert"(%{{.*}}) <{msg = "operand #0 dim 0 has a size at run time which is neither 1 nor the size of result dim 0 it is mapped to"}>
// CHECK: "linalg.map"
func.func @gap_shape_of(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %s = nd.shape_of %y : (tensor<?xf32>) -> tensor<1xindex>
  %b = nd.broadcast_in_dim %x, %s, dims = [0] : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
  return %b : tensor<?xf32>
}
