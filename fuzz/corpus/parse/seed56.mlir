// dense_resource and the {-# dialect_resources #-} file section.
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file %s | FileCheck %s
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: tensor-opt --allow-unregistered-dialect -split-input-file --mlir-print-op-generic %s | tensor-opt --allow-unregistered-dialect -split-input-file | FileCheck %s
// Expected output is mlir-opt 22's, pretty (CHECK) and generic (GENERIC).

// Referenced builtin blobs are printed back; an unreferenced one is dropped.
"my.op"() {a = dense_resource<blob1> : tensor<3xi64>, b = dense_resource<blob2> : tensor<2xf32>, c = dense_resource<blob1> : tensor<3xi64>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x08000000010000000000000002000000000000000300000000000000",
      blob2: "0x040000000000803F00000040",
      unused: "0x0400000001000000"
    }
  }
#-}
// CHECK: module {
// CHECK-NEXT:   "my.op"() {a = dense_resource<blob1> : tensor<3xi64>, b = dense_resource<blob2> : tensor<2xf32>, c = dense_resource<blob1> : tensor<3xi64>} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       blob1: "0x08000000010000000000000002000000000000000300000000000000",
// CHECK-NEXT:       blob2: "0x040000000000803F00000040"
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {a = dense_resource<blob1> : tensor<3xi64>, b = dense_resource<blob2> : tensor<2xf32>, c = dense_resource<blob1> : tensor<3xi64>} : () -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-EMPTY:
// GENERIC-NEXT: {-#
// GENERIC-NEXT:   dialect_resources: {
// GENERIC-NEXT:     builtin: {
// GENERIC-NEXT:       blob1: "0x08000000010000000000000002000000000000000300000000000000",
// GENERIC-NEXT:       blob2: "0x040000000000803F00000040"
// GENERIC-NEXT:     }
// GENERIC-NEXT:   }
// GENERIC-NEXT: #-}

// -----

// Without the section, the handle alone is kept.
"my.op"() {a = dense_resource<absent> : tensor<2xi32>} : () -> ()
// CHECK: module {
// CHECK-NEXT:   "my.op"() {a = dense_resource<absent> : tensor<2xi32>} : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "my.op"() {a = dense_resource<absent> : tensor<2xi32>} : () -> ()
// GENERIC-NEXT: }) : () -> ()
