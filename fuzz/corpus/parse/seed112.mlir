// An expected error that nothing emits.
func.func @f() {
  // expected-error @+1 {{this error is never emitted}}
  return
}
