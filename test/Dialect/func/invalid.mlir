// func dialect verifier diagnostics: return, call, declarations, entry
// blocks and symbols; messages and lines match mlir-opt's.
// RUN: tensor-opt %s -split-input-file -verify-diagnostics

func.func @return_count() -> i32 {
  // expected-error @+1 {{'func.return' op has 0 operands, but enclosing function (@return_count) returns 1}}
  return
}

// -----

func.func @return_type(%arg0: i64) -> i32 {
  // expected-error @+1 {{type of return operand 0 ('i64') doesn't match function result type ('i32') in function @return_type}}
  return %arg0 : i64
}

// -----

// expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
func.return

// -----

func.func @call_unknown() {
  // expected-error @+1 {{'func.call' op 'missing' does not reference a valid function}}
  func.call @missing() : () -> ()
  return
}

// -----

func.func private @callee(i32)

func.func @call_operand_count() {
  // expected-error @+1 {{'func.call' op incorrect number of operands for callee}}
  func.call @callee() : () -> ()
  return
}

// -----

func.func private @callee(i32)

func.func @call_operand_type(%arg0: i64) {
  // expected-error @+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'i64' for operand number 0}}
  func.call @callee(%arg0) : (i64) -> ()
  return
}

// -----

func.func private @callee() -> i32

func.func @call_result_count() {
  // expected-error @+1 {{'func.call' op incorrect number of results for callee}}
  func.call @callee() : () -> ()
  return
}

// -----

func.func private @callee() -> i32

func.func @call_result_type() {
  // expected-error @+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note @+2 {{      op result types: 'i64'}}
  // expected-note @+1 {{function result types: 'i32'}}
  %0 = func.call @callee() : () -> i64
  return
}

// -----

// expected-error @+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @public_declaration()

// -----

// expected-error @+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
"func.func"() <{function_type = (i32) -> (), sym_name = "entry_count"}> ({
^bb0:
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')}}
"func.func"() <{function_type = (i32) -> (), sym_name = "entry_type"}> ({
^bb0(%arg0: i64):
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-note @+1 {{see existing symbol definition here}}
func.func private @dup()
// expected-error @+1 {{redefinition of symbol named 'dup'}}
func.func private @dup()

// -----

module @m {
  func.func private @f()
}
func.func @nested_callee() {
  // expected-error @+1 {{'func.call' op attribute 'callee' failed to satisfy constraint: flat symbol reference attribute}}
  "func.call"() {callee = @m::@f} : () -> ()
  return
}

// -----

// A visibility is "public", "private" or "nested", whether it is given as a
// property or in the attribute dictionary.
// expected-error @+1 {{'func.func' op visibility expected to be one of ["public", "private", "nested"], but got "func.foo"}}
"func.func"() ({}) {sym_name = "from_dict", function_type = (i32) -> (), sym_visibility = "func.foo"} : () -> ()

// -----

// expected-error @+1 {{'func.func' op visibility expected to be one of ["public", "private", "nested"], but got "hidden"}}
"func.func"() <{function_type = () -> (), sym_name = "defined", sym_visibility = "hidden"}> ({
  "func.return"() : () -> ()
}) : () -> ()
