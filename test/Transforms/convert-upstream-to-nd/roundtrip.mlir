// --convert-upstream-to-nd reads the static subset --convert-nd-to-upstream emits
// back into nd: exporting a lowered program and importing it gives the lowered
// program again, byte for byte (the diff), which --verify-explicit-broadcast
// accepts. tests/export_upstream.rs also runs the examples' functions before and
// after the round trip with tensor-run and compares the results.
// RUN: tensor-opt %s -split-input-file --lower-broadcast > %t
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd --verify-explicit-broadcast | diff %t -
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd | FileCheck %s

// An elementwise op of equal shapes: linalg.map over an arith op.
// CHECK-LABEL: func.func @add(
// CHECK-NEXT:    %0 = nd.add %arg0, %arg1 : tensor<2x3xf32>
// CHECK-NEXT:    return %0 : tensor<2x3xf32>
func.func @add(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = nd.add %a, %b : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// A static 1 that stretches: tensor.collapse_shape drops it, linalg.broadcast
// adds the dim back at its full size (linalg.broadcast cannot expand a dim).
// CHECK-LABEL: func.func @stretch(
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %arg1, dims = [1] : (tensor<5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    %2 = nd.mul %0, %1 : tensor<3x5xf32>
// CHECK-NEXT:    return %2 : tensor<3x5xf32>
func.func @stretch(%a: tensor<3x1xf32>, %b: tensor<5xf32>) -> tensor<3x5xf32> {
  %0 = nd.mul %a, %b : (tensor<3x1xf32>, tensor<5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// A broadcast_in_dim that permutes dims: a linalg.map with no inputs that reads
// the operand at the output's indices.
// CHECK-LABEL: func.func @transpose(
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:    return %0 : tensor<3x2xf32>
func.func @transpose(%k: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = nd.broadcast_in_dim %k, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// nd.reduce max with keep_dims: linalg.fill with the identity (the lowest i32),
// linalg.reduce, then tensor.expand_shape gives back the 1.
// CHECK-LABEL: func.func @reduce_keep(
// CHECK-NEXT:    %0 = nd.reduce max %arg0 across [1] keep_dims : (tensor<4x10xi32>) -> tensor<4x1xi32>
// CHECK-NEXT:    return %0 : tensor<4x1xi32>
func.func @reduce_keep(%x: tensor<4x10xi32>) -> tensor<4x1xi32> {
  %0 = nd.reduce max %x across [1] keep_dims : (tensor<4x10xi32>) -> tensor<4x1xi32>
  return %0 : tensor<4x1xi32>
}

// -----

// A rank-4 matmul: the batch dims collapse into one for linalg.batch_matmul and
// are expanded back.
// CHECK-LABEL: func.func @batched(
// CHECK-NEXT:    %0 = nd.matmul %arg0, %arg1 : (tensor<2x4x8x16xf32>, tensor<2x4x16x8xf32>) -> tensor<2x4x8x8xf32>
// CHECK-NEXT:    return %0 : tensor<2x4x8x8xf32>
func.func @batched(%a: tensor<2x4x8x16xf32>, %b: tensor<2x4x16x8xf32>) -> tensor<2x4x8x8xf32> {
  %0 = nd.matmul %a, %b : (tensor<2x4x8x16xf32>, tensor<2x4x16x8xf32>) -> tensor<2x4x8x8xf32>
  return %0 : tensor<2x4x8x8xf32>
}

// -----

// A vector times a matrix: the vector becomes a 1-row matrix for linalg.matmul,
// and the row is collapsed away.
// CHECK-LABEL: func.func @vecmat(
// CHECK-NEXT:    %0 = nd.matmul %arg0, %arg1 : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    return %0 : tensor<4xf32>
func.func @vecmat(%a: tensor<3xf32>, %b: tensor<3x4xf32>) -> tensor<4xf32> {
  %0 = nd.matmul %a, %b : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// nd.cmp and nd.select: arith.cmpf (ordered lt) and arith.select.
// CHECK-LABEL: func.func @compare_select(
// CHECK-NEXT:    %0 = nd.cmp lt, %arg0, %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT:    %1 = nd.select %0, %arg0, %arg1 : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    return %1 : tensor<4xf32>
func.func @compare_select(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %c = nd.cmp lt, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %0 = nd.select %c, %a, %b : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Integer nd.rem is NumPy's remainder: arith.remsi, plus the divisor where the
// signs differ.
// CHECK-LABEL: func.func @int_rem(
// CHECK-NEXT:    %0 = nd.rem %arg0, %arg1 : tensor<4xi32>
// CHECK-NEXT:    return %0 : tensor<4xi32>
func.func @int_rem(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = nd.rem %a, %b : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// nd.constant is arith.constant; nd.cast from index to f32 goes through i64.
// CHECK-LABEL: func.func @cast_and_constant(
// CHECK-NEXT:    %0 = nd.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK-NEXT:    %1 = nd.cast %arg0 : tensor<4xindex> to tensor<4xf32>
// CHECK-NEXT:    %2 = nd.div %1, %0 : tensor<4xf32>
// CHECK-NEXT:    return %2 : tensor<4xf32>
func.func @cast_and_constant(%i: tensor<4xindex>) -> tensor<4xf32> {
  %c = nd.constant dense<2.0> : tensor<4xf32>
  %f = nd.cast %i : tensor<4xindex> to tensor<4xf32>
  %0 = nd.div %f, %c : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// examples: @softmax.
// CHECK-LABEL: func.func @softmax(
// CHECK-NEXT:    %0 = nd.reduce max %arg0 across [1] keep_dims : (tensor<4x10xf32>) -> tensor<4x1xf32>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %0, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x10xf32>
// CHECK-NEXT:    %2 = nd.sub %arg0, %1 : tensor<4x10xf32>
// CHECK-NEXT:    %3 = nd.exp %2 : tensor<4x10xf32>
// CHECK-NEXT:    %4 = nd.reduce sum %3 across [1] keep_dims : (tensor<4x10xf32>) -> tensor<4x1xf32>
// CHECK-NEXT:    %5 = nd.broadcast_in_dim %4, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x10xf32>
// CHECK-NEXT:    %6 = nd.div %3, %5 : tensor<4x10xf32>
// CHECK-NEXT:    return %6 : tensor<4x10xf32>
func.func @softmax(%x: tensor<4x10xf32>) -> tensor<4x10xf32> {
  %max = nd.reduce max %x across [1] keep_dims : (tensor<4x10xf32>) -> tensor<4x1xf32>
  %shifted = nd.sub %x, %max : (tensor<4x10xf32>, tensor<4x1xf32>) -> tensor<4x10xf32>
  %e = nd.exp %shifted : tensor<4x10xf32>
  %sum = nd.reduce sum %e across [1] keep_dims : (tensor<4x10xf32>) -> tensor<4x1xf32>
  %y = nd.div %e, %sum : (tensor<4x10xf32>, tensor<4x1xf32>) -> tensor<4x10xf32>
  return %y : tensor<4x10xf32>
}

// -----

// examples: @softmax_xla.
// CHECK-LABEL: func.func @softmax_xla(
// CHECK-NEXT:    %0 = nd.reduce max %arg0 across [1] : (tensor<4x10xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %0, dims = [0] : (tensor<4xf32>) -> tensor<4x10xf32>
// CHECK-NEXT:    %2 = nd.sub %arg0, %1 : tensor<4x10xf32>
// CHECK-NEXT:    %3 = nd.exp %2 : tensor<4x10xf32>
// CHECK-NEXT:    %4 = nd.reduce sum %3 across [1] : (tensor<4x10xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %5 = nd.broadcast_in_dim %4, dims = [0] : (tensor<4xf32>) -> tensor<4x10xf32>
// CHECK-NEXT:    %6 = nd.div %3, %5 : tensor<4x10xf32>
// CHECK-NEXT:    return %6 : tensor<4x10xf32>
func.func @softmax_xla(%x: tensor<4x10xf32>) -> tensor<4x10xf32> {
  %max = nd.reduce max %x across [1] : (tensor<4x10xf32>) -> tensor<4xf32>
  %shifted = nd.sub %x, %max {broadcast_dimensions = array<i64: 0>} : (tensor<4x10xf32>, tensor<4xf32>) -> tensor<4x10xf32>
  %e = nd.exp %shifted : tensor<4x10xf32>
  %sum = nd.reduce sum %e across [1] : (tensor<4x10xf32>) -> tensor<4xf32>
  %y = nd.div %e, %sum {broadcast_dimensions = array<i64: 0>} : (tensor<4x10xf32>, tensor<4xf32>) -> tensor<4x10xf32>
  return %y : tensor<4x10xf32>
}

// -----

// examples: @layer_norm.
// CHECK-LABEL: func.func @layer_norm(
// CHECK-NEXT:    %0 = nd.constant dense<1.600000e+01> : tensor<f32>
// CHECK-NEXT:    %1 = nd.constant dense<9.99999974E-6> : tensor<f32>
// CHECK-NEXT:    %2 = nd.reduce sum %arg0 across [2] keep_dims : (tensor<2x8x16xf32>) -> tensor<2x8x1xf32>
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
// CHECK-NEXT:    %4 = nd.div %2, %3 : tensor<2x8x1xf32>
// CHECK-NEXT:    %5 = nd.broadcast_in_dim %4, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x16xf32>
// CHECK-NEXT:    %6 = nd.sub %arg0, %5 : tensor<2x8x16xf32>
// CHECK-NEXT:    %7 = nd.mul %6, %6 : tensor<2x8x16xf32>
// CHECK-NEXT:    %8 = nd.reduce sum %7 across [2] keep_dims : (tensor<2x8x16xf32>) -> tensor<2x8x1xf32>
// CHECK-NEXT:    %9 = nd.div %8, %3 : tensor<2x8x1xf32>
// CHECK-NEXT:    %10 = nd.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
// CHECK-NEXT:    %11 = nd.add %9, %10 : tensor<2x8x1xf32>
// CHECK-NEXT:    %12 = nd.sqrt %11 : tensor<2x8x1xf32>
// CHECK-NEXT:    %13 = nd.broadcast_in_dim %12, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x16xf32>
// CHECK-NEXT:    %14 = nd.div %6, %13 : tensor<2x8x16xf32>
// CHECK-NEXT:    %15 = nd.broadcast_in_dim %arg1, dims = [2] : (tensor<16xf32>) -> tensor<2x8x16xf32>
// CHECK-NEXT:    %16 = nd.mul %14, %15 : tensor<2x8x16xf32>
// CHECK-NEXT:    %17 = nd.broadcast_in_dim %arg2, dims = [2] : (tensor<16xf32>) -> tensor<2x8x16xf32>
// CHECK-NEXT:    %18 = nd.add %16, %17 : tensor<2x8x16xf32>
// CHECK-NEXT:    return %18 : tensor<2x8x16xf32>
func.func @layer_norm(%x: tensor<2x8x16xf32>, %gamma: tensor<16xf32>, %beta: tensor<16xf32>) -> tensor<2x8x16xf32> {
  %n = nd.constant dense<16.0> : tensor<f32>
  %eps = nd.constant dense<1.0e-05> : tensor<f32>
  %sum = nd.reduce sum %x across [2] keep_dims : (tensor<2x8x16xf32>) -> tensor<2x8x1xf32>
  %mean = nd.div %sum, %n : (tensor<2x8x1xf32>, tensor<f32>) -> tensor<2x8x1xf32>
  %xc = nd.sub %x, %mean : (tensor<2x8x16xf32>, tensor<2x8x1xf32>) -> tensor<2x8x16xf32>
  %sq = nd.mul %xc, %xc : tensor<2x8x16xf32>
  %sqsum = nd.reduce sum %sq across [2] keep_dims : (tensor<2x8x16xf32>) -> tensor<2x8x1xf32>
  %var = nd.div %sqsum, %n : (tensor<2x8x1xf32>, tensor<f32>) -> tensor<2x8x1xf32>
  %vareps = nd.add %var, %eps : (tensor<2x8x1xf32>, tensor<f32>) -> tensor<2x8x1xf32>
  %std = nd.sqrt %vareps : tensor<2x8x1xf32>
  %norm = nd.div %xc, %std : (tensor<2x8x16xf32>, tensor<2x8x1xf32>) -> tensor<2x8x16xf32>
  %scaled = nd.mul %norm, %gamma : (tensor<2x8x16xf32>, tensor<16xf32>) -> tensor<2x8x16xf32>
  %y = nd.add %scaled, %beta : (tensor<2x8x16xf32>, tensor<16xf32>) -> tensor<2x8x16xf32>
  return %y : tensor<2x8x16xf32>
}

// -----

// examples: @outer_numpy.
// CHECK-LABEL: func.func @outer_numpy(
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %0, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    %2 = nd.broadcast_in_dim %arg1, dims = [1] : (tensor<5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    %3 = nd.mul %1, %2 : tensor<3x5xf32>
// CHECK-NEXT:    return %3 : tensor<3x5xf32>
func.func @outer_numpy(%a: tensor<3xf32>, %b: tensor<5xf32>) -> tensor<3x5xf32> {
  %col = nd.broadcast_in_dim %a, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
  %out = nd.mul %col, %b : (tensor<3x1xf32>, tensor<5xf32>) -> tensor<3x5xf32>
  return %out : tensor<3x5xf32>
}

// -----

// examples: @outer_xla.
// CHECK-LABEL: func.func @outer_xla(
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %0, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    %2 = nd.broadcast_in_dim %arg1, dims = [1] : (tensor<5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    %3 = nd.mul %1, %2 : tensor<3x5xf32>
// CHECK-NEXT:    return %3 : tensor<3x5xf32>
func.func @outer_xla(%a: tensor<3xf32>, %b: tensor<5xf32>) -> tensor<3x5xf32> {
  %col = nd.broadcast_in_dim %a, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
  %out = nd.mul %col, %b {broadcast_dimensions = array<i64: 1>} : (tensor<3x1xf32>, tensor<5xf32>) -> tensor<3x5xf32>
  return %out : tensor<3x5xf32>
}

// -----

// examples: @outer_matmul.
// CHECK-LABEL: func.func @outer_matmul(
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %arg1, dims = [1] : (tensor<5xf32>) -> tensor<1x5xf32>
// CHECK-NEXT:    %2 = nd.matmul %0, %1 : (tensor<3x1xf32>, tensor<1x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    return %2 : tensor<3x5xf32>
func.func @outer_matmul(%a: tensor<3xf32>, %b: tensor<5xf32>) -> tensor<3x5xf32> {
  %col = nd.broadcast_in_dim %a, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
  %row = nd.broadcast_in_dim %b, dims = [1] : (tensor<5xf32>) -> tensor<1x5xf32>
  %out = nd.matmul %col, %row : (tensor<3x1xf32>, tensor<1x5xf32>) -> tensor<3x5xf32>
  return %out : tensor<3x5xf32>
}

// -----

// examples: @attention.
// CHECK-LABEL: func.func @attention(
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg1, dims = [0, 1, 3, 2] : (tensor<2x4x8x16xf32>) -> tensor<2x4x16x8xf32>
// CHECK-NEXT:    %1 = nd.matmul %arg0, %0 : (tensor<2x4x8x16xf32>, tensor<2x4x16x8xf32>) -> tensor<2x4x8x8xf32>
// CHECK-NEXT:    %2 = nd.constant dense<2.500000e-01> : tensor<f32>
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %2, dims = [] : (tensor<f32>) -> tensor<2x4x8x8xf32>
// CHECK-NEXT:    %4 = nd.mul %1, %3 : tensor<2x4x8x8xf32>
// CHECK-NEXT:    %5 = nd.broadcast_in_dim %arg3, dims = [0, 1, 2, 3] : (tensor<2x1x1x8xf32>) -> tensor<2x4x8x8xf32>
// CHECK-NEXT:    %6 = nd.add %4, %5 : tensor<2x4x8x8xf32>
// CHECK-NEXT:    %7 = nd.reduce max %6 across [3] keep_dims : (tensor<2x4x8x8xf32>) -> tensor<2x4x8x1xf32>
// CHECK-NEXT:    %8 = nd.broadcast_in_dim %7, dims = [0, 1, 2, 3] : (tensor<2x4x8x1xf32>) -> tensor<2x4x8x8xf32>
// CHECK-NEXT:    %9 = nd.sub %6, %8 : tensor<2x4x8x8xf32>
// CHECK-NEXT:    %10 = nd.exp %9 : tensor<2x4x8x8xf32>
// CHECK-NEXT:    %11 = nd.reduce sum %10 across [3] keep_dims : (tensor<2x4x8x8xf32>) -> tensor<2x4x8x1xf32>
// CHECK-NEXT:    %12 = nd.broadcast_in_dim %11, dims = [0, 1, 2, 3] : (tensor<2x4x8x1xf32>) -> tensor<2x4x8x8xf32>
// CHECK-NEXT:    %13 = nd.div %10, %12 : tensor<2x4x8x8xf32>
// CHECK-NEXT:    %14 = nd.matmul %13, %arg2 : (tensor<2x4x8x8xf32>, tensor<2x4x8x16xf32>) -> tensor<2x4x8x16xf32>
// CHECK-NEXT:    return %14 : tensor<2x4x8x16xf32>
func.func @attention(%q: tensor<2x4x8x16xf32>, %k: tensor<2x4x8x16xf32>, %v: tensor<2x4x8x16xf32>,
                     %mask: tensor<2x1x1x8xf32>) -> tensor<2x4x8x16xf32> {
  %kt = nd.broadcast_in_dim %k, dims = [0, 1, 3, 2] : (tensor<2x4x8x16xf32>) -> tensor<2x4x16x8xf32>
  %scores = nd.matmul %q, %kt : (tensor<2x4x8x16xf32>, tensor<2x4x16x8xf32>) -> tensor<2x4x8x8xf32>
  %scale = nd.constant dense<0.25> : tensor<f32>
  %scaled = nd.mul %scores, %scale : (tensor<2x4x8x8xf32>, tensor<f32>) -> tensor<2x4x8x8xf32>
  %biased = nd.add %scaled, %mask : (tensor<2x4x8x8xf32>, tensor<2x1x1x8xf32>) -> tensor<2x4x8x8xf32>
  %max = nd.reduce max %biased across [3] keep_dims : (tensor<2x4x8x8xf32>) -> tensor<2x4x8x1xf32>
  %shifted = nd.sub %biased, %max : (tensor<2x4x8x8xf32>, tensor<2x4x8x1xf32>) -> tensor<2x4x8x8xf32>
  %e = nd.exp %shifted : tensor<2x4x8x8xf32>
  %sum = nd.reduce sum %e across [3] keep_dims : (tensor<2x4x8x8xf32>) -> tensor<2x4x8x1xf32>
  %p = nd.div %e, %sum : (tensor<2x4x8x8xf32>, tensor<2x4x8x1xf32>) -> tensor<2x4x8x8xf32>
  %out = nd.matmul %p, %v : (tensor<2x4x8x8xf32>, tensor<2x4x8x16xf32>) -> tensor<2x4x8x16xf32>
  return %out : tensor<2x4x8x16xf32>
}

// -----

// examples: @bias_add_xla.
// CHECK-LABEL: func.func @bias_add_xla(
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg1, dims = [0, 3] : (tensor<2x8xf32>) -> tensor<2x4x8x8xf32>
// CHECK-NEXT:    %1 = nd.add %arg0, %0 : tensor<2x4x8x8xf32>
// CHECK-NEXT:    return %1 : tensor<2x4x8x8xf32>
func.func @bias_add_xla(%scores: tensor<2x4x8x8xf32>, %bias: tensor<2x8xf32>) -> tensor<2x4x8x8xf32> {
  %0 = nd.add %scores, %bias {broadcast_dimensions = array<i64: 0, 3>} : (tensor<2x4x8x8xf32>, tensor<2x8xf32>) -> tensor<2x4x8x8xf32>
  return %0 : tensor<2x4x8x8xf32>
}

// -----

// The float math ops: each math op reads back as the op whose declared
// function the export writes with it.
// CHECK-LABEL: func.func @float_math(
// CHECK-NEXT:    nd.sin %arg0 : tensor<4xf32>
// CHECK-NEXT:    nd.cos %arg0 : tensor<4xf32>
// CHECK-NEXT:    nd.floor %arg0 : tensor<4xf32>
// CHECK-NEXT:    nd.ceil %arg0 : tensor<4xf32>
// CHECK-NEXT:    nd.rsqrt %arg1 : tensor<3xf16>
func.func @float_math(%x: tensor<4xf32>, %y: tensor<3xf16>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<3xf16>) {
  %s = nd.sin %x : tensor<4xf32>
  %c = nd.cos %x : tensor<4xf32>
  %f = nd.floor %x : tensor<4xf32>
  %e = nd.ceil %x : tensor<4xf32>
  %r = nd.rsqrt %y : tensor<3xf16>
  return %s, %c, %f, %e, %r : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<3xf16>
}

// -----

// math.atan2 reads back as nd.atan2, its operands in their order; an XLA
// broadcast is lowered before the export.
// CHECK-LABEL: func.func @atan2(
// CHECK-NEXT:    %0 = nd.atan2 %arg0, %arg1 : tensor<4xf32>
// CHECK-NEXT:    %1 = nd.atan2 %arg1, %arg0 : tensor<4xf32>
// CHECK-NEXT:    %2 = nd.broadcast_in_dim %arg2, dims = [0] : (tensor<3xf16>) -> tensor<3x2xf16>
// CHECK-NEXT:    %3 = nd.atan2 %2, %arg3 : tensor<3x2xf16>
func.func @atan2(%y: tensor<4xf32>, %x: tensor<4xf32>, %h: tensor<3xf16>, %m: tensor<3x2xf16>) -> (tensor<4xf32>, tensor<4xf32>, tensor<3x2xf16>) {
  %0 = nd.atan2 %y, %x : tensor<4xf32>
  %1 = nd.atan2 %x, %y : tensor<4xf32>
  %2 = nd.atan2 %h, %m {broadcast_dimensions = array<i64: 0>} : (tensor<3xf16>, tensor<3x2xf16>) -> tensor<3x2xf16>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<3x2xf16>
}

// -----

// nd.clamp's two-op body (max, then min) reads back as nd.clamp, its operands
// in their order; a scalar bound is broadcast before the export.
// CHECK-LABEL: func.func @clamp(
// CHECK-NEXT:    %0 = nd.clamp %arg0, %arg1, %arg2 : tensor<4xf32>
// CHECK-NEXT:    %1 = nd.clamp %arg1, %arg0, %arg2 : tensor<4xf32>
// CHECK-NEXT:    %2 = nd.broadcast_in_dim %arg4, dims = [] : (tensor<i8>) -> tensor<3xi8>
// CHECK-NEXT:    %3 = nd.clamp %arg3, %2, %arg3 : tensor<3xi8>
func.func @clamp(%x: tensor<4xf32>, %lo: tensor<4xf32>, %hi: tensor<4xf32>, %i: tensor<3xi8>, %s: tensor<i8>) -> (tensor<4xf32>, tensor<4xf32>, tensor<3xi8>) {
  %0 = nd.clamp %x, %lo, %hi : tensor<4xf32>
  %1 = nd.clamp %lo, %x, %hi : tensor<4xf32>
  %2 = nd.clamp %i, %s, %i : (tensor<3xi8>, tensor<i8>, tensor<3xi8>) -> tensor<3xi8>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<3xi8>
}

// -----

// math.roundeven and math.erf read back as nd.round_even and nd.erf; an
// arith.xori with all ones as nd.not (of integers, index and i1).
// CHECK-LABEL: func.func @round_not_erf(
// CHECK-NEXT:    nd.round_even %arg0 : tensor<4xf32>
// CHECK-NEXT:    nd.erf %arg1 : tensor<3xf16>
// CHECK-NEXT:    nd.not %arg2 : tensor<4xi32>
// CHECK-NEXT:    nd.not %arg3 : tensor<2xi1>
// CHECK-NEXT:    nd.not %arg4 : tensor<2xindex>
func.func @round_not_erf(%x: tensor<4xf32>, %y: tensor<3xf16>, %i: tensor<4xi32>, %b: tensor<2xi1>, %k: tensor<2xindex>) -> (tensor<4xf32>, tensor<3xf16>, tensor<4xi32>, tensor<2xi1>, tensor<2xindex>) {
  %r = nd.round_even %x : tensor<4xf32>
  %e = nd.erf %y : tensor<3xf16>
  %n = nd.not %i : tensor<4xi32>
  %m = nd.not %b : tensor<2xi1>
  %o = nd.not %k : tensor<2xindex>
  return %r, %e, %n, %m, %o : tensor<4xf32>, tensor<3xf16>, tensor<4xi32>, tensor<2xi1>, tensor<2xindex>
}

// -----

// nd.sign's two selects on compares with 0 read back as nd.sign.
// CHECK-LABEL: func.func @sign(
// CHECK-NEXT:    nd.sign %arg0 : tensor<4xf32>
// CHECK-NEXT:    nd.sign %arg1 : tensor<3xbf16>
// CHECK-NEXT:    nd.sign %arg2 : tensor<4xi8>
// CHECK-NEXT:    nd.sign %arg3 : tensor<2xindex>
func.func @sign(%x: tensor<4xf32>, %y: tensor<3xbf16>, %i: tensor<4xi8>, %k: tensor<2xindex>) -> (tensor<4xf32>, tensor<3xbf16>, tensor<4xi8>, tensor<2xindex>) {
  %a = nd.sign %x : tensor<4xf32>
  %b = nd.sign %y : tensor<3xbf16>
  %c = nd.sign %i : tensor<4xi8>
  %d = nd.sign %k : tensor<2xindex>
  return %a, %b, %c, %d : tensor<4xf32>, tensor<3xbf16>, tensor<4xi8>, tensor<2xindex>
}

// -----

// The bodies of nd.log1p, nd.expm1 and nd.logistic read back as the ops: a body
// op (math.log, math.exp) hints at every op whose declared function the export
// writes with it, and the one whose export is the body is kept. A lone math.log
// or math.exp is still nd.log or nd.exp.
// CHECK-LABEL: func.func @log1p_expm1_logistic(
// CHECK-NEXT:    nd.log1p %arg0 : tensor<4xf32>
// CHECK-NEXT:    nd.expm1 %arg1 : tensor<3xbf16>
// CHECK-NEXT:    nd.logistic %arg2 : tensor<2xf64>
// CHECK-NEXT:    nd.log %arg0 : tensor<4xf32>
// CHECK-NEXT:    nd.exp %arg2 : tensor<2xf64>
func.func @log1p_expm1_logistic(%x: tensor<4xf32>, %y: tensor<3xbf16>, %z: tensor<2xf64>) -> (tensor<4xf32>, tensor<3xbf16>, tensor<2xf64>, tensor<4xf32>, tensor<2xf64>) {
  %l = nd.log1p %x : tensor<4xf32>
  %e = nd.expm1 %y : tensor<3xbf16>
  %g = nd.logistic %z : tensor<2xf64>
  %n = nd.log %x : tensor<4xf32>
  %p = nd.exp %z : tensor<2xf64>
  return %l, %e, %g, %n, %p : tensor<4xf32>, tensor<3xbf16>, tensor<2xf64>, tensor<4xf32>, tensor<2xf64>
}
