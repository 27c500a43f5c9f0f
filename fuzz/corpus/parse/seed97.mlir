// Runner self-test: lit substitutions, continuations and pipefail.
// RUN: test -f %s && test -d %S && test %p = %S
// RUN: rm -rf %t && mkdir -p %t && echo hello > %t/out.txt
// RUN: FileCheck %s --input-file %t/out.txt
// RUN: echo "100%%" | FileCheck %s --check-prefix=PCT
// RUN: echo one \
// RUN:   two | FileCheck %s --check-prefix=CONT
// RUN: test -o pipefail
// CHECK: hello
// PCT: 100%
// CONT: one two
