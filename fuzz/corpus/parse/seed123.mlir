// --mlir-timing reports the phases on standard error.
// RUN: tensor-opt --mlir-timing %s 2>&1 >/dev/null | FileCheck %s

// CHECK: Execution time report
// CHECK: Total Execution Time: {{[0-9.]+}} seconds
// CHECK-DAG: Parser
// CHECK-DAG: Verifier
// CHECK-DAG: Output
func.func private @timed()
