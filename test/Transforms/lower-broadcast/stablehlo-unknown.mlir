// --lower-broadcast on a StableHLO broadcast of a ? that may be a stretching 1
// or the target's size: only a dispatch on its size could annotate it, which is
// not built yet. It stays unannotated (IREE then refuses it), with a warning,
// and --verify-explicit-broadcast reports it.
// RUN: tensor-opt %s --lower-broadcast 2>/dev/null | FileCheck %s
// RUN: tensor-opt %s --lower-broadcast -verify-diagnostics > /dev/null
// RUN: tensor-opt %s --lower-broadcast 2>/dev/null | not tensor-opt --verify-explicit-broadcast 2>&1 | FileCheck %s --check-prefix=VERIFY
// VERIFY: error: 'stablehlo.dynamic_broadcast_in_dim' op broadcasts implicitly: operand dim 0 is neither known expanding nor known non-expanding

// A ? that may be a stretching 1 or the target's size: not annotated (IREE
// then refuses it), with a warning; a dispatch on its size is not built yet.
// CHECK-LABEL: func.func @unknown
// CHECK-NEXT:    %0 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [1] : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
func.func @unknown(%x: tensor<?xf32>, %s: tensor<2xi32>) -> tensor<?x?xf32> {
  // expected-warning @+1 {{operand dim 0 may stretch a run-time 1 or not: left unannotated (a dispatch on its size is not built yet)}}
  %y = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
