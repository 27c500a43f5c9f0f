// Input of diagnostics-format.mlir: a parse error with a hint, a broadcasting
// error with notes, run-time obligations, and a location without a file position.
func.func @parse(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = nd.ad %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @conflict(%a: tensor<2x1xf32>, %b: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %0 = nd.add %a, %b : (tensor<2x1xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @obligation(%a: tensor<?xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  %0 = nd.add %a, %b : (tensor<?xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @named() {
  "test.broadcastable"() : () -> () loc("here")
  return
}
