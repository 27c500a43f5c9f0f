// The attribute dictionary of builtin.module and func.func: what it shows and
// what it refuses, with mlir-opt 22's messages and columns (this file passes
// `mlir-opt -split-input-file -verify-diagnostics` too;
// module-attributes-differential.mlir compares the rendering byte for byte).
// RUN: tensor-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// The visibility is an inherent attribute that the dictionary shows, sorted
// with the others by name.
// CHECK-LABEL: module @m attributes {sym_visibility = "private", test.a = 2 : i64, test.z = 1 : i64} {
module @m attributes {test.z = 1, sym_visibility = "private", test.a = 2} {
}

// -----

// Only the symbol attributes may lack a dialect prefix; the first other one
// (by name) is named.
// expected-error@+1 {{'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'bar'}}
module attributes {test.a, foo.b = 2, zed = 4, bar = 3} {
}

// -----

// An inherent attribute of the wrong kind is refused at the dictionary, while
// parsing.
module {
  // expected-error@+1 {{custom op 'builtin.module' 'builtin.module' op attribute 'sym_visibility' failed to satisfy constraint: string attribute}}
  module attributes {sym_visibility = 1} {
  }
}

// -----

// The body region has exactly one block.
// expected-error@+1 {{'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks}}
"builtin.module"() ({
}) : () -> ()

// -----

// func.func's signature states its name, visibility and type: the dictionary
// may not.
// expected-error@+1 {{custom op 'func.func' 'sym_visibility' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func @f() attributes {sym_visibility = "private"} {
  return
}

// -----

// expected-error@+1 {{custom op 'func.func' 'function_type' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func @g() attributes {test.a = 1, function_type = () -> ()} {
  return
}
