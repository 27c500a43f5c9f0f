// Input of named-location-differential.mlir: errors at locations without a file
// position (a name, a fusion of names). Call site locations are in
// callsite-location.mlir.
func.func @f() {
  "test.broadcastable"() : () -> () loc("named")
  return
}

// -----

func.func @h() {
  "test.broadcastable"() : () -> () loc(fused["a", "b"])
  return
}
