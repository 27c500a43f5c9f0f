// Softmax over the last axis, numerically stable: y = exp(x - max(x)) / sum(exp(x - max(x))).
// The reductions keep their axis (keep_dims), so each row statistic
// broadcasts back over its row by NumPy rules (4x10 with 4x1).
// Verify: tensor-opt --verify-broadcast examples/softmax.mlir

func.func @softmax(%x: tensor<4x10xf32>) -> tensor<4x10xf32> {
  %max = nd.reduce max %x across [1] keep_dims : (tensor<4x10xf32>) -> tensor<4x1xf32>
  %shifted = nd.sub %x, %max : (tensor<4x10xf32>, tensor<4x1xf32>) -> tensor<4x10xf32>
  %e = nd.exp %shifted : tensor<4x10xf32>
  %sum = nd.reduce sum %e across [1] keep_dims : (tensor<4x10xf32>) -> tensor<4x1xf32>
  %y = nd.div %e, %sum : (tensor<4x10xf32>, tensor<4x1xf32>) -> tensor<4x10xf32>
  return %y : tensor<4x10xf32>
}

// The same with XLA-style explicit broadcasting: the statistics drop their
// axis and broadcast_dimensions puts them back on dim 0 (the rows).
func.func @softmax_xla(%x: tensor<4x10xf32>) -> tensor<4x10xf32> {
  %max = nd.reduce max %x across [1] : (tensor<4x10xf32>) -> tensor<4xf32>
  %shifted = nd.sub %x, %max {broadcast_dimensions = array<i64: 0>} : (tensor<4x10xf32>, tensor<4xf32>) -> tensor<4x10xf32>
  %e = nd.exp %shifted : tensor<4x10xf32>
  %sum = nd.reduce sum %e across [1] : (tensor<4x10xf32>) -> tensor<4xf32>
  %y = nd.div %e, %sum {broadcast_dimensions = array<i64: 0>} : (tensor<4x10xf32>, tensor<4xf32>) -> tensor<4x10xf32>
  return %y : tensor<4x10xf32>
}

// Dynamic batch and width: the same program. Each reduction keeps %x's batch
// dim, so the shape analysis proves both broadcasts: no run-time check.
func.func @softmax_dynamic(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %max = nd.reduce max %x across [1] keep_dims : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %shifted = nd.sub %x, %max : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %e = nd.exp %shifted : tensor<?x?xf32>
  %sum = nd.reduce sum %e across [1] keep_dims : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %y = nd.div %e, %sum : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
