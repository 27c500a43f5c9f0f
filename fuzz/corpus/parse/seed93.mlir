// Fixture for tests/lit.rs: CHECK-NOT must catch forbidden text.
//
// RUN: printf 'a\nbad\nc\n' | FileCheck %s
// CHECK: a
// CHECK-NOT: bad
// CHECK: c
