// test.broadcastable chunks for upstream's own rules: under the `mlir`
// semantics the bridge must report exactly what `mlir-opt --split-input-file`
// reports for each chunk (tests/bridge/compare.rs), and nothing for the
// chunks upstream accepts.
func.func @incompatible(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> tensor<*xf32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @result_rank(%a: tensor<2x3xf32>) {
  %0 = "test.broadcastable"(%a) : (tensor<2x3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @result_size(%a: tensor<2x1xf32>, %b: tensor<1x4xf32>) {
  %0 = "test.broadcastable"(%a, %b) : (tensor<2x1xf32>, tensor<1x4xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @static_from_dynamic(%a: tensor<?xf32>) {
  %0 = "test.broadcastable"(%a, %a) : (tensor<?xf32>, tensor<?xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @valid(%a: tensor<?x3xf32>, %b: tensor<4x1xf32>) {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?x3xf32>, tensor<4x1xf32>) -> tensor<4x3xf32>
  return
}
