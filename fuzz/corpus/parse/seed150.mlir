// Outer product of two vectors, out[i, j] = a[i] * b[j], three ways: NumPy
// degenerate broadcasting (a column times a row), XLA broadcast_dimensions,
// and matmul of a 3x1 by a 1x5.
// Verify: tensor-opt --verify-broadcast examples/outer_product.mlir

func.func @outer_numpy(%a: tensor<3xf32>, %b: tensor<5xf32>) -> tensor<3x5xf32> {
  // a as a column: operand dim 0 goes to result dim 0.
  %col = nd.broadcast_in_dim %a, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
  // 3x1 with 5 (read as 1x5) gives 3x5.
  %out = nd.mul %col, %b : (tensor<3x1xf32>, tensor<5xf32>) -> tensor<3x5xf32>
  return %out : tensor<3x5xf32>
}

func.func @outer_xla(%a: tensor<3xf32>, %b: tensor<5xf32>) -> tensor<3x5xf32> {
  %col = nd.broadcast_in_dim %a, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
  // b's only dim is matched to dim 1 of the 3x1 column; dim 0 of the
  // intermediate 1x5 then broadcasts against the column's 3.
  %out = nd.mul %col, %b {broadcast_dimensions = array<i64: 1>} : (tensor<3x1xf32>, tensor<5xf32>) -> tensor<3x5xf32>
  return %out : tensor<3x5xf32>
}

func.func @outer_matmul(%a: tensor<3xf32>, %b: tensor<5xf32>) -> tensor<3x5xf32> {
  %col = nd.broadcast_in_dim %a, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
  %row = nd.broadcast_in_dim %b, dims = [1] : (tensor<5xf32>) -> tensor<1x5xf32>
  %out = nd.matmul %col, %row : (tensor<3x1xf32>, tensor<1x5xf32>) -> tensor<3x5xf32>
  return %out : tensor<3x5xf32>
}

// A batch of outer products with dynamic sizes: columns Bx?x1 and rows
// Bx1x? broadcast to Bx?x?.
func.func @outer_batched_dynamic(%cols: tensor<?x?x1xf32>, %rows: tensor<?x1x?xf32>) -> tensor<?x?x?xf32> {
  %out = nd.mul %cols, %rows : (tensor<?x?x1xf32>, tensor<?x1x?xf32>) -> tensor<?x?x?xf32>
  return %out : tensor<?x?x?xf32>
}
