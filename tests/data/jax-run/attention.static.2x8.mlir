module @jit_attention attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x8x16xf32>, %arg1: tensor<2x8x16xf32>, %arg2: tensor<2x8x16xf32>, %arg3: tensor<2x8x8xi1>) -> (tensor<2x8x16xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x8x16xf32>, tensor<2x8x16xf32>) -> tensor<2x8x8xf32>
    %cst = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %1 = stablehlo.sqrt %cst : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> tensor<2x8x8xf32>
    %3 = stablehlo.divide %0, %2 : tensor<2x8x8xf32>
    %cst_0 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %4 = call @_where(%arg3, %3, %cst_0) : (tensor<2x8x8xi1>, tensor<2x8x8xf32>, tensor<f32>) -> tensor<2x8x8xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %5 = stablehlo.reduce(%4 init: %cst_1) applies stablehlo.maximum across dimensions = [2] : (tensor<2x8x8xf32>, tensor<f32>) -> tensor<2x8xf32>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x8xf32>
    %7 = stablehlo.maximum %6, %5 : tensor<2x8xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x8xf32>
    %10 = stablehlo.subtract %4, %9 : tensor<2x8x8xf32>
    %11 = stablehlo.exponential %10 : tensor<2x8x8xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.reduce(%11 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<2x8x8xf32>, tensor<f32>) -> tensor<2x8xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x8xf32>
    %15 = stablehlo.divide %11, %14 : tensor<2x8x8xf32>
    %16 = stablehlo.dot_general %15, %arg2, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x8x8xf32>, tensor<2x8x16xf32>) -> tensor<2x8x16xf32>
    return %16 : tensor<2x8x16xf32>
  }
  func.func private @_where(%arg0: tensor<2x8x8xi1>, %arg1: tensor<2x8x8xf32>, %arg2: tensor<f32>) -> tensor<2x8x8xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x8x8xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<2x8x8xi1>, tensor<2x8x8xf32>
    return %2 : tensor<2x8x8xf32>
  }
}
