// nd.shape_of, nd.dim, nd.shape_slice and nd.shape_concat fold where their
// entries are known, and simplify through each other.
// RUN: tensor-opt %s -split-input-file --canonicalize | FileCheck %s
// RUN: tensor-opt %s -split-input-file --canonicalize | tensor-opt -split-input-file --canonicalize | FileCheck %s

// The shape of a broadcast is its shape operand, or its `shape` attribute; a dim
// of it too.
// CHECK-LABEL: func.func @shape_of_broadcast
// CHECK-DAG:     %[[C:.*]] = nd.constant dense<[4, 3]> : tensor<2xindex>
// CHECK-DAG:     %[[D:.*]] = nd.constant dense<4> : tensor<index>
// CHECK:         return %arg1, %[[C]], %[[D]]
func.func @shape_of_broadcast(%x: tensor<?xf32>, %s: tensor<2xindex>) -> (tensor<2xindex>, tensor<2xindex>, tensor<index>) {
  %b = nd.broadcast_in_dim %x, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %0 = nd.shape_of %b : (tensor<?x?xf32>) -> tensor<2xindex>
  %t = nd.broadcast_to %x, shape = [4, 3] : (tensor<?xf32>) -> tensor<?x?xf32>
  %1 = nd.shape_of %t : (tensor<?x?xf32>) -> tensor<2xindex>
  %2 = nd.dim %t[0] : (tensor<?x?xf32>) -> tensor<index>
  return %0, %1, %2 : tensor<2xindex>, tensor<2xindex>, tensor<index>
}

// -----

// Kept: the shape operand has another type than the shape_of's result, and a
// dim of unknown size.
// CHECK-LABEL: func.func @shape_of_kept
// CHECK-NEXT:    %0 = nd.broadcast_to %arg0, %arg1
// CHECK-NEXT:    %1 = nd.shape_of %0 : (tensor<*xf32>) -> tensor<?xindex>
// CHECK-NEXT:    %2 = nd.dim %0[0]
// CHECK-NEXT:    return %1, %2
func.func @shape_of_kept(%x: tensor<?xf32>, %s: tensor<2xindex>) -> (tensor<?xindex>, tensor<index>) {
  %b = nd.broadcast_to %x, %s : (tensor<?xf32>, tensor<2xindex>) -> tensor<*xf32>
  %0 = nd.shape_of %b : (tensor<*xf32>) -> tensor<?xindex>
  %1 = nd.dim %b[0] : (tensor<*xf32>) -> tensor<index>
  return %0, %1 : tensor<?xindex>, tensor<index>
}

// -----

// Slices: of a constant (Python's bounds, negative ones from the end); of the
// static dims of a partly dynamic shape; the whole shape is the shape; an empty
// slice is an empty constant.
// CHECK-LABEL: func.func @slices
// CHECK-DAG:     %[[A:.*]] = nd.constant dense<[3, 4]> : tensor<2xindex>
// CHECK-DAG:     %[[B:.*]] = nd.constant dense<[5, 6]> : tensor<2xindex>
// CHECK-DAG:     %[[E:.*]] = nd.constant dense<> : tensor<0xindex>
// CHECK-NOT:     nd.shape_slice
// CHECK:         return %[[A]], %[[B]], %arg1, %[[E]]
func.func @slices(%x: tensor<?x5x6xf32>, %s: tensor<3xindex>) -> (tensor<2xindex>, tensor<2xindex>, tensor<3xindex>, tensor<0xindex>) {
  %c = nd.constant dense<[2, 3, 4]> : tensor<3xindex>
  %0 = nd.shape_slice %c[-2 :] : (tensor<3xindex>) -> tensor<2xindex>
  %sx = nd.shape_of %x : (tensor<?x5x6xf32>) -> tensor<3xindex>
  %1 = nd.shape_slice %sx[1 : 3] : (tensor<3xindex>) -> tensor<2xindex>
  %2 = nd.shape_slice %s[0 :] : (tensor<3xindex>) -> tensor<3xindex>
  %3 = nd.shape_slice %s[2 : 1] : (tensor<3xindex>) -> tensor<0xindex>
  return %0, %1, %2, %3 : tensor<2xindex>, tensor<2xindex>, tensor<3xindex>, tensor<0xindex>
}

// -----

// Kept: a slice with an unknown entry, and one of unknown bounds.
// CHECK-LABEL: func.func @slices_kept
// CHECK-NEXT:    %0 = nd.shape_of %arg0
// CHECK-NEXT:    %1 = nd.shape_slice %0[0 : 2]
// CHECK-NEXT:    %2 = nd.shape_slice %arg1[-2 :]
// CHECK-NEXT:    return %1, %2
func.func @slices_kept(%x: tensor<?x5x6xf32>, %t: tensor<?xindex>) -> (tensor<2xindex>, tensor<?xindex>) {
  %sx = nd.shape_of %x : (tensor<?x5x6xf32>) -> tensor<3xindex>
  %0 = nd.shape_slice %sx[0 : 2] : (tensor<3xindex>) -> tensor<2xindex>
  %1 = nd.shape_slice %t[-2 :] : (tensor<?xindex>) -> tensor<?xindex>
  return %0, %1 : tensor<2xindex>, tensor<?xindex>
}

// -----

// Concatenations: of known entries, a constant; of one operand, itself; empty
// operands go and adjacent constants merge.
// CHECK-LABEL: func.func @concats
// CHECK-DAG:     %[[A:.*]] = nd.constant dense<[2, 3, 5, 6]> : tensor<4xindex>
// CHECK-DAG:     %[[C:.*]] = nd.constant dense<[7, 8]> : tensor<2xindex>
// CHECK:         %[[D:.*]] = nd.shape_concat %arg1, %[[C]] : (tensor<?xindex>, tensor<2xindex>) -> tensor<?xindex>
// CHECK-NEXT:    return %[[A]], %arg1, %[[D]]
func.func @concats(%x: tensor<?x5x6xf32>, %t: tensor<?xindex>) -> (tensor<4xindex>, tensor<?xindex>, tensor<?xindex>) {
  %c = nd.constant dense<[2, 3]> : tensor<2xindex>
  %sx = nd.shape_of %x : (tensor<?x5x6xf32>) -> tensor<3xindex>
  %tail = nd.shape_slice %sx[1 :] : (tensor<3xindex>) -> tensor<2xindex>
  %0 = nd.shape_concat %c, %tail : (tensor<2xindex>, tensor<2xindex>) -> tensor<4xindex>
  %1 = nd.shape_concat %t : (tensor<?xindex>) -> tensor<?xindex>
  %e = nd.constant dense<> : tensor<0xindex>
  %c7 = nd.constant dense<7> : tensor<1xindex>
  %c8 = nd.constant dense<8> : tensor<1xindex>
  %2 = nd.shape_concat %e, %t, %c7, %e, %c8 : (tensor<0xindex>, tensor<?xindex>, tensor<1xindex>, tensor<0xindex>, tensor<1xindex>) -> tensor<?xindex>
  return %0, %1, %2 : tensor<4xindex>, tensor<?xindex>, tensor<?xindex>
}

// -----

// A slice of a concatenation that falls in one operand is that operand, or a
// slice of it; as --lower-broadcast takes nd.matmul's batch dims back apart. A
// slice of a shape of unknown length has a `?` length, so taking all of `%m` is
// still a slice (to keep the type).
// CHECK-LABEL: func.func @slice_of_concat
// CHECK-NEXT:    %0 = nd.shape_slice %arg1[0 : 2] : (tensor<2xindex>) -> tensor<?xindex>
// CHECK-NEXT:    %1 = nd.shape_slice %arg1[1 : 2] : (tensor<2xindex>) -> tensor<?xindex>
// CHECK-NEXT:    return %arg0, %0, %1
func.func @slice_of_concat(%batch: tensor<?xindex>, %m: tensor<2xindex>) -> (tensor<?xindex>, tensor<?xindex>, tensor<?xindex>) {
  %m2 = nd.shape_concat %m, %batch : (tensor<2xindex>, tensor<?xindex>) -> tensor<?xindex>
  %0 = nd.shape_slice %m2[2 :] : (tensor<?xindex>) -> tensor<?xindex>
  %1 = nd.shape_slice %m2[0 : 2] : (tensor<?xindex>) -> tensor<?xindex>
  %2 = nd.shape_slice %m2[1 : 2] : (tensor<?xindex>) -> tensor<?xindex>
  return %0, %1, %2 : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
}

// -----

// With static lengths, a slice of the whole operand is the operand.
// CHECK-LABEL: func.func @slice_of_static_concat
// CHECK-NEXT:    return %arg1, %arg0
func.func @slice_of_static_concat(%batch: tensor<1xindex>, %m: tensor<2xindex>) -> (tensor<2xindex>, tensor<1xindex>) {
  %s = nd.shape_concat %batch, %m : (tensor<1xindex>, tensor<2xindex>) -> tensor<3xindex>
  %0 = nd.shape_slice %s[-2 :] : (tensor<3xindex>) -> tensor<2xindex>
  %1 = nd.shape_slice %s[0 : -2] : (tensor<3xindex>) -> tensor<1xindex>
  return %0, %1 : tensor<2xindex>, tensor<1xindex>
}

// -----

// Kept: a slice across two operands, and one after an operand of unknown
// length.
// CHECK-LABEL: func.func @slice_of_concat_kept
// CHECK-NEXT:    %0 = nd.shape_concat %arg1, %arg0
// CHECK-NEXT:    %1 = nd.shape_slice %0[1 : 3]
// CHECK-NEXT:    %2 = nd.shape_concat %arg0, %arg1
// CHECK-NEXT:    %3 = nd.shape_slice %2[0 : 1]
// CHECK-NEXT:    return %1, %3
func.func @slice_of_concat_kept(%batch: tensor<?xindex>, %m: tensor<2xindex>) -> (tensor<?xindex>, tensor<?xindex>) {
  %a = nd.shape_concat %m, %batch : (tensor<2xindex>, tensor<?xindex>) -> tensor<?xindex>
  %0 = nd.shape_slice %a[1 : 3] : (tensor<?xindex>) -> tensor<?xindex>
  %b = nd.shape_concat %batch, %m : (tensor<?xindex>, tensor<2xindex>) -> tensor<?xindex>
  %1 = nd.shape_slice %b[0 : 1] : (tensor<?xindex>) -> tensor<?xindex>
  return %0, %1 : tensor<?xindex>, tensor<?xindex>
}
