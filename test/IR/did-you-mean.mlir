// "did you mean" hints, by edit distance, for unknown ops, types, attributes,
// keywords and names. Upstream's message stays as it is; the hint is a note, at
// the misspelled word. Hints go beyond upstream, so --verify-diagnostics accepts
// them when no expected-note names them (second RUN line), and checks them when
// one does (first).
// RUN: tensor-opt %s -split-input-file -verify-diagnostics
// RUN: sed '/did you mean/s/expected-note/unchecked-note/' %s > %t.mlir
// RUN: tensor-opt %t.mlir -split-input-file -verify-diagnostics
// RUN: not tensor-opt %s -split-input-file 2>&1 | FileCheck %s

// An op of a registered dialect, in the custom form.
func.func @op(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{custom op 'nd.ad' is unknown}}
  // expected-note @+1 {{did you mean `nd.add`?}}
  %0 = nd.ad %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
// CHECK:      did-you-mean.mlir:15:8: error: custom op 'nd.ad' is unknown
// CHECK-NEXT: %0 = nd.ad %a, %a : tensor<4xf32>
// CHECK-NEXT: ^
// CHECK-NEXT: did-you-mean.mlir:15:8: note: did you mean `nd.add`?
// CHECK-NEXT: did-you-mean.mlir

// -----

// An op without a dialect prefix, looked up in the default dialect.
func.func @short(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{custom op 'retrun' is unknown (tried 'func.retrun' as well)}}
  // expected-note @+1 {{did you mean `return`?}}
  retrun %a : tensor<4xf32>
}

// -----

// A misspelled dialect: upstream's note on the dialects comes first.
func.func @dialect(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+3 {{Dialect `ndd' not found for custom op 'ndd.add'}}
  // expected-note @+2 {{Available dialects: builtin, func, nd, stablehlo, test}}
  // expected-note @+1 {{did you mean `nd.add`?}}
  %0 = ndd.add %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// The generic form of an op its registered dialect does not define.
func.func @generic(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{unregistered operation 'func.cal' found in dialect ('func') that does not allow unknown operations}}
  // expected-note @+1 {{did you mean `func.call`?}}
  %0 = "func.cal"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// The generic form of an op of an unknown dialect.
func.func @generic_dialect(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{operation being parsed with an unregistered dialect}}
  // expected-note @+1 {{did you mean `nd.add`?}}
  %0 = "nd2.add"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A type keyword, and an element type. The error stays where upstream puts it
// (after the previous token); the hint points at the word.
// expected-error @+2 {{expected non-function type}}
// expected-note @+1 {{did you mean `tensor`?}}
func.func @type(%a: tensr<4xf32>)
// CHECK:      did-you-mean.mlir:[[@LINE-1]]:20: error: expected non-function type
// CHECK-NEXT: func.func @type(%a: tensr<4xf32>)
// CHECK-NEXT: ^
// CHECK-NEXT: did-you-mean.mlir:[[@LINE-4]]:21: note: did you mean `tensor`?
// CHECK-NEXT: func.func @type(%a: tensr<4xf32>)
// CHECK-NEXT: ^

// -----

// expected-error @+2 {{expected non-function type}}
// expected-note @+1 {{did you mean `f32`?}}
func.func @element(%a: tensor<4xf23>)

// -----

// Attribute keywords (and types, which are attributes too).
// expected-error @+2 {{expected attribute value}}
// expected-note @+1 {{did you mean `dense`?}}
func.func @attr() attributes {x = dens<1.0> : tensor<f32>}

// -----

// expected-error @+2 {{expected attribute value}}
// expected-note @+1 {{did you mean `true`?}}
func.func @attr_bool() attributes {x = ture}

// -----

// A required attribute next to a misspelled one.
func.func @attr_name(%a: i32) -> i32 {
  // expected-error @+2 {{'func.call' op requires attribute 'callee'}}
  // expected-note @+1 {{did you mean `callee` instead of `calee`?}}
  %0 = "func.call"(%a) {calee = @attr_name} : (i32) -> i32
  return %0 : i32
}

// -----

// A keyword of an op's syntax.
func.func @keyword(%x: tensor<4x8xf32>) -> tensor<4x1xf32> {
  // expected-error @+2 {{expected 'across'}}
  // expected-note @+1 {{did you mean `across`?}}
  %0 = nd.reduce sum %x acros [1] keep_dims : (tensor<4x8xf32>) -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

// -----

// A keyword of an enum attribute.
func.func @enum(%x: tensor<4x8xf32>) -> tensor<4x1xf32> {
  // expected-error @+2 {{expected reduction kind, one of sum, max, min, prod}}
  // expected-note @+1 {{did you mean `sum`?}}
  %0 = nd.reduce summ %x across [1] keep_dims : (tensor<4x8xf32>) -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

// -----

// A symbol: only functions are suggested for a call.
func.func @main(%a: i32) -> i32 {
  // expected-error @+2 {{'func.call' op 'mian' does not reference a valid function}}
  // expected-note @+1 {{did you mean `@main`?}}
  %0 = func.call @mian(%a) : (i32) -> i32
  return %0 : i32
}

// -----

// An SSA value name.
func.func @value(%input: i32) -> i32 {
  // expected-error @+2 {{use of undeclared SSA value name}}
  // expected-note @+1 {{did you mean `%input`?}}
  return %inptu : i32
}

// -----

// Nothing close: no hint (an unexpected note would fail this test).
func.func @far(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{custom op 'nd.transmogrify' is unknown}}
  %0 = nd.transmogrify %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
