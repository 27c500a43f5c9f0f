// The shape ops the lowering uses: nd.broadcast_shapes with its policies,
// nd.shape_slice, nd.shape_concat; nd.broadcast_in_dim's
// known_nonexpanding_dimensions; nd.broadcast_to to an unranked result.
// RUN: tensor-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: tensor-opt %s -split-input-file -verify-diagnostics --mlir-print-op-generic | tensor-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @policies
// CHECK: nd.broadcast_shapes %arg0, %arg1 : (tensor<2xindex>, tensor<3xindex>) -> tensor<3xindex>
// CHECK: nd.broadcast_shapes %arg1, %arg0 {policy = "in_place"} : (tensor<3xindex>, tensor<2xindex>) -> tensor<3xindex>
// CHECK: nd.broadcast_shapes %arg0, %arg1 {policy = "onnx"} : (tensor<2xindex>, tensor<3xindex>) -> tensor<3xindex>
// CHECK: nd.broadcast_shapes %arg1, %arg0 {broadcast_dimensions = array<i64: 0, 2>} : (tensor<3xindex>, tensor<2xindex>) -> tensor<3xindex>
func.func @policies(%a: tensor<2xindex>, %b: tensor<3xindex>) {
  %0 = nd.broadcast_shapes %a, %b : (tensor<2xindex>, tensor<3xindex>) -> tensor<3xindex>
  %1 = nd.broadcast_shapes %b, %a {policy = "in_place"} : (tensor<3xindex>, tensor<2xindex>) -> tensor<3xindex>
  %2 = nd.broadcast_shapes %a, %b {policy = "onnx"} : (tensor<2xindex>, tensor<3xindex>) -> tensor<3xindex>
  %3 = nd.broadcast_shapes %b, %a {broadcast_dimensions = array<i64: 0, 2>} : (tensor<3xindex>, tensor<2xindex>) -> tensor<3xindex>
  return
}

// -----

// CHECK-LABEL: func.func @slices
// CHECK: nd.shape_slice %arg0[0 : -2] : (tensor<4xindex>) -> tensor<2xindex>
// CHECK: nd.shape_slice %arg0[-2 :] : (tensor<4xindex>) -> tensor<2xindex>
// CHECK: nd.shape_slice %arg1[1 :] : (tensor<?xindex>) -> tensor<?xindex>
// CHECK: nd.shape_slice %arg0[5 : 9] : (tensor<4xindex>) -> tensor<0xindex>
// CHECK: nd.shape_concat %0, %1 : (tensor<2xindex>, tensor<2xindex>) -> tensor<4xindex>
// CHECK: nd.shape_concat %0, %arg1 : (tensor<2xindex>, tensor<?xindex>) -> tensor<?xindex>
func.func @slices(%s: tensor<4xindex>, %d: tensor<?xindex>) {
  %0 = nd.shape_slice %s[0 : -2] : (tensor<4xindex>) -> tensor<2xindex>
  %1 = nd.shape_slice %s[-2 :] : (tensor<4xindex>) -> tensor<2xindex>
  %2 = nd.shape_slice %d[1 :] : (tensor<?xindex>) -> tensor<?xindex>
  %3 = nd.shape_slice %s[5 : 9] : (tensor<4xindex>) -> tensor<0xindex>
  %4 = nd.shape_concat %0, %1 : (tensor<2xindex>, tensor<2xindex>) -> tensor<4xindex>
  %5 = nd.shape_concat %0, %d : (tensor<2xindex>, tensor<?xindex>) -> tensor<?xindex>
  return
}

// -----

// CHECK-LABEL: func.func @broadcasts
// CHECK: nd.broadcast_in_dim %arg0, %arg2, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<2xindex>) -> tensor<3x?xf32>
// CHECK: nd.broadcast_to %arg1, %arg3 : (tensor<*xf32>, tensor<?xindex>) -> tensor<*xf32>
func.func @broadcasts(%a: tensor<?xf32>, %u: tensor<*xf32>, %s: tensor<2xindex>, %d: tensor<?xindex>) {
  %0 = nd.broadcast_in_dim %a, %s, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<2xindex>) -> tensor<3x?xf32>
  %1 = nd.broadcast_to %u, %d : (tensor<*xf32>, tensor<?xindex>) -> tensor<*xf32>
  return
}

// -----

func.func @dims_need_numpy(%a: tensor<2xindex>, %b: tensor<3xindex>) {
  // expected-error @+1 {{'nd.broadcast_shapes' op broadcast_dimensions place the lower-rank of two shapes, under the numpy policy}}
  %0 = nd.broadcast_shapes %b, %a {broadcast_dimensions = array<i64: 0, 2>, policy = "in_place"} : (tensor<3xindex>, tensor<2xindex>) -> tensor<3xindex>
  return
}

// -----

func.func @bad_dims(%a: tensor<2xindex>, %b: tensor<3xindex>) {
  // expected-error @+1 {{'nd.broadcast_shapes' op invalid broadcast dimensions: broadcast_dimensions must be strictly increasing}}
  %0 = nd.broadcast_shapes %b, %a {broadcast_dimensions = array<i64: 2, 0>} : (tensor<3xindex>, tensor<2xindex>) -> tensor<3xindex>
  return
}

// -----

func.func @in_place_longer(%a: tensor<2xindex>, %b: tensor<3xindex>) {
  // expected-error @+1 {{'nd.broadcast_shapes' op operand #1 has 3 entries but the in-place target, operand #0, has 2: broadcasting in place cannot add dimensions}}
  %0 = nd.broadcast_shapes %a, %b {policy = "in_place"} : (tensor<2xindex>, tensor<3xindex>) -> tensor<2xindex>
  return
}

// -----

func.func @in_place_length(%a: tensor<2xindex>, %b: tensor<1xindex>) {
  // expected-error @+1 {{'nd.broadcast_shapes' op result #0 ('tensor<1xindex>') must have 2 entries ('tensor<2xindex>' or 'tensor<?xindex>'), the length of the in-place target, operand #0}}
  %0 = nd.broadcast_shapes %a, %b {policy = "in_place"} : (tensor<2xindex>, tensor<1xindex>) -> tensor<1xindex>
  return
}

// -----

func.func @bad_policy(%a: tensor<2xindex>) {
  // expected-error @+1 {{'nd.broadcast_shapes' op policy 'xla' is not one of numpy, in_place, onnx}}
  %0 = nd.broadcast_shapes %a {policy = "xla"} : (tensor<2xindex>) -> tensor<2xindex>
  return
}

// -----

func.func @slice_length(%s: tensor<4xindex>) {
  // expected-error @+1 {{'nd.shape_slice' op result #0 ('tensor<3xindex>') must have 2 entries ('tensor<2xindex>' or 'tensor<?xindex>'), the length of the slice}}
  %0 = nd.shape_slice %s[1 : 3] : (tensor<4xindex>) -> tensor<3xindex>
  return
}

// -----

func.func @concat_length(%a: tensor<2xindex>, %b: tensor<?xindex>) {
  // expected-error @+1 {{'nd.shape_concat' op result #0 ('tensor<2xindex>') must have a dynamic length ('tensor<?xindex>'): an operand has a dynamic length}}
  %0 = nd.shape_concat %a, %b : (tensor<2xindex>, tensor<?xindex>) -> tensor<2xindex>
  return
}

// -----

func.func @nonexpanding_range(%a: tensor<?xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{'nd.broadcast_in_dim' op known_nonexpanding_dimensions[0] = 1 is not a dim of the operand (rank 1)}}
  %0 = nd.broadcast_in_dim %a, %s, dims = [1] {known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?xf32>, tensor<2xindex>) -> tensor<3x?xf32>
  return
}

// -----

func.func @nonexpanding_sizes(%a: tensor<1xf32>) {
  // expected-error @+1 {{'nd.broadcast_in_dim' op known_nonexpanding_dimensions[0] = 0, but operand dim 0 has size 1 and the result dim it maps to has size 4}}
  %0 = nd.broadcast_in_dim %a, dims = [0] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<1xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @unranked_needs_operand(%a: tensor<3xf32>) {
  // expected-error @+1 {{'nd.broadcast_to' op result #0 ('tensor<*xf32>') must be a ranked tensor}}
  %0 = nd.broadcast_to %a, shape = [2, 3] : (tensor<3xf32>) -> tensor<*xf32>
  return
}
