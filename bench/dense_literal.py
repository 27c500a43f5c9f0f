#!/usr/bin/env python3
"""Large constant benchmark: parse + print one `dense<[...]> : tensor<Nxf32>` literal
(a million elements by default), tensor-opt against mlir-opt (LLVM 22), side by side,
best of N. Both print it back as a hex literal (more than 100 elements). Prints the
ratio; exits non-zero only if a tool fails or the outputs differ."""
import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MLIR_OPT = os.environ.get("MLIR_OPT", "/usr/lib/llvm-22/bin/mlir-opt")


def run(cmd, out_path):
    with open(out_path, "wb") as out:
        t = time.perf_counter()
        subprocess.run(cmd, stdout=out, check=True)
        return time.perf_counter() - t


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--elements", type=int, default=1_000_000)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()

    subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "tensor-opt"], cwd=ROOT, check=True)
    tensor_opt = ROOT / "target" / "release" / "tensor-opt"
    if not Path(MLIR_OPT).exists():
        print(f"mlir-opt not found at {MLIR_OPT}; install mlir-22-tools", file=sys.stderr)
        return 2

    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "dense.mlir"
        values = ", ".join(repr(rng.randrange(-100_000, 100_000) / 64) for _ in range(args.elements))
        src.write_text(f'"t.c"() {{value = dense<[{values}]> : tensor<{args.elements}xf32>}} : () -> ()\n')
        size_mb = src.stat().st_size / 1e6
        ours_out, theirs_out = Path(tmp) / "ours.mlir", Path(tmp) / "theirs.mlir"
        flags = ["--allow-unregistered-dialect", str(src)]
        ours = theirs = float("inf")
        for _ in range(args.runs):
            theirs = min(theirs, run([MLIR_OPT, *flags], theirs_out))
            ours = min(ours, run([str(tensor_opt), *flags], ours_out))
        same = ours_out.read_bytes() == theirs_out.read_bytes()

    print(f"input: one dense<[...]> : tensor<{args.elements}xf32>, {size_mb:.1f} MB")
    print(f"mlir-opt   best of {args.runs}: {theirs:.3f} s")
    print(f"tensor-opt best of {args.runs}: {ours:.3f} s")
    print(f"ratio (mlir-opt / tensor-opt): {theirs / ours:.2f}x")
    print(f"outputs byte-identical: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
