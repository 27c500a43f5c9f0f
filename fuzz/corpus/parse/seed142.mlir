// examples/broadcast_errors.mlir, the README's first-run example: both mistakes
// are reported at their op (the verifier reports every failing op), each with the
// alignment drawing, and nothing is printed. The README shows this output; the
// readme test (tests/readme.rs) checks it byte for byte.
// RUN: not tensor-opt %S/../../examples/broadcast_errors.mlir 2>&1 | FileCheck %s --strict-whitespace
// RUN: not tensor-opt %S/../../examples/broadcast_errors.mlir 2>/dev/null | FileCheck %s --check-prefix=NOTHING --allow-empty

// CHECK: {{.*}}examples/broadcast_errors.mlir:10:8: error: 'nd.add' op operands don't have broadcast-compatible shapes
// CHECK-NEXT: {{^}}  %y = nd.add %h, %bias : (tensor<8x16xf32>, tensor<8xf32>) -> tensor<8x16xf32>{{$}}
// CHECK-NEXT: {{^}}       ^{{$}}
// CHECK-NEXT: {{.*}}examples/broadcast_errors.mlir:10:8: note: see current operation: %1 = "nd.add"(%0, %arg2) : (tensor<8x16xf32>, tensor<8xf32>) -> tensor<8x16xf32>
// CHECK-NEXT: {{.*}}examples/broadcast_errors.mlir:10:8: note: operand #0 ('tensor<8x16xf32>') dim 1 has size 16 but operand #1 ('tensor<8xf32>') dim 0 has size 8: they meet in result dim 1 and neither is 1
// CHECK-NEXT: {{.*}}examples/broadcast_errors.mlir:10:8: note: shapes aligned from the right:
// CHECK-NEXT: {{^}}  operand #0:  8 x 16{{$}}
// CHECK-NEXT: {{^}}  operand #1:       8{{$}}
// CHECK-NEXT: {{^}}      result:  8 x 16{{$}}
// CHECK-NEXT: {{^}}                    ^ result dim 1: 16 vs 8, and neither is 1{{$}}
// CHECK-NEXT: {{.*}}examples/broadcast_errors.mlir:17:8: error: 'nd.mul' op result type '4x4' not broadcast compatible with broadcasted operands's shapes '2x4x4'
// CHECK-NEXT: {{^}}  %s = nd.mul %scores, %mask : (tensor<2x4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>{{$}}
// CHECK-NEXT: {{^}}       ^{{$}}
// CHECK-NEXT: {{.*}}examples/broadcast_errors.mlir:17:8: note: see current operation: %0 = "nd.mul"(%arg0, %arg1) : (tensor<2x4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: {{.*}}examples/broadcast_errors.mlir:17:8: note: the result has rank 2 but the operands broadcast to rank 3
// CHECK-NEXT: {{.*}}examples/broadcast_errors.mlir:17:8: note: shapes aligned from the right:
// CHECK-NEXT: {{^}}  operand #0:  2 x 4 x 4{{$}}
// CHECK-NEXT: {{^}}  operand #1:      4 x 4{{$}}
// CHECK-NEXT: {{^}}   broadcast:  2 x 4 x 4{{$}}
// CHECK-NEXT: {{^}}      result:      4 x 4{{$}}
// CHECK-NOT: {{.}}

// NOTHING-NOT: {{.}}
