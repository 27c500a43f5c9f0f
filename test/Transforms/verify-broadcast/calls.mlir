// --verify-broadcast follows sizes into private functions: their arguments have
// the sizes every call site passes, where these agree. Nothing outside the
// module can call a private function, so its call sites are all its callers.
// RUN: tensor-opt %s -split-input-file -allow-unregistered-dialect -verify-broadcast -verify-diagnostics

// Softmax's centring step in a helper: its one caller passes a value and a
// keep_dims reduction of it, so the subtraction needs no check.
func.func private @center(%x: tensor<?x?xf32>, %m: tensor<?x1xf32>) -> tensor<?x?xf32> {
  %0 = nd.sub %x, %m : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @softmax_center(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %m = nd.reduce max %a across [1] keep_dims : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %0 = func.call @center(%a, %m) : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Two call sites that pass different sizes: the obligation is real. %x has the
// size both calls pass (the caller's %arg0), %m its own.
func.func private @center(%x: tensor<?x?xf32>, %m: tensor<?x1xf32>) -> tensor<?x?xf32> {
  // expected-remark @+1 {{operand #0 dim 0 (%arg0[0]) and operand #1 dim 0 (%arg1[0]) must be 1 or equal at run time}}
  %0 = nd.sub %x, %m : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @two_callers(%a: tensor<?x?xf32>, %b: tensor<?x1xf32>) -> tensor<?x?xf32> {
  %m = nd.reduce max %a across [1] keep_dims : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %0 = func.call @center(%a, %m) : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %1 = func.call @center(%a, %b) : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// -----

// A public function may be called from outside: its call sites prove nothing.
func.func @center(%x: tensor<?x?xf32>, %m: tensor<?x1xf32>) -> tensor<?x?xf32> {
  // expected-remark @+1 {{must be 1 or equal at run time}}
  %0 = nd.sub %x, %m : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @caller(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %m = nd.reduce max %a across [1] keep_dims : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %0 = func.call @center(%a, %m) : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// An op of an unknown dialect might call the helper (it could hold its
// address): then no call site is trusted to be its only caller.
func.func private @center(%x: tensor<?x?xf32>, %m: tensor<?x1xf32>) -> tensor<?x?xf32> {
  // expected-remark @+1 {{must be 1 or equal at run time}}
  %0 = nd.sub %x, %m : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @caller(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  "other.take_address"() {callee = @center} : () -> ()
  %m = nd.reduce max %a across [1] keep_dims : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %0 = func.call @center(%a, %m) : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// A chain of private helpers: each one's arguments come from the one before.
func.func private @inner(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %0 = nd.mul %x, %y : tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func private @outer(%x: tensor<?xf32>) -> tensor<?xf32> {
  %e = nd.exp %x : tensor<?xf32>
  %0 = func.call @inner(%x, %e) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @entry(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = func.call @outer(%a) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A recursive helper passes its own result back: nothing is assumed of it.
func.func private @again(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  // expected-remark @+1 {{must be 1 or equal at run time}}
  %0 = nd.add %x, %y : tensor<?xf32>
  %1 = func.call @again(%0, %x) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}
func.func @start(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = func.call @again(%a, %a) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// Sizes come back out of a call: the helper returns a value of its argument's
// shape, so the caller's sum with that argument needs no check.
func.func private @scale(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = nd.exp %x : tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @once(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = func.call @scale(%a) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = nd.add %0, %a : tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// -----

// Called with two different arguments, the helper's argument has sizes of its
// own, and so do its results (the analysis does not instantiate a callee per
// call site): the sum of a result with its argument is checked.
func.func private @scale(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = nd.exp %x : tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @twice(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = func.call @scale(%a) : (tensor<?xf32>) -> tensor<?xf32>
  %1 = func.call @scale(%b) : (tensor<?xf32>) -> tensor<?xf32>
  // expected-remark @below {{operand #0 dim 0 (?) and operand #1 dim 0 (%arg0[0]) must be 1 or equal at run time}}
  %2 = nd.add %0, %a : tensor<?xf32>
  return %2 : tensor<?xf32>
}

// -----

// A check the callee made is a fact after the call: its result is the join of
// its arguments, which covers each of them.
func.func private @sum(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  // expected-remark @below {{operand #0 dim 0 (%arg0[0]) and operand #1 dim 0 (%arg1[0]) must be 1 or equal at run time}}
  %0 = nd.add %x, %y : tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @joined(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = func.call @sum(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %1 = nd.mul %0, %a : tensor<?xf32>
  %2 = nd.mul %1, %b : tensor<?xf32>
  return %2 : tensor<?xf32>
}

// -----

// A size of the callee's own (here a dim an unregistered op leaves open) may
// differ from one call to the next: two calls' results still need a check.
func.func private @opaque(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "test.opaque"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @two_calls(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = func.call @opaque(%a) : (tensor<?xf32>) -> tensor<?xf32>
  %1 = func.call @opaque(%a) : (tensor<?xf32>) -> tensor<?xf32>
  // expected-remark @below {{operand #0 dim 0 (?) and operand #1 dim 0 (?) must be 1 or equal at run time}}
  %2 = nd.add %0, %1 : tensor<?xf32>
  return %2 : tensor<?xf32>
}
