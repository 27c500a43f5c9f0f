// tensor-run on StableHLO: the program is converted to nd first
// (--convert-stablehlo-to-nd), then verified and run.
// RUN: tensor-run %s --entry stretch --arg 'dense<[[1.0], [2.0]]> : tensor<2x1xf32>' --arg 'dense<[2, 3]> : tensor<2xi32>' | FileCheck %s --check-prefix=STRETCH
// RUN: not tensor-run %s --entry stretch --arg 'dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>' --arg 'dense<[2, 3]> : tensor<2xi32>' 2>&1 | FileCheck %s --check-prefix=NOSTRETCH
// RUN: tensor-run %s --entry jax_main --arg 'dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>' | FileCheck %s --check-prefix=JAX
// RUN: not tensor-run %s --entry jax_main --arg 'dense<> : tensor<0x3xf32>' 2>&1 | FileCheck %s --check-prefix=ASSERT
// RUN: tensor-run %s --entry semantics --arg 'dense<[-2.5, -0.5, 0.5, 1.5, 2.5, 0x7FC00000]> : tensor<6xf32>' | FileCheck %s --check-prefix=SEM
// RUN: tensor-run %s --entry clamp_select --arg 'dense<[-3.0, 0.5, 7.0]> : tensor<3xf32>' --arg 'dense<true> : tensor<i1>' | FileCheck %s --check-prefix=CLAMP

// A dynamic broadcast whose operand dim 1 (a 1) stretches to the shape
// operand's 3; JAX's shape tensor is i32.
// STRETCH: dense<{{\[\[}}1.000000e+00, 1.000000e+00, 1.000000e+00], [2.000000e+00, 2.000000e+00, 2.000000e+00]]> : tensor<2x3xf32>
// A size 2 is neither 1 nor 3: an error at the op.
// NOSTRETCH: stablehlo-run.mlir:[[# @LINE + 2]]:8: error: {{.*}}operand #0 dim 1 has size 2 at run time, which is neither 1 nor the size 3 of result dim 1
func.func @stretch(%x: tensor<2x?xf32>, %s: tensor<2xi32>) -> tensor<2x?xf32> {
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] : (tensor<2x?xf32>, tensor<2xi32>) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

// The shape of JAX's shape-polymorphic export: @main checks its dimension
// variable and calls the wrapped function, which takes it as an argument.
// JAX: dense<6.000000e+00> : tensor<1xf32>
// ASSERT: stablehlo-run.mlir:[[# @LINE + 5]]:3: error: Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Obtained dimension variables: 'b' = 0 from specification 'b' for dimension args[0].shape[0] (= 0).
func.func public @jax_main(%arg0: tensor<?x3xf32>) -> tensor<?xf32> {
  %c = stablehlo.constant dense<1> : tensor<i32>
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x3xf32>) -> tensor<i32>
  %1 = stablehlo.compare GE, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  stablehlo.custom_call @shape_assertion(%1, %0) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}).", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  %2 = call @wrapped(%0, %arg0) : (tensor<i32>, tensor<?x3xf32>) -> tensor<?xf32>
  return %2 : tensor<?xf32>
}
func.func private @wrapped(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<?x3xf32>) -> tensor<?xf32> {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.reduce(%arg1 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<?x3xf32>, tensor<f32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// round_nearest_even ties to even; convert truncates toward zero (NaN to 0);
// sign keeps NaN; compare NE is true for NaN.
// SEM: dense<[-2.000000e+00, -0.000000e+00, 0.000000e+00, 2.000000e+00, 2.000000e+00, 0x7FC00000]> : tensor<6xf32>
// SEM-NEXT: dense<[-2, 0, 0, 1, 2, 0]> : tensor<6xi32>
// SEM-NEXT: dense<[-1.000000e+00, -1.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00, 0x7FC00000]> : tensor<6xf32>
// SEM-NEXT: dense<[false, false, false, false, false, true]> : tensor<6xi1>
func.func @semantics(%x: tensor<6xf32>) -> (tensor<6xf32>, tensor<6xi32>, tensor<6xf32>, tensor<6xi1>) {
  %0 = stablehlo.round_nearest_even %x : tensor<6xf32>
  %1 = stablehlo.convert %x : (tensor<6xf32>) -> tensor<6xi32>
  %2 = stablehlo.sign %x : tensor<6xf32>
  %3 = stablehlo.compare NE, %x, %x, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
  return %0, %1, %2, %3 : tensor<6xf32>, tensor<6xi32>, tensor<6xf32>, tensor<6xi1>
}

// clamp with 0-D bounds (bound first in StableHLO), select with a 0-D predicate.
// CLAMP: dense<[0.000000e+00, 5.000000e-01, 1.000000e+00]> : tensor<3xf32>
func.func @clamp_select(%x: tensor<3xf32>, %p: tensor<i1>) -> tensor<3xf32> {
  %lo = stablehlo.constant dense<0.0> : tensor<f32>
  %hi = stablehlo.constant dense<1.0> : tensor<f32>
  %0 = stablehlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  %1 = stablehlo.select %p, %0, %x : tensor<i1>, tensor<3xf32>
  return %1 : tensor<3xf32>
}
