// Layer normalisation over the last axis of a (batch, sequence, features)
// activation: y = (x - mean) / sqrt(var + eps) * gamma + beta. The per-token
// statistics are Bx Sx1 and broadcast over features; gamma and beta are
// per-feature vectors and broadcast over batch and sequence.
// Verify: tensor-opt --verify-broadcast examples/layer_norm.mlir

func.func @layer_norm(%x: tensor<2x8x16xf32>, %gamma: tensor<16xf32>, %beta: tensor<16xf32>) -> tensor<2x8x16xf32> {
  %n = nd.constant dense<16.0> : tensor<f32>
  %eps = nd.constant dense<1.0e-05> : tensor<f32>
  %sum = nd.reduce sum %x across [2] keep_dims : (tensor<2x8x16xf32>) -> tensor<2x8x1xf32>
  %mean = nd.div %sum, %n : (tensor<2x8x1xf32>, tensor<f32>) -> tensor<2x8x1xf32>
  %xc = nd.sub %x, %mean : (tensor<2x8x16xf32>, tensor<2x8x1xf32>) -> tensor<2x8x16xf32>
  %sq = nd.mul %xc, %xc : tensor<2x8x16xf32>
  %sqsum = nd.reduce sum %sq across [2] keep_dims : (tensor<2x8x16xf32>) -> tensor<2x8x1xf32>
  %var = nd.div %sqsum, %n : (tensor<2x8x1xf32>, tensor<f32>) -> tensor<2x8x1xf32>
  %vareps = nd.add %var, %eps : (tensor<2x8x1xf32>, tensor<f32>) -> tensor<2x8x1xf32>
  %std = nd.sqrt %vareps : tensor<2x8x1xf32>
  %norm = nd.div %xc, %std : (tensor<2x8x16xf32>, tensor<2x8x1xf32>) -> tensor<2x8x16xf32>
  %scaled = nd.mul %norm, %gamma : (tensor<2x8x16xf32>, tensor<16xf32>) -> tensor<2x8x16xf32>
  %y = nd.add %scaled, %beta : (tensor<2x8x16xf32>, tensor<16xf32>) -> tensor<2x8x16xf32>
  return %y : tensor<2x8x16xf32>
}

// Every size dynamic: the feature count comes from the tensor itself
// (nd.dim, cast to f32) instead of a constant.
func.func @layer_norm_dynamic(%x: tensor<?x?x?xf32>, %gamma: tensor<?xf32>, %beta: tensor<?xf32>) -> tensor<?x?x?xf32> {
  %d = nd.dim %x[2] : (tensor<?x?x?xf32>) -> tensor<index>
  %n = nd.cast %d : tensor<index> to tensor<f32>
  %eps = nd.constant dense<1.0e-05> : tensor<f32>
  %sum = nd.reduce sum %x across [2] keep_dims : (tensor<?x?x?xf32>) -> tensor<?x?x1xf32>
  %mean = nd.div %sum, %n : (tensor<?x?x1xf32>, tensor<f32>) -> tensor<?x?x1xf32>
  %xc = nd.sub %x, %mean : (tensor<?x?x?xf32>, tensor<?x?x1xf32>) -> tensor<?x?x?xf32>
  %sq = nd.mul %xc, %xc : tensor<?x?x?xf32>
  %sqsum = nd.reduce sum %sq across [2] keep_dims : (tensor<?x?x?xf32>) -> tensor<?x?x1xf32>
  %var = nd.div %sqsum, %n : (tensor<?x?x1xf32>, tensor<f32>) -> tensor<?x?x1xf32>
  %vareps = nd.add %var, %eps : (tensor<?x?x1xf32>, tensor<f32>) -> tensor<?x?x1xf32>
  %std = nd.sqrt %vareps : tensor<?x?x1xf32>
  %norm = nd.div %xc, %std : (tensor<?x?x?xf32>, tensor<?x?x1xf32>) -> tensor<?x?x?xf32>
  %scaled = nd.mul %norm, %gamma : (tensor<?x?x?xf32>, tensor<?xf32>) -> tensor<?x?x?xf32>
  %y = nd.add %scaled, %beta : (tensor<?x?x?xf32>, tensor<?xf32>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}
