// Result types written less precisely than inference knows them. Refine with:
//   tensor-opt --verify-broadcast=refine examples/refine.mlir
// %sum becomes tensor<?x6xf32>; its user still verifies with the precise type.
// The returned value keeps the function's declared type.
func.func @bias_scale(%x: tensor<?x6xf32>, %bias: tensor<6xf32>, %scale: tensor<1xf32>) -> tensor<*xf32> {
  %sum = nd.add %x, %bias : (tensor<?x6xf32>, tensor<6xf32>) -> tensor<*xf32>
  %out = nd.mul %sum, %scale : (tensor<*xf32>, tensor<1xf32>) -> tensor<*xf32>
  return %out : tensor<*xf32>
}
