// Rules of the spec that test.broadcastable's type constraints hide, on
// test.broadcastable_shaped (tensors or vectors, NumPy policy): vectors are
// verified like tensors, a tensor never broadcasts with a vector, and the
// op needs an operand.
// RUN: tensor-opt %s -split-input-file -verify-diagnostics

func.func @vectors(%a: vector<3x1xf32>, %b: vector<4xf32>) {
  %ok = "test.broadcastable_shaped"(%a, %b) : (vector<3x1xf32>, vector<4xf32>) -> vector<3x4xf32>
  // expected-error @+2 {{'test.broadcastable_shaped' op result type '4x4' not broadcast compatible with broadcasted operands's shapes '3x4'}}
  // expected-note @+1 {{result dim 0 is 4 but the operands broadcast it to 3}}
  %bad = "test.broadcastable_shaped"(%a, %b) : (vector<3x1xf32>, vector<4xf32>) -> vector<4x4xf32>
  return
}

// -----

func.func @vector_conflict(%a: vector<3xf32>, %b: vector<4xf32>) {
  // expected-error @+2 {{'test.broadcastable_shaped' op operands don't have broadcast-compatible shapes}}
  // expected-note @+1 {{operand #0 ('vector<3xf32>') dim 0 has size 3 but operand #1 ('vector<4xf32>') dim 0 has size 4}}
  %0 = "test.broadcastable_shaped"(%a, %b) : (vector<3xf32>, vector<4xf32>) -> vector<4xf32>
  return
}

// -----

func.func @mixed(%t: tensor<4xf32>, %v: vector<4xf32>) {
  // expected-error @+2 {{'test.broadcastable_shaped' op cannot broadcast vector with tensor}}
  // expected-note @+1 {{operand #1 ('vector<4xf32>') is a vector but operand #0 ('tensor<4xf32>') is a tensor}}
  %0 = "test.broadcastable_shaped"(%t, %v) : (tensor<4xf32>, vector<4xf32>) -> tensor<4xf32>
  // An unranked tensor result mixes too.
  // expected-error @+2 {{cannot broadcast vector with tensor}}
  // expected-note @+1 {{operand #0 ('vector<4xf32>') is a vector but result #0 ('tensor<*xf32>') is a tensor}}
  %1 = "test.broadcastable_shaped"(%v) : (vector<4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @no_operand() {
  // expected-error @+1 {{'test.broadcastable' op expected 1 or more operands, but found 0}}
  %0 = "test.broadcastable"() : () -> tensor<2xf32>
  return
}

// -----

func.func @constraint(%i: i32) {
  // expected-error @+1 {{'test.broadcastable_shaped' op operand #0 must be variadic of tensor of any type values or vector of any type values, but got 'i32'}}
  %0 = "test.broadcastable_shaped"(%i) : (i32) -> tensor<2xf32>
  return
}
