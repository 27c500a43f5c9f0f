// Every nd op in its custom form: it verifies, prints back in the custom
// form, and the printed form and the generic form both parse back to it.
// RUN: tensor-opt %s | tensor-opt | FileCheck %s
// RUN: tensor-opt %s --mlir-print-op-generic | tensor-opt | FileCheck %s
// The generic form numbers values as upstream does: uniquely across the module,
// regions taken from a worklist last-first, so later functions get lower numbers.
// RUN: tensor-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @binary
func.func @binary(%a: tensor<4xf32>, %b: tensor<2x4xf32>, %i: tensor<4xi32>, %j: tensor<2x4xi32>) {
  // CHECK: nd.add %arg0, %arg0 : tensor<4xf32>
  %0 = nd.add %a, %a : tensor<4xf32>
  // CHECK: nd.sub %arg0, %arg1 : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %1 = nd.sub %a, %b : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  // CHECK: nd.mul %arg1, %arg0 : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  %2 = nd.mul %b, %a : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  // CHECK: nd.div %arg0, %arg0 : tensor<4xf32>
  %3 = nd.div %a, %a : tensor<4xf32>
  // CHECK: nd.rem %arg2, %arg3 : (tensor<4xi32>, tensor<2x4xi32>) -> tensor<2x4xi32>
  %4 = nd.rem %i, %j : (tensor<4xi32>, tensor<2x4xi32>) -> tensor<2x4xi32>
  // CHECK: nd.pow %arg0, %arg0 : tensor<4xf32>
  %5 = nd.pow %a, %a : tensor<4xf32>
  // CHECK: nd.max %arg0, %arg1 : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %6 = nd.max %a, %b : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  // CHECK: nd.min %arg0, %arg0 : tensor<4xf32>
  %7 = nd.min %a, %a : tensor<4xf32>
  // CHECK: nd.and %arg2, %arg2 : tensor<4xi32>
  %8 = nd.and %i, %i : tensor<4xi32>
  // CHECK: nd.or %arg3, %arg2 : (tensor<2x4xi32>, tensor<4xi32>) -> tensor<2x4xi32>
  %9 = nd.or %j, %i : (tensor<2x4xi32>, tensor<4xi32>) -> tensor<2x4xi32>
  // CHECK: nd.xor %arg2, %arg2 : tensor<4xi32>
  %10 = nd.xor %i, %i : tensor<4xi32>
  // The shorthand is only a spelling: the full form prints short.
  // CHECK: nd.add %arg0, %arg0 : tensor<4xf32>
  %11 = nd.add %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // Discardable attributes are kept.
  // CHECK: nd.add %arg0, %arg0 {tag = "x"} : tensor<4xf32>
  %12 = nd.add %a, %a {tag = "x"} : tensor<4xf32>
  return
}

// CHECK-LABEL: func.func @explicit_dims
func.func @explicit_dims(%v: tensor<3xf32>, %m: tensor<2x3xf32>) {
  // CHECK: nd.add %arg1, %arg0 {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // GENERIC: "nd.add"(%arg19, %arg18) <{broadcast_dimensions = array<i64: 1>}> : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %0 = nd.add %m, %v {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: nd.cmp ge, %arg1, %arg0 {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %1 = nd.cmp ge, %m, %v {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  return
}

// CHECK-LABEL: func.func @compare_select
func.func @compare_select(%a: tensor<4xf32>, %b: tensor<f32>) {
  // CHECK: nd.cmp eq, %arg0, %arg1 : (tensor<4xf32>, tensor<f32>) -> tensor<4xi1>
  // GENERIC: "nd.cmp"(%arg16, %arg17) <{predicate = "eq"}> : (tensor<4xf32>, tensor<f32>) -> tensor<4xi1>
  %0 = nd.cmp eq, %a, %b : (tensor<4xf32>, tensor<f32>) -> tensor<4xi1>
  // CHECK: nd.cmp ne,
  %1 = nd.cmp ne, %a, %b : (tensor<4xf32>, tensor<f32>) -> tensor<4xi1>
  // CHECK: nd.cmp lt,
  %2 = nd.cmp lt, %a, %b : (tensor<4xf32>, tensor<f32>) -> tensor<4xi1>
  // CHECK: nd.cmp le,
  %3 = nd.cmp le, %a, %b : (tensor<4xf32>, tensor<f32>) -> tensor<4xi1>
  // CHECK: nd.cmp gt,
  %4 = nd.cmp gt, %a, %b : (tensor<4xf32>, tensor<f32>) -> tensor<4xi1>
  // CHECK: %[[C:.*]] = nd.cmp ge,
  %5 = nd.cmp ge, %a, %b : (tensor<4xf32>, tensor<f32>) -> tensor<4xi1>
  // CHECK: nd.select %[[C]], %arg0, %arg1 : (tensor<4xi1>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %6 = nd.select %5, %a, %b : (tensor<4xi1>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return
}

// CHECK-LABEL: func.func @unary
func.func @unary(%a: tensor<2x?xf32>, %i: tensor<3xi8>) {
  // CHECK: nd.neg %arg1 : tensor<3xi8>
  %0 = nd.neg %i : tensor<3xi8>
  // CHECK: nd.abs %arg1 : tensor<3xi8>
  %1 = nd.abs %i : tensor<3xi8>
  // CHECK: nd.exp %arg0 : tensor<2x?xf32>
  %2 = nd.exp %a : tensor<2x?xf32>
  // CHECK: nd.log %arg0 : tensor<2x?xf32>
  %3 = nd.log %a : tensor<2x?xf32>
  // CHECK: nd.sqrt %arg0 : tensor<2x?xf32>
  %4 = nd.sqrt %a : tensor<2x?xf32>
  // A result may be less precise than the operand (seed 003's table).
  // CHECK: nd.tanh %arg0 : (tensor<2x?xf32>) -> tensor<?x?xf32>
  %5 = nd.tanh %a : (tensor<2x?xf32>) -> tensor<?x?xf32>
  return
}

// CHECK-LABEL: func.func @constant_cast
func.func @constant_cast(%u: tensor<*xf32>) {
  // CHECK: nd.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  // GENERIC: "nd.constant"() <{value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %0 = nd.constant dense<[1.0, 2.0]> : tensor<2xf32>
  // CHECK: nd.constant dense<0> : tensor<2x3xi32>
  %1 = nd.constant dense<0> : tensor<2x3xi32>
  // CHECK: nd.constant {tag} dense<5> : tensor<index>
  %2 = nd.constant {tag} dense<5> : tensor<index>
  // CHECK: nd.cast %{{.*}} : tensor<2xf32> to tensor<2xi32>
  %3 = nd.cast %0 : tensor<2xf32> to tensor<2xi32>
  // CHECK: nd.cast %{{.*}} : tensor<index> to tensor<f32>
  %4 = nd.cast %2 : tensor<index> to tensor<f32>
  // CHECK: nd.cast %arg0 : tensor<*xf32> to tensor<*xf16>
  %5 = nd.cast %u : tensor<*xf32> to tensor<*xf16>
  return
}

// CHECK-LABEL: func.func @broadcasts
func.func @broadcasts(%v: tensor<3xf32>, %m: tensor<1x3xf32>, %s: tensor<2xindex>, %i: tensor<2x1xi32>) {
  // CHECK: nd.broadcast_in_dim %arg0, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  // GENERIC: "nd.broadcast_in_dim"(%arg9) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf32>) -> tensor<2x3xf32>
  %0 = nd.broadcast_in_dim %v, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  // StableHLO allows a transposing broadcast.
  // CHECK: nd.broadcast_in_dim %arg1, dims = [2, 1] : (tensor<1x3xf32>) -> tensor<2x3x2xf32>
  %1 = nd.broadcast_in_dim %m, dims = [2, 1] : (tensor<1x3xf32>) -> tensor<2x3x2xf32>
  // CHECK: nd.broadcast_in_dim %arg0, %arg2, dims = [1] : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
  %2 = nd.broadcast_in_dim %v, %s, dims = [1] : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
  // CHECK: nd.broadcast_to %arg0, shape = [2, 3] : (tensor<3xf32>) -> tensor<2x3xf32>
  // GENERIC: "nd.broadcast_to"(%arg9) <{shape = array<i64: 2, 3>}> : (tensor<3xf32>) -> tensor<2x3xf32>
  %3 = nd.broadcast_to %v, shape = [2, 3] : (tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: nd.broadcast_to %arg0, %arg2 : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
  %4 = nd.broadcast_to %v, %s : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
  // CHECK: %{{.*}}:2 = nd.broadcast %arg0, %arg3 : (tensor<3xf32>, tensor<2x1xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>)
  %5:2 = nd.broadcast %v, %i : (tensor<3xf32>, tensor<2x1xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>)
  // CHECK: nd.broadcast %arg0 : (tensor<3xf32>) -> tensor<3xf32>
  %6 = nd.broadcast %v : (tensor<3xf32>) -> tensor<3xf32>
  // CHECK: nd.assign %{{.*}}, %arg1 : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  %7 = nd.assign %0, %m : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  return
}

// CHECK-LABEL: func.func @shapes
func.func @shapes(%x: tensor<2x?xf32>, %u: tensor<*xf32>, %t: tensor<?xindex>) {
  // CHECK: %[[S:.*]] = nd.shape_of %arg0 : (tensor<2x?xf32>) -> tensor<2xindex>
  %0 = nd.shape_of %x : (tensor<2x?xf32>) -> tensor<2xindex>
  // CHECK: nd.shape_of %arg1 : (tensor<*xf32>) -> tensor<?xindex>
  %1 = nd.shape_of %u : (tensor<*xf32>) -> tensor<?xindex>
  // CHECK: nd.dim %arg0[1] : (tensor<2x?xf32>) -> tensor<index>
  // GENERIC: "nd.dim"(%arg6) <{index = 1 : i64}> : (tensor<2x?xf32>) -> tensor<index>
  %2 = nd.dim %x[1] : (tensor<2x?xf32>) -> tensor<index>
  // CHECK: nd.dim %arg0[0] : (tensor<2x?xf32>) -> index
  %3 = nd.dim %x[0] : (tensor<2x?xf32>) -> index
  // CHECK: nd.broadcast_shapes %[[S]], %arg2 : (tensor<2xindex>, tensor<?xindex>) -> tensor<?xindex>
  %4 = nd.broadcast_shapes %0, %t : (tensor<2xindex>, tensor<?xindex>) -> tensor<?xindex>
  // CHECK: nd.broadcast_shapes %[[S]], %[[S]], %[[S]] : (tensor<2xindex>, tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
  %5 = nd.broadcast_shapes %0, %0, %0 : (tensor<2xindex>, tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
  return
}

// CHECK-LABEL: func.func @reduce_matmul
func.func @reduce_matmul(%x: tensor<4x8xf32>, %a: tensor<2x3x4xf32>, %b: tensor<4x5xf32>, %v: tensor<4xf32>) {
  // CHECK: nd.reduce sum %arg0 across [1] keep_dims : (tensor<4x8xf32>) -> tensor<4x1xf32>
  // GENERIC: "nd.reduce"(%arg2) <{dimensions = array<i64: 1>, keep_dims, kind = "sum"}> : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %0 = nd.reduce sum %x across [1] keep_dims : (tensor<4x8xf32>) -> tensor<4x1xf32>
  // CHECK: nd.reduce max %arg0 across [0] : (tensor<4x8xf32>) -> tensor<8xf32>
  %1 = nd.reduce max %x across [0] : (tensor<4x8xf32>) -> tensor<8xf32>
  // CHECK: nd.reduce min %arg0 across [0, 1] : (tensor<4x8xf32>) -> tensor<f32>
  %2 = nd.reduce min %x across [0, 1] : (tensor<4x8xf32>) -> tensor<f32>
  // CHECK: nd.reduce prod %arg0 across [] : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %3 = nd.reduce prod %x across [] : (tensor<4x8xf32>) -> tensor<4x8xf32>
  // CHECK: nd.matmul %arg1, %arg2 : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  %4 = nd.matmul %a, %b : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  // CHECK: nd.matmul %arg1, %arg3 : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  %5 = nd.matmul %a, %v : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  // CHECK: nd.matmul %arg3, %arg2 : (tensor<4xf32>, tensor<4x5xf32>) -> tensor<5xf32>
  %6 = nd.matmul %v, %b : (tensor<4xf32>, tensor<4x5xf32>) -> tensor<5xf32>
  // CHECK: nd.matmul %arg3, %arg3 : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
  %7 = nd.matmul %v, %v : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
  return
}

// The generic form is accepted as written, with the attributes in either
// the properties or the attribute dictionary.
// CHECK-LABEL: func.func @generic
func.func @generic(%a: tensor<4xf32>, %b: tensor<1x2xf32>) {
  // CHECK: nd.add %arg0, %arg1 {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<1x2xf32>) -> tensor<4x2xf32>
  %0 = "nd.add"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<1x2xf32>) -> tensor<4x2xf32>
  // CHECK: nd.reduce sum %arg0 across [0] : (tensor<4xf32>) -> tensor<f32>
  %1 = "nd.reduce"(%a) <{kind = "sum", dimensions = array<i64: 0>, keep_dims = false}> : (tensor<4xf32>) -> tensor<f32>
  return
}
