// The import keeps nd.log1p, nd.expm1 or nd.logistic for a linalg.map only if
// the op's export is its body, op for op (the body's math.log or math.exp only
// hints at them): a body that differs anywhere has no nd form.
// RUN: tensor-opt %s -allow-unregistered-dialect -split-input-file --convert-upstream-to-nd -verify-diagnostics

// A log1p body with 2 where the export writes 1 is not nd.log1p (nor any op).
func.func @log1p_other_constant(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tensor.empty"() : () -> tensor<4xf32>
  // expected-error @+1 {{'linalg.map' op has no nd form: no elementwise nd op over its inputs exports to this op}}
  %1 = "linalg.map"(%arg0, %0) ({
  ^bb0(%arg1: f32, %arg2: f32):
    %2 = "arith.constant"() <{value = 2.000000e+00 : f32}> : () -> f32
    %3 = "arith.addf"(%arg1, %2) : (f32, f32) -> f32
    %4 = "math.log"(%3) : (f32) -> f32
    %5 = "arith.subf"(%3, %2) : (f32, f32) -> f32
    %6 = "arith.divf"(%arg1, %5) : (f32, f32) -> f32
    %7 = "arith.mulf"(%4, %6) : (f32, f32) -> f32
    %8 = "arith.cmpf"(%3, %2) <{predicate = 1 : i64}> : (f32, f32) -> i1
    %9 = "arith.select"(%8, %arg1, %7) : (i1, f32, f32) -> f32
    %10 = "arith.constant"() <{value = 0x7F800000 : f32}> : () -> f32
    %11 = "arith.cmpf"(%3, %10) <{predicate = 1 : i64}> : (f32, f32) -> i1
    %12 = "arith.select"(%11, %3, %9) : (i1, f32, f32) -> f32
    "linalg.yield"(%12) : (f32) -> ()
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// Nor is one whose last select picks the other way round.
func.func @log1p_swapped_select(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tensor.empty"() : () -> tensor<4xf32>
  // expected-error @+1 {{'linalg.map' op has no nd form: no elementwise nd op over its inputs exports to this op}}
  %1 = "linalg.map"(%arg0, %0) ({
  ^bb0(%arg1: f32, %arg2: f32):
    %2 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
    %3 = "arith.addf"(%arg1, %2) : (f32, f32) -> f32
    %4 = "math.log"(%3) : (f32) -> f32
    %5 = "arith.subf"(%3, %2) : (f32, f32) -> f32
    %6 = "arith.divf"(%arg1, %5) : (f32, f32) -> f32
    %7 = "arith.mulf"(%4, %6) : (f32, f32) -> f32
    %8 = "arith.cmpf"(%3, %2) <{predicate = 1 : i64}> : (f32, f32) -> i1
    %9 = "arith.select"(%8, %arg1, %7) : (i1, f32, f32) -> f32
    %10 = "arith.constant"() <{value = 0x7F800000 : f32}> : () -> f32
    %11 = "arith.cmpf"(%3, %10) <{predicate = 1 : i64}> : (f32, f32) -> i1
    %12 = "arith.select"(%11, %9, %3) : (i1, f32, f32) -> f32
    "linalg.yield"(%12) : (f32) -> ()
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
