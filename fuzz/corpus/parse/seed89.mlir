// Fixture for tests/lit.rs: a captured variable must match its value.
//
// RUN: printf 'v7 = add\nuse v8\n' | FileCheck %s
// CHECK: [[V:v[0-9]+]] = add
// CHECK: use [[V]]
