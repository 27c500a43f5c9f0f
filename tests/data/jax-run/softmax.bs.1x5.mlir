module @jit_softmax attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?x?x16xf32>) -> (tensor<?x?x16xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x?x16xf32>) -> tensor<i32>
    %1 = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<?x?x16xf32>) -> tensor<i32>
    %2 = stablehlo.compare GE, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%2, %0) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b, s, 16). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
    %3 = stablehlo.compare GE, %1, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%3, %0, %1) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 's'. Using the following polymorphic shapes specifications: args[0].shape = (b, s, 16). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), 's' = {1} from specification 's' for dimension args[0].shape[1] (= {1}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i32>) -> ()
    %4 = call @_wrapped_jax_export_main(%0, %1, %arg0) : (tensor<i32>, tensor<i32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
    return %4 : tensor<?x?x16xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<i32> {jax.global_constant = "s"}, %arg2: tensor<?x?x16xf32>) -> (tensor<?x?x16xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %c = stablehlo.constant dense<16> : tensor<1xi32>
    %c_0 = stablehlo.constant dense<1> : tensor<1xi32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg2 init: %cst_1) applies stablehlo.maximum across dimensions = [2] : (tensor<?x?x16xf32>, tensor<f32>) -> tensor<?x?xf32>
    %1 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %2 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %3 = stablehlo.concatenate %1, %2, %c_0, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %4 = stablehlo.dynamic_broadcast_in_dim %0, %3, dims = [0, 1] : (tensor<?x?xf32>, tensor<3xi32>) -> tensor<?x?x1xf32>
    %5 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %6 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %7 = stablehlo.concatenate %5, %6, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %8 = stablehlo.dynamic_broadcast_in_dim %4, %7, dims = [0, 1, 2] : (tensor<?x?x1xf32>, tensor<3xi32>) -> tensor<?x?x16xf32>
    %9 = stablehlo.subtract %arg2, %8 : tensor<?x?x16xf32>
    %10 = stablehlo.exponential %9 : tensor<?x?x16xf32>
    %11 = stablehlo.reduce(%10 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<?x?x16xf32>, tensor<f32>) -> tensor<?x?xf32>
    %12 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %13 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %14 = stablehlo.concatenate %12, %13, %c_0, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %15 = stablehlo.dynamic_broadcast_in_dim %11, %14, dims = [0, 1] : (tensor<?x?xf32>, tensor<3xi32>) -> tensor<?x?x1xf32>
    %16 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %17 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %18 = stablehlo.concatenate %16, %17, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %19 = stablehlo.dynamic_broadcast_in_dim %15, %18, dims = [0, 1, 2] : (tensor<?x?x1xf32>, tensor<3xi32>) -> tensor<?x?x16xf32>
    %20 = stablehlo.divide %10, %19 : tensor<?x?x16xf32>
    return %20 : tensor<?x?x16xf32>
  }
}
