func.func private @good()
// -----
func.func @bad() {
  return %undefined : i32
}
