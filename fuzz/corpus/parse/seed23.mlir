// RUN: tensor-opt --allow-unregistered-dialect --mlir-print-debuginfo %s | FileCheck %s
// RUN: tensor-opt --allow-unregistered-dialect %s | FileCheck %s --check-prefix=NODEBUG

// Each op's own source position becomes its location; explicit locations win.
// CHECK: "test.here"() : () -> () loc("{{.*}}locations.mlir":[[# @LINE + 2]]:1)
// NODEBUG: "test.here"() : () -> (){{$}}
"test.here"() : () -> ()
// CHECK: "test.file"() : () -> () loc("other.mlir":10:20)
"test.file"() : () -> () loc("other.mlir":10:20)
// A file location without a column has column 0.
// CHECK: "test.no_column"() : () -> () loc("other.mlir":10:0)
"test.no_column"() : () -> () loc("other.mlir":10)
// CHECK: "test.unknown"() : () -> () loc(unknown)
"test.unknown"() : () -> () loc(unknown)
// CHECK: "test.name"() : () -> () loc("name"("f.mlir":1:2))
"test.name"() : () -> () loc("name"("f.mlir":1:2))
// CHECK: "test.callsite"() : () -> () loc(callsite("callee.mlir":1:1 at "caller.mlir":2:2))
"test.callsite"() : () -> () loc(callsite("callee.mlir":1:1 at "caller.mlir":2:2))
// CHECK: "test.fused"() : () -> () loc(fused<"meta">["a.mlir":1:1, "b"])
"test.fused"() : () -> () loc(fused<"meta">["a.mlir":1:1, "b"])
// Location aliases may be defined after their use, as mlir-opt prints them.
// CHECK: "test.alias"() : () -> () loc("aliased.mlir":5:6)
"test.alias"() : () -> () loc(#loc1)
#loc1 = loc("aliased.mlir":5:6)
