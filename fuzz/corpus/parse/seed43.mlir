// An input with only comments is an empty module.
// RUN: tensor-opt %s | FileCheck %s
// RUN: printf '' | tensor-opt | FileCheck %s

// CHECK:      module {
// CHECK-NEXT: }
// CHECK-NOT: {{.}}
