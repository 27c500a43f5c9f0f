// --convert-nd-to-upstream of nd.dynamic_reduce: an scf.for over the axes
// carries one i1 per dim of the operand (whether it is listed), after a
// cf.assert (at the op) that the axis lies in [-r, r) and one that its dim was
// not listed before; an scf.if per dim then reduces the accumulator over it
// (linalg.reduce from the identity, tensor.expand_shape back to a size 1) or
// yields it unchanged; an init value is combined last (linalg.map); the result
// is a tensor.reshape of the accumulator: to its own sizes with keep_dims, else
// to the sizes of the unlisted dims, packed in order by tensor.insert (sliced
// to a run-time length for an unranked result). mlir-opt 22 verifies it
// (tests/export_upstream.rs); tests/jit_differential/dynamic_reduce.rs runs it.
// RUN: tensor-opt %s --lower-broadcast --convert-nd-to-upstream | FileCheck %s

// CHECK-LABEL: func.func @keep(
// CHECK: %[[MARKS:.*]]:3 = "scf.for"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) ({
// CHECK-NEXT: ^bb0(%[[J:.*]]: index, %[[M0:.*]]: i1, %[[M1:.*]]: i1, %[[M2:.*]]: i1):
// CHECK-NEXT: %[[A:.*]] = "tensor.extract"(%arg1, %[[J]]) : (tensor<1xi64>, index) -> i64
// CHECK-NEXT: %[[I:.*]] = "arith.index_cast"(%[[A]]) : (i64) -> index
// CHECK: "cf.assert"(%{{.*}}) <{msg = "has an axis (an element of operand #1) outside [-3, 3), the rank of operand #0"}> : (i1) -> ()
// CHECK: %[[D:.*]] = "arith.select"(%{{.*}}, %{{.*}}, %[[I]]) : (i1, index, index) -> index
// CHECK: "cf.assert"(%{{.*}}) <{msg = "lists a dim twice in operand #1"}> : (i1) -> ()
// CHECK-NEXT: "scf.yield"(%{{.*}}, %{{.*}}, %{{.*}}) : (i1, i1, i1) -> ()
// CHECK-NEXT: }) : (index, index, index, i1, i1, i1) -> (i1, i1, i1)
// CHECK: %[[ACC:.*]] = "tensor.cast"(%arg0) : (tensor<4x1x8xf32>) -> tensor<?x?x?xf32>
// CHECK-NEXT: %[[R0:.*]] = "scf.if"(%[[MARKS]]#0) ({
// CHECK: "linalg.reduce"(%[[ACC]], %{{.*}}) <{dimensions = array<i64: 0>}> ({
// CHECK: "arith.addf"
// CHECK: "tensor.expand_shape"(%{{.*}}) <{reassociation = {{\[\[}}0, 1], [2]], static_output_shape = array<i64: 1, -9223372036854775808, -9223372036854775808>}> : (tensor<?x?xf32>, index, index) -> tensor<1x?x?xf32>
// CHECK: }, {
// CHECK-NEXT: "scf.yield"(%[[ACC]]) : (tensor<?x?x?xf32>) -> ()
// CHECK-NEXT: }) : (i1) -> tensor<?x?x?xf32>
// CHECK-NEXT: %[[R1:.*]] = "scf.if"(%[[MARKS]]#1) ({
// CHECK: "linalg.reduce"(%[[R0]], %{{.*}}) <{dimensions = array<i64: 1>}> ({
// CHECK: %[[R2:.*]] = "scf.if"(%[[MARKS]]#2) ({
// CHECK: "linalg.reduce"(%[[R1]], %{{.*}}) <{dimensions = array<i64: 2>}> ({
// CHECK: "arith.select"(%[[MARKS]]#0,
// CHECK: %[[SHAPE:.*]] = "tensor.from_elements"(%{{.*}}, %{{.*}}, %{{.*}}) : (index, index, index) -> tensor<3xindex>
// CHECK-NEXT: %[[OUT:.*]] = "tensor.reshape"(%[[R2]], %[[SHAPE]]) : (tensor<?x?x?xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
// CHECK-NEXT: %[[CAST:.*]] = "tensor.cast"(%[[OUT]]) : (tensor<?x?x?xf32>) -> tensor<?x1x?xf32>
// CHECK-NEXT: return %[[CAST]] : tensor<?x1x?xf32>
func.func @keep(%x: tensor<4x1x8xf32>, %a: tensor<1xi64>) -> tensor<?x1x?xf32> {
  %0 = nd.dynamic_reduce sum %x across %a keep_dims : (tensor<4x1x8xf32>, tensor<1xi64>) -> tensor<?x1x?xf32>
  return %0 : tensor<?x1x?xf32>
}

// Axes of a run-time length, an init value, an unranked result.
// CHECK-LABEL: func.func @drop(
// CHECK: %{{.*}} = "tensor.dim"(%arg1, %{{.*}}) : (tensor<?xi32>, index) -> index
// CHECK: %[[M:.*]]:2 = "scf.for"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) ({
// CHECK: "arith.maxsi"
// CHECK: %[[INIT:.*]] = "tensor.extract"(%arg2) : (tensor<i32>) -> i32
// CHECK: %[[MAP:.*]] = "linalg.map"(%{{.*}}, %{{.*}}) ({
// CHECK-NEXT: ^bb0(%[[E:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: "arith.maxsi"(%[[INIT]], %[[E]]) : (i32, i32) -> i32
// CHECK: %[[ONES:.*]] = "tensor.from_elements"(%{{.*}}, %{{.*}}) : (index, index) -> tensor<2xindex>
// CHECK-NEXT: %[[S0:.*]] = "scf.if"(%[[M]]#0) ({
// CHECK-NEXT: "scf.yield"(%[[ONES]]) : (tensor<2xindex>) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: "tensor.insert"(%{{[0-9a-z_#]+}}, %[[ONES]], %{{[0-9a-z_#]+}}) : (index, tensor<2xindex>, index) -> tensor<2xindex>
// CHECK: "arith.addi"
// CHECK: %[[N:.*]] = "arith.addi"
// CHECK-NEXT: %[[SLICE:.*]] = "tensor.extract_slice"(%{{.*}}, %[[N]]) <{operandSegmentSizes = array<i32: 1, 0, 1, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: -9223372036854775808>, static_strides = array<i64: 1>}> : (tensor<2xindex>, index) -> tensor<?xindex>
// CHECK-NEXT: %[[R:.*]] = "tensor.reshape"(%[[MAP]], %[[SLICE]]) : (tensor<?x?xi32>, tensor<?xindex>) -> tensor<*xi32>
// CHECK-NEXT: return %[[R]] : tensor<*xi32>
func.func @drop(%x: tensor<?x3xi32>, %a: tensor<?xi32>, %i: tensor<i32>) -> tensor<*xi32> {
  %0 = nd.dynamic_reduce max %x across %a init %i : (tensor<?x3xi32>, tensor<?xi32>, tensor<i32>) -> tensor<*xi32>
  return %0 : tensor<*xi32>
}

// A ranked result from a run-time number of axes: its rank is asserted.
// CHECK-LABEL: func.func @ranked(
// CHECK: "cf.assert"(%{{.*}}) <{msg = "reduces a number of dims other than 1, which its result's rank 1 implies, at run time"}> : (i1) -> ()
// CHECK: "tensor.extract_slice"(%{{.*}}) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 1>, static_strides = array<i64: 1>}> : (tensor<2xindex>) -> tensor<1xindex>
// CHECK-NEXT: "tensor.reshape"(%{{.*}}, %{{.*}}) : (tensor<?x?xf32>, tensor<1xindex>) -> tensor<?xf32>
func.func @ranked(%x: tensor<?x?xf32>, %a: tensor<?xindex>) -> tensor<?xf32> {
  %0 = nd.dynamic_reduce min %x across %a : (tensor<?x?xf32>, tensor<?xindex>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
