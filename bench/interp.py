#!/usr/bin/env python3
"""tensor-run against NumPy (and numexpr, JAX when installed), side by side in one run.

Workloads (issue 10), each at several sizes (--scales; 1 is the issue's size):
  row_add     f32 [N,N] + [N]
  outer       f32 [N,1] * [1,N]
  chain       f32 [N/2,N] (x - m) * s, m [N/2,1], s [N]
  dyn_add     f64 [N,N] + [N], every type dynamic (tensor<?x?xf64>, tensor<?xf64>)
  reduce_sum  f32 sum over the last axis of [N,N]
  sq_dev_sum  f32 sum over the last axis of (x - m)^2, x [N,N], m [N,1]: the
              reduction runs in the group's loop (no (x - m)^2 in memory)
  matmul      f32 [N/4,N/4] @ [N/4,N/4]

tensor-run's time is its own `--repeat R --timing` minimum (execution only: the
program is parsed and the inputs loaded once; each run allocates its output, from
the buffer pool after the first). NumPy, numexpr and JAX are timed the same way: best
of R calls, the output allocated by each call. The memcpy floor is the bytes the
workload must read and write at this machine's copy bandwidth, measured in the same
run (np.copyto of a 256 MiB array).

Prints one row per workload and size: times in ms, NumPy's, numexpr's and JAX's time
over tensor-run's (above 1: tensor-run is faster), tensor-run's effective GB/s and its
time over the memcpy floor. On a shared machine, --rounds K alternates the tools
K times per workload (tensor-run, then NumPy, numexpr, JAX, then again) and keeps
each one's best, so that a burst of load hits them alike. A benchmark, not a test:
it fails only if a tool fails or a result differs from NumPy's."""
import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
try:
    import numexpr as ne
except ImportError:  # a peer, used when installed
    ne = None
try:
    import jax
    import jax.numpy as jnp

    jax.config.update("jax_enable_x64", True)
except ImportError:
    jax = None


def best_of(f, repeat):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        r = f()
        if jax is not None and hasattr(r, "block_until_ready"):
            r.block_until_ready()
        times.append(time.perf_counter() - t)
        del r
    return min(times) * 1e3


def memcpy_gbps(repeat):
    src = np.ones(64 << 20, dtype=np.float32)  # 256 MiB
    dst = np.empty_like(src)
    ms = best_of(lambda: np.copyto(dst, src), repeat)
    return 2 * src.nbytes / (ms * 1e6)


def workloads(n):
    """(name, program, inputs, numpy fn, numexpr expression or None, jax fn, bytes)."""
    rng = np.random.default_rng(0)
    f32 = lambda *s: rng.standard_normal(s, dtype=np.float32)  # noqa: E731
    h, q = n // 2, max(n // 4, 1)
    out = []
    x, b = f32(n, n), f32(n)
    out.append((
        "row_add",
        f"""func.func @main(%x: tensor<{n}x{n}xf32>, %b: tensor<{n}xf32>) -> tensor<{n}x{n}xf32> {{
  %y = nd.add %x, %b : (tensor<{n}x{n}xf32>, tensor<{n}xf32>) -> tensor<{n}x{n}xf32>
  return %y : tensor<{n}x{n}xf32>
}}""",
        {"x": x, "b": b}, lambda x, b: x + b, "x + b", lambda x, b: x + b, 2 * x.nbytes))
    c, r = f32(n, 1), f32(1, n)
    out.append((
        "outer",
        f"""func.func @main(%c: tensor<{n}x1xf32>, %r: tensor<1x{n}xf32>) -> tensor<{n}x{n}xf32> {{
  %y = nd.mul %c, %r : (tensor<{n}x1xf32>, tensor<1x{n}xf32>) -> tensor<{n}x{n}xf32>
  return %y : tensor<{n}x{n}xf32>
}}""",
        {"c": c, "r": r}, lambda c, r: c * r, "c * r", lambda c, r: c * r, n * n * 4))
    x, m, s = f32(h, n), f32(h, 1), f32(n)
    out.append((
        "chain",
        f"""func.func @main(%x: tensor<{h}x{n}xf32>, %m: tensor<{h}x1xf32>, %s: tensor<{n}xf32>) -> tensor<{h}x{n}xf32> {{
  %d = nd.sub %x, %m : (tensor<{h}x{n}xf32>, tensor<{h}x1xf32>) -> tensor<{h}x{n}xf32>
  %y = nd.mul %d, %s : (tensor<{h}x{n}xf32>, tensor<{n}xf32>) -> tensor<{h}x{n}xf32>
  return %y : tensor<{h}x{n}xf32>
}}""",
        {"x": x, "m": m, "s": s}, lambda x, m, s: (x - m) * s, "(x - m) * s",
        lambda x, m, s: (x - m) * s, 2 * x.nbytes))
    x, b = rng.standard_normal((n, n)), rng.standard_normal(n)
    out.append((
        "dyn_add",
        """func.func @main(%x: tensor<?x?xf64>, %b: tensor<?xf64>) -> tensor<?x?xf64> {
  %y = nd.add %x, %b : (tensor<?x?xf64>, tensor<?xf64>) -> tensor<?x?xf64>
  return %y : tensor<?x?xf64>
}""",
        {"x": x, "b": b}, lambda x, b: x + b, "x + b", lambda x, b: x + b, 2 * x.nbytes))
    x = f32(n, n)
    out.append((
        "reduce_sum",
        f"""func.func @main(%x: tensor<{n}x{n}xf32>) -> tensor<{n}xf32> {{
  %y = nd.reduce sum %x across [1] : (tensor<{n}x{n}xf32>) -> tensor<{n}xf32>
  return %y : tensor<{n}xf32>
}}""",
        {"x": x}, lambda x: x.sum(axis=-1), "sum(x, axis=1)", lambda x: x.sum(axis=-1),
        x.nbytes))
    x, m = f32(n, n), f32(n, 1)
    out.append((
        "sq_dev_sum",
        f"""func.func @main(%x: tensor<{n}x{n}xf32>, %m: tensor<{n}x1xf32>) -> tensor<{n}xf32> {{
  %d = nd.sub %x, %m : (tensor<{n}x{n}xf32>, tensor<{n}x1xf32>) -> tensor<{n}x{n}xf32>
  %q = nd.mul %d, %d : tensor<{n}x{n}xf32>
  %y = nd.reduce sum %q across [1] : (tensor<{n}x{n}xf32>) -> tensor<{n}xf32>
  return %y : tensor<{n}xf32>
}}""",
        {"x": x, "m": m}, lambda x, m: ((x - m) ** 2).sum(axis=-1), "sum((x - m)**2, axis=1)",
        lambda x, m: ((x - m) ** 2).sum(axis=-1), x.nbytes))
    a, bb = f32(q, q), f32(q, q)
    out.append((
        "matmul",
        f"""func.func @main(%a: tensor<{q}x{q}xf32>, %b: tensor<{q}x{q}xf32>) -> tensor<{q}x{q}xf32> {{
  %y = nd.matmul %a, %b : (tensor<{q}x{q}xf32>, tensor<{q}x{q}xf32>) -> tensor<{q}x{q}xf32>
  return %y : tensor<{q}x{q}xf32>
}}""",
        {"a": a, "b": bb}, lambda a, b: a @ b, None, lambda a, b: a @ b, 3 * a.nbytes))
    return out


def run_tensor_run(exe, program, inputs, repeat, tmp):
    prog = tmp / "prog.mlir"
    prog.write_text(program)
    cmd = [exe, str(prog), "--repeat", str(repeat), "--timing", "--out", str(tmp / "out.npy")]
    for k, v in inputs.items():
        path = tmp / f"{k}.npy"
        np.save(path, v)
        cmd += ["--arg", str(path)]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"tensor-run failed ({p.returncode}):\n{p.stderr}")
    line = next(l for l in p.stderr.splitlines() if l.startswith("execution:"))
    ms = float(line.split("min ")[1].split(" ms")[0])
    return ms, np.load(tmp / "out.npy")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tensor-run", default=str(ROOT / "target/release/tensor-run"))
    ap.add_argument("--n", type=int, default=4096, help="the issue's size N")
    ap.add_argument("--scales", default="0.25,0.5,1", help="fractions of N to run")
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--only", default="", help="comma-separated workload names")
    ap.add_argument("--rounds", type=int, default=1,
                    help="alternate the tools this many times per workload, keeping each one's best")
    args = ap.parse_args()
    if not os.access(args.tensor_run, os.X_OK):
        sys.exit(f"{args.tensor_run} not built: cargo build --release --bin tensor-run")
    bw = memcpy_gbps(args.repeat)
    print(f"memcpy bandwidth: {bw:.1f} GB/s (read + write); threads: {os.cpu_count()}; "
          f"numexpr: {ne.__version__ if ne else 'not installed'}; "
          f"jax: {jax.__version__ if jax else 'not installed'}")
    head = (f"{'workload':<11} {'N':>5} {'tensor-run':>10} {'numpy':>8} {'numexpr':>8} "
            f"{'jax':>8} {'np/tr':>6} {'ne/tr':>6} {'jax/tr':>6} {'GB/s':>6} {'tr/floor':>8}")
    print(head)
    only = set(filter(None, args.only.split(",")))
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        for scale in [float(s) for s in args.scales.split(",")]:
            n = max(int(args.n * scale), 4)
            for name, program, inputs, np_fn, ne_expr, jax_fn, nbytes in workloads(n):
                if only and name not in only:
                    continue
                vals = list(inputs.values())
                want = np_fn(*vals)
                tol = 1e-3 * max(1.0, float(np.abs(want).max())) if name in ("matmul", "reduce_sum", "sq_dev_sum") else 1e-6
                jf = jax.jit(jax_fn) if jax is not None else None
                if jf is not None:
                    jv = [jnp.asarray(v) for v in vals]
                    jf(*jv).block_until_ready()
                tr_ms = np_ms = ne_ms = jx_ms = float("inf")
                for _ in range(max(args.rounds, 1)):
                    ms, got = run_tensor_run(args.tensor_run, program, inputs, args.repeat, tmp)
                    if got.shape != want.shape or not np.allclose(got, want, rtol=1e-4, atol=tol):
                        sys.exit(f"{name} N={n}: tensor-run's result differs from NumPy's")
                    tr_ms = min(tr_ms, ms)
                    np_ms = min(np_ms, best_of(lambda: np_fn(*vals), args.repeat))
                    if ne is not None and ne_expr:
                        ne_ms = min(ne_ms, best_of(lambda: ne.evaluate(ne_expr, local_dict=inputs),
                                                   args.repeat))
                    if jf is not None:
                        jx_ms = min(jx_ms, best_of(lambda: jf(*jv), args.repeat))
                ne_ms = ne_ms if ne_ms != float("inf") else float("nan")
                jx_ms = jx_ms if jx_ms != float("inf") else float("nan")
                floor_ms = nbytes / (bw * 1e6)
                print(f"{name:<11} {n:>5} {tr_ms:>10.2f} {np_ms:>8.2f} {ne_ms:>8.2f} {jx_ms:>8.2f} "
                      f"{np_ms / tr_ms:>6.2f} {ne_ms / tr_ms:>6.2f} {jx_ms / tr_ms:>6.2f} "
                      f"{nbytes / (tr_ms * 1e6):>6.1f} {tr_ms / floor_ms:>8.2f}", flush=True)


if __name__ == "__main__":
    main()
