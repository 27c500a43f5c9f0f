// The designator points one line too far.
func.func @f(%arg0: i64) -> i32 {
  // expected-error @+2 {{doesn't match function result type}}
  return %arg0 : i64
}
