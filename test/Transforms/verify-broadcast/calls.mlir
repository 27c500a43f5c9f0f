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
