#!/usr/bin/env python3
"""Writes the ONNX models that test/ONNX's goldens import (test/ONNX/Inputs/*.onnx).

The models are binary, so they are generated here with onnx.helper and checked
in with this script; rerun it (with the `onnx` package, e.g. from .venv-rw) after
editing a model: python3 scripts/onnx-models.py
"""
import os

import numpy as np
from onnx import TensorProto, helper, numpy_helper, save

OUT = os.path.join(os.path.dirname(__file__), "..", "test", "ONNX", "Inputs")
F = TensorProto.FLOAT


def model(name, nodes, inputs, outputs, inits=(), opset=17, domains=()):
    graph = helper.make_graph(nodes, name, inputs, outputs, initializer=list(inits))
    imports = [helper.make_opsetid("", opset)] if opset else []
    imports += [helper.make_opsetid(d, 1) for d in domains]
    m = helper.make_model(graph, opset_imports=imports)
    m.ir_version = 8
    save(m, os.path.join(OUT, name + ".onnx"))


def vi(name, shape, ty=F):
    return helper.make_tensor_value_info(name, ty, shape)


def main():
    os.makedirs(OUT, exist_ok=True)
    # Equal names: the broadcast is proved, no run-time check.
    model("named_same",
          [helper.make_node("Add", ["x", "y"], ["z"], name="add_xy")],
          [vi("x", ["batch", 3]), vi("y", ["batch", 3])], [vi("z", ["batch", 3])])
    # Different names: an obligation reported by name.
    model("named_different",
          [helper.make_node("Mul", ["x", "y"], ["z"], name="scale")],
          [vi("x", ["batch", "seq"]), vi("y", ["batch", "heads"])], [vi("z", None)])
    # A static mismatch: a compile-time error located at the node.
    bias = numpy_helper.from_array(np.arange(4, dtype=np.float32), "bias")
    model("bad_bias",
          [helper.make_node("Relu", ["x"], ["r"], name="act"),
           helper.make_node("Add", ["r", "bias"], ["z"], name="bad_bias")],
          [vi("x", ["batch", 3])], [vi("z", None)], inits=[bias])
    # An op the import does not support.
    model("unsupported",
          [helper.make_node("Conv", ["x", "w"], ["z"], name="conv1")],
          [vi("x", [1, 1, 4, 4]), vi("w", [1, 1, 3, 3])], [vi("z", None)])
    # An attribute that changes the meaning and is not supported.
    model("bad_attr",
          [helper.make_node("LeakyRelu", ["x"], ["z"], name="lrelu", beta=1.0)],
          [vi("x", [2])], [vi("z", None)])
    # Initializers, Where and PRelu's unidirectional slope.
    slope = numpy_helper.from_array(np.array([0.5, 0.25, 0.125], dtype=np.float32), "slope")
    model("prelu_where",
          [helper.make_node("PRelu", ["x", "slope"], ["p"], name="prelu"),
           helper.make_node("Greater", ["x", "y"], ["c"], name="gt"),
           helper.make_node("Where", ["c", "p", "y"], ["z"], name="pick")],
          [vi("x", ["n", 3]), vi("y", [3])], [vi("z", None)], inits=[slope])
    # PRelu whose slope would grow X: refused (unidirectional).
    wide = numpy_helper.from_array(np.ones((2, 3), dtype=np.float32), "wide")
    model("prelu_wide",
          [helper.make_node("PRelu", ["x", "wide"], ["z"], name="prelu")],
          [vi("x", [3])], [vi("z", None)], inits=[wide])
    # An opset outside 13..21.
    model("old_opset",
          [helper.make_node("Add", ["x", "x"], ["z"])],
          [vi("x", [2])], [vi("z", None)], opset=11)
    # Structure through a named dim: Reshape copying `batch` (0) with a -1 the
    # static dims fix, a bias, Unsqueeze; the reshape's shape operand carries
    # the run-time size.
    shape = numpy_helper.from_array(np.array([0, -1], dtype=np.int64), "shape")
    bias12 = numpy_helper.from_array(np.arange(12, dtype=np.float32), "bias12")
    axes = numpy_helper.from_array(np.array([1], dtype=np.int64), "axes")
    model("reshape_named",
          [helper.make_node("Reshape", ["x", "shape"], ["r"], name="flat"),
           helper.make_node("Add", ["r", "bias12"], ["b"], name="bias"),
           helper.make_node("Unsqueeze", ["b", "axes"], ["z"], name="unsq")],
          [vi("x", ["batch", 4, 3])], [vi("z", None)], inits=[shape, bias12, axes])
    # PRelu whose slope meets a dim of run-time size: checked one way at run time.
    model("prelu_dynamic",
          [helper.make_node("PRelu", ["x", "slope"], ["z"], name="prelu")],
          [vi("x", ["n", "c"])], [vi("z", None)], inits=[slope])
    # Values computed at run time: Range's bounds, ConstantOfShape's shape and
    # Pad's value are graph inputs.
    I64 = TensorProto.INT64
    model("range_run_time",
          [helper.make_node("Range", ["start", "limit", "delta"], ["z"], name="range")],
          [vi("start", [], I64), vi("limit", [], I64), vi("delta", [], I64)], [vi("z", None, I64)])
    seven = helper.make_tensor("seven", TensorProto.INT32, [1], [7])
    model("constant_of_shape_run_time",
          [helper.make_node("ConstantOfShape", ["shape"], ["z"], name="fill", value=seven)],
          [vi("shape", [2], I64)], [vi("z", None, TensorProto.INT32)])
    pads = numpy_helper.from_array(np.array([1, 0, 0, 2], dtype=np.int64), "pads")
    model("pad_run_time_value",
          [helper.make_node("Pad", ["x", "pads", "value"], ["z"], name="pad")],
          [vi("x", [2, 2]), vi("value", [])], [vi("z", None)], inits=[pads])
    # ReduceMean over axes given at run time, of a value with a named dim: the
    # count it divides by is read from the shape at run time.
    model("reduce_mean_run_time",
          [helper.make_node("ReduceMean", ["x", "axes"], ["z"], name="mean", keepdims=0)],
          [vi("x", ["batch", 3]), vi("axes", [1], I64)], [vi("z", None)], opset=18)
    # Another domain imported (as ONNX's expanded function bodies do) but used
    # by no node: imported; a node of that domain: refused at the node.
    model("other_domain_unused",
          [helper.make_node("Add", ["x", "x"], ["z"], name="double")],
          [vi("x", [2])], [vi("z", None)], domains=["ai.onnx.preview"])
    model("only_ml_domain",
          [helper.make_node("Scaler", ["x"], ["z"], name="scale", domain="ai.onnx.ml")],
          [vi("x", [2])], [vi("z", None)], opset=None, domains=["ai.onnx.ml"])
    model("other_domain_node",
          [helper.make_node("Scaler", ["x"], ["z"], name="scale", domain="ai.onnx.ml")],
          [vi("x", [2])], [vi("z", None)], domains=["ai.onnx.ml"])
    # Reductions ONNX defines by maps around a sum: L2 and LogSumExp (shifted
    # by the max of the finite elements).
    axes1 = numpy_helper.from_array(np.array([1], dtype=np.int64), "axes1")
    model("reduce_composites",
          [helper.make_node("ReduceL2", ["x", "axes1"], ["l2"], name="l2", keepdims=0),
           helper.make_node("ReduceLogSumExp", ["x", "axes1"], ["lse"], name="lse")],
          [vi("x", [2, 3])], [vi("l2", None), vi("lse", None)], inits=[axes1], opset=18)
    # A corrupt model: a valid model cut short.
    with open(os.path.join(OUT, "named_same.onnx"), "rb") as f:
        data = f.read()
    with open(os.path.join(OUT, "corrupt.onnx"), "wb") as f:
        f.write(data[: len(data) // 2])


if __name__ == "__main__":
    main()
