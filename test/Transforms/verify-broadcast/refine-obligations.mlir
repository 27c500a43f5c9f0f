// Run-time obligations are reported for the refined types: once %sum is refined
// to tensor<?x6xf32>, nd.mul's operand is no longer unranked, so the remark
// that check mode gives is gone. The remark that still holds (dim 0 of %x
// against %y's 5) stays, at its op.
// RUN: tensor-opt %s --verify-broadcast 2>&1 >/dev/null | FileCheck %s --check-prefix=CHECKMODE
// RUN: tensor-opt %s --verify-broadcast=refine 2>&1 >/dev/null | FileCheck %s --check-prefix=REFINE

// CHECKMODE: refine-obligations.mlir:15:10: remark: unranked operand #0 must broadcast to the inferred shape at run time
// CHECKMODE: refine-obligations.mlir:16:8: remark: operand #0 dim 0 (%arg0[0]) must be 1 or equal to 5 at run time

// REFINE-NOT: unranked operand
// REFINE:     refine-obligations.mlir:16:8: remark: operand #0 dim 0 (%arg0[0]) must be 1 or equal to 5 at run time
func.func @f(%x: tensor<?x6xf32>, %bias: tensor<6xf32>, %scale: tensor<1xf32>, %y: tensor<5x6xf32>) -> (tensor<*xf32>, tensor<5x6xf32>) {
  %sum = nd.add %x, %bias : (tensor<?x6xf32>, tensor<6xf32>) -> tensor<*xf32>
  %out = nd.mul %sum, %scale : (tensor<*xf32>, tensor<1xf32>) -> tensor<*xf32>
  %z = nd.add %x, %y : (tensor<?x6xf32>, tensor<5x6xf32>) -> tensor<5x6xf32>
  return %out, %z : tensor<*xf32>, tensor<5x6xf32>
}
