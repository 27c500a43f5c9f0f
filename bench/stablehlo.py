#!/usr/bin/env python3
"""tensor-run, JAX (jit) and IREE on the same JAX programs, side by side in one run.

The programs are the NN layers of scripts/jax-corpus.py (softmax, layer_norm,
rms_norm, attention, masked_mean, transformer_block), lowered by JAX at the bench's
sizes (--shapes, batch x sequence; --features is the feature dim). Each layer runs:

  tensor-run  the static StableHLO (`jax.jit(f).lower(...).as_text()`) and the
              shape-polymorphic export (symbolic batch and sequence), both converted
              to nd by tensor-run itself; its time is its own `--repeat R --timing`
              minimum (execution only);
  JAX         the jitted function on device arrays, best of R calls;
  IREE        iree-compile (llvm-cpu, host CPU) of the static program, and of the
              polymorphic one after `tensor-opt --lower-broadcast` (IREE alone
              refuses most of those: the column then says so), run through
              iree.runtime on device arrays, best of R calls.

Prints times in ms and each peer's time over tensor-run's (above 1: tensor-run is
faster). Every result is compared with JAX's: a benchmark, not a test, it fails
only when a tool fails or a result differs. Needs jax; IREE columns are skipped
when iree-compile or iree.runtime is missing. Run from a release build:
  cargo build --release --bin tensor-run --bin tensor-opt
  . .venv-rw/bin/activate && python3 bench/stablehlo.py
"""
import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
try:
    import jax
    import jax.numpy as jnp
    from jax import export
except ImportError:
    sys.exit("bench/stablehlo.py needs jax: scripts/install-real-world-tools.sh --jax")
try:
    import iree.runtime as ireert
except ImportError:
    ireert = None

jax.config.update("jax_platforms", "cpu")


def load_corpus():
    spec = importlib.util.spec_from_file_location("jax_corpus", ROOT / "scripts" / "jax-corpus.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def best_of(f, repeat):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        r = f()
        if hasattr(r, "block_until_ready"):
            r.block_until_ready()
        times.append(time.perf_counter() - t)
        del r
    return min(times) * 1e3


def inputs_for(specs, rng):
    out = []
    for s in specs:
        if s.dtype == jnp.bool_:
            out.append(rng.random(s.shape) < 0.8)
        else:
            out.append(rng.standard_normal(s.shape, dtype=np.float32) * 0.5)
    return out


def run_tensor_run(exe, prog, inputs, repeat, tmp):
    cmd = [exe, str(prog), "--repeat", str(repeat), "--timing", "--out", str(tmp / "tr.npy")]
    for i, v in enumerate(inputs):
        path = tmp / f"in{i}.npy"
        np.save(path, v)
        cmd += ["--arg", str(path)]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"tensor-run {prog.name} failed ({p.returncode}):\n{p.stderr}")
    line = next(l for l in p.stderr.splitlines() if l.startswith("execution:"))
    return float(line.split("min ")[1].split(" ms")[0]), np.load(tmp / "tr.npy")


def iree_tool(name):
    for cand in (os.environ.get(name.upper().replace("-", "_")), shutil.which(name),
                 str(ROOT / ".venv-rw" / "bin" / name)):
        if cand and os.access(cand, os.X_OK):
            return cand
    return None


def iree_compile(compiler, prog, tmp):
    """The compiled module, or None with IREE's first error line."""
    out = tmp / (prog.stem + ".vmfb")
    p = subprocess.run([compiler, "--iree-hal-target-device=local",
                        "--iree-hal-local-target-device-backends=llvm-cpu",
                        "--iree-llvmcpu-target-cpu=host", str(prog), "-o", str(out)],
                       capture_output=True, text=True)
    if p.returncode != 0:
        err = next((l for l in p.stderr.splitlines() if "error:" in l), p.stderr.strip()[:120])
        return None, err.split("error:", 1)[-1].strip()
    return out, None


def iree_time(vmfb, inputs, repeat):
    config = ireert.Config("local-task")
    ctx = ireert.SystemContext(config=config)
    ctx.add_vm_module(ireert.VmModule.copy_buffer(ctx.instance, vmfb.read_bytes()))
    module = next(m for name, m in ctx.modules.items() if name not in ("hal",))
    fn = module["main"]
    dev = [ireert.asdevicearray(config.device, v) for v in inputs]
    fn(*dev)  # warm up
    ms = best_of(lambda: fn(*dev), repeat)
    return ms, np.asarray(fn(*dev).to_host())


def close(got, want):
    return got.shape == want.shape and np.allclose(got, want, rtol=2e-3, atol=2e-3)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tensor-run", default=str(ROOT / "target/release/tensor-run"))
    ap.add_argument("--tensor-opt", default=str(ROOT / "target/release/tensor-opt"))
    ap.add_argument("--shapes", default="8x128,32x256", help="batch x sequence sizes")
    ap.add_argument("--features", type=int, default=64, help="the feature dim D")
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--only", default="", help="comma-separated layer names")
    args = ap.parse_args()
    for exe in (args.tensor_run, args.tensor_opt):
        if not os.access(exe, os.X_OK):
            sys.exit(f"{exe} not built: cargo build --release --bin tensor-run --bin tensor-opt")
    corpus = load_corpus()
    corpus.D = args.features
    compiler = iree_tool("iree-compile") if ireert is not None else None
    print(f"jax {jax.__version__}; iree: {'iree-compile ' + compiler if compiler else 'not installed'}; "
          f"D = {corpus.D}; threads: {os.cpu_count()}")
    print(f"{'layer':<18} {'b x s':>7} {'tr':>8} {'tr dyn':>8} {'jax':>8} {'iree':>8} "
          f"{'iree dyn':>8} {'jax/tr':>6} {'iree/tr':>7}  notes")
    only = set(filter(None, args.only.split(",")))
    rng = np.random.default_rng(0)
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        for name, f in corpus.LAYERS.items():
            if only and name not in only:
                continue
            # The polymorphic program is lowered once: it serves every size.
            scope = export.SymbolicScope()
            b, s = corpus.symbolic("b", "s", scope)
            dyn = tmp / f"{name}.bs.mlir"
            dyn.write_text(corpus.module_text(export.export(jax.jit(f))(*corpus.args_for(name, b, s)), False))
            dyn_vmfb, dyn_err = None, None
            if compiler:
                lowered = tmp / f"{name}.bs.lowered.mlir"
                p = subprocess.run([args.tensor_opt, "--lower-broadcast", str(dyn), "-o", str(lowered)],
                                   capture_output=True, text=True)
                if p.returncode != 0:
                    dyn_err = "tensor-opt --lower-broadcast failed: " + p.stderr.strip()[:80]
                else:
                    dyn_vmfb, dyn_err = iree_compile(compiler, lowered, tmp)
            for shape in args.shapes.split(","):
                bs, ss = (int(x) for x in shape.split("x"))
                specs = corpus.args_for(name, bs, ss)
                vals = inputs_for(specs, rng)
                jf = jax.jit(f)
                jv = [jnp.asarray(v) for v in vals]
                want = np.asarray(jf(*jv))
                jx_ms = best_of(lambda: jf(*jv), args.repeat)
                static = tmp / f"{name}.static.mlir"
                static.write_text(jf.lower(*specs).as_text())
                notes = []
                tr_ms, got = run_tensor_run(args.tensor_run, static, vals, args.repeat, tmp)
                if not close(got, want):
                    sys.exit(f"{name} {shape}: tensor-run's result differs from JAX's")
                trd_ms, got = run_tensor_run(args.tensor_run, dyn, vals, args.repeat, tmp)
                if not close(got, want):
                    sys.exit(f"{name} {shape}: tensor-run's result on the polymorphic program differs")
                ir_ms = ird_ms = float("nan")
                if compiler:
                    vmfb, err = iree_compile(compiler, static, tmp)
                    if vmfb is None:
                        notes.append(f"iree static: {err}")
                    else:
                        ir_ms, got = iree_time(vmfb, vals, args.repeat)
                        if not close(got, want):
                            sys.exit(f"{name} {shape}: IREE's result differs from JAX's")
                    if dyn_vmfb is None:
                        notes.append(f"iree dyn: {dyn_err}")
                    else:
                        ird_ms, got = iree_time(dyn_vmfb, vals, args.repeat)
                        if not close(got, want):
                            sys.exit(f"{name} {shape}: IREE's result on the lowered program differs")
                print(f"{name:<18} {shape:>7} {tr_ms:>8.3f} {trd_ms:>8.3f} {jx_ms:>8.3f} {ir_ms:>8.3f} "
                      f"{ird_ms:>8.3f} {jx_ms / tr_ms:>6.2f} {ir_ms / tr_ms:>7.2f}  {'; '.join(notes)}",
                      flush=True)


if __name__ == "__main__":
    main()
