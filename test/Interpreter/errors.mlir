// Run-time errors: each is reported at its op, with exit code 1, and no
// result file is written.
// RUN: not tensor-run %s --entry add 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not tensor-run %s --entry add --arg 'dense<[1, 2, 3]> : tensor<3xi32>' --arg 'dense<[1.0, 2.0, 3.0]> : tensor<3xf32>' 2>&1 | FileCheck %s --check-prefix=ELEM
// RUN: not tensor-run %s --entry add --arg 'dense<[1, 2, 3]> : tensor<3xi32>' --arg 'dense<[1, 2]> : tensor<2xi32>' 2>&1 | FileCheck %s --check-prefix=STATIC
// RUN: not tensor-run %s --lower-first --entry add --arg 'dense<[1, 2, 3]> : tensor<3xi32>' --arg 'dense<[1, 2]> : tensor<2xi32>' 2>&1 | FileCheck %s --check-prefix=STATIC
// RUN: not tensor-run %s --entry dyn --arg 'dense<[1.0, 2.0, 3.0]> : tensor<3xf32>' --arg 'dense<[1.0, 2.0]> : tensor<2xf32>' 2>&1 | FileCheck %s --check-prefix=DYN
// RUN: not tensor-run %s --lower-first --entry dyn --arg 'dense<[1.0, 2.0, 3.0]> : tensor<3xf32>' --arg 'dense<[1.0, 2.0]> : tensor<2xf32>' 2>&1 | FileCheck %s --check-prefix=LOWERED
// RUN: not tensor-run %s --entry dyn_fused --arg 'dense<[1.0, 2.0, 3.0]> : tensor<3xf32>' --arg 'dense<[1.0, 2.0]> : tensor<2xf32>' 2>&1 | FileCheck %s --check-prefix=FUSED
// RUN: not tensor-run %s --entry dyn_dag --arg 'dense<[1.0, 2.0, 3.0]> : tensor<3xf32>' --arg 'dense<[1.0, 2.0]> : tensor<2xf32>' 2>&1 | FileCheck %s --check-prefix=DAG
// RUN: not tensor-run %s --entry contradict --arg 'dense<[1.0, 2.0, 3.0]> : tensor<3xf32>' --arg 'dense<1.0> : tensor<1xf32>' 2>&1 | FileCheck %s --check-prefix=RESULT
// RUN: not tensor-run %s --entry div --arg 'dense<[4, 5, 6]> : tensor<3xi32>' --arg 'dense<[1, 0, 2]> : tensor<3xi32>' 2>&1 | FileCheck %s --check-prefix=DIV
// RUN: not tensor-run %s --entry rem --arg 'dense<[4, 5, 6]> : tensor<3xui8>' --arg 'dense<0> : tensor<ui8>' 2>&1 | FileCheck %s --check-prefix=REM
// RUN: not tensor-run %s --entry outer --max-memory 1M --arg 'dense<1.0> : tensor<1024x1xf32>' --arg 'dense<1.0> : tensor<1x1024xf32>' 2>&1 | FileCheck %s --check-prefix=MEMORY
// RUN: rm -f %t.a.npy %t.b.npy
// RUN: not tensor-run %s --entry two --arg 'dense<[4, 5, 6]> : tensor<3xi32>' --arg 'dense<[1, 0, 2]> : tensor<3xi32>' --out %t.a.npy --out %t.b.npy 2>&1 | FileCheck %s --check-prefix=DIV2
// RUN: test ! -e %t.a.npy
// RUN: test ! -e %t.b.npy

// COUNT: errors.mlir:[[# @LINE + 7]]:1: error: 'func.func' op @add takes 2 arguments, but 0 were given
// An argument that does not fit its type is reported at the argument (column
// 35 is %b), as upstream locates a block argument.
// ELEM: errors.mlir:[[# @LINE + 4]]:35: error: argument #1 of @add has element type f32 at run time, but its type is 'tensor<3xi32>'
// STATIC: errors.mlir:[[# @LINE + 3]]:35: error: argument #1 of @add has shape [2] at run time, but its type 'tensor<3xi32>' has size 3 in dim 0
// COUNT-NOT: error:
// ELEM-NOT: error:
func.func @add(%a: tensor<3xi32>, %b: tensor<3xi32>) -> tensor<3xi32> {
  %c = nd.add %a, %b : tensor<3xi32>
  return %c : tensor<3xi32>
}

// A dynamic dim that is neither 1 nor the other size.
func.func @dyn(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  // DYN: errors.mlir:[[# @LINE + 2]]:8: error: 'nd.mul' op
  // LOWERED: errors.mlir:[[# @LINE + 1]]:8: error: 'nd.broadcast_shapes' op shapes do not broadcast at run time
  %c = nd.mul %a, %b : tensor<?xf32>
  return %c : tensor<?xf32>
}

// The same, inside a fused chain: the error is at the op that fails, not at the
// root of its group.
func.func @dyn_fused(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %x = nd.exp %a : tensor<?xf32>
  // FUSED: errors.mlir:[[# @LINE + 1]]:8: error: 'nd.sub' op
  %y = nd.sub %x, %b : tensor<?xf32>
  %z = nd.mul %y, %y : tensor<?xf32>
  return %z : tensor<?xf32>
}

// The same where values feed several ops of the group (%h three, %s two: a DAG
// fused into one pass): the error is still at the op that fails.
func.func @dyn_dag(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %h = nd.exp %a : tensor<?xf32>
  %s = nd.mul %h, %h : tensor<?xf32>
  %t = nd.add %s, %h : tensor<?xf32>
  // DAG: errors.mlir:[[# @LINE + 1]]:8: error: 'nd.sub' op
  %d = nd.sub %t, %b : tensor<?xf32>
  %e = nd.mul %d, %s : tensor<?xf32>
  %y = nd.add %e, %h : tensor<?xf32>
  return %y : tensor<?xf32>
}

// A result whose run-time shape contradicts a static dim of its declared type.
func.func @contradict(%a: tensor<*xf32>, %b: tensor<*xf32>) -> tensor<2xf32> {
  // RESULT: errors.mlir:[[# @LINE + 1]]:8: error: 'nd.add' op result #0 has shape [3] at run time
  %c = nd.add %a, %b : (tensor<*xf32>, tensor<*xf32>) -> tensor<2xf32>
  return %c : tensor<2xf32>
}

func.func @div(%a: tensor<3xi32>, %b: tensor<3xi32>) -> tensor<3xi32> {
  // DIV: errors.mlir:[[# @LINE + 1]]:8: error: 'nd.div' op divides by zero: operand #1 is 0 at index [1]
  %c = nd.div %a, %b : tensor<3xi32>
  return %c : tensor<3xi32>
}

func.func @rem(%a: tensor<3xui8>, %b: tensor<ui8>) -> tensor<3xui8> {
  // REM: errors.mlir:[[# @LINE + 1]]:8: error: 'nd.rem' op divides by zero: operand #1 is 0 at index []
  %c = nd.rem %a, %b : (tensor<3xui8>, tensor<ui8>) -> tensor<3xui8>
  return %c : tensor<3xui8>
}

func.func @outer(%a: tensor<1024x1xf32>, %b: tensor<1x1024xf32>) -> tensor<1024x1024xf32> {
  // MEMORY: errors.mlir:[[# @LINE + 1]]:8: error: 'nd.mul' op cannot allocate its result of shape [1024, 1024]
  %c = nd.mul %a, %b : (tensor<1024x1xf32>, tensor<1x1024xf32>) -> tensor<1024x1024xf32>
  return %c : tensor<1024x1024xf32>
}

// The first result is computed, the second fails: neither file is written.
func.func @two(%a: tensor<3xi32>, %b: tensor<3xi32>) -> (tensor<3xi32>, tensor<3xi32>) {
  %s = nd.add %a, %b : tensor<3xi32>
  // DIV2: errors.mlir:[[# @LINE + 1]]:8: error: 'nd.div' op divides by zero
  %c = nd.div %a, %b : tensor<3xi32>
  return %s, %c : tensor<3xi32>, tensor<3xi32>
}
