// Every float format of LLVM 22, as types, scalars and dense literals.
func.func private @types(f4E2M1FN, f6E2M3FN, f6E3M2FN, f8E5M2, f8E4M3, f8E4M3FN, f8E5M2FNUZ, f8E4M3FNUZ, f8E4M3B11FNUZ, f8E3M4, f8E8M0FNU, bf16, f16, tf32, f32, f64, f80, f128)
"my.small"() {a = 1.5 : f4E2M1FN, b = 0.25 : f6E2M3FN, c = 3.0 : f6E3M2FN, d = 0.5 : f8E5M2, e = 1.0 : f8E4M3, f = 448.0 : f8E4M3FN, g = 2.0 : f8E5M2FNUZ, h = -1.0 : f8E4M3FNUZ, i = 0.125 : f8E4M3B11FNUZ, j = 1.25 : f8E3M4, k = 4.0 : f8E8M0FNU} : () -> ()
"my.wide"() {a = 1.0 : tf32, b = 3.5 : f80, c = 0.1 : f128, d = -2.5e+10 : f80, e = 1.0e-300 : f128} : () -> ()
"my.hexfloat"() {a = 0x7F800001 : f32, b = 0x7C01 : f16, c = 0x7F81 : bf16, d = 0x7FC00000 : f32, e = 0xFF800000 : f32, f = 0x7FF0000000000001 : f64} : () -> ()
"my.dense"() {a = dense<[1.0, 2.0]> : tensor<2xf8E4M3FN>, b = dense<0.5> : tensor<3xf8E5M2>, c = dense<[1.5, -1.5]> : tensor<2xf80>, d = dense<[1.0, 2.0, 3.0]> : tensor<3xf128>, e = dense<1.0> : tensor<2x2xtf32>, f = dense<[0.5, 6.0]> : tensor<2xf4E2M1FN>} : () -> ()
"my.dense_bits"() {a = dense<[0x7F800001, 1.0]> : tensor<2xf32>, b = dense<0x7E01> : tensor<4xf16>} : () -> ()
