// Diagnostics for unknown operations, terminators and region isolation;
// messages and lines match mlir-opt's.
// RUN: tensor-opt %s -split-input-file -verify-diagnostics

func.func @unregistered_dialect() {
  // expected-error @+1 {{operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used}}
  "foo.op"() : () -> ()
  return
}

// -----

func.func @unregistered_op_in_registered_dialect() {
  // expected-error @+1 {{unregistered operation 'func.foo' found in dialect ('func') that does not allow unknown operations}}
  "func.foo"() : () -> ()
  return
}

// -----

// At the top level the default dialect is builtin.
// expected-error @+1 {{custom op 'foo' is unknown (tried 'builtin.foo' as well)}}
foo

// -----

// Inside a function body the default dialect is func.
func.func @unknown_custom_op_in_func() {
  // expected-error @+1 {{custom op 'foo' is unknown (tried 'func.foo' as well)}}
  foo
  return
}

// -----

func.func @custom_op_unknown_dialect() {
  // The note lists the registered dialects, which differ between tools.
  // expected-error @+2 {{Dialect `foo' not found for custom op 'foo.bar'}}
  // expected-note-re @+1 {{Available dialects: {{.*}}builtin{{.*}}func{{.*}} ; for more info on dialect registration see https://mlir.llvm.org/getting_started/Faq/#registered-loaded-dependent-whats-up-with-dialects-management}}
  foo.bar
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{block with no terminator, has "func.call"() <{callee = @f}> : () -> ()}}
  func.call @f() : () -> ()
}

// -----

// expected-error @+1 {{empty block: expect at least a terminator}}
"func.func"() <{function_type = () -> (), sym_name = "empty"}> ({
^bb0:
}) : () -> ()

// -----

func.func @terminator_not_last() {
  // expected-error @+1 {{'func.return' op must be the last operation in the parent block}}
  return
  func.call @terminator_not_last() : () -> ()
  return
}

// -----

// The parser resolves the outer name; the verifier rejects the use.
func.func @isolated_from_above(%arg0: i32) {
  builtin.module {
    // expected-note @+1 {{required by region isolation constraints}}
    func.func @inner() -> i32 {
      // expected-error @+1 {{'func.return' op using value defined outside the region}}
      return %arg0 : i32
    }
  }
  return
}

// -----

func.func @isolated_redefinition() {
  // expected-note @+1 {{previously defined here}}
  %0 = func.call @isolated_redefinition() : () -> i32
  builtin.module {
    func.func @inner() {
      // expected-error @+1 {{redefinition of SSA value '%0'}}
      %0 = func.call @inner() : () -> i32
      return
    }
  }
  return
}

// -----

func.func @isolated_entry_argument_reused(%arg0: i32) {
  builtin.module {
    // expected-note @-2 {{previously referenced here}}
    // expected-error @+1 {{region entry argument '%arg0' is already in use}}
    func.func private @g(%arg0: i32) {
      return
    }
  }
  return
}

// -----

func.func @props_on_op_without_properties(%a: tensor<4xf32>) {
  // expected-error@+1 {{invalid properties {foo = 1 : i64} for op test.broadcastable: this operation does not support properties}}
  %0 = "test.broadcastable"(%a) <{foo = 1}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @successors_on_non_terminator(%a: tensor<4xf32>) {
  // expected-error@+1 {{successors in non-terminator}}
  %0 = "test.broadcastable"(%a)[^bb1] : (tensor<4xf32>) -> tensor<4xf32>
  return
^bb1:
  return
}

// -----

func.func @no_custom_form(%a: tensor<4xf32>) {
  // expected-error@+1 {{custom op 'test.broadcastable' has no custom assembly form}}
  %0 = test.broadcastable %a : tensor<4xf32>
  return
}
