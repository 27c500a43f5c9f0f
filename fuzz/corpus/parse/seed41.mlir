// RUN: tensor-opt --allow-unregistered-dialect %s | FileCheck %s

// CHECK-LABEL: func.func private @integers(i1, i8, i16, i32, i64, si8, ui32, i17)
func.func private @integers(i1, i8, i16, i32, i64, si8, ui32, i17)

// CHECK-LABEL: func.func private @floats(f16, bf16, f32, f64)
func.func private @floats(f16, bf16, f32, f64)

// CHECK-LABEL: func.func private @others(index, none)
func.func private @others(index, none)

// CHECK-LABEL: func.func private @ranked(tensor<4xf32>, tensor<?x4xf32>, tensor<2x?x?xi8>, tensor<0x3xf64>, tensor<1x1x1x1x1xindex>)
func.func private @ranked(tensor<4xf32>, tensor<?x4xf32>, tensor<2x?x?xi8>, tensor<0x3xf64>, tensor<1x1x1x1x1xindex>)

// CHECK-LABEL: func.func private @rank0(tensor<f32>, tensor<i1>)
func.func private @rank0(tensor<f32>, tensor<i1>)

// CHECK-LABEL: func.func private @unranked(tensor<*xf32>, tensor<*xi64>)
func.func private @unranked(tensor<*xf32>, tensor<*xi64>)

// Spaces inside shaped types are allowed and dropped.
// CHECK-LABEL: func.func private @spaced(tensor<4x?xf32>, tensor<*xf32>)
func.func private @spaced(tensor< 4 x ? x f32 >, tensor< * x f32>)

// CHECK-LABEL: func.func private @vectors(vector<4xf32>, vector<2x3xi8>, vector<f16>)
func.func private @vectors(vector<4xf32>, vector<2x3xi8>, vector<f16>)

// CHECK-LABEL: func.func private @functions((i32) -> f32, () -> (), (i32, i32) -> (i32, i32)) -> ((f32) -> i1)
func.func private @functions((i32) -> f32, () -> (), (i32, i32) -> (i32, i32)) -> ((f32) -> i1)

// CHECK-LABEL: func.func private @encoding(tensor<4x4xf32, "csr">)
func.func private @encoding(tensor<4x4xf32, "csr">)

// CHECK-LABEL: func.func private @dialect_types(!foo.bar, !foo.baz<1, "x", <nested>>)
func.func private @dialect_types(!foo.bar, !foo.baz<1, "x", <nested>>)

// The largest static dim is int64 max.
// CHECK-LABEL: func.func private @huge(tensor<9223372036854775807xi8>)
func.func private @huge(tensor<9223372036854775807xi8>)
