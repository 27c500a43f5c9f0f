// Every run-time condition tensor-run enforces has a cf.assert at the op's
// location in the export (issue 24), and integer and i1 ops compute tensor-run's
// values. tests/jit_differential.rs runs these forms in MLIR's JIT.
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream | FileCheck %s
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC

// A shape operand: each operand dim is 1 or its result dim's size (operand dim 0
// of size 2 against a result of size 3 fails), and each entry is a size.
// CHECK-LABEL: func.func @broadcast_in_dim_shape(
// CHECK: "cf.assert"(%{{.*}}) <{msg = "operand #1, the shape, has entry 0 < 0 at run time, which is not a size"}>
// CHECK: "cf.assert"(%{{.*}}) <{msg = "operand #1, the shape, has entry 1 < 0 at run time, which is not a size"}>
// CHECK: %[[S:.*]] = "tensor.dim"(%arg0, %{{.*}})
// CHECK: %[[ONE:.*]] = "arith.cmpi"(%[[S]], %{{.*}}) <{predicate = 0 : i64}>
// CHECK: %[[SAME:.*]] = "arith.cmpi"(%[[S]], %{{.*}}) <{predicate = 0 : i64}>
// CHECK: %[[OK:.*]] = "arith.ori"(%[[ONE]], %[[SAME]])
// CHECK: "cf.assert"(%[[OK]]) <{msg = "operand #0 dim 0 has a size at run time which is neither 1 nor the size of result dim 0 it is mapped to"}>
// CHECK: "linalg.map"
// LOC: "cf.assert"(%{{.*}}) <{msg = "operand #0 dim 0 has a size {{.*}}"}> : (i1) -> () loc("{{.*}}runtime-checks.mlir":[[# @LINE + 2]]:8)
func.func @broadcast_in_dim_shape(%a: tensor<?xf32>, %s: tensor<2xindex>) -> tensor<?x?xf32> {
  %r = nd.broadcast_in_dim %a, %s, dims = [0] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// A static result dim against a shape operand's entry.
// CHECK-LABEL: func.func @broadcast_to_static(
// CHECK: "cf.assert"(%{{.*}}) <{msg = "operand #1, the shape, has entry 0 at run time other than the size 3 of the result type in dim 0"}>
// CHECK: "cf.assert"(%{{.*}}) <{msg = "operand #0 dim 0 has a size at run time which is neither 1 nor the size of result dim 1 it is mapped to"}>
func.func @broadcast_to_static(%a: tensor<?xf32>, %s: tensor<2xindex>) -> tensor<3x?xf32> {
  %r = nd.broadcast_to %a, %s : (tensor<?xf32>, tensor<2xindex>) -> tensor<3x?xf32>
  return %r : tensor<3x?xf32>
}

// -----

// Matmul's contracted sizes.
// CHECK-LABEL: func.func @matmul_contracting(
// CHECK: %[[K0:.*]] = "tensor.dim"(%arg0, %{{.*}})
// CHECK: %[[K1:.*]] = "tensor.dim"(%arg1, %{{.*}})
// CHECK: %[[EQ:.*]] = "arith.cmpi"(%[[K0]], %[[K1]]) <{predicate = 0 : i64}>
// CHECK: "cf.assert"(%[[EQ]]) <{msg = "contracted dims differ at run time: operand #0 dim 1 and operand #1 dim 0 have different sizes"}>
// CHECK: "linalg.matmul"
// LOC: "cf.assert"(%{{.*}}) <{msg = "contracted dims differ {{.*}}"}> : (i1) -> () loc("{{.*}}runtime-checks.mlir":[[# @LINE + 2]]:8)
func.func @matmul_contracting(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = nd.matmul %a, %b : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// i1 is a boolean: max is or, min is and, lt is unsigned (ult, predicate 6).
// CHECK-LABEL: func.func @booleans(
// CHECK: "arith.ori"(%arg2, %arg3) : (i1, i1) -> i1
// CHECK: "arith.andi"(%arg2, %arg3) : (i1, i1) -> i1
// CHECK: "arith.cmpi"(%arg2, %arg3) <{predicate = 6 : i64}> : (i1, i1) -> i1
// CHECK-NOT: maxsi
// CHECK-NOT: minsi
func.func @booleans(%a: tensor<4xi1>, %b: tensor<4xi1>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %m = nd.max %a, %b : tensor<4xi1>
  %n = nd.min %a, %b : tensor<4xi1>
  %l = nd.cmp lt, %a, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %m, %n, %l : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// Integer division: the zero divisor's assert, and MIN / -1 divides by 1 (wraps
// to MIN, as tensor-run) instead of trapping.
// CHECK-LABEL: func.func @int_div(
// CHECK: %[[NZ:.*]] = "arith.cmpi"(%arg3, %[[ZERO:.*]]) <{predicate = 1 : i64}>
// CHECK: "cf.assert"(%[[NZ]]) <{msg = "divides by zero: operand #1 is 0 (integer division by zero is an error)"}>
// CHECK: %[[MIN:.*]] = "arith.constant"() <{value = -128 : i8}>
// CHECK: %[[SAFE:.*]] = "arith.select"
// CHECK: "arith.floordivsi"(%arg2, %[[SAFE]]) : (i8, i8) -> i8
func.func @int_div(%a: tensor<4xi8>, %b: tensor<4xi8>) -> tensor<4xi8> {
  %r = nd.div %a, %b : tensor<4xi8>
  return %r : tensor<4xi8>
}

// -----

// A float to an integer saturates and takes NaN to 0 (arith.fptosi alone gives
// poison out of range).
// CHECK-LABEL: func.func @saturating_cast(
// CHECK: %[[C:.*]] = "arith.fptosi"(%arg1) : (f32) -> i8
// CHECK: %[[LOW:.*]] = "arith.select"(%{{.*}}, %{{.*}}, %[[C]]) : (i1, i8, i8) -> i8
// CHECK: %[[HIGH:.*]] = "arith.select"(%{{.*}}, %{{.*}}, %[[LOW]]) : (i1, i8, i8) -> i8
// CHECK: "arith.select"(%{{.*}}, %{{.*}}, %[[HIGH]]) : (i1, i8, i8) -> i8
func.func @saturating_cast(%a: tensor<4xf32>) -> tensor<4xi8> {
  %r = nd.cast %a : tensor<4xf32> to tensor<4xi8>
  return %r : tensor<4xi8>
}

// -----

// The float math ops each export as their math op (the declared function's).
// CHECK-LABEL: func.func @float_math(
// CHECK: "math.sin"
// CHECK: "math.cos"
// CHECK: "math.floor"
// CHECK: "math.ceil"
// CHECK: "math.rsqrt"
func.func @float_math(%x: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %s = nd.sin %x : tensor<?xf32>
  %c = nd.cos %x : tensor<?xf32>
  %f = nd.floor %x : tensor<?xf32>
  %e = nd.ceil %x : tensor<?xf32>
  %r = nd.rsqrt %x : tensor<?xf32>
  return %s, %c, %f, %e, %r : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}

// -----

// nd.atan2 exports as math.atan2 (its declared function's), y first, after the
// run-time checks of its broadcast.
// CHECK-LABEL: func.func @atan2(
// CHECK: "math.atan2"(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
func.func @atan2(%y: tensor<?xf32>, %x: tensor<?xf32>) -> tensor<?xf32> {
  %r = nd.atan2 %y, %x : tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// nd.clamp exports as the max of x and lo, then the min of that and hi, after
// the run-time check that the three shapes broadcast.
// CHECK-LABEL: func.func @clamp(
// CHECK: cf.assert
// CHECK: %[[LOW:.*]] = "arith.maximumf"(%[[X:.*]], %[[LO:.*]]) : (f32, f32) -> f32
// CHECK-NEXT: "arith.minimumf"(%[[LOW]], %{{.*}}) : (f32, f32) -> f32
// CHECK-LABEL: func.func @clamp_ints(
// CHECK: %[[LOW:.*]] = "arith.maxsi"(%{{.*}}, %{{.*}}) : (i16, i16) -> i16
// CHECK-NEXT: "arith.minsi"(%[[LOW]], %{{.*}}) : (i16, i16) -> i16
func.func @clamp(%x: tensor<?xf32>, %lo: tensor<?xf32>, %hi: tensor<?xf32>) -> tensor<?xf32> {
  %r = nd.clamp %x, %lo, %hi : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @clamp_ints(%x: tensor<4xi16>, %lo: tensor<i16>, %hi: tensor<i16>) -> tensor<4xi16> {
  %r = nd.clamp %x, %lo, %hi : (tensor<4xi16>, tensor<i16>, tensor<i16>) -> tensor<4xi16>
  return %r : tensor<4xi16>
}

// -----

// nd.round_even and nd.erf export as math.roundeven and math.erf; nd.not as
// arith.xori with all ones (true on i1).
// CHECK-LABEL: func.func @round_not_erf(
// CHECK: "math.roundeven"(%{{.*}}) : (f32) -> f32
// CHECK: "math.erf"(%{{.*}}) : (f16) -> f16
// CHECK: %[[ONES:.*]] = "arith.constant"() <{value = -1 : i8}> : () -> i8
// CHECK: "arith.xori"(%{{.*}}, %[[ONES]]) : (i8, i8) -> i8
// CHECK: %[[TRUE:.*]] = "arith.constant"() <{value = true}> : () -> i1
// CHECK: "arith.xori"(%{{.*}}, %[[TRUE]]) : (i1, i1) -> i1
func.func @round_not_erf(%x: tensor<?xf32>, %h: tensor<?xf16>, %i: tensor<?xi8>, %b: tensor<?xi1>) -> (tensor<?xf32>, tensor<?xf16>, tensor<?xi8>, tensor<?xi1>) {
  %r = nd.round_even %x : tensor<?xf32>
  %e = nd.erf %h : tensor<?xf16>
  %n = nd.not %i : tensor<?xi8>
  %m = nd.not %b : tensor<?xi1>
  return %r, %e, %n, %m : tensor<?xf32>, tensor<?xf16>, tensor<?xi8>, tensor<?xi1>
}

// -----

// nd.sign has no upstream op: 1 where x > 0, else -1 where x < 0, else x itself
// (0, -0.0, NaN), with ordered float compares (ogt 2, olt 4) or signed integer
// ones (sgt 4, slt 2).
// CHECK-LABEL: func.func @sign(
// CHECK: %[[ZERO:.*]] = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
// CHECK: %[[POS:.*]] = "arith.cmpf"(%[[X:.*]], %[[ZERO]]) <{predicate = 2 : i64}> : (f32, f32) -> i1
// CHECK: %[[NEG:.*]] = "arith.cmpf"(%[[X]], %[[ZERO]]) <{predicate = 4 : i64}> : (f32, f32) -> i1
// CHECK: %[[ONE:.*]] = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
// CHECK: %[[MINUS:.*]] = "arith.constant"() <{value = -1.000000e+00 : f32}> : () -> f32
// CHECK: %[[LOW:.*]] = "arith.select"(%[[NEG]], %[[MINUS]], %[[X]]) : (i1, f32, f32) -> f32
// CHECK: "arith.select"(%[[POS]], %[[ONE]], %[[LOW]]) : (i1, f32, f32) -> f32
// CHECK: "arith.cmpi"(%{{.*}}, %{{.*}}) <{predicate = 4 : i64}> : (i32, i32) -> i1
// CHECK: "arith.cmpi"(%{{.*}}, %{{.*}}) <{predicate = 2 : i64}> : (i32, i32) -> i1
func.func @sign(%x: tensor<?xf32>, %i: tensor<?xi32>) -> (tensor<?xf32>, tensor<?xi32>) {
  %s = nd.sign %x : tensor<?xf32>
  %t = nd.sign %i : tensor<?xi32>
  return %s, %t : tensor<?xf32>, tensor<?xi32>
}

// -----

// nd.log1p, nd.expm1 and nd.logistic export as their declared bodies
// (scalar/body.rs), one op per step: upstream's math.log1p and math.expm1 lower
// in LLVM 22 as log(1 + x) and exp(x) - 1, wrong near 0, and there is no
// math.logistic. log1p: u = x + 1; u == 1 ? x : (u == inf ? u : log(u) * (x / (u - 1))),
// in f32 for f16 (rounded once, as tensor-run and NumPy compute half precision).
// CHECK-LABEL: func.func @log1p_expm1_logistic(
// CHECK:      ^bb0(%[[H:.*]]: f16, %{{.*}}: f16):
// CHECK-NEXT:   %[[X:.*]] = "arith.extf"(%[[H]]) : (f16) -> f32
// CHECK-NEXT:   %[[ONE:.*]] = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
// CHECK-NEXT:   %[[U:.*]] = "arith.addf"(%[[X]], %[[ONE]]) : (f32, f32) -> f32
// CHECK-NEXT:   %[[LOG:.*]] = "math.log"(%[[U]]) : (f32) -> f32
// CHECK-NEXT:   %[[UM1:.*]] = "arith.subf"(%[[U]], %[[ONE]]) : (f32, f32) -> f32
// CHECK-NEXT:   %[[Q:.*]] = "arith.divf"(%[[X]], %[[UM1]]) : (f32, f32) -> f32
// CHECK-NEXT:   %[[P:.*]] = "arith.mulf"(%[[LOG]], %[[Q]]) : (f32, f32) -> f32
// CHECK-NEXT:   %[[EQ1:.*]] = "arith.cmpf"(%[[U]], %[[ONE]]) <{predicate = 1 : i64}> : (f32, f32) -> i1
// CHECK-NEXT:   %[[R:.*]] = "arith.select"(%[[EQ1]], %[[X]], %[[P]]) : (i1, f32, f32) -> f32
// CHECK-NEXT:   %[[INF:.*]] = "arith.constant"() <{value = 0x7F800000 : f32}> : () -> f32
// CHECK-NEXT:   %[[ISINF:.*]] = "arith.cmpf"(%[[U]], %[[INF]]) <{predicate = 1 : i64}> : (f32, f32) -> i1
// CHECK-NEXT:   %[[L:.*]] = "arith.select"(%[[ISINF]], %[[U]], %[[R]]) : (i1, f32, f32) -> f32
// CHECK-NEXT:   %[[T:.*]] = "arith.truncf"(%[[L]]) : (f32) -> f16
// CHECK-NEXT:   "linalg.yield"(%[[T]]) : (f16) -> ()
// expm1: u = exp(x); Kahan's (u - 1) * (x / log(u)), with -1, x and inf where
// they are exact.
// CHECK:      "math.exp"
// CHECK-NEXT: "arith.subf"
// CHECK-NEXT: "math.log"
// CHECK-NEXT: "arith.divf"
// CHECK-NEXT: "arith.mulf"
// CHECK-NEXT: "arith.constant"() <{value = -1.000000e+00 : f32}>
// CHECK:      "linalg.yield"
// logistic: e = exp(-|x|); (x < 0 ? e : 1) / (1 + e).
// CHECK:      "math.absf"
// CHECK-NEXT: "arith.negf"
// CHECK-NEXT: "math.exp"
// CHECK-NEXT: "arith.constant"() <{value = 1.000000e+00 : f64}>
// CHECK-NEXT: "arith.addf"
// CHECK-NEXT: "arith.constant"() <{value = 0.000000e+00 : f64}>
// CHECK-NEXT: "arith.cmpf"(%{{.*}}, %{{.*}}) <{predicate = 4 : i64}>
// CHECK-NEXT: "arith.select"
// CHECK-NEXT: "arith.divf"
func.func @log1p_expm1_logistic(%h: tensor<?xf16>, %s: tensor<?xf32>, %d: tensor<?xf64>) -> (tensor<?xf16>, tensor<?xf32>, tensor<?xf64>) {
  %l = nd.log1p %h : tensor<?xf16>
  %e = nd.expm1 %s : tensor<?xf32>
  %g = nd.logistic %d : tensor<?xf64>
  return %l, %e, %g : tensor<?xf16>, tensor<?xf32>, tensor<?xf64>
}
