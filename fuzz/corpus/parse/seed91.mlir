// Fixture for tests/lit.rs: CHECK-NEXT must reject a skipped line.
//
// RUN: printf 'a\nx\nb\n' | FileCheck %s
// CHECK: a
// CHECK-NEXT: b
