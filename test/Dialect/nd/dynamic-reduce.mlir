// nd.dynamic_reduce: nd.reduce across dims read at run time (ONNX's reductions
// with an axes input). The custom form round-trips, also through the generic
// form; each verifier error is its own chunk.
// RUN: tensor-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: tensor-opt %s -split-input-file -verify-diagnostics --mlir-print-op-generic | tensor-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @ops
// CHECK-NEXT: %0 = nd.dynamic_reduce sum %arg0 across %arg1 keep_dims : (tensor<4x1x8xf32>, tensor<1xi64>) -> tensor<?x1x?xf32>
// CHECK-NEXT: %1 = nd.dynamic_reduce max %arg0 across %arg1 init %arg2 : (tensor<4x1x8xf32>, tensor<1xi64>, tensor<f32>) -> tensor<?x?xf32>
// CHECK-NEXT: %2 = nd.dynamic_reduce min %arg0 across %arg3 : (tensor<4x1x8xf32>, tensor<?xi32>) -> tensor<*xf32>
// CHECK-NEXT: %3 = nd.dynamic_reduce sum %arg0 across %arg3 : (tensor<4x1x8xf32>, tensor<?xi32>) -> tensor<?xf32>
// CHECK-NEXT: return
func.func @ops(%x: tensor<4x1x8xf32>, %a: tensor<1xi64>, %i: tensor<f32>, %d: tensor<?xi32>) {
  %0 = nd.dynamic_reduce sum %x across %a keep_dims : (tensor<4x1x8xf32>, tensor<1xi64>) -> tensor<?x1x?xf32>
  %1 = nd.dynamic_reduce max %x across %a init %i : (tensor<4x1x8xf32>, tensor<1xi64>, tensor<f32>) -> tensor<?x?xf32>
  %2 = nd.dynamic_reduce min %x across %d : (tensor<4x1x8xf32>, tensor<?xi32>) -> tensor<*xf32>
  %3 = nd.dynamic_reduce sum %x across %d : (tensor<4x1x8xf32>, tensor<?xi32>) -> tensor<?xf32>
  return
}

// -----

func.func @axes_not_1d(%x: tensor<4x8xf32>, %a: tensor<1x1xi64>) {
  // expected-error @+1 {{'nd.dynamic_reduce' op operand #1 ('tensor<1x1xi64>') must be 1-D}}
  %0 = nd.dynamic_reduce sum %x across %a : (tensor<4x8xf32>, tensor<1x1xi64>) -> tensor<?xf32>
  return
}

// -----

func.func @axes_not_integer(%x: tensor<4x8xf32>, %a: tensor<1xf32>) {
  // expected-error @+1 {{'nd.dynamic_reduce' op operand #1 ('tensor<1xf32>') must have integer or index elements, but has 'f32'}}
  %0 = nd.dynamic_reduce sum %x across %a : (tensor<4x8xf32>, tensor<1xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @too_many_axes(%x: tensor<4x8xf32>, %a: tensor<3xi64>) {
  // expected-error @+1 {{'nd.dynamic_reduce' op reduces 3 dims (operand #1 ('tensor<3xi64>')) of a rank-2 operand}}
  %0 = nd.dynamic_reduce sum %x across %a : (tensor<4x8xf32>, tensor<3xi64>) -> tensor<f32>
  return
}

// -----

// Which dims are reduced is known only at run time: a static size other than
// the operand's 1s is not proved.
func.func @static_result(%x: tensor<4x1x8xf32>, %a: tensor<1xi64>) {
  // expected-error @+1 {{'nd.dynamic_reduce' op result #0 ('tensor<4x1x1xf32>') does not have the shape [?, 1, ?] (the operand's 1s kept, other sizes known at run time): result dim 0 is static (4) but the inferred dim is dynamic}}
  %0 = nd.dynamic_reduce prod %x across %a keep_dims : (tensor<4x1x8xf32>, tensor<1xi64>) -> tensor<4x1x1xf32>
  return
}

// -----

func.func @wrong_rank(%x: tensor<4x8xf32>, %a: tensor<1xi64>) {
  // expected-error @+1 {{'nd.dynamic_reduce' op result #0 ('tensor<?x?xf32>') does not have the shape [?] (the operand's rank less the number of axes, sizes known at run time)}}
  %0 = nd.dynamic_reduce sum %x across %a : (tensor<4x8xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @kept_one_not_one(%x: tensor<4x1xf32>, %a: tensor<1xi64>) {
  // expected-error @+1 {{'nd.dynamic_reduce' op result #0 ('tensor<?x2xf32>') does not have the shape [?, 1] (the operand's 1s kept, other sizes known at run time)}}
  %0 = nd.dynamic_reduce sum %x across %a keep_dims : (tensor<4x1xf32>, tensor<1xi64>) -> tensor<?x2xf32>
  return
}

// -----

func.func @rank_above(%x: tensor<4x8xf32>, %a: tensor<?xi64>) {
  // expected-error @+1 {{'nd.dynamic_reduce' op result #0 has rank 3, above the rank 2 of the operand it reduces}}
  %0 = nd.dynamic_reduce sum %x across %a : (tensor<4x8xf32>, tensor<?xi64>) -> tensor<?x?x?xf32>
  return
}

// -----

func.func @bad_init(%x: tensor<4x8xf32>, %a: tensor<1xi64>, %i: tensor<1xf32>) {
  // expected-error @+1 {{'nd.dynamic_reduce' op the init value, operand #2 ('tensor<1xf32>'), must be a 0-D tensor}}
  %0 = nd.dynamic_reduce sum %x across %a init %i : (tensor<4x8xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @init_elem(%x: tensor<4x8xf32>, %a: tensor<1xi64>, %i: tensor<f64>) {
  // expected-error @+1 {{'nd.dynamic_reduce' op result #0 ('tensor<?xf32>') must have the element type of operand #2 ('tensor<f64>'), 'f64'}}
  %0 = nd.dynamic_reduce sum %x across %a init %i : (tensor<4x8xf32>, tensor<1xi64>, tensor<f64>) -> tensor<?xf32>
  return
}

// -----

func.func @unranked_input(%x: tensor<*xf32>, %a: tensor<1xi64>) {
  // expected-error @+1 {{'nd.dynamic_reduce' op operand #0 ('tensor<*xf32>') must be a ranked tensor}}
  %0 = nd.dynamic_reduce sum %x across %a : (tensor<*xf32>, tensor<1xi64>) -> tensor<*xf32>
  return
}
