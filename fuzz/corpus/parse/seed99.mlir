// Runner self-test: lit's `not` inverts the exit status, but only a clean
// non-zero exit counts (`--crash` expects a crash).
// RUN: not false
// RUN: not sh -c 'exit 3'
// RUN: not not true
// RUN: true && not false
// RUN: not --crash sh -c 'kill -SEGV $$'
// RUN: echo some text | not FileCheck %s --check-prefix=NOPE
// NOPE: {{this is not in the input}}
