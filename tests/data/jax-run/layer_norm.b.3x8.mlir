module @jit_layer_norm attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?x8x16xf32>, %arg1: tensor<16xf32>, %arg2: tensor<16xf32>) -> (tensor<?x8x16xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x8x16xf32>) -> tensor<i32>
    %1 = stablehlo.compare GE, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%1, %0) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b, 8, 16). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
    %2 = call @_wrapped_jax_export_main(%0, %arg0, %arg1, %arg2) : (tensor<i32>, tensor<?x8x16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<?x8x16xf32>
    return %2 : tensor<?x8x16xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<?x8x16xf32>, %arg2: tensor<16xf32>, %arg3: tensor<16xf32>) -> (tensor<?x8x16xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %c = stablehlo.constant dense<16> : tensor<1xi32>
    %cst_0 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %c_1 = stablehlo.constant dense<1> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<8> : tensor<1xi32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg1 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<?x8x16xf32>, tensor<f32>) -> tensor<?x8xf32>
    %1 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %2 = stablehlo.concatenate %1, %c_2, %c_1, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %3 = stablehlo.dynamic_broadcast_in_dim %0, %2, dims = [0, 1] : (tensor<?x8xf32>, tensor<3xi32>) -> tensor<?x8x1xf32>
    %4 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %5 = stablehlo.concatenate %4, %c_2, %c_1, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %6 = stablehlo.dynamic_broadcast_in_dim %cst_0, %5, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x8x1xf32>
    %7 = stablehlo.divide %3, %6 : tensor<?x8x1xf32>
    %8 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %9 = stablehlo.concatenate %8, %c_2, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %10 = stablehlo.dynamic_broadcast_in_dim %7, %9, dims = [0, 1, 2] : (tensor<?x8x1xf32>, tensor<3xi32>) -> tensor<?x8x16xf32>
    %11 = stablehlo.subtract %arg1, %10 : tensor<?x8x16xf32>
    %12 = stablehlo.multiply %11, %11 : tensor<?x8x16xf32>
    %13 = stablehlo.reduce(%12 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<?x8x16xf32>, tensor<f32>) -> tensor<?x8xf32>
    %14 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %15 = stablehlo.concatenate %14, %c_2, %c_1, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %16 = stablehlo.dynamic_broadcast_in_dim %13, %15, dims = [0, 1] : (tensor<?x8xf32>, tensor<3xi32>) -> tensor<?x8x1xf32>
    %17 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %18 = stablehlo.concatenate %17, %c_2, %c_1, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %19 = stablehlo.dynamic_broadcast_in_dim %cst_0, %18, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x8x1xf32>
    %20 = stablehlo.divide %16, %19 : tensor<?x8x1xf32>
    %21 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %22 = stablehlo.concatenate %21, %c_2, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %23 = stablehlo.dynamic_broadcast_in_dim %7, %22, dims = [0, 1, 2] : (tensor<?x8x1xf32>, tensor<3xi32>) -> tensor<?x8x16xf32>
    %24 = stablehlo.subtract %arg1, %23 : tensor<?x8x16xf32>
    %25 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %26 = stablehlo.concatenate %25, %c_2, %c_1, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %27 = stablehlo.dynamic_broadcast_in_dim %cst, %26, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x8x1xf32>
    %28 = stablehlo.add %20, %27 : tensor<?x8x1xf32>
    %29 = stablehlo.rsqrt %28 : tensor<?x8x1xf32>
    %30 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %31 = stablehlo.concatenate %30, %c_2, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %32 = stablehlo.dynamic_broadcast_in_dim %29, %31, dims = [0, 1, 2] : (tensor<?x8x1xf32>, tensor<3xi32>) -> tensor<?x8x16xf32>
    %33 = stablehlo.multiply %24, %32 : tensor<?x8x16xf32>
    %34 = stablehlo.broadcast_in_dim %arg2, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %35 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %36 = stablehlo.concatenate %35, %c_2, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %37 = stablehlo.dynamic_broadcast_in_dim %34, %36, dims = [0, 1, 2] : (tensor<1x1x16xf32>, tensor<3xi32>) -> tensor<?x8x16xf32>
    %38 = stablehlo.multiply %33, %37 : tensor<?x8x16xf32>
    %39 = stablehlo.broadcast_in_dim %arg3, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %40 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %41 = stablehlo.concatenate %40, %c_2, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %42 = stablehlo.dynamic_broadcast_in_dim %39, %41, dims = [0, 1, 2] : (tensor<1x1x16xf32>, tensor<3xi32>) -> tensor<?x8x16xf32>
    %43 = stablehlo.add %38, %42 : tensor<?x8x16xf32>
    return %43 : tensor<?x8x16xf32>
  }
}
