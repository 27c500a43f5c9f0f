// Runner self-test: an XFAIL test passes by failing.
// XFAIL: *
// RUN: echo a | FileCheck %s
// CHECK: b
