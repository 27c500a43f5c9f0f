// --convert-upstream-to-nd on rank specialisation (unranked tensors): each
// scf.index_switch whose cases compute is rebuilt as the nd op of a case, over
// the values the cases reshape, lowered as --lower-broadcast does (the switches of
// the shapes, the check and the broadcasts are what the lowering makes), and kept
// because its export with the text's highest rank (its cases) is the text, every
// case included. Export then import gives the lowered program back byte for byte,
// locations included, for the highest ranks 2 and 8, and through text.
// tests/export_upstream.rs runs these functions before and after with tensor-run.
// RUN: tensor-opt %s -split-input-file --lower-broadcast --mlir-print-debuginfo > %t
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd --verify-explicit-broadcast --mlir-print-debuginfo | diff %t -
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream=2 --convert-upstream-to-nd --mlir-print-debuginfo | diff %t -
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd | FileCheck %s
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC
// Through text, without debuginfo.
// RUN: tensor-opt %s -split-input-file --lower-broadcast > %t.plain
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream=2 | tensor-opt -allow-unregistered-dialect -split-input-file --convert-upstream-to-nd | diff %t.plain -

// An elementwise op on an unranked tensor: one switch, case r reshaping the
// operand to rank r; the nd op is read from a case, and its export is the switch.
// CHECK-LABEL: func.func @exp(
// CHECK-NEXT:    %0 = nd.exp %arg0 : tensor<*xf32>
// CHECK-NEXT:    return %0 : tensor<*xf32>
func.func @exp(%a: tensor<*xf32>) -> tensor<*xf32> {
  %0 = nd.exp %a : tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// An unranked operand beside a ranked one: the switches of the shapes, the
// check and the broadcasts are what the candidate's lowering makes; the run-time
// check (inside the switch of nd.broadcast_shapes) keeps its location.
// CHECK-LABEL: func.func @unranked_and_ranked(
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<*xf32>) -> tensor<?xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<4xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 : (tensor<?xindex>, tensor<1xindex>) -> tensor<?xindex>
// CHECK-NEXT:    %3 = nd.broadcast_to %arg0, %2 : (tensor<*xf32>, tensor<?xindex>) -> tensor<*xf32>
// CHECK-NEXT:    %4 = nd.broadcast_to %arg1, %2 : (tensor<4xf32>, tensor<?xindex>) -> tensor<*xf32>
// CHECK-NEXT:    %5 = nd.add %3, %4 : tensor<*xf32>
// CHECK-NEXT:    return %5 : tensor<*xf32>
// LOC: nd.broadcast_shapes {{.*}} loc("{{.*}}unranked.mlir":[[# @LINE + 2]]:8)
func.func @unranked_and_ranked(%u: tensor<*xf32>, %v: tensor<4xf32>) -> tensor<*xf32> {
  %0 = nd.add %u, %v : (tensor<*xf32>, tensor<4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// Two unranked operands (the check dispatches on the longer shape), and the same
// value twice (no broadcast).
// CHECK-LABEL: func.func @two_unranked(
// CHECK:         %2 = nd.broadcast_shapes %0, %1 : (tensor<?xindex>, tensor<?xindex>) -> tensor<?xindex>
// CHECK:         %5 = nd.sub %3, %4 : tensor<*xf32>
// CHECK-NEXT:    %6 = nd.sub %arg0, %arg0 : tensor<*xf32>
// CHECK-NEXT:    return %5, %6
func.func @two_unranked(%u: tensor<*xf32>, %w: tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>) {
  %0 = nd.sub %u, %w : tensor<*xf32>
  %1 = nd.sub %u, %u : tensor<*xf32>
  return %0, %1 : tensor<*xf32>, tensor<*xf32>
}

// -----

// nd.select with an i1 condition: three operands, each broadcast.
// CHECK-LABEL: func.func @select(
// CHECK:         %7 = nd.select %4, %5, %6 : (tensor<*xi1>, tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
// CHECK-NEXT:    return %7
func.func @select(%c: tensor<*xi1>, %a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<*xf32> {
  %0 = nd.select %c, %a, %b : (tensor<*xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// A ranked result: no switch for the op, whose unranked operand is padded to its
// rank (tensor.reshape under a rank check); the op is a ranked linalg.map read as
// dynamic.rs reads it, the reshape peeled off.
// CHECK-LABEL: func.func @to_ranked(
// CHECK:         %3 = nd.broadcast_to %arg0, %2 : (tensor<*xi32>, tensor<?xindex>) -> tensor<?x4xi32>
// CHECK-NEXT:    %4 = nd.broadcast_in_dim %arg1, %2, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?x4xi32>, tensor<?xindex>) -> tensor<?x4xi32>
// CHECK-NEXT:    %5 = nd.max %3, %4 : tensor<?x4xi32>
func.func @to_ranked(%u: tensor<*xi32>, %m: tensor<?x4xi32>) -> tensor<?x4xi32> {
  %0 = nd.max %u, %m : (tensor<*xi32>, tensor<?x4xi32>) -> tensor<?x4xi32>
  return %0 : tensor<?x4xi32>
}

// -----

// XLA broadcast_dimensions beside an unranked operand, into a ranked result: the
// unranked operand has the result's rank, so the placement is tried.
// CHECK-LABEL: func.func @xla_ranked_result(
// CHECK:         %2 = nd.broadcast_shapes %0, %1 {broadcast_dimensions = array<i64: 0>} : (tensor<1xindex>, tensor<?xindex>) -> tensor<?xindex>
// CHECK:         %5 = nd.add %3, %4 : tensor<4x?xf32>
func.func @xla_ranked_result(%v: tensor<4xf32>, %u: tensor<*xf32>) -> tensor<4x?xf32> {
  %0 = nd.add %v, %u {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<*xf32>) -> tensor<4x?xf32>
  return %0 : tensor<4x?xf32>
}

// -----

// nd.reduce, with and without keep_dims (the rank-0 case fails at run time: it
// has no dim 0; the candidate's export fails it the same way).
// CHECK-LABEL: func.func @reduce(
// CHECK-NEXT:    %0 = nd.reduce sum %arg0 across [0] : (tensor<*xf32>) -> tensor<*xf32>
// CHECK-NEXT:    %1 = nd.reduce max %arg0 across [0] keep_dims : (tensor<*xf32>) -> tensor<*xf32>
func.func @reduce(%a: tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>) {
  %0 = nd.reduce sum %a across [0] : (tensor<*xf32>) -> tensor<*xf32>
  %1 = nd.reduce max %a across [0] {keep_dims} : (tensor<*xf32>) -> tensor<*xf32>
  return %0, %1 : tensor<*xf32>, tensor<*xf32>
}

// -----

// nd.matmul of an unranked operand (a vector, a matrix or a batch in the cases).
// CHECK-LABEL: func.func @matmul(
// CHECK-NEXT:    %0 = nd.matmul %arg0, %arg1 : (tensor<*xf32>, tensor<4x5xf32>) -> tensor<*xf32>
func.func @matmul(%a: tensor<*xf32>, %b: tensor<4x5xf32>) -> tensor<*xf32> {
  %0 = nd.matmul %a, %b : (tensor<*xf32>, tensor<4x5xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// nd.dim of an unranked tensor: a switch of index whose cases yield a tensor.dim.
// CHECK-LABEL: func.func @dim(
// CHECK-NEXT:    %0 = nd.dim %arg0[1] : (tensor<*xf32>) -> index
func.func @dim(%a: tensor<*xf32>) -> index {
  %0 = nd.dim %a[1] : (tensor<*xf32>) -> index
  return %0 : index
}

// -----

// The rank known after all (examples/refine.mlir): no switch; the export wrote
// ranked ops and cast the last result to *. Each op is rebuilt with a * result,
// the ranked value standing for it in the ops after it.
// CHECK-LABEL: func.func @refined(
// CHECK:         %1 = nd.broadcast_to %arg0, %0 : (tensor<?x6xf32>, tensor<2xindex>) -> tensor<*xf32>
// CHECK:         %3 = nd.add %1, %2 : tensor<*xf32>
// CHECK-NEXT:    %4 = nd.shape_of %3 : (tensor<*xf32>) -> tensor<?xindex>
// CHECK:         %9 = nd.mul %7, %8 : tensor<*xf32>
// CHECK-NEXT:    return %9 : tensor<*xf32>
func.func @refined(%x: tensor<?x6xf32>, %bias: tensor<6xf32>, %scale: tensor<1xf32>) -> tensor<*xf32> {
  %sum = nd.add %x, %bias : (tensor<?x6xf32>, tensor<6xf32>) -> tensor<*xf32>
  %out = nd.mul %sum, %scale : (tensor<*xf32>, tensor<1xf32>) -> tensor<*xf32>
  return %out : tensor<*xf32>
}

// -----

// A chain: each op reads the switch of the one before it. The mul's check
// covers the cmp's %u (one of the shapes it combined): the cmp needs no check
// and reads the mul's broadcast of %u.
// CHECK-LABEL: func.func @chain(
// CHECK:         %5 = nd.mul %3, %4 : tensor<*xf32>
// CHECK-NEXT:    %6 = nd.exp %5 : tensor<*xf32>
// CHECK-NEXT:    %7 = nd.cmp gt, %6, %3 : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xi1>
// CHECK-NEXT:    return %7
func.func @chain(%u: tensor<*xf32>, %v: tensor<3xf32>) -> tensor<*xi1> {
  %0 = nd.mul %u, %v : (tensor<*xf32>, tensor<3xf32>) -> tensor<*xf32>
  %1 = nd.exp %0 : tensor<*xf32>
  %2 = nd.cmp gt, %1, %u : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xi1>
  return %2 : tensor<*xi1>
}
