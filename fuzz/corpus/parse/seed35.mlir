// RUN: tensor-opt --allow-unregistered-dialect %s | FileCheck %s

#dict = {a = 1 : i32}
!tensor = tensor<?x4xf32>
#shape = array<i64: 2, 3>

// CHECK: func.func private @uses(tensor<?x4xf32>) attributes {s = array<i64: 2, 3>, x = {a = 1 : i32}}
func.func private @uses(!tensor) attributes {x = #dict, s = #shape}
