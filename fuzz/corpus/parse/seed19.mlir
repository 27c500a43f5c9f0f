// --view-op-graph writes upstream's graph byte for byte where nothing broadcasts:
// clusters for the module, functions (attributes cut at 20 characters) and blocks,
// record nodes with operand and result ports, one colour per op name, edges last;
// a declaration is an empty cluster. The IR is printed unchanged.
// REQUIRES: mlir-opt
// RUN: tensor-opt --view-op-graph %s 2> %t.ours > %t.ours.ir
// RUN: mlir-opt --view-op-graph %s 2> %t.theirs > %t.theirs.ir
// RUN: diff %t.ours %t.theirs
// RUN: diff %t.ours.ir %t.theirs.ir
// RUN: tensor-opt -split-input-file --view-op-graph %s 2> %t.ours
// RUN: mlir-opt -split-input-file --view-op-graph %s 2> %t.theirs
// RUN: diff %t.ours %t.theirs

func.func @f(%a: tensor<4x3xf32>, %b: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %1 = "test.broadcastable"(%0, %0) : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %2 = call @g(%1, %a) : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return %2 : tensor<4x3xf32>
}
func.func private @g(tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>

// -----

func.func @h(%a: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  return %a, %a : tensor<2xf32>, tensor<2xf32>
}
