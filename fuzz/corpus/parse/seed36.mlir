// Input of unknown-location-differential.mlir: an error at loc(unknown).
func.func @f() {
  "test.broadcastable"() : () -> () loc(unknown)
  return
}
