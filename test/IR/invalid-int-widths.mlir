// Integer literals out of range for their width, as mlir-opt reports them
// (this file passes `mlir-opt -split-input-file -verify-diagnostics` too).
// RUN: tensor-opt --allow-unregistered-dialect %s -split-input-file -verify-diagnostics

// A zero-width type holds no negative value (found by fuzzing: int_fits overflowed).
// expected-error@+1 {{integer constant out of range for attribute}}
"my.op"() {a = -1 : i0} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"my.op"() {a = 1 : si0} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"my.op"() {a = -1 : si0} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"my.op"() {a = 85070591730234615865843651857942052864 : si127} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"my.op"() {a = 170141183460469231731687303715884105728 : i127} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"my.op"() {a = 1606938044258990275541962092341162602522202993782792835301376 : si201} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"my.op"() {a = 0x1FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF : i200} : () -> ()

// -----

// expected-error@+1 {{negative integer literal not valid for unsigned integer type}}
"my.op"() {a = -1 : ui200} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"my.op"() {a = -0 : i300} : () -> ()
