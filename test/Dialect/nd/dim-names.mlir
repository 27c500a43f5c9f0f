// `nd.dim_names` names a function argument's dims: an array of strings, one per
// dim of a ranked tensor, "" for an anonymous dim. It prints back as written,
// and the nd dialect checks its form.
// RUN: tensor-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @named
// CHECK-SAME: (%arg0: tensor<?x?xf32> {nd.dim_names = ["batch", "seq"]}, %arg1: tensor<?x4xf32> {nd.dim_names = ["", "d"]}, %arg2: f32)
func.func @named(%x: tensor<?x?xf32> {nd.dim_names = ["batch", "seq"]}, %y: tensor<?x4xf32> {nd.dim_names = ["", "d"]}, %s: f32) {
  return
}

// -----

// CHECK-LABEL: func.func @rank0
// CHECK-SAME: {nd.dim_names = []}
func.func @rank0(%x: tensor<f32> {nd.dim_names = []}) {
  return
}

// -----

// Two static dims of one name with one size are consistent.
// CHECK-LABEL: func.func @same_static
func.func @same_static(%x: tensor<3xf32> {nd.dim_names = ["n"]}, %y: tensor<3x?xf32> {nd.dim_names = ["n", "n"]}) {
  return
}

// -----

// expected-error @+1 {{'func.func' op expected 'nd.dim_names' of argument #0 to have 2 names (one per dim of 'tensor<?x?xf32>'), but found 1}}
func.func @too_few(%x: tensor<?x?xf32> {nd.dim_names = ["n"]}) {
  return
}

// -----

// expected-error @+1 {{'func.func' op expected 'nd.dim_names' of argument #1 to be an array of strings}}
func.func @not_strings(%x: tensor<?xf32>, %y: tensor<?xf32> {nd.dim_names = [1]}) {
  return
}

// -----

// expected-error @+1 {{'func.func' op expected 'nd.dim_names' of argument #0 to be an array of strings}}
func.func @not_array(%x: tensor<?xf32> {nd.dim_names = "n"}) {
  return
}

// -----

// expected-error @+1 {{'func.func' op 'nd.dim_names' attribute attached to argument #0 of type 'f32', which is not a ranked tensor}}
func.func @scalar(%x: f32 {nd.dim_names = []}) {
  return
}

// -----

// expected-error @+1 {{'func.func' op 'nd.dim_names' attribute attached to argument #0 of type 'tensor<*xf32>', which is not a ranked tensor}}
func.func @unranked(%x: tensor<*xf32> {nd.dim_names = ["n"]}) {
  return
}

// -----

// Same name, same size: two static sizes that differ break the contract at
// compile time, at the later argument.
// expected-error @+1 {{'func.func' op argument #1 dim 1 is named "n" with size 4, but argument #0 dim 0 of that name has size 3}}
func.func @static_conflict(%x: tensor<3xf32> {nd.dim_names = ["n"]}, %y: tensor<2x4xf32> {nd.dim_names = ["", "n"]}) {
  return
}
