// Seed 003 (the Broadcastable trait) on nd ops: dynamic (`?`) and unranked
// (`*`) shapes, the result table, and the shape ops dynamic programs use.
// The seed's mixed-element-type example does not apply: nd elementwise ops
// require one element type.
// RUN: tensor-opt %s -split-input-file -verify-diagnostics
// RUN: tensor-opt %s -split-input-file -verify-diagnostics=only-expected --verify-broadcast

// The seed's correct uses.
func.func @correct(%s12: tensor<1x2xi32>, %d: tensor<?xi32>, %one: tensor<1xi32>, %four: tensor<4xi32>,
                   %c234: tensor<2x3x4xi32>, %two: tensor<2xi32>, %u: tensor<*xi32>) {
  %0 = nd.add %s12, %s12 : (tensor<1x2xi32>, tensor<1x2xi32>) -> tensor<1x2xi32>
  %1 = nd.add %d, %d : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  %2 = nd.add %one, %four : (tensor<1xi32>, tensor<4xi32>) -> tensor<4xi32>
  %3 = nd.neg %four : (tensor<4xi32>) -> tensor<?xi32>
  %4 = nd.add %four, %c234 : (tensor<4xi32>, tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  %5 = nd.abs %two : (tensor<2xi32>) -> tensor<*xi32>
  %6 = nd.add %u, %u : (tensor<*xi32>, tensor<*xi32>) -> tensor<2xi32>
  return
}

// -----

func.func @static_mismatch(%a: tensor<3xi32>, %b: tensor<2xi32>) {
  // expected-error @+2 {{'nd.add' op operands don't have broadcast-compatible shapes}}
  // expected-note @+1 {{operand #0 ('tensor<3xi32>') dim 0 has size 3 but operand #1 ('tensor<2xi32>') dim 0 has size 2}}
  %0 = nd.add %a, %b : (tensor<3xi32>, tensor<2xi32>) -> tensor<?xi32>
  return
}

// -----

func.func @rank(%a: tensor<3xi32>) {
  // expected-error @+2 {{'nd.add' op result type '1x3' not broadcast compatible with broadcasted operands's shapes '3'}}
  // expected-note @+1 {{the result has rank 2 but the operands broadcast to rank 1}}
  %0 = nd.add %a, %a : (tensor<3xi32>, tensor<3xi32>) -> tensor<1x3xi32>
  return
}

// -----

func.func @static_from_dynamic(%a: tensor<?xi32>) {
  // expected-error @+2 {{'nd.add' op result type '4' not broadcast compatible with broadcasted operands's shapes '?'}}
  // expected-note @+1 {{result dim 0 is 4 but the operands leave it dynamic ('?'): its size is only known at run time}}
  %0 = nd.add %a, %a : (tensor<?xi32>, tensor<?xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @result_size(%a: tensor<2xi32>) {
  // expected-error @+2 {{'nd.add' op result type '4' not broadcast compatible with broadcasted operands's shapes '2'}}
  // expected-note @+1 {{result dim 0 is 4 but the operands broadcast it to 2}}
  %0 = nd.add %a, %a : (tensor<2xi32>, tensor<2xi32>) -> tensor<4xi32>
  return
}

// -----

// "Broadcast semantics are not applicable for results."
func.func @result_not_broadcast(%a: tensor<1xi32>) {
  // expected-error @+2 {{'nd.add' op result type '4' not broadcast compatible with broadcasted operands's shapes '1'}}
  // expected-note @+1 {{result dim 0 is 4 but the operands broadcast it to 1 (broadcasting applies to operands, never to the result)}}
  %0 = nd.add %a, %a : (tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
  return
}

// -----

// A dynamic bias add: shapes as values. broadcast_shapes computes the
// common shape at run time (incompatible sizes fail there, at this op),
// and broadcast_to materialises the operands.
func.func @bias_add(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %sx = nd.shape_of %x : (tensor<?x?xf32>) -> tensor<2xindex>
  %sb = nd.shape_of %b : (tensor<?xf32>) -> tensor<1xindex>
  %s = nd.broadcast_shapes %sx, %sb : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
  %xb = nd.broadcast_to %x, %s : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %bb = nd.broadcast_to %b, %s : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %r = nd.add %xb, %bb : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// A mean over a dynamic dim: the dim's size as a tensor, cast to floats.
func.func @mean(%x: tensor<?x?xf32>) -> tensor<?x1xf32> {
  %sum = nd.reduce sum %x across [1] keep_dims : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %n = nd.dim %x[1] : (tensor<?x?xf32>) -> tensor<index>
  %nf = nd.cast %n : tensor<index> to tensor<f32>
  %mean = nd.div %sum, %nf : (tensor<?x1xf32>, tensor<f32>) -> tensor<?x1xf32>
  return %mean : tensor<?x1xf32>
}

// -----

// A reduction of a dynamic dim cannot have a static result there.
func.func @reduce_dynamic(%x: tensor<?x8xf32>) {
  // expected-error @+1 {{'nd.reduce' op result #0 ('tensor<4xf32>') does not have the shape [?] (reduced dims removed): result dim 0 is static (4) but the inferred dim is dynamic}}
  %0 = nd.reduce sum %x across [1] : (tensor<?x8xf32>) -> tensor<4xf32>
  return
}

// -----

// Batch dims of matmul broadcast like elementwise operands, dynamic ones
// included; the contracted sizes must agree when both are static.
func.func @matmul(%a: tensor<?x1x3x4xf32>, %b: tensor<5x4x?xf32>, %u: tensor<*xf32>) {
  %0 = nd.matmul %a, %b : (tensor<?x1x3x4xf32>, tensor<5x4x?xf32>) -> tensor<?x5x3x?xf32>
  %1 = nd.matmul %a, %u : (tensor<?x1x3x4xf32>, tensor<*xf32>) -> tensor<*xf32>
  // expected-error @+1 {{'nd.matmul' op result #0 ('tensor<?x5x3x7xf32>') does not have the shape [?, 5, 3, ?] (broadcast batch dims, then rows of operand #0 and columns of operand #1): result dim 3 is static (7) but the inferred dim is dynamic}}
  %2 = nd.matmul %a, %b : (tensor<?x1x3x4xf32>, tensor<5x4x?xf32>) -> tensor<?x5x3x7xf32>
  return
}
