// Input of callsite-location.mlir and its differential: errors at call site
// locations (the call stacks JAX writes), each followed by upstream's `called from`
// notes, one per caller, at the first file position of each.
func.func @f() {
  "test.broadcastable"() : () -> () loc(callsite("inner"("a.py":3:4) at callsite("mid"("b.py":10:2) at "c.py":20:1)))
  return
}

// -----

func.func @g() {
  "test.broadcastable"() : () -> () loc(callsite("x.py":1:1 at "y.py":2:2))
  return
}

// -----

func.func @h() {
  "test.broadcastable"() : () -> () loc(fused["n", callsite("p.py":5:5 at "q.py":6:6)])
  return
}

// -----

func.func @k() {
  "test.broadcastable"() : () -> () loc(callsite("onlyname" at "z.py":7:7))
  return
}
