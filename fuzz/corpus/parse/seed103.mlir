// --mlir-timing reports each pass under its name, in order, a repeated pass once
// (its runs are summed), and the verification after passes that changed the IR.
// RUN: tensor-opt --mlir-timing --canonicalize --cse --canonicalize %s 2>&1 >/dev/null | FileCheck %s

// CHECK:      ----Name----
// CHECK-NEXT: Parser
// CHECK-NEXT: Verifier
// CHECK-NEXT: Canonicalizer
// CHECK-NEXT: CSE
// CHECK-NEXT: Output
// CHECK-NEXT: Total
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
