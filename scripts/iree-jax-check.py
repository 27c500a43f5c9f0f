#!/usr/bin/env python3
"""Runs JAX's shape-polymorphic corpus programs (test/Dialect/stablehlo/jax/*.bs.mlir,
batch `b` and sequence `s` symbolic), after `tensor-opt --lower-broadcast`, in IREE
at several (b, s) and compares each result with JAX's own on the same inputs.

tests/iree_lowered.rs compares against the static program, which fixes s = 8;
this covers other sequence lengths. Skips (exit 0, with a note) when jax or IREE
is missing. Run from the repository root after `cargo build`:
  . .venv-rw/bin/activate && python3 scripts/iree-jax-check.py [path/to/tensor-opt]
"""

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
CORPUS = os.path.join(ROOT, "test", "Dialect", "stablehlo", "jax")
# The transformer block's dynamic_reshape and dense-layer dot_general become the
# tensor dialect's reshapes, which IREE compiles (docs/lowering.md).
LAYERS = ["softmax", "layer_norm", "rms_norm", "attention", "masked_mean", "transformer_block"]
SIZES = [(1, 1), (1, 3), (2, 5), (3, 8), (4, 2)]


def tool(var, name):
    found = os.environ.get(var) or shutil.which(name)
    if found:
        return found
    venv = os.path.join(ROOT, ".venv-rw", "bin", name)
    return venv if os.path.isfile(venv) else None


def main():
    try:
        import numpy as np
        spec = importlib.util.spec_from_file_location("jc", os.path.join(ROOT, "scripts", "jax-corpus.py"))
        jc = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(jc)
    except ImportError as e:
        print(f"note: skipping: {e}")
        return 0
    compile_, run = tool("IREE_COMPILE", "iree-compile"), tool("IREE_RUN_MODULE", "iree-run-module")
    if not compile_ or not run:
        print("note: skipping: iree-compile or iree-run-module not found")
        return 0
    opt = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target", "debug", "tensor-opt")
    rng = np.random.default_rng(0)
    failures, runs = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        for name in LAYERS:
            src = os.path.join(CORPUS, f"{name}.bs.mlir")
            lowered = os.path.join(tmp, f"{name}.mlir")
            vmfb = os.path.join(tmp, f"{name}.vmfb")
            subprocess.run([opt, "--lower-broadcast", src, "-o", lowered], check=True)
            subprocess.run([compile_, "--iree-hal-target-device=local",
                            "--iree-hal-local-target-device-backends=llvm-cpu",
                            "--iree-llvmcpu-target-cpu=host", lowered, "-o", vmfb], check=True)
            for b, s in SIZES:
                args = []
                for a in jc.args_for(name, b, s):
                    if a.dtype == np.bool_:
                        args.append(rng.random(a.shape) < 0.75)
                    else:
                        args.append(rng.standard_normal(a.shape).astype(np.float32))
                if name in ("attention", "masked_mean"):
                    args[-1][..., 0] = True  # no fully masked row
                want = np.asarray(jc.LAYERS[name](*args))
                cmd = [run, "--device=local-task", f"--module={vmfb}", "--function=main"]
                for i, a in enumerate(args):
                    path = os.path.join(tmp, f"in{i}.npy")
                    np.save(path, a)
                    cmd.append(f"--input=@{path}")
                out = os.path.join(tmp, "out.npy")
                cmd.append(f"--output=@{out}")
                runs += 1
                r = subprocess.run(cmd, capture_output=True, text=True)
                if r.returncode != 0:
                    failures.append(f"{name} at b={b}, s={s}: {r.stderr.strip()[:300]}")
                    continue
                got = np.load(out)
                if got.shape != want.shape or not np.allclose(got, want, rtol=1e-4, atol=1e-4):
                    failures.append(f"{name} at b={b}, s={s}: differs from JAX")
    print(f"{runs} runs of lowered .bs programs against JAX, {len(failures)} failures")
    for f in failures:
        print(f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
