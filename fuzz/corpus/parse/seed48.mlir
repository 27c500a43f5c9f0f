// RUN: tensor-opt --allow-unregistered-dialect %s | FileCheck %s

// Integer attributes keep their type, except that `: i64` is elided inside arrays.
// CHECK: "test.ints"() {a = 1 : i64, b = -1 : i8, c = 200 : ui8, d = 7 : index, e = [1, 2 : i32]} : () -> ()
"test.ints"() {a = 1, b = 255 : i8, c = 200 : ui8, d = 7 : index, e = [1, 2 : i32]} : () -> ()

// Floats print as %e with six digits when that round-trips, else in full.
// CHECK: "test.floats"() {a = 1.500000e+00 : f64, b = 1.000000e-01 : f32, c = 3.1415926500000002 : f64, d = 0x7FC00000 : f32} : () -> ()
"test.floats"() {a = 1.5, b = 0.1 : f32, c = 3.14159265, d = 0x7FC00000 : f32} : () -> ()

// Booleans, unit and i1 integers.
// CHECK: "test.bools"() {a = true, b = false, c, d = true} : () -> ()
"test.bools"() {a = true, b = false, c, d = 1 : i1} : () -> ()

// Strings escape quotes, backslashes and non-printable bytes in hex.
// CHECK: "test.strings"() {a = "plain", b = "q\22uote", c = "back\\slash", d = "new\0Aline", e = "\FF"} : () -> ()
"test.strings"() {a = "plain", b = "q\"uote", c = "back\\slash", d = "new\nline", e = "\FF"} : () -> ()

// Dictionaries are sorted by key; names that are not identifiers are quoted.
// CHECK: "test.dict"() {a = {x = 1 : i64, y}, "has space" = 2 : i64, z = {}} : () -> ()
"test.dict"() {z = {}, "has space" = 2, a = {y, x = 1}} : () -> ()

// Dense elements: nested lists, splats (all-equal lists become splats), bools, empty.
// CHECK: "test.dense"() {a = dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>, b = dense<0> : tensor<8xi8>, c = dense<2.500000e-01> : tensor<2xf32>, d = dense<[true, false]> : tensor<2xi1>, e = dense<> : tensor<0xi64>, f = dense<7> : tensor<i32>} : () -> ()
"test.dense"() {a = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, b = dense<[0, 0, 0, 0, 0, 0, 0, 0]> : tensor<8xi8>, c = dense<0.25> : tensor<2xf32>, d = dense<[true, false]> : tensor<2xi1>, e = dense<> : tensor<0xi64>, f = dense<7> : tensor<i32>} : () -> ()

// Dense arrays.
// CHECK: "test.arrays"() {a = array<i64: 1, 2, 3>, b = array<i64>, c = array<f32: 5.000000e-01>, d = array<i1: true, false>} : () -> ()
"test.arrays"() {a = array<i64: 1, 2, 3>, b = array<i64>, c = array<f32: 0.5>, d = array<i1: true, false>} : () -> ()

// Symbol references, type attributes and dialect attributes.
// CHECK: "test.refs"() {a = @f, b = @outer::@inner, c = @"with space", d = tensor<?xf32>, e = (i32) -> i32, f = #foo.bar<"x", 1>} : () -> ()
"test.refs"() {a = @f, b = @outer::@inner, c = @"with space", d = tensor<?xf32>, e = (i32) -> i32, f = #foo.bar<"x", 1>} : () -> ()

// Properties print between the operands and the attribute dictionary.
// CHECK: "test.props"() <{p = 1 : i32}> {q} : () -> ()
"test.props"() <{p = 1 : i32}> {q} : () -> ()
