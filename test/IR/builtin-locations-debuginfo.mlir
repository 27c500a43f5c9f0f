// Op locations that are ranges, printed with --mlir-print-debuginfo. (mlir-opt
// prints the same with --mlir-print-local-scope; without it, it prints op
// locations through #loc aliases, which tensor-opt does not do yet.)
// RUN: tensor-opt --allow-unregistered-dialect --mlir-print-debuginfo %s | FileCheck %s

// CHECK: "my.range_line"() : () -> () loc("d.cc":5:1 to 7:2)
"my.range_line"() : () -> () loc("d.cc":5:1 to 7:2)
// CHECK: "my.range_col"() : () -> () loc("d.cc":5:1 to :9)
"my.range_col"() : () -> () loc("d.cc":5:1 to :9)
// Lines and columns are integer tokens, hex too, as upstream reads them.
// CHECK: "my.hex_range"() : () -> () loc("d.cc":127:3 to 128:1)
"my.hex_range"() : () -> () loc("d.cc":0x7F:0x3 to 0x80:0x1)
// Upstream builds fused locations uniqued: an empty one is unknown, duplicates go.
// CHECK: "my.fused_empty"() : () -> () loc(unknown)
"my.fused_empty"() : () -> () loc(fused[])
// CHECK: "my.fused_dup"() : () -> () loc("a")
"my.fused_dup"() : () -> () loc(fused["a", "a"])
