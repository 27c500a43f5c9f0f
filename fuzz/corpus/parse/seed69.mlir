// Element types dense storage does not hold (upstream accepts them): integers wider
// than 128 bits or of width 0, in dense<...> and array<...>. Each is a located
// error, never a crash. (Complex elements are supported: dense-complex.mlir.)
// RUN: tensor-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect
// RUN: not tensor-opt %s -split-input-file -allow-unregistered-dialect 2>&1 | FileCheck %s

// CHECK: dense-unsupported.mlir:[[# @LINE + 2]]:14: error: integer elements of type 'i256' are not supported: widths from 1 to 128 bits are
// expected-error@+1 {{integer elements of type 'i256' are not supported}}
"t.a"() {a = dense<[1, 2]> : tensor<2xi256>} : () -> ()

// -----

// CHECK: dense-unsupported.mlir:[[# @LINE + 2]]:14: error: integer elements of type 'i256' are not supported
// expected-error@+1 {{integer elements of type 'i256' are not supported}}
"t.a"() {a = dense<"0x01"> : tensor<1xi256>} : () -> ()

// -----

// CHECK: dense-unsupported.mlir:[[# @LINE + 2]]:14: error: integer elements of type 'i0' are not supported
// expected-error@+1 {{integer elements of type 'i0' are not supported}}
"t.a"() {a = dense<> : tensor<0xi0>} : () -> ()

// -----

// CHECK: dense-unsupported.mlir:[[# @LINE + 2]]:20: error: integer elements of type 'si136' are not supported
// expected-error@+1 {{integer elements of type 'si136' are not supported}}
"t.a"() {a = array<si136: 1>} : () -> ()
