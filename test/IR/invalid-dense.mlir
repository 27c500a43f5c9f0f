// Malformed dense literals: hex strings and list elements. Messages and places are
// upstream's (dense-differential.mlir runs mlir-opt on this file: same
// diagnostics, and the expected-errors hold for it too).
// RUN: tensor-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect
// RUN: not tensor-opt %s -split-input-file -allow-unregistered-dialect 2>&1 | FileCheck %s

// Not hex digits.
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:20: error: expected string containing hex digits starting with `0x`
// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
"t.a"() {a = dense<"abc"> : tensor<2xi8>} : () -> ()

// -----

// Not hex digits.
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:20: error: expected string containing hex digits starting with `0x`
// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
"t.a"() {a = dense<"0xZZ"> : tensor<1xi8>} : () -> ()

// -----

// An odd number of hex digits.
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:20: error: expected string containing hex digits starting with `0x`
// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
"t.a"() {a = dense<"0xABC"> : tensor<2xi8>} : () -> ()

// -----

// An upper-case X.
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:20: error: expected string containing hex digits starting with `0x`
// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
"t.a"() {a = dense<"0X01"> : tensor<1xi8>} : () -> ()

// -----

// Escapes are not hex digits.
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:20: error: expected string containing hex digits starting with `0x`
// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
"t.a"() {a = dense<"0x\41"> : tensor<1xi8>} : () -> ()

// -----

// Neither one element nor all of them.
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:14: error: elements hex data size is invalid for provided type: 'tensor<2xi8>'
// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<2xi8>'}}
"t.a"() {a = dense<"0x010203"> : tensor<2xi8>} : () -> ()

// -----

// No data for one element.
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:14: error: elements hex data size is invalid for provided type: 'tensor<1xi8>'
// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<1xi8>'}}
"t.a"() {a = dense<"0x"> : tensor<1xi8>} : () -> ()

// -----

// I1 data is one bit per element, in whole bytes.
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:14: error: elements hex data size is invalid for provided type: 'tensor<3xi1>'
// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<3xi1>'}}
"t.a"() {a = dense<"0x0300"> : tensor<3xi1>} : () -> ()

// -----

// I1 data too short.
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:14: error: elements hex data size is invalid for provided type: 'tensor<9xi1>'
// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<9xi1>'}}
"t.a"() {a = dense<"0x01"> : tensor<9xi1>} : () -> ()

// -----

// I17 elements take 3 bytes.
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:14: error: elements hex data size is invalid for provided type: 'tensor<2xi17>'
// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<2xi17>'}}
"t.a"() {a = dense<"0x01000000"> : tensor<2xi17>} : () -> ()

// -----

// The type is checked before the data.
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:14: error: elements literal must be a shaped type
// expected-error@+1 {{elements literal must be a shaped type}}
"t.a"() {a = dense<"abc"> : i32} : () -> ()

// -----

// A dynamic shape.
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:14: error: elements literal type must have static shape
// expected-error@+1 {{elements literal type must have static shape}}
"t.a"() {a = dense<"0x00"> : tensor<?xi8>} : () -> ()

// -----

// An element type that is not a number.
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:41: error: invalid tensor element type
// expected-error@+1 {{invalid tensor element type}}
"t.a"() {a = dense<"0x0102"> : tensor<2xnone>} : () -> ()

// -----

// A negative unsigned element.
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:25: error: expected unsigned integer elements, but parsed negative value
// expected-error@+1 {{expected unsigned integer elements, but parsed negative value}}
"t.a"() {a = dense<[1, -1]> : tensor<2xui8>} : () -> ()

// -----

// An element out of range.
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:24: error: integer constant out of range for type
// expected-error@+1 {{integer constant out of range for type}}
"t.a"() {a = dense<[1, 256]> : tensor<2xi8>} : () -> ()

// -----

// -0 is out of range, as upstream.
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:22: error: integer constant out of range for type
// expected-error@+1 {{integer constant out of range for type}}
"t.a"() {a = dense<[-0]> : tensor<1xi32>} : () -> ()

// -----

// Index is signed.
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:21: error: integer constant out of range for type
// expected-error@+1 {{integer constant out of range for type}}
"t.a"() {a = dense<[9223372036854775808]> : tensor<1xindex>} : () -> ()

// -----

// Si8 is signed.
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:21: error: integer constant out of range for type
// expected-error@+1 {{integer constant out of range for type}}
"t.a"() {a = dense<[0xFF]> : tensor<1xsi8>} : () -> ()

// -----

// Booleans are for i1.
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:21: error: expected i1 type for 'true' or 'false' values
// expected-error@+1 {{expected i1 type for 'true' or 'false' values}}
"t.a"() {a = dense<[true]> : tensor<1xi8>} : () -> ()

// -----

// A float for an integer.
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:25: error: expected integer elements, but parsed floating-point
// expected-error@+1 {{expected integer elements, but parsed floating-point}}
"t.a"() {a = dense<[2, -1.5]> : tensor<2xi32>} : () -> ()

// -----

// A decimal integer for a float.
// CHECK: invalid-dense.mlir:[[# @LINE + 3]]:26: error: unexpected decimal integer literal for a floating point value
// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"t.a"() {a = dense<[1.0, 2]> : tensor<2xf32>} : () -> ()

// -----

// A negative hex float.
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:22: error: hexadecimal float literal should not have a leading minus
// expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
"t.a"() {a = dense<[-0x3F800000]> : tensor<1xf32>} : () -> ()

// -----

// A hex float too wide.
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:21: error: hexadecimal float constant out of range for type
// expected-error@+1 {{hexadecimal float constant out of range for type}}
"t.a"() {a = dense<[0x1FFFFFFFF]> : tensor<1xf32>} : () -> ()

// -----

// A boolean for a float.
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:21: error: expected floating point literal
// expected-error@+1 {{expected floating point literal}}
"t.a"() {a = dense<[true]> : tensor<1xf32>} : () -> ()

// -----

// A minus before a keyword.
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:22: error: expected integer or floating point literal
// expected-error@+1 {{expected integer or floating point literal}}
"t.a"() {a = dense<[-true]> : tensor<1xi1>} : () -> ()

// -----

// Inconsistent ranks, reported after the element.
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:27: error: tensor literal is invalid; ranks are not consistent between elements
// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"t.a"() {a = dense<[[1], 2]> : tensor<2xi32>} : () -> ()

// -----

// No elements for a type that has some.
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:14: error: parsed zero elements, but type ('tensor<2xi32>') expected at least 1
// expected-error@+1 {{parsed zero elements, but type ('tensor<2xi32>') expected at least 1}}
"t.a"() {a = dense<> : tensor<2xi32>} : () -> ()

// -----

// An empty list must have the type's shape.
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:14: error: inferred shape of elements literal ([0]) does not match type ([2, 0])
// expected-error@+1 {{inferred shape of elements literal ([0]) does not match type ([2, 0])}}
"t.a"() {a = dense<[]> : tensor<2x0xi32>} : () -> ()

// -----

// A missing comma in a dense list: upstream's tensor literal parser names only
// the bracket (an array attribute says "expected ',' or ']'").
// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:22: error: expected ']'
// expected-error@+1 {{expected ']'}}
"t.a"() {a = dense<[1 2]> : tensor<2xi32>} : () -> ()

// -----

// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:24: error: expected ']'
// expected-error@+1 {{expected ']'}}
"t.a"() {a = dense<[[1] [2]]> : tensor<2x1xi32>} : () -> ()

// -----

// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:28: error: expected '>' to close an array attribute
// expected-error@+1 {{expected '>' to close an array attribute}}
"t.a"() {a = array<f32: 1.0 2.0>} : () -> ()

// -----

// CHECK: invalid-dense.mlir:[[# @LINE + 2]]:23: error: expected ':' after dense array type
// expected-error@+1 {{expected ':' after dense array type}}
"t.a"() {a = array<i32 1>} : () -> ()
