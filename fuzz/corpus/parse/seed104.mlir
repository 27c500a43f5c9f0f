// RUN: tensor-opt --help | FileCheck %s
// RUN: tensor-opt --version | FileCheck %s --check-prefix=VERSION
// RUN: not tensor-opt --no-such-option 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: Usage: tensor-opt
// CHECK-DAG: --split-input-file
// CHECK-DAG: --verify-diagnostics
// CHECK-DAG: --mlir-print-op-generic
// CHECK-DAG: --allow-unregistered-dialect
// CHECK-DAG: -o <file>
// VERSION: tensor-opt {{[0-9]+\.[0-9]+\.[0-9]+}}
// BAD: unexpected argument '--no-such-option'
