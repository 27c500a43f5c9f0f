// --convert-upstream-to-nd on shape and broadcast ops written directly (not made
// by --lower-broadcast for an elementwise op). Their export computes nothing: a
// shape is index values (a tensor.from_elements where it is returned), a
// broadcast a linalg op sized by them. After the computing ops, each value the
// program still reads from an upstream op is rebuilt from the sources of its
// sizes (tensor.dim of a tensor, tensor.extract of a shape): nd.shape_of,
// nd.dim, nd.broadcast_shapes, nd.shape_slice, nd.shape_concat,
// nd.broadcast_in_dim, kept if its export is the text. Export then import gives
// the lowered program back byte for byte (the diffs, with locations and read
// back from text).
// RUN: tensor-opt %s -split-input-file --lower-broadcast --mlir-print-debuginfo > %t
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd --verify-explicit-broadcast --mlir-print-debuginfo | diff %t -
// RUN: tensor-opt %s -split-input-file --lower-broadcast > %t.plain
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream | tensor-opt -allow-unregistered-dialect -split-input-file --convert-upstream-to-nd | diff %t.plain -
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd | FileCheck %s
// RUN: tensor-opt %s -split-input-file --lower-broadcast --convert-nd-to-upstream --convert-upstream-to-nd --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC

// nd.shape_of of a tensor with a `?` dim: a tensor.from_elements of its sizes.
// CHECK-LABEL: func.func @shape_of
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x3xf32>) -> tensor<2xindex>
// CHECK-NEXT:    return %0
func.func @shape_of(%a: tensor<?x3xf32>) -> tensor<2xindex> {
  %0 = nd.shape_of %a : (tensor<?x3xf32>) -> tensor<2xindex>
  return %0 : tensor<2xindex>
}

// -----

// nd.dim as index: the tensor.dim itself.
// CHECK-LABEL: func.func @dim_index
// CHECK-NEXT:    %0 = nd.dim %arg0[0] : (tensor<?x3xf32>) -> index
// CHECK-NEXT:    return %0
func.func @dim_index(%a: tensor<?x3xf32>) -> index {
  %0 = nd.dim %a[0] : (tensor<?x3xf32>) -> index
  return %0 : index
}

// -----

// nd.broadcast_shapes of two shape arguments: their entries (tensor.extract),
// the checks (cf.assert, back at the op's location) and the result's entries.
// CHECK-LABEL: func.func @broadcast_shapes
// CHECK-NEXT:    %0 = nd.broadcast_shapes %arg0, %arg1 : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
// CHECK-NEXT:    return %0
// LOC-LABEL: func.func @broadcast_shapes
// LOC:         nd.broadcast_shapes {{.*}} loc("{{.*}}standalone.mlir":[[@LINE+2]]:8)
func.func @broadcast_shapes(%a: tensor<2xindex>, %b: tensor<1xindex>) -> tensor<2xindex> {
  %0 = nd.broadcast_shapes %a, %b : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
  return %0 : tensor<2xindex>
}

// -----

// The ONNX policy over the shapes of two tensors.
// CHECK-LABEL: func.func @broadcast_shapes_onnx
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x3xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 {policy = "onnx"} : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
// CHECK-NEXT:    return %2
func.func @broadcast_shapes_onnx(%a: tensor<?x3xf32>, %b: tensor<?xf32>) -> tensor<2xindex> {
  %s = nd.shape_of %a : (tensor<?x3xf32>) -> tensor<2xindex>
  %t = nd.shape_of %b : (tensor<?xf32>) -> tensor<1xindex>
  %0 = nd.broadcast_shapes %s, %t {policy = "onnx"} : (tensor<2xindex>, tensor<1xindex>) -> tensor<2xindex>
  return %0 : tensor<2xindex>
}

// -----

// nd.shape_slice of the shape of a tensor: the entries it keeps.
// CHECK-LABEL: func.func @slice
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x3x?xf32>) -> tensor<3xindex>
// CHECK-NEXT:    %1 = nd.shape_slice %0[1 : 3] : (tensor<3xindex>) -> tensor<2xindex>
// CHECK-NEXT:    return %1
func.func @slice(%a: tensor<?x3x?xf32>) -> tensor<2xindex> {
  %s = nd.shape_of %a : (tensor<?x3x?xf32>) -> tensor<3xindex>
  %0 = nd.shape_slice %s[1 : 3] : (tensor<3xindex>) -> tensor<2xindex>
  return %0 : tensor<2xindex>
}

// -----

// nd.shape_concat of the shapes of two tensors.
// CHECK-LABEL: func.func @concat
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?x3x?xf32>) -> tensor<3xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %2 = nd.shape_concat %0, %1 : (tensor<3xindex>, tensor<1xindex>) -> tensor<4xindex>
// CHECK-NEXT:    return %2
func.func @concat(%a: tensor<?x3x?xf32>, %b: tensor<?xf32>) -> tensor<4xindex> {
  %s = nd.shape_of %a : (tensor<?x3x?xf32>) -> tensor<3xindex>
  %t = nd.shape_of %b : (tensor<?xf32>) -> tensor<1xindex>
  %0 = nd.shape_concat %s, %t : (tensor<3xindex>, tensor<1xindex>) -> tensor<4xindex>
  return %0 : tensor<4xindex>
}

// -----

// nd.broadcast_to with a shape operand (lowered to nd.broadcast_in_dim, its 3
// known not to stretch): a linalg.broadcast sized by the shape's entry.
// CHECK-LABEL: func.func @broadcast_to_shape
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, %arg1, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
// CHECK-NEXT:    return %0
func.func @broadcast_to_shape(%x: tensor<3xf32>, %s: tensor<2xindex>) -> tensor<?x3xf32> {
  %0 = nd.broadcast_to %x, %s : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

// nd.broadcast_in_dim of a `?` vector to the shape of a matrix: its dim may be
// a 1 that stretches (a linalg.map reading index 0 then).
// CHECK-LABEL: func.func @broadcast_in_dim_of
// CHECK-NEXT:    %0 = nd.shape_of %arg1 : (tensor<?x?xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %arg0, %0, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    return %1
func.func @broadcast_in_dim_of(%a: tensor<?xf32>, %m: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %s = nd.shape_of %m : (tensor<?x?xf32>) -> tensor<2xindex>
  %0 = nd.broadcast_in_dim %a, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// nd.broadcast (ONNX, N-ary) with a `?`: one check, read back with the first
// result's broadcast; the second result reads the shape rebuilt for the first.
// CHECK-LABEL: func.func @n_ary
// CHECK-NEXT:    %0 = nd.shape_of %arg0 : (tensor<?xf32>) -> tensor<1xindex>
// CHECK-NEXT:    %1 = nd.shape_of %arg1 : (tensor<?x1xf32>) -> tensor<2xindex>
// CHECK-NEXT:    %2 = nd.broadcast_shapes %0, %1 {policy = "onnx"} : (tensor<1xindex>, tensor<2xindex>) -> tensor<2xindex>
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %arg0, %2, dims = [1] {{.*}}: (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %4 = nd.broadcast_in_dim %arg1, %2, dims = [0, 1] {{.*}}: (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    return %3, %4
func.func @n_ary(%a: tensor<?xf32>, %b: tensor<?x1xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %z:2 = nd.broadcast %a, %b : (tensor<?xf32>, tensor<?x1xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>)
  return %z#0, %z#1 : tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

// A standalone broadcast read by an elementwise op, and a shape returned beside
// an op whose lowering takes the same shape.
// CHECK-LABEL: func.func @mixed
// CHECK:         nd.broadcast_in_dim %arg0, %arg2
// CHECK:         nd.add
// CHECK-NOT:     linalg.
func.func @mixed(%x: tensor<3xf32>, %m: tensor<?x3xf32>, %s: tensor<2xindex>) -> (tensor<2xindex>, tensor<?x3xf32>) {
  %b = nd.broadcast_to %x, %s : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
  %0 = nd.add %b, %m : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %t = nd.shape_of %m : (tensor<?x3xf32>) -> tensor<2xindex>
  return %t, %0 : tensor<2xindex>, tensor<?x3xf32>
}
