// nd.log1p, nd.expm1 and nd.logistic (issue 25): each is declared as a short
// body of other functions (scalar/body.rs: Kahan's log1p and expm1, the
// two-sided logistic), which tensor-run evaluates step by step and the export
// writes op by op. Every value below is NumPy's (np.log1p, np.expm1, SciPy's
// expit as e/(1+e) below 0) or within 1 ulp of it (checked by
// scripts/numpy-diff.py): precise near 0, where log(1+x) and exp(x)-1 are wrong
// by up to 100%; -0.0 kept; log1p(-1) = -inf and NaN (of either sign) below; logistic 0 and 1
// (never NaN) at +-1000 and +-inf.
// RUN: tensor-run %s --entry f64 --arg 'dense<[1.0e-10, 1.0e-5, -1.0e-7, 0.5, 30.0, -30.0, -1.0, -0.0, -1000.0, 1000.0, 0x7FF0000000000000, 0xFFF0000000000000]> : tensor<12xf64>' | FileCheck %s --check-prefix=F64
// RUN: tensor-run %s --entry f32 --arg 'dense<[1.0e-10, 1.0e-5, -1.0e-7, 0.5, 30.0, -30.0, -1.0, -0.0, -1000.0, 1000.0, 0x7F800000, 0xFF800000]> : tensor<12xf32>' | FileCheck %s --check-prefix=F32
// RUN: tensor-run %s --lower-first --entry f32 --arg 'dense<[1.0e-10, 1.0e-5, -1.0e-7, 0.5, 30.0, -30.0, -1.0, -0.0, -1000.0, 1000.0, 0x7F800000, 0xFF800000]> : tensor<12xf32>' | FileCheck %s --check-prefix=F32
// RUN: tensor-run %s --entry f16 --arg 'dense<[1.0e-3, -1.0e-3, 0.5, -15.0, 12.0, -0.0]> : tensor<6xf16>' | FileCheck %s --check-prefix=F16

// F64: dense<[9.9999999995000007E-11, 9.9999500003333301E-6, -1.0000000500000033E-7, 0.40546510810816438, 3.4339872044851463, {{0x[7F]FF8000000000000}}, 0xFFF0000000000000, -0.000000e+00, {{0x[7F]FF8000000000000}}, 6.9087547793152204, 0x7FF0000000000000, {{0x[7F]FF8000000000000}}]> : tensor<12xf64>
// F64-NEXT: dense<[1.00000000005E-10, 1.0000050000166668E-5, -9.9999995000000163E-8, 0.64872127070012819, 10686474581523.463, -0.9999999999999064, -0.63212055882855767, -0.000000e+00, -1.000000e+00, 0x7FF0000000000000, 0x7FF0000000000000, -1.000000e+00]> : tensor<12xf64>
// F64-NEXT: dense<[0.500000000025, 0.50000249999999991, 0.49999997499999999, 0.62245933120185459, 0.99999999999990652, 9.3576229688393001E-14, 0.2689414213699951, 5.000000e-01, 0.000000e+00, 1.000000e+00, 1.000000e+00, 0.000000e+00]> : tensor<12xf64>
// F32: dense<[1.000000e-10, 9.99994972E-6, -1.000000e-07, 0.405465096, 3.43398714, {{0x[7F]FC00000}}, 0xFF800000, -0.000000e+00, {{0x[7F]FC00000}}, 6.90875483, 0x7F800000, {{0x[7F]FC00000}}]> : tensor<12xf32>
// F32-NEXT: dense<[1.000000e-10, 1.00000498E-5, -1.000000e-07, 0.648721277, 1.06864742E+13, -1.000000e+00, -0.632120549, -0.000000e+00, -1.000000e+00, 0x7F800000, 0x7F800000, -1.000000e+00]> : tensor<12xf32>
// F32-NEXT: dense<[5.000000e-01, 0.500002503, 0.49999997, 0.622459352, 1.000000e+00, 9.35762291E-14, 0.268941432, 5.000000e-01, 0.000000e+00, 1.000000e+00, 1.000000e+00, 0.000000e+00]> : tensor<12xf32>
// F16: dense<[9.994500e-04, -1.001360e-03, 4.055180e-01, {{0x[7F]E00}}, 2.564450e+00, -0.000000e+00]> : tensor<6xf16>
// F16-NEXT: dense<[1.001360e-03, -9.994500e-04, 6.489260e-01, -1.000000e+00, 0x7C00, -0.000000e+00]> : tensor<6xf16>
// F16-NEXT: dense<[5.004880e-01, 4.997560e-01, 6.225590e-01, 2.980230e-07, 1.000000e+00, 5.000000e-01]> : tensor<6xf16>

func.func @f64(%x: tensor<12xf64>) -> (tensor<12xf64>, tensor<12xf64>, tensor<12xf64>) {
  %a = nd.log1p %x : tensor<12xf64>
  %b = nd.expm1 %x : tensor<12xf64>
  %c = nd.logistic %x : tensor<12xf64>
  return %a, %b, %c : tensor<12xf64>, tensor<12xf64>, tensor<12xf64>
}

func.func @f32(%x: tensor<12xf32>) -> (tensor<12xf32>, tensor<12xf32>, tensor<12xf32>) {
  %a = nd.log1p %x : tensor<12xf32>
  %b = nd.expm1 %x : tensor<12xf32>
  %c = nd.logistic %x : tensor<12xf32>
  return %a, %b, %c : tensor<12xf32>, tensor<12xf32>, tensor<12xf32>
}

func.func @f16(%x: tensor<6xf16>) -> (tensor<6xf16>, tensor<6xf16>, tensor<6xf16>) {
  %a = nd.log1p %x : tensor<6xf16>
  %b = nd.expm1 %x : tensor<6xf16>
  %c = nd.logistic %x : tensor<6xf16>
  return %a, %b, %c : tensor<6xf16>, tensor<6xf16>, tensor<6xf16>
}
