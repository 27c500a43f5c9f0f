// Values an ONNX graph computes at run time where nd needs sizes: Range's
// bounds (nd.iota of a computed length), ConstantOfShape's shape and Pad's
// value (nd.broadcast_to), a reduction's axes (nd.dynamic_reduce). Models:
// scripts/onnx-models.py.

// RUN: tensor-opt %S/Inputs/range_run_time.onnx | FileCheck %s --check-prefix=RANGE
// RANGE: nd.assert %{{.*}} {message = "Range's delta is 0"}
// RANGE: nd.assert %{{.*}} {message = "Range of integers needs start, limit and delta below 2^52 in magnitude"}
// RANGE: nd.ceil
// RANGE: %[[N:.*]] = nd.cast %{{.*}} : tensor<1xi64> to tensor<1xindex>
// RANGE: nd.iota %[[N]], dim = 0 : (tensor<1xindex>) -> tensor<?xi64>

// numpy.arange(1, 10, 3), arange(5, 0, -2) and an empty arange(5, 1, 2).
// RUN: tensor-run %S/Inputs/range_run_time.onnx --arg "dense<1> : tensor<i64>" --arg "dense<10> : tensor<i64>" --arg "dense<3> : tensor<i64>" | FileCheck %s --check-prefix=UP
// UP: dense<[1, 4, 7]> : tensor<3xi64>
// RUN: tensor-run %S/Inputs/range_run_time.onnx --arg "dense<5> : tensor<i64>" --arg "dense<0> : tensor<i64>" --arg "dense<-2> : tensor<i64>" | FileCheck %s --check-prefix=DOWN
// DOWN: dense<[5, 3, 1]> : tensor<3xi64>
// RUN: tensor-run %S/Inputs/range_run_time.onnx --arg "dense<5> : tensor<i64>" --arg "dense<1> : tensor<i64>" --arg "dense<2> : tensor<i64>" | FileCheck %s --check-prefix=EMPTY
// EMPTY: dense<> : tensor<0xi64>

// A delta of 0, and bounds whose f64 length would not be exact, fail at the node.
// RUN: not tensor-run %S/Inputs/range_run_time.onnx --arg "dense<5> : tensor<i64>" --arg "dense<1> : tensor<i64>" --arg "dense<0> : tensor<i64>" 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: range_run_time.onnx: node 'range' (Range):1:0: error: Range's delta is 0
// RUN: not tensor-run %S/Inputs/range_run_time.onnx --arg "dense<-4611686018427387904> : tensor<i64>" --arg "dense<-4611686018427387901> : tensor<i64>" --arg "dense<1> : tensor<i64>" 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: range_run_time.onnx: node 'range' (Range):1:0: error: Range of integers needs start, limit and delta below 2^52 in magnitude

// ConstantOfShape of a shape given at run time.
// RUN: tensor-opt %S/Inputs/constant_of_shape_run_time.onnx | FileCheck %s --check-prefix=FILL
// FILL: %[[C:.*]] = nd.constant dense<7> : tensor<i32>
// FILL: %[[S:.*]] = nd.cast %arg0 : tensor<2xi64> to tensor<2xindex>
// FILL: nd.broadcast_to %[[C]], %[[S]] : (tensor<i32>, tensor<2xindex>) -> tensor<?x?xi32>
// RUN: tensor-run %S/Inputs/constant_of_shape_run_time.onnx --arg "dense<[2, 3]> : tensor<2xi64>" | FileCheck %s --check-prefix=FILLED
// FILLED: dense<7> : tensor<2x3xi32>
// RUN: not tensor-run %S/Inputs/constant_of_shape_run_time.onnx --arg "dense<[2, -3]> : tensor<2xi64>" 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: constant_of_shape_run_time.onnx: node 'fill' (ConstantOfShape):1:0: error: 'nd.broadcast_to' op operand #1, the shape, has entry 1 = -3 at run time, which is not a size

// Pad with a value given at run time: blocks of it broadcast to their shapes.
// RUN: tensor-opt %S/Inputs/pad_run_time_value.onnx | FileCheck %s --check-prefix=PAD
// PAD: nd.broadcast_to %arg1, shape = [1, 2] : (tensor<f32>) -> tensor<1x2xf32>
// PAD: nd.broadcast_to %arg1, shape = [3, 2] : (tensor<f32>) -> tensor<3x2xf32>
// RUN: tensor-run %S/Inputs/pad_run_time_value.onnx --arg "dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>" --arg "dense<9.5> : tensor<f32>" | FileCheck %s --check-prefix=PADDED
// PADDED: dense<{{\[\[}}9.500000e+00, 9.500000e+00, 9.500000e+00, 9.500000e+00], [1.000000e+00, 2.000000e+00, 9.500000e+00, 9.500000e+00], [3.000000e+00, 4.000000e+00, 9.500000e+00, 9.500000e+00]]> : tensor<3x4xf32>

// ReduceMean over axes given at run time: nd.dynamic_reduce, divided by the
// product of the reduced sizes, read from the shape at those axes.
// RUN: tensor-opt %S/Inputs/reduce_mean_run_time.onnx | FileCheck %s --check-prefix=MEAN
// MEAN: func.func @main(%arg0: tensor<?x3xf32> {nd.dim_names = ["batch", ""]}, %arg1: tensor<1xi64>) -> tensor<?xf32>
// MEAN: %[[SUM:.*]] = nd.dynamic_reduce sum %arg0 across %arg1 init %{{.*}} : (tensor<?x3xf32>, tensor<1xi64>, tensor<f32>) -> tensor<?xf32>
// MEAN: %[[S:.*]] = nd.shape_of %arg0
// MEAN: %[[SI:.*]] = nd.cast %[[S]] : tensor<2xindex> to tensor<2xi64>
// MEAN: %[[G:.*]] = nd.gather %[[SI]][%arg1], axis = 0
// MEAN: %[[N:.*]] = nd.reduce prod %[[G]]
// MEAN: %[[NF:.*]] = nd.cast %[[N]] : tensor<i64> to tensor<f32>
// MEAN: nd.div %[[SUM]], %[[NF]]

// numpy.mean(x, axis=0), numpy.mean(x, axis=-1), and an axis out of range.
// RUN: tensor-run %S/Inputs/reduce_mean_run_time.onnx --arg "dense<[[1.0, 2.0, 3.0], [5.0, 6.0, 10.0]]> : tensor<2x3xf32>" --arg "dense<[0]> : tensor<1xi64>" | FileCheck %s --check-prefix=AXIS0
// AXIS0: dense<[3.000000e+00, 4.000000e+00, 6.500000e+00]> : tensor<3xf32>
// RUN: tensor-run %S/Inputs/reduce_mean_run_time.onnx --arg "dense<[[1.0, 2.0, 3.0], [5.0, 6.0, 10.0]]> : tensor<2x3xf32>" --arg "dense<[-1]> : tensor<1xi64>" | FileCheck %s --check-prefix=AXISM1
// AXISM1: dense<[2.000000e+00, 7.000000e+00]> : tensor<2xf32>
// RUN: not tensor-run %S/Inputs/reduce_mean_run_time.onnx --arg "dense<[[1.0, 2.0, 3.0], [5.0, 6.0, 10.0]]> : tensor<2x3xf32>" --arg "dense<[2]> : tensor<1xi64>" 2>&1 | FileCheck %s --check-prefix=AXIS2
// AXIS2: reduce_mean_run_time.onnx: node 'mean' (ReduceMean):1:0: error: 'nd.dynamic_reduce' op has axis 2 (element 0 of operand #1) outside [-2, 2), the rank of operand #0, of shape [2, 3] at run time
