// --convert-nd-to-upstream of nd.gather and nd.gather_elements: a reduction of
// the indices into one i1 feeds a cf.assert (at the op) that each lies in
// [-n, n); nd.gather_elements first asserts each ? size of the indices off
// the axis against data's; then a linalg.generic over the result extracts
// from data at the index normalised for negatives (arith.select of i + n).
// mlir-opt 22 verifies it (tests/export_upstream.rs); tests/jit_differential.rs
// runs it.
// RUN: tensor-opt %s --lower-broadcast --convert-nd-to-upstream | FileCheck %s

// CHECK: #map = affine_map<(d0) -> (d0)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> ()>
// CHECK-NEXT: #map2 = affine_map<(d0, d1) -> (d1)>
// CHECK-NEXT: #map3 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-NEXT: #map4 = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @take(
// CHECK-NEXT: %0 = "arith.constant"() <{value = 3 : index}> : () -> index
// CHECK-NEXT: %1 = "arith.constant"() <{value = true}> : () -> i1
// CHECK-NEXT: %2 = "tensor.from_elements"(%1) : (i1) -> tensor<i1>
// CHECK-NEXT: %3 = "linalg.generic"(%arg1, %2) <{indexing_maps = [#map, #map1], iterator_types = [#linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
// CHECK-NEXT: ^bb0(%arg2: i64, %arg3: i1):
// CHECK-NEXT: %9 = "arith.index_cast"(%arg2) : (i64) -> index
// CHECK-NEXT: %10 = "arith.constant"() <{value = 0 : index}> : () -> index
// CHECK-NEXT: %11 = "arith.subi"(%10, %0) : (index, index) -> index
// CHECK-NEXT: %12 = "arith.cmpi"(%9, %11) <{predicate = 5 : i64}> : (index, index) -> i1
// CHECK-NEXT: %13 = "arith.cmpi"(%9, %0) <{predicate = 2 : i64}> : (index, index) -> i1
// CHECK-NEXT: %14 = "arith.andi"(%12, %13) : (i1, i1) -> i1
// CHECK-NEXT: %15 = "arith.andi"(%arg3, %14) : (i1, i1) -> i1
// CHECK-NEXT: "linalg.yield"(%15) : (i1) -> ()
// CHECK-NEXT: }) : (tensor<2xi64>, tensor<i1>) -> tensor<i1>
// CHECK-NEXT: %4 = "tensor.extract"(%3) : (tensor<i1>) -> i1
// CHECK-NEXT: "cf.assert"(%4) <{msg = "has an index outside [-n, n), n the size of dim 1 of operand #0"}> : (i1) -> ()
// CHECK-NEXT: %5 = "arith.constant"() <{value = 0 : index}> : () -> index
// CHECK-NEXT: %6 = "tensor.dim"(%arg0, %5) : (tensor<?x3xf32>, index) -> index
// CHECK-NEXT: %7 = "tensor.empty"(%6) : (index) -> tensor<?x2xf32>
// CHECK-NEXT: %8 = "linalg.generic"(%arg1, %7) <{indexing_maps = [#map2, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
// CHECK-NEXT: ^bb0(%arg2: i64, %arg3: f32):
// CHECK-NEXT: %9 = "linalg.index"() <{dim = 0 : i64}> : () -> index
// CHECK-NEXT: %10 = "linalg.index"() <{dim = 1 : i64}> : () -> index
// CHECK-NEXT: %11 = "arith.index_cast"(%arg2) : (i64) -> index
// CHECK-NEXT: %12 = "arith.constant"() <{value = 0 : index}> : () -> index
// CHECK-NEXT: %13 = "arith.cmpi"(%11, %12) <{predicate = 2 : i64}> : (index, index) -> i1
// CHECK-NEXT: %14 = "arith.addi"(%11, %0) : (index, index) -> index
// CHECK-NEXT: %15 = "arith.select"(%13, %14, %11) : (i1, index, index) -> index
// CHECK-NEXT: %16 = "tensor.extract"(%arg0, %9, %15) : (tensor<?x3xf32>, index, index) -> f32
// CHECK-NEXT: "linalg.yield"(%16) : (f32) -> ()
// CHECK-NEXT: }) : (tensor<2xi64>, tensor<?x2xf32>) -> tensor<?x2xf32>
// CHECK-NEXT: return %8 : tensor<?x2xf32>
// CHECK-LABEL: func.func @along(
// CHECK-NEXT: %0 = "arith.constant"() <{value = 0 : index}> : () -> index
// CHECK-NEXT: %1 = "tensor.dim"(%arg1, %0) : (tensor<?x2xi32>, index) -> index
// CHECK-NEXT: %2 = "tensor.dim"(%arg0, %0) : (tensor<?x3xi32>, index) -> index
// CHECK-NEXT: %3 = "arith.cmpi"(%1, %2) <{predicate = 3 : i64}> : (index, index) -> i1
// CHECK-NEXT: "cf.assert"(%3) <{msg = "has indices larger than operand #0 in dim 0, off the axis"}> : (i1) -> ()
// CHECK-NEXT: %4 = "arith.constant"() <{value = 3 : index}> : () -> index
// CHECK-NEXT: %5 = "arith.constant"() <{value = true}> : () -> i1
// CHECK-NEXT: %6 = "tensor.from_elements"(%5) : (i1) -> tensor<i1>
// CHECK-NEXT: %7 = "linalg.generic"(%arg1, %6) <{indexing_maps = [#map3, #map4], iterator_types = [#linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
// CHECK-NEXT: ^bb0(%arg2: i32, %arg3: i1):
// CHECK-NEXT: %11 = "arith.index_cast"(%arg2) : (i32) -> index
// CHECK-NEXT: %12 = "arith.constant"() <{value = 0 : index}> : () -> index
// CHECK-NEXT: %13 = "arith.subi"(%12, %4) : (index, index) -> index
// CHECK-NEXT: %14 = "arith.cmpi"(%11, %13) <{predicate = 5 : i64}> : (index, index) -> i1
// CHECK-NEXT: %15 = "arith.cmpi"(%11, %4) <{predicate = 2 : i64}> : (index, index) -> i1
// CHECK-NEXT: %16 = "arith.andi"(%14, %15) : (i1, i1) -> i1
// CHECK-NEXT: %17 = "arith.andi"(%arg3, %16) : (i1, i1) -> i1
// CHECK-NEXT: "linalg.yield"(%17) : (i1) -> ()
// CHECK-NEXT: }) : (tensor<?x2xi32>, tensor<i1>) -> tensor<i1>
// CHECK-NEXT: %8 = "tensor.extract"(%7) : (tensor<i1>) -> i1
// CHECK-NEXT: "cf.assert"(%8) <{msg = "has an index outside [-n, n), n the size of dim 1 of operand #0"}> : (i1) -> ()
// CHECK-NEXT: %9 = "tensor.empty"(%1) : (index) -> tensor<?x2xi32>
// CHECK-NEXT: %10 = "linalg.generic"(%arg1, %9) <{indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
// CHECK-NEXT: ^bb0(%arg2: i32, %arg3: i32):
// CHECK-NEXT: %11 = "linalg.index"() <{dim = 0 : i64}> : () -> index
// CHECK-NEXT: %12 = "linalg.index"() <{dim = 1 : i64}> : () -> index
// CHECK-NEXT: %13 = "arith.index_cast"(%arg2) : (i32) -> index
// CHECK-NEXT: %14 = "arith.constant"() <{value = 0 : index}> : () -> index
// CHECK-NEXT: %15 = "arith.cmpi"(%13, %14) <{predicate = 2 : i64}> : (index, index) -> i1
// CHECK-NEXT: %16 = "arith.addi"(%13, %4) : (index, index) -> index
// CHECK-NEXT: %17 = "arith.select"(%15, %16, %13) : (i1, index, index) -> index
// CHECK-NEXT: %18 = "tensor.extract"(%arg0, %11, %17) : (tensor<?x3xi32>, index, index) -> i32
// CHECK-NEXT: "linalg.yield"(%18) : (i32) -> ()
// CHECK-NEXT: }) : (tensor<?x2xi32>, tensor<?x2xi32>) -> tensor<?x2xi32>
// CHECK-NEXT: return %10 : tensor<?x2xi32>

func.func @take(%x: tensor<?x3xf32>, %i: tensor<2xi64>) -> tensor<?x2xf32> {
  %0 = nd.gather %x[%i], axis = 1 : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

func.func @along(%x: tensor<?x3xi32>, %i: tensor<?x2xi32>) -> tensor<?x2xi32> {
  %0 = nd.gather_elements %x[%i], axis = 1 : (tensor<?x3xi32>, tensor<?x2xi32>) -> tensor<?x2xi32>
  return %0 : tensor<?x2xi32>
}
