// f8E8M0FNU (powers of two, no sign, no zero) from values it cannot hold, as
// mlir-opt 22 stores them: zero and values that round to zero become the
// smallest value 2^-127, too large values the NaN 0xFF, and a negative value
// sets the top bit of its magnitude's encoding (-1.0 is 0xFF, -3.0 is 4.0).
// Upstream prints a negative scalar with its sign (-4.000000e+00), which the
// encoding cannot hold (docs/differential.md); dense elements agree.
// RUN: tensor-opt --allow-unregistered-dialect %s | FileCheck %s

// CHECK: "t.a"() {h = dense<[5.877470e-39, 5.877470e-39, 0xFF, 4.000000e+00, 2.000000e+00, 1.701410e+38, 5.877470e-39, 2.000000e+00, 0xFF, 0xFF]> : tensor<10xf8E8M0FNU>}
"t.a"() {h = dense<[0.0, -0.0, -1.0, -3.0, -2.0, -0.5, -2.9e-39, -6.0e-39, 1.0e39, -1.0e39]> : tensor<10xf8E8M0FNU>} : () -> ()

// CHECK: "t.b"() {a = 5.877470e-39 : f8E8M0FNU, b = 0xFF : f8E8M0FNU, c = 5.877470e-39 : f8E8M0FNU}
"t.b"() {a = 0.0 : f8E8M0FNU, b = 1.0e39 : f8E8M0FNU, c = 1.0e-300 : f8E8M0FNU} : () -> ()
