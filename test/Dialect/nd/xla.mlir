// Seed 002 (XLA broadcasting): binary ops with `broadcast_dimensions`, and
// nd.broadcast_in_dim. Without the attribute nd ops follow NumPy, so the
// seed's "without specifying broadcasting, this operation is invalid" is
// XLA-only; with it, XLA's explicit rules apply.
// RUN: tensor-opt %s -split-input-file -verify-diagnostics
// RUN: tensor-opt %s -split-input-file -verify-diagnostics=only-expected --verify-broadcast

// Matrix + vector: the vector's dimension matched to dimension 1 (rows),
// then both ways for a 3x3 matrix.
func.func @matrix_vector(%x: tensor<2x3xi32>, %v: tensor<3xi32>, %s: tensor<3x3xi32>) {
  %0 = nd.add %x, %v {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %1 = nd.add %s, %v {broadcast_dimensions = array<i64: 1>} : (tensor<3x3xi32>, tensor<3xi32>) -> tensor<3x3xi32>
  %2 = nd.add %s, %v {broadcast_dimensions = array<i64: 0>} : (tensor<3x3xi32>, tensor<3xi32>) -> tensor<3x3xi32>
  // Scalars need no broadcast dimensions.
  %c = nd.constant dense<7> : tensor<i32>
  %3 = nd.add %x, %c : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x3xi32>
  return
}

// -----

// A 2x3x4 cuboid and a 3x4 matrix with (1, 2); a vector T onto each
// dimension of MxNxPxQ; a TxV matrix onto pairs of dimensions.
func.func @tuples(%c: tensor<2x3x4xf32>, %m: tensor<3x4xf32>, %q: tensor<2x3x4x5xf32>,
                  %t2: tensor<2xf32>, %t3: tensor<3xf32>, %t5: tensor<5xf32>,
                  %tv23: tensor<3x4xf32>, %tv03: tensor<2x5xf32>) {
  %0 = nd.add %c, %m {broadcast_dimensions = array<i64: 1, 2>} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  %1 = nd.mul %q, %t2 {broadcast_dimensions = array<i64: 0>} : (tensor<2x3x4x5xf32>, tensor<2xf32>) -> tensor<2x3x4x5xf32>
  %2 = nd.mul %q, %t3 {broadcast_dimensions = array<i64: 1>} : (tensor<2x3x4x5xf32>, tensor<3xf32>) -> tensor<2x3x4x5xf32>
  %3 = nd.mul %q, %t5 {broadcast_dimensions = array<i64: 3>} : (tensor<2x3x4x5xf32>, tensor<5xf32>) -> tensor<2x3x4x5xf32>
  %4 = nd.sub %q, %tv23 {broadcast_dimensions = array<i64: 1, 2>} : (tensor<2x3x4x5xf32>, tensor<3x4xf32>) -> tensor<2x3x4x5xf32>
  %5 = nd.sub %q, %tv03 {broadcast_dimensions = array<i64: 0, 3>} : (tensor<2x3x4x5xf32>, tensor<2x5xf32>) -> tensor<2x3x4x5xf32>
  return
}

// -----

// "it is illegal to match V to N and T to P": the order must be strictly
// increasing.
func.func @order(%q: tensor<2x3x4x5xf32>, %tv: tensor<4x3xf32>) {
  // expected-error @+1 {{'nd.add' op invalid broadcast dimensions: broadcast_dimensions must be strictly increasing, but entry 1 (1) follows 2}}
  %0 = nd.add %q, %tv {broadcast_dimensions = array<i64: 2, 1>} : (tensor<2x3x4x5xf32>, tensor<4x3xf32>) -> tensor<2x3x4x5xf32>
  return
}

// -----

// "it is also illegal to match V to both P and N".
func.func @twice(%q: tensor<2x3x4x5xf32>, %tv: tensor<3x3xf32>) {
  // expected-error @+1 {{'nd.add' op invalid broadcast dimensions: broadcast_dimensions must be strictly increasing, but entry 1 (1) follows 1}}
  %0 = nd.add %q, %tv {broadcast_dimensions = array<i64: 1, 1>} : (tensor<2x3x4x5xf32>, tensor<3x3xf32>) -> tensor<2x3x4x5xf32>
  return
}

// -----

// The order does not depend on the ranks: beside an unranked operand the entries
// must still increase strictly (found by the `lower` fuzz target, which reached
// the lowering with a repeated entry).
func.func @order_beside_unranked(%r: tensor<?x2x1xindex>, %u: tensor<*xindex>) -> tensor<?x?x?x5xindex> {
  // expected-error @+1 {{'nd.max' op invalid broadcast dimensions: broadcast_dimensions must be strictly increasing, but entry 1 (3) follows 3}}
  %0 = nd.max %u, %r {broadcast_dimensions = array<i64: 3, 3, 0>} : (tensor<*xindex>, tensor<?x2x1xindex>) -> tensor<?x?x?x5xindex>
  return %0 : tensor<?x?x?x5xindex>
}

// -----

// Increasing entries beside an unranked operand are left to run time.
func.func @increasing_beside_unranked(%r: tensor<2x1xf32>, %u: tensor<*xf32>) -> tensor<*xf32> {
  %0 = nd.add %u, %r {broadcast_dimensions = array<i64: 0, 5>} : (tensor<*xf32>, tensor<2x1xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// Beside an unranked operand a ranked result gives the unranked one its rank
// (XLA's result has the higher operand's rank), so the entries place the ranked
// operand: its 3 lands in result dim 1, which is declared 4.
func.func @placed_beside_unranked(%u: tensor<*xf32>, %v: tensor<3xf32>) -> tensor<2x4xf32> {
  // expected-error @+2 {{'nd.add' op result type '2x4' not broadcast compatible with broadcasted operands's shapes '?x3'}}
  // expected-note @+1 {{result dim 1 is 4 but the operands broadcast it to 3}}
  %0 = nd.add %u, %v {broadcast_dimensions = array<i64: 1>} : (tensor<*xf32>, tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// The same placement at dim 0, the ranked operand first.
func.func @placed_first_beside_unranked(%v: tensor<3xf32>, %u: tensor<*xf32>) -> tensor<4x?x5xf32> {
  // expected-error @+2 {{'nd.add' op result type '4x?x5' not broadcast compatible with broadcasted operands's shapes '3x?x?'}}
  // expected-note @+1 {{result dim 0 is 4 but the operands broadcast it to 3}}
  %0 = nd.add %v, %u {broadcast_dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<*xf32>) -> tensor<4x?x5xf32>
  return %0 : tensor<4x?x5xf32>
}

// -----

// Of the result's rank, the ranked operand fills the columns in order.
func.func @same_rank_beside_unranked(%x: tensor<2x3xf32>, %u: tensor<*xf32>) -> tensor<2x4xf32> {
  // expected-error @+2 {{'nd.mul' op result type '2x4' not broadcast compatible with broadcasted operands's shapes '2x3'}}
  // expected-note @+1 {{result dim 1 is 4 but the operands broadcast it to 3}}
  %0 = nd.mul %x, %u {broadcast_dimensions = array<i64>} : (tensor<2x3xf32>, tensor<*xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// Found by the `lower` fuzz target (the lowering used to meet it and refuse it
// with a warning): a 2 placed at a result dim declared 1.
func.func @xla_size_against_result(%v: tensor<2x3xf32>, %u: tensor<*xf32>) -> tensor<3x1x1x1x1xf32> {
  // expected-error @+2 {{'nd.add' op result type '3x1x1x1x1' not broadcast compatible with broadcasted operands's shapes '?x?x2x3x?'}}
  // expected-note @+1 {{result dim 2 is 1 but the operands broadcast it to 2}}
  %0 = nd.add %v, %u {broadcast_dimensions = array<i64: 2, 3>} : (tensor<2x3xf32>, tensor<*xf32>) -> tensor<3x1x1x1x1xf32>
  return %0 : tensor<3x1x1x1x1xf32>
}

// -----

// A result cannot have fewer dims than a ranked operand.
func.func @rank_below_ranked_operand(%x: tensor<2x3x4xf32>, %u: tensor<*xf32>) -> tensor<3x4xf32> {
  // expected-error @+2 {{'nd.sub' op result type '3x4' not broadcast compatible with broadcasted operands's shapes '2x3x4'}}
  // expected-note @+1 {{the result has rank 2 but the operands broadcast to rank 3}}
  %0 = nd.sub %x, %u {broadcast_dimensions = array<i64>} : (tensor<2x3x4xf32>, tensor<*xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// A 1 or a `?` where the ranked operand lands stretches to whatever the
// unranked operand has there: no error, the sizes are checked at run time.
func.func @stretch_beside_unranked(%u: tensor<*xf32>, %one: tensor<1xf32>, %dyn: tensor<?xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %0 = nd.add %u, %one {broadcast_dimensions = array<i64: 1>} : (tensor<*xf32>, tensor<1xf32>) -> tensor<2x4xf32>
  %1 = nd.add %u, %dyn {broadcast_dimensions = array<i64: 1>} : (tensor<*xf32>, tensor<?xf32>) -> tensor<2x4xf32>
  return %0, %1 : tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// "T has to be equal to the matching dimension of the higher-rank array."
func.func @size(%x: tensor<2x3xf32>, %v: tensor<3xf32>) {
  // expected-error @+2 {{'nd.add' op operands don't have broadcast-compatible shapes}}
  // expected-note @+1 {{operand #1 dim 0 (size 3) cannot be matched with operand #0 dim 0 (size 2)}}
  %0 = nd.add %x, %v {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @length(%x: tensor<2x3x4xf32>, %v: tensor<3xf32>) {
  // expected-error @+1 {{'nd.add' op invalid broadcast dimensions: broadcast_dimensions has 2 entries but the lower-rank operand #1 has rank 1}}
  %0 = nd.add %x, %v {broadcast_dimensions = array<i64: 1, 2>} : (tensor<2x3x4xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @range(%x: tensor<2x3xf32>, %v: tensor<3xf32>) {
  // expected-error @+1 {{'nd.add' op invalid broadcast dimensions: broadcast_dimensions[0] = 2 is out of range for the higher-rank operand #0 of rank 2}}
  %0 = nd.add %x, %v {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// Degenerate dimensions: same ranks, sizes equal or 1, including the
// "outer operation" (2,1) with (1,3).
func.func @degenerate(%a: tensor<2x1xf32>, %b: tensor<2x3xf32>, %c: tensor<1x2x5xf32>, %d: tensor<7x2x5xf32>,
                      %e: tensor<7x1x5xf32>, %f: tensor<1x3xf32>) {
  %0 = nd.add %a, %b : (tensor<2x1xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = nd.add %c, %d : (tensor<1x2x5xf32>, tensor<7x2x5xf32>) -> tensor<7x2x5xf32>
  %2 = nd.add %d, %e : (tensor<7x2x5xf32>, tensor<7x1x5xf32>) -> tensor<7x2x5xf32>
  %3 = nd.mul %a, %f : (tensor<2x1xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  // With the identity mapping spelled out.
  %4 = nd.add %d, %e {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<7x2x5xf32>, tensor<7x1x5xf32>) -> tensor<7x2x5xf32>
  return
}

// -----

// "(7,2,5) and (7,2,6) are incompatible and cannot be broadcast."
func.func @incompatible(%a: tensor<7x2x5xf32>, %b: tensor<7x2x6xf32>) {
  // expected-error @+2 {{'nd.add' op operands don't have broadcast-compatible shapes}}
  // expected-note @+1 {{operand #0 ('tensor<7x2x5xf32>') dim 2 has size 5 but operand #1 ('tensor<7x2x6xf32>') dim 2 has size 6}}
  %0 = nd.add %a, %b : (tensor<7x2x5xf32>, tensor<7x2x6xf32>) -> tensor<7x2x5xf32>
  return
}

// -----

// Broadcast composition. "a vector of size 4 and a matrix of size 1x2 can
// be added together using broadcast dimensions value of (0)" giving 4x2;
// "a matrix of size 1x2 added to an array of size 4x3x1 using broadcast
// dimensions of (1, 2)" gives 4x3x2.
func.func @composition(%v: tensor<4xi32>, %m: tensor<1x2xi32>, %a: tensor<4x3x1xi32>) -> (tensor<4x2xi32>, tensor<4x3x2xi32>) {
  %0 = nd.add %v, %m {broadcast_dimensions = array<i64: 0>} : (tensor<4xi32>, tensor<1x2xi32>) -> tensor<4x2xi32>
  %1 = nd.add %m, %a {broadcast_dimensions = array<i64: 1, 2>} : (tensor<1x2xi32>, tensor<4x3x1xi32>) -> tensor<4x3x2xi32>
  return %0, %1 : tensor<4x2xi32>, tensor<4x3x2xi32>
}

// -----

// The same pairs under NumPy rules (no attribute) mean something else:
// 4 with 1x2 does not broadcast, 1x2 with 4x3x1 gives 4x3x2 by right
// alignment.
func.func @composition_numpy(%v: tensor<4xi32>, %m: tensor<1x2xi32>, %a: tensor<4x3x1xi32>) {
  %1 = nd.add %m, %a : (tensor<1x2xi32>, tensor<4x3x1xi32>) -> tensor<4x3x2xi32>
  // expected-error @+2 {{'nd.add' op operands don't have broadcast-compatible shapes}}
  // expected-note @+1 {{operand #0 ('tensor<4xi32>') dim 0 has size 4 but operand #1 ('tensor<1x2xi32>') dim 1 has size 2}}
  %0 = nd.add %v, %m : (tensor<4xi32>, tensor<1x2xi32>) -> tensor<4x2xi32>
  return
}

// -----

// The composition's result is checked like any other.
func.func @composition_result(%v: tensor<4xi32>, %m: tensor<1x2xi32>) {
  // expected-error @+2 {{'nd.add' op result type '2x4' not broadcast compatible with broadcasted operands's shapes '4x2'}}
  // expected-note @+1 {{result dim 0 is 2 but the operands broadcast it to 4}}
  %0 = nd.add %v, %m {broadcast_dimensions = array<i64: 0>} : (tensor<4xi32>, tensor<1x2xi32>) -> tensor<2x4xi32>
  return
}

// -----

// nd.broadcast_in_dim: the explicit broadcast of the seed's first examples
// (|7 8 9| becomes rows or columns of a 3x3 matrix).
func.func @broadcast_in_dim(%v: tensor<3xi32>) -> (tensor<3x3xi32>, tensor<3x3xi32>, tensor<2x3xi32>) {
  %rows = nd.broadcast_in_dim %v, dims = [1] : (tensor<3xi32>) -> tensor<3x3xi32>
  %cols = nd.broadcast_in_dim %v, dims = [0] : (tensor<3xi32>) -> tensor<3x3xi32>
  %x = nd.broadcast_in_dim %v, dims = [1] : (tensor<3xi32>) -> tensor<2x3xi32>
  return %rows, %cols, %x : tensor<3x3xi32>, tensor<3x3xi32>, tensor<2x3xi32>
}

// -----

// Dynamic result dims take their sizes from a shape operand.
func.func @broadcast_in_dim_dynamic(%v: tensor<?xf32>, %x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %s = nd.shape_of %x : (tensor<?x?xf32>) -> tensor<2xindex>
  %0 = nd.broadcast_in_dim %v, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %1 = nd.add %0, %x : tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}
