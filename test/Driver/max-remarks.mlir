// --max-remarks: a run shows at most n remarks (20 by default), then one line
// counting the rest; 0 shows all. The limit is per run, across the chunks of
// --split-input-file, and the pass statistics still count every obligation.
// Errors are never withheld; --verify-diagnostics compares every remark
// (max-remarks-split.mlir).

// RUN: tensor-opt --verify-broadcast %s 2>&1 >/dev/null | FileCheck %s --check-prefix=DEFAULT
// DEFAULT-COUNT-20: remark: operand #0 dim 0
// DEFAULT-NOT: remark:
// DEFAULT: note: 2 more remarks not shown (--max-remarks=20; --max-remarks=0 shows all)
// DEFAULT-NOT: remark:

// RUN: tensor-opt --verify-broadcast --max-remarks=3 %s 2>&1 >/dev/null | FileCheck %s --check-prefix=THREE
// THREE: max-remarks.mlir:[[@LINE+20]]:8: remark: operand #0 dim 0 (%arg0[0]) and operand #1 dim 0 (%arg1[0]) must be 1 or equal at run time
// THREE-COUNT-2: remark: operand #0 dim 0
// THREE-NOT: remark:
// THREE: note: 19 more remarks not shown (--max-remarks=3; --max-remarks=0 shows all)

// RUN: tensor-opt --verify-broadcast --max-remarks=0 %s 2>&1 >/dev/null | FileCheck %s --check-prefix=ALL
// ALL-COUNT-22: remark: operand #0 dim 0
// ALL-NOT: more remark

// RUN: tensor-opt --verify-broadcast --max-remarks=1 --mlir-pass-statistics %s 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// STATS-COUNT-1: remark:
// STATS-NOT: remark:
// STATS: 22 num-obligations
// STATS: 21 more remarks not shown

// RUN: tensor-opt --verify-broadcast --max-remarks=1 --diagnostics-format=json %s 2>&1 >/dev/null | FileCheck %s --check-prefix=JSON
// JSON: "severity":"remark"
// JSON-NEXT: {"code":null,"location":null,"message":"21 more remarks not shown (--max-remarks=1; --max-remarks=0 shows all)","notes":[],"severity":"note"}

func.func @f0(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = nd.add %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f1(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = nd.add %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f2(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = nd.add %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f3(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = nd.add %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f4(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = nd.add %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f5(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = nd.add %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f6(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = nd.add %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f7(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = nd.add %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f8(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = nd.add %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f9(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = nd.add %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f10(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = nd.add %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f11(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = nd.add %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f12(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = nd.add %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f13(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = nd.add %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f14(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = nd.add %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f15(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = nd.add %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f16(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = nd.add %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f17(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = nd.add %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f18(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = nd.add %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f19(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = nd.add %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f20(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = nd.add %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @f21(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = nd.add %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
