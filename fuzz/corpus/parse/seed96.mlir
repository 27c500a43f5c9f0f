// Runner self-test: the FileCheck directives golden tests use, against a
// fixed input (Inputs/sample.txt); no tensor-opt involved.
// RUN: FileCheck %s --input-file %S/Inputs/sample.txt
// RUN: cat %S/Inputs/sample.txt | FileCheck %s --check-prefix=ALT
// RUN: cat %S/Inputs/sample.txt | FileCheck %s --check-prefixes=ALT,DAG

// CHECK-LABEL: func.func @add(
// CHECK-SAME: %[[A:[a-z0-9]+]]: tensor<2x3xf32>
// CHECK-SAME: %[[B:[a-z0-9]+]]: tensor<3xf32>
// CHECK-NEXT: %[[R:[0-9]+]] = nd.add %[[A]], %[[B]] : {{.*}} -> tensor<2x3xf32>
// CHECK-NOT: nd.mul
// CHECK: return %[[R]]
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-LABEL: func.func @consts(
// CHECK-DAG: %[[C1:.*]] = arith.constant 1
// CHECK-DAG: %[[C0:.*]] = arith.constant 0
// CHECK-NEXT: nd.use %[[C0]], %[[C1]]

// ALT: @add
// ALT-NOT: @missing
// ALT: @consts

// DAG-DAG: arith.constant 1
// DAG-DAG: arith.constant 0
