module @jit_transformer_block attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?x8x16xf32>, %arg1: tensor<16x16xf32>, %arg2: tensor<16x16xf32>, %arg3: tensor<16x16xf32>, %arg4: tensor<16x16xf32>, %arg5: tensor<16x32xf32>, %arg6: tensor<32x16xf32>, %arg7: tensor<16xf32>, %arg8: tensor<16xf32>) -> (tensor<?x8x16xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x8x16xf32>) -> tensor<i32>
    %1 = stablehlo.compare GE, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%1, %0) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b, 8, 16). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
    %2 = call @_wrapped_jax_export_main(%0, %arg0, %arg1, %arg2, %arg3, %arg4, %arg5, %arg6, %arg7, %arg8) : (tensor<i32>, tensor<?x8x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x32xf32>, tensor<32x16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<?x8x16xf32>
    return %2 : tensor<?x8x16xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<?x8x16xf32>, %arg2: tensor<16x16xf32>, %arg3: tensor<16x16xf32>, %arg4: tensor<16x16xf32>, %arg5: tensor<16x16xf32>, %arg6: tensor<16x32xf32>, %arg7: tensor<32x16xf32>, %arg8: tensor<16xf32>, %arg9: tensor<16xf32>) -> (tensor<?x8x16xf32> {jax.result_info = "result"}) {
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
    %c_13 = stablehlo.constant dense<8> : tensor<1xi32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg1 init: %cst_14) applies stablehlo.add across dimensions = [2] : (tensor<?x8x16xf32>, tensor<f32>) -> tensor<?x8xf32>
    %1 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %2 = stablehlo.concatenate %1, %c_13, %c_12, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %3 = stablehlo.dynamic_broadcast_in_dim %0, %2, dims = [0, 1] : (tensor<?x8xf32>, tensor<3xi32>) -> tensor<?x8x1xf32>
    %4 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %5 = stablehlo.concatenate %4, %c_13, %c_12, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %6 = stablehlo.dynamic_broadcast_in_dim %cst_11, %5, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x8x1xf32>
    %7 = stablehlo.divide %3, %6 : tensor<?x8x1xf32>
    %8 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %9 = stablehlo.concatenate %8, %c_13, %c_10, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %10 = stablehlo.dynamic_broadcast_in_dim %7, %9, dims = [0, 1, 2] : (tensor<?x8x1xf32>, tensor<3xi32>) -> tensor<?x8x16xf32>
    %11 = stablehlo.subtract %arg1, %10 : tensor<?x8x16xf32>
    %12 = stablehlo.multiply %11, %11 : tensor<?x8x16xf32>
    %13 = stablehlo.reduce(%12 init: %cst_14) applies stablehlo.add across dimensions = [2] : (tensor<?x8x16xf32>, tensor<f32>) -> tensor<?x8xf32>
    %14 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %15 = stablehlo.concatenate %14, %c_13, %c_12, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %16 = stablehlo.dynamic_broadcast_in_dim %13, %15, dims = [0, 1] : (tensor<?x8xf32>, tensor<3xi32>) -> tensor<?x8x1xf32>
    %17 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %18 = stablehlo.concatenate %17, %c_13, %c_12, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %19 = stablehlo.dynamic_broadcast_in_dim %cst_11, %18, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x8x1xf32>
    %20 = stablehlo.divide %16, %19 : tensor<?x8x1xf32>
    %21 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %22 = stablehlo.concatenate %21, %c_13, %c_10, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %23 = stablehlo.dynamic_broadcast_in_dim %7, %22, dims = [0, 1, 2] : (tensor<?x8x1xf32>, tensor<3xi32>) -> tensor<?x8x16xf32>
    %24 = stablehlo.subtract %arg1, %23 : tensor<?x8x16xf32>
    %25 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %26 = stablehlo.concatenate %25, %c_13, %c_12, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %27 = stablehlo.dynamic_broadcast_in_dim %cst_9, %26, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x8x1xf32>
    %28 = stablehlo.add %20, %27 : tensor<?x8x1xf32>
    %29 = stablehlo.rsqrt %28 : tensor<?x8x1xf32>
    %30 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %31 = stablehlo.concatenate %30, %c_13, %c_10, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %32 = stablehlo.dynamic_broadcast_in_dim %29, %31, dims = [0, 1, 2] : (tensor<?x8x1xf32>, tensor<3xi32>) -> tensor<?x8x16xf32>
    %33 = stablehlo.multiply %24, %32 : tensor<?x8x16xf32>
    %34 = stablehlo.broadcast_in_dim %arg8, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %35 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %36 = stablehlo.concatenate %35, %c_13, %c_10, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %37 = stablehlo.dynamic_broadcast_in_dim %34, %36, dims = [0, 1, 2] : (tensor<1x1x16xf32>, tensor<3xi32>) -> tensor<?x8x16xf32>
    %38 = stablehlo.multiply %33, %37 : tensor<?x8x16xf32>
    %39 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %40 = stablehlo.concatenate %39, %c_13, %c_10, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %41 = stablehlo.dynamic_broadcast_in_dim %cst_14, %40, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x8x16xf32>
    %42 = stablehlo.add %38, %41 : tensor<?x8x16xf32>
    %43 = stablehlo.dot_general %42, %arg2, contracting_dims = [2] x [0] : (tensor<?x8x16xf32>, tensor<16x16xf32>) -> tensor<?x8x16xf32>
    %44 = stablehlo.dot_general %42, %arg3, contracting_dims = [2] x [0] : (tensor<?x8x16xf32>, tensor<16x16xf32>) -> tensor<?x8x16xf32>
    %45 = stablehlo.dot_general %42, %arg4, contracting_dims = [2] x [0] : (tensor<?x8x16xf32>, tensor<16x16xf32>) -> tensor<?x8x16xf32>
    %46 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %47 = stablehlo.concatenate %46, %c_13, %c_8, %c_8, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %48 = stablehlo.dynamic_reshape %43, %47 : (tensor<?x8x16xf32>, tensor<4xi32>) -> tensor<?x8x4x4xf32>
    %49 = stablehlo.transpose %48, dims = [0, 2, 1, 3] : (tensor<?x8x4x4xf32>) -> tensor<?x4x8x4xf32>
    %50 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %51 = stablehlo.concatenate %50, %c_13, %c_8, %c_8, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %52 = stablehlo.dynamic_reshape %44, %51 : (tensor<?x8x16xf32>, tensor<4xi32>) -> tensor<?x8x4x4xf32>
    %53 = stablehlo.transpose %52, dims = [0, 2, 1, 3] : (tensor<?x8x4x4xf32>) -> tensor<?x4x8x4xf32>
    %54 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %55 = stablehlo.concatenate %54, %c_13, %c_8, %c_8, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %56 = stablehlo.dynamic_reshape %45, %55 : (tensor<?x8x16xf32>, tensor<4xi32>) -> tensor<?x8x4x4xf32>
    %57 = stablehlo.transpose %56, dims = [0, 2, 1, 3] : (tensor<?x8x4x4xf32>) -> tensor<?x4x8x4xf32>
    %58 = stablehlo.dot_general %49, %53, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3] : (tensor<?x4x8x4xf32>, tensor<?x4x8x4xf32>) -> tensor<?x4x8x8xf32>
    %59 = stablehlo.sqrt %cst_7 : tensor<f32>
    %60 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %61 = stablehlo.concatenate %60, %c_8, %c_13, %c_13, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %62 = stablehlo.dynamic_broadcast_in_dim %59, %61, dims = [] : (tensor<f32>, tensor<4xi32>) -> tensor<?x4x8x8xf32>
    %63 = stablehlo.divide %58, %62 : tensor<?x4x8x8xf32>
    %64 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i1>) -> tensor<8x8xi1>
    %65 = call @tril(%arg0, %64) : (tensor<i32>, tensor<8x8xi1>) -> tensor<8x8xi1>
    %66 = call @_where(%arg0, %65, %63, %cst_5) : (tensor<i32>, tensor<8x8xi1>, tensor<?x4x8x8xf32>, tensor<f32>) -> tensor<?x4x8x8xf32>
    %67 = stablehlo.reduce(%66 init: %cst_4) applies stablehlo.maximum across dimensions = [3] : (tensor<?x4x8x8xf32>, tensor<f32>) -> tensor<?x4x8xf32>
    %68 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %69 = stablehlo.concatenate %68, %c_8, %c_13, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %70 = stablehlo.dynamic_broadcast_in_dim %cst_4, %69, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x4x8xf32>
    %71 = stablehlo.maximum %70, %67 : tensor<?x4x8xf32>
    %72 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %73 = stablehlo.concatenate %72, %c_8, %c_13, %c_12, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %74 = stablehlo.dynamic_broadcast_in_dim %71, %73, dims = [0, 1, 2] : (tensor<?x4x8xf32>, tensor<4xi32>) -> tensor<?x4x8x1xf32>
    %75 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %76 = stablehlo.concatenate %75, %c_8, %c_13, %c_13, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %77 = stablehlo.dynamic_broadcast_in_dim %74, %76, dims = [0, 1, 2, 3] : (tensor<?x4x8x1xf32>, tensor<4xi32>) -> tensor<?x4x8x8xf32>
    %78 = stablehlo.subtract %66, %77 : tensor<?x4x8x8xf32>
    %79 = stablehlo.exponential %78 : tensor<?x4x8x8xf32>
    %80 = stablehlo.reduce(%79 init: %cst_14) applies stablehlo.add across dimensions = [3] : (tensor<?x4x8x8xf32>, tensor<f32>) -> tensor<?x4x8xf32>
    %81 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %82 = stablehlo.concatenate %81, %c_8, %c_13, %c_12, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %83 = stablehlo.dynamic_broadcast_in_dim %80, %82, dims = [0, 1, 2] : (tensor<?x4x8xf32>, tensor<4xi32>) -> tensor<?x4x8x1xf32>
    %84 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %85 = stablehlo.concatenate %84, %c_8, %c_13, %c_13, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %86 = stablehlo.dynamic_broadcast_in_dim %83, %85, dims = [0, 1, 2, 3] : (tensor<?x4x8x1xf32>, tensor<4xi32>) -> tensor<?x4x8x8xf32>
    %87 = stablehlo.divide %79, %86 : tensor<?x4x8x8xf32>
    %88 = stablehlo.dot_general %87, %57, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<?x4x8x8xf32>, tensor<?x4x8x4xf32>) -> tensor<?x4x8x4xf32>
    %89 = stablehlo.transpose %88, dims = [0, 2, 1, 3] : (tensor<?x4x8x4xf32>) -> tensor<?x8x4x4xf32>
    %90 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %91 = stablehlo.concatenate %90, %c_13, %c_10, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %92 = stablehlo.dynamic_reshape %89, %91 : (tensor<?x8x4x4xf32>, tensor<3xi32>) -> tensor<?x8x16xf32>
    %93 = stablehlo.dot_general %92, %arg5, contracting_dims = [2] x [0] : (tensor<?x8x16xf32>, tensor<16x16xf32>) -> tensor<?x8x16xf32>
    %94 = stablehlo.add %arg1, %93 : tensor<?x8x16xf32>
    %95 = stablehlo.multiply %94, %94 : tensor<?x8x16xf32>
    %96 = stablehlo.reduce(%95 init: %cst_14) applies stablehlo.add across dimensions = [2] : (tensor<?x8x16xf32>, tensor<f32>) -> tensor<?x8xf32>
    %97 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %98 = stablehlo.concatenate %97, %c_13, %c_12, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %99 = stablehlo.dynamic_broadcast_in_dim %96, %98, dims = [0, 1] : (tensor<?x8xf32>, tensor<3xi32>) -> tensor<?x8x1xf32>
    %100 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %101 = stablehlo.concatenate %100, %c_13, %c_12, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %102 = stablehlo.dynamic_broadcast_in_dim %cst_11, %101, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x8x1xf32>
    %103 = stablehlo.divide %99, %102 : tensor<?x8x1xf32>
    %104 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %105 = stablehlo.concatenate %104, %c_13, %c_12, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %106 = stablehlo.dynamic_broadcast_in_dim %cst_3, %105, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x8x1xf32>
    %107 = stablehlo.add %103, %106 : tensor<?x8x1xf32>
    %108 = stablehlo.rsqrt %107 : tensor<?x8x1xf32>
    %109 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %110 = stablehlo.concatenate %109, %c_13, %c_10, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %111 = stablehlo.dynamic_broadcast_in_dim %108, %110, dims = [0, 1, 2] : (tensor<?x8x1xf32>, tensor<3xi32>) -> tensor<?x8x16xf32>
    %112 = stablehlo.multiply %94, %111 : tensor<?x8x16xf32>
    %113 = stablehlo.broadcast_in_dim %arg9, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %114 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %115 = stablehlo.concatenate %114, %c_13, %c_10, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %116 = stablehlo.dynamic_broadcast_in_dim %113, %115, dims = [0, 1, 2] : (tensor<1x1x16xf32>, tensor<3xi32>) -> tensor<?x8x16xf32>
    %117 = stablehlo.multiply %112, %116 : tensor<?x8x16xf32>
    %118 = stablehlo.dot_general %117, %arg6, contracting_dims = [2] x [0] : (tensor<?x8x16xf32>, tensor<16x32xf32>) -> tensor<?x8x32xf32>
    %119 = stablehlo.multiply %118, %118 : tensor<?x8x32xf32>
    %120 = stablehlo.multiply %119, %118 : tensor<?x8x32xf32>
    %121 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %122 = stablehlo.concatenate %121, %c_13, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %123 = stablehlo.dynamic_broadcast_in_dim %cst_2, %122, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x8x32xf32>
    %124 = stablehlo.multiply %123, %120 : tensor<?x8x32xf32>
    %125 = stablehlo.add %118, %124 : tensor<?x8x32xf32>
    %126 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %127 = stablehlo.concatenate %126, %c_13, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %128 = stablehlo.dynamic_broadcast_in_dim %cst_1, %127, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x8x32xf32>
    %129 = stablehlo.multiply %128, %125 : tensor<?x8x32xf32>
    %130 = stablehlo.tanh %129 : tensor<?x8x32xf32>
    %131 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %132 = stablehlo.concatenate %131, %c_13, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %133 = stablehlo.dynamic_broadcast_in_dim %cst_0, %132, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x8x32xf32>
    %134 = stablehlo.add %133, %130 : tensor<?x8x32xf32>
    %135 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %136 = stablehlo.concatenate %135, %c_13, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %137 = stablehlo.dynamic_broadcast_in_dim %cst, %136, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x8x32xf32>
    %138 = stablehlo.multiply %137, %134 : tensor<?x8x32xf32>
    %139 = stablehlo.multiply %118, %138 : tensor<?x8x32xf32>
    %140 = stablehlo.dot_general %139, %arg7, contracting_dims = [2] x [0] : (tensor<?x8x32xf32>, tensor<32x16xf32>) -> tensor<?x8x16xf32>
    %141 = stablehlo.add %94, %140 : tensor<?x8x16xf32>
    return %141 : tensor<?x8x16xf32>
  }
  func.func private @tril(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<8x8xi1>) -> tensor<8x8xi1> {
    %c = stablehlo.constant dense<false> : tensor<i1>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.iota dim = 0 : tensor<8x8xi32>
    %1 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<8x8xi32>
    %2 = stablehlo.add %0, %1 : tensor<8x8xi32>
    %3 = stablehlo.iota dim = 1 : tensor<8x8xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<8x8xi32>, tensor<8x8xi32>) -> tensor<8x8xi1>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<8x8xi1>
    %6 = stablehlo.select %4, %arg1, %5 : tensor<8x8xi1>, tensor<8x8xi1>
    return %6 : tensor<8x8xi1>
  }
  func.func private @_where(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<8x8xi1>, %arg2: tensor<?x4x8x8xf32>, %arg3: tensor<f32>) -> tensor<?x4x8x8xf32> {
    %c = stablehlo.constant dense<8> : tensor<1xi32>
    %c_0 = stablehlo.constant dense<4> : tensor<1xi32>
    %0 = stablehlo.convert %arg3 : tensor<f32>
    %1 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %2 = stablehlo.concatenate %1, %c_0, %c, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %3 = stablehlo.dynamic_broadcast_in_dim %arg1, %2, dims = [2, 3] : (tensor<8x8xi1>, tensor<4xi32>) -> tensor<?x4x8x8xi1>
    %4 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %5 = stablehlo.concatenate %4, %c_0, %c, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
    %6 = stablehlo.dynamic_broadcast_in_dim %0, %5, dims = [] : (tensor<f32>, tensor<4xi32>) -> tensor<?x4x8x8xf32>
    %7 = stablehlo.select %3, %arg2, %6 : tensor<?x4x8x8xi1>, tensor<?x4x8x8xf32>
    return %7 : tensor<?x4x8x8xf32>
  }
}
