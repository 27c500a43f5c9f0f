// What --convert-upstream-to-nd cannot read back, at the op (the exported ops
// keep the location of the nd op they come from): a shape or broadcast op that
// no candidate over the sizes it reads exports to (the shape of a static tensor,
// XLA placement in a standalone nd.broadcast_shapes), a cf.assert no rebuilt
// nd.broadcast_shapes makes, a linalg.copy no nd.assign exports to, a vector
// operand of a batched matmul, and upstream ops outside the subset (rank
// specialisation: unranked-invalid.mlir). Of the ops left, each is reported
// where no other op left reads it.
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd -verify-diagnostics

// The shape of a static tensor is constants only: nothing in the text says
// whose shape it is.
func.func @static_shape(%a: tensor<2x3xf32>) -> tensor<2xindex> {
  // expected-error @+1 {{'tensor.from_elements' op has no nd form here: no nd shape or broadcast op over the sizes it reads (nd.shape_of, nd.dim, nd.broadcast_shapes, nd.shape_slice, nd.shape_concat, nd.broadcast_in_dim) exports to this 'tensor.from_elements' and the checks it reads}}
  %0 = nd.shape_of %a : (tensor<2x3xf32>) -> tensor<2xindex>
  return %0 : tensor<2xindex>
}

// -----

// A standalone nd.broadcast_shapes with XLA broadcast_dimensions: its placement
// is not among the candidates (NumPy's and ONNX's alignment only).
func.func @standalone_xla_shapes(%a: tensor<2xindex>, %b: tensor<1xindex>) -> tensor<2xindex> {
  // expected-error @+1 {{'tensor.from_elements' op has no nd form here: no nd shape or broadcast op over the sizes it reads}}
  %0 = nd.broadcast_shapes %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
  return %0 : tensor<2xindex>
}

// -----

func.func @foreign_check(%c: i1) {
  // expected-error @+1 {{'cf.assert' op has no nd form: a run-time check that no nd.broadcast_shapes the import rebuilt makes}}
  "cf.assert"(%c) <{msg = "not from nd"}> : (i1) -> ()
  return
}

// -----

func.func @batched_matvec(%a: tensor<2x3x4xf32>, %v: tensor<4xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{'tensor.expand_shape' op has no nd form: the import covers what --convert-nd-to-upstream emits}}
  // expected-error @+1 {{'tensor.collapse_shape' op has no nd form: the import covers what --convert-nd-to-upstream emits}}
  %0 = nd.matmul %a, %v : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @upstream_op(%a: i32) -> i32 {
  // expected-error @+1 {{'arith.addi' op has no nd form: the import covers what --convert-nd-to-upstream emits}}
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  return %0 : i32
}

// -----

func.func @malformed() -> tensor<2xf32> {
  // expected-error @+1 {{'linalg.broadcast' op has no nd form: no operand #0}}
  %0 = "linalg.broadcast"() : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// A linalg.copy the export did not write: no nd.assign over these operands,
// lowered, makes its in-place checks (a `?` copied into a `?` needs one).
func.func @foreign_copy(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'nd.assign' op has no nd form here: the text computes it without a check, but its operands' sizes are not proven equal}}
  %0 = "linalg.copy"(%a, %b) <{operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%x: f32, %y: f32):
    "linalg.yield"(%x) : (f32) -> ()
  }) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A linalg.generic other than the export's batched product (here elementwise).
#id = affine_map<(d0) -> (d0)>
func.func @foreign_generic(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'linalg.generic' op has no nd form: a linalg.generic other than the export's batched product}}
  %0 = "linalg.generic"(%a, %a, %b) <{indexing_maps = [#id, #id, #id], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
  ^bb0(%x: f32, %y: f32, %z: f32):
    %1 = "arith.mulf"(%x, %y) : (f32, f32) -> f32
    "linalg.yield"(%1) : (f32) -> ()
  }) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Bodies are matched completely (issue 24): operands in the other order are
// not nd.sub %a, %b.
func.func @swapped_sub(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tensor.empty"() : () -> tensor<4xf32>
  // expected-error @+1 {{'linalg.map' op has no nd form: no elementwise nd op over its inputs exports to this op (every op of its body, their operand order, the yielded value, its init values)}}
  %1 = "linalg.map"(%a, %b, %0) ({
  ^bb0(%x: f32, %y: f32, %z: f32):
    %2 = "arith.subf"(%y, %x) : (f32, f32) -> f32
    "linalg.yield"(%2) : (f32) -> ()
  }) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// An addf followed by a mulf is no nd.add.
func.func @add_then_mul(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tensor.empty"() : () -> tensor<4xf32>
  // expected-error @+1 {{'linalg.map' op has no nd form: no elementwise nd op over its inputs exports to this op (every op of its body, their operand order, the yielded value, its init values)}}
  %1 = "linalg.map"(%a, %b, %0) ({
  ^bb0(%x: f32, %y: f32, %z: f32):
    %2 = "arith.addf"(%x, %y) : (f32, f32) -> f32
    %3 = "arith.mulf"(%2, %y) : (f32, f32) -> f32
    "linalg.yield"(%3) : (f32) -> ()
  }) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// A body that yields an input of two is no elementwise op.
func.func @yields_input(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tensor.empty"() : () -> tensor<4xf32>
  // expected-error @+1 {{'linalg.map' op has no nd form: no elementwise nd op over its inputs exports to this op (every op of its body, their operand order, the yielded value, its init values)}}
  %1 = "linalg.map"(%a, %b, %0) ({
  ^bb0(%x: f32, %y: f32, %z: f32):
    "linalg.yield"(%y) : (f32) -> ()
  }) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// remsi alone truncates; nd.rem is floored (the export adds the divisor where
// the signs differ).
func.func @truncated_rem(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "tensor.empty"() : () -> tensor<4xi32>
  // expected-error @+1 {{'linalg.map' op has no nd form: no elementwise nd op over its inputs exports to this op (every op of its body, their operand order, the yielded value, its init values)}}
  %1 = "linalg.map"(%a, %b, %0) ({
  ^bb0(%x: i32, %y: i32, %z: i32):
    %2 = "arith.remsi"(%x, %y) : (i32, i32) -> i32
    "linalg.yield"(%2) : (i32) -> ()
  }) : (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %1 : tensor<4xi32>
}

// -----

// A sum whose fill value is 1, not the identity 0.
func.func @sum_from_one(%a: tensor<4xf32>) -> tensor<f32> {
  %0 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
  %1 = "tensor.empty"() : () -> tensor<f32>
  %2 = "linalg.fill"(%0, %1) <{operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%x: f32, %y: f32):
    "linalg.yield"(%x) : (f32) -> ()
  }) : (f32, tensor<f32>) -> tensor<f32>
  // expected-error @+1 {{'linalg.reduce' op has no nd form: no nd.reduce of its input exports to this op}}
  %3 = "linalg.reduce"(%a, %2) <{dimensions = array<i64: 0>}> ({
  ^bb0(%x: f32, %y: f32):
    %4 = "arith.addf"(%x, %y) : (f32, f32) -> f32
    "linalg.yield"(%4) : (f32) -> ()
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return %3 : tensor<f32>
}

// -----

// A matmul that accumulates into 2, not 0.
func.func @matmul_accumulates(%m: tensor<2x4xf32>, %n: tensor<4x3xf32>) -> tensor<2x3xf32> {
  %0 = "arith.constant"() <{value = 2.000000e+00 : f32}> : () -> f32
  %1 = "tensor.empty"() : () -> tensor<2x3xf32>
  %2 = "linalg.fill"(%0, %1) <{operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%x: f32, %y: f32):
    "linalg.yield"(%x) : (f32) -> ()
  }) : (f32, tensor<2x3xf32>) -> tensor<2x3xf32>
  // expected-error @+1 {{'linalg.matmul' op has no nd form: no 'nd.matmul' over its operands exports to this op}}
  %3 = "linalg.matmul"(%m, %n, %2) <{operandSegmentSizes = array<i32: 2, 1>}> ({
  ^bb0(%x: f32, %y: f32, %z: f32):
    %4 = "arith.mulf"(%x, %y) : (f32, f32) -> f32
    %5 = "arith.addf"(%z, %4) : (f32, f32) -> f32
    "linalg.yield"(%5) : (f32) -> ()
  }) : (tensor<2x4xf32>, tensor<4x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %3 : tensor<2x3xf32>
}

// -----

// Two `?` sizes the text computes over without a check: nothing proves them
// equal, so no nd.add without a check means this.
func.func @unchecked_sizes(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
  %d = "tensor.dim"(%a, %c0) : (tensor<?xf32>, index) -> index
  %0 = "tensor.empty"(%d) : (index) -> tensor<?xf32>
  // expected-error @+1 {{'nd.add' op has no nd form here: the text computes it without a check, but its operands' sizes are not proven equal}}
  %1 = "linalg.map"(%a, %b, %0) ({
  ^bb0(%x: f32, %y: f32, %z: f32):
    %2 = "arith.addf"(%x, %y) : (f32, f32) -> f32
    "linalg.yield"(%2) : (f32) -> ()
  }) : (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}

// -----

// An xori with a constant other than all ones is no nd.not.
func.func @xori_not_all_ones(%a: tensor<4xi8>) -> tensor<4xi8> {
  %0 = "tensor.empty"() : () -> tensor<4xi8>
  // expected-error @+1 {{'linalg.map' op has no nd form: no elementwise nd op over its inputs exports to this op (every op of its body, their operand order, the yielded value, its init values)}}
  %1 = "linalg.map"(%a, %0) ({
  ^bb0(%x: i8, %z: i8):
    %c = "arith.constant"() <{value = 127 : i8}> : () -> i8
    %2 = "arith.xori"(%x, %c) : (i8, i8) -> i8
    "linalg.yield"(%2) : (i8) -> ()
  }) : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  return %1 : tensor<4xi8>
}

// -----

// Selects on compares with 0 that give +0.0 for -0.0 and NaN (not x itself) are
// no nd.sign.
func.func @sign_losing_zero_and_nan(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tensor.empty"() : () -> tensor<4xf32>
  // expected-error @+1 {{'linalg.map' op has no nd form: no elementwise nd op over its inputs exports to this op (every op of its body, their operand order, the yielded value, its init values)}}
  %1 = "linalg.map"(%a, %0) ({
  ^bb0(%x: f32, %z: f32):
    %c0 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %p = "arith.cmpf"(%x, %c0) <{predicate = 2 : i64}> : (f32, f32) -> i1
    %n = "arith.cmpf"(%x, %c0) <{predicate = 4 : i64}> : (f32, f32) -> i1
    %c1 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
    %m1 = "arith.constant"() <{value = -1.000000e+00 : f32}> : () -> f32
    %lo = "arith.select"(%n, %m1, %c0) : (i1, f32, f32) -> f32
    %r = "arith.select"(%p, %c1, %lo) : (i1, f32, f32) -> f32
    "linalg.yield"(%r) : (f32) -> ()
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
