// --convert-nd-to-upstream on unranked tensors and shapes of unknown length: rank
// specialisation. An op whose rank is known only at run time becomes an
// scf.index_switch on it, one case per rank up to the pass option (here 1, to keep
// the output short; 8 by default), the operands made ranked in each case; a rank
// above the option fails at run time with a cf.assert at the op's location.
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream=1 | FileCheck %s
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream=1 --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC

// An elementwise op on an unranked tensor: a case per rank, the operand reshaped
// to its own sizes (an identity-layout buffer), the ranked linalg.map, the result
// cast back.
// CHECK-LABEL: func.func @exp(
// CHECK-NEXT:    %0 = "tensor.rank"(%arg0) : (tensor<*xf32>) -> index
// CHECK-NEXT:    %1 = "scf.index_switch"(%0) <{cases = array<i64: 0, 1>}> ({
// CHECK-NEXT:      %2 = "arith.constant"() <{value = false}> : () -> i1
// CHECK-NEXT:      "cf.assert"(%2) <{msg = "rank specialisation: the rank of operand #0 is not in 0..=1, the ranks exported (--convert-nd-to-upstream=<n>, now 1)"}> : (i1) -> ()
// CHECK-NEXT:      %3 = "tensor.empty"() : () -> tensor<f32>
// CHECK-NEXT:      %4 = "tensor.cast"(%3) : (tensor<f32>) -> tensor<*xf32>
// CHECK-NEXT:      "scf.yield"(%4) : (tensor<*xf32>) -> ()
// CHECK-NEXT:    }, {
// CHECK-NEXT:      %2 = "tensor.from_elements"() : () -> tensor<0xindex>
// CHECK-NEXT:      %3 = "tensor.reshape"(%arg0, %2) : (tensor<*xf32>, tensor<0xindex>) -> tensor<f32>
// CHECK-NEXT:      %4 = "tensor.empty"() : () -> tensor<f32>
// CHECK-NEXT:      %5 = "linalg.map"(%3, %4) ({
// CHECK-NEXT:      ^bb0(%arg1: f32, %arg2: f32):
// CHECK-NEXT:        %7 = "math.exp"(%arg1) : (f32) -> f32
// CHECK-NEXT:        "linalg.yield"(%7) : (f32) -> ()
// CHECK-NEXT:      }) : (tensor<f32>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT:      %6 = "tensor.cast"(%5) : (tensor<f32>) -> tensor<*xf32>
// CHECK-NEXT:      "scf.yield"(%6) : (tensor<*xf32>) -> ()
// CHECK-NEXT:    }, {
// CHECK-NEXT:      %2 = "arith.constant"() <{value = 0 : index}> : () -> index
// CHECK-NEXT:      %3 = "tensor.dim"(%arg0, %2) : (tensor<*xf32>, index) -> index
// CHECK-NEXT:      %4 = "tensor.from_elements"(%3) : (index) -> tensor<1xindex>
// CHECK-NEXT:      %5 = "tensor.reshape"(%arg0, %4) : (tensor<*xf32>, tensor<1xindex>) -> tensor<?xf32>
// CHECK-NEXT:      %6 = "tensor.dim"(%5, %2) : (tensor<?xf32>, index) -> index
// CHECK-NEXT:      %7 = "tensor.empty"(%6) : (index) -> tensor<?xf32>
// CHECK-NEXT:      %8 = "linalg.map"(%5, %7) ({
// CHECK-NEXT:      ^bb0(%arg1: f32, %arg2: f32):
// CHECK-NEXT:        %10 = "math.exp"(%arg1) : (f32) -> f32
// CHECK-NEXT:        "linalg.yield"(%10) : (f32) -> ()
// CHECK-NEXT:      }) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT:      %9 = "tensor.cast"(%8) : (tensor<?xf32>) -> tensor<*xf32>
// CHECK-NEXT:      "scf.yield"(%9) : (tensor<*xf32>) -> ()
// CHECK-NEXT:    }) : (index) -> tensor<*xf32>
// CHECK-NEXT:    return %1 : tensor<*xf32>
// CHECK-NEXT:  }
// LOC: "cf.assert"(%{{.*}}) <{msg = "rank specialisation: the rank of operand #0 is not in 0..=1, the ranks exported (--convert-nd-to-upstream=<n>, now 1)"}> : (i1) -> () loc("{{.*}}unranked.mlir":[[# @LINE + 2]]:8)
func.func @exp(%a: tensor<*xf32>) -> tensor<*xf32> {
  %0 = nd.exp %a : tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// The rank is known after all (the * values are casts of ranked results built
// here, as in examples/refine.mlir): no switch.
// CHECK-NOT: scf.index_switch
// CHECK-LABEL: func.func @refined(
// CHECK: %18 = "tensor.cast"(%17) : (tensor<?x?xf32>) -> tensor<*xf32>
// CHECK: return %18 : tensor<*xf32>
func.func @refined(%x: tensor<?x6xf32>, %bias: tensor<6xf32>) -> tensor<*xf32> {
  %sum = nd.add %x, %bias : (tensor<?x6xf32>, tensor<6xf32>) -> tensor<*xf32>
  %out = nd.mul %sum, %sum : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  return %out : tensor<*xf32>
}

// -----

// An unranked operand broadcast into a shape of static length: padded on the left
// with 1s to the result's rank (tensor.reshape), each size read only where it
// exists (scf.if). The shape operand's entries are asserted to be sizes and each
// operand dim 1 or its result dim's size, as tensor-run checks them.
// CHECK-LABEL: func.func @broadcast_to(
// CHECK-NEXT:    %0 = "tensor.rank"(%arg0) : (tensor<*xf32>) -> index
// CHECK-NEXT:    %1 = "arith.constant"() <{value = 2 : index}> : () -> index
// CHECK-NEXT:    %2 = "arith.cmpi"(%0, %1) <{predicate = 7 : i64}> : (index, index) -> i1
// CHECK-NEXT:    "cf.assert"(%2) <{msg = "rank specialisation: operand #0 has more dims than the result's 2"}> : (i1) -> ()
// CHECK-NEXT:    %3 = "arith.subi"(%1, %0) : (index, index) -> index
// CHECK-NEXT:    %4 = "arith.constant"() <{value = 0 : index}> : () -> index
// CHECK-NEXT:    %5 = "arith.subi"(%4, %3) : (index, index) -> index
// CHECK-NEXT:    %6 = "arith.cmpi"(%5, %4) <{predicate = 5 : i64}> : (index, index) -> i1
// CHECK-NEXT:    %7 = "scf.if"(%6) ({
// CHECK-NEXT:      %30 = "tensor.dim"(%arg0, %5) : (tensor<*xf32>, index) -> index
// CHECK-NEXT:      "scf.yield"(%30) : (index) -> ()
// CHECK-NEXT:    }, {
// CHECK-NEXT:      %30 = "arith.constant"() <{value = 1 : index}> : () -> index
// CHECK-NEXT:      "scf.yield"(%30) : (index) -> ()
// CHECK-NEXT:    }) : (i1) -> index
// CHECK-NEXT:    %8 = "arith.constant"() <{value = 1 : index}> : () -> index
// CHECK-NEXT:    %9 = "arith.subi"(%8, %3) : (index, index) -> index
// CHECK-NEXT:    %10 = "arith.cmpi"(%9, %4) <{predicate = 5 : i64}> : (index, index) -> i1
// CHECK-NEXT:    %11 = "scf.if"(%10) ({
// CHECK-NEXT:      %30 = "tensor.dim"(%arg0, %9) : (tensor<*xf32>, index) -> index
// CHECK-NEXT:      "scf.yield"(%30) : (index) -> ()
// CHECK-NEXT:    }, {
// CHECK-NEXT:      %30 = "arith.constant"() <{value = 1 : index}> : () -> index
// CHECK-NEXT:      "scf.yield"(%30) : (index) -> ()
// CHECK-NEXT:    }) : (i1) -> index
// CHECK-NEXT:    %12 = "tensor.from_elements"(%7, %11) : (index, index) -> tensor<2xindex>
// CHECK-NEXT:    %13 = "tensor.reshape"(%arg0, %12) : (tensor<*xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %14 = "tensor.extract"(%arg1, %4) : (tensor<2xindex>, index) -> index
// CHECK-NEXT:    %15 = "tensor.extract"(%arg1, %8) : (tensor<2xindex>, index) -> index
// CHECK-NEXT:    %16 = "arith.cmpi"(%14, %4) <{predicate = 5 : i64}> : (index, index) -> i1
// CHECK-NEXT:    "cf.assert"(%16) <{msg = "operand #1, the shape, has entry 0 < 0 at run time, which is not a size"}> : (i1) -> ()
// CHECK-NEXT:    %17 = "arith.cmpi"(%15, %4) <{predicate = 5 : i64}> : (index, index) -> i1
// CHECK-NEXT:    "cf.assert"(%17) <{msg = "operand #1, the shape, has entry 1 < 0 at run time, which is not a size"}> : (i1) -> ()
// CHECK-NEXT:    %18 = "tensor.dim"(%13, %4) : (tensor<?x?xf32>, index) -> index
// CHECK-NEXT:    %19 = "arith.cmpi"(%18, %8) <{predicate = 0 : i64}> : (index, index) -> i1
// CHECK-NEXT:    %20 = "arith.cmpi"(%18, %14) <{predicate = 0 : i64}> : (index, index) -> i1
// CHECK-NEXT:    %21 = "arith.ori"(%19, %20) : (i1, i1) -> i1
// CHECK-NEXT:    "cf.assert"(%21) <{msg = "operand #0 dim 0 has a size at run time which is neither 1 nor the size of result dim 0 it is mapped to"}> : (i1) -> ()
// CHECK-NEXT:    %22 = "tensor.dim"(%13, %8) : (tensor<?x?xf32>, index) -> index
// CHECK-NEXT:    %23 = "arith.cmpi"(%22, %8) <{predicate = 0 : i64}> : (index, index) -> i1
// CHECK-NEXT:    %24 = "arith.cmpi"(%22, %15) <{predicate = 0 : i64}> : (index, index) -> i1
// CHECK-NEXT:    %25 = "arith.ori"(%23, %24) : (i1, i1) -> i1
// CHECK-NEXT:    "cf.assert"(%25) <{msg = "operand #0 dim 1 has a size at run time which is neither 1 nor the size of result dim 1 it is mapped to"}> : (i1) -> ()
// CHECK-NEXT:    %26 = "arith.cmpi"(%18, %8) <{predicate = 0 : i64}> : (index, index) -> i1
// CHECK-NEXT:    %27 = "arith.cmpi"(%22, %8) <{predicate = 0 : i64}> : (index, index) -> i1
// CHECK-NEXT:    %28 = "tensor.empty"(%14, %15) : (index, index) -> tensor<?x?xf32>
// CHECK-NEXT:    %29 = "linalg.map"(%28) ({
// CHECK-NEXT:    ^bb0(%arg2: f32):
// CHECK-NEXT:      %30 = "linalg.index"() <{dim = 0 : i64}> : () -> index
// CHECK-NEXT:      %31 = "arith.select"(%26, %4, %30) : (i1, index, index) -> index
// CHECK-NEXT:      %32 = "linalg.index"() <{dim = 1 : i64}> : () -> index
// CHECK-NEXT:      %33 = "arith.select"(%27, %4, %32) : (i1, index, index) -> index
// CHECK-NEXT:      %34 = "tensor.extract"(%13, %31, %33) : (tensor<?x?xf32>, index, index) -> f32
// CHECK-NEXT:      "linalg.yield"(%34) : (f32) -> ()
// CHECK-NEXT:    }) : (tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK-NEXT:    return %29 : tensor<?x?xf32>
// CHECK-NEXT:  }
// LOC: "cf.assert"(%{{.*}}) <{msg = "rank specialisation: operand #0 has more dims than the result's 2"}> : (i1) -> () loc("{{.*}}unranked.mlir":[[# @LINE + 2]]:8)
func.func @broadcast_to(%u: tensor<*xf32>, %s: tensor<2xindex>) -> tensor<?x?xf32> {
  %0 = nd.broadcast_to %u, %s : (tensor<*xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Two shapes of unknown length: dispatched on the longest, each padded with 1s;
// the run-time message says that the dims count from the padded start.
// CHECK-LABEL: func.func @two_unknown_lengths(
// CHECK: %3 = "arith.maxui"(%1, %2) : (index, index) -> index
// CHECK: %4 = "scf.index_switch"(%3) <{cases = array<i64: 0, 1>}> ({
// CHECK: "cf.assert"(%5) <{msg = "rank specialisation: the longest length of the shape operands is not in 0..=1, the ranks exported (--convert-nd-to-upstream=<n>, now 1)"}> : (i1) -> ()
// CHECK: "cf.assert"(%6) <{msg = "rank specialisation: shape operand #0 has more dims than the result's 0"}> : (i1) -> ()
// CHECK: "cf.assert"(%7) <{msg = "rank specialisation: shape operand #1 has more dims than the result's 0"}> : (i1) -> ()
// CHECK: "cf.assert"(%6) <{msg = "rank specialisation: shape operand #0 has more dims than the result's 1"}> : (i1) -> ()
// CHECK: "cf.assert"(%12) <{msg = "rank specialisation: shape operand #1 has more dims than the result's 1"}> : (i1) -> ()
// CHECK: "cf.assert"(%21) <{msg = "shapes do not broadcast: operand #1 dim 0 and result dim 0 have different sizes and neither is 1 (operand #1's dims counted after padding it on the left with 1s)"}> : (i1) -> ()
// CHECK: return %4 : tensor<?xindex>
// LOC: "cf.assert"(%{{.*}}) <{msg = "shapes do not broadcast: operand #1 dim 0 and result dim 0 have different sizes and neither is 1 (operand #1's dims counted after padding it on the left with 1s)"}> : (i1) -> () loc("{{.*}}unranked.mlir":[[# @LINE + 2]]:8)
func.func @two_unknown_lengths(%a: tensor<?xindex>, %b: tensor<?xindex>) -> tensor<?xindex> {
  %0 = nd.broadcast_shapes %a, %b : (tensor<?xindex>, tensor<?xindex>) -> tensor<?xindex>
  return %0 : tensor<?xindex>
}

// -----

// A rank the ranked export cannot take (a reduced dim 0 of rank 0) fails at run
// time, with the export's reason.
// CHECK-LABEL: func.func @reduce(
// CHECK: %1 = "scf.index_switch"(%0) <{cases = array<i64: 0, 1>}> ({
// CHECK: "cf.assert"(%2) <{msg = "rank specialisation: the rank of operand #0 is not in 0..=1, the ranks exported (--convert-nd-to-upstream=<n>, now 1)"}> : (i1) -> ()
// CHECK: "cf.assert"(%2) <{msg = "rank specialisation: the rank of operand #0 is 0, which the export cannot take: a reduced dim out of range"}> : (i1) -> ()
// CHECK: %9 = "linalg.reduce"(%5, %8) <{dimensions = array<i64: 0>}> ({
// CHECK: return %1 : tensor<*xf32>
// LOC: "cf.assert"(%{{.*}}) <{msg = "rank specialisation: the rank of operand #0 is 0, which the export cannot take: a reduced dim out of range"}> : (i1) -> () loc("{{.*}}unranked.mlir":[[# @LINE + 2]]:8)
func.func @reduce(%a: tensor<*xf32>) -> tensor<*xf32> {
  %0 = nd.reduce sum %a across [0] : (tensor<*xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// nd.dim of an unranked tensor: rank 0 has no dim 0.
// CHECK-LABEL: func.func @dim(
// CHECK: %1 = "scf.index_switch"(%0) <{cases = array<i64: 0, 1>}> ({
// CHECK: "cf.assert"(%2) <{msg = "rank specialisation: the rank of operand #0 is not in 0..=1, the ranks exported (--convert-nd-to-upstream=<n>, now 1)"}> : (i1) -> ()
// CHECK: "cf.assert"(%2) <{msg = "rank specialisation: the rank of operand #0 is 0, which the export cannot take: dim 0 is out of range of 'tensor<f32>'"}> : (i1) -> ()
// CHECK: return %1 : index
func.func @dim(%a: tensor<*xf32>) -> index {
  %0 = nd.dim %a[0] : (tensor<*xf32>) -> index
  return %0 : index
}
