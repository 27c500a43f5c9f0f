// The error is expected but its note is not.
func.func @f() {
  %0 = func.call @f() : () -> i32
  // expected-error @+1 {{redefinition of SSA value '%0'}}
  %0 = func.call @f() : () -> i32
  return
}
