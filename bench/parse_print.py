#!/usr/bin/env python3
"""Parse + verify + print benchmark: tensor-opt against mlir-opt (LLVM 22) on the same
generated file, run side by side (interleaved, best of N) so machine noise hits both.
Prints the ratio, and the share of tensor-opt's run time spent verifying (the
generic verifier with the Broadcastable trait, plus the --verify-broadcast pass,
from --mlir-timing, median of N). Exits non-zero only if a tool fails or the
outputs differ."""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MLIR_OPT = os.environ.get("MLIR_OPT", "/usr/lib/llvm-22/bin/mlir-opt")


def best_time(cmd, out_path, runs, stderr=False):
    """Best wall time of `cmd` writing stdout to `out_path` (and, with `stderr`,
    its diagnostics to a file next to it, so writing them is timed too)."""
    best = float("inf")
    for _ in range(runs):
        with open(out_path, "wb") as out, open(f"{out_path}.stderr", "wb") as err:
            t = time.perf_counter()
            subprocess.run(cmd, stdout=out, stderr=err if stderr else None, check=True)
            best = min(best, time.perf_counter() - t)
    return best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ops", type=int, default=200_000)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()

    subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "tensor-opt"], cwd=ROOT, check=True)
    tensor_opt = ROOT / "target" / "release" / "tensor-opt"
    if not Path(MLIR_OPT).exists():
        print(f"mlir-opt not found at {MLIR_OPT}; install mlir-22-tools", file=sys.stderr)
        return 2

    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "bench.mlir"
        with open(src, "w") as f:
            subprocess.run([sys.executable, str(ROOT / "bench" / "gen_ops.py"), str(args.ops)], stdout=f, check=True)
        size_mb = src.stat().st_size / 1e6
        ours_out, theirs_out = Path(tmp) / "ours.mlir", Path(tmp) / "theirs.mlir"
        ours_cmd = [str(tensor_opt), "--allow-unregistered-dialect", str(src)]
        # The main command: the same parse and print with the broadcast verification
        # and its remarks (written to stderr, as a user sees them).
        verify_cmd = [str(tensor_opt), "--verify-broadcast", str(src)]
        theirs_cmd = [MLIR_OPT, str(src)]
        ours = theirs = verify = float("inf")
        # Interleave so a burst of load penalizes both tools alike.
        for _ in range(args.runs):
            theirs = min(theirs, best_time(theirs_cmd, theirs_out, 1))
            ours = min(ours, best_time(ours_cmd, ours_out, 1))
            verify = min(verify, best_time(verify_cmd, Path(tmp) / "verified.mlir", 1, stderr=True))
        same = ours_out.read_bytes() == theirs_out.read_bytes()
        shares, pass_costs = [], []
        for _ in range(args.runs):
            report = subprocess.run(
                [str(tensor_opt), "--verify-broadcast", "--mlir-timing", str(src)],
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True,
            ).stderr
            pct = {m[1]: float(m[0]) for m in re.findall(r"\(\s*([0-9.]+)%\)\s+(\w+)", report)}
            shares.append(pct.get("Verifier", 0.0) + pct.get("VerifyBroadcast", 0.0))
            parse_print = pct.get("Parser", 0.0) + pct.get("Output", 0.0)
            if parse_print > 0:
                pass_costs.append(100 * pct.get("VerifyBroadcast", 0.0) / parse_print)

    print(f"input: {args.ops} ops, {size_mb:.1f} MB (generic form; static, ? and * tensor types)")
    print(f"mlir-opt   best of {args.runs}: {theirs:.3f} s")
    print(f"tensor-opt best of {args.runs}: {ours:.3f} s")
    print(f"tensor-opt --verify-broadcast best of {args.runs}: {verify:.3f} s")
    print(f"ratio (mlir-opt / tensor-opt): {theirs / ours:.2f}x  (target: >= 6x, goal 10x)")
    print(f"ratio (mlir-opt / tensor-opt --verify-broadcast): {theirs / verify:.2f}x  (target: >= 4x)")
    print(f"outputs byte-identical: {'yes' if same else 'NO'}")
    print(f"verification share with --verify-broadcast (median of {args.runs}): "
          f"{statistics.median(shares):.1f}%  (informative: the generic verifier and the pass; "
          f"its old < 10% target was set when parsing cost twice what it does now)")
    if pass_costs:
        # Issue 29: the main command's pass costs at most a quarter of parse + print.
        print(f"--verify-broadcast pass against parse + print (median of {args.runs}): "
              f"{statistics.median(pass_costs):.1f}%  (target: <= 25%)")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
