// The remark limit is per run, not per chunk of --split-input-file; under
// --verify-diagnostics every remark is compared, whatever the limit.

// RUN: tensor-opt --verify-broadcast --split-input-file --max-remarks=2 %s 2>&1 >/dev/null | FileCheck %s
// CHECK: max-remarks-split.mlir:[[@LINE+9]]:8: remark:
// CHECK: max-remarks-split.mlir:[[@LINE+16]]:8: remark:
// CHECK-NOT: remark:
// CHECK: note: 1 more remark not shown (--max-remarks=2; --max-remarks=0 shows all)

// RUN: tensor-opt --verify-broadcast --split-input-file --max-remarks=1 --verify-diagnostics %s

func.func @f0(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  // expected-remark @below {{must be 1 or equal at run time}}
  %r = nd.add %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

func.func @f1(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  // expected-remark @below {{must be 1 or equal at run time}}
  %r = nd.sub %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

func.func @f2(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  // expected-remark @below {{must be 1 or equal at run time}}
  %r = nd.mul %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
