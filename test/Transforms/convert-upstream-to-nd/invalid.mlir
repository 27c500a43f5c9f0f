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
  // expected-error @+1 {{'linalg.copy' op has no nd form here: with dynamic shapes, no 'nd.assign' the import builds (lowered as --lower-broadcast does) exports to this op and the sizes and checks it reads}}
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
