// stablehlo ops: the custom forms round-trip, print as torch-mlir-opt prints
// them (tests/stablehlo_torch_mlir.rs compares every chunk), and survive the
// generic form.
// RUN: tensor-opt %s -split-input-file | FileCheck %s
// RUN: tensor-opt %s -split-input-file | tensor-opt -split-input-file | FileCheck %s
// RUN: tensor-opt %s -split-input-file --mlir-print-op-generic | tensor-opt -split-input-file | FileCheck %s

// Constants, named as upstream names them (%cst for floats, %c for integers).
func.func @constants() -> (tensor<4xf32>, tensor<i32>, tensor<2xi1>) {
  %0 = stablehlo.constant dense<1.0> : tensor<4xf32>
  %1 = stablehlo.constant dense<3> : tensor<i32>
  %2 = stablehlo.constant {foo} dense<[true, false]> : tensor<2xi1>
  %3 = stablehlo.constant dense<0.5> : tensor<f32>
  %4 = stablehlo.constant dense<7> : tensor<i32>
  return %0, %1, %2 : tensor<4xf32>, tensor<i32>, tensor<2xi1>
}
// CHECK-LABEL: func.func @constants(
// CHECK-NEXT: %cst = stablehlo.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-NEXT: %c = stablehlo.constant dense<3> : tensor<i32>
// CHECK-NEXT: %c_0 = stablehlo.constant {foo} dense<[true, false]> : tensor<2xi1>
// CHECK-NEXT: %cst_1 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
// CHECK-NEXT: %c_2 = stablehlo.constant dense<7> : tensor<i32>
// CHECK-NEXT: return %cst, %c, %c_0 : tensor<4xf32>, tensor<i32>, tensor<2xi1>

// -----

// Indices.
func.func @iota(%shape: tensor<2xi32>) -> (tensor<4xi32>, tensor<?x4xi32>) {
  %0 = stablehlo.iota dim = 0 : tensor<4xi32>
  %1 = stablehlo.dynamic_iota %shape, dim = 1 : (tensor<2xi32>) -> tensor<?x4xi32>
  return %0, %1 : tensor<4xi32>, tensor<?x4xi32>
}
// CHECK-LABEL: func.func @iota(
// CHECK-NEXT: %0 = stablehlo.iota dim = 0 : tensor<4xi32>
// CHECK-NEXT: %1 = stablehlo.dynamic_iota %arg0, dim = 1 : (tensor<2xi32>) -> tensor<?x4xi32>
// CHECK-NEXT: return %0, %1 : tensor<4xi32>, tensor<?x4xi32>

// -----

// Binary elementwise ops: one type, or the functional type.
func.func @binary(%a: tensor<4xf32>, %b: tensor<4xf32>, %i: tensor<4xi32>, %d: tensor<?xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  %1 = stablehlo.subtract %0, %b : tensor<4xf32>
  %2 = stablehlo.multiply %1, %b : tensor<4xf32>
  %3 = stablehlo.divide %2, %b : tensor<4xf32>
  %4 = stablehlo.remainder %3, %b : tensor<4xf32>
  %5 = stablehlo.power %4, %b : tensor<4xf32>
  %6 = stablehlo.maximum %5, %b : tensor<4xf32>
  %7 = stablehlo.minimum %6, %b : tensor<4xf32>
  %8 = stablehlo.and %i, %i : tensor<4xi32>
  %9 = stablehlo.or %8, %i : tensor<4xi32>
  %10 = stablehlo.xor %9, %i : tensor<4xi32>
  %11 = stablehlo.add %a, %d : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xf32>
  return %7 : tensor<4xf32>
}
// CHECK-LABEL: func.func @binary(
// CHECK-NEXT: %0 = stablehlo.add %arg0, %arg1 : tensor<4xf32>
// CHECK-NEXT: %1 = stablehlo.subtract %0, %arg1 : tensor<4xf32>
// CHECK-NEXT: %2 = stablehlo.multiply %1, %arg1 : tensor<4xf32>
// CHECK-NEXT: %3 = stablehlo.divide %2, %arg1 : tensor<4xf32>
// CHECK-NEXT: %4 = stablehlo.remainder %3, %arg1 : tensor<4xf32>
// CHECK-NEXT: %5 = stablehlo.power %4, %arg1 : tensor<4xf32>
// CHECK-NEXT: %6 = stablehlo.maximum %5, %arg1 : tensor<4xf32>
// CHECK-NEXT: %7 = stablehlo.minimum %6, %arg1 : tensor<4xf32>
// CHECK-NEXT: %8 = stablehlo.and %arg2, %arg2 : tensor<4xi32>
// CHECK-NEXT: %9 = stablehlo.or %8, %arg2 : tensor<4xi32>
// CHECK-NEXT: %10 = stablehlo.xor %9, %arg2 : tensor<4xi32>
// CHECK-NEXT: %11 = stablehlo.add %arg0, %arg3 : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xf32>
// CHECK-NEXT: return %7 : tensor<4xf32>

// -----

// Unary elementwise ops.
func.func @unary(%a: tensor<4xf32>, %p: tensor<4xi1>, %i: tensor<4xi32>) -> tensor<4xf32> {
  %0 = stablehlo.not %p : tensor<4xi1>
  %1 = stablehlo.negate %a : tensor<4xf32>
  %2 = stablehlo.abs %1 : tensor<4xf32>
  %3 = stablehlo.sign %i : tensor<4xi32>
  %4 = stablehlo.exponential %2 : tensor<4xf32>
  %5 = stablehlo.exponential_minus_one %4 : tensor<4xf32>
  %6 = stablehlo.log %5 : tensor<4xf32>
  %7 = stablehlo.log_plus_one %6 : tensor<4xf32>
  %8 = stablehlo.logistic %7 : tensor<4xf32>
  %9 = stablehlo.sqrt %8 : tensor<4xf32>
  %10 = stablehlo.rsqrt %9 : tensor<4xf32>
  %11 = stablehlo.tanh %10 : tensor<4xf32>
  %12 = stablehlo.sine %11 : tensor<4xf32>
  %13 = stablehlo.cosine %12 : tensor<4xf32>
  %14 = stablehlo.floor %13 : tensor<4xf32>
  %15 = stablehlo.ceil %14 : tensor<4xf32>
  %16 = stablehlo.round_nearest_even %15 : tensor<4xf32>
  return %16 : tensor<4xf32>
}
// CHECK-LABEL: func.func @unary(
// CHECK-NEXT: %0 = stablehlo.not %arg1 : tensor<4xi1>
// CHECK-NEXT: %1 = stablehlo.negate %arg0 : tensor<4xf32>
// CHECK-NEXT: %2 = stablehlo.abs %1 : tensor<4xf32>
// CHECK-NEXT: %3 = stablehlo.sign %arg2 : tensor<4xi32>
// CHECK-NEXT: %4 = stablehlo.exponential %2 : tensor<4xf32>
// CHECK-NEXT: %5 = stablehlo.exponential_minus_one %4 : tensor<4xf32>
// CHECK-NEXT: %6 = stablehlo.log %5 : tensor<4xf32>
// CHECK-NEXT: %7 = stablehlo.log_plus_one %6 : tensor<4xf32>
// CHECK-NEXT: %8 = stablehlo.logistic %7 : tensor<4xf32>
// CHECK-NEXT: %9 = stablehlo.sqrt %8 : tensor<4xf32>
// CHECK-NEXT: %10 = stablehlo.rsqrt %9 : tensor<4xf32>
// CHECK-NEXT: %11 = stablehlo.tanh %10 : tensor<4xf32>
// CHECK-NEXT: %12 = stablehlo.sine %11 : tensor<4xf32>
// CHECK-NEXT: %13 = stablehlo.cosine %12 : tensor<4xf32>
// CHECK-NEXT: %14 = stablehlo.floor %13 : tensor<4xf32>
// CHECK-NEXT: %15 = stablehlo.ceil %14 : tensor<4xf32>
// CHECK-NEXT: %16 = stablehlo.round_nearest_even %15 : tensor<4xf32>
// CHECK-NEXT: return %16 : tensor<4xf32>

// -----

// clamp, compare (with and without a compare type), select (short and long
// forms), convert.
func.func @misc(%a: tensor<4xf32>, %b: tensor<4xf32>, %s: tensor<f32>, %p: tensor<4xi1>, %q: tensor<i1>, %i: tensor<4xi32>) -> tensor<4xf32> {
  %0 = stablehlo.clamp %s, %a, %s : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = stablehlo.clamp %a, %a, %b : tensor<4xf32>
  %2 = stablehlo.compare GT, %a, %b, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %3 = stablehlo.compare  LT, %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %4 = stablehlo.compare EQ, %i, %i, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %5 = stablehlo.select %p, %a, %b : tensor<4xi1>, tensor<4xf32>
  %6 = stablehlo.select %q, %a, %b : (tensor<i1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %7 = stablehlo.convert %a : (tensor<4xf32>) -> tensor<4xi32>
  %8 = stablehlo.convert %a : tensor<4xf32>
  return %5 : tensor<4xf32>
}
// CHECK-LABEL: func.func @misc(
// CHECK-NEXT: %0 = stablehlo.clamp %arg2, %arg0, %arg2 : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %1 = stablehlo.clamp %arg0, %arg0, %arg1 : tensor<4xf32>
// CHECK-NEXT: %2 = stablehlo.compare GT, %arg0, %arg1, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT: %3 = stablehlo.compare LT, %arg5, %arg5 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
// CHECK-NEXT: %4 = stablehlo.compare EQ, %arg5, %arg5, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
// CHECK-NEXT: %5 = stablehlo.select %arg3, %arg0, %arg1 : tensor<4xi1>, tensor<4xf32>
// CHECK-NEXT: %6 = stablehlo.select %arg4, %arg0, %arg1 : tensor<i1>, tensor<4xf32>
// CHECK-NEXT: %7 = stablehlo.convert %arg0 : (tensor<4xf32>) -> tensor<4xi32>
// CHECK-NEXT: %8 = stablehlo.convert %arg0 : tensor<4xf32>
// CHECK-NEXT: return %5 : tensor<4xf32>

// -----

// The generic form of the comparison attributes.
func.func @compare_generic(%a: tensor<4xf32>) -> tensor<4xi1> {
  %0 = "stablehlo.compare"(%a, %a) {comparison_direction = #stablehlo<comparison_direction NE>, compare_type = #stablehlo<comparison_type TOTALORDER>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}
// CHECK-LABEL: func.func @compare_generic(
// CHECK-NEXT: %0 = stablehlo.compare NE, %arg0, %arg0, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT: return %0 : tensor<4xi1>

// -----

// Broadcasts, with the expansion annotations of dynamic_broadcast_in_dim.
func.func @broadcasts(%a: tensor<4xf32>, %s: tensor<f32>, %shape: tensor<2xi32>) -> tensor<?x4xf32> {
  %0 = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>
  %1 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
  %2 = stablehlo.dynamic_broadcast_in_dim %a, %shape, dims = [1] : (tensor<4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  %3 = stablehlo.dynamic_broadcast_in_dim %a, %shape, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  %4 = stablehlo.dynamic_broadcast_in_dim %a, %shape, dims = [1] {known_expanding_dimensions = array<i64>, known_nonexpanding_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  return %4 : tensor<?x4xf32>
}
// CHECK-LABEL: func.func @broadcasts(
// CHECK-NEXT: %0 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %1 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
// CHECK-NEXT: %2 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg2, dims = [1] : (tensor<4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
// CHECK-NEXT: %3 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg2, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
// CHECK-NEXT: %4 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg2, dims = [1] {known_expanding_dimensions = array<i64>, known_nonexpanding_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
// CHECK-NEXT: return %4 : tensor<?x4xf32>

// -----

// Structural ops.
func.func @structure(%a: tensor<4xf32>, %m: tensor<2x3xf32>, %d: tensor<?x4xf32>, %shape: tensor<2xi32>, %i: tensor<i64>) -> tensor<i32> {
  %0 = stablehlo.reshape %m : (tensor<2x3xf32>) -> tensor<6xf32>
  %1 = stablehlo.dynamic_reshape %d, %shape : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %2 = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %3 = stablehlo.concatenate %a, %a, %a, dim = 0 : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<12xf32>
  %4 = stablehlo.slice %m [0:2, 1:3:2] : (tensor<2x3xf32>) -> tensor<2x1xf32>
  %5 = stablehlo.slice %a [1:3] : (tensor<4xf32>) -> tensor<2xf32>
  %6 = stablehlo.dynamic_slice %m, %i, %i, sizes = [1, 2] : (tensor<2x3xf32>, tensor<i64>, tensor<i64>) -> tensor<1x2xf32>
  %7 = stablehlo.get_dimension_size %d, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  return %7 : tensor<i32>
}
// CHECK-LABEL: func.func @structure(
// CHECK-NEXT: %0 = stablehlo.reshape %arg1 : (tensor<2x3xf32>) -> tensor<6xf32>
// CHECK-NEXT: %1 = stablehlo.dynamic_reshape %arg2, %arg3 : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<?x?xf32>
// CHECK-NEXT: %2 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT: %3 = stablehlo.concatenate %arg0, %arg0, %arg0, dim = 0 : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<12xf32>
// CHECK-NEXT: %4 = stablehlo.slice %arg1 [0:2, 1:3:2] : (tensor<2x3xf32>) -> tensor<2x1xf32>
// CHECK-NEXT: %5 = stablehlo.slice %arg0 [1:3] : (tensor<4xf32>) -> tensor<2xf32>
// CHECK-NEXT: %6 = stablehlo.dynamic_slice %arg1, %arg4, %arg4, sizes = [1, 2] : (tensor<2x3xf32>, tensor<i64>, tensor<i64>) -> tensor<1x2xf32>
// CHECK-NEXT: %7 = stablehlo.get_dimension_size %arg2, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
// CHECK-NEXT: return %7 : tensor<i32>

// -----

// reduce: the compact form, and a general reducer region.
func.func @reduce(%m: tensor<2x3xf32>, %s: tensor<f32>) -> tensor<2xf32> {
  %0 = stablehlo.reduce(%m init: %s) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  %1 = stablehlo.reduce(%m init: %s) across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
   reducer(%x: tensor<f32>, %y: tensor<f32>)  {
    %r = stablehlo.maximum %x, %y : tensor<f32>
    %r2 = stablehlo.multiply %r, %x : tensor<f32>
    stablehlo.return %r2 : tensor<f32>
  }
  return %1 : tensor<2xf32>
}
// CHECK-LABEL: func.func @reduce(
// CHECK-NEXT: %0 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
// CHECK-NEXT: %1 = stablehlo.reduce(%arg0 init: %arg1) across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
// CHECK-NEXT: reducer(%arg2: tensor<f32>, %arg3: tensor<f32>)  {
// CHECK-NEXT: %2 = stablehlo.maximum %arg2, %arg3 : tensor<f32>
// CHECK-NEXT: %3 = stablehlo.multiply %2, %arg2 : tensor<f32>
// CHECK-NEXT: stablehlo.return %3 : tensor<f32>
// CHECK-NEXT: }
// CHECK-NEXT: return %1 : tensor<2xf32>

// -----

// A generic reduce whose region fits the compact form prints compact; one that
// does not (subtract is not commutative) keeps its region.
func.func @reduce_generic(%m: tensor<2x3xf32>, %s: tensor<f32>) -> tensor<2xf32> {
  %0 = "stablehlo.reduce"(%m, %s) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = "stablehlo.maximum"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%1) : (tensor<f32>) -> ()
  }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  %2 = "stablehlo.reduce"(%m, %s) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = "stablehlo.subtract"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%1) : (tensor<f32>) -> ()
  }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return %2 : tensor<2xf32>
}
// CHECK-LABEL: func.func @reduce_generic(
// CHECK-NEXT: %0 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
// CHECK-NEXT: %1 = stablehlo.reduce(%arg0 init: %arg1) across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
// CHECK-NEXT: reducer(%arg2: tensor<f32>, %arg3: tensor<f32>)  {
// CHECK-NEXT: %2 = stablehlo.subtract %arg2, %arg3 : tensor<f32>
// CHECK-NEXT: stablehlo.return %2 : tensor<f32>
// CHECK-NEXT: }
// CHECK-NEXT: return %1 : tensor<2xf32>

// -----

// dot_general, with batching dims, precision, and no contracting dims.
func.func @dot(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %m: tensor<2x3xf32>, %v: tensor<4xf32>) -> tensor<2x3x5xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %1 = stablehlo.dot_general %m, %m, contracting_dims = [1] x [1], precision = [DEFAULT, HIGHEST] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
  %2 = stablehlo.dot_general %v, %v, contracting_dims = [] x [] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4x4xf32>
  %3 = "stablehlo.dot_general"(%m, %m) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGH>]}> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x3x5xf32>
}
// CHECK-LABEL: func.func @dot(
// CHECK-NEXT: %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT: %1 = stablehlo.dot_general %arg2, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, HIGHEST] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %2 = stablehlo.dot_general %arg3, %arg3, contracting_dims = [] x [] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: %3 = stablehlo.dot_general %arg2, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, HIGH] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: return %0 : tensor<2x3x5xf32>

// -----

// custom_call: JAX's shape assertion, default properties left out, other
// attributes kept.
func.func @custom_call(%ok: tensor<i1>, %b: tensor<i32>, %a: tensor<4xf32>) -> tensor<4xf32> {
  stablehlo.custom_call @shape_assertion(%ok, %b) {api_version = 2 : i32, error_message = "Input shapes do not match", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  stablehlo.custom_call @foo(%a) {api_version = 1 : i32, has_side_effect = false} : (tensor<4xf32>) -> ()
  %0 = stablehlo.custom_call @bar(%a) {backend_config = "x", mhlo.frontend_attributes = {a = "b"}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
// CHECK-LABEL: func.func @custom_call(
// CHECK-NEXT: stablehlo.custom_call @shape_assertion(%arg0, %arg1) {api_version = 2 : i32, error_message = "Input shapes do not match", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
// CHECK-NEXT: stablehlo.custom_call @foo(%arg2) : (tensor<4xf32>) -> ()
// CHECK-NEXT: %0 = stablehlo.custom_call @bar(%arg2) {backend_config = "x", mhlo.frontend_attributes = {a = "b"}} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return %0 : tensor<4xf32>
