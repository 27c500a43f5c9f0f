// SSA name scopes, as upstream's parser has them: a region sees the names of every
// enclosing region (isolation is the verifier's business, not the parser's), a name
// may not be redefined inside a nested region, and sibling regions reuse names freely.
// RUN: tensor-opt --allow-unregistered-dialect %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @a() {
// CHECK-NEXT:    %0 = "t.def"() : () -> i32
// CHECK-LABEL: func.func @b() {
// CHECK-NEXT:    %0 = "t.def"() : () -> f32
func.func @a() {
  %0 = "t.def"() : () -> i32
  return
}
func.func @b() {
  %0 = "t.def"() : () -> f32
  return
}

// -----

// CHECK:      "t.region"() ({
// CHECK-NEXT:   "t.use"(%0) : (i32) -> ()
%x = "t.def"() : () -> i32
"t.region"() ({
  "t.use"(%x) : (i32) -> ()
}) : () -> ()

// -----

// expected-note@+1 {{previously defined here}}
%x = "t.def"() : () -> i32
"t.region"() ({
  // expected-error@+1 {{redefinition of SSA value '%x'}}
  %x = "t.def"() : () -> i32
}) : () -> ()

// -----

// expected-note@+1 {{previously defined here}}
%0 = "t.def"() : () -> i32
func.func @f() {
  // expected-error@+1 {{redefinition of SSA value '%0'}}
  %0 = "t.inner"() : () -> f32
  return
}

// -----

// expected-note@+1 {{required by region isolation constraints}}
func.func @isolated() {
  // expected-error@+1 {{'t.use' op using value defined outside the region}}
  "t.use"(%outer) : (i32) -> ()
  return
}
%outer = "t.def"() : () -> i32
