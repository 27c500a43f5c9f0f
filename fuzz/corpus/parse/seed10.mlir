// The bundled examples that are not nd programs: refine tightens examples/refine.mlir as
// its comment says, and examples/broadcast.mlir (upstream's test op) verifies.
// RUN: tensor-opt --verify-broadcast=refine %S/../../../examples/refine.mlir | FileCheck %s
// RUN: tensor-opt --verify-broadcast %S/../../../examples/broadcast.mlir | FileCheck %s --check-prefix=TEST

// CHECK:      %0 = nd.add %arg0, %arg1 : (tensor<?x6xf32>, tensor<6xf32>) -> tensor<?x6xf32>
// CHECK-NEXT: %1 = nd.mul %0, %arg2 : (tensor<?x6xf32>, tensor<1xf32>) -> tensor<*xf32>
// CHECK-NEXT: return %1 : tensor<*xf32>

// TEST-LABEL: func.func @bias_add
// TEST-LABEL: func.func @outer
// TEST-LABEL: func.func @unknown_rank
