// RUN: tensor-opt --mlir-print-op-generic %s | FileCheck %s

// CHECK:      "builtin.module"() ({
// CHECK-NEXT:   "func.func"() <{function_type = (tensor<2xf32>) -> tensor<2xf32>, sym_name = "f"}> ({
// CHECK-NEXT:   ^bb0(%arg0: tensor<2xf32>):
// CHECK-NEXT:     %0 = "func.call"(%arg0) <{callee = @f}> : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:     "func.return"(%0) : (tensor<2xf32>) -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   "func.func"() <{function_type = () -> (), sym_name = "decl", sym_visibility = "private"}> ({
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }) : () -> ()
func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = call @f(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func private @decl()
