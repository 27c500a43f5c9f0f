// Input of color.mlir and color-differential.mlir: an error with a note at
// another line, and an error with a note at its own location.
func.func @f(%a: i32) -> i32 {
  %0 = "func.call"(%a) <{callee = @f}> : (i32) -> i32
  %0 = "func.call"(%a) <{callee = @f}> : (i32) -> i32
  return %0 : i32
}

// -----

func.func @g() {
  "test.broadcastable"() : () -> ()
  return
}
