// Generic ops with regions, entry-block arguments, several regions and successors.
// RUN: tensor-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: tensor-opt --allow-unregistered-dialect --mlir-print-op-generic %s | tensor-opt --allow-unregistered-dialect | FileCheck %s

// CHECK:      %0 = "t.map"() ({
// CHECK-NEXT: ^bb0(%arg0: f32, %arg1: f32):
// CHECK-NEXT:   %1 = "t.add"(%arg0, %arg1) : (f32, f32) -> f32
// CHECK-NEXT:   "t.yield"(%1) : (f32) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: }) : () -> tensor<4xf32>
%r = "t.map"() ({
^bb0(%a: f32, %b: f32):
  %s = "t.add"(%a, %b) : (f32, f32) -> f32
  "t.yield"(%s) : (f32) -> ()
}, {
}) : () -> tensor<4xf32>
