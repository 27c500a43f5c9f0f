// A small program in MLIR's textual format: implicit broadcasts between tensors of
// static, dynamic (?) and unranked (*) shapes, written with upstream's test op.
// Verify: tensor-opt --verify-broadcast examples/broadcast.mlir
func.func @bias_add(%x: tensor<?x4xf32>, %bias: tensor<4xf32>) -> tensor<?x4xf32> {
  %0 = "test.broadcastable"(%x, %bias) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

func.func @outer(%col: tensor<3x1xf32>, %row: tensor<1x5xf32>) -> tensor<3x5xf32> {
  %0 = "test.broadcastable"(%col, %row) : (tensor<3x1xf32>, tensor<1x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

func.func @unknown_rank(%a: tensor<*xf32>, %b: tensor<2x3xf32>) -> tensor<*xf32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<*xf32>, tensor<2x3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}
