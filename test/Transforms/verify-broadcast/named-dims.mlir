// `nd.dim_names` is a contract the shape analysis uses: argument dims with the
// same name have the same size, so broadcasting them needs no check; a static
// dim with a name makes the name that size. Different names stay remarks.
// RUN: tensor-opt %s -split-input-file -verify-broadcast -verify-diagnostics
// RUN: not tensor-opt %s -split-input-file -verify-broadcast --mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS

// STATS-LABEL: VerifyBroadcast
// STATS:       (S) 0 num-obligations
// STATS-NEXT:  (S) 1 num-proven

func.func @same_name(%x: tensor<?xf32> {nd.dim_names = ["n"]}, %y: tensor<?xf32> {nd.dim_names = ["n"]}) -> tensor<?xf32> {
  %0 = nd.add %x, %y : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// STATS-LABEL: VerifyBroadcast
// STATS:       (S) 1 num-obligations
// STATS-NEXT:  (S) 0 num-proven

func.func @different_names(%x: tensor<?xf32> {nd.dim_names = ["n"]}, %y: tensor<?xf32> {nd.dim_names = ["m"]}) -> tensor<?xf32> {
  // expected-remark @+1 {{operand #0 dim 0 (n) and operand #1 dim 0 (m) must be 1 or equal at run time}}
  %0 = nd.add %x, %y : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// STATS-LABEL: VerifyBroadcast
// STATS:       (S) 1 num-obligations
// STATS-NEXT:  (S) 3 num-proven

// Names are per function and per dim: "batch" ties dim 0 of both, "seq" is only
// on %x, and an anonymous dim is named by where it comes from.
func.func @batch_seq(%x: tensor<?x?xf32> {nd.dim_names = ["batch", "seq"]}, %y: tensor<?x?xf32> {nd.dim_names = ["batch", ""]}) -> tensor<?x?xf32> {
  // expected-remark @+1 {{operand #0 dim 1 (seq) and operand #1 dim 1 (%arg1[1]) must be 1 or equal at run time}}
  %0 = nd.add %x, %y : tensor<?x?xf32>
  // The checked sum has %x's dims: its dim 1 is their common size.
  %1 = nd.mul %0, %x : tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// -----

// STATS-LABEL: VerifyBroadcast
// STATS:       (S) 0 num-obligations
// STATS-NEXT:  (S) 1 num-proven

// A static dim with a name makes the name that size: %x's `?` is 4.
func.func @static_name(%x: tensor<?xf32> {nd.dim_names = ["n"]}, %y: tensor<4xf32> {nd.dim_names = ["n"]}) -> tensor<?xf32> {
  %0 = nd.add %x, %y : (tensor<?xf32>, tensor<4xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// STATS-LABEL: VerifyBroadcast
// STATS:       (S) 1 num-obligations
// STATS-NEXT:  (S) 0 num-proven

// Names do not cross functions: @g's "n" is its own.
func.func @f(%x: tensor<?xf32> {nd.dim_names = ["n"]}) {
  return
}
func.func @g(%x: tensor<?xf32> {nd.dim_names = ["n"]}, %y: tensor<?xf32>) -> tensor<?xf32> {
  // expected-remark @+1 {{operand #0 dim 0 (n) and operand #1 dim 0 (%arg1[0]) must be 1 or equal at run time}}
  %0 = nd.add %x, %y : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A named size that is a constant conflicts like one: an error at the op.
func.func @static_refuted(%x: tensor<?xf32> {nd.dim_names = ["n"]}, %y: tensor<3xf32> {nd.dim_names = ["n"]}, %z: tensor<4xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'nd.add' op operands are not broadcast compatible: operand #0 dim 0 can never be 1 or 4: the program makes it 3}}
  %0 = nd.add %x, %z : (tensor<?xf32>, tensor<4xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// Two static sizes under one name: a compile-time error at the argument.
// expected-error @+1 {{'func.func' op argument #1 dim 0 is named "n" with size 4, but argument #0 dim 0 of that name has size 3}}
func.func @static_conflict(%x: tensor<3xf32> {nd.dim_names = ["n"]}, %y: tensor<4xf32> {nd.dim_names = ["n"]}) {
  return
}
