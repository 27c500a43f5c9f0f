// Diagnostics for SSA names, result numbers, operand types, dominance and
// block references; messages and lines match mlir-opt's.
// RUN: tensor-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

func.func @undeclared() {
  // expected-error @+1 {{use of undeclared SSA value name}}
  "foo.use"(%x) : (i32) -> ()
  return
}

// -----

func.func @redefinition() {
  // expected-note @+1 {{previously defined here}}
  %0 = "foo.def"() : () -> i32
  // expected-error @+1 {{redefinition of SSA value '%0'}}
  %0 = "foo.def"() : () -> i32
  return
}

// -----

func.func @type_mismatch_with_def() {
  // expected-note @+1 {{prior use here}}
  %0 = "foo.def"() : () -> i32
  // expected-error @+1 {{use of value '%0' expects different type than prior uses: 'i64' vs 'i32'}}
  "foo.use"(%0) : (i64) -> ()
  return
}

// -----

func.func @type_mismatch_with_forward_use() {
  "foo.region"() ({
  ^bb0:
    // expected-note @+1 {{prior use here}}
    "foo.use"(%x) : (i32) -> ()
    // expected-error @+1 {{use of value '%x' expects different type than prior uses: 'i64' vs 'i32'}}
    "foo.use"(%x) : (i64) -> ()
    %x = "foo.def"() : () -> i32
    "foo.term"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @forward_ref_definition_type_mismatch() {
  "foo.region"() ({
  ^bb0:
    // expected-note @+1 {{previously used here with type 'i32'}}
    "foo.use"(%x) : (i32) -> ()
    // expected-error @+1 {{definition of SSA value '%x#0' has type 'i64'}}
    %x = "foo.def"() : () -> i64
    "foo.term"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @invalid_result_number() {
  %0:2 = "foo.def"() : () -> (i32, i32)
  // expected-error @+1 {{reference to invalid result number}}
  "foo.use"(%0#3) : (i32) -> ()
  return
}

// -----

// A forward reference past the results of its eventual definition is never
// bound, so it is reported as undeclared when its scope ends.
func.func @forward_ref_invalid_result_number() {
  // expected-error @+1 {{use of undeclared SSA value name}}
  "foo.use"(%x#3) : (i32) -> ()
  %x:2 = "foo.def"() : () -> (i32, i32)
  return
}

// -----

func.func @forward_ref_type_mismatch_lowest_result_first() {
  // expected-note @+1 {{previously used here with type 'i64'}}
  "foo.use"(%x#1, %x#0) : (i64, i64) -> ()
  // expected-error @+1 {{definition of SSA value '%x#0' has type 'i32'}}
  %x:2 = "foo.def"() : () -> (i32, i32)
  return
}

// -----

func.func @result_count_mismatch() {
  // expected-error @+1 {{operation defines 1 results but was provided 2 to bind}}
  %0:2 = "foo.def"() : () -> i32
  return
}

// -----

func.func @operand_type_count_mismatch(%a: i32) {
  // expected-error @+1 {{expected 2 operand types but had 1}}
  "foo.use"(%a, %a) : (i32) -> ()
  return
}

// -----

// Upstream writes a NUL byte after "type" here (its plural suffix for one
// operand), so only the part before it is portable.
func.func @operand_type_count_mismatch_singular(%a: i32) {
  // expected-error @+1 {{expected 1 operand type}}
  "foo.use"(%a) : (i32, i32) -> ()
  return
}

// -----

func.func @dominance() {
  // expected-error @+1 {{operand #0 does not dominate this use}}
  "foo.use"(%x) : (i32) -> ()
  // expected-note @+1 {{operand defined here (op in the same block)}}
  %x = "foo.def"() : () -> i32
  return
}

// -----

func.func @undefined_block() {
  // expected-error @+1 {{reference to an undefined block}}
  "foo.br"() [^missing] : () -> ()
}

// -----

func.func @block_redefinition() {
  "foo.br"() [^bb1] : () -> ()
^bb1:
  "foo.br"() [^bb1] : () -> ()
// expected-error @+1 {{redefinition of block '^bb1'}}
^bb1:
  return
}
