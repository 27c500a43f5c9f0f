// --lower-broadcast's pass statistics: the explicit broadcasts it inserts and the
// run-time shape checks (nd.broadcast_shapes) it emits. %0 meets a dynamic dim, so
// its shape is checked at run time; %1 is static and needs no check.
// RUN: tensor-opt %s --lower-broadcast --mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s
// RUN: tensor-opt %s --lower-broadcast | FileCheck %s --check-prefix=IR

// CHECK:      {{^}}LowerBroadcast{{$}}
// CHECK-NEXT: {{^}}  (S) 3 num-broadcasts - Explicit broadcasts inserted{{$}}
// CHECK-NEXT: {{^}}  (S) 1 num-checks     - Run-time shape checks emitted (nd.broadcast_shapes){{$}}
// CHECK-NEXT: {{^}}  (S) 0 num-dce'd      - Dead operations erased{{$}}
// CHECK-NEXT: {{^}}  (S) 2 num-lowered    - Operations lowered{{$}}

// IR-COUNT-1: nd.broadcast_shapes
// IR-NOT:     nd.broadcast_shapes
func.func @f(%a: tensor<?x3xf32>, %b: tensor<4x3xf32>, %c: tensor<3xf32>) -> (tensor<?x3xf32>, tensor<4x3xf32>) {
  %0 = nd.add %a, %b : (tensor<?x3xf32>, tensor<4x3xf32>) -> tensor<?x3xf32>
  %1 = nd.add %b, %c : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  return %0, %1 : tensor<?x3xf32>, tensor<4x3xf32>
}
