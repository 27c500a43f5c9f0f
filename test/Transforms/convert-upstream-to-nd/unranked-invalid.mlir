// Rank specialisation --convert-upstream-to-nd does not read back, hand-edited
// from the export of `nd.exp` of an unranked tensor
// (--convert-nd-to-upstream=1): an error at the switch.
// RUN: tensor-opt -allow-unregistered-dialect %s -split-input-file --convert-upstream-to-nd -verify-diagnostics

// Case 1 computes math.log where case 0 computes math.exp: the cases disagree,
// and no nd.exp exports to them.
func.func @disagree(%arg0: tensor<*xf32>) -> tensor<*xf32> {
  %0 = "tensor.rank"(%arg0) : (tensor<*xf32>) -> index
  // expected-error @+1 {{'scf.index_switch' op has no nd form here: rank specialisation whose cases are not the export of one 'nd.exp' (lowered as --lower-broadcast does) for ranks 0..=1}}
  %1 = "scf.index_switch"(%0) <{cases = array<i64: 0, 1>}> ({
    %2 = "arith.constant"() <{value = false}> : () -> i1
    "cf.assert"(%2) <{msg = "rank specialisation: the rank of operand #0 is not in 0..=1, the ranks exported (--convert-nd-to-upstream=<n>, now 1)"}> : (i1) -> ()
    %3 = "tensor.empty"() : () -> tensor<f32>
    %4 = "tensor.cast"(%3) : (tensor<f32>) -> tensor<*xf32>
    "scf.yield"(%4) : (tensor<*xf32>) -> ()
  }, {
    %2 = "tensor.from_elements"() : () -> tensor<0xindex>
    %3 = "tensor.reshape"(%arg0, %2) : (tensor<*xf32>, tensor<0xindex>) -> tensor<f32>
    %4 = "tensor.empty"() : () -> tensor<f32>
    %5 = "linalg.map"(%3, %4) ({
    ^bb0(%arg1: f32, %arg2: f32):
      %7 = "math.exp"(%arg1) : (f32) -> f32
      "linalg.yield"(%7) : (f32) -> ()
    }) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %6 = "tensor.cast"(%5) : (tensor<f32>) -> tensor<*xf32>
    "scf.yield"(%6) : (tensor<*xf32>) -> ()
  }, {
    %2 = "arith.constant"() <{value = 0 : index}> : () -> index
    %3 = "tensor.dim"(%arg0, %2) : (tensor<*xf32>, index) -> index
    %4 = "tensor.from_elements"(%3) : (index) -> tensor<1xindex>
    %5 = "tensor.reshape"(%arg0, %4) : (tensor<*xf32>, tensor<1xindex>) -> tensor<?xf32>
    %6 = "tensor.dim"(%5, %2) : (tensor<?xf32>, index) -> index
    %7 = "tensor.empty"(%6) : (index) -> tensor<?xf32>
    %8 = "linalg.map"(%5, %7) ({
    ^bb0(%arg1: f32, %arg2: f32):
      %10 = "math.log"(%arg1) : (f32) -> f32
      "linalg.yield"(%10) : (f32) -> ()
    }) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %9 = "tensor.cast"(%8) : (tensor<?xf32>) -> tensor<*xf32>
    "scf.yield"(%9) : (tensor<*xf32>) -> ()
  }) : (index) -> tensor<*xf32>
  return %1 : tensor<*xf32>
}

// -----

// Cases 0 and 2: not one case per rank.
func.func @not_ranks(%arg0: tensor<*xf32>) -> tensor<*xf32> {
  %0 = "tensor.rank"(%arg0) : (tensor<*xf32>) -> index
  // expected-error @+1 {{'scf.index_switch' op has no nd form: a switch that is not rank specialisation (one result, cases 0..=n and a default)}}
  %1 = "scf.index_switch"(%0) <{cases = array<i64: 0, 2>}> ({
    %2 = "arith.constant"() <{value = false}> : () -> i1
    "cf.assert"(%2) <{msg = "rank specialisation: the rank of operand #0 is not in 0..=1, the ranks exported (--convert-nd-to-upstream=<n>, now 1)"}> : (i1) -> ()
    %3 = "tensor.empty"() : () -> tensor<f32>
    %4 = "tensor.cast"(%3) : (tensor<f32>) -> tensor<*xf32>
    "scf.yield"(%4) : (tensor<*xf32>) -> ()
  }, {
    %2 = "tensor.from_elements"() : () -> tensor<0xindex>
    %3 = "tensor.reshape"(%arg0, %2) : (tensor<*xf32>, tensor<0xindex>) -> tensor<f32>
    %4 = "tensor.empty"() : () -> tensor<f32>
    %5 = "linalg.map"(%3, %4) ({
    ^bb0(%arg1: f32, %arg2: f32):
      %7 = "math.exp"(%arg1) : (f32) -> f32
      "linalg.yield"(%7) : (f32) -> ()
    }) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %6 = "tensor.cast"(%5) : (tensor<f32>) -> tensor<*xf32>
    "scf.yield"(%6) : (tensor<*xf32>) -> ()
  }, {
    %2 = "arith.constant"() <{value = 0 : index}> : () -> index
    %3 = "tensor.dim"(%arg0, %2) : (tensor<*xf32>, index) -> index
    %4 = "tensor.from_elements"(%3) : (index) -> tensor<1xindex>
    %5 = "tensor.reshape"(%arg0, %4) : (tensor<*xf32>, tensor<1xindex>) -> tensor<?xf32>
    %6 = "tensor.dim"(%5, %2) : (tensor<?xf32>, index) -> index
    %7 = "tensor.empty"(%6) : (index) -> tensor<?xf32>
    %8 = "linalg.map"(%5, %7) ({
    ^bb0(%arg1: f32, %arg2: f32):
      %10 = "math.exp"(%arg1) : (f32) -> f32
      "linalg.yield"(%10) : (f32) -> ()
    }) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %9 = "tensor.cast"(%8) : (tensor<?xf32>) -> tensor<*xf32>
    "scf.yield"(%9) : (tensor<*xf32>) -> ()
  }) : (index) -> tensor<*xf32>
  return %1 : tensor<*xf32>
}

// -----

// The default case without its failing cf.assert: a rank above 1 would go on
// with an empty tensor, which no export writes.
func.func @no_default_check(%arg0: tensor<*xf32>) -> tensor<*xf32> {
  %0 = "tensor.rank"(%arg0) : (tensor<*xf32>) -> index
  // expected-error @+1 {{'scf.index_switch' op has no nd form here: rank specialisation whose cases are not the export of one 'nd.exp' (lowered as --lower-broadcast does) for ranks 0..=1}}
  %1 = "scf.index_switch"(%0) <{cases = array<i64: 0, 1>}> ({
    %2 = "arith.constant"() <{value = false}> : () -> i1
    %3 = "tensor.empty"() : () -> tensor<f32>
    %4 = "tensor.cast"(%3) : (tensor<f32>) -> tensor<*xf32>
    "scf.yield"(%4) : (tensor<*xf32>) -> ()
  }, {
    %2 = "tensor.from_elements"() : () -> tensor<0xindex>
    %3 = "tensor.reshape"(%arg0, %2) : (tensor<*xf32>, tensor<0xindex>) -> tensor<f32>
    %4 = "tensor.empty"() : () -> tensor<f32>
    %5 = "linalg.map"(%3, %4) ({
    ^bb0(%arg1: f32, %arg2: f32):
      %7 = "math.exp"(%arg1) : (f32) -> f32
      "linalg.yield"(%7) : (f32) -> ()
    }) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %6 = "tensor.cast"(%5) : (tensor<f32>) -> tensor<*xf32>
    "scf.yield"(%6) : (tensor<*xf32>) -> ()
  }, {
    %2 = "arith.constant"() <{value = 0 : index}> : () -> index
    %3 = "tensor.dim"(%arg0, %2) : (tensor<*xf32>, index) -> index
    %4 = "tensor.from_elements"(%3) : (index) -> tensor<1xindex>
    %5 = "tensor.reshape"(%arg0, %4) : (tensor<*xf32>, tensor<1xindex>) -> tensor<?xf32>
    %6 = "tensor.dim"(%5, %2) : (tensor<?xf32>, index) -> index
    %7 = "tensor.empty"(%6) : (index) -> tensor<?xf32>
    %8 = "linalg.map"(%5, %7) ({
    ^bb0(%arg1: f32, %arg2: f32):
      %10 = "math.exp"(%arg1) : (f32) -> f32
      "linalg.yield"(%10) : (f32) -> ()
    }) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %9 = "tensor.cast"(%8) : (tensor<?xf32>) -> tensor<*xf32>
    "scf.yield"(%9) : (tensor<*xf32>) -> ()
  }) : (index) -> tensor<*xf32>
  return %1 : tensor<*xf32>
}
