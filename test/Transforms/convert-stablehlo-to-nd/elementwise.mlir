// --convert-stablehlo-to-nd on StableHLO's elementwise ops: each becomes the nd
// op of the same scalar semantics, with the op's result type and location.
// RUN: tensor-opt %s -split-input-file --convert-stablehlo-to-nd | FileCheck %s
// RUN: tensor-opt %s -split-input-file --convert-stablehlo-to-nd --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC

// CHECK-LABEL: func.func @binary
// CHECK-NEXT:    %0 = nd.add %arg0, %arg1 : tensor<4xf32>
// CHECK-NEXT:    %1 = nd.sub %0, %arg1 : tensor<4xf32>
// CHECK-NEXT:    %2 = nd.mul %1, %arg1 : tensor<4xf32>
// CHECK-NEXT:    %3 = nd.div %2, %arg1 : tensor<4xf32>
// CHECK-NEXT:    %4 = nd.pow %3, %arg1 : tensor<4xf32>
// CHECK-NEXT:    %5 = nd.max %4, %arg1 : tensor<4xf32>
// CHECK-NEXT:    %6 = nd.min %5, %arg1 : tensor<4xf32>
// CHECK-NEXT:    return %6
// LOC-LABEL: func.func @binary
// LOC-NEXT:    nd.add {{.*}} loc("{{.*}}elementwise.mlir":[[# @LINE + 3]]:8)
// LOC-NEXT:    nd.sub {{.*}} loc("{{.*}}elementwise.mlir":[[# @LINE + 3]]:8)
func.func @binary(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  %1 = stablehlo.subtract %0, %b : tensor<4xf32>
  %2 = stablehlo.multiply %1, %b : tensor<4xf32>
  %3 = stablehlo.divide %2, %b : tensor<4xf32>
  %4 = stablehlo.power %3, %b : tensor<4xf32>
  %5 = stablehlo.maximum %4, %b : tensor<4xf32>
  %6 = stablehlo.minimum %5, %b : tensor<4xf32>
  return %6 : tensor<4xf32>
}

// -----

// Integer arithmetic that agrees with nd's (wrapping add, sub, mul, max, min),
// unsigned power, and the bitwise ops.
// CHECK-LABEL: func.func @integers
// CHECK-NEXT:    %0 = nd.add %arg0, %arg1 : tensor<4xi32>
// CHECK-NEXT:    %1 = nd.mul %0, %arg1 : tensor<4xi32>
// CHECK-NEXT:    %2 = nd.and %1, %arg1 : tensor<4xi32>
// CHECK-NEXT:    %3 = nd.or %2, %arg1 : tensor<4xi32>
// CHECK-NEXT:    %4 = nd.xor %3, %arg1 : tensor<4xi32>
// CHECK-NEXT:    %5 = nd.not %4 : tensor<4xi32>
// CHECK-NEXT:    %6 = nd.pow %arg2, %arg2 : tensor<4xui8>
func.func @integers(%a: tensor<4xi32>, %b: tensor<4xi32>, %u: tensor<4xui8>) -> (tensor<4xi32>, tensor<4xui8>) {
  %0 = stablehlo.add %a, %b : tensor<4xi32>
  %1 = stablehlo.multiply %0, %b : tensor<4xi32>
  %2 = stablehlo.and %1, %b : tensor<4xi32>
  %3 = stablehlo.or %2, %b : tensor<4xi32>
  %4 = stablehlo.xor %3, %b : tensor<4xi32>
  %5 = stablehlo.not %4 : tensor<4xi32>
  %6 = stablehlo.power %u, %u : tensor<4xui8>
  return %5, %6 : tensor<4xi32>, tensor<4xui8>
}

// -----

// StableHLO's sum of booleans is their or (nd.add on i1 is xor).
// CHECK-LABEL: func.func @bool_add
// CHECK-NEXT:    %0 = nd.or %arg0, %arg1 : tensor<4xi1>
// CHECK-NEXT:    %1 = nd.mul %0, %arg1 : tensor<4xi1>
func.func @bool_add(%a: tensor<4xi1>, %b: tensor<4xi1>) -> tensor<4xi1> {
  %0 = stablehlo.add %a, %b : tensor<4xi1>
  %1 = stablehlo.multiply %0, %b : tensor<4xi1>
  return %1 : tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @unary
// CHECK-NEXT:    nd.neg
// CHECK-NEXT:    nd.abs
// CHECK-NEXT:    nd.sign
// CHECK-NEXT:    nd.exp
// CHECK-NEXT:    nd.expm1
// CHECK-NEXT:    nd.log
// CHECK-NEXT:    nd.log1p
// CHECK-NEXT:    nd.logistic
// CHECK-NEXT:    nd.sqrt
// CHECK-NEXT:    nd.rsqrt
// CHECK-NEXT:    nd.tanh
// CHECK-NEXT:    nd.sin
// CHECK-NEXT:    nd.cos
// CHECK-NEXT:    nd.floor
// CHECK-NEXT:    nd.ceil
// CHECK-NEXT:    %15 = nd.round_even %14 : tensor<2x?xf32>
func.func @unary(%x: tensor<2x?xf32>) -> tensor<2x?xf32> {
  %0 = stablehlo.negate %x : tensor<2x?xf32>
  %1 = stablehlo.abs %0 : tensor<2x?xf32>
  %2 = stablehlo.sign %1 : tensor<2x?xf32>
  %3 = stablehlo.exponential %2 : tensor<2x?xf32>
  %4 = stablehlo.exponential_minus_one %3 : tensor<2x?xf32>
  %5 = stablehlo.log %4 : tensor<2x?xf32>
  %6 = stablehlo.log_plus_one %5 : tensor<2x?xf32>
  %7 = stablehlo.logistic %6 : tensor<2x?xf32>
  %8 = stablehlo.sqrt %7 : tensor<2x?xf32>
  %9 = stablehlo.rsqrt %8 : tensor<2x?xf32>
  %10 = stablehlo.tanh %9 : tensor<2x?xf32>
  %11 = stablehlo.sine %10 : tensor<2x?xf32>
  %12 = stablehlo.cosine %11 : tensor<2x?xf32>
  %13 = stablehlo.floor %12 : tensor<2x?xf32>
  %14 = stablehlo.ceil %13 : tensor<2x?xf32>
  %15 = stablehlo.round_nearest_even %14 : tensor<2x?xf32>
  return %15 : tensor<2x?xf32>
}

// -----

// compare: the direction is nd.cmp's predicate; FLOAT, SIGNED on signless
// integers and UNSIGNED on unsigned ones compare as nd.cmp does.
// CHECK-LABEL: func.func @compare
// CHECK-NEXT:    %0 = nd.cmp gt, %arg0, %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT:    %1 = nd.cmp ne, %arg0, %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT:    %2 = nd.cmp le, %arg2, %arg2 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
// CHECK-NEXT:    %3 = nd.cmp lt, %arg3, %arg3 : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
// CHECK-NEXT:    %4 = nd.cmp eq, %arg2, %arg2 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
// CHECK-NEXT:    %5 = nd.cmp ge, %arg0, %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
func.func @compare(%a: tensor<4xf32>, %b: tensor<4xf32>, %i: tensor<4xi32>, %u: tensor<4xui32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = stablehlo.compare GT, %a, %b, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = stablehlo.compare NE, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %2 = stablehlo.compare LE, %i, %i, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %3 = stablehlo.compare LT, %u, %u, UNSIGNED : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
  %4 = stablehlo.compare EQ, %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %5 = stablehlo.compare GE, %a, %b, NOTYPE : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0, %1, %2, %3, %4, %5 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// select with a 0-D predicate (nd.select broadcasts it), clamp with 0-D bounds
// (nd.clamp takes the operand first), convert as nd.cast.
// CHECK-LABEL: func.func @select_clamp_convert
// CHECK-NEXT:    %0 = nd.select %arg0, %arg1, %arg2 : (tensor<i1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %1 = nd.clamp %0, %arg3, %arg4 : (tensor<4xf32>, tensor<f32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT:    %2 = nd.cast %1 : tensor<4xf32> to tensor<4xi32>
// CHECK-NEXT:    %3 = nd.cast %2 : tensor<4xi32> to tensor<4xi1>
func.func @select_clamp_convert(%p: tensor<i1>, %a: tensor<4xf32>, %b: tensor<4xf32>, %lo: tensor<f32>, %hi: tensor<f32>) -> tensor<4xi1> {
  %0 = stablehlo.select %p, %a, %b : tensor<i1>, tensor<4xf32>
  %1 = stablehlo.clamp %lo, %0, %hi : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %2 = stablehlo.convert %1 : (tensor<4xf32>) -> tensor<4xi32>
  %3 = stablehlo.convert %2 : (tensor<4xi32>) -> tensor<4xi1>
  return %3 : tensor<4xi1>
}
