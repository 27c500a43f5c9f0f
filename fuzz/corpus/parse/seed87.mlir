// Explicit broadcasts, assign, and the shape ops (static and dynamic).
// RUN: tensor-run %s --entry in_dim --arg 'dense<[1, 2, 3]> : tensor<3xi32>' | FileCheck %s --check-prefix=INDIM
// RUN: tensor-run %s --entry in_dim_dynamic --arg 'dense<[1, 2, 3]> : tensor<3xi32>' --arg 'dense<[2, 3]> : tensor<2xindex>' | FileCheck %s --check-prefix=INDIMDYN
// RUN: tensor-run %s --entry to_static --arg 'dense<[[1.0], [2.0]]> : tensor<2x1xf64>' | FileCheck %s --check-prefix=TO
// RUN: tensor-run %s --entry to_dynamic --arg 'dense<[5, 6]> : tensor<2xi16>' --arg 'dense<[2, 2]> : tensor<2xindex>' | FileCheck %s --check-prefix=TODYN
// RUN: tensor-run %s --entry broadcast_pair --arg 'dense<[1, 2, 3]> : tensor<3xi8>' --arg 'dense<[[true], [false]]> : tensor<2x1xi1>' | FileCheck %s --check-prefix=PAIR
// RUN: tensor-run %s --entry assign --arg 'dense<[[0.0, 0.0], [0.0, 0.0]]> : tensor<2x2xf32>' --arg 'dense<[7.0, 8.0]> : tensor<2xf32>' | FileCheck %s --check-prefix=ASSIGN
// RUN: tensor-run %s --entry shapes --arg 'dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>' --arg 'dense<[[1.0], [2.0]]> : tensor<2x1xf32>' | FileCheck %s --check-prefix=SHAPES

// INDIM: dense<{{\[\[}}1, 2, 3], [1, 2, 3]]> : tensor<2x3xi32>
// INDIM-NEXT: dense<{{\[\[}}1, 1], [2, 2], [3, 3]]> : tensor<3x2xi32>
func.func @in_dim(%v: tensor<3xi32>) -> (tensor<2x3xi32>, tensor<3x2xi32>) {
  %a = nd.broadcast_in_dim %v, dims = [1] : (tensor<3xi32>) -> tensor<2x3xi32>
  %b = nd.broadcast_in_dim %v, dims = [0] : (tensor<3xi32>) -> tensor<3x2xi32>
  return %a, %b : tensor<2x3xi32>, tensor<3x2xi32>
}

// INDIMDYN: dense<{{\[\[}}1, 2, 3], [1, 2, 3]]> : tensor<2x3xi32>
func.func @in_dim_dynamic(%v: tensor<3xi32>, %s: tensor<2xindex>) -> tensor<?x3xi32> {
  %a = nd.broadcast_in_dim %v, %s, dims = [1] : (tensor<3xi32>, tensor<2xindex>) -> tensor<?x3xi32>
  return %a : tensor<?x3xi32>
}

// TO: dense<{{\[\[}}[1.000000e+00, 1.000000e+00, 1.000000e+00], [2.000000e+00, 2.000000e+00, 2.000000e+00]], {{\[\[}}1.000000e+00, 1.000000e+00, 1.000000e+00], [2.000000e+00, 2.000000e+00, 2.000000e+00]]]> : tensor<2x2x3xf64>
func.func @to_static(%x: tensor<2x1xf64>) -> tensor<2x2x3xf64> {
  %y = nd.broadcast_to %x, shape = [2, 2, 3] : (tensor<2x1xf64>) -> tensor<2x2x3xf64>
  return %y : tensor<2x2x3xf64>
}

// TODYN: dense<{{\[\[}}5, 6], [5, 6]]> : tensor<2x2xi16>
func.func @to_dynamic(%x: tensor<2xi16>, %s: tensor<2xindex>) -> tensor<?x?xi16> {
  %y = nd.broadcast_to %x, %s : (tensor<2xi16>, tensor<2xindex>) -> tensor<?x?xi16>
  return %y : tensor<?x?xi16>
}

// PAIR: dense<{{\[\[}}1, 2, 3], [1, 2, 3]]> : tensor<2x3xi8>
// PAIR-NEXT: dense<{{\[\[}}true, true, true], [false, false, false]]> : tensor<2x3xi1>
func.func @broadcast_pair(%a: tensor<3xi8>, %b: tensor<2x1xi1>) -> (tensor<2x3xi8>, tensor<2x3xi1>) {
  %r:2 = nd.broadcast %a, %b : (tensor<3xi8>, tensor<2x1xi1>) -> (tensor<2x3xi8>, tensor<2x3xi1>)
  return %r#0, %r#1 : tensor<2x3xi8>, tensor<2x3xi1>
}

// ASSIGN: dense<{{\[\[}}7.000000e+00, 8.000000e+00], [7.000000e+00, 8.000000e+00]]> : tensor<2x2xf32>
func.func @assign(%d: tensor<2x2xf32>, %s: tensor<2xf32>) -> tensor<2x2xf32> {
  %r = nd.assign %d, %s : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// SHAPES: dense<[1, 3]> : tensor<2xindex>
// SHAPES-NEXT: dense<[2, 3]> : tensor<2xindex>
// SHAPES-NEXT: dense<3> : tensor<1xindex>
// SHAPES-NEXT: dense<[1, 3, 2, 3]> : tensor<4xindex>
// SHAPES-NEXT: dense<2> : tensor<index>
func.func @shapes(%a: tensor<1x3xf32>, %b: tensor<2x1xf32>) -> (tensor<2xindex>, tensor<2xindex>, tensor<1xindex>, tensor<4xindex>, tensor<index>) {
  %sa = nd.shape_of %a : (tensor<1x3xf32>) -> tensor<2xindex>
  %sb = nd.shape_of %b : (tensor<2x1xf32>) -> tensor<2xindex>
  %s = nd.broadcast_shapes %sa, %sb : (tensor<2xindex>, tensor<2xindex>) -> tensor<2xindex>
  %t = nd.shape_slice %s[1 : 2] : (tensor<2xindex>) -> tensor<1xindex>
  %c = nd.shape_concat %sa, %s : (tensor<2xindex>, tensor<2xindex>) -> tensor<4xindex>
  %d = nd.dim %b[0] : (tensor<2x1xf32>) -> tensor<index>
  return %sa, %s, %t, %c, %d : tensor<2xindex>, tensor<2xindex>, tensor<1xindex>, tensor<4xindex>, tensor<index>
}
