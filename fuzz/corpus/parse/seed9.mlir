// With --verify-broadcast, every failing broadcastable op is reported, each at
// its own location with its notes. (Here the verifier, which runs before any
// pass, finds them; the pass itself reports all the ops it rejects in the
// same way: see mlir-semantics.mlir. check-valid.mlir: a valid program
// prints unchanged.)
// RUN: not tensor-opt %s -split-input-file --verify-broadcast 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR
// RUN: tensor-opt %s -split-input-file --verify-broadcast=check -verify-diagnostics

// ERR: check.mlir:[[# @LINE + 5]]:8: error: 'test.broadcastable' op operands don't have broadcast-compatible shapes
// ERR: check.mlir:[[# @LINE + 4]]:8: note: operand #0 ('tensor<3xf32>') dim 0 has size 3 but operand #1 ('tensor<2xf32>') dim 0 has size 2
func.func @all_reported(%a: tensor<3xf32>, %b: tensor<2xf32>, %q: tensor<?xf32>) {
  // expected-error @+2 {{operands don't have broadcast-compatible shapes}}
  // expected-note @+1 {{operand #0 ('tensor<3xf32>') dim 0 has size 3 but operand #1 ('tensor<2xf32>') dim 0 has size 2}}
  %0 = "test.broadcastable"(%a, %b) : (tensor<3xf32>, tensor<2xf32>) -> tensor<*xf32>
  // ERR: check.mlir:[[# @LINE + 3]]:8: error: 'test.broadcastable' op result type '1x3' not broadcast compatible with broadcasted operands's shapes '3'
  // expected-error @+2 {{result type '1x3' not broadcast compatible with broadcasted operands's shapes '3'}}
  // expected-note @+1 {{the result has rank 2 but the operands broadcast to rank 1}}
  %1 = "test.broadcastable"(%a, %a) : (tensor<3xf32>, tensor<3xf32>) -> tensor<1x3xf32>
  // ERR: check.mlir:[[# @LINE + 3]]:8: error: 'test.broadcastable' op result type '4' not broadcast compatible with broadcasted operands's shapes '?'
  // expected-error @+2 {{result type '4' not broadcast compatible with broadcasted operands's shapes '?'}}
  // expected-note @+1 {{result dim 0 is 4 but the operands leave it dynamic}}
  %2 = "test.broadcastable"(%q, %q) : (tensor<?xf32>, tensor<?xf32>) -> tensor<4xf32>
  return
}
