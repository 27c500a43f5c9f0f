#!/usr/bin/env python3
"""tensor-run against onnxruntime on ONNX models heavy in broadcasting, side by side
in one run (issue 28's bench).

Models (written here with onnx.helper; N is --n, the batch the named dim `batch`
takes at run time):
  bias_gelu   x [batch, N] + b [N], then the tanh approximation of GELU
  layer_norm  LayerNormalization composed as exported models write it: ReduceMean
              over the last axis, (x - mean) / sqrt(var + eps) * g + b, x [batch, N]
  attn_mask   scores [batch, 8, 128, 128] + mask [batch, 1, 1, 128], Softmax
  prelu_gemm  Gemm x [batch, N] @ W [N, N] + C [N], then PRelu with slope [N]

tensor-run's time is its own `--repeat R --timing` minimum (execution only: the
model is imported and the inputs loaded once). onnxruntime's is the best of R
`session.run` calls (CPU execution provider, graph optimizations on, its default
threads). Prints times in ms and onnxruntime's time over tensor-run's (above 1:
tensor-run is faster), at each --batches size, so that the cost's growth shows. A
benchmark, not a test: it fails only if a tool fails or tensor-run's result differs
from onnxruntime's. Needs onnx and onnxruntime (scripts/install-real-world-tools.sh
--onnx) and a release tensor-run (cargo build --release --bin tensor-run)."""
import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
try:
    import onnx
    import onnxruntime as ort
    from onnx import TensorProto, helper, numpy_helper
except ImportError as e:
    sys.exit(f"bench/onnx_models.py: needs onnx and onnxruntime ({e})")

F = TensorProto.FLOAT


def model(nodes, inputs, outputs, inits):
    graph = helper.make_graph(nodes, "bench", inputs, outputs, initializer=inits)
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    m.ir_version = 8
    return m


def vi(name, shape):
    return helper.make_tensor_value_info(name, F, shape)


def c(name, value):
    return numpy_helper.from_array(np.asarray(value, dtype=np.float32), name)


def models(n):
    """(name, model, input makers by batch)."""
    rng = np.random.default_rng(0)
    f32 = lambda *s: rng.standard_normal(s, dtype=np.float32)  # noqa: E731
    out = []
    # GELU (tanh form) after a bias: every op broadcasts a [N] or a scalar.
    nodes = [
        helper.make_node("Add", ["x", "b"], ["h"]),
        helper.make_node("Mul", ["h", "h"], ["h2"]),
        helper.make_node("Mul", ["h2", "h"], ["h3"]),
        helper.make_node("Mul", ["h3", "k"], ["kh3"]),
        helper.make_node("Add", ["h", "kh3"], ["inner"]),
        helper.make_node("Mul", ["inner", "s"], ["arg"]),
        helper.make_node("Tanh", ["arg"], ["t"]),
        helper.make_node("Add", ["t", "one"], ["t1"]),
        helper.make_node("Mul", ["h", "t1"], ["ht"]),
        helper.make_node("Mul", ["ht", "half"], ["y"]),
    ]
    inits = [c("b", f32(n)), c("k", 0.044715), c("s", 0.7978845608), c("one", 1.0),
             c("half", 0.5)]
    out.append(("bias_gelu", model(nodes, [vi("x", ["batch", n])], [vi("y", None)], inits),
                lambda b: {"x": f32(b, n)}))
    # Layer norm as exported (the axes a constant).
    nodes = [
        helper.make_node("ReduceMean", ["x"], ["m"], axes=[-1]),
        helper.make_node("Sub", ["x", "m"], ["d"]),
        helper.make_node("Mul", ["d", "d"], ["d2"]),
        helper.make_node("ReduceMean", ["d2"], ["v"], axes=[-1]),
        helper.make_node("Add", ["v", "eps"], ["ve"]),
        helper.make_node("Sqrt", ["ve"], ["sd"]),
        helper.make_node("Div", ["d", "sd"], ["nrm"]),
        helper.make_node("Mul", ["nrm", "g"], ["sc"]),
        helper.make_node("Add", ["sc", "beta"], ["y"]),
    ]
    inits = [c("eps", 1e-5), c("g", f32(n)), c("beta", f32(n))]
    out.append(("layer_norm", model(nodes, [vi("x", ["batch", n])], [vi("y", None)], inits),
                lambda b: {"x": f32(b, n)}))
    # Attention scores plus a padding mask, then Softmax over keys.
    nodes = [
        helper.make_node("Add", ["s", "mask"], ["sm"]),
        helper.make_node("Softmax", ["sm"], ["y"], axis=-1),
    ]
    out.append(("attn_mask", model(
        nodes, [vi("s", ["batch", 8, 128, 128]), vi("mask", ["batch", 1, 1, 128])],
        [vi("y", None)], []),
        lambda b: {"s": f32(b, 8, 128, 128), "mask": f32(b, 1, 1, 128)}))
    # A dense layer with a one-way bias and a PRelu slope.
    nodes = [
        helper.make_node("Gemm", ["x", "w", "cb"], ["g"]),
        helper.make_node("PRelu", ["g", "slope"], ["y"]),
    ]
    inits = [c("w", f32(n, n) / np.sqrt(n)), c("cb", f32(n)), c("slope", np.abs(f32(n)) * 0.1)]
    out.append(("prelu_gemm", model(nodes, [vi("x", ["batch", n])], [vi("y", None)], inits),
                lambda b: {"x": f32(b, n)}))
    return out


def best_of(f, repeat):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times) * 1e3


def run_tensor_run(exe, path, inputs, repeat, tmp):
    cmd = [exe, str(path), "--repeat", str(repeat), "--timing", "--out", str(tmp / "out.npy")]
    for k, v in inputs.items():
        arg = tmp / f"{k}.npy"
        np.save(arg, v)
        cmd += ["--arg", str(arg)]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"tensor-run failed ({p.returncode}):\n{p.stderr}")
    line = next(l for l in p.stderr.splitlines() if l.startswith("execution:"))
    return float(line.split("min ")[1].split(" ms")[0]), np.load(tmp / "out.npy")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tensor-run", default=str(ROOT / "target/release/tensor-run"))
    ap.add_argument("--n", type=int, default=1024, help="the feature size N")
    ap.add_argument("--batches", default="8,32,128", help="batch sizes to run")
    ap.add_argument("--repeat", type=int, default=10)
    opts = ap.parse_args()
    if not Path(opts.tensor_run).exists():
        sys.exit(f"{opts.tensor_run} not found: cargo build --release --bin tensor-run")
    print(f"{'model':<12} {'batch':>6} {'tensor-run ms':>14} {'onnxruntime ms':>15} {'ort/ours':>9}")
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        for name, m, make in models(opts.n):
            path = tmp / f"{name}.onnx"
            onnx.save(m, path)
            session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
            for b in (int(x) for x in opts.batches.split(",")):
                inputs = make(b)
                ours, got = run_tensor_run(opts.tensor_run, path, inputs, opts.repeat, tmp)
                want = session.run(None, inputs)[0]
                if not np.allclose(got, want, rtol=1e-3, atol=1e-4):
                    sys.exit(f"{name} at batch {b}: tensor-run differs from onnxruntime "
                             f"(max abs diff {np.max(np.abs(got - want))})")
                theirs = best_of(lambda: session.run(None, inputs), opts.repeat)
                print(f"{name:<12} {b:>6} {ours:>14.3f} {theirs:>15.3f} {theirs / ours:>9.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
