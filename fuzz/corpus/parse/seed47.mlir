// Comments and blank space may appear between any two tokens.
// RUN: tensor-opt %s | FileCheck %s

// CHECK-LABEL: func.func @spread(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT:    return %arg0 : tensor<4xf32>
// CHECK-NEXT:  }
func.func // the name follows
    @spread  (   %x :   tensor<4xf32>   ) // arguments done
    ->   tensor<4xf32>
{
	// a tab-indented comment
	return   %x   :   tensor<4xf32>   // trailing
}
