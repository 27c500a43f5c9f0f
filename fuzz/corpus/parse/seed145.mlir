// Broadcasting mistakes as they happen when a model is written by hand. Run
//   tensor-opt examples/broadcast_errors.mlir
// and each one is reported at its op, with the shapes drawn aligned as
// broadcasting aligns them and a marker under the dimension that conflicts.

// A bias meant per feature (16) was declared per row (8): NumPy rules align
// shapes from the right, so 8 meets 16.
func.func @dense(%x: tensor<8x16xf32>, %w: tensor<16x16xf32>, %bias: tensor<8xf32>) -> tensor<8x16xf32> {
  %h = nd.matmul %x, %w : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
  %y = nd.add %h, %bias : (tensor<8x16xf32>, tensor<8xf32>) -> tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}

// Attention scores masked by a (query, key) mask: the mask broadcasts over the
// batch, but the declared result forgot that the batch is 2.
func.func @masked_scores(%scores: tensor<2x4x4xf32>, %mask: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %s = nd.mul %scores, %mask : (tensor<2x4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %s : tensor<4x4xf32>
}
