// RUN: tensor-opt %s -split-input-file | FileCheck %s

// Top-level ops are wrapped in a module.
// CHECK-LABEL: module {
// CHECK-NEXT:    func.func private @wrapped()
// CHECK-NEXT:  }
func.func private @wrapped()

// -----

// An explicit module is kept, with its name and attributes.
// CHECK-LABEL: module @named attributes {test.version = 2 : i32} {
// CHECK-NEXT:    func.func private @inside()
// CHECK-NEXT:  }
module @named attributes {test.version = 2 : i32} {
  func.func private @inside()
}

// -----

// An empty chunk is an empty module.
// CHECK-LABEL: module {
// CHECK-NEXT:  }

// -----

// The generic form of a module parses too.
// CHECK-LABEL: module {
// CHECK-NEXT:    func.func private @generic()
"builtin.module"() ({
  func.func private @generic()
}) : () -> ()
