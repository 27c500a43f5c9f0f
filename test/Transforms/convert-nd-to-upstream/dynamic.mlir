// --convert-nd-to-upstream with dynamic sizes: tensor.dim and tensor.empty with
// dynamic sizes; the run-time shape checks become cf.assert with a message, at
// the location of the op whose broadcast they check.
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream | FileCheck %s
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC

// A `?` against a static size: the 4s are equal, no run-time check is needed;
// the ? dim of the result is the operand's (tensor.dim, tensor.empty). The dim is
// taken once: the second tensor.empty reuses it (a dim is reused within its block;
// each case block of a rank switch takes its own, see unranked.mlir).
// CHECK-LABEL: func.func @bias_add(
// CHECK-NEXT:    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
// CHECK-NEXT:    %1 = "tensor.dim"(%arg0, %0) : (tensor<?x4xf32>, index) -> index
// CHECK-NEXT:    %2 = "tensor.empty"(%1) : (index) -> tensor<?x4xf32>
// CHECK-NEXT:    %3 = "linalg.broadcast"(%arg1, %2) <{dimensions = array<i64: 0>}> ({
// CHECK-NEXT:    ^bb0(%arg2: f32, %arg3: f32):
// CHECK-NEXT:      "linalg.yield"(%arg2) : (f32) -> ()
// CHECK-NEXT:    }) : (tensor<4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT:    %4 = "tensor.empty"(%1) : (index) -> tensor<?x4xf32>
// CHECK-NEXT:    %5 = "linalg.map"(%arg0, %3, %4) ({
// CHECK-NEXT:    ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
// CHECK-NEXT:      %6 = "arith.addf"(%arg2, %arg3) : (f32, f32) -> f32
// CHECK-NEXT:      "linalg.yield"(%6) : (f32) -> ()
// CHECK-NEXT:    }) : (tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT:    return %5 : tensor<?x4xf32>
func.func @bias_add(%x: tensor<?x4xf32>, %b: tensor<4xf32>) -> tensor<?x4xf32> {
  %0 = nd.add %x, %b : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// Two `?` sizes: the check nd.broadcast_shapes becomes arith on the sizes and a
// cf.assert; each operand that may be a stretching 1 is read with index 0 on
// that dim when its size is 1 at run time.
// CHECK-LABEL: func.func @both_dynamic(
// CHECK-NEXT:    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
// CHECK-NEXT:    %1 = "tensor.dim"(%arg0, %0) : (tensor<?xf32>, index) -> index
// CHECK-NEXT:    %2 = "tensor.dim"(%arg1, %0) : (tensor<?xf32>, index) -> index
// CHECK-NEXT:    %3 = "arith.constant"() <{value = 1 : index}> : () -> index
// CHECK-NEXT:    %4 = "arith.cmpi"(%1, %3) <{predicate = 0 : i64}> : (index, index) -> i1
// CHECK-NEXT:    %5 = "arith.cmpi"(%2, %3) <{predicate = 0 : i64}> : (index, index) -> i1
// CHECK-NEXT:    %6 = "arith.cmpi"(%1, %2) <{predicate = 0 : i64}> : (index, index) -> i1
// CHECK-NEXT:    %7 = "arith.ori"(%4, %5) : (i1, i1) -> i1
// CHECK-NEXT:    %8 = "arith.ori"(%7, %6) : (i1, i1) -> i1
// CHECK-NEXT:    "cf.assert"(%8) <{msg = "shapes do not broadcast: operand #1 dim 0 and result dim 0 have different sizes and neither is 1"}> : (i1) -> ()
// CHECK-NEXT:    %9 = "arith.select"(%4, %2, %1) : (i1, index, index) -> index
// CHECK-NEXT:    %10 = "arith.cmpi"(%1, %3) <{predicate = 0 : i64}> : (index, index) -> i1
// CHECK-NEXT:    %11 = "tensor.empty"(%9) : (index) -> tensor<?xf32>
// CHECK-NEXT:    %12 = "linalg.map"(%11) ({
// CHECK-NEXT:    ^bb0(%arg2: f32):
// CHECK-NEXT:      %19 = "linalg.index"() <{dim = 0 : i64}> : () -> index
// CHECK-NEXT:      %20 = "arith.select"(%10, %0, %19) : (i1, index, index) -> index
// CHECK-NEXT:      %21 = "tensor.extract"(%arg0, %20) : (tensor<?xf32>, index) -> f32
// CHECK-NEXT:      "linalg.yield"(%21) : (f32) -> ()
// CHECK-NEXT:    }) : (tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT:    %13 = "arith.cmpi"(%2, %3) <{predicate = 0 : i64}> : (index, index) -> i1
// CHECK-NEXT:    %14 = "tensor.empty"(%9) : (index) -> tensor<?xf32>
// CHECK-NEXT:    %15 = "linalg.map"(%14) ({
// CHECK-NEXT:    ^bb0(%arg2: f32):
// CHECK-NEXT:      %19 = "linalg.index"() <{dim = 0 : i64}> : () -> index
// CHECK-NEXT:      %20 = "arith.select"(%13, %0, %19) : (i1, index, index) -> index
// CHECK-NEXT:      %21 = "tensor.extract"(%arg1, %20) : (tensor<?xf32>, index) -> f32
// CHECK-NEXT:      "linalg.yield"(%21) : (f32) -> ()
// CHECK-NEXT:    }) : (tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT:    %16 = "tensor.dim"(%12, %0) : (tensor<?xf32>, index) -> index
// CHECK-NEXT:    %17 = "tensor.empty"(%16) : (index) -> tensor<?xf32>
// CHECK-NEXT:    %18 = "linalg.map"(%12, %15, %17) ({
// CHECK-NEXT:    ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
// CHECK-NEXT:      %19 = "arith.subf"(%arg2, %arg3) : (f32, f32) -> f32
// CHECK-NEXT:      "linalg.yield"(%19) : (f32) -> ()
// CHECK-NEXT:    }) : (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT:    return %18 : tensor<?xf32>
// LOC: "cf.assert"(%{{.*}}) <{msg = "shapes do not broadcast: operand #1 dim 0 and result dim 0 have different sizes and neither is 1"}> : (i1) -> () loc("{{.*}}dynamic.mlir":[[# @LINE + 2]]:8)
func.func @both_dynamic(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = nd.sub %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// nd.assign: the source broadcasts into the destination's shape, which never
// changes (in place); the result is linalg.copy of the broadcast source into the
// destination (which keeps the destination in the text for the import).
// CHECK-LABEL: func.func @in_place(
// CHECK-NEXT:    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
// CHECK-NEXT:    %1 = "tensor.dim"(%arg0, %0) : (tensor<?x3xf32>, index) -> index
// CHECK-NEXT:    %2 = "arith.constant"() <{value = 3 : index}> : () -> index
// CHECK-NEXT:    %3 = "tensor.dim"(%arg1, %0) : (tensor<?xf32>, index) -> index
// CHECK-NEXT:    %4 = "arith.constant"() <{value = 1 : index}> : () -> index
// CHECK-NEXT:    %5 = "arith.cmpi"(%3, %4) <{predicate = 0 : i64}> : (index, index) -> i1
// CHECK-NEXT:    %6 = "arith.cmpi"(%3, %2) <{predicate = 0 : i64}> : (index, index) -> i1
// CHECK-NEXT:    %7 = "arith.ori"(%5, %6) : (i1, i1) -> i1
// CHECK-NEXT:    "cf.assert"(%7) <{msg = "shapes do not broadcast: operand #1 dim 0 and result dim 1 have different sizes and neither is 1"}> : (i1) -> ()
// CHECK-NEXT:    %8 = "arith.cmpi"(%3, %4) <{predicate = 0 : i64}> : (index, index) -> i1
// CHECK-NEXT:    %9 = "tensor.empty"(%1) : (index) -> tensor<?x3xf32>
// CHECK-NEXT:    %10 = "linalg.map"(%9) ({
// CHECK-NEXT:    ^bb0(%arg2: f32):
// CHECK-NEXT:      %12 = "linalg.index"() <{dim = 1 : i64}> : () -> index
// CHECK-NEXT:      %13 = "arith.select"(%8, %0, %12) : (i1, index, index) -> index
// CHECK-NEXT:      %14 = "tensor.extract"(%arg1, %13) : (tensor<?xf32>, index) -> f32
// CHECK-NEXT:      "linalg.yield"(%14) : (f32) -> ()
// CHECK-NEXT:    }) : (tensor<?x3xf32>) -> tensor<?x3xf32>
// CHECK-NEXT:    %11 = "linalg.copy"(%10, %arg0) <{operandSegmentSizes = array<i32: 1, 1>}> ({
// CHECK-NEXT:    ^bb0(%arg2: f32, %arg3: f32):
// CHECK-NEXT:      "linalg.yield"(%arg2) : (f32) -> ()
// CHECK-NEXT:    }) : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
// CHECK-NEXT:    return %11 : tensor<?x3xf32>
// LOC: "cf.assert"(%{{.*}}) <{msg = "shapes do not broadcast: operand #1 dim 0 and result dim 1 have different sizes and neither is 1"}> : (i1) -> () loc("{{.*}}dynamic.mlir":[[# @LINE + 2]]:8)
func.func @in_place(%d: tensor<?x3xf32>, %s: tensor<?xf32>) -> tensor<?x3xf32> {
  %0 = nd.assign %d, %s : (tensor<?x3xf32>, tensor<?xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

// nd.dim as tensor<index>: tensor.dim and tensor.from_elements.
// CHECK-LABEL: func.func @dim_cast(
// CHECK-NEXT:    %0 = "arith.constant"() <{value = 1 : index}> : () -> index
// CHECK-NEXT:    %1 = "tensor.dim"(%arg0, %0) : (tensor<?x?xf32>, index) -> index
// CHECK-NEXT:    %2 = "tensor.from_elements"(%1) : (index) -> tensor<index>
// CHECK-NEXT:    %3 = "tensor.empty"() : () -> tensor<f32>
// CHECK-NEXT:    %4 = "linalg.map"(%2, %3) ({
// CHECK-NEXT:    ^bb0(%arg1: index, %arg2: f32):
// CHECK-NEXT:      %5 = "arith.index_cast"(%arg1) : (index) -> i64
// CHECK-NEXT:      %6 = "arith.sitofp"(%5) : (i64) -> f32
// CHECK-NEXT:      "linalg.yield"(%6) : (f32) -> ()
// CHECK-NEXT:    }) : (tensor<index>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT:    return %4 : tensor<f32>
func.func @dim_cast(%x: tensor<?x?xf32>) -> tensor<f32> {
  %d = nd.dim %x[1] : (tensor<?x?xf32>) -> tensor<index>
  %n = nd.cast %d : tensor<index> to tensor<f32>
  return %n : tensor<f32>
}

// -----

// A shape returned from the function: tensor.from_elements of its entries.
// CHECK-LABEL: func.func @shape_result(
// CHECK-NEXT:    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
// CHECK-NEXT:    %1 = "tensor.dim"(%arg0, %0) : (tensor<?x3xf32>, index) -> index
// CHECK-NEXT:    %2 = "arith.constant"() <{value = 3 : index}> : () -> index
// CHECK-NEXT:    %3 = "tensor.from_elements"(%1, %2) : (index, index) -> tensor<2xindex>
// CHECK-NEXT:    return %3 : tensor<2xindex>
func.func @shape_result(%x: tensor<?x3xf32>) -> tensor<2xindex> {
  %s = nd.shape_of %x : (tensor<?x3xf32>) -> tensor<2xindex>
  return %s : tensor<2xindex>
}
