module @jit_transformer_block attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?x?x16xf32>, %arg1: tensor<16x16xf32>, %arg2: tensor<16x16xf32>, %arg3: tensor<16x16xf32>, %arg4: tensor<16x16xf32>, %arg5: tensor<16x32xf32>, %arg6: tensor<32x16xf32>, %arg7: tensor<16xf32>, %arg8: tensor<16xf32>) -> (tensor<?x?x16xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x?x16xf32>) -> tensor<i32>
    %1 = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<?x?x16xf32>) -> tensor<i32>
    %2 = stablehlo.compare GE, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%2, %0) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b, s, 16). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
    %3 = stablehlo.compare GE, %1, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%3, %0, %1) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 's'. Using the following polymorphic shapes specifications: args[0].shape = (b, s, 16). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), 's' = {1} from specification 's' for dimension args[0].shape[1] (= {1}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i32>) -> ()
    %4 = call @_wrapped_jax_export_main(%0, %1, %arg0, %arg1, %arg2, %arg3, %arg4, %arg5, %arg6, %arg7, %arg8) : (tensor<i32>, tensor<i32>, tensor<?x?x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x32xf32>, tensor<32x16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<?x?x16xf32>
    return %4 : tensor<?x?x16xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<i32> {jax.global_constant = "s"}, %arg2: tensor<?x?x16xf32>, %arg3: tensor<16x16xf32>, %arg4: tensor<16x16xf32>, %arg5: tensor<16x16xf32>, %arg6: tensor<16x16xf32>, %arg7: tensor<16x32xf32>, %arg8: tensor<32x16xf32>, %arg9: tensor<16xf32>, %arg10: tensor<16xf32>) -> (tensor<?x?x16xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_1 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %c = stablehlo.constant dense<32> : tensor<1xi32>
    %cst_2 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %cst_3 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %cst_4 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %cst_5 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %c_6 = stablehlo.constant dense<true> : tensor<i1>
    %cst_7 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %c_8 = stablehlo.constant dense<4> : tensor<1xi32>
    %cst_9 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %c_10 = stablehlo.constant dense<16> : tensor<1xi32>
    %cst_11 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %c_12 = stablehlo.constant dense<1> : tensor<1xi32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg2 init: %cst_13) applies stablehlo.add across dimensions = [2] : (tensor<?x?x16xf32>, tensor<f32>) -> tensor<?x?xf32>
    %1 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %2 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %3 = stablehlo.concatenate %1, %2, %c_12, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %4 = stablehlo.dynamic_broadcast_in_dim %0, %3, dims = [0, 1] : (tensor<?x?xf32>, tensor<3xi32>) -> tensor<?x?x1xf32>
    %5 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %6 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %7 = stablehlo.concatenate %5, %6, %c_12, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %8 = stablehlo.dynamic_broadcast_in_dim %cst_11, %7, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x?x1xf32>
    %9 = stablehlo.divide %4, %8 : tensor<?x?x1xf32>
    %10 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %11 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %12 = stablehlo.concatenate %10, %11, %c_10, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %13 = stablehlo.dynamic_broadcast_in_dim %9, %12, dims = [0, 1, 2] : (tensor<?x?x1xf32>, tensor<3xi32>) -> tensor<?x?x16xf32>
    %14 = stablehlo.subtract %arg2, %13 : tensor<?x?x16xf32>
    %15 = stablehlo.multiply %14, %14 : tensor<?x?x16xf32>
    %16 = stablehlo.reduce(%15 init: %cst_13) applies stablehlo.add across dimensions = [2] : (tensor<?x?x16xf32>, tensor<f32>) -> tensor<?x?xf32>
    %17 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %18 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %19 = stablehlo.concatenate %17, %18, %c_12, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %20 = stablehlo.dynamic_broadcast_in_dim %16, %19, dims = [0, 1] : (tensor<?x?xf32>, tensor<3xi32>) -> tensor<?x?x1xf32>
    %21 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %22 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %23 = stablehlo.concatenate %21, %22, %c_12, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %24 = stablehlo.dynamic_broadcast_in_dim %cst_11, %23, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x?x1xf32>
    %25 = stablehlo.divide %20, %24 : tensor<?x?x1xf32>
    %26 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %27 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %28 = stablehlo.concatenate %26, %27, %c_10, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %29 = stablehlo.dynamic_broadcast_in_dim %9, %28, dims = [0, 1, 2] : (tensor<?x?x1xf32>, tensor<3xi32>) -> tensor<?x?x16xf32>
    %30 = stablehlo.subtract %arg2, %29 : tensor<?x?x16xf32>
    %31 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %32 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %33 = stablehlo.concatenate %31, %32, %c_12, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %34 = stablehlo.dynamic_broadcast_in_dim %cst_9, %33, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x?x1xf32>
    %35 = stablehlo.add %25, %34 : tensor<?x?x1xf32>
    %36 = stablehlo.rsqrt %35 : tensor<?x?x1xf32>
    %37 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %38 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %39 = stablehlo.concatenate %37, %38, %c_10, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %40 = stablehlo.dynamic_broadcast_in_dim %36, %39, dims = [0, 1, 2] : (tensor<?x?x1xf32>, tensor<3xi32>) -> tensor<?x?x16xf32>
    %41 = stablehlo.multiply %30, %40 : tensor<?x?x16xf32>
    %42 = stablehlo.broadcast_in_dim %arg9, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %43 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %44 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %45 = stablehlo.concatenate %43, %44, %c_10, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %46 = stablehlo.dynamic_broadcast_in_dim %42, %45, dims = [0, 1, 2] : (tensor<1x1x16xf32>, tensor<3xi32>) -> tensor<?x?x16xf32>
    %47 = stablehlo.multiply %41, %46 : tensor<?x?x16xf32>
    %48 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %49 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %50 = stablehlo.concatenate %48, %49, %c_10, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %51 = stablehlo.dynamic_broadcast_in_dim %cst_13, %50, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x?x16xf32>
    %52 = stablehlo.add %47, %51 : tensor<?x?x16xf32>
    %53 = stablehlo.dot_general %52, %arg3, contracting_dims = [2] x [0] : (tensor<?x?x16xf32>, tensor<16x16xf32>) -> tensor<?x?x16xf32>
    %54 = stablehlo.dot_general %52, %arg4, contracting_dims = [2] x [0] : (tensor<?x?x16xf32>, tensor<16x16xf32>) -> tensor<?x?x16xf32>
    %55 = stablehlo.dot_general %52, %arg5, contracting_dims = [2] x [0] : (tensor<?x?x16xf32>, tensor<16x16xf32>) -> tensor<?x?x16xf32>
    %56 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %57 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %58 = stablehlo.concatenate %56, %57, %c_8, %c_8, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %59 = stablehlo.dynamic_reshape %53, %58 : (tensor<?x?x16xf32>, tensor<4xi32>) -> tensor<?x?x4x4xf32>
    %60 = stablehlo.transpose %59, dims = [0, 2, 1, 3] : (tensor<?x?x4x4xf32>) -> tensor<?x4x?x4xf32>
    %61 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %62 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %63 = stablehlo.concatenate %61, %62, %c_8, %c_8, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %64 = stablehlo.dynamic_reshape %54, %63 : (tensor<?x?x16xf32>, tensor<4xi32>) -> tensor<?x?x4x4xf32>
    %65 = stablehlo.transpose %64, dims = [0, 2, 1, 3] : (tensor<?x?x4x4xf32>) -> tensor<?x4x?x4xf32>
    %66 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %67 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %68 = stablehlo.concatenate %66, %67, %c_8, %c_8, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %69 = stablehlo.dynamic_reshape %55, %68 : (tensor<?x?x16xf32>, tensor<4xi32>) -> tensor<?x?x4x4xf32>
    %70 = stablehlo.transpose %69, dims = [0, 2, 1, 3] : (tensor<?x?x4x4xf32>) -> tensor<?x4x?x4xf32>
    %71 = stablehlo.dot_general %60, %65, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3] : (tensor<?x4x?x4xf32>, tensor<?x4x?x4xf32>) -> tensor<?x4x?x?xf32>
    %72 = stablehlo.sqrt %cst_7 : tensor<f32>
    %73 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %74 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %75 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %76 = stablehlo.concatenate %73, %c_8, %74, %75, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %77 = stablehlo.dynamic_broadcast_in_dim %72, %76, dims = [] : (tensor<f32>, tensor<4xi32>) -> tensor<?x4x?x?xf32>
    %78 = stablehlo.divide %71, %77 : tensor<?x4x?x?xf32>
    %79 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %80 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %81 = stablehlo.concatenate %79, %80, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %82 = stablehlo.dynamic_broadcast_in_dim %c_6, %81, dims = [] : (tensor<i1>, tensor<2xi32>) -> tensor<?x?xi1>
    %83 = call @tril(%arg0, %arg1, %82) : (tensor<i32>, tensor<i32>, tensor<?x?xi1>) -> tensor<?x?xi1>
    %84 = call @_where(%arg0, %arg1, %83, %78, %cst_5) : (tensor<i32>, tensor<i32>, tensor<?x?xi1>, tensor<?x4x?x?xf32>, tensor<f32>) -> tensor<?x4x?x?xf32>
    %85 = stablehlo.reduce(%84 init: %cst_4) applies stablehlo.maximum across dimensions = [3] : (tensor<?x4x?x?xf32>, tensor<f32>) -> tensor<?x4x?xf32>
    %86 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %87 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %88 = stablehlo.concatenate %86, %c_8, %87, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %89 = stablehlo.dynamic_broadcast_in_dim %cst_4, %88, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x?xf32>
    %90 = stablehlo.maximum %89, %85 : tensor<?x4x?xf32>
    %91 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %92 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %93 = stablehlo.concatenate %91, %c_8, %92, %c_12, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %94 = stablehlo.dynamic_broadcast_in_dim %90, %93, dims = [0, 1, 2] : (tensor<?x4x?xf32>, tensor<4xi32>) -> tensor<?x4x?x1xf32>
    %95 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %96 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %97 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %98 = stablehlo.concatenate %95, %c_8, %96, %97, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %99 = stablehlo.dynamic_broadcast_in_dim %94, %98, dims = [0, 1, 2, 3] : (tensor<?x4x?x1xf32>, tensor<4xi32>) -> tensor<?x4x?x?xf32>
    %100 = stablehlo.subtract %84, %99 : tensor<?x4x?x?xf32>
    %101 = stablehlo.exponential %100 : tensor<?x4x?x?xf32>
    %102 = stablehlo.reduce(%101 init: %cst_13) applies stablehlo.add across dimensions = [3] : (tensor<?x4x?x?xf32>, tensor<f32>) -> tensor<?x4x?xf32>
    %103 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %104 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %105 = stablehlo.concatenate %103, %c_8, %104, %c_12, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %106 = stablehlo.dynamic_broadcast_in_dim %102, %105, dims = [0, 1, 2] : (tensor<?x4x?xf32>, tensor<4xi32>) -> tensor<?x4x?x1xf32>
    %107 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %108 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %109 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %110 = stablehlo.concatenate %107, %c_8, %108, %109, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %111 = stablehlo.dynamic_broadcast_in_dim %106, %110, dims = [0, 1, 2, 3] : (tensor<?x4x?x1xf32>, tensor<4xi32>) -> tensor<?x4x?x?xf32>
    %112 = stablehlo.divide %101, %111 : tensor<?x4x?x?xf32>
    %113 = stablehlo.dot_general %112, %70, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<?x4x?x?xf32>, tensor<?x4x?x4xf32>) -> tensor<?x4x?x4xf32>
    %114 = stablehlo.transpose %113, dims = [0, 2, 1, 3] : (tensor<?x4x?x4xf32>) -> tensor<?x?x4x4xf32>
    %115 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %116 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %117 = stablehlo.concatenate %115, %116, %c_10, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %118 = stablehlo.dynamic_reshape %114, %117 : (tensor<?x?x4x4xf32>, tensor<3xi32>) -> tensor<?x?x16xf32>
    %119 = stablehlo.dot_general %118, %arg6, contracting_dims = [2] x [0] : (tensor<?x?x16xf32>, tensor<16x16xf32>) -> tensor<?x?x16xf32>
    %120 = stablehlo.add %arg2, %119 : tensor<?x?x16xf32>
    %121 = stablehlo.multiply %120, %120 : tensor<?x?x16xf32>
    %122 = stablehlo.reduce(%121 init: %cst_13) applies stablehlo.add across dimensions = [2] : (tensor<?x?x16xf32>, tensor<f32>) -> tensor<?x?xf32>
    %123 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %124 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %125 = stablehlo.concatenate %123, %124, %c_12, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %126 = stablehlo.dynamic_broadcast_in_dim %122, %125, dims = [0, 1] : (tensor<?x?xf32>, tensor<3xi32>) -> tensor<?x?x1xf32>
    %127 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %128 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %129 = stablehlo.concatenate %127, %128, %c_12, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %130 = stablehlo.dynamic_broadcast_in_dim %cst_11, %129, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x?x1xf32>
    %131 = stablehlo.divide %126, %130 : tensor<?x?x1xf32>
    %132 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %133 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %134 = stablehlo.concatenate %132, %133, %c_12, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %135 = stablehlo.dynamic_broadcast_in_dim %cst_3, %134, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x?x1xf32>
    %136 = stablehlo.add %131, %135 : tensor<?x?x1xf32>
    %137 = stablehlo.rsqrt %136 : tensor<?x?x1xf32>
    %138 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %139 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %140 = stablehlo.concatenate %138, %139, %c_10, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %141 = stablehlo.dynamic_broadcast_in_dim %137, %140, dims = [0, 1, 2] : (tensor<?x?x1xf32>, tensor<3xi32>) -> tensor<?x?x16xf32>
    %142 = stablehlo.multiply %120, %141 : tensor<?x?x16xf32>
    %143 = stablehlo.broadcast_in_dim %arg10, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %144 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %145 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %146 = stablehlo.concatenate %144, %145, %c_10, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %147 = stablehlo.dynamic_broadcast_in_dim %143, %146, dims = [0, 1, 2] : (tensor<1x1x16xf32>, tensor<3xi32>) -> tensor<?x?x16xf32>
    %148 = stablehlo.multiply %142, %147 : tensor<?x?x16xf32>
    %149 = stablehlo.dot_general %148, %arg7, contracting_dims = [2] x [0] : (tensor<?x?x16xf32>, tensor<16x32xf32>) -> tensor<?x?x32xf32>
    %150 = stablehlo.multiply %149, %149 : tensor<?x?x32xf32>
    %151 = stablehlo.multiply %150, %149 : tensor<?x?x32xf32>
    %152 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %153 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %154 = stablehlo.concatenate %152, %153, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %155 = stablehlo.dynamic_broadcast_in_dim %cst_2, %154, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x?x32xf32>
    %156 = stablehlo.multiply %155, %151 : tensor<?x?x32xf32>
    %157 = stablehlo.add %149, %156 : tensor<?x?x32xf32>
    %158 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %159 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %160 = stablehlo.concatenate %158, %159, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %161 = stablehlo.dynamic_broadcast_in_dim %cst_1, %160, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x?x32xf32>
    %162 = stablehlo.multiply %161, %157 : tensor<?x?x32xf32>
    %163 = stablehlo.tanh %162 : tensor<?x?x32xf32>
    %164 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %165 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %166 = stablehlo.concatenate %164, %165, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %167 = stablehlo.dynamic_broadcast_in_dim %cst_0, %166, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x?x32xf32>
    %168 = stablehlo.add %167, %163 : tensor<?x?x32xf32>
    %169 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %170 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %171 = stablehlo.concatenate %169, %170, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %172 = stablehlo.dynamic_broadcast_in_dim %cst, %171, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x?x32xf32>
    %173 = stablehlo.multiply %172, %168 : tensor<?x?x32xf32>
    %174 = stablehlo.multiply %149, %173 : tensor<?x?x32xf32>
    %175 = stablehlo.dot_general %174, %arg8, contracting_dims = [2] x [0] : (tensor<?x?x32xf32>, tensor<32x16xf32>) -> tensor<?x?x16xf32>
    %176 = stablehlo.add %120, %175 : tensor<?x?x16xf32>
    return %176 : tensor<?x?x16xf32>
  }
  func.func private @tril(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<i32> {jax.global_constant = "s"}, %arg2: tensor<?x?xi1>) -> tensor<?x?xi1> {
    %c = stablehlo.constant dense<false> : tensor<i1>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %1 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %2 = stablehlo.concatenate %0, %1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %3 = stablehlo.dynamic_iota %2, dim = 0 : (tensor<2xi32>) -> tensor<?x?xi32>
    %4 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %5 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %6 = stablehlo.concatenate %4, %5, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %7 = stablehlo.dynamic_broadcast_in_dim %c_0, %6, dims = [] : (tensor<i32>, tensor<2xi32>) -> tensor<?x?xi32>
    %8 = stablehlo.add %3, %7 : tensor<?x?xi32>
    %9 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %10 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %11 = stablehlo.concatenate %9, %10, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %12 = stablehlo.dynamic_iota %11, dim = 1 : (tensor<2xi32>) -> tensor<?x?xi32>
    %13 = stablehlo.compare GE, %8, %12, SIGNED : (tensor<?x?xi32>, tensor<?x?xi32>) -> tensor<?x?xi1>
    %14 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %15 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %16 = stablehlo.concatenate %14, %15, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %17 = stablehlo.dynamic_broadcast_in_dim %c, %16, dims = [] : (tensor<i1>, tensor<2xi32>) -> tensor<?x?xi1>
    %18 = stablehlo.select %13, %arg2, %17 : tensor<?x?xi1>, tensor<?x?xi1>
    return %18 : tensor<?x?xi1>
  }
  func.func private @_where(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<i32> {jax.global_constant = "s"}, %arg2: tensor<?x?xi1>, %arg3: tensor<?x4x?x?xf32>, %arg4: tensor<f32>) -> tensor<?x4x?x?xf32> {
    %c = stablehlo.constant dense<4> : tensor<1xi32>
    %0 = stablehlo.convert %arg4 : tensor<f32>
    %1 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %2 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %3 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %4 = stablehlo.concatenate %1, %c, %2, %3, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %5 = stablehlo.dynamic_broadcast_in_dim %arg2, %4, dims = [2, 3] : (tensor<?x?xi1>, tensor<4xi32>) -> tensor<?x4x?x?xi1>
    %6 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %7 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %8 = stablehlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
    %9 = stablehlo.concatenate %6, %c, %7, %8, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %10 = stablehlo.dynamic_broadcast_in_dim %0, %9, dims = [] : (tensor<f32>, tensor<4xi32>) -> tensor<?x4x?x?xf32>
    %11 = stablehlo.select %5, %arg3, %10 : tensor<?x4x?x?xi1>, tensor<?x4x?x?xf32>
    return %11 : tensor<?x4x?x?xf32>
  }
}
