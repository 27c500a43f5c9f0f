// Broadcasting errors of upstream's test.broadcastable, one per kind. The
// bridge (tests/compare.rs) and `tensor-opt --verify-broadcast` must report
// the same diagnostics at the same places.
func.func @errors(%a: tensor<2x3xf32>, %b: tensor<4xf32>, %c: tensor<?xf32>, %d: tensor<2x1xf32>) {
  %0 = "test.broadcastable"(%a, %b) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<*xf32>
  %1 = "test.broadcastable"(%a, %c) : (tensor<2x3xf32>, tensor<?xf32>) -> tensor<2x3xf32>
  %2 = "test.broadcastable"(%c, %c) : (tensor<?xf32>, tensor<?xf32>) -> tensor<5xf32>
  %3 = "test.broadcastable"(%a) : (tensor<2x3xf32>) -> tensor<3xf32>
  %4 = "test.broadcastable"(%d) : (tensor<2x1xf32>) -> tensor<2x3xf32>
  "test.region"() ({
    %5 = "test.broadcastable"(%a, %d, %b) : (tensor<2x3xf32>, tensor<2x1xf32>, tensor<4xf32>) -> tensor<2x3xf32>
    "test.end"() : () -> ()
  }) : () -> ()
  return
}
