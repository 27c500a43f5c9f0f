// --verify-explicit-broadcast reports each op that still broadcasts implicitly,
// at the op, with the operand and why; every case here is one --lower-broadcast
// makes explicit (test/Transforms/lower-broadcast/).
// RUN: tensor-opt %s -split-input-file --verify-explicit-broadcast -verify-diagnostics
// Every failing op is reported in one run, and the run fails.
// RUN: not tensor-opt %s --verify-explicit-broadcast 2>&1 >/dev/null | FileCheck %s
// CHECK-COUNT-11: error: '{{nd\.[a-z_]+}}' op broadcasts implicitly

// NumPy rank promotion.
func.func @rank(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'nd.add' op broadcasts implicitly: operand #1 ('tensor<3xf32>') is not of the shape it is used at, 'tensor<2x3xf32>': it has rank 1, not 2}}
  %0 = nd.add %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// 1-to-n expansion of a static 1.
func.func @stretch(%a: tensor<2x3xf32>, %b: tensor<2x1xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'nd.mul' op broadcasts implicitly: operand #1 ('tensor<2x1xf32>') is not of the shape it is used at, 'tensor<2x3xf32>': dim 1 has size 1, not 3}}
  %0 = nd.mul %a, %b : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// XLA broadcast_dimensions, even where they place nothing.
func.func @xla(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'nd.add' op broadcasts implicitly: broadcast_dimensions still place its operands}}
  %0 = nd.add %a, %a {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// A `?` that may be 1 at run time and stretch.
func.func @dynamic(%c: tensor<?x3xf32>, %a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'nd.sub' op broadcasts implicitly: operand #0 ('tensor<?x3xf32>') is not of the shape it is used at, 'tensor<2x3xf32>': dim 0 has size '?', not 2}}
  %0 = nd.sub %c, %a : (tensor<?x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// An unranked operand.
func.func @unranked(%u: tensor<*xf32>, %b: tensor<3xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'nd.max' op broadcasts implicitly: operand #0 ('tensor<*xf32>') is not of the shape it is used at, 'tensor<*xf32>': its shape is not provably the result's}}
  %0 = nd.max %u, %b : (tensor<*xf32>, tensor<3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// nd.matmul's batch dims.
func.func @matmul(%n: tensor<2x3x4xf32>, %m: tensor<1x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{'nd.matmul' op broadcasts implicitly: batch dims: operand #1 ('tensor<1x4x5xf32>') is not of the shape it is used at, 'tensor<2x4x5xf32>': dim 0 has size 1, not 2}}
  %0 = nd.matmul %n, %m : (tensor<2x3x4xf32>, tensor<1x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// nd.assign's source.
func.func @assign(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'nd.assign' op broadcasts implicitly: operand #1 ('tensor<3xf32>') is not of the shape it is used at, 'tensor<2x3xf32>': it has rank 1, not 2}}
  %0 = nd.assign %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// nd.broadcast (N-ary).
func.func @n_ary(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  // expected-error @+1 {{'nd.broadcast' op broadcasts implicitly: the lowering replaces it by one explicit broadcast per result}}
  %0:2 = nd.broadcast %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// A ranked nd.broadcast_to aligns on the right without saying so.
func.func @broadcast_to(%b: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'nd.broadcast_to' op broadcasts implicitly: aligns its operand's dims with the shape's implicitly (on the right)}}
  %0 = nd.broadcast_to %b, shape = [2, 3] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// nd.cmp.
func.func @cmp(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xi1> {
  // expected-error @+1 {{'nd.cmp' op broadcasts implicitly: operand #1 ('tensor<3xf32>') is not of the shape it is used at, 'tensor<2x3xf32>': it has rank 1, not 2}}
  %0 = nd.cmp eq, %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// nd.select, here its condition.
func.func @select(%c: tensor<3xi1>, %a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'nd.select' op broadcasts implicitly: operand #0 ('tensor<3xi1>') is not of the shape it is used at, 'tensor<2x3xi1>': it has rank 1, not 2}}
  %0 = nd.select %c, %a, %a : (tensor<3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
