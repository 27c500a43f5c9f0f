// Fixture for tests/lit.rs: `not` on a crashing command fails.
//
// RUN: not sh -c 'kill -SEGV $$'
