// Every difference between the spec semantics (default) and upstream's
// (--broadcast-semantics=mlir, LLVM 22), as found by the differential test
// (tests/differential_broadcast.rs) and listed in docs/broadcasting.md.
// The spec rejects each op below; upstream accepts all but D6, which it
// rejects for another reason.
// RUN: tensor-opt %s -split-input-file -verify-diagnostics
// RUN: not tensor-opt %s -split-input-file --broadcast-semantics=mlir 2>&1 | FileCheck %s --check-prefix=MLIR

// In mlir semantics only the D6 chunk fails, with upstream's message and
// none of our notes.
// MLIR-NOT: error

// D1: no operand. Upstream: nothing ranked, so nothing to check.
func.func @d1() {
  // expected-error @+1 {{'test.broadcastable' op expected 1 or more operands, but found 0}}
  %0 = "test.broadcastable"() : () -> tensor<2xf32>
  return
}

// -----

// D2: a result of higher rank. Upstream compares only the trailing dims.
func.func @d2(%a: tensor<3x2xf32>, %u: tensor<*xf32>) {
  // expected-error @+2 {{result type '4x3x2' not broadcast compatible with broadcasted operands's shapes '3x2'}}
  // expected-note @+1 {{the result has rank 3 but the operands broadcast to rank 2}}
  %0 = "test.broadcastable"(%a, %a, %u) : (tensor<3x2xf32>, tensor<3x2xf32>, tensor<*xf32>) -> tensor<4x3x2xf32>
  return
}

// -----

// D3: an inferred `?` with a static result dim. Upstream accepts either
// side dynamic.
func.func @d3(%a: tensor<?xf32>, %b: tensor<?xf32>) {
  // expected-error @+2 {{result type '2' not broadcast compatible with broadcasted operands's shapes '?'}}
  // expected-note @+1 {{result dim 0 is 2 but the operands leave it dynamic ('?')}}
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<2xf32>
  return
}

// -----

// D4: `0` meets `?`. The spec (and NumPy) infer 0; upstream infers `?`,
// which then matches any result size.
func.func @d4(%z: tensor<0xf32>, %q: tensor<?xf32>) {
  // expected-error @+2 {{result type '3' not broadcast compatible with broadcasted operands's shapes '0'}}
  // expected-note @+1 {{result dim 0 is 3 but the operands broadcast it to 0}}
  %0 = "test.broadcastable"(%z, %q) : (tensor<0xf32>, tensor<?xf32>) -> tensor<3xf32>
  return
}

// -----

// D5: upstream's fold forgets the 0 (`0,? -> ?`, then `?,3 -> 3`), so the
// operand order decides; the spec sees 0 against 3. No run-time size can
// make these operands broadcast (see --verify-broadcast).
func.func @d5(%z: tensor<0xf32>, %q: tensor<?xf32>, %t: tensor<3xf32>) {
  // expected-error @+2 {{operands don't have broadcast-compatible shapes}}
  // expected-note @+1 {{operand #0 ('tensor<0xf32>') dim 0 has size 0 but operand #2 ('tensor<3xf32>') dim 0 has size 3}}
  %0 = "test.broadcastable"(%z, %q, %t) : (tensor<0xf32>, tensor<?xf32>, tensor<3xf32>) -> tensor<*xf32>
  return
}

// -----

// D6: both reject, but the spec on the operands and upstream on the result.
func.func @d6(%z: tensor<0xf32>, %q: tensor<?xf32>, %t: tensor<3xf32>) {
  // MLIR: semantics-differences.mlir:[[# @LINE + 6]]:8: error: 'test.broadcastable' op result type '2x2' not broadcast compatible with broadcasted operands's shapes '3'
  // MLIR-NEXT: {{^}}  %0 = "test.broadcastable"
  // MLIR-NEXT: {{^}}       ^
  // MLIR-NEXT: note: see current operation: %0 = "test.broadcastable"(%arg0, %arg1, %arg2)
  // expected-error @+2 {{operands don't have broadcast-compatible shapes}}
  // expected-note @+1 {{operand #0 ('tensor<0xf32>') dim 0 has size 0 but operand #2 ('tensor<3xf32>') dim 0 has size 3}}
  %0 = "test.broadcastable"(%z, %q, %t) : (tensor<0xf32>, tensor<?xf32>, tensor<3xf32>) -> tensor<2x2xf32>
  return
}
// MLIR-NOT: error
// MLIR-NOT: note
