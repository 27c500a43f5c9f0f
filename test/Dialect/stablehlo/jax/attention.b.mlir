module @jit_attention attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?x8x16xf32>, %arg1: tensor<?x8x16xf32>, %arg2: tensor<?x8x16xf32>, %arg3: tensor<?x8x8xi1>) -> (tensor<?x8x16xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x8x16xf32>) -> tensor<i32>
    %1 = stablehlo.get_dimension_size %arg1, dim = 0 : (tensor<?x8x16xf32>) -> tensor<i32>
    %2 = stablehlo.get_dimension_size %arg2, dim = 0 : (tensor<?x8x16xf32>) -> tensor<i32>
    %3 = stablehlo.get_dimension_size %arg3, dim = 0 : (tensor<?x8x8xi1>) -> tensor<i32>
    %4 = stablehlo.compare GE, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%4, %0) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b, 8, 16),args[1].shape = (b, 8, 16),args[2].shape = (b, 8, 16),args[3].shape = (b, 8, 8). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
    %5 = stablehlo.compare EQ, %1, %0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%5, %1, %0) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Found inconsistency between dimension size args[1].shape[0] (= {0}) and the specification 'b' (= {1}). Using the following polymorphic shapes specifications: args[0].shape = (b, 8, 16),args[1].shape = (b, 8, 16),args[2].shape = (b, 8, 16),args[3].shape = (b, 8, 8). Obtained dimension variables: 'b' = {1} from specification 'b' for dimension args[0].shape[0] (= {1}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i32>) -> ()
    %6 = stablehlo.compare EQ, %2, %0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%6, %2, %0) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Found inconsistency between dimension size args[2].shape[0] (= {0}) and the specification 'b' (= {1}). Using the following polymorphic shapes specifications: args[0].shape = (b, 8, 16),args[1].shape = (b, 8, 16),args[2].shape = (b, 8, 16),args[3].shape = (b, 8, 8). Obtained dimension variables: 'b' = {1} from specification 'b' for dimension args[0].shape[0] (= {1}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i32>) -> ()
    %7 = stablehlo.compare EQ, %3, %0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%7, %3, %0) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Found inconsistency between dimension size args[3].shape[0] (= {0}) and the specification 'b' (= {1}). Using the following polymorphic shapes specifications: args[0].shape = (b, 8, 16),args[1].shape = (b, 8, 16),args[2].shape = (b, 8, 16),args[3].shape = (b, 8, 8). Obtained dimension variables: 'b' = {1} from specification 'b' for dimension args[0].shape[0] (= {1}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i32>) -> ()
    %8 = call @_wrapped_jax_export_main(%0, %arg0, %arg1, %arg2, %arg3) : (tensor<i32>, tensor<?x8x16xf32>, tensor<?x8x16xf32>, tensor<?x8x16xf32>, tensor<?x8x8xi1>) -> tensor<?x8x16xf32>
    return %8 : tensor<?x8x16xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<?x8x16xf32>, %arg2: tensor<?x8x16xf32>, %arg3: tensor<?x8x16xf32>, %arg4: tensor<?x8x8xi1>) -> (tensor<?x8x16xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %c = stablehlo.constant dense<1> : tensor<1xi32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %cst_1 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %c_2 = stablehlo.constant dense<8> : tensor<1xi32>
    %cst_3 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %0 = stablehlo.dot_general %arg1, %arg2, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<?x8x16xf32>, tensor<?x8x16xf32>) -> tensor<?x8x8xf32>
    %1 = stablehlo.sqrt %cst_3 : tensor<f32>
    %2 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %3 = stablehlo.concatenate %2, %c_2, %c_2, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %4 = stablehlo.dynamic_broadcast_in_dim %1, %3, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x8x8xf32>
    %5 = stablehlo.divide %0, %4 : tensor<?x8x8xf32>
    %6 = call @_where(%arg0, %arg4, %5, %cst_1) : (tensor<i32>, tensor<?x8x8xi1>, tensor<?x8x8xf32>, tensor<f32>) -> tensor<?x8x8xf32>
    %7 = stablehlo.reduce(%6 init: %cst_0) applies stablehlo.maximum across dimensions = [2] : (tensor<?x8x8xf32>, tensor<f32>) -> tensor<?x8xf32>
    %8 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %9 = stablehlo.concatenate %8, %c_2, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %10 = stablehlo.dynamic_broadcast_in_dim %cst_0, %9, dims = [] : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %11 = stablehlo.maximum %10, %7 : tensor<?x8xf32>
    %12 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %13 = stablehlo.concatenate %12, %c_2, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %14 = stablehlo.dynamic_broadcast_in_dim %11, %13, dims = [0, 1] : (tensor<?x8xf32>, tensor<3xi32>) -> tensor<?x8x1xf32>
    %15 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %16 = stablehlo.concatenate %15, %c_2, %c_2, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %17 = stablehlo.dynamic_broadcast_in_dim %14, %16, dims = [0, 1, 2] : (tensor<?x8x1xf32>, tensor<3xi32>) -> tensor<?x8x8xf32>
    %18 = stablehlo.subtract %6, %17 : tensor<?x8x8xf32>
    %19 = stablehlo.exponential %18 : tensor<?x8x8xf32>
    %20 = stablehlo.reduce(%19 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<?x8x8xf32>, tensor<f32>) -> tensor<?x8xf32>
    %21 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %22 = stablehlo.concatenate %21, %c_2, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %23 = stablehlo.dynamic_broadcast_in_dim %20, %22, dims = [0, 1] : (tensor<?x8xf32>, tensor<3xi32>) -> tensor<?x8x1xf32>
    %24 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %25 = stablehlo.concatenate %24, %c_2, %c_2, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %26 = stablehlo.dynamic_broadcast_in_dim %23, %25, dims = [0, 1, 2] : (tensor<?x8x1xf32>, tensor<3xi32>) -> tensor<?x8x8xf32>
    %27 = stablehlo.divide %19, %26 : tensor<?x8x8xf32>
    %28 = stablehlo.dot_general %27, %arg3, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<?x8x8xf32>, tensor<?x8x16xf32>) -> tensor<?x8x16xf32>
    return %28 : tensor<?x8x16xf32>
  }
  func.func private @_where(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<?x8x8xi1>, %arg2: tensor<?x8x8xf32>, %arg3: tensor<f32>) -> tensor<?x8x8xf32> {
    %c = stablehlo.constant dense<8> : tensor<1xi32>
    %0 = stablehlo.convert %arg3 : tensor<f32>
    %1 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %2 = stablehlo.concatenate %1, %c, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %3 = stablehlo.dynamic_broadcast_in_dim %0, %2, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x8x8xf32>
    %4 = stablehlo.select %arg1, %arg2, %3 : tensor<?x8x8xi1>, tensor<?x8x8xf32>
    return %4 : tensor<?x8x8xf32>
  }
}
