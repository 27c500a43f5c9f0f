// `nd.dim_names` is a contract checked when a function is entered: dims with the
// same name must have the same size. A call that breaks it fails with exit 1, at
// the later argument (column 58 is %y), naming both dims and their sizes; a call
// that keeps it runs, with or without the lowering (which proves the add needs no
// check, from the same contract).
// RUN: tensor-run %s --entry add --arg 'dense<[1.0, 2.0, 3.0]> : tensor<3xf32>' --arg 'dense<[10.0, 20.0, 30.0]> : tensor<3xf32>' | FileCheck %s --check-prefix=OK
// RUN: tensor-run %s --lower-first --entry add --arg 'dense<[1.0, 2.0, 3.0]> : tensor<3xf32>' --arg 'dense<[10.0, 20.0, 30.0]> : tensor<3xf32>' | FileCheck %s --check-prefix=OK
// RUN: not tensor-run %s --entry add --arg 'dense<[1.0, 2.0, 3.0]> : tensor<3xf32>' --arg 'dense<1.0> : tensor<1xf32>' 2>&1 | FileCheck %s --check-prefix=BROKEN
// RUN: not tensor-run %s --lower-first --entry add --arg 'dense<[1.0, 2.0, 3.0]> : tensor<3xf32>' --arg 'dense<1.0> : tensor<1xf32>' 2>&1 | FileCheck %s --check-prefix=BROKEN
// RUN: not tensor-run %s --entry rows --arg 'dense<1.0> : tensor<2x3xf32>' --arg 'dense<1.0> : tensor<4x3xf32>' 2>&1 | FileCheck %s --check-prefix=ROWS
// RUN: not tensor-run %s --entry caller --arg 'dense<[1.0, 2.0]> : tensor<2xf32>' --arg 'dense<[1.0, 2.0, 3.0]> : tensor<3xf32>' 2>&1 | FileCheck %s --check-prefix=CALL

// OK: dense<[1.100000e+01, 2.200000e+01, 3.300000e+01]> : tensor<3xf32>
// Without the contract, [1] would broadcast against [3]; with it, it is an error.
// BROKEN: dim-names.mlir:[[# @LINE + 3]]:58: error: argument #1 of @add has size 1 in dim 0 (named "n"), but argument #0 has size 3 in dim 0 of that name
// BROKEN-NOT: error:
// BROKEN-NOT: dense<
func.func @add(%x: tensor<?xf32> {nd.dim_names = ["n"]}, %y: tensor<?xf32> {nd.dim_names = ["n"]}) -> tensor<?xf32> {
  %0 = nd.add %x, %y : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// ROWS: dim-names.mlir:[[# @LINE + 1]]:69: error: argument #1 of @rows has size 4 in dim 0 (named "batch"), but argument #0 has size 2 in dim 0 of that name
func.func @rows(%a: tensor<?x?xf32> {nd.dim_names = ["batch", ""]}, %b: tensor<?x3xf32> {nd.dim_names = ["batch", ""]}) -> tensor<?x3xf32> {
  return %b : tensor<?x3xf32>
}

// A call is an entry too: the callee's contract is checked at its argument.
// CALL: dim-names.mlir:[[# @LINE + 1]]:67: error: argument #1 of @pair has size 3 in dim 0 (named "k"), but argument #0 has size 2 in dim 0 of that name
func.func private @pair(%p: tensor<?xf32> {nd.dim_names = ["k"]}, %q: tensor<?xf32> {nd.dim_names = ["k"]}) -> tensor<?xf32> {
  %0 = nd.mul %p, %q : tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @caller(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = func.call @pair(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
