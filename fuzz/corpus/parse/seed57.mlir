// Symbol references resolve in the nearest enclosing symbol table, wherever in it
// the symbol is defined; ops that are not symbol tables are looked through.
// RUN: tensor-opt --allow-unregistered-dialect %s | FileCheck %s

// A call may name a function defined later in the module.
// CHECK-LABEL: func.func @call_later()
// CHECK-NEXT:    call @later() : () -> ()
func.func @call_later() {
  call @later() : () -> ()
  return
}
// CHECK: func.func private @later()
func.func private @later()

// The nested module's @f shadows the outer one: each call type-checks only
// against the @f of its own table.
// CHECK-LABEL: func.func @outer_call() -> i32
// CHECK-NEXT:    %0 = call @f() : () -> i32
func.func @outer_call() -> i32 {
  %0 = call @f() : () -> i32
  return %0 : i32
}
func.func private @f() -> i32
// CHECK-LABEL: module @inner
// CHECK:         func.func @inner_call() -> i64
// CHECK-NEXT:      %0 = call @f() : () -> i64
module @inner {
  func.func @inner_call() -> i64 {
    %0 = call @f() : () -> i64
    return %0 : i64
  }
  func.func private @f() -> i64
}

// An op of a known dialect with a region is not a symbol table: the call inside
// resolves in the module.
// CHECK-LABEL: func.func @through_region()
// CHECK:         call @f() : () -> i32
func.func @through_region() {
  "test.region"() ({
    %0 = func.call @f() : () -> i32
    "test.end"() : () -> ()
  }) : () -> ()
  return
}

// Any op with a `sym_name` is a symbol; a symbol whose parent is an op of an
// unknown dialect is accepted (that op may be a symbol table).
// CHECK: "unknown.symbol"() {sym_name = "not_a_function"} : () -> ()
"unknown.symbol"() {sym_name = "not_a_function"} : () -> ()
// CHECK: "unknown.container"() ({
// CHECK-NEXT: func.func private @in_unknown()
"unknown.container"() ({
  func.func private @in_unknown()
}) : () -> ()
