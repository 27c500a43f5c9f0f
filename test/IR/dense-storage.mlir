// Dense elements of every element type that is stored (i1, 3 to 128-bit integers of
// each signedness, index, f16, bf16, f32, f64), splats and shapes print as upstream
// prints them (dense-differential.mlir checks this input against mlir-opt), and a
// round trip through our printer changes nothing.
// RUN: tensor-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: tensor-opt --allow-unregistered-dialect %s | tensor-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tensor-opt --allow-unregistered-dialect --mlir-print-op-generic %s | tensor-opt --allow-unregistered-dialect | FileCheck %s

// i1 of any signedness prints as true/false; -1 is true.
"t.bool"() {a = dense<[true, false, true]> : tensor<3xi1>, b = dense<[[true], [false]]> : tensor<2x1xsi1>, c = dense<[1, 0]> : tensor<2xui1>, d = dense<-1> : tensor<4xi1>, e = dense<false> : vector<2xi1>} : () -> ()
// CHECK: "t.bool"() {a = dense<[true, false, true]> : tensor<3xi1>, b = dense<{{\[\[}}true], [false]]> : tensor<2x1xsi1>, c = dense<[true, false]> : tensor<2xui1>, d = dense<true> : tensor<4xi1>, e = dense<false> : vector<2xi1>} : () -> ()

// Signless integers print sign-extended, unsigned ones zero-extended.
"t.i8"() {a = dense<[-128, 0, 127, 255]> : tensor<4xi8>, b = dense<[-128, 127]> : tensor<2xsi8>, c = dense<[0, 255]> : tensor<2xui8>, d = dense<[0xFF, 0x7F]> : tensor<2xi8>} : () -> ()
// CHECK: "t.i8"() {a = dense<[-128, 0, 127, -1]> : tensor<4xi8>, b = dense<[-128, 127]> : tensor<2xsi8>, c = dense<[0, 255]> : tensor<2xui8>, d = dense<[-1, 127]> : tensor<2xi8>} : () -> ()

"t.i16"() {a = dense<[-32768, 65535]> : tensor<2xi16>, b = dense<[-32768, 32767]> : tensor<2xsi16>, c = dense<[0, 65535]> : tensor<2xui16>} : () -> ()
// CHECK: "t.i16"() {a = dense<[-32768, -1]> : tensor<2xi16>, b = dense<[-32768, 32767]> : tensor<2xsi16>, c = dense<[0, 65535]> : tensor<2xui16>} : () -> ()

"t.i32"() {a = dense<[[-2147483648, 4294967295], [0, 1]]> : tensor<2x2xi32>, b = dense<[-2147483648, 2147483647]> : tensor<2xsi32>, c = dense<[0, 4294967295]> : vector<2xui32>} : () -> ()
// CHECK: "t.i32"() {a = dense<{{\[\[}}-2147483648, -1], [0, 1]]> : tensor<2x2xi32>, b = dense<[-2147483648, 2147483647]> : tensor<2xsi32>, c = dense<[0, 4294967295]> : vector<2xui32>} : () -> ()

"t.i64"() {a = dense<[-9223372036854775808, 18446744073709551615]> : tensor<2xi64>, b = dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xsi64>, c = dense<[0, 18446744073709551615]> : tensor<2xui64>} : () -> ()
// CHECK: "t.i64"() {a = dense<[-9223372036854775808, -1]> : tensor<2xi64>, b = dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xsi64>, c = dense<[0, 18446744073709551615]> : tensor<2xui64>} : () -> ()

"t.index"() {a = dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xindex>, b = dense<0x10> : tensor<3xindex>} : () -> ()
// CHECK: "t.index"() {a = dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xindex>, b = dense<16> : tensor<3xindex>} : () -> ()

// 128-bit values, beyond i64.
"t.i128"() {a = dense<[-170141183460469231731687303715884105728, 340282366920938463463374607431768211455]> : tensor<2xi128>, b = dense<[0, 340282366920938463463374607431768211455]> : tensor<2xui128>, c = dense<[-170141183460469231731687303715884105728, 170141183460469231731687303715884105727]> : tensor<2xsi128>} : () -> ()
// CHECK: "t.i128"() {a = dense<[-170141183460469231731687303715884105728, -1]> : tensor<2xi128>, b = dense<[0, 340282366920938463463374607431768211455]> : tensor<2xui128>, c = dense<[-170141183460469231731687303715884105728, 170141183460469231731687303715884105727]> : tensor<2xsi128>} : () -> ()

// Other widths go to the next container; i65's 2^65-1 is -1, so a splat.
"t.odd"() {a = dense<[-4, 7]> : tensor<2xi3>, b = dense<[-4, 3]> : tensor<2xsi3>, c = dense<[0, 7]> : tensor<2xui3>, d = dense<[-65536, 131071]> : tensor<2xi17>, e = dense<[-1, 36893488147419103231]> : tensor<2xi65>, f = dense<[1, -1]> : tensor<2xsi33>} : () -> ()
// CHECK: "t.odd"() {a = dense<[-4, -1]> : tensor<2xi3>, b = dense<[-4, 3]> : tensor<2xsi3>, c = dense<[0, 7]> : tensor<2xui3>, d = dense<[-65536, -1]> : tensor<2xi17>, e = dense<-1> : tensor<2xi65>, f = dense<[1, -1]> : tensor<2xsi33>} : () -> ()

// Floats round to their format; inf and NaN print as bits.
"t.f16"() {a = dense<[1.0, -2.5, 6.550400e+04, 5.960460e-08]> : tensor<4xf16>, b = dense<[0x7C00, 0xFC00, 0x7E00, 0x8000]> : tensor<4xf16>, c = dense<[0.1, 3.14159]> : tensor<2xf16>} : () -> ()
// CHECK: "t.f16"() {a = dense<[1.000000e+00, -2.500000e+00, 6.550400e+04, 5.960460e-08]> : tensor<4xf16>, b = dense<[0x7C00, 0xFC00, 0x7E00, -0.000000e+00]> : tensor<4xf16>, c = dense<[9.997550e-02, 3.140630e+00]> : tensor<2xf16>} : () -> ()

"t.bf16"() {a = dense<[1.0, -2.5, 3.389531e+38]> : tensor<3xbf16>, b = dense<[0x7F80, 0xFFC0]> : tensor<2xbf16>, c = dense<[0.1, 3.14159]> : tensor<2xbf16>} : () -> ()
// CHECK: "t.bf16"() {a = dense<[1.000000e+00, -2.500000e+00, 3.389530e+38]> : tensor<3xbf16>, b = dense<[0x7F80, 0xFFC0]> : tensor<2xbf16>, c = dense<[1.000980e-01, 3.140630e+00]> : tensor<2xbf16>} : () -> ()

"t.f32"() {a = dense<[1.0, -0.0, 3.40282347e+38, 1.0e-45]> : tensor<4xf32>, b = dense<[0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<3xf32>, c = dense<[0.1, 3.14159265]> : tensor<2xf32>} : () -> ()
// CHECK: "t.f32"() {a = dense<[1.000000e+00, -0.000000e+00, 3.40282347E+38, 1.401300e-45]> : tensor<4xf32>, b = dense<[0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<3xf32>, c = dense<[1.000000e-01, 3.14159274]> : tensor<2xf32>} : () -> ()

"t.f64"() {a = dense<[1.0, -0.0, 1.7976931348623157e+308, 4.9406564584124654e-324]> : tensor<4xf64>, b = dense<[0x7FF0000000000000, 0x7FF8000000000000]> : tensor<2xf64>, c = dense<[0.1, 3.14159265358979]> : tensor<2xf64>} : () -> ()
// CHECK: "t.f64"() {a = dense<[1.000000e+00, -0.000000e+00, 1.7976931348623157E+308, 4.940660e-324]> : tensor<4xf64>, b = dense<[0x7FF0000000000000, 0x7FF8000000000000]> : tensor<2xf64>, c = dense<[1.000000e-01, 3.14159265358979]> : tensor<2xf64>} : () -> ()

// Uniform literals and one-element types are splats; -0.0 and 0.0 differ.
"t.splat"() {a = dense<[[7, 7], [7, 7]]> : tensor<2x2xi32>, b = dense<[5]> : tensor<1xi32>, c = dense<[[5]]> : tensor<1x1xi64>, d = dense<2.5> : tensor<3x3xf32>, e = dense<[true, true]> : tensor<2xi1>, f = dense<[-0.0, -0.0]> : tensor<2xf32>, g = dense<[0.0, -0.0]> : tensor<2xf32>, h = dense<9> : tensor<i8>, i = dense<1> : tensor<0xi32>, j = dense<3> : tensor<1000000x1000000xi8>} : () -> ()
// CHECK: "t.splat"() {a = dense<7> : tensor<2x2xi32>, b = dense<5> : tensor<1xi32>, c = dense<5> : tensor<1x1xi64>, d = dense<2.500000e+00> : tensor<3x3xf32>, e = dense<true> : tensor<2xi1>, f = dense<-0.000000e+00> : tensor<2xf32>, g = dense<[0.000000e+00, -0.000000e+00]> : tensor<2xf32>, h = dense<9> : tensor<i8>, i = dense<1> : tensor<0xi32>, j = dense<3> : tensor<1000000x1000000xi8>} : () -> ()

// Empty types print dense<>; nested shapes keep their brackets.
"t.shape"() {a = dense<> : tensor<0xf32>, b = dense<> : tensor<2x0xi8>, c = dense<[]> : tensor<0xi1>, d = dense<[[[1, 2]], [[3, 4]], [[5, 6]]]> : tensor<3x1x2xi8>, e = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : vector<2x3xf16>, f = dense<[[], []]> : tensor<2x0xi32>} : () -> ()
// CHECK: "t.shape"() {a = dense<> : tensor<0xf32>, b = dense<> : tensor<2x0xi8>, c = dense<> : tensor<0xi1>, d = dense<{{\[\[}}[1, 2]], {{\[\[}}3, 4]], {{\[\[}}5, 6]]]> : tensor<3x1x2xi8>, e = dense<{{\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : vector<2x3xf16>, f = dense<> : tensor<2x0xi32>} : () -> ()
