// The shape analysis (`--test-print-shapes`): a symbolic size for each dim of
// each tensor, and for each entry of each shape, from the transfer every nd op
// declares. `[...]` lists a tensor's dims, `<...>` what a shape holds; a dim of
// a function argument is `%argK[i]`, a size nothing fixes is `sN`, and
// `bcast(a, b)` is the common size of sizes a passed check combined.
// RUN: tensor-opt %s -split-input-file -test-print-shapes -verify-diagnostics

// A keep_dims reduction has its operand's dim 0; the subtraction's check then
// joins equal sizes, so its result has that dim too (softmax).
func.func @softmax(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-remark @+1 {{[%arg0[0], 1]}}
  %m = nd.reduce max %x across [1] keep_dims : (tensor<?x?xf32>) -> tensor<?x1xf32>
  // expected-remark @+1 {{[%arg0[0], %arg0[1]]}}
  %d = nd.sub %x, %m : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  // expected-remark @+1 {{[%arg0[0], %arg0[1]]}}
  %e = nd.exp %d : tensor<?x?xf32>
  // expected-remark @+1 {{[%arg0[0]]}}
  %s = nd.reduce sum %e across [1] : (tensor<?x?xf32>) -> tensor<?xf32>
  return %e : tensor<?x?xf32>
}

// -----

// Two different arguments' sizes join into their common size; a static size
// other than 1 is the common size; a 1 stretches.
func.func @joins(%a: tensor<?x?xf32>, %b: tensor<?x4xf32>, %c: tensor<1x?xf32>) -> tensor<?x4xf32> {
  // expected-remark @+1 {{[bcast(%arg0[0], %arg1[0]), 4]}}
  %0 = nd.add %a, %b : (tensor<?x?xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  // expected-remark @+1 {{[bcast(%arg0[0], %arg1[0]), 4]}}
  %1 = nd.mul %0, %c : (tensor<?x4xf32>, tensor<1x?xf32>) -> tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}

// -----

// XLA's broadcast_dimensions place the lower-rank operand's dims.
func.func @xla(%a: tensor<?x?xf32>, %row: tensor<?xf32>) -> tensor<?x?xf32> {
  // expected-remark @+1 {{[bcast(%arg0[0], %arg1[0]), %arg0[1]]}}
  %0 = nd.add %a, %row {broadcast_dimensions = array<i64: 0>} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Shape ops move sizes: shape_of holds the dims, slices and concatenations
// keep them, broadcast_shapes joins them, and an explicit broadcast takes the
// entries of its shape operand.
func.func @shapes(%a: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  // expected-remark @+1 {{<%arg0[0], %arg0[1]>}}
  %sa = nd.shape_of %a : (tensor<?x?xf32>) -> tensor<2xindex>
  // expected-remark @+1 {{<%arg1[0]>}}
  %sb = nd.shape_of %b : (tensor<?xf32>) -> tensor<1xindex>
  // expected-remark @+1 {{<%arg0[0], bcast(%arg0[1], %arg1[0])>}}
  %s = nd.broadcast_shapes %sa, %sb : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
  // expected-remark @+1 {{[%arg0[0], bcast(%arg0[1], %arg1[0])]}}
  %r = nd.broadcast_in_dim %b, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  // expected-remark @+1 {{<bcast(%arg0[1], %arg1[0])>}}
  %t = nd.shape_slice %s[1 :] : (tensor<2xindex>) -> tensor<1xindex>
  // expected-remark @+1 {{<%arg0[0], bcast(%arg0[1], %arg1[0]), %arg1[0]>}}
  %u = nd.shape_concat %s, %sb : (tensor<2xindex>, tensor<1xindex>) -> tensor<3xindex>
  // expected-remark @+1 {{<%arg0[1]>}}
  %n = nd.dim %a[1] : (tensor<?x?xf32>) -> index
  // expected-remark @+1 {{<2, 3>}}
  %k = nd.constant dense<[2, 3]> : tensor<2xindex>
  return %r : tensor<?x?xf32>
}

// -----

// A product: batch dims join, then rows of the first and columns of the second.
func.func @matmul(%a: tensor<?x?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?x?xf32> {
  // expected-remark @+1 {{[%arg0[0], %arg0[1], %arg1[1]]}}
  %0 = nd.matmul %a, %b : (tensor<?x?x?xf32>, tensor<?x?xf32>) -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

// -----

// A static size in the result type wins: the value has it at run time.
func.func @static_result(%a: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x4xf32> {
  // expected-remark @+1 {{<%arg0[0], %arg0[1]>}}
  %s = nd.shape_of %a : (tensor<?x?xf32>) -> tensor<2xindex>
  // expected-remark @+1 {{[%arg0[0], 4]}}
  %0 = nd.broadcast_in_dim %b, %s, dims = [0] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// A shape argument holds sizes of its own: two broadcasts to it agree, and the
// elementwise op on them needs no join of different sizes.
func.func @shape_argument(%s: tensor<2xindex>, %a: tensor<?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-remark @+1 {{[%arg0[0], %arg0[1]]}}
  %0 = nd.broadcast_to %a, %s : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  // expected-remark @+1 {{[%arg0[0], %arg0[1]]}}
  %1 = nd.broadcast_to %b, %s : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  // expected-remark @+1 {{[%arg0[0], %arg0[1]]}}
  %2 = nd.add %0, %1 : tensor<?x?xf32>
  return %2 : tensor<?x?xf32>
}

// -----

// A call's result sizes are symbols of their own (`sN`, numbered as made): the
// analysis follows sizes into a callee, not back out of it.
func.func private @callee(%x: tensor<?xf32>) -> tensor<?xf32>
func.func @call(%a: tensor<?xf32>) -> tensor<?xf32> {
  // expected-remark @+1 {{[s}}
  %0 = func.call @callee(%a) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A private function's arguments have the sizes its only call site passes, here
// the caller's argument #1 and its keep_dims reduction (the callee is written
// first: the analysis reaches the call site on demand).
func.func private @center(%x: tensor<?x?xf32>, %m: tensor<?x1xf32>) -> tensor<?x?xf32> {
  // expected-remark @+1 {{[%arg1[0], %arg1[1]]}}
  %0 = nd.sub %x, %m : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @caller(%s: tensor<2xf32>, %a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-remark @+1 {{[%arg1[0], 1]}}
  %m = nd.reduce max %a across [1] keep_dims : (tensor<?x?xf32>) -> tensor<?x1xf32>
  // The result has the sizes the callee returns, the caller's own.
  // expected-remark @+1 {{[%arg1[0], %arg1[1]]}}
  %0 = func.call @center(%a, %m) : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Call sites that pass the same sizes agree; where they differ, the argument's
// size is its own: `%x` has the caller's `%arg0` (both calls pass `%a`), `%y`
// its own (`%arg1` of @pair).
func.func private @pair(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  // expected-remark @+1 {{[bcast(%arg0[0], %arg1[0])]}}
  %0 = nd.add %x, %y : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @twice(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  // expected-remark @+1 {{[s}}
  %0 = func.call @pair(%a, %a) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-remark @+1 {{[s}}
  %1 = func.call @pair(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}

// -----

// A public function can be called from outside the module: its arguments' sizes
// are its own, whatever its call sites pass.
func.func @open(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  // expected-remark @+1 {{[bcast(%arg0[0], %arg1[0])]}}
  %0 = nd.add %x, %y : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @calls_open(%a: tensor<?xf32>) -> tensor<?xf32> {
  // expected-remark @+1 {{[s}}
  %0 = func.call @open(%a, %a) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A recursive function's argument is passed back into it: its size is its own
// (the analysis ends, and assumes nothing).
func.func private @again(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  // expected-remark @+1 {{[bcast(%arg1[0], %arg0[0])]}}
  %0 = nd.add %x, %y : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-remark @+1 {{[s}}
  %1 = func.call @again(%0, %0) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}
func.func @start(%a: tensor<?xf32>) -> tensor<?xf32> {
  // expected-remark @+1 {{[s}}
  %0 = func.call @again(%a, %a) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A shape's length is a number in its type: a huge one is not followed entry by
// entry (no hang, no blow-up), so what it holds is unknown.
func.func @huge(%a: tensor<1099511627776xindex>) -> tensor<2199023255552xindex> {
  // expected-remark @+1 {{[1099511627776]}}
  %0 = nd.broadcast_shapes %a, %a : (tensor<1099511627776xindex>, tensor<1099511627776xindex>) -> tensor<1099511627776xindex>
  // expected-remark @+1 {{[2199023255552]}}
  %1 = nd.shape_concat %0, %0 : (tensor<1099511627776xindex>, tensor<1099511627776xindex>) -> tensor<2199023255552xindex>
  return %1 : tensor<2199023255552xindex>
}
