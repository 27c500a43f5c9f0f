// nd.matmul with two `?` batch dims or more: the export writes one linalg.generic
// over every batch dim (no collapse into one batch dim and expand back: LLVM 22's
// expand-strided-metadata crashes on the memref.expand_shape that splits a `?`
// dim into several `?` dims), and the import reads it back as nd.matmul (a
// candidate with the batch broadcast of --lower-broadcast and its checks).
// Export then import gives the lowered program back byte for byte.
// crates/melior-bridge/tests/bridge/jit.rs runs these functions in MLIR's JIT.
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream | FileCheck %s --check-prefix=UP
// RUN: tensor-opt %s -split-input-file --lower-broadcast --mlir-print-debuginfo > %t
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd --verify-explicit-broadcast --mlir-print-debuginfo | diff %t -
// RUN: tensor-opt %s -split-input-file --lower-broadcast > %t.plain
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream | tensor-opt -allow-unregistered-dialect -split-input-file --convert-upstream-to-nd | diff %t.plain -
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd | FileCheck %s

// Two `?` batch dims: one linalg.generic, batch dims and rows and columns
// parallel, the contracted dim a reduction.
// UP-LABEL: func.func @two_dynamic_batches
// UP-NOT:     tensor.collapse_shape
// UP-NOT:     tensor.expand_shape
// UP:         "linalg.generic"(%{{.*}}, %{{.*}}, %{{.*}}) <{indexing_maps = [#map, #map1, #map2], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 2, 1>}>
// UP:         "arith.mulf"
// UP-NEXT:    "arith.addf"
// UP-NOT:     tensor.expand_shape
// UP:         return
// CHECK-LABEL: func.func @two_dynamic_batches
// CHECK:         %[[A:.*]] = nd.broadcast_in_dim %arg0
// CHECK:         %[[B:.*]] = nd.broadcast_in_dim %arg1
// CHECK-NEXT:    nd.matmul %[[A]], %[[B]] : (tensor<?x?x3x4xf32>, tensor<?x?x4x5xf32>) -> tensor<?x?x3x5xf32>
func.func @two_dynamic_batches(%a: tensor<?x?x3x4xf32>, %b: tensor<?x?x4x5xf32>) -> tensor<?x?x3x5xf32> {
  %0 = nd.matmul %a, %b : (tensor<?x?x3x4xf32>, tensor<?x?x4x5xf32>) -> tensor<?x?x3x5xf32>
  return %0 : tensor<?x?x3x5xf32>
}

// -----

// Three batch dims, two of them `?`, one operand's batch broadcast (a 1 and a
// missing dim), `?` rows and columns.
// UP-LABEL: func.func @three_batches
// UP-NOT:     tensor.expand_shape
// UP:         "linalg.generic"
// UP-SAME:    #linalg.iterator_type<reduction>
// CHECK-LABEL: func.func @three_batches
// CHECK:         nd.matmul
// CHECK-NOT:     linalg.
func.func @three_batches(%a: tensor<?x2x?x?x4xf32>, %b: tensor<1x?x4x?xf32>) -> tensor<?x2x?x?x?xf32> {
  %0 = nd.matmul %a, %b : (tensor<?x2x?x?x4xf32>, tensor<1x?x4x?xf32>) -> tensor<?x2x?x?x?xf32>
  return %0 : tensor<?x2x?x?x?xf32>
}

// -----

// One `?` batch dim beside a static one: still linalg.batch_matmul over the
// batch dims collapsed into one (expanding one `?` dim into `?x2` lowers).
// UP-LABEL: func.func @one_dynamic_batch
// UP:         tensor.collapse_shape
// UP:         linalg.batch_matmul
// UP:         tensor.expand_shape
// CHECK-LABEL: func.func @one_dynamic_batch
// CHECK:         nd.matmul
func.func @one_dynamic_batch(%a: tensor<?x2x3x4xf32>, %b: tensor<?x2x4x5xf32>) -> tensor<?x2x3x5xf32> {
  %0 = nd.matmul %a, %b : (tensor<?x2x3x4xf32>, tensor<?x2x4x5xf32>) -> tensor<?x2x3x5xf32>
  return %0 : tensor<?x2x3x5xf32>
}

// -----

// Integers: arith.muli and arith.addi.
// UP-LABEL: func.func @integers
// UP:         "linalg.generic"
// UP:         "arith.muli"
// UP-NEXT:    "arith.addi"
// CHECK-LABEL: func.func @integers
// CHECK:         nd.matmul
func.func @integers(%a: tensor<?x?x3x4xi32>, %b: tensor<?x?x4x5xi32>) -> tensor<?x?x3x5xi32> {
  %0 = nd.matmul %a, %b : (tensor<?x?x3x4xi32>, tensor<?x?x4x5xi32>) -> tensor<?x?x3x5xi32>
  return %0 : tensor<?x?x3x5xi32>
}
