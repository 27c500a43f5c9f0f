// --verify-diagnostics: the forms of expected-* designators that must pass.
// Nothing in tensor-opt emits warnings or remarks yet, so expected-warning and
// expected-remark are not exercised here.
// RUN: tensor-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

// Same line.
"foo.use"(%undefined) : (i32) -> () // expected-error {{use of undeclared SSA value name}}

// -----

// @+N counts from the designator's line.
// expected-error @+2 {{use of undeclared SSA value name}}

"foo.use"(%undefined) : (i32) -> ()

// -----

"foo.use"(%undefined) : (i32) -> ()

// @-N counts back.
// expected-error @-3 {{use of undeclared SSA value name}}

// -----

// No space before the designator works too.
// expected-error@+1 {{use of undeclared SSA value name}}
"foo.use"(%undefined) : (i32) -> ()

// -----

// @above is the nearest line above without a designator (comments count).
"foo.use"(%undefined) : (i32) -> ()
// expected-error @above {{use of undeclared SSA value name}}

// -----

// @below is the nearest line below without a designator, so designators stack.
// expected-note @below {{previously defined here}}
%0 = "foo.def"() : () -> i32
// expected-error @below {{redefinition of SSA value '%0'}}
%0 = "foo.def"() : () -> i32

// -----

// Designators stacked below the line they refer to, with @above.
%0 = "foo.def"() : () -> i32
// expected-note @above {{previously defined here}}
%0 = "foo.def"() : () -> i32
// expected-error @above {{redefinition of SSA value '%0'}}

// -----

// {{...}} holds a substring of the message.
// expected-error @+1 {{undeclared}}
"foo.use"(%undefined) : (i32) -> ()

// -----

// The -re form: literal text around {{regex}} parts.
func.func @regex(%arg0: i64) -> i32 {
  // expected-error-re @+1 {{type of return operand {{[0-9]+}} ('i{{(32|64)}}') doesn't match}}
  return %arg0 : i64
}

// -----

// Notes: one per expectation, with the line of the note's location.
func.func private @callee() -> i32
func.func @notes() {
  // expected-error @+3 {{result type mismatch at index 0}}
  // expected-note @+2 {{op result types: 'i64'}}
  // expected-note @+1 {{function result types: 'i32'}}
  %0 = func.call @callee() : () -> i64
  return
}

// -----

// @unknown matches a diagnostic without a file location.
// expected-error @unknown {{'func.return' op expects parent op 'func.func'}}
"func.return"() : () -> () loc(unknown)

// -----

// Several @below designators stacked for one line.
func.func private @callee() -> i32
func.func @stacked() {
  // expected-error @below {{result type mismatch at index 0}}
  // expected-note @below {{op result types: 'i64'}}
  // expected-note @below {{function result types: 'i32'}}
  %0 = func.call @callee() : () -> i64
  return
}
