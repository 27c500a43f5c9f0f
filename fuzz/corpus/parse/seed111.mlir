func.func @f() {
  return // expected-error {{never emitted}}
}
// -----
func.func @g(%a: i32) {
  // expected-note@+1 {{not this note}}
  %x = "test.foo"() : () -> i32 // expected-error {{not this message}}
  return %a : i32
}
// -----
func.func @h() {
  // expected-error-re@+1 {{undeclared {{[A-Z]+}} name}}
  return %nope : i32
}
