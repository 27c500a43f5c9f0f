// Scaled dot-product attention with an additive bias, the everyday place
// where broadcasting goes wrong: softmax(q k^T / sqrt(d) + bias) v, with
// q, k, v of shape (batch, heads, seq, d) = 2x4x8x16.
// Verify: tensor-opt --verify-broadcast examples/attention.mlir

// The bias is a per-batch key mask of shape 2x1x1x8: it broadcasts over
// heads and query positions (NumPy rules).
func.func @attention(%q: tensor<2x4x8x16xf32>, %k: tensor<2x4x8x16xf32>, %v: tensor<2x4x8x16xf32>,
                     %mask: tensor<2x1x1x8xf32>) -> tensor<2x4x8x16xf32> {
  // k^T: a broadcast_in_dim that permutes the last two dims.
  %kt = nd.broadcast_in_dim %k, dims = [0, 1, 3, 2] : (tensor<2x4x8x16xf32>) -> tensor<2x4x16x8xf32>
  %scores = nd.matmul %q, %kt : (tensor<2x4x8x16xf32>, tensor<2x4x16x8xf32>) -> tensor<2x4x8x8xf32>
  %scale = nd.constant dense<0.25> : tensor<f32>
  %scaled = nd.mul %scores, %scale : (tensor<2x4x8x8xf32>, tensor<f32>) -> tensor<2x4x8x8xf32>
  %biased = nd.add %scaled, %mask : (tensor<2x4x8x8xf32>, tensor<2x1x1x8xf32>) -> tensor<2x4x8x8xf32>
  %max = nd.reduce max %biased across [3] keep_dims : (tensor<2x4x8x8xf32>) -> tensor<2x4x8x1xf32>
  %shifted = nd.sub %biased, %max : (tensor<2x4x8x8xf32>, tensor<2x4x8x1xf32>) -> tensor<2x4x8x8xf32>
  %e = nd.exp %shifted : tensor<2x4x8x8xf32>
  %sum = nd.reduce sum %e across [3] keep_dims : (tensor<2x4x8x8xf32>) -> tensor<2x4x8x1xf32>
  %p = nd.div %e, %sum : (tensor<2x4x8x8xf32>, tensor<2x4x8x1xf32>) -> tensor<2x4x8x8xf32>
  %out = nd.matmul %p, %v : (tensor<2x4x8x8xf32>, tensor<2x4x8x16xf32>) -> tensor<2x4x8x16xf32>
  return %out : tensor<2x4x8x16xf32>
}

// The same bias as a (batch, key) matrix placed explicitly with XLA
// broadcast_dimensions: its dims go to dims 0 and 3 of the scores.
func.func @bias_add_xla(%scores: tensor<2x4x8x8xf32>, %bias: tensor<2x8xf32>) -> tensor<2x4x8x8xf32> {
  %0 = nd.add %scores, %bias {broadcast_dimensions = array<i64: 0, 3>} : (tensor<2x4x8x8xf32>, tensor<2x8xf32>) -> tensor<2x4x8x8xf32>
  return %0 : tensor<2x4x8x8xf32>
}

// A relative-position bias shared by the batch (heads x seq x seq), added
// in place into the scores: the scores never change shape.
func.func @bias_add_in_place(%scores: tensor<2x4x8x8xf32>, %rel: tensor<4x8x8xf32>) -> tensor<2x4x8x8xf32> {
  %sum = nd.add %scores, %rel : (tensor<2x4x8x8xf32>, tensor<4x8x8xf32>) -> tensor<2x4x8x8xf32>
  %0 = nd.assign %scores, %sum : (tensor<2x4x8x8xf32>, tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32>
  return %0 : tensor<2x4x8x8xf32>
}

// Dynamic batch and sequence length: k is passed transposed, and the bias
// is a (batch, key) matrix placed with broadcast_dimensions.
func.func @attention_dynamic(%q: tensor<?x4x?x16xf32>, %kt: tensor<?x4x16x?xf32>, %v: tensor<?x4x?x16xf32>,
                             %bias: tensor<?x?xf32>) -> tensor<?x4x?x16xf32> {
  %scores = nd.matmul %q, %kt : (tensor<?x4x?x16xf32>, tensor<?x4x16x?xf32>) -> tensor<?x4x?x?xf32>
  %scale = nd.constant dense<0.25> : tensor<f32>
  %scaled = nd.mul %scores, %scale : (tensor<?x4x?x?xf32>, tensor<f32>) -> tensor<?x4x?x?xf32>
  %biased = nd.add %scaled, %bias {broadcast_dimensions = array<i64: 0, 3>} : (tensor<?x4x?x?xf32>, tensor<?x?xf32>) -> tensor<?x4x?x?xf32>
  %max = nd.reduce max %biased across [3] keep_dims : (tensor<?x4x?x?xf32>) -> tensor<?x4x?x1xf32>
  %shifted = nd.sub %biased, %max : (tensor<?x4x?x?xf32>, tensor<?x4x?x1xf32>) -> tensor<?x4x?x?xf32>
  %e = nd.exp %shifted : tensor<?x4x?x?xf32>
  %sum = nd.reduce sum %e across [3] keep_dims : (tensor<?x4x?x?xf32>) -> tensor<?x4x?x1xf32>
  %p = nd.div %e, %sum : (tensor<?x4x?x?xf32>, tensor<?x4x?x1xf32>) -> tensor<?x4x?x?xf32>
  %out = nd.matmul %p, %v : (tensor<?x4x?x?xf32>, tensor<?x4x?x16xf32>) -> tensor<?x4x?x16xf32>
  return %out : tensor<?x4x?x16xf32>
}
