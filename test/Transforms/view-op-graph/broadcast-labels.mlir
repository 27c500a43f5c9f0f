// --view-op-graph labels each edge along which broadcasting stretches the operand
// with the result dims it expands: "added" for a dim the operand lacks, "1 to n"
// for a size-1 dim. Edges that do not broadcast, and operands of ops that do not
// broadcast, are unlabelled, as upstream draws them.
// RUN: tensor-opt --view-op-graph %s 2>&1 >/dev/null | FileCheck %s
// RUN: tensor-opt --view-op-graph --verify-broadcast %s 2>&1 >/dev/null | FileCheck %s --check-prefix=ORDER

// CHECK-LABEL: digraph G {
// CHECK: v[[A:[0-9]+]] [label = "<res_arg0> %arg0 tensor\<4x1xf32\>", shape = Mrecord];
// CHECK: v[[B:[0-9]+]] [label = "<res_arg1> %arg1 tensor\<3xf32\>", shape = Mrecord];
// CHECK: v[[C:[0-9]+]] [label = "<res_arg2> %arg2 tensor\<?x3xf32\>", shape = Mrecord];
// CHECK: v[[D:[0-9]+]] [label = "<res_arg3> %arg3 tensor\<2x3xf32\>", shape = Mrecord];
// CHECK: v[[ADD:[0-9]+]] [fillcolor = "{{.*}}", label = "{{[{][{]}}<arg_arg0> %arg0|<arg_arg1> %arg1}|nd.add\l|{<res_0> %0 tensor\<4x3xf32\>}}", shape = Mrecord, style = filled];
// CHECK: v[[MUL:[0-9]+]] [fillcolor
// CHECK: v[[SUB:[0-9]+]] [fillcolor = "{{.*}}", label = "{{.*}}nd.sub\l\lbroadcast_dimensions: array\<i64: 1\>\l{{.*}}
// CHECK: v[[NEG:[0-9]+]] [fillcolor = "{{.*}}", label = "{{.*}}nd.neg
// Both operands of the nd.add stretch: %arg0's dim 1 from 1 to 3, %arg1 gains dim 0.
// CHECK: v[[A]]:res_arg0:s -> v[[ADD]]:arg_arg0:n[label = "expands dim 1 (1 to 3)", style = solid];
// CHECK-NEXT: v[[B]]:res_arg1:s -> v[[ADD]]:arg_arg1:n[label = "expands dim 0 (added, 4)", style = solid];
// A dynamic dim: %0 (4x3) against ?x3 expands nothing known at compile time.
// CHECK-NEXT: v[[ADD]]:res_0:s -> v[[MUL]]:arg_0:n[style = solid];
// CHECK-NEXT: v[[C]]:res_arg2:s -> v[[MUL]]:arg_arg2:n[style = solid];
// XLA broadcast_dimensions: %arg1 (3) goes to dim 1 of 2x3, gaining dim 0.
// CHECK-NEXT: v[[D]]:res_arg3:s -> v[[SUB]]:arg_arg3:n[style = solid];
// CHECK-NEXT: v[[B]]:res_arg1:s -> v[[SUB]]:arg_arg1:n[label = "expands dim 0 (added, 2)", style = solid];
// A unary op broadcasts nothing.
// CHECK-NEXT: v[[SUB]]:res_2:s -> v[[NEG]]:arg_2:n[style = solid];
// CHECK: }

// The graph comes at its place in the pipeline, before the next pass's remarks.
// ORDER: digraph G {
// ORDER: remark: operand #1 dim 0 (%arg2[0]) must be 1 or equal to 4 at run time

func.func @f(%a: tensor<4x1xf32>, %b: tensor<3xf32>, %c: tensor<?x3xf32>, %d: tensor<2x3xf32>) -> (tensor<?x3xf32>, tensor<2x3xf32>) {
  %0 = nd.add %a, %b : (tensor<4x1xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  %1 = nd.mul %0, %c : (tensor<4x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %2 = nd.sub %d, %b {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %3 = nd.neg %2 : tensor<2x3xf32>
  return %1, %3 : tensor<?x3xf32>, tensor<2x3xf32>
}
