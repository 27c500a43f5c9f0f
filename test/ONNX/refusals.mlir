// What the ONNX import refuses: each a located error naming the op, the
// attribute, the opset or the file, with exit 1 and no output.
// Models: scripts/onnx-models.py.

// RUN: not tensor-opt %S/Inputs/unsupported.onnx 2>&1 | FileCheck %s --check-prefix=OP
// OP: unsupported.onnx: node 'conv1' (Conv): error: op 'Conv' is not supported
// OP-NOT: module

// RUN: not tensor-opt %S/Inputs/bad_attr.onnx 2>&1 | FileCheck %s --check-prefix=ATTR
// ATTR: bad_attr.onnx: node 'lrelu' (LeakyRelu): error: attribute 'beta' of LeakyRelu is not supported

// PRelu's slope broadcasts one way only (unidirectional).
// RUN: not tensor-opt %S/Inputs/prelu_wide.onnx 2>&1 | FileCheck %s --check-prefix=PRELU
// PRELU: prelu_wide.onnx: node 'prelu' (PRelu): error: slope tensor<2x3xf32> does not broadcast to tensor<3xf32> (the shape of PRelu's result; PRelu broadcasts unidirectionally)

// RUN: not tensor-opt %S/Inputs/old_opset.onnx 2>&1 | FileCheck %s --check-prefix=OPSET
// OPSET: old_opset.onnx: node #0 (Add): error: op 'Add' at opset 11 is not supported (only at opsets 13 to 28)

// A model cut short does not decode: a clear error, never a panic.
// RUN: not tensor-opt %S/Inputs/corrupt.onnx 2>&1 | FileCheck %s --check-prefix=CORRUPT
// CORRUPT: corrupt.onnx: error: not an ONNX model (no ModelProto with an ir_version and a graph)

// tensor-run refuses the same way.
// RUN: not tensor-run %S/Inputs/unsupported.onnx 2>&1 | FileCheck %s --check-prefix=EXEC
// EXEC: tensor-run: {{.*}}unsupported.onnx: node 'conv1' (Conv): error: op 'Conv' is not supported

// Another domain's opset may be imported (ONNX's expanded function bodies
// import ai.onnx.preview); a node of that domain is refused at the node.
// RUN: tensor-opt %S/Inputs/other_domain_unused.onnx | FileCheck %s --check-prefix=UNUSED
// UNUSED: nd.add %arg0, %arg0 : tensor<2xf32>
// RUN: not tensor-opt %S/Inputs/other_domain_node.onnx 2>&1 | FileCheck %s --check-prefix=DOMAIN
// DOMAIN: other_domain_node.onnx: node 'scale' (Scaler): error: op domain 'ai.onnx.ml' is not supported
// DOMAIN-NOT: module

// A model of other domains only (ai.onnx.ml's, training's) is refused as a whole.
// RUN: not tensor-opt %S/Inputs/only_ml_domain.onnx 2>&1 | FileCheck %s --check-prefix=ONLYML
// ONLYML: only_ml_domain.onnx: error: a model without a default-domain opset is not supported (it imports ["ai.onnx.ml"])
