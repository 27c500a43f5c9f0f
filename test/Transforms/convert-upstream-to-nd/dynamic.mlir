// --convert-upstream-to-nd with `?` sizes: each upstream op that computes is
// rebuilt as the nd op it came from, over what its inputs broadcast, lowered as
// --lower-broadcast does (nd.shape_of, nd.broadcast_shapes, nd.broadcast_in_dim)
// and kept because its export is the text read, cf.asserts included. Export then
// import gives the lowered program back byte for byte (the diff), locations
// included; the run-time check is an nd.broadcast_shapes at the assert's
// location. tests/export_upstream.rs runs the examples' dynamic functions
// before and after with tensor-run.
// RUN: tensor-opt %s -split-input-file --lower-broadcast --mlir-print-debuginfo > %t
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd --verify-explicit-broadcast --mlir-print-debuginfo | diff %t -
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd | FileCheck %s
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC
// Through text as well: read back without debuginfo, each cf.assert has a
// location of its own (not its op's), and is found by message and condition.
// RUN: tensor-opt %s -split-input-file --lower-broadcast > %t.plain
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream | tensor-opt -allow-unregistered-dialect -split-input-file --convert-upstream-to-nd | diff %t.plain -

// A `?` against a static size: only the vector is broadcast; its dim is known
// not to stretch (a linalg.broadcast, no run-time check).
// CHECK-LABEL: func.func @dynamic_rows
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x4xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %arg1, %0, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<2xindex>) -> tensor<?x4xf32>
// CHECK-NEXT:    %2 = nd.add %arg0, %1 : tensor<?x4xf32>
func.func @dynamic_rows(%m: tensor<?x4xf32>, %v: tensor<4xf32>) -> tensor<?x4xf32> {
  %0 = nd.add %m, %v : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// `?` against `?`: a cf.assert at the op's location comes back as the
// nd.broadcast_shapes there.
// CHECK-LABEL: func.func @both_dynamic
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x?xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?x1xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %arg0, %2, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %4 = nd.broadcast_in_dim %arg1, %2, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %5 = nd.sub %3, %4 : tensor<?x?xf32>
// LOC-LABEL: func.func @both_dynamic
// LOC:         nd.broadcast_shapes {{.*}} loc("{{.*}}dynamic.mlir":[[@LINE+3]]:8)
// LOC:         nd.sub {{.*}} loc("{{.*}}dynamic.mlir":[[@LINE+2]]:8)
func.func @both_dynamic(%a: tensor<?x?xf32>, %b: tensor<?x1xf32>) -> tensor<?x?xf32> {
  %0 = nd.sub %a, %b : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// A check shared by two ops (the lowering shares it; the import lowers in the
// same sweep order): the mul's %a is covered by the add's check, and is the
// add's broadcast of %a already.
// CHECK-LABEL: func.func @shared_shape
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 : (tensor<1xindex>, tensor<1xindex>) -> tensor<1xindex>
// CHECK:         %5 = nd.add %3, %4 : tensor<?xf32>
// CHECK-NEXT:    %6 = nd.mul %5, %3 : tensor<?xf32>
func.func @shared_shape(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = nd.add %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %1 = nd.mul %0, %a : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}

// -----

// XLA placement: broadcast_dimensions put the matrix's dims on result dims 0
// and 2; the import tries them after the NumPy alignment does not match.
// CHECK-LABEL: func.func @placed
// CHECK:         nd.broadcast_shapes %0, %1 {broadcast_dimensions = array<i64: 0, 2>}
func.func @placed(%x: tensor<?x4x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x4x?xf32> {
  %0 = nd.add %x, %b {broadcast_dimensions = array<i64: 0, 2>} : (tensor<?x4x?xf32>, tensor<?x?xf32>) -> tensor<?x4x?xf32>
  return %0 : tensor<?x4x?xf32>
}

// -----

// A dynamic batch dim of a matmul: the batch shapes are sliced, checked and
// concatenated with the matrix dims.
// CHECK-LABEL: func.func @dynamic_batch
// CHECK:         nd.broadcast_shapes %1, %3
// CHECK:         %11 = nd.matmul %7, %10 : (tensor<?x3x4xf32>, tensor<?x4x5xf32>) -> tensor<?x3x5xf32>
func.func @dynamic_batch(%a: tensor<?x3x4xf32>, %b: tensor<?x4x5xf32>) -> tensor<?x3x5xf32> {
  %0 = nd.matmul %a, %b : (tensor<?x3x4xf32>, tensor<?x4x5xf32>) -> tensor<?x3x5xf32>
  return %0 : tensor<?x3x5xf32>
}

// -----

// nd.dim as a tensor (tensor.from_elements of a tensor.dim), cast to f32.
// CHECK-LABEL: func.func @dim_cast
// CHECK-NEXT:    %0 = nd.dim %arg0[1] : (tensor<?x?xf32>) -> tensor<index>
// CHECK-NEXT:    %1 = nd.cast %0 : tensor<index> to tensor<f32>
func.func @dim_cast(%x: tensor<?x?xf32>) -> tensor<f32> {
  %0 = nd.dim %x[1] : (tensor<?x?xf32>) -> tensor<index>
  %1 = nd.cast %0 : tensor<index> to tensor<f32>
  return %1 : tensor<f32>
}

// -----

// examples: @softmax_dynamic (reductions with keep_dims of `?` dims). The shape
// analysis proves that the kept dim 0 is %x's, so no check is made, exported or
// read back: each reduction broadcasts to %x's shape, its dim 0 known not to
// expand.
// CHECK-LABEL: func.func @softmax_dynamic
// CHECK-NEXT:    %0 = nd.reduce max %arg0 across [1] keep_dims : (tensor<?x?xf32>) -> tensor<?x1xf32>
// CHECK-NEXT:    %1 = nd.shape_of %arg0 : (tensor<?x?xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %2 = nd.broadcast_in_dim %0, %1, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NOT:     nd.broadcast_shapes
// CHECK:         %7 = nd.div %4, %6 : tensor<?x?xf32>
func.func @softmax_dynamic(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %max = nd.reduce max %x across [1] keep_dims : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %shifted = nd.sub %x, %max : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %e = nd.exp %shifted : tensor<?x?xf32>
  %sum = nd.reduce sum %e across [1] keep_dims : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %y = nd.div %e, %sum : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// examples: @outer_batched_dynamic.
// CHECK-LABEL: func.func @outer_batched_dynamic
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x?x1xf32>) -> tensor<3xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?x1x?xf32>) -> tensor<3xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 : (tensor<3xindex>, tensor<3xindex>) -> tensor<3xindex>
func.func @outer_batched_dynamic(%cols: tensor<?x?x1xf32>, %rows: tensor<?x1x?xf32>) -> tensor<?x?x?xf32> {
  %out = nd.mul %cols, %rows : (tensor<?x?x1xf32>, tensor<?x1x?xf32>) -> tensor<?x?x?xf32>
  return %out : tensor<?x?x?xf32>
}

// -----

// NumPy rank promotion with `?` on both sides: the vector's one dim meets the
// matrix's last one at run time.
// CHECK-LABEL: func.func @rank_promotion
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x?xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %arg0, %2, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %4 = nd.broadcast_in_dim %arg1, %2, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %5 = nd.add %3, %4 : tensor<?x?xf32>
// CHECK-NEXT:    return %5 : tensor<?x?xf32>
func.func @rank_promotion(%m: tensor<?x?xf32>, %v: tensor<?xf32>) -> tensor<?x?xf32> {
  %0 = nd.add %m, %v : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// A static unit dim stretched against `?` rows (1-expansion).
// CHECK-LABEL: func.func @unit_row
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x8xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %arg1, %0, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 1>} : (tensor<1x8xf32>, tensor<2xindex>) -> tensor<?x8xf32>
// CHECK-NEXT:    %2 = nd.mul %arg0, %1 : tensor<?x8xf32>
// CHECK-NEXT:    return %2
func.func @unit_row(%m: tensor<?x8xf32>, %r: tensor<1x8xf32>) -> tensor<?x8xf32> {
  %0 = nd.mul %m, %r : (tensor<?x8xf32>, tensor<1x8xf32>) -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// `?` against `?` in one dim: either may be 1 at run time.
// CHECK-LABEL: func.func @vectors
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 : (tensor<1xindex>, tensor<1xindex>) -> tensor<1xindex>
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %arg0, %2, dims = [0] : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
// CHECK-NEXT:    %4 = nd.broadcast_in_dim %arg1, %2, dims = [0] : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
// CHECK-NEXT:    %5 = nd.max %3, %4 : tensor<?xf32>
// CHECK-NEXT:    return %5 : tensor<?xf32>
func.func @vectors(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = nd.max %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// `?` against a static 1: no run-time check, the 1 stretches.
// CHECK-LABEL: func.func @dynamic_vs_one
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %arg1, %0, dims = [0] : (tensor<1xf32>, tensor<1xindex>) -> tensor<?xf32>
// CHECK-NEXT:    %2 = nd.add %arg0, %1 : tensor<?xf32>
// CHECK-NEXT:    return %2
func.func @dynamic_vs_one(%a: tensor<?xf32>, %b: tensor<1xf32>) -> tensor<?xf32> {
  %0 = nd.add %a, %b : (tensor<?xf32>, tensor<1xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// `?x1` first and `?x?` second: the column stretches over the columns.
// CHECK-LABEL: func.func @column_first
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x1xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?x?xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %arg0, %2, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %4 = nd.broadcast_in_dim %arg1, %2, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %5 = nd.sub %3, %4 : tensor<?x?xf32>
// CHECK-NEXT:    return %5 : tensor<?x?xf32>
func.func @column_first(%c: tensor<?x1xf32>, %m: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = nd.sub %c, %m : (tensor<?x1xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// An outer product by broadcasting: both operands stretch.
// CHECK-LABEL: func.func @outer
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x1xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<1x?xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %arg0, %2, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %4 = nd.broadcast_in_dim %arg1, %2, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 1>} : (tensor<1x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %5 = nd.mul %3, %4 : tensor<?x?xf32>
// CHECK-NEXT:    return %5 : tensor<?x?xf32>
func.func @outer(%c: tensor<?x1xf32>, %r: tensor<1x?xf32>) -> tensor<?x?xf32> {
  %0 = nd.mul %c, %r : (tensor<?x1xf32>, tensor<1x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// nd.select over three operands of different ranks: one check for the three.
// CHECK-LABEL: func.func @select_three
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x?xi1>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?x1xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %2 = nd.shape_of %arg2 : (tensor<?xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %3 = nd.broadcast_shapes %0, %1, %2 : (tensor<2xindex>, tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %4 = nd.broadcast_in_dim %arg0, %3, dims = [0, 1] : (tensor<?x?xi1>, tensor<2xindex>) -> tensor<?x?xi1>
// CHECK-NEXT:    %5 = nd.broadcast_in_dim %arg1, %3, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %6 = nd.broadcast_in_dim %arg2, %3, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %7 = nd.select %4, %5, %6 : (tensor<?x?xi1>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK-NEXT:    return %7 : tensor<?x?xf32>
func.func @select_three(%p: tensor<?x?xi1>, %a: tensor<?x1xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %0 = nd.select %p, %a, %b : (tensor<?x?xi1>, tensor<?x1xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// nd.cmp: the predicate comes back from arith.cmpf's.
// CHECK-LABEL: func.func @compare
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x?xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?x1xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %arg0, %2, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %4 = nd.broadcast_in_dim %arg1, %2, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %5 = nd.cmp lt, %3, %4 : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xi1>
// CHECK-NEXT:    return %5 : tensor<?x?xi1>
func.func @compare(%a: tensor<?x?xf32>, %b: tensor<?x1xf32>) -> tensor<?x?xi1> {
  %0 = nd.cmp lt, %a, %b : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xi1>
  return %0 : tensor<?x?xi1>
}

// -----

// XLA broadcast_dimensions placing a vector along the rows (not where NumPy
// would): the placement comes back from the broadcast's indices.
// CHECK-LABEL: func.func @placed_rows
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x?xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 {broadcast_dimensions = array<i64: 0>} : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %arg0, %2, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %4 = nd.broadcast_in_dim %arg1, %2, dims = [0] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %5 = nd.sub %3, %4 : tensor<?x?xf32>
// CHECK-NEXT:    return %5 : tensor<?x?xf32>
func.func @placed_rows(%m: tensor<?x?xf32>, %v: tensor<?xf32>) -> tensor<?x?xf32> {
  %0 = nd.sub %m, %v {broadcast_dimensions = array<i64: 0>} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Integers: the export's arith.subi comes back as nd.sub (not nd.neg).
// CHECK-LABEL: func.func @integers
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x?xi32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?x1xi32>) -> tensor<2xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %arg0, %2, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?x?xi32>, tensor<2xindex>) -> tensor<?x?xi32>
// CHECK-NEXT:    %4 = nd.broadcast_in_dim %arg1, %2, dims = [0, 1] : (tensor<?x1xi32>, tensor<2xindex>) -> tensor<?x?xi32>
// CHECK-NEXT:    %5 = nd.sub %3, %4 : tensor<?x?xi32>
// CHECK-NEXT:    return %5 : tensor<?x?xi32>
func.func @integers(%a: tensor<?x?xi32>, %b: tensor<?x1xi32>) -> tensor<?x?xi32> {
  %0 = nd.sub %a, %b : (tensor<?x?xi32>, tensor<?x1xi32>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}

// -----

// A chain over the previous result: later ops reuse the shapes and sizes of
// earlier ones. The shape of %c is taken once; %1's check covers %2 (8 against
// %1's dim 1, whose check saw %c's 1) and %3 (%c again): no further check, and
// %c is broadcast once.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x8xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %arg1, %0, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<8xf32>, tensor<2xindex>) -> tensor<?x8xf32>
// CHECK-NEXT:    %2 = nd.add %arg0, %1 : tensor<?x8xf32>
// CHECK-NEXT:    %3 = nd.shape_of %arg2 : (tensor<?x1xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %4 = nd.broadcast_shapes %0, %3 : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %5 = nd.broadcast_in_dim %2, %4, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?x8xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %6 = nd.broadcast_in_dim %arg2, %4, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %7 = nd.sub %5, %6 : tensor<?x?xf32>
// CHECK-NEXT:    %8 = nd.broadcast_in_dim %arg1, %4, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<8xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %9 = nd.add %7, %8 : tensor<?x?xf32>
// CHECK-NEXT:    %10 = nd.sub %9, %6 : tensor<?x?xf32>
// CHECK-NEXT:    return %10
func.func @chain(%x: tensor<?x8xf32>, %b: tensor<8xf32>, %c: tensor<?x1xf32>) -> tensor<?x?xf32> {
  %0 = nd.add %x, %b : (tensor<?x8xf32>, tensor<8xf32>) -> tensor<?x8xf32>
  %1 = nd.sub %0, %c : (tensor<?x8xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %2 = nd.add %1, %b : (tensor<?x?xf32>, tensor<8xf32>) -> tensor<?x?xf32>
  %3 = nd.sub %2, %c : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %3 : tensor<?x?xf32>
}
