// A -re designator whose regex does not match the message.
func.func @f(%arg0: i64) -> i32 {
  // expected-error-re @+1 {{type of return operand {{[a-z]+}} ('i64')}}
  return %arg0 : i64
}
