// --convert-nd-to-upstream on static programs (after --lower-broadcast): upstream
// func, arith, math, tensor and linalg ops in generic form, which mlir-opt 22
// verifies (tests/export_upstream.rs runs it on this file).
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream | FileCheck %s

// An elementwise op of equal shapes: linalg.map over an arith op.
// CHECK-LABEL: func.func @add(
// CHECK-NEXT:    %0 = "tensor.empty"() : () -> tensor<2x3xf32>
// CHECK-NEXT:    %1 = "linalg.map"(%arg0, %arg1, %0) ({
// CHECK-NEXT:    ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
// CHECK-NEXT:      %2 = "arith.addf"(%arg2, %arg3) : (f32, f32) -> f32
// CHECK-NEXT:      "linalg.yield"(%2) : (f32) -> ()
// CHECK-NEXT:    }) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %1 : tensor<2x3xf32>
func.func @add(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = nd.add %a, %b : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// A static 1 that stretches: tensor.collapse_shape drops it, linalg.broadcast
// adds the dim back at its full size (linalg.broadcast cannot expand a dim).
// CHECK-LABEL: func.func @stretch(
// CHECK-NEXT:    %0 = "tensor.collapse_shape"(%arg0) <{reassociation = {{\[\[}}0, 1]]}> : (tensor<3x1xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %1 = "tensor.empty"() : () -> tensor<3x5xf32>
// CHECK-NEXT:    %2 = "linalg.broadcast"(%0, %1) <{dimensions = array<i64: 1>}> ({
// CHECK-NEXT:    ^bb0(%arg2: f32, %arg3: f32):
// CHECK-NEXT:      "linalg.yield"(%arg2) : (f32) -> ()
// CHECK-NEXT:    }) : (tensor<3xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    %3 = "tensor.empty"() : () -> tensor<3x5xf32>
// CHECK-NEXT:    %4 = "linalg.broadcast"(%arg1, %3) <{dimensions = array<i64: 0>}> ({
// CHECK-NEXT:    ^bb0(%arg2: f32, %arg3: f32):
// CHECK-NEXT:      "linalg.yield"(%arg2) : (f32) -> ()
// CHECK-NEXT:    }) : (tensor<5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    %5 = "tensor.empty"() : () -> tensor<3x5xf32>
// CHECK-NEXT:    %6 = "linalg.map"(%2, %4, %5) ({
// CHECK-NEXT:    ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
// CHECK-NEXT:      %7 = "arith.mulf"(%arg2, %arg3) : (f32, f32) -> f32
// CHECK-NEXT:      "linalg.yield"(%7) : (f32) -> ()
// CHECK-NEXT:    }) : (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    return %6 : tensor<3x5xf32>
func.func @stretch(%a: tensor<3x1xf32>, %b: tensor<5xf32>) -> tensor<3x5xf32> {
  %0 = nd.mul %a, %b : (tensor<3x1xf32>, tensor<5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// A broadcast_in_dim that permutes dims: a linalg.map with no inputs that reads
// the operand at the output's indices.
// CHECK-LABEL: func.func @transpose(
// CHECK-NEXT:    %0 = "tensor.empty"() : () -> tensor<3x2xf32>
// CHECK-NEXT:    %1 = "linalg.map"(%0) ({
// CHECK-NEXT:    ^bb0(%arg1: f32):
// CHECK-NEXT:      %2 = "linalg.index"() <{dim = 1 : i64}> : () -> index
// CHECK-NEXT:      %3 = "linalg.index"() <{dim = 0 : i64}> : () -> index
// CHECK-NEXT:      %4 = "tensor.extract"(%arg0, %2, %3) : (tensor<2x3xf32>, index, index) -> f32
// CHECK-NEXT:      "linalg.yield"(%4) : (f32) -> ()
// CHECK-NEXT:    }) : (tensor<3x2xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:    return %1 : tensor<3x2xf32>
func.func @transpose(%k: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = nd.broadcast_in_dim %k, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// nd.reduce max with keep_dims: linalg.fill with the identity (the lowest i32),
// linalg.reduce, then tensor.expand_shape gives back the 1.
// CHECK-LABEL: func.func @reduce_keep(
// CHECK-NEXT:    %0 = "arith.constant"() <{value = -2147483648 : i32}> : () -> i32
// CHECK-NEXT:    %1 = "tensor.empty"() : () -> tensor<4xi32>
// CHECK-NEXT:    %2 = "linalg.fill"(%0, %1) <{operandSegmentSizes = array<i32: 1, 1>}> ({
// CHECK-NEXT:    ^bb0(%arg1: i32, %arg2: i32):
// CHECK-NEXT:      "linalg.yield"(%arg1) : (i32) -> ()
// CHECK-NEXT:    }) : (i32, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT:    %3 = "linalg.reduce"(%arg0, %2) <{dimensions = array<i64: 1>}> ({
// CHECK-NEXT:    ^bb0(%arg1: i32, %arg2: i32):
// CHECK-NEXT:      %5 = "arith.maxsi"(%arg1, %arg2) : (i32, i32) -> i32
// CHECK-NEXT:      "linalg.yield"(%5) : (i32) -> ()
// CHECK-NEXT:    }) : (tensor<4x10xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT:    %4 = "tensor.expand_shape"(%3) <{reassociation = {{\[\[}}0, 1]], static_output_shape = array<i64: 4, 1>}> : (tensor<4xi32>) -> tensor<4x1xi32>
// CHECK-NEXT:    return %4 : tensor<4x1xi32>
func.func @reduce_keep(%x: tensor<4x10xi32>) -> tensor<4x1xi32> {
  %0 = nd.reduce max %x across [1] keep_dims : (tensor<4x10xi32>) -> tensor<4x1xi32>
  return %0 : tensor<4x1xi32>
}

// -----

// A rank-4 matmul: the batch dims collapse into one for linalg.batch_matmul and
// are expanded back.
// CHECK-LABEL: func.func @batched(
// CHECK-NEXT:    %0 = "tensor.collapse_shape"(%arg0) <{reassociation = {{\[\[}}0, 1], [2], [3]]}> : (tensor<2x4x8x16xf32>) -> tensor<8x8x16xf32>
// CHECK-NEXT:    %1 = "tensor.collapse_shape"(%arg1) <{reassociation = {{\[\[}}0, 1], [2], [3]]}> : (tensor<2x4x16x8xf32>) -> tensor<8x16x8xf32>
// CHECK-NEXT:    %2 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
// CHECK-NEXT:    %3 = "tensor.empty"() : () -> tensor<8x8x8xf32>
// CHECK-NEXT:    %4 = "linalg.fill"(%2, %3) <{operandSegmentSizes = array<i32: 1, 1>}> ({
// CHECK-NEXT:    ^bb0(%arg2: f32, %arg3: f32):
// CHECK-NEXT:      "linalg.yield"(%arg2) : (f32) -> ()
// CHECK-NEXT:    }) : (f32, tensor<8x8x8xf32>) -> tensor<8x8x8xf32>
// CHECK-NEXT:    %5 = "linalg.batch_matmul"(%0, %1, %4) <{operandSegmentSizes = array<i32: 2, 1>}> ({
// CHECK-NEXT:    ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
// CHECK-NEXT:      %7 = "arith.mulf"(%arg2, %arg3) : (f32, f32) -> f32
// CHECK-NEXT:      %8 = "arith.addf"(%arg4, %7) : (f32, f32) -> f32
// CHECK-NEXT:      "linalg.yield"(%8) : (f32) -> ()
// CHECK-NEXT:    }) : (tensor<8x8x16xf32>, tensor<8x16x8xf32>, tensor<8x8x8xf32>) -> tensor<8x8x8xf32>
// CHECK-NEXT:    %6 = "tensor.expand_shape"(%5) <{reassociation = {{\[\[}}0, 1], [2], [3]], static_output_shape = array<i64: 2, 4, 8, 8>}> : (tensor<8x8x8xf32>) -> tensor<2x4x8x8xf32>
// CHECK-NEXT:    return %6 : tensor<2x4x8x8xf32>
func.func @batched(%a: tensor<2x4x8x16xf32>, %b: tensor<2x4x16x8xf32>) -> tensor<2x4x8x8xf32> {
  %0 = nd.matmul %a, %b : (tensor<2x4x8x16xf32>, tensor<2x4x16x8xf32>) -> tensor<2x4x8x8xf32>
  return %0 : tensor<2x4x8x8xf32>
}

// -----

// A vector times a matrix: the vector becomes a 1-row matrix for linalg.matmul,
// and the row is collapsed away.
// CHECK-LABEL: func.func @vecmat(
// CHECK-NEXT:    %0 = "tensor.expand_shape"(%arg0) <{reassociation = {{\[\[}}0, 1]], static_output_shape = array<i64: 1, 3>}> : (tensor<3xf32>) -> tensor<1x3xf32>
// CHECK-NEXT:    %1 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
// CHECK-NEXT:    %2 = "tensor.empty"() : () -> tensor<1x4xf32>
// CHECK-NEXT:    %3 = "linalg.fill"(%1, %2) <{operandSegmentSizes = array<i32: 1, 1>}> ({
// CHECK-NEXT:    ^bb0(%arg2: f32, %arg3: f32):
// CHECK-NEXT:      "linalg.yield"(%arg2) : (f32) -> ()
// CHECK-NEXT:    }) : (f32, tensor<1x4xf32>) -> tensor<1x4xf32>
// CHECK-NEXT:    %4 = "linalg.matmul"(%0, %arg1, %3) <{operandSegmentSizes = array<i32: 2, 1>}> ({
// CHECK-NEXT:    ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
// CHECK-NEXT:      %6 = "arith.mulf"(%arg2, %arg3) : (f32, f32) -> f32
// CHECK-NEXT:      %7 = "arith.addf"(%arg4, %6) : (f32, f32) -> f32
// CHECK-NEXT:      "linalg.yield"(%7) : (f32) -> ()
// CHECK-NEXT:    }) : (tensor<1x3xf32>, tensor<3x4xf32>, tensor<1x4xf32>) -> tensor<1x4xf32>
// CHECK-NEXT:    %5 = "tensor.collapse_shape"(%4) <{reassociation = {{\[\[}}0, 1]]}> : (tensor<1x4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    return %5 : tensor<4xf32>
func.func @vecmat(%a: tensor<3xf32>, %b: tensor<3x4xf32>) -> tensor<4xf32> {
  %0 = nd.matmul %a, %b : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// nd.cmp and nd.select: arith.cmpf (ordered lt) and arith.select.
// CHECK-LABEL: func.func @compare_select(
// CHECK-NEXT:    %0 = "tensor.empty"() : () -> tensor<4xi1>
// CHECK-NEXT:    %1 = "linalg.map"(%arg0, %arg1, %0) ({
// CHECK-NEXT:    ^bb0(%arg2: f32, %arg3: f32, %arg4: i1):
// CHECK-NEXT:      %4 = "arith.cmpf"(%arg2, %arg3) <{predicate = 4 : i64}> : (f32, f32) -> i1
// CHECK-NEXT:      "linalg.yield"(%4) : (i1) -> ()
// CHECK-NEXT:    }) : (tensor<4xf32>, tensor<4xf32>, tensor<4xi1>) -> tensor<4xi1>
// CHECK-NEXT:    %2 = "tensor.empty"() : () -> tensor<4xf32>
// CHECK-NEXT:    %3 = "linalg.map"(%1, %arg0, %arg1, %2) ({
// CHECK-NEXT:    ^bb0(%arg2: i1, %arg3: f32, %arg4: f32, %arg5: f32):
// CHECK-NEXT:      %4 = "arith.select"(%arg2, %arg3, %arg4) : (i1, f32, f32) -> f32
// CHECK-NEXT:      "linalg.yield"(%4) : (f32) -> ()
// CHECK-NEXT:    }) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    return %3 : tensor<4xf32>
func.func @compare_select(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %c = nd.cmp lt, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %0 = nd.select %c, %a, %b : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Integer nd.rem is NumPy's remainder: arith.remsi, plus the divisor where the
// signs differ. A zero divisor fails a cf.assert (tensor-run's error), and the
// divisor of MIN rem -1 becomes 1 (tensor-run wraps to 0; arith would trap).
// CHECK-LABEL: func.func @int_rem(
// CHECK-NEXT:    %0 = "tensor.empty"() : () -> tensor<4xi32>
// CHECK-NEXT:    %1 = "linalg.map"(%arg0, %arg1, %0) ({
// CHECK-NEXT:    ^bb0(%arg2: i32, %arg3: i32, %arg4: i32):
// CHECK-NEXT:      %2 = "arith.constant"() <{value = 0 : i32}> : () -> i32
// CHECK-NEXT:      %3 = "arith.cmpi"(%arg3, %2) <{predicate = 1 : i64}> : (i32, i32) -> i1
// CHECK-NEXT:      "cf.assert"(%3) <{msg = "divides by zero: operand #1 is 0 (integer division by zero is an error)"}> : (i1) -> ()
// CHECK-NEXT:      %4 = "arith.constant"() <{value = -2147483648 : i32}> : () -> i32
// CHECK-NEXT:      %5 = "arith.constant"() <{value = -1 : i32}> : () -> i32
// CHECK-NEXT:      %6 = "arith.constant"() <{value = 1 : i32}> : () -> i32
// CHECK-NEXT:      %7 = "arith.cmpi"(%arg2, %4) <{predicate = 0 : i64}> : (i32, i32) -> i1
// CHECK-NEXT:      %8 = "arith.cmpi"(%arg3, %5) <{predicate = 0 : i64}> : (i32, i32) -> i1
// CHECK-NEXT:      %9 = "arith.andi"(%7, %8) : (i1, i1) -> i1
// CHECK-NEXT:      %10 = "arith.cmpi"(%arg3, %2) <{predicate = 0 : i64}> : (i32, i32) -> i1
// CHECK-NEXT:      %11 = "arith.ori"(%9, %10) : (i1, i1) -> i1
// CHECK-NEXT:      %12 = "arith.select"(%11, %6, %arg3) : (i1, i32, i32) -> i32
// CHECK-NEXT:      %13 = "arith.constant"() <{value = 0 : i32}> : () -> i32
// CHECK-NEXT:      %14 = "arith.remsi"(%arg2, %12) : (i32, i32) -> i32
// CHECK-NEXT:      %15 = "arith.cmpi"(%14, %13) <{predicate = 1 : i64}> : (i32, i32) -> i1
// CHECK-NEXT:      %16 = "arith.cmpi"(%14, %13) <{predicate = 2 : i64}> : (i32, i32) -> i1
// CHECK-NEXT:      %17 = "arith.cmpi"(%12, %13) <{predicate = 2 : i64}> : (i32, i32) -> i1
// CHECK-NEXT:      %18 = "arith.xori"(%16, %17) : (i1, i1) -> i1
// CHECK-NEXT:      %19 = "arith.andi"(%15, %18) : (i1, i1) -> i1
// CHECK-NEXT:      %20 = "arith.addi"(%14, %12) : (i32, i32) -> i32
// CHECK-NEXT:      %21 = "arith.select"(%19, %20, %14) : (i1, i32, i32) -> i32
// CHECK-NEXT:      "linalg.yield"(%21) : (i32) -> ()
// CHECK-NEXT:    }) : (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT:    return %1 : tensor<4xi32>
func.func @int_rem(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = nd.rem %a, %b : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// nd.constant is arith.constant; nd.cast from index to f32 goes through i64.
// CHECK-LABEL: func.func @cast_and_constant(
// CHECK-NEXT:    %0 = "arith.constant"() <{value = dense<2.000000e+00> : tensor<4xf32>}> : () -> tensor<4xf32>
// CHECK-NEXT:    %1 = "tensor.empty"() : () -> tensor<4xf32>
// CHECK-NEXT:    %2 = "linalg.map"(%arg0, %1) ({
// CHECK-NEXT:    ^bb0(%arg1: index, %arg2: f32):
// CHECK-NEXT:      %5 = "arith.index_cast"(%arg1) : (index) -> i64
// CHECK-NEXT:      %6 = "arith.sitofp"(%5) : (i64) -> f32
// CHECK-NEXT:      "linalg.yield"(%6) : (f32) -> ()
// CHECK-NEXT:    }) : (tensor<4xindex>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %3 = "tensor.empty"() : () -> tensor<4xf32>
// CHECK-NEXT:    %4 = "linalg.map"(%2, %0, %3) ({
// CHECK-NEXT:    ^bb0(%arg1: f32, %arg2: f32, %arg3: f32):
// CHECK-NEXT:      %5 = "arith.divf"(%arg1, %arg2) : (f32, f32) -> f32
// CHECK-NEXT:      "linalg.yield"(%5) : (f32) -> ()
// CHECK-NEXT:    }) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    return %4 : tensor<4xf32>
func.func @cast_and_constant(%i: tensor<4xindex>) -> tensor<4xf32> {
  %c = nd.constant dense<2.0> : tensor<4xf32>
  %f = nd.cast %i : tensor<4xindex> to tensor<4xf32>
  %0 = nd.div %f, %c : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A batched matrix times a vector: the vector becomes a column, broadcast over
// the batch, and the column's unit dim is collapsed away at the end.
// CHECK-LABEL: func.func @batched_matvec(
// CHECK-NEXT:    %0 = "tensor.expand_shape"(%arg1) <{reassociation = {{\[\[}}0, 1]], static_output_shape = array<i64: 4, 1>}> : (tensor<4xf32>) -> tensor<4x1xf32>
// CHECK-NEXT:    %1 = "tensor.empty"() : () -> tensor<2x4x1xf32>
// CHECK-NEXT:    %2 = "linalg.broadcast"(%0, %1) <{dimensions = array<i64: 0>}> ({
// CHECK-NEXT:    ^bb0(%arg2: f32, %arg3: f32):
// CHECK-NEXT:      "linalg.yield"(%arg2) : (f32) -> ()
// CHECK-NEXT:    }) : (tensor<4x1xf32>, tensor<2x4x1xf32>) -> tensor<2x4x1xf32>
// CHECK-NEXT:    %3 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
// CHECK-NEXT:    %4 = "tensor.empty"() : () -> tensor<2x3x1xf32>
// CHECK-NEXT:    %5 = "linalg.fill"(%3, %4) <{operandSegmentSizes = array<i32: 1, 1>}> ({
// CHECK-NEXT:    ^bb0(%arg2: f32, %arg3: f32):
// CHECK-NEXT:      "linalg.yield"(%arg2) : (f32) -> ()
// CHECK-NEXT:    }) : (f32, tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
// CHECK-NEXT:    %6 = "linalg.batch_matmul"(%arg0, %2, %5) <{operandSegmentSizes = array<i32: 2, 1>}> ({
// CHECK-NEXT:    ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
// CHECK-NEXT:      %8 = "arith.mulf"(%arg2, %arg3) : (f32, f32) -> f32
// CHECK-NEXT:      %9 = "arith.addf"(%arg4, %8) : (f32, f32) -> f32
// CHECK-NEXT:      "linalg.yield"(%9) : (f32) -> ()
// CHECK-NEXT:    }) : (tensor<2x3x4xf32>, tensor<2x4x1xf32>, tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
// CHECK-NEXT:    %7 = "tensor.collapse_shape"(%6) <{reassociation = {{\[\[}}0], [1, 2]]}> : (tensor<2x3x1xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %7 : tensor<2x3xf32>
func.func @batched_matvec(%a: tensor<2x3x4xf32>, %v: tensor<4xf32>) -> tensor<2x3xf32> {
  %0 = nd.matmul %a, %v : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Upstream's own test.broadcastable is upstream MLIR already: it stays as it is
// (mlir-opt verifies it with upstream's Broadcastable trait), among exported ops.
// CHECK-LABEL: func.func @upstream_test_op(
// CHECK-NEXT:    %0 = "test.broadcastable"(%arg0, %arg1) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT:    %1 = "tensor.empty"() : () -> tensor<4xf32>
// CHECK-NEXT:    %2 = "linalg.map"(%arg1, %1) ({
// CHECK:         return %0, %2 : tensor<?x4xf32>, tensor<4xf32>
func.func @upstream_test_op(%x: tensor<?x4xf32>, %bias: tensor<4xf32>) -> (tensor<?x4xf32>, tensor<4xf32>) {
  %0 = "test.broadcastable"(%x, %bias) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %1 = nd.neg %bias : tensor<4xf32>
  return %0, %1 : tensor<?x4xf32>, tensor<4xf32>
}
