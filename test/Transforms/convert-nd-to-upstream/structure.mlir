// --convert-nd-to-upstream of nd's structural ops beyond transpose and slice
// (structure-export.mlir): each asserts first what tensor-run checks at run
// time, at the op, then writes the tensor or linalg op. mlir-opt 22 verifies
// every chunk (tests/export_upstream.rs); tests/jit_differential.rs runs them.
// RUN: tensor-opt %s -split-input-file --convert-nd-to-upstream | FileCheck %s

// The other dims of a concatenate must agree: asserted where a ? leaves it open.
// CHECK-LABEL: func.func @concatenate(
// CHECK:       %[[D:.*]] = "tensor.dim"(%arg1, %{{.*}}) : (tensor<2x?xf32>, index) -> index
// CHECK:       %[[OK:.*]] = "arith.cmpi"(%[[D]], %{{.*}}) <{predicate = 0 : i64}>
// CHECK:       "cf.assert"(%[[OK]]) <{msg = "concatenates operand #1 whose dim 1 differs from the other operands' at run time"}>
// CHECK:       "tensor.concat"(%arg0, %arg1) <{dim = 0 : i64}> : (tensor<?x3xf32>, tensor<2x?xf32>) -> tensor<?x3xf32>
func.func @concatenate(%a: tensor<?x3xf32>, %b: tensor<2x?xf32>) -> tensor<?x3xf32> {
  %0 = nd.concatenate %a, %b along 0 : (tensor<?x3xf32>, tensor<2x?xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

// A static reshape: tensor.reshape to constant sizes, no check.
// CHECK-LABEL: func.func @reshape_static(
// CHECK-NOT:   cf.assert
// CHECK:       "tensor.reshape"(%arg0, %{{.*}}) : (tensor<2x6xf32>, tensor<2xindex>) -> tensor<3x4xf32>
func.func @reshape_static(%x: tensor<2x6xf32>) -> tensor<3x4xf32> {
  %0 = nd.reshape %x : (tensor<2x6xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// A reshape to a run-time shape: its entries must agree with the static sizes,
// and their product with the operand's element count.
// CHECK-LABEL: func.func @reshape_dynamic(
// CHECK:       "cf.assert"(%{{.*}}) <{msg = "reshapes to a shape whose entry 1 is not the result's size 4 at run time"}>
// CHECK:       "cf.assert"(%{{.*}}) <{msg = "reshapes to a shape of another number of elements than operand #0's at run time"}>
// CHECK:       "tensor.reshape"(%arg0, %{{.*}}) : (tensor<?x6xf32>, tensor<2xindex>) -> tensor<?x4xf32>
func.func @reshape_dynamic(%x: tensor<?x6xf32>, %s: tensor<2xindex>) -> tensor<?x4xf32> {
  %0 = nd.reshape %x, %s : (tensor<?x6xf32>, tensor<2xindex>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// Starts clamped into [0, size - slice size], as StableHLO and tensor-run do.
// CHECK-LABEL: func.func @dynamic_slice(
// CHECK:       "cf.assert"(%{{.*}}) <{msg = "slices 2 elements of dim 0, more than operand #0 has at run time"}>
// CHECK:       %[[I:.*]] = "tensor.extract"(%arg1) : (tensor<i32>) -> i32
// CHECK:       %[[C:.*]] = "arith.index_cast"(%[[I]]) : (i32) -> index
// CHECK:       %[[LO:.*]] = "arith.maxsi"(%[[C]], %{{.*}})
// CHECK:       %[[AT:.*]] = "arith.minsi"(%[[LO]], %{{.*}})
// CHECK:       "tensor.extract_slice"(%arg0, %[[AT]], %{{.*}}) <{operandSegmentSizes = array<i32: 1, 2, 0, 0>, static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>}>
func.func @dynamic_slice(%x: tensor<?x6xf32>, %i: tensor<i32>, %j: tensor<i64>) -> tensor<2x2xf32> {
  %0 = nd.dynamic_slice %x[%i, %j], sizes = [2, 2] : (tensor<?x6xf32>, tensor<i32>, tensor<i64>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// iota: linalg.index of the iota dim, converted to the element type.
// CHECK-LABEL: func.func @iota(
// CHECK:       "linalg.generic"(%{{.*}}) <{indexing_maps = [#map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 0, 1>}>
// CHECK:       "linalg.index"() <{dim = 0 : i64}> : () -> index
// CHECK:       "arith.sitofp"
func.func @iota(%s: tensor<2xindex>) -> tensor<?x3xf32> {
  %0 = nd.iota %s, dim = 0 : (tensor<2xindex>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

// dot_general: one linalg.generic over batch, free and contracted dims; the
// contracted sizes asserted equal where a ? leaves it open.
// CHECK-DAG:   #[[A:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG:   #[[B:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-DAG:   #[[C:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @dot_general(
// CHECK:       "cf.assert"(%{{.*}}) <{msg = "pairs contracted dim 2 of operand #0 and dim 2 of operand #1 of different sizes at run time"}>
// CHECK:       "linalg.generic"(%arg0, %arg1, %{{.*}}) <{indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 2, 1>}>
func.func @dot_general(%q: tensor<2x?x8xf32>, %k: tensor<2x5x?xf32>) -> tensor<2x?x5xf32> {
  %d = nd.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x?x8xf32>, tensor<2x5x?xf32>) -> tensor<2x?x5xf32>
  return %d : tensor<2x?x5xf32>
}

// -----

// A reduction with an init value starts from it (so an empty dim gives it, and
// max needs no emptiness check).
// CHECK-LABEL: func.func @reduce_init(
// CHECK-NOT:   cf.assert
// CHECK:       %[[I:.*]] = "tensor.extract"(%arg1) : (tensor<f32>) -> f32
// CHECK:       "linalg.fill"(%[[I]], %{{.*}})
// CHECK:       "linalg.reduce"
// CHECK:       "arith.maximumf"
func.func @reduce_init(%x: tensor<4x?xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  %i = nd.reduce max %x init %c across [1] : (tensor<4x?xf32>, tensor<f32>) -> tensor<4xf32>
  return %i : tensor<4xf32>
}
