// Valid broadcasts of upstream's test.broadcastable whose dynamic sizes leave
// run-time obligations. The bridge (tests/compare.rs) and `tensor-opt
// --verify-broadcast` must report the same remarks, and no error.
func.func @obligations(%a: tensor<?x3xf32>, %b: tensor<?x1xf32>, %c: tensor<?x?xf32>) -> tensor<?x3xf32> {
  %0 = "test.broadcastable"(%a, %b, %c) : (tensor<?x3xf32>, tensor<?x1xf32>, tensor<?x?xf32>) -> tensor<?x3xf32>
  %1 = "test.broadcastable"(%a, %a) : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<*xf32>
  %2 = "test.broadcastable"(%b) : (tensor<?x1xf32>) -> tensor<?x1xf32>
  return %0 : tensor<?x3xf32>
}
