// Errors in builtin attributes and types: messages and columns as mlir-opt's
// (this file passes `mlir-opt -split-input-file -verify-diagnostics` too).
// RUN: tensor-opt --allow-unregistered-dialect %s -split-input-file -verify-diagnostics
// RUN: not tensor-opt --allow-unregistered-dialect %s -split-input-file 2>&1 | FileCheck %s

// CHECK: invalid-builtin.mlir:[[# @LINE + 2]]:34: error: use of undeclared identifier
// expected-error@+1 {{use of undeclared identifier}}
"t.a"() {a = affine_map<(d0) -> (d1)>} : () -> ()

// -----

// CHECK: invalid-builtin.mlir:[[# @LINE + 2]]:37: error: non-affine expression: at least one of the multiply operands has to be either a constant or symbolic
// expected-error@+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
"t.a"() {a = affine_map<(d0) -> (d0 * d0)>} : () -> ()

// -----

// The column is past a lone `>`, as upstream's parser consumes it first.
// CHECK: invalid-builtin.mlir:[[# @LINE + 2]]:38: error: expected '== affine-expr' or '>= affine-expr' at end of affine constraint
// expected-error@+1 {{expected '== affine-expr' or '>= affine-expr' at end of affine constraint}}
"t.a"() {a = affine_set<(d0) : (d0 > 0)>} : () -> ()

// -----

// CHECK: invalid-builtin.mlir:[[# @LINE + 2]]:14: error: expected the number of strides to match the rank
// expected-error@+1 {{expected the number of strides to match the rank}}
"t.a"() {a = memref<4xf32, strided<[1, 1]>>} : () -> ()

// -----

// An unregistered dialect's attribute is no memory space.
// CHECK: invalid-builtin.mlir:[[# @LINE + 2]]:14: error: unsupported memory space Attribute
// expected-error@+1 {{unsupported memory space Attribute}}
"t.a"() {a = memref<4xf32, #my.space>} : () -> ()

// -----

// CHECK: invalid-builtin.mlir:[[# @LINE + 2]]:22: error: invalid dimension
// expected-error@+1 {{invalid dimension}}
"t.a"() {a = vector<[?]xf32>} : () -> ()

// -----

// CHECK: invalid-builtin.mlir:[[# @LINE + 2]]:23: error: missing ']' closing scalable dimension
// expected-error@+1 {{missing ']' closing scalable dimension}}
"t.a"() {a = vector<[4xf32>} : () -> ()

// -----

// CHECK: invalid-builtin.mlir:[[# @LINE + 2]]:14: error: sparse index #0 is not contained within the value shape, with index=[5], and type='tensor<2xi32>'
// expected-error@+1 {{sparse index #0 is not contained within the value shape, with index=[5], and type='tensor<2xi32>'}}
"t.a"() {a = sparse<[[5]], [1]> : tensor<2xi32>} : () -> ()

// -----

// CHECK: invalid-builtin.mlir:[[# @LINE + 2]]:34: error: referenced attribute does not match previous definition: 1 : i64
// expected-error@+1 {{referenced attribute does not match previous definition: 1 : i64}}
"t.a"() {a = distinct[0]<1>, b = distinct[0]<2>} : () -> ()

// -----

// Words that start no type are not attribute values (upstream's message, reported
// just past the previous token).
// CHECK: invalid-builtin.mlir:[[# @LINE + 2]]:13: error: expected attribute value
// expected-error@+1 {{expected attribute value}}
"t.a"() {a = opaque<"foo", "0xDEADBEEF"> : tensor<4xi8>} : () -> ()

// -----

// CHECK: invalid-builtin.mlir:[[# @LINE + 2]]:13: error: expected attribute value
// expected-error@+1 {{expected attribute value}}
"t.a"() {a = integer_set<(d0) : (d0 >= 0)>} : () -> ()

// -----

// A line number is 32 bits; a hex one is read as one, and too large is refused.
// CHECK: invalid-builtin.mlir:[[# @LINE + 2]]:22: error: expected integer line number in FileLineColRange
// expected-error@+1 {{expected integer line number in FileLineColRange}}
"t.a"() {a = loc("a":0x100000000:1)} : () -> ()

// -----

// CHECK: invalid-builtin.mlir:[[# @LINE + 2]]:28: error: expected either integer or `:` post `to` in FileLineColRange
// expected-error@+1 {{expected either integer or `:` post `to` in FileLineColRange}}
"t.a"() {a = loc("a":1:2 to )} : () -> ()

// -----

// CHECK: invalid-builtin.mlir:[[# @LINE + 2]]:14: error: inferred shape of elements literal ([2]) does not match type ([3])
// expected-error@+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
"t.a"() {a = dense<[1, 2]> : tensor<3xi32>} : () -> ()

// -----

// Upstream negates the magnitude and wants a negative number: -0 is out of range.
// CHECK: invalid-builtin.mlir:[[# @LINE + 2]]:15: error: integer constant out of range for attribute
// expected-error@+1 {{integer constant out of range for attribute}}
"t.a"() {a = -0 : i8} : () -> ()

// -----

// Range errors of negative numbers are reported at the number, past the `-`.
// CHECK: invalid-builtin.mlir:[[# @LINE + 2]]:15: error: integer constant out of range for attribute
// expected-error@+1 {{integer constant out of range for attribute}}
"t.a"() {a = -129 : i8} : () -> ()

// -----

// CHECK: invalid-builtin.mlir:[[# @LINE + 2]]:14: error: integer constant out of range for attribute
// expected-error@+1 {{integer constant out of range for attribute}}
"t.a"() {a = 170141183460469231731687303715884105728 : si128} : () -> ()

// -----

// In dense arrays, range errors are reported past the number.
// CHECK: invalid-builtin.mlir:[[# @LINE + 2]]:30: error: integer constant out of range
// expected-error@+1 {{integer constant out of range}}
"t.a"() {a = array<i8: 1, 300>} : () -> ()

// -----

// CHECK: invalid-builtin.mlir:[[# @LINE + 2]]:26: error: integer constant out of range
// expected-error@+1 {{integer constant out of range}}
"t.a"() {a = array<i8: -0>} : () -> ()

// -----

// CHECK: invalid-builtin.mlir:[[# @LINE + 2]]:25: error: expected 'true' or 'false' values for i1 type
// expected-error@+1 {{expected 'true' or 'false' values for i1 type}}
"t.a"() {a = array<i1: 2>} : () -> ()

// -----

// CHECK: invalid-builtin.mlir:[[# @LINE + 2]]:24: error: expected i1 type for 'true' or 'false' values
// expected-error@+1 {{expected i1 type for 'true' or 'false' values}}
"t.a"() {a = array<i8: true>} : () -> ()

// -----

// CHECK: invalid-builtin.mlir:[[# @LINE + 2]]:15: error: hexadecimal float literal should not have a leading minus
// expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
"t.a"() {a = -0x7F800000 : f32} : () -> ()
