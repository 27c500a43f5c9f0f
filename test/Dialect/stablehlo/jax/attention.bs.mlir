module @jit_attention attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?x?x16xf32>, %arg1: tensor<?x?x16xf32>, %arg2: tensor<?x?x16xf32>, %arg3: tensor<?x?x?xi1>) -> (tensor<?x?x16xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x?x16xf32>) -> tensor<i32>
    %1 = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<?x?x16xf32>) -> tensor<i32>
    %2 = stablehlo.get_dimension_size %arg1, dim = 0 : (tensor<?x?x16xf32>) -> tensor<i32>
    %3 = stablehlo.get_dimension_size %arg1, dim = 1 : (tensor<?x?x16xf32>) -> tensor<i32>
    %4 = stablehlo.get_dimension_size %arg2, dim = 0 : (tensor<?x?x16xf32>) -> tensor<i32>
    %5 = stablehlo.get_dimension_size %arg2, dim = 1 : (tensor<?x?x16xf32>) -> tensor<i32>
    %6 = stablehlo.get_dimension_size %arg3, dim = 0 : (tensor<?x?x?xi1>) -> tensor<i32>
    %7 = stablehlo.get_dimension_size %arg3, dim = 1 : (tensor<?x?x?xi1>) -> tensor<i32>
    %8 = stablehlo.get_dimension_size %arg3, dim = 2 : (tensor<?x?x?xi1>) -> tensor<i32>
    %9 = stablehlo.compare GE, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%9, %0) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b, s, 16),args[1].shape = (b, s, 16),args[2].shape = (b, s, 16),args[3].shape = (b, s, s). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
    %10 = stablehlo.compare GE, %1, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%10, %0, %1) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 's'. Using the following polymorphic shapes specifications: args[0].shape = (b, s, 16),args[1].shape = (b, s, 16),args[2].shape = (b, s, 16),args[3].shape = (b, s, s). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), 's' = {1} from specification 's' for dimension args[0].shape[1] (= {1}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i32>) -> ()
    %11 = stablehlo.compare EQ, %2, %0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%11, %2, %0, %1) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Found inconsistency between dimension size args[1].shape[0] (= {0}) and the specification 'b' (= {1}). Using the following polymorphic shapes specifications: args[0].shape = (b, s, 16),args[1].shape = (b, s, 16),args[2].shape = (b, s, 16),args[3].shape = (b, s, s). Obtained dimension variables: 'b' = {1} from specification 'b' for dimension args[0].shape[0] (= {1}), 's' = {2} from specification 's' for dimension args[0].shape[1] (= {2}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i32>, tensor<i32>) -> ()
    %12 = stablehlo.compare EQ, %3, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%12, %3, %1, %0) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Found inconsistency between dimension size args[1].shape[1] (= {0}) and the specification 's' (= {1}). Using the following polymorphic shapes specifications: args[0].shape = (b, s, 16),args[1].shape = (b, s, 16),args[2].shape = (b, s, 16),args[3].shape = (b, s, s). Obtained dimension variables: 'b' = {2} from specification 'b' for dimension args[0].shape[0] (= {2}), 's' = {1} from specification 's' for dimension args[0].shape[1] (= {1}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i32>, tensor<i32>) -> ()
    %13 = stablehlo.compare EQ, %4, %0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%13, %4, %0, %1) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Found inconsistency between dimension size args[2].shape[0] (= {0}) and the specification 'b' (= {1}). Using the following polymorphic shapes specifications: args[0].shape = (b, s, 16),args[1].shape = (b, s, 16),args[2].shape = (b, s, 16),args[3].shape = (b, s, s). Obtained dimension variables: 'b' = {1} from specification 'b' for dimension args[0].shape[0] (= {1}), 's' = {2} from specification 's' for dimension args[0].shape[1] (= {2}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i32>, tensor<i32>) -> ()
    %14 = stablehlo.compare EQ, %5, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%14, %5, %1, %0) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Found inconsistency between dimension size args[2].shape[1] (= {0}) and the specification 's' (= {1}). Using the following polymorphic shapes specifications: args[0].shape = (b, s, 16),args[1].shape = (b, s, 16),args[2].shape = (b, s, 16),args[3].shape = (b, s, s). Obtained dimension variables: 'b' = {2} from specification 'b' for dimension args[0].shape[0] (= {2}), 's' = {1} from specification 's' for dimension args[0].shape[1] (= {1}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i32>, tensor<i32>) -> ()
    %15 = stablehlo.compare EQ, %6, %0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%15, %6, %0, %1) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Found inconsistency between dimension size args[3].shape[0] (= {0}) and the specification 'b' (= {1}). Using the following polymorphic shapes specifications: args[0].shape = (b, s, 16),args[1].shape = (b, s, 16),args[2].shape = (b, s, 16),args[3].shape = (b, s, s). Obtained dimension variables: 'b' = {1} from specification 'b' for dimension args[0].shape[0] (= {1}), 's' = {2} from specification 's' for dimension args[0].shape[1] (= {2}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i32>, tensor<i32>) -> ()
    %16 = stablehlo.compare EQ, %7, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%16, %7, %1, %0) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Found inconsistency between dimension size args[3].shape[1] (= {0}) and the specification 's' (= {1}). Using the following polymorphic shapes specifications: args[0].shape = (b, s, 16),args[1].shape = (b, s, 16),args[2].shape = (b, s, 16),args[3].shape = (b, s, s). Obtained dimension variables: 'b' = {2} from specification 'b' for dimension args[0].shape[0] (= {2}), 's' = {1} from specification 's' for dimension args[0].shape[1] (= {1}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i32>, tensor<i32>) -> ()
    %17 = stablehlo.compare EQ, %8, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%17, %8, %1, %0) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Found inconsistency between dimension size args[3].shape[2] (= {0}) and the specification 's' (= {1}). Using the following polymorphic shapes specifications: args[0].shape = (b, s, 16),args[1].shape = (b, s, 16),args[2].shape = (b, s, 16),args[3].shape = (b, s, s). Obtained dimension variables: 'b' = {2} from specification 'b' for dimension args[0].shape[0] (= {2}), 's' = {1} from specification 's' for dimension args[0].shape[1] (= {1}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i32>, tensor<i32>) -> ()
    %18 = call @_wrapped_jax_export_main(%0, %1, %arg0, %arg1, %arg2, %arg3) : (tensor<i32>, tensor<i32>, tensor<?x?x16xf32>, tensor<?x?x16xf32>, tensor<?x?x16xf32>, tensor<?x?x?xi1>) -> tensor<?x?x16xf32>
    return %18 : tensor<?x?x16xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<i32> {jax.global_constant = "s"}, %arg2: tensor<?x?x16xf32>, %arg3: tensor<?x?x16xf32>, %arg4: tensor<?x?x16xf32>, %arg5: tensor<?x?x?xi1>) -> (tensor<?x?x16xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %c = stablehlo.constant dense<1> : tensor<1xi32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %cst_1 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %cst_2 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %0 = stablehlo.dot_general %arg2, %arg3, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<?x?x16xf32>, tensor<?x?x16xf32>) -> tensor<?x?x?xf32>
    %1 = stablehlo.sqrt %cst_2 : tensor<f32>
    %2 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %3 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %4 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %5 = stablehlo.concatenate %2, %3, %4, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %6 = stablehlo.dynamic_broadcast_in_dim %1, %5, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x?x?xf32>
    %7 = stablehlo.divide %0, %6 : tensor<?x?x?xf32>
    %8 = call @_where(%arg0, %arg1, %arg5, %7, %cst_1) : (tensor<i32>, tensor<i32>, tensor<?x?x?xi1>, tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?x?xf32>
    %9 = stablehlo.reduce(%8 init: %cst_0) applies stablehlo.maximum across dimensions = [2] : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
    %10 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %11 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %12 = stablehlo.concatenate %10, %11, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %13 = stablehlo.dynamic_broadcast_in_dim %cst_0, %12, dims = [] : (tensor<f32>, tensor<2xi32>) -> tensor<?x?xf32>
    %14 = stablehlo.maximum %13, %9 : tensor<?x?xf32>
    %15 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %16 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %17 = stablehlo.concatenate %15, %16, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %18 = stablehlo.dynamic_broadcast_in_dim %14, %17, dims = [0, 1] : (tensor<?x?xf32>, tensor<3xi32>) -> tensor<?x?x1xf32>
    %19 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %20 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %21 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %22 = stablehlo.concatenate %19, %20, %21, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %23 = stablehlo.dynamic_broadcast_in_dim %18, %22, dims = [0, 1, 2] : (tensor<?x?x1xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>
    %24 = stablehlo.subtract %8, %23 : tensor<?x?x?xf32>
    %25 = stablehlo.exponential %24 : tensor<?x?x?xf32>
    %26 = stablehlo.reduce(%25 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<?x?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
    %27 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %28 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %29 = stablehlo.concatenate %27, %28, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %30 = stablehlo.dynamic_broadcast_in_dim %26, %29, dims = [0, 1] : (tensor<?x?xf32>, tensor<3xi32>) -> tensor<?x?x1xf32>
    %31 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %32 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %33 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %34 = stablehlo.concatenate %31, %32, %33, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %35 = stablehlo.dynamic_broadcast_in_dim %30, %34, dims = [0, 1, 2] : (tensor<?x?x1xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>
    %36 = stablehlo.divide %25, %35 : tensor<?x?x?xf32>
    %37 = stablehlo.dot_general %36, %arg4, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<?x?x?xf32>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
    return %37 : tensor<?x?x16xf32>
  }
  func.func private @_where(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<i32> {jax.global_constant = "s"}, %arg2: tensor<?x?x?xi1>, %arg3: tensor<?x?x?xf32>, %arg4: tensor<f32>) -> tensor<?x?x?xf32> {
    %0 = stablehlo.convert %arg4 : tensor<f32>
    %1 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %2 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %3 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %4 = stablehlo.concatenate %1, %2, %3, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %5 = stablehlo.dynamic_broadcast_in_dim %0, %4, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x?x?xf32>
    %6 = stablehlo.select %arg2, %arg3, %5 : tensor<?x?x?xi1>, tensor<?x?x?xf32>
    return %6 : tensor<?x?x?xf32>
  }
}
