// Symbol table errors: redefinitions, and references that resolve to nothing
// or to something that is not a function. Messages and locations as mlir-opt's.
// RUN: tensor-opt --allow-unregistered-dialect %s -split-input-file -verify-diagnostics

func.func @call_undefined() {
  // expected-error @+1 {{'func.call' op 'undefined' does not reference a valid function}}
  call @undefined() : () -> ()
  return
}

// -----

// The error is at the later definition, the note at the first; any op with a
// `sym_name` is a symbol.
// expected-note @+1 {{see existing symbol definition here}}
"unknown.symbol"() {sym_name = "dup"} : () -> ()
func.func private @other()
// expected-error @+1 {{redefinition of symbol named 'dup'}}
func.func private @dup()
func.func private @dup2()

// -----

// Each symbol table has its own names: @f in the nested module is no clash,
// but a clash inside it is reported there.
func.func private @f()
module @nested {
  // expected-note @+1 {{see existing symbol definition here}}
  func.func private @f()
  // expected-error @+1 {{redefinition of symbol named 'f'}}
  func.func private @f()
}

// -----

// A symbol that is not a function.
module @m {
}
"unknown.symbol"() {sym_name = "s"} : () -> ()
func.func @call_module() {
  // expected-error @+1 {{'func.call' op 'm' does not reference a valid function}}
  call @m() : () -> ()
  return
}

// -----

"unknown.symbol"() {sym_name = "s"} : () -> ()
func.func @call_non_function_symbol() {
  // expected-error @+1 {{'func.call' op 's' does not reference a valid function}}
  call @s() : () -> ()
  return
}

// -----

// Only the nearest symbol table is searched, not the ones enclosing it.
func.func private @outer_only()
module @inner {
  func.func @h() {
    // expected-error @+1 {{'func.call' op 'outer_only' does not reference a valid function}}
    call @outer_only() : () -> ()
    return
  }
}

// -----

// An op of an unknown dialect with one region may be a symbol table: lookups
// do not look past it.
func.func private @f()
func.func @through_unknown() {
  "unknown.region"() ({
    // expected-error @+1 {{'func.call' op 'f' does not reference a valid function}}
    func.call @f() : () -> ()
  }) : () -> ()
  return
}

