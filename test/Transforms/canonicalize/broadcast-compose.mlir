// A broadcast of a broadcast becomes one broadcast with the dims composed, when
// the intermediate sizes cannot make the pair fail where one broadcast would not.
// RUN: tensor-opt %s -split-input-file --canonicalize | FileCheck %s
// RUN: tensor-opt %s -split-input-file --canonicalize | tensor-opt -split-input-file --canonicalize | FileCheck %s

// Static: nd.broadcast_in_dim twice, with a transpose; nd.broadcast_to twice.
// CHECK-LABEL: func.func @static
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, dims = [2] : (tensor<3xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %arg1, dims = [2, 0] : (tensor<2x3xf32>) -> tensor<3x5x2xf32>
// CHECK-NEXT:    %2 = nd.broadcast_to %arg0, shape = [4, 2, 3] : (tensor<3xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT:    return %0, %1, %2
func.func @static(%x: tensor<3xf32>, %m: tensor<2x3xf32>) -> (tensor<4x2x3xf32>, tensor<3x5x2xf32>, tensor<4x2x3xf32>) {
  %y = nd.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %0 = nd.broadcast_in_dim %y, dims = [1, 2] : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
  %t = nd.broadcast_in_dim %m, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = nd.broadcast_in_dim %t, dims = [0, 2] : (tensor<3x2xf32>) -> tensor<3x5x2xf32>
  %z = nd.broadcast_to %x, shape = [2, 3] : (tensor<3xf32>) -> tensor<2x3xf32>
  %2 = nd.broadcast_to %z, shape = [4, 2, 3] : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
  return %0, %1, %2 : tensor<4x2x3xf32>, tensor<3x5x2xf32>, tensor<4x2x3xf32>
}

// -----

// Mixed: nd.broadcast_to (dims aligned on the right) inside or outside
// nd.broadcast_in_dim gives nd.broadcast_in_dim.
// CHECK-LABEL: func.func @mixed
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, dims = [2] : (tensor<3xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %arg0, dims = [1] : (tensor<3xf32>) -> tensor<4x3x2xf32>
// CHECK-NEXT:    return %0, %1
func.func @mixed(%x: tensor<3xf32>) -> (tensor<4x2x3xf32>, tensor<4x3x2xf32>) {
  %y = nd.broadcast_to %x, shape = [2, 3] : (tensor<3xf32>) -> tensor<2x3xf32>
  %0 = nd.broadcast_in_dim %y, dims = [1, 2] : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
  %z = nd.broadcast_in_dim %x, dims = [0] : (tensor<3xf32>) -> tensor<3x2xf32>
  %1 = nd.broadcast_to %z, shape = [4, 3, 2] : (tensor<3x2xf32>) -> tensor<4x3x2xf32>
  return %0, %1 : tensor<4x2x3xf32>, tensor<4x3x2xf32>
}

// -----

// Dynamic, composed: the first broadcast's dims are a known 1 (added) and
// known non-expanding (its operand dim), so only the second can stretch; the
// composition keeps known_nonexpanding_dimensions only where both listed or
// proved it.
// CHECK-LABEL: func.func @dynamic_known
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, %arg2, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %arg0, %arg2, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    return %0, %1
func.func @dynamic_known(%x: tensor<?xf32>, %s1: tensor<2xindex>, %s2: tensor<2xindex>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %y = nd.broadcast_in_dim %x, %s1, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<2xindex>) -> tensor<1x?xf32>
  %0 = nd.broadcast_in_dim %y, %s2, dims = [0, 1] : (tensor<1x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %1 = nd.broadcast_in_dim %y, %s2, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: 1>} : (tensor<1x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %0, %1 : tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

// Dynamic, composed: broadcasting twice to the same shape is broadcasting once,
// and so is broadcasting to the shape of the first broadcast (whose shape_of
// is its shape operand).
// CHECK-LABEL: func.func @same_shape
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, %arg1, dims = [0, 1] : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    %1 = nd.broadcast_to %arg0, %arg1 : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    return %0, %1
func.func @same_shape(%x: tensor<?x?xf32>, %s: tensor<2xindex>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %y = nd.broadcast_in_dim %x, %s, dims = [0, 1] : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %0 = nd.broadcast_in_dim %y, %s, dims = [0, 1] : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %z = nd.broadcast_to %x, %s : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %sz = nd.shape_of %z : (tensor<?x?xf32>) -> tensor<2xindex>
  %1 = nd.broadcast_to %z, %sz : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %0, %1 : tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

// Kept: the intermediate size is dynamic and may differ from both the
// operand's and the final one (x = 3, y = 5, z = 3 fails, composed it would
// not); an intermediate static 1 makes a dynamic operand be 1 (x = z = 4 fails
// through it, not composed); an added intermediate dim may be neither 1 nor
// the final size.
// CHECK-LABEL: func.func @kept
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, %arg1, dims = [0]
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %0, %arg2, dims = [0]
// CHECK-NEXT:    %2 = nd.broadcast_in_dim %arg0, dims = [0] : (tensor<?xf32>) -> tensor<1xf32>
// CHECK-NEXT:    %3 = nd.broadcast_in_dim %2, %arg2, dims = [0]
// CHECK-NEXT:    %4 = nd.broadcast_in_dim %arg3, %arg4, dims = [1]
// CHECK-NEXT:    %5 = nd.broadcast_in_dim %4, %arg4, dims = [1, 0]
// CHECK-NEXT:    return %1, %3, %5
func.func @kept(%x: tensor<?xf32>, %s1: tensor<1xindex>, %s2: tensor<1xindex>, %v: tensor<3xf32>, %s: tensor<2xindex>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?x?xf32>) {
  %y = nd.broadcast_in_dim %x, %s1, dims = [0] : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
  %0 = nd.broadcast_in_dim %y, %s2, dims = [0] : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
  %one = nd.broadcast_in_dim %x, dims = [0] : (tensor<?xf32>) -> tensor<1xf32>
  %1 = nd.broadcast_in_dim %one, %s2, dims = [0] : (tensor<1xf32>, tensor<1xindex>) -> tensor<?xf32>
  %w = nd.broadcast_in_dim %v, %s, dims = [1] : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
  %2 = nd.broadcast_in_dim %w, %s, dims = [1, 0] : (tensor<?x3xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %0, %1, %2 : tensor<?xf32>, tensor<?xf32>, tensor<?x?xf32>
}

// -----

// Kept: the second is nd.broadcast_to with a `shape` attribute and a `?` in
// its result type, which nd.broadcast_in_dim could only express with a shape
// operand.
// CHECK-LABEL: func.func @not_expressible
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, dims = [0]
// CHECK-NEXT:    %1 = nd.broadcast_to %0, shape = [4, 3, 2] : (tensor<3x2xf32>) -> tensor<?x3x2xf32>
// CHECK-NEXT:    return %1
func.func @not_expressible(%x: tensor<3xf32>) -> tensor<?x3x2xf32> {
  %z = nd.broadcast_in_dim %x, dims = [0] : (tensor<3xf32>) -> tensor<3x2xf32>
  %0 = nd.broadcast_to %z, shape = [4, 3, 2] : (tensor<3x2xf32>) -> tensor<?x3x2xf32>
  return %0 : tensor<?x3x2xf32>
}

// -----

// The first broadcast stays while something else uses it.
// CHECK-LABEL: func.func @shared
// CHECK-NEXT:    %0 = nd.broadcast_in_dim %arg0, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %1 = nd.broadcast_in_dim %arg0, dims = [2] : (tensor<3xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT:    return %0, %1
func.func @shared(%x: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<4x2x3xf32>) {
  %y = nd.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %0 = nd.broadcast_in_dim %y, dims = [1, 2] : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
  return %y, %0 : tensor<2x3xf32>, tensor<4x2x3xf32>
}
