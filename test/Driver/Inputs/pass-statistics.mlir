// Input of mlir-pass-statistics.mlir: one op with a run-time obligation (dim 0 of
// %a), one whose result type --verify-broadcast=refine refines, and a duplicate
// for --cse, whose check repeats the first one's (so it is proved, not reported).
// nd.abs of an unranked value has one obligation, which the shape
// analysis proves (a single operand cannot fail to broadcast).
func.func @f(%a: tensor<?x3xf32>, %b: tensor<4x3xf32>) -> (tensor<?x3xf32>, tensor<?x3xf32>) {
  %0 = nd.add %a, %b : (tensor<?x3xf32>, tensor<4x3xf32>) -> tensor<?x3xf32>
  %1 = nd.add %a, %b : (tensor<?x3xf32>, tensor<4x3xf32>) -> tensor<?x3xf32>
  return %0, %1 : tensor<?x3xf32>, tensor<?x3xf32>
}

// -----

func.func @g(%a: tensor<4x1xf32>, %b: tensor<3xf32>) -> tensor<*xf32> {
  %0 = nd.mul %a, %b : (tensor<4x1xf32>, tensor<3xf32>) -> tensor<*xf32>
  %1 = nd.abs %0 : tensor<*xf32>
  return %1 : tensor<*xf32>
}
