// --view-op-graph shows the names `nd.dim_names` gives a function argument's
// dims on its node, after its type (an anonymous dim by its declared size);
// arguments without names are drawn as before.
// RUN: tensor-opt --view-op-graph %s 2>&1 >/dev/null | FileCheck %s

// CHECK-LABEL: digraph G {
// CHECK: v{{[0-9]+}} [label = "<res_arg0> %arg0 tensor\<?x?xf32\> [batch, seq]", shape = Mrecord];
// CHECK: v{{[0-9]+}} [label = "<res_arg1> %arg1 tensor\<?x4xf32\> [batch, 4]", shape = Mrecord];
// CHECK: v{{[0-9]+}} [label = "<res_arg2> %arg2 tensor\<?xf32\>", shape = Mrecord];
// CHECK: v{{[0-9]+}} [label = "<res_arg3> %arg3 tensor\<?xf32\> [\{odd\|name\}]", shape = Mrecord];
// CHECK: }
func.func @f(%x: tensor<?x?xf32> {nd.dim_names = ["batch", "seq"]}, %y: tensor<?x4xf32> {nd.dim_names = ["batch", ""]}, %z: tensor<?xf32>, %w: tensor<?xf32> {nd.dim_names = ["{odd|name}"]}) -> tensor<?x?xf32> {
  %0 = nd.add %x, %y : (tensor<?x?xf32>, tensor<?x4xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
