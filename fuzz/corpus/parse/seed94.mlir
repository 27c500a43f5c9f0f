// Fixture for tests/lit.rs: FileCheck must fail when the text is absent.
// Not a test itself: lit and tensor-lit skip Inputs/ directories.
//
// RUN: echo actual | FileCheck %s
// CHECK: expected
