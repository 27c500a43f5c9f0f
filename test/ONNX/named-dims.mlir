// ONNX models' dim_param names become nd.dim_names; --verify-broadcast then
// proves equal names, reports different names by name, and rejects a static
// mismatch at the node (file, node name and op type). Models: scripts/onnx-models.py.

// Equal names: imported with their names, proved (no remark).
// RUN: tensor-opt %S/Inputs/named_same.onnx --verify-broadcast 2>&1 | FileCheck %s --check-prefix=SAME
// SAME-NOT: remark
// SAME: func.func @main(%arg0: tensor<?x3xf32> {nd.dim_names = ["batch", ""]}, %arg1: tensor<?x3xf32> {nd.dim_names = ["batch", ""]}) -> tensor<?x3xf32>
// SAME-NEXT: nd.add %arg0, %arg1 : tensor<?x3xf32>
// SAME-NOT: remark

// Different names: an obligation reported by the names, at the node.
// RUN: tensor-opt %S/Inputs/named_different.onnx --verify-broadcast 2>&1 | FileCheck %s --check-prefix=DIFF
// DIFF: named_different.onnx: node 'scale' (Mul):1:0: remark: operand #0 dim 1 (seq) and operand #1 dim 1 (heads) must be 1 or equal at run time
// DIFF: nd.dim_names = ["batch", "seq"]
// DIFF-SAME: nd.dim_names = ["batch", "heads"]

// A static mismatch: a compile-time error at the node, exit 1.
// RUN: not tensor-opt %S/Inputs/bad_bias.onnx --verify-broadcast 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: bad_bias.onnx: node 'bad_bias' (Add):2:0: error: 'nd.add' op operands don't have broadcast-compatible shapes
// BAD: bad_bias.onnx: node 'bad_bias' (Add):2:0: note: operand #0 ('tensor<?x3xf32>') dim 1 has size 3 but operand #1 ('tensor<4xf32>') dim 0 has size 4
