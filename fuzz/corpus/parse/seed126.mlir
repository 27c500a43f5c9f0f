// --verify-diagnostics failing: each input in Inputs/ has one kind of mismatch,
// reported as mlir-opt reports it (verify-diagnostics-failures-upstream.mlir
// runs mlir-opt on the same inputs against the same checks). The `^~~~` line
// under a designator is not checked: mlir-opt underlines the designator and we
// print only the caret.
//
// RUN: not tensor-opt %S/Inputs/verify-not-produced.mlir -verify-diagnostics 2>&1 | FileCheck %s --check-prefix=NOT-PRODUCED
// RUN: not tensor-opt %S/Inputs/verify-unexpected.mlir -verify-diagnostics 2>&1 | FileCheck %s --check-prefix=UNEXPECTED
// RUN: not tensor-opt %S/Inputs/verify-wrong-line.mlir -verify-diagnostics 2>&1 | FileCheck %s --check-prefix=WRONG-LINE
// RUN: not tensor-opt %S/Inputs/verify-regex-mismatch.mlir -verify-diagnostics 2>&1 | FileCheck %s --check-prefix=REGEX
// RUN: not tensor-opt %S/Inputs/verify-unexpected-note.mlir -verify-diagnostics 2>&1 | FileCheck %s --check-prefix=NOTE

// NOT-PRODUCED: {{.*}}verify-not-produced.mlir:3:6: error: expected error "this error is never emitted" was not produced
// NOT-PRODUCED-NEXT: {{^}}  // expected-error @+1 {{[{][{]}}this error is never emitted{{[}][}]}}{{$}}
// NOT-PRODUCED-NOT: error:

// UNEXPECTED: {{.*}}verify-unexpected.mlir:3:3: error: unexpected error: type of return operand 0 ('i64') doesn't match function result type ('i32') in function @f
// UNEXPECTED-NEXT: {{^}}  return %arg0 : i64{{$}}
// UNEXPECTED-NEXT: {{^}}  ^{{$}}
// UNEXPECTED-NOT: error:

// The error is reported at its real line, and the designator as unmatched.
// WRONG-LINE: {{.*}}verify-wrong-line.mlir:4:3: error: unexpected error: type of return operand 0 ('i64') doesn't match function result type ('i32') in function @f
// WRONG-LINE: {{.*}}verify-wrong-line.mlir:3:6: error: expected error "doesn't match function result type" was not produced
// WRONG-LINE-NOT: error:

// REGEX: {{.*}}verify-regex-mismatch.mlir:4:3: error: unexpected error: type of return operand 0 ('i64')
// REGEX: {{.*}}verify-regex-mismatch.mlir:3:6: error: expected error "type of return operand {{[{][{]\[a-z\]\+[}][}]}} ('i64')" was not produced
// REGEX-NOT: error:

// Notes must be expected too.
// NOTE: {{.*}}verify-unexpected-note.mlir:3:3: error: unexpected note: previously defined here
// NOTE-NOT: error:
