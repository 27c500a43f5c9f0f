// Typed strings, complex and string dense, hex dense.
"my.strings"() {a = "hello" : i32, b = "x" : tensor<2xf32>, c = "plain", d = "esc\0A\22" : none} : () -> ()
"my.complex"() {a = dense<(1, 2)> : tensor<complex<i32>>, b = dense<[(1.0, 2.0), (3.0, -4.0)]> : tensor<2xcomplex<f32>>, c = dense<(0.5, 0.25)> : tensor<2x2xcomplex<f64>>} : () -> ()
"my.string_dense"() {a = dense<"abc"> : tensor<2x!my.str>, b = dense<["a", "bc"]> : tensor<2x!my.str>} : () -> ()
"my.hex"() {a = dense<"0x0100000002000000"> : tensor<2xi32>, b = dense<"0x0000803F"> : tensor<4xf32>, c = dense<"0x01"> : tensor<3xi8>} : () -> ()
"my.one_element"() {a = dense<[7]> : tensor<1xi32>, b = dense<[[2.0]]> : tensor<1x1xf32>, c = dense<[true]> : tensor<1xi1>, d = dense<[true, true]> : tensor<2xi1>, e = dense<[3, 3, 3]> : tensor<3xi64>} : () -> ()
