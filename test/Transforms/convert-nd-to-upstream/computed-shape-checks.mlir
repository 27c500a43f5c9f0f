// A broadcast to a shape the program computes keeps a run-time check of each
// operand dim the program does not prove 1 or the result's size, as tensor-run
// checks it (issue 24): the shape of another tensor proves nothing; an
// nd.broadcast_shapes that combined the operand's own size does (its own assert
// runs first), and so does the operand's own shape. tests/jit_differential.rs runs
// these forms in MLIR's JIT.
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream | FileCheck %s
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC

// The shape of another tensor: %x of size 2 against %y of size 3 must fail.
// CHECK-LABEL: func.func @shape_of_other(
// CHECK: %[[S:.*]] = "tensor.dim"(%arg0, %{{.*}})
// CHECK: %[[ONE:.*]] = "arith.cmpi"(%[[S]], %{{.*}}) <{predicate = 0 : i64}>
// CHECK: %[[SAME:.*]] = "arith.cmpi"(%[[S]], %{{.*}}) <{predicate = 0 : i64}>
// CHECK: %[[OK:.*]] = "arith.ori"(%[[ONE]], %[[SAME]])
// CHECK: "cf.assert"(%[[OK]]) <{msg = "operand #0 dim 0 has a size at run time which is neither 1 nor the size of result dim 0 it is mapped to"}>
// CHECK: "linalg.map"
// LOC: "cf.assert"(%{{.*}}) <{msg = "operand #0 dim 0 has a size {{.*}}"}> : (i1) -> () loc("{{.*}}computed-shape-checks.mlir":[[# @LINE + 3]]:8)
func.func @shape_of_other(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %s = nd.shape_of %y : (tensor<?xf32>) -> tensor<1xindex>
  %b = nd.broadcast_in_dim %x, %s, dims = [0] : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
  return %b : tensor<?xf32>
}

// -----

// A ranked nd.broadcast_to is lowered to nd.broadcast_in_dim and checked alike.
// CHECK-LABEL: func.func @to_shape_of_other(
// CHECK: "cf.assert"(%{{.*}}) <{msg = "operand #0 dim 0 has a size at run time which is neither 1 nor the size of result dim 1 it is mapped to"}>
// CHECK: "linalg.map"
func.func @to_shape_of_other(%x: tensor<?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %s = nd.shape_of %y : (tensor<?x?xf32>) -> tensor<2xindex>
  %b = nd.broadcast_to %x, %s : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %b : tensor<?x?xf32>
}

// -----

// Each transposed dim is checked against the dim it goes to.
// CHECK-LABEL: func.func @transposed_shape_of_other(
// CHECK: "cf.assert"(%{{.*}}) <{msg = "operand #0 dim 0 has a size at run time which is neither 1 nor the size of result dim 1 it is mapped to"}>
// CHECK: "cf.assert"(%{{.*}}) <{msg = "operand #0 dim 1 has a size at run time which is neither 1 nor the size of result dim 0 it is mapped to"}>
func.func @transposed_shape_of_other(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %s = nd.shape_of %y : (tensor<?x?xf32>) -> tensor<2xindex>
  %b = nd.broadcast_in_dim %x, %s, dims = [1, 0] : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %b : tensor<?x?xf32>
}

// -----

// A checked broadcast of shapes proves its operands 1 or its size, but not equal
// to it: a dim listed as known non-expanding is checked equal (%x of size 1
// against %y of size 3 must fail, not stretch).
// CHECK-LABEL: func.func @known_over_computed(
// CHECK: "cf.assert"(%{{.*}}) <{msg = "shapes do not broadcast: operand #1 dim 0 and result dim 0 have different sizes and neither is 1"}>
// CHECK: "cf.assert"(%{{.*}}) <{msg = "known_nonexpanding_dimensions lists operand dim 0, but at run time it expands to result dim 0"}>
func.func @known_over_computed(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %s0 = nd.shape_of %x : (tensor<?xf32>) -> tensor<1xindex>
  %s1 = nd.shape_of %y : (tensor<?xf32>) -> tensor<1xindex>
  %s = nd.broadcast_shapes %s0, %s1 : (tensor<1xindex>, tensor<1xindex>) -> tensor<1xindex>
  %b = nd.broadcast_in_dim %x, %s, dims = [0] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
  return %b : tensor<?xf32>
}

// -----

// The broadcast of shapes that combined %x's own shape checks it: no second check.
// CHECK-LABEL: func.func @covered(
// CHECK: "cf.assert"(%{{.*}}) <{msg = "shapes do not broadcast: operand #1 dim 0 and result dim 0 have different sizes and neither is 1"}>
// CHECK-NOT: "cf.assert"
// CHECK: "linalg.map"
func.func @covered(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %s0 = nd.shape_of %x : (tensor<?xf32>) -> tensor<1xindex>
  %s1 = nd.shape_of %y : (tensor<?xf32>) -> tensor<1xindex>
  %s = nd.broadcast_shapes %s0, %s1 : (tensor<1xindex>, tensor<1xindex>) -> tensor<1xindex>
  %b = nd.broadcast_in_dim %x, %s, dims = [0] : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
  return %b : tensor<?xf32>
}

// -----

// In place, the destination's shape is the result and the check covers %x.
// CHECK-LABEL: func.func @in_place(
// CHECK: "cf.assert"(%{{.*}}) <{msg = "shapes do not broadcast: operand #1 dim 0 and result dim 1 have different sizes and neither is 1"}>
// CHECK-NOT: "cf.assert"
// CHECK: return
func.func @in_place(%d: tensor<?x?xf32>, %x: tensor<?xf32>) -> tensor<?x?xf32> {
  %s0 = nd.shape_of %d : (tensor<?x?xf32>) -> tensor<2xindex>
  %s1 = nd.shape_of %x : (tensor<?xf32>) -> tensor<1xindex>
  %s = nd.broadcast_shapes %s0, %s1 {policy = "in_place"} : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
  %b = nd.broadcast_in_dim %x, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %b : tensor<?x?xf32>
}

// -----

// A broadcast whose shape takes the operand's own sizes needs no check, even of
// known non-expanding dims; the dim it adds may take any size.
// CHECK-LABEL: func.func @own_sizes(
// CHECK-NOT: "cf.assert"
// CHECK: return
func.func @own_sizes(%x: tensor<?x2xf32>, %y: tensor<?xf32>) -> tensor<?x?x2xf32> {
  %s0 = nd.shape_of %y : (tensor<?xf32>) -> tensor<1xindex>
  %s1 = nd.shape_of %x : (tensor<?x2xf32>) -> tensor<2xindex>
  %s = nd.shape_concat %s0, %s1 : (tensor<1xindex>, tensor<2xindex>) -> tensor<3xindex>
  %b = nd.broadcast_in_dim %x, %s, dims = [1, 2] {known_nonexpanding_dimensions = array<i64: 0, 1>} : (tensor<?x2xf32>, tensor<3xindex>) -> tensor<?x?x2xf32>
  return %b : tensor<?x?x2xf32>
}
