// Fixture for tests/lit.rs: a failing command early in a pipeline fails.
//
// RUN: false | cat
