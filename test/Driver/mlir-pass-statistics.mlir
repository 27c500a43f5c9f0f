// --mlir-pass-statistics prints each pass's counters after a chunk's pipeline ran,
// in upstream's layout (PassStatistics.cpp): the pipeline view by default, each
// pass in order with its counters sorted by name; =list merges passes by name
// (values summed) and sorts them. --verify-broadcast counts the ops it checked,
// the result types it refined or kept, the run-time obligations it reported and
// those the shape analysis proved.
// RUN: tensor-opt -split-input-file --verify-broadcast=refine --cse --mlir-pass-statistics %S/Inputs/pass-statistics.mlir 2>&1 >/dev/null | FileCheck %s
// RUN: tensor-opt -split-input-file --cse --verify-broadcast --cse --mlir-pass-statistics --mlir-pass-statistics-display=list %S/Inputs/pass-statistics.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=LIST
// No statistics without the flag; none for a chunk that does not parse (no
// pipeline ran), as upstream.
// RUN: tensor-opt --verify-broadcast %S/Inputs/pass-statistics.mlir -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=OFF
// RUN: not tensor-opt --cse --mlir-pass-statistics %s 2>&1 | FileCheck %s --check-prefix=PARSE
// RUN: not tensor-opt --mlir-pass-statistics-display=tree %s 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK:      remark: operand #0 dim 0 (%arg0[0]) must be 1 or equal to 4 at run time
// CHECK:      ===-------------------------------------------------------------------------===
// CHECK-NEXT: {{^}}                         ... Pass statistics report ...{{$}}
// CHECK-NEXT: ===-------------------------------------------------------------------------===
// CHECK-NEXT: {{^}}VerifyBroadcast{{$}}
// CHECK-NEXT: {{^}}  (S) 2 num-checked     - Broadcastable ops checked{{$}}
// CHECK-NEXT: {{^}}  (S) 2 num-kept        - Result types kept because a use needs them{{$}}
// CHECK-NEXT: {{^}}  (S) 1 num-obligations - Run-time obligations reported{{$}}
// CHECK-NEXT: {{^}}  (S) 1 num-proven      - Run-time obligations proved to hold by the shape analysis{{$}}
// CHECK-NEXT: {{^}}  (S) 0 num-refined     - Result types refined{{$}}
// CHECK-NEXT: {{^}}CSE{{$}}
// CHECK-NEXT: {{^}}  (S) 1 num-cse'd - Number of operations CSE'd{{$}}
// CHECK-NEXT: {{^}}  (S) 0 num-dce'd - Number of operations DCE'd{{$}}
// CHECK-EMPTY:
// The second chunk: its own report. Refining %0 discharges nd.abs's obligation
// (its operand is no longer unranked), so no remark is left.
// CHECK-NOT:  remark
// CHECK:      ... Pass statistics report ...
// CHECK:      {{^}}VerifyBroadcast{{$}}
// CHECK-NEXT: {{^}}  (S) 2 num-checked
// CHECK-NEXT: {{^}}  (S) 1 num-kept
// CHECK-NEXT: {{^}}  (S) 0 num-obligations
// CHECK-NEXT: {{^}}  (S) 0 num-proven
// CHECK-NEXT: {{^}}  (S) 1 num-refined
// CHECK-NEXT: {{^}}CSE{{$}}

// LIST:      ... Pass statistics report ...
// LIST-NEXT: ===-
// LIST-NEXT: {{^}}  CSE{{$}}
// LIST-NEXT: {{^}}    (S) 1 num-cse'd - Number of operations CSE'd{{$}}
// LIST-NEXT: {{^}}    (S) 0 num-dce'd - Number of operations DCE'd{{$}}
// LIST-NEXT: {{^}}  VerifyBroadcast{{$}}
// LIST-NEXT: {{^}}    (S) 1 num-checked
// LIST:      ... Pass statistics report ...

// OFF-NOT: Pass statistics report
// OFF: remark: operand #0 dim 0 (%arg0[0]) must be 1 or equal to 4 at run time
// OFF-NOT: Pass statistics report

// PARSE: error: custom op 'nd.ad' is unknown
// PARSE-NOT: Pass statistics report

// BAD: invalid value 'tree' for '--mlir-pass-statistics-display=<mode>'

func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = nd.ad %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
