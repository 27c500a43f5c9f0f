// Diagnostics for malformed attributes, literals, strings and locations;
// messages and lines match mlir-opt's.
// RUN: tensor-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

func.func @missing_value() {
  // expected-error @+1 {{expected attribute value}}
  "foo.op"() {a = } : () -> ()
  return
}

// -----

func.func @duplicate_key() {
  // expected-error @+1 {{duplicate key 'a' in dictionary attribute}}
  "foo.op"() {a = 1, a = 2} : () -> ()
  return
}

// -----

func.func @int_out_of_range() {
  // expected-error @+1 {{integer constant out of range for attribute}}
  "foo.op"() {a = 256 : i8} : () -> ()
  return
}

// -----

func.func @negative_unsigned() {
  // expected-error @+1 {{negative integer literal not valid for unsigned integer type}}
  "foo.op"() {a = -1 : ui8} : () -> ()
  return
}

// -----

func.func @decimal_int_for_float() {
  // expected-error @+2 {{unexpected decimal integer literal for a floating point value}}
  // expected-note @+1 {{add a trailing dot to make the literal a float}}
  "foo.op"() {a = 1 : f32} : () -> ()
  return
}

// -----

func.func @dense_shape_mismatch() {
  // expected-error @+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
  "foo.op"() {a = dense<[1, 2]> : tensor<3xi32>} : () -> ()
  return
}

// -----

func.func @dense_inconsistent_ranks() {
  // expected-error @+1 {{tensor literal is invalid; ranks are not consistent between elements}}
  "foo.op"() {a = dense<[[1], 2]> : tensor<2xi32>} : () -> ()
  return
}

// -----

func.func @dense_dynamic_type() {
  // expected-error @+1 {{elements literal type must have static shape}}
  "foo.op"() {a = dense<1> : tensor<?xi32>} : () -> ()
  return
}

// -----

func.func @dense_bad_element() {
  // expected-error @+1 {{expected element literal of primitive type}}
  "foo.op"() {a = dense<[foo]> : tensor<1xi32>} : () -> ()
  return
}

// -----

func.func @bad_escape() {
  // expected-error @+1 {{unknown escape in string literal}}
  "foo.op"() {a = "a\qb"} : () -> ()
  return
}

// -----

func.func @unterminated_string() {
  // expected-error @+1 {{expected '"' in string literal}}
  "foo.op"() {a = "abc} : () -> ()
  return
}

// -----

func.func @bad_location() {
  // expected-error @+1 {{expected location instance}}
  "foo.op"() : () -> () loc(42)
  return
}

// -----

func.func @unterminated_location() {
  // expected-error @+1 {{expected ')' in location}}
  "foo.op"() : () -> () loc("file.mlir":1:2
  return
}

// -----

func.func @bad_fused_location() {
  // expected-error @+1 {{expected '[' in fused location}}
  "foo.op"() : () -> () loc(fused)
  return
}

// -----

func.func @unregistered_attr() {
  // expected-error @+1 {{dialect 'func' provides no attribute parsing hook}}
  "foo.op"() {a = #func.bar} : () -> ()
  return
}

// -----

// expected-error@+1 {{negative integer literal not valid for unsigned integer type}}
"test.op"() {a = -0 : ui8} : () -> ()

// -----

// expected-error@+1 {{expected '}' in attribute dictionary}}
"test.op"() {a = {b = 1} : () -> ()

// -----

// expected-error@+1 {{expected integer literal}}
"test.op"() {a = array<i32: 1, x>} : () -> ()

// -----

// expected-error@+1 {{expected integer elements, but parsed floating-point}}
"test.op"() {a = dense<[1.5]> : tensor<1xi32>} : () -> ()
