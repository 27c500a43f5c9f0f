// Input of named-location-differential.mlir: errors at locations without a file
// position (a name, a fusion of names). (Upstream adds a "called from" note for
// call-site locations, which tensor-opt does not yet.)
func.func @f() {
  "test.broadcastable"() : () -> () loc("named")
  return
}

// -----

func.func @h() {
  "test.broadcastable"() : () -> () loc(fused["a", "b"])
  return
}
