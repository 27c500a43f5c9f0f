// Integer literals: ranges by signedness, and how each kind prints.
// RUN: tensor-opt --allow-unregistered-dialect %s | FileCheck %s

// Signless types accept both signed and unsigned spellings and print signed.
// CHECK: "t.signless"() {a = -128 : i8, b = -1 : i8, c = 127 : i8, d = 0 : i8, e = 1 : i2, f = true} : () -> ()
"t.signless"() {a = -128 : i8, b = 255 : i8, c = 127 : i8, d = 0 : i8, e = 1 : i2, f = true} : () -> ()
// CHECK: "t.unsigned"() {a = 255 : ui8, b = 18446744073709551615 : ui64} : () -> ()
"t.unsigned"() {a = 255 : ui8, b = 18446744073709551615 : ui64} : () -> ()
// CHECK: "t.signed"() {a = -128 : si8, b = 127 : si8} : () -> ()
"t.signed"() {a = -128 : si8, b = 127 : si8} : () -> ()
// CHECK: "t.wide"() {a = -9223372036854775808 : i64, b = 42 : index, c = 170141183460469231731687303715884105727 : i128} : () -> ()
"t.wide"() {a = -9223372036854775808 : i64, b = 0x2A : index, c = 170141183460469231731687303715884105727 : i128} : () -> ()
