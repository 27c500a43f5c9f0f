// The import keeps nd.gather only if its export is the text, asserts included:
// the same linalg.generic of tensor.extract with no cf.assert that each index
// lies in [-n, n) (the text would read out of bounds where nd fails) has no nd
// form, and neither has one whose index is not normalised for negatives. Each
// is an error at the op.
// RUN: tensor-opt %s -split-input-file -allow-unregistered-dialect --convert-upstream-to-nd -verify-diagnostics

#map2 = affine_map<(d0, d1) -> (d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
func.func @unchecked(%arg0: tensor<?x3xf32>, %arg1: tensor<2xi64>) -> tensor<?x2xf32> {
  %0 = "arith.constant"() <{value = 3 : index}> : () -> index
  %5 = "arith.constant"() <{value = 0 : index}> : () -> index
  %6 = "tensor.dim"(%arg0, %5) : (tensor<?x3xf32>, index) -> index
  %7 = "tensor.empty"(%6) : (index) -> tensor<?x2xf32>
  // expected-error @+1 {{'linalg.generic' op has no nd form}}
  %8 = "linalg.generic"(%arg1, %7) <{indexing_maps = [#map2, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%arg2: i64, %arg3: f32):
    %9 = "linalg.index"() <{dim = 0 : i64}> : () -> index
    %10 = "linalg.index"() <{dim = 1 : i64}> : () -> index
    %11 = "arith.index_cast"(%arg2) : (i64) -> index
    %12 = "arith.constant"() <{value = 0 : index}> : () -> index
    %13 = "arith.cmpi"(%11, %12) <{predicate = 2 : i64}> : (index, index) -> i1
    %14 = "arith.addi"(%11, %0) : (index, index) -> index
    %15 = "arith.select"(%13, %14, %11) : (i1, index, index) -> index
    %16 = "tensor.extract"(%arg0, %9, %15) : (tensor<?x3xf32>, index, index) -> f32
    "linalg.yield"(%16) : (f32) -> ()
  }) : (tensor<2xi64>, tensor<?x2xf32>) -> tensor<?x2xf32>
  return %8 : tensor<?x2xf32>
}

// -----

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0) -> ()>
#map2 = affine_map<(d0, d1) -> (d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
func.func @not_normalised(%arg0: tensor<?x3xf32>, %arg1: tensor<2xi64>) -> tensor<?x2xf32> {
  %0 = "arith.constant"() <{value = 3 : index}> : () -> index
  %1 = "arith.constant"() <{value = true}> : () -> i1
  %2 = "tensor.from_elements"(%1) : (i1) -> tensor<i1>
  %3 = "linalg.generic"(%arg1, %2) <{indexing_maps = [#map, #map1], iterator_types = [#linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%arg2: i64, %arg3: i1):
    %9 = "arith.index_cast"(%arg2) : (i64) -> index
    %10 = "arith.constant"() <{value = 0 : index}> : () -> index
    %11 = "arith.subi"(%10, %0) : (index, index) -> index
    %12 = "arith.cmpi"(%9, %11) <{predicate = 5 : i64}> : (index, index) -> i1
    %13 = "arith.cmpi"(%9, %0) <{predicate = 2 : i64}> : (index, index) -> i1
    %14 = "arith.andi"(%12, %13) : (i1, i1) -> i1
    %15 = "arith.andi"(%arg3, %14) : (i1, i1) -> i1
    "linalg.yield"(%15) : (i1) -> ()
  }) : (tensor<2xi64>, tensor<i1>) -> tensor<i1>
  %4 = "tensor.extract"(%3) : (tensor<i1>) -> i1
  "cf.assert"(%4) <{msg = "has an index outside [-n, n), n the size of dim 1 of operand #0"}> : (i1) -> ()
  %5 = "arith.constant"() <{value = 0 : index}> : () -> index
  %6 = "tensor.dim"(%arg0, %5) : (tensor<?x3xf32>, index) -> index
  %7 = "tensor.empty"(%6) : (index) -> tensor<?x2xf32>
  // expected-error @+1 {{'linalg.generic' op has no nd form}}
  %8 = "linalg.generic"(%arg1, %7) <{indexing_maps = [#map2, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%arg2: i64, %arg3: f32):
    %9 = "linalg.index"() <{dim = 0 : i64}> : () -> index
    %10 = "linalg.index"() <{dim = 1 : i64}> : () -> index
    %11 = "arith.index_cast"(%arg2) : (i64) -> index
    %16 = "tensor.extract"(%arg0, %9, %11) : (tensor<?x3xf32>, index, index) -> f32
    "linalg.yield"(%16) : (f32) -> ()
  }) : (tensor<2xi64>, tensor<?x2xf32>) -> tensor<?x2xf32>
  return %8 : tensor<?x2xf32>
}
