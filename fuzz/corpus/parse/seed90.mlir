// Fixture for tests/lit.rs: `not` on a succeeding command fails.
//
// RUN: true
// RUN: not true
