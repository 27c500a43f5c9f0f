// Unreadable and malformed inputs fail with a clear message and exit code 1.
// RUN: not tensor-opt %t.does-not-exist 2>&1 | FileCheck %s --check-prefix=MISSING
// Bytes that are not UTF-8 are accepted in comments, as upstream accepts them, and
// are an error (located as upstream's) anywhere else.
// RUN: printf 'func.func private @\377()' > %t.latin1
// RUN: not tensor-opt %t.latin1 2>&1 | FileCheck %s --check-prefix=UTF8
// RUN: printf '// caf\351\nfunc.func private @f()' > %t.comment
// RUN: tensor-opt %t.comment | FileCheck %s --check-prefix=COMMENT
// RUN: printf '"test.op"() : () -> () \001' > %t.control
// RUN: not tensor-opt --allow-unregistered-dialect %t.control 2>&1 | FileCheck %s --check-prefix=CHAR

// MISSING: error: could not open input file '{{.*}}does-not-exist'
// UTF8: latin1:1:20: error: @ identifier expected to start with letter or '_'
// COMMENT: func.func private @f()
// CHAR: control:1:24: error: unexpected character
