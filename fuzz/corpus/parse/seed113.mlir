func.func @f() {
  return %undefined : i32
}
