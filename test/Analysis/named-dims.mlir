// The shape analysis with `nd.dim_names` (`--test-print-shapes`): argument dims
// of one name in one function have one size, shown by the name; a static dim
// with the name makes it that constant; a name is the function's own.
// RUN: tensor-opt %s -split-input-file -test-print-shapes -verify-diagnostics

func.func @named(%x: tensor<?x?xf32> {nd.dim_names = ["batch", "seq"]}, %y: tensor<?xf32> {nd.dim_names = ["seq"]}, %z: tensor<?xf32> {nd.dim_names = [""]}) {
  // expected-remark @+1 {{[batch, seq]}}
  %0 = nd.abs %x : tensor<?x?xf32>
  // The names make the sum's check one that always holds: the dims stay.
  // expected-remark @+1 {{[batch, seq]}}
  %1 = nd.add %x, %y : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  // An anonymous dim is its argument's.
  // expected-remark @+1 {{[batch, bcast(seq, %arg2[0])]}}
  %2 = nd.add %x, %z : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @static(%x: tensor<?xf32> {nd.dim_names = ["n"]}, %y: tensor<5xf32> {nd.dim_names = ["n"]}) {
  // expected-remark @+1 {{[5]}}
  %0 = nd.neg %x : tensor<?xf32>
  return
}

// -----

func.func @first(%x: tensor<?xf32> {nd.dim_names = ["n"]}) {
  // expected-remark @+1 {{[n]}}
  %0 = nd.neg %x : tensor<?xf32>
  return
}
// Same name, another function: another size.
func.func @second(%x: tensor<?xf32> {nd.dim_names = ["n"]}, %y: tensor<?xf32>) {
  // expected-remark @+1 {{[bcast(n, %arg1[0])]}}
  %0 = nd.add %x, %y : tensor<?xf32>
  return
}
