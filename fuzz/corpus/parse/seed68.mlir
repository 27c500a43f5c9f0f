// Symbol names that are not identifiers are quoted; references may be nested.
// RUN: tensor-opt --allow-unregistered-dialect %s | FileCheck %s

// CHECK: func.func private @"name with spaces"()
func.func private @"name with spaces"()
// CHECK: func.func private @"0starts_with_digit"()
func.func private @"0starts_with_digit"()
// CHECK-LABEL: func.func @caller()
// CHECK-NEXT:    call @"name with spaces"() : () -> ()
// CHECK-NEXT:    "t.ref"() {r = @a::@b::@"c d"} : () -> ()
func.func @caller() {
  call @"name with spaces"() : () -> ()
  "t.ref"() {r = @a::@b::@"c d"} : () -> ()
  return
}
