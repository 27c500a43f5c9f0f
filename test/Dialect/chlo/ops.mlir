// Every chlo op in its custom form, as StableHLO's printer writes it
// (tests/chlo_torch_mlir.rs compares this file with torch-mlir-opt, pretty and
// generic): it verifies, prints back in the custom form, and the printed and the
// generic forms both parse back to it. The attribute dictionary prints sorted,
// properties and discardable attributes together, as upstream's does.
// RUN: tensor-opt %s | tensor-opt | FileCheck %s
// RUN: tensor-opt %s --mlir-print-op-generic | tensor-opt | FileCheck %s
// RUN: tensor-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @arithmetic
func.func @arithmetic(%a: tensor<4xf32>, %b: tensor<2x4xf32>, %s: tensor<f32>) -> tensor<2x4xf32> {
  // CHECK: %0 = chlo.broadcast_add %arg0, %arg1 : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %0 = chlo.broadcast_add %a, %b : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  // CHECK: %1 = chlo.broadcast_subtract %0, %arg2 : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  %1 = chlo.broadcast_subtract %0, %s : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  // CHECK: %2 = chlo.broadcast_multiply %1, %arg0 : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  %2 = chlo.broadcast_multiply %1, %a : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  // CHECK: %3 = chlo.broadcast_divide %2, %arg1 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %3 = chlo.broadcast_divide %2, %b : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  // CHECK: %4 = chlo.broadcast_remainder %3, %arg2 : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  %4 = chlo.broadcast_remainder %3, %s : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  // CHECK: %5 = chlo.broadcast_power %4, %arg0 : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  %5 = chlo.broadcast_power %4, %a : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  // CHECK: %6 = chlo.broadcast_maximum %5, %arg1 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %6 = chlo.broadcast_maximum %5, %b : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  // CHECK: %7 = chlo.broadcast_minimum %6, %arg2 : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  %7 = chlo.broadcast_minimum %6, %s : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  // CHECK: %8 = chlo.broadcast_atan2 %7, %arg0 : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  %8 = chlo.broadcast_atan2 %7, %a : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %8 : tensor<2x4xf32>
}

// CHECK-LABEL: func.func @logic
func.func @logic(%i: tensor<4xi32>, %j: tensor<3x4xi32>, %p: tensor<4xi1>, %q: tensor<3x1xi1>) -> (tensor<3x4xi32>, tensor<3x4xi1>) {
  // CHECK: %0 = chlo.broadcast_and %arg0, %arg1 : (tensor<4xi32>, tensor<3x4xi32>) -> tensor<3x4xi32>
  %0 = chlo.broadcast_and %i, %j : (tensor<4xi32>, tensor<3x4xi32>) -> tensor<3x4xi32>
  // CHECK: %1 = chlo.broadcast_or %0, %arg0 : (tensor<3x4xi32>, tensor<4xi32>) -> tensor<3x4xi32>
  %1 = chlo.broadcast_or %0, %i : (tensor<3x4xi32>, tensor<4xi32>) -> tensor<3x4xi32>
  // CHECK: %2 = chlo.broadcast_xor %1, %arg1 : (tensor<3x4xi32>, tensor<3x4xi32>) -> tensor<3x4xi32>
  %2 = chlo.broadcast_xor %1, %j : (tensor<3x4xi32>, tensor<3x4xi32>) -> tensor<3x4xi32>
  // CHECK: %3 = chlo.broadcast_and %arg2, %arg3 : (tensor<4xi1>, tensor<3x1xi1>) -> tensor<3x4xi1>
  %3 = chlo.broadcast_and %p, %q : (tensor<4xi1>, tensor<3x1xi1>) -> tensor<3x4xi1>
  return %2, %3 : tensor<3x4xi32>, tensor<3x4xi1>
}

// CHECK-LABEL: func.func @broadcast_dimensions
func.func @broadcast_dimensions(%m: tensor<2x3xf32>, %v: tensor<2xf32>, %w: tensor<3xf32>, %c: tensor<2x3x4xf32>, %t: tensor<3x4xf32>) -> tensor<2x3x4xf32> {
  // CHECK: %0 = chlo.broadcast_add %arg0, %arg1 {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  %0 = chlo.broadcast_add %m, %v {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  // CHECK: %1 = chlo.broadcast_add %arg2, %0 {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = chlo.broadcast_add %w, %0 {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: %2 = chlo.broadcast_multiply %arg3, %arg4 {broadcast_dimensions = array<i64: 1, 2>} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  %2 = chlo.broadcast_multiply %c, %t {broadcast_dimensions = array<i64: 1, 2>} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK: %3 = chlo.broadcast_multiply %2, %1 {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x3x4xf32>, tensor<2x3xf32>) -> tensor<2x3x4xf32>
  %3 = chlo.broadcast_multiply %2, %1 {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x3x4xf32>, tensor<2x3xf32>) -> tensor<2x3x4xf32>
  // CHECK: %4 = chlo.broadcast_subtract %3, %3 {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %4 = chlo.broadcast_subtract %3, %3 {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %4 : tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @compare
func.func @compare(%a: tensor<4xf32>, %b: tensor<2x4xf32>, %i: tensor<2xi32>, %j: tensor<2x5xi32>) -> (tensor<2x4xi1>, tensor<2x4xi1>, tensor<2x5xi1>) {
  // CHECK: %0 = chlo.broadcast_compare %arg0, %arg1 {comparison_direction = #chlo<comparison_direction GT>} : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction GT>} : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
  // CHECK: %1 = chlo.broadcast_compare %arg0, %arg1 {compare_type = #chlo<comparison_type FLOAT>, comparison_direction = #chlo<comparison_direction EQ>} : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
  %1 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction EQ>, compare_type = #chlo<comparison_type FLOAT>} : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
  // CHECK: %2 = chlo.broadcast_compare %arg2, %arg3 {broadcast_dimensions = array<i64: 0>, compare_type = #chlo<comparison_type SIGNED>, comparison_direction = #chlo<comparison_direction LE>} : (tensor<2xi32>, tensor<2x5xi32>) -> tensor<2x5xi1>
  %2 = chlo.broadcast_compare %i, %j {broadcast_dimensions = array<i64: 0>, comparison_direction = #chlo<comparison_direction LE>, compare_type = #chlo<comparison_type SIGNED>} : (tensor<2xi32>, tensor<2x5xi32>) -> tensor<2x5xi1>
  return %0, %1, %2 : tensor<2x4xi1>, tensor<2x4xi1>, tensor<2x5xi1>
}

// CHECK-LABEL: func.func @select
func.func @select(%p: tensor<2x1xi1>, %a: tensor<4xf32>, %s: tensor<f32>) -> tensor<2x4xf32> {
  // CHECK: %0 = chlo.broadcast_select %arg0, %arg1, %arg2 : (tensor<2x1xi1>, tensor<4xf32>, tensor<f32>) -> tensor<2x4xf32>
  %0 = chlo.broadcast_select %p, %a, %s : (tensor<2x1xi1>, tensor<4xf32>, tensor<f32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// CHECK-LABEL: func.func @erf
func.func @erf(%a: tensor<2x?xf32>, %h: tensor<3xf16>) -> (tensor<2x?xf32>, tensor<3xf16>) {
  // CHECK: %0 = chlo.erf %arg0 : tensor<2x?xf32> -> tensor<2x?xf32>
  %0 = chlo.erf %a : tensor<2x?xf32> -> tensor<2x?xf32>
  // CHECK: %1 = chlo.erf %arg1 : tensor<3xf16> -> tensor<3xf16>
  %1 = chlo.erf %h : tensor<3xf16> -> tensor<3xf16>
  return %0, %1 : tensor<2x?xf32>, tensor<3xf16>
}

// CHECK-LABEL: func.func @dynamic
func.func @dynamic(%a: tensor<?xf32>, %b: tensor<?x?xf32>, %u: tensor<*xf32>) -> (tensor<?x?xf32>, tensor<*xf32>) {
  // CHECK: %0 = chlo.broadcast_add %arg0, %arg1 : (tensor<?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %0 = chlo.broadcast_add %a, %b : (tensor<?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: %1 = chlo.broadcast_multiply %arg1, %arg0 {broadcast_dimensions = array<i64: 0>} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %1 = chlo.broadcast_multiply %b, %a {broadcast_dimensions = array<i64: 0>} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  // CHECK: %2 = chlo.broadcast_maximum %0, %1 : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = chlo.broadcast_maximum %0, %1 : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: %3 = chlo.broadcast_add %2, %arg2 : (tensor<?x?xf32>, tensor<*xf32>) -> tensor<*xf32>
  %3 = chlo.broadcast_add %2, %u : (tensor<?x?xf32>, tensor<*xf32>) -> tensor<*xf32>
  return %2, %3 : tensor<?x?xf32>, tensor<*xf32>
}

// CHECK-LABEL: func.func @generic_form
func.func @generic_form(%a: tensor<4xf32>, %b: tensor<2x4xf32>) -> tensor<2x4xi1> {
  // GENERIC: "chlo.broadcast_add"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{broadcast_dimensions = array<i64: 1>}> : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  // GENERIC: "chlo.broadcast_compare"(%{{[0-9]+}}, %arg{{[0-9]+}}) <{comparison_direction = #chlo<comparison_direction NE>}> : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
  // CHECK: %0 = chlo.broadcast_add %arg0, %arg1 {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %0 = "chlo.broadcast_add"(%a, %b) <{broadcast_dimensions = array<i64: 1>}> : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  // CHECK: %1 = chlo.broadcast_compare %0, %arg1 {comparison_direction = #chlo<comparison_direction NE>} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
  %1 = "chlo.broadcast_compare"(%0, %b) <{comparison_direction = #chlo<comparison_direction  NE>}> : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
  return %1 : tensor<2x4xi1>
}

// CHECK-LABEL: func.func @directions
func.func @directions(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xi1> {
  // CHECK: %0 = chlo.broadcast_compare %arg0, %arg1 {comparison_direction = #chlo<comparison_direction EQ>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction EQ>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // CHECK: %1 = chlo.broadcast_compare %arg0, %arg1 {compare_type = #chlo<comparison_type NOTYPE>, comparison_direction = #chlo<comparison_direction NE>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction NE>, compare_type = #chlo<comparison_type NOTYPE>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // CHECK: %2 = chlo.broadcast_compare %arg0, %arg1 {compare_type = #chlo<comparison_type TOTALORDER>, comparison_direction = #chlo<comparison_direction GE>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %2 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction GE>, compare_type = #chlo<comparison_type TOTALORDER>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // CHECK: %3 = chlo.broadcast_compare %arg0, %arg1 {comparison_direction = #chlo<comparison_direction LE>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %3 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LE>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // CHECK: %4 = chlo.broadcast_compare %arg0, %arg1 {comparison_direction = #chlo<comparison_direction LT>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %4 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %4 : tensor<4xi1>
}

// CHECK-LABEL: func.func @int_types
func.func @int_types(%i: tensor<4xui8>, %j: tensor<2x4xui8>, %s: tensor<ui16>) -> tensor<2x4xi1> {
  // CHECK: %0 = chlo.broadcast_compare %arg0, %arg1 {compare_type = #chlo<comparison_type UNSIGNED>, comparison_direction = #chlo<comparison_direction LT>} : (tensor<4xui8>, tensor<2x4xui8>) -> tensor<2x4xi1>
  %0 = chlo.broadcast_compare %i, %j {comparison_direction = #chlo<comparison_direction LT>, compare_type = #chlo<comparison_type UNSIGNED>} : (tensor<4xui8>, tensor<2x4xui8>) -> tensor<2x4xi1>
  // CHECK: %1 = chlo.broadcast_add %arg2, %arg2 : (tensor<ui16>, tensor<ui16>) -> tensor<ui16>
  %1 = chlo.broadcast_add %s, %s : (tensor<ui16>, tensor<ui16>) -> tensor<ui16>
  // CHECK: %2 = chlo.broadcast_or %arg0, %arg1 : (tensor<4xui8>, tensor<2x4xui8>) -> tensor<2x4xui8>
  %2 = chlo.broadcast_or %i, %j : (tensor<4xui8>, tensor<2x4xui8>) -> tensor<2x4xui8>
  return %0 : tensor<2x4xi1>
}

// CHECK-LABEL: func.func @bools
func.func @bools(%p: tensor<4xi1>, %q: tensor<2x1xi1>) -> tensor<2x4xi1> {
  // CHECK: %0 = chlo.broadcast_add %arg0, %arg1 : (tensor<4xi1>, tensor<2x1xi1>) -> tensor<2x4xi1>
  %0 = chlo.broadcast_add %p, %q : (tensor<4xi1>, tensor<2x1xi1>) -> tensor<2x4xi1>
  // CHECK: %1 = chlo.broadcast_xor %0, %arg0 : (tensor<2x4xi1>, tensor<4xi1>) -> tensor<2x4xi1>
  %1 = chlo.broadcast_xor %0, %p : (tensor<2x4xi1>, tensor<4xi1>) -> tensor<2x4xi1>
  return %1 : tensor<2x4xi1>
}

// CHECK-LABEL: func.func @complex
func.func @complex(%c: tensor<4xcomplex<f32>>, %d: tensor<2x4xcomplex<f32>>) -> tensor<2x4xcomplex<f32>> {
  // CHECK: %0 = chlo.broadcast_multiply %arg0, %arg1 : (tensor<4xcomplex<f32>>, tensor<2x4xcomplex<f32>>) -> tensor<2x4xcomplex<f32>>
  %0 = chlo.broadcast_multiply %c, %d : (tensor<4xcomplex<f32>>, tensor<2x4xcomplex<f32>>) -> tensor<2x4xcomplex<f32>>
  return %0 : tensor<2x4xcomplex<f32>>
}

// CHECK-LABEL: func.func @unranked
func.func @unranked(%u: tensor<*xf32>, %a: tensor<4xf32>, %p: tensor<4xi1>) -> tensor<*xf32> {
  // CHECK: %0 = chlo.broadcast_add %arg0, %arg1 : (tensor<*xf32>, tensor<4xf32>) -> tensor<*xf32>
  %0 = chlo.broadcast_add %u, %a : (tensor<*xf32>, tensor<4xf32>) -> tensor<*xf32>
  // CHECK: %1 = chlo.broadcast_add %arg1, %arg0 {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>, tensor<*xf32>) -> tensor<*xf32>
  %1 = chlo.broadcast_add %a, %u {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>, tensor<*xf32>) -> tensor<*xf32>
  // CHECK: %2 = chlo.broadcast_select %arg2, %arg0, %arg1 : (tensor<4xi1>, tensor<*xf32>, tensor<4xf32>) -> tensor<*xf32>
  %2 = chlo.broadcast_select %p, %u, %a : (tensor<4xi1>, tensor<*xf32>, tensor<4xf32>) -> tensor<*xf32>
  // CHECK: %3 = chlo.erf %arg0 : tensor<*xf32> -> tensor<*xf32>
  %3 = chlo.erf %u : tensor<*xf32> -> tensor<*xf32>
  return %3 : tensor<*xf32>
}

// CHECK-LABEL: func.func @less_precise
func.func @less_precise(%a: tensor<4xf32>, %b: tensor<2x4xf32>) -> tensor<?x?xf32> {
  // CHECK: %0 = chlo.broadcast_add %arg0, %arg1 : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<?x?xf32>
  %0 = chlo.broadcast_add %a, %b : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<?x?xf32>
  // CHECK: %1 = chlo.erf %arg1 : tensor<2x4xf32> -> tensor<?x4xf32>
  %1 = chlo.erf %b : tensor<2x4xf32> -> tensor<?x4xf32>
  // CHECK: %2 = chlo.broadcast_add %arg0, %arg0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<*xf32>
  %2 = chlo.broadcast_add %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<*xf32>
  return %0 : tensor<?x?xf32>
}

// CHECK-LABEL: func.func @scalars
func.func @scalars(%s: tensor<f32>, %t: tensor<bf16>) -> tensor<f32> {
  // CHECK: %0 = chlo.broadcast_power %arg0, %arg0 : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %0 = chlo.broadcast_power %s, %s : (tensor<f32>, tensor<f32>) -> tensor<f32>
  // CHECK: %1 = chlo.broadcast_add %arg0, %arg0 {broadcast_dimensions = array<i64>} : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %1 = chlo.broadcast_add %s, %s {broadcast_dimensions = array<i64>} : (tensor<f32>, tensor<f32>) -> tensor<f32>
  // CHECK: %2 = chlo.erf %arg1 : tensor<bf16> -> tensor<bf16>
  %2 = chlo.erf %t : tensor<bf16> -> tensor<bf16>
  return %0 : tensor<f32>
}

// CHECK-LABEL: func.func @discardable
func.func @discardable(%a: tensor<4xf32>) -> tensor<4xi1> {
  // GENERIC: "chlo.broadcast_add"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{broadcast_dimensions = array<i64: 0>}> {aaa = "x", zzz = 1 : i32}
  // CHECK: %0 = chlo.broadcast_add %arg0, %arg0 {aaa = "x", broadcast_dimensions = array<i64: 0>, zzz = 1 : i32} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %0 = chlo.broadcast_add %a, %a {zzz = 1 : i32, broadcast_dimensions = array<i64: 0>, aaa = "x"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK: %1 = chlo.broadcast_compare %arg0, %arg0 {comparison_direction = #chlo<comparison_direction GT>, zzz} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = chlo.broadcast_compare %a, %a {zzz, comparison_direction = #chlo<comparison_direction GT>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // CHECK: %2 = chlo.erf %arg0 {mhlo.frontend_attributes = {x = "1"}} : tensor<4xf32> -> tensor<4xf32>
  %2 = chlo.erf %a {mhlo.frontend_attributes = {x = "1"}} : tensor<4xf32> -> tensor<4xf32>
  return %1 : tensor<4xi1>
}
