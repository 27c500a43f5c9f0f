// nd.gather (ONNX Gather, numpy.take) and nd.gather_elements (ONNX
// GatherElements, numpy.take_along_axis). The custom form round-trips, also
// through the generic form; each verifier error is its own chunk.
// RUN: tensor-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: tensor-opt %s -split-input-file -verify-diagnostics --mlir-print-op-generic | tensor-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @ops
// CHECK-NEXT: %0 = nd.gather %arg0[%arg2], axis = 1 : (tensor<3x5xf32>, tensor<2xi64>) -> tensor<3x2xf32>
// CHECK-NEXT: %1 = nd.gather %arg0[%arg3], axis = 0 : (tensor<3x5xf32>, tensor<i32>) -> tensor<5xf32>
// CHECK-NEXT: %2 = nd.gather %arg1[%arg4], axis = 0 : (tensor<?x4xi32>, tensor<2x?xi64>) -> tensor<2x?x4xi32>
// CHECK-NEXT: %3 = nd.gather_elements %arg0[%arg5], axis = 0 : (tensor<3x5xf32>, tensor<2x5xi32>) -> tensor<2x5xf32>
// CHECK-NEXT: %4 = nd.gather_elements %arg1[%arg6], axis = 1 : (tensor<?x4xi32>, tensor<?x7xi64>) -> tensor<?x7xi32>
// CHECK-NEXT: return
func.func @ops(%x: tensor<3x5xf32>, %d: tensor<?x4xi32>, %i: tensor<2xi64>, %s: tensor<i32>, %m: tensor<2x?xi64>, %e: tensor<2x5xi32>, %f: tensor<?x7xi64>) {
  %0 = nd.gather %x[%i], axis = 1 : (tensor<3x5xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  %1 = nd.gather %x[%s], axis = 0 : (tensor<3x5xf32>, tensor<i32>) -> tensor<5xf32>
  %2 = nd.gather %d[%m], axis = 0 : (tensor<?x4xi32>, tensor<2x?xi64>) -> tensor<2x?x4xi32>
  %3 = nd.gather_elements %x[%e], axis = 0 : (tensor<3x5xf32>, tensor<2x5xi32>) -> tensor<2x5xf32>
  %4 = nd.gather_elements %d[%f], axis = 1 : (tensor<?x4xi32>, tensor<?x7xi64>) -> tensor<?x7xi32>
  return
}

// -----

func.func @gather_axis_too_big(%x: tensor<3x5xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'nd.gather' op axis 2 is negative or not below the rank 2 of operand #0 ('tensor<3x5xf32>')}}
  %0 = nd.gather %x[%i], axis = 2 : (tensor<3x5xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return
}

// -----

func.func @gather_axis_negative(%x: tensor<3x5xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'nd.gather' op axis -1 is negative or not below the rank 2 of operand #0 ('tensor<3x5xf32>')}}
  %0 = nd.gather %x[%i], axis = -1 : (tensor<3x5xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return
}

// -----

func.func @gather_float_indices(%x: tensor<3x5xf32>, %i: tensor<2xf32>) {
  // expected-error @+1 {{'nd.gather' op operand #1 ('tensor<2xf32>') must have integer or index elements, but has 'f32'}}
  %0 = nd.gather %x[%i], axis = 0 : (tensor<3x5xf32>, tensor<2xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @gather_wrong_result(%x: tensor<3x5xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'nd.gather' op result #0 ('tensor<3x2xf32>') does not have the shape [2, 5] (data's dims before axis, indices' dims, data's dims after axis): result dim 0 has size 3 but the inferred size is 2}}
  %0 = nd.gather %x[%i], axis = 0 : (tensor<3x5xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return
}

// -----

func.func @gather_wrong_element(%x: tensor<3x5xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'nd.gather' op result #0 ('tensor<2x5xi64>') must have the element type of operand #0 ('tensor<3x5xf32>'), 'f32'}}
  %0 = nd.gather %x[%i], axis = 0 : (tensor<3x5xf32>, tensor<2xi64>) -> tensor<2x5xi64>
  return
}

// -----

func.func @elements_rank(%x: tensor<3x5xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'nd.gather_elements' op indices have rank 1 but data has rank 2: they must have the same rank}}
  %0 = nd.gather_elements %x[%i], axis = 0 : (tensor<3x5xf32>, tensor<2xi64>) -> tensor<2xf32>
  return
}

// -----

func.func @elements_too_wide(%x: tensor<3x5xf32>, %i: tensor<2x6xi64>) {
  // expected-error @+1 {{'nd.gather_elements' op indices' size 6 in dim 1 is larger than data's size 5 (off the axis, indices' sizes must not exceed data's)}}
  %0 = nd.gather_elements %x[%i], axis = 0 : (tensor<3x5xf32>, tensor<2x6xi64>) -> tensor<2x6xf32>
  return
}

// -----

func.func @elements_axis(%x: tensor<3x5xf32>, %i: tensor<2x5xi64>) {
  // expected-error @+1 {{'nd.gather_elements' op axis 3 is negative or not below the rank 2 of operand #0 ('tensor<3x5xf32>')}}
  %0 = nd.gather_elements %x[%i], axis = 3 : (tensor<3x5xf32>, tensor<2x5xi64>) -> tensor<2x5xf32>
  return
}

// -----

func.func @elements_wrong_result(%x: tensor<3x5xf32>, %i: tensor<2x5xi64>) {
  // expected-error @+1 {{'nd.gather_elements' op result #0 ('tensor<3x5xf32>') does not have the shape [2, 5] (indices' shape): result dim 0 has size 3 but the inferred size is 2}}
  %0 = nd.gather_elements %x[%i], axis = 0 : (tensor<3x5xf32>, tensor<2x5xi64>) -> tensor<3x5xf32>
  return
}
