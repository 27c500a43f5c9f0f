// The nd.dim_names contract in the export: the attribute stays on the function's
// arguments, and the body starts with one cf.assert per pair of dims one name
// ties, at the later argument, whose message names both dims (a static dim is its
// constant; two static dims need none). The import erases exactly those asserts,
// since the attribute says them again: export then import gives the lowered
// program back (the diff), also through text.
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream | FileCheck %s
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC
// RUN: tensor-opt %s -split-input-file --lower-broadcast --mlir-print-debuginfo > %t
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd --mlir-print-debuginfo | diff %t -
// RUN: tensor-opt %s -split-input-file --lower-broadcast > %t.plain
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream -o %t.up
// RUN: tensor-opt %t.up -split-input-file --allow-unregistered-dialect --convert-upstream-to-nd | diff %t.plain -

// CHECK-LABEL: func.func @add
// CHECK-SAME: (%arg0: tensor<?xf32> {nd.dim_names = ["n"]}, %arg1: tensor<?xf32> {nd.dim_names = ["n"]})
// CHECK-NEXT:  %[[C0:.*]] = "arith.constant"() <{value = 0 : index}> : () -> index
// CHECK-NEXT:  %[[Y:.*]] = "tensor.dim"(%arg1, %[[C0]])
// CHECK-NEXT:  %[[C1:.*]] = "arith.constant"() <{value = 0 : index}> : () -> index
// CHECK-NEXT:  %[[X:.*]] = "tensor.dim"(%arg0, %[[C1]])
// CHECK-NEXT:  %[[EQ:.*]] = "arith.cmpi"(%[[Y]], %[[X]]) <{predicate = 0 : i64}>
// CHECK-NEXT:  "cf.assert"(%[[EQ]]) <{msg = "argument #1 dim 0 and argument #0 dim 0 are named \22n\22: they must have the same size"}>
// The add itself needs no check: the names prove it.
// CHECK-NOT:   cf.assert
// CHECK:       linalg.map
// LOC-LABEL: func.func @add
// LOC: "cf.assert"{{.*}} loc("{{.*}}dim-names.mlir":[[# @LINE + 1]]:58)
func.func @add(%x: tensor<?xf32> {nd.dim_names = ["n"]}, %y: tensor<?xf32> {nd.dim_names = ["n"]}) -> tensor<?xf32> {
  %0 = nd.add %x, %y : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A static dim is its constant; "d" ties two static 4s and needs no assert.
// CHECK-LABEL: func.func @mixed
// CHECK-NEXT:  %[[C0:.*]] = "arith.constant"() <{value = 0 : index}>
// CHECK-NEXT:  %[[Z:.*]] = "tensor.dim"(%arg2, %[[C0]])
// CHECK-NEXT:  %[[C1:.*]] = "arith.constant"() <{value = 0 : index}>
// CHECK-NEXT:  %[[X:.*]] = "tensor.dim"(%arg0, %[[C1]])
// CHECK-NEXT:  %[[EQ:.*]] = "arith.cmpi"(%[[Z]], %[[X]])
// CHECK-NEXT:  "cf.assert"(%[[EQ]]) <{msg = "argument #2 dim 0 and argument #0 dim 0 are named \22b\22: they must have the same size"}>
// CHECK-NEXT:  %[[C2:.*]] = "arith.constant"() <{value = 0 : index}>
// CHECK-NEXT:  %[[W:.*]] = "tensor.dim"(%arg3, %[[C2]])
// CHECK-NEXT:  %[[C4:.*]] = "arith.constant"() <{value = 4 : index}>
// CHECK-NEXT:  %[[EQ2:.*]] = "arith.cmpi"(%[[W]], %[[C4]])
// CHECK-NEXT:  "cf.assert"(%[[EQ2]]) <{msg = "argument #3 dim 0 and argument #0 dim 1 are named \22d\22: they must have the same size"}>
// CHECK-NOT:   cf.assert
// CHECK:       return
func.func @mixed(%x: tensor<?x4xf32> {nd.dim_names = ["b", "d"]}, %y: tensor<4xf32> {nd.dim_names = ["d"]}, %z: tensor<?xf32> {nd.dim_names = ["b"]}, %w: tensor<?xf32> {nd.dim_names = ["d"]}) -> tensor<?x4xf32> {
  %0 = nd.add %x, %y : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// Names on anonymous dims only, or one dim per name: nothing to assert.
// CHECK-LABEL: func.func @none
// CHECK-NOT:   cf.assert
// CHECK:       return
func.func @none(%x: tensor<?x?xf32> {nd.dim_names = ["", "a"]}, %y: tensor<?xf32> {nd.dim_names = [""]}) -> tensor<?x?xf32> {
  %0 = nd.abs %x : tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
