// Errors in two chunks; line numbers are those of this whole file.
func.func @f() {
  // Line 4 uses an undefined value.
  return %nope : i32
}
// -----
func.func @g(%a: i32) {
  // Line 9: returns a value from a function without results.
  return %a : i32
}
