// --verify-broadcast under --broadcast-semantics=mlir: upstream's verifier
// accepts operands that no run-time size can broadcast (a static 0 next to
// `?` and another static size: upstream infers `?` for `0` vs `?`); the pass
// reports each such op (mlir-semantics-refine.mlir: refinement under
// upstream's rules).
// RUN: not tensor-opt %s -split-input-file --broadcast-semantics=mlir --verify-broadcast 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR
// RUN: tensor-opt %s -split-input-file --broadcast-semantics=mlir --verify-broadcast=refine -verify-diagnostics
// Without the pass, mlir-opt's verifier (and ours in mlir mode) accepts it.
// RUN: tensor-opt %s -split-input-file --broadcast-semantics=mlir | FileCheck %s --check-prefix=ACCEPT
// ACCEPT-COUNT-2: "test.broadcastable"(%arg0, %arg1, %arg2)

// ERR: mlir-semantics.mlir:[[# @LINE + 8]]:8: error: 'test.broadcastable' op operands can never be broadcast at run time
// ERR-NEXT: {{^}}  %0 =
// ERR-NEXT: ^
// ERR-NEXT: note: see current operation
// ERR-NEXT: note: upstream's inference forgets a static 0 next to '?': operand #0 dim 0 (size 0) vs operand #2 dim 0 (size 5) in result dim 0
func.func @never(%z: tensor<0xf32>, %q: tensor<?xf32>, %f: tensor<5xf32>) {
  // expected-error @+2 {{'test.broadcastable' op operands can never be broadcast at run time}}
  // expected-note @+1 {{operand #0 dim 0 (size 0) vs operand #2 dim 0 (size 5)}}
  %0 = "test.broadcastable"(%z, %q, %f) : (tensor<0xf32>, tensor<?xf32>, tensor<5xf32>) -> tensor<5xf32>
  // ERR: mlir-semantics.mlir:[[# @LINE + 3]]:8: error: 'test.broadcastable' op operands can never be broadcast at run time
  // expected-error @+2 {{operands can never be broadcast at run time}}
  // expected-note @+1 {{upstream's inference forgets a static 0}}
  %1 = "test.broadcastable"(%z, %q, %f) : (tensor<0xf32>, tensor<?xf32>, tensor<5xf32>) -> tensor<*xf32>
  return
}
