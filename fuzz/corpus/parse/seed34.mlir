// Structural rules upstream (mlir-opt 22) enforces and tensor-opt must not accept
// (issue 12): module regions and arguments, func.return successors and regions, a
// nested callee, arg_attrs counts, index width, integer dense literals for floats,
// dense array widths, tuple tensor elements. upstream-structural-rules-differential
// checks that mlir-opt reports the same, at the same places.
// RUN: tensor-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect
// RUN: not tensor-opt %s -split-input-file -allow-unregistered-dialect 2>&1 | FileCheck %s

// CHECK: upstream-structural-rules.mlir:[[# @LINE + 2]]:1: error: 'builtin.module' op requires one region
// expected-error@+1 {{'builtin.module' op requires one region}}
"builtin.module"() : () -> ()

// -----

// CHECK: upstream-structural-rules.mlir:[[# @LINE + 2]]:1: error: 'builtin.module' op requires one region
// expected-error@+1 {{'builtin.module' op requires one region}}
"builtin.module"() ({
}, {
}) : () -> ()

// -----

// CHECK: upstream-structural-rules.mlir:[[# @LINE + 2]]:1: error: 'builtin.module' op region should have no arguments
// expected-error@+1 {{'builtin.module' op region should have no arguments}}
"builtin.module"() ({
^bb0(%a: i32):
}) : () -> ()

// -----

func.func @f() {
// CHECK: upstream-structural-rules.mlir:[[# @LINE + 2]]:3: error: 'func.return' op requires 0 successors but found 1
// expected-error@+1 {{'func.return' op requires 0 successors but found 1}}
  "func.return"() [^bb1] : () -> ()
^bb1:
  return
}

// -----

func.func @f() {
// CHECK: upstream-structural-rules.mlir:[[# @LINE + 2]]:3: error: 'func.return' op requires zero regions
// expected-error@+1 {{'func.return' op requires zero regions}}
  "func.return"() ({
  }) : () -> ()
}

// -----

module {
  module @m {
    func.func @g()
  }
  func.func @f() {
// CHECK: upstream-structural-rules.mlir:[[# @LINE + 2]]:15: error: custom op 'func.call' invalid kind of attribute specified
// expected-error@+1 {{custom op 'func.call' invalid kind of attribute specified}}
    func.call @m::@g() : () -> ()
    return
  }
}

// -----

// CHECK: upstream-structural-rules.mlir:[[# @LINE + 2]]:1: error: 'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 2, but expected 1
// expected-error@+1 {{'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 2, but expected 1}}
func.func private @f(i32) attributes {arg_attrs = [{a.b}, {c.d}]}

// -----

// CHECK: upstream-structural-rules.mlir:[[# @LINE + 2]]:15: error: integer constant out of range for attribute
// expected-error@+1 {{integer constant out of range for attribute}}
"t.op"() {a = 9223372036854775808 : index} : () -> ()

// -----

// CHECK: upstream-structural-rules.mlir:[[# @LINE + 3]]:21: error: unexpected decimal integer literal for a floating point value
// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"t.op"() {a = dense<1> : tensor<2xf32>} : () -> ()

// -----

// CHECK: upstream-structural-rules.mlir:[[# @LINE + 2]]:21: error: element type bitwidth must be a multiple of 8
// expected-error@+1 {{element type bitwidth must be a multiple of 8}}
"t.op"() {a = array<i7: 1>} : () -> ()

// -----

// CHECK: upstream-structural-rules.mlir:[[# @LINE + 2]]:27: error: invalid tensor element type
// expected-error@+1 {{invalid tensor element type}}
"t.op"() : () -> tensor<2xtuple<i32>>
