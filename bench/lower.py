#!/usr/bin/env python3
"""Lowering benchmark: the cost of `--lower-broadcast --cse --canonicalize` next to
parse + print alone, on a generated program of N mixed `nd` ops (static, `?` and `*`
operands; NumPy and XLA broadcasting, nd.cmp, nd.select, nd.matmul batch dims,
nd.assign, nd.broadcast_to), each op using earlier results so the program is one
connected data flow, as real programs are.

Prints, best of R runs (interleaved so machine noise hits both):
- parse + print: `tensor-opt prog.mlir`;
- the pipeline: `tensor-opt prog.mlir --lower-broadcast --cse --canonicalize`,
  whose output is larger (the explicit broadcasts and shape computations);
- the ratio (pipeline - parse+print) / parse+print: what the passes cost, printing
  their larger output included, in units of parse + print. The issue's target is
  at most 1 (at most as much again as parse + print).
- with --sizes, the same at several N and the growth exponent of the pipeline's
  extra time between consecutive sizes, log(t2/t1)/log(N2/N1): about 1 is linear.
- with --instructions N, the same ratio in instructions executed (callgrind, at N
  ops): deterministic where wall time on a loaded machine is not, but blind to
  what memory costs (page faults, cache misses), which wall time includes.

A benchmark, not a test: it exits non-zero only if a run fails or the lowered
output does not pass --verify-explicit-broadcast."""
import argparse
import math
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scaling import exponent

ROOT = Path(__file__).resolve().parent.parent

# Argument types, by name.
TYPES = {
    "s2": "tensor<4x8xf32>",
    "s1": "tensor<8xf32>",
    "r1": "tensor<1x8xf32>",
    "d2": "tensor<?x8xf32>",
    "dd": "tensor<?x?xf32>",
    "dc": "tensor<?x1xf32>",
    "u": "tensor<*xf32>",
    "m": "tensor<2x3xf32>",
    "v": "tensor<3xf32>",
    "b3": "tensor<2x4x5xf32>",
    "b1": "tensor<1x5x6xf32>",
    "b": "tensor<2x4x6xf32>",
    "c": "tensor<4x8xi1>",
}

# (op format, operand kinds, result kind, static?): `{0}`... are the operands,
# `{t0}`... their types, `{r}` the result type. Each row broadcasts validly; the
# result kind feeds later ops.
ROWS = [
    ("nd.add {0}, {1} : ({t0}, {t1}) -> {r}", ["s2", "s1"], "s2", True),
    ("nd.mul {0}, {1} : ({t0}, {t1}) -> {r}", ["s2", "r1"], "s2", True),
    ("nd.sub {0}, {1} {{broadcast_dimensions = array<i64: 1>}} : ({t0}, {t1}) -> {r}",
     ["m", "v"], "m", True),
    ("nd.cmp lt, {0}, {1} : ({t0}, {t1}) -> {r}", ["s2", "s1"], "c", True),
    ("nd.select {0}, {1}, {2} : ({t0}, {t1}, {t2}) -> {r}", ["c", "s2", "s1"], "s2", True),
    ("nd.matmul {0}, {1} : ({t0}, {t1}) -> {r}", ["b3", "b1"], "b", True),
    ("nd.add {0}, {1} : ({t0}, {t1}) -> {r}", ["b", "b"], "b", True),
    ("nd.assign {0}, {1} : ({t0}, {t1}) -> {r}", ["s2", "s1"], "s2", True),
    ("nd.broadcast_to {0}, shape = [4, 8] : ({t0}) -> {r}", ["s1"], "s2", True),
    ("nd.add {0}, {1} : ({t0}, {t1}) -> {r}", ["d2", "s1"], "d2", False),
    ("nd.mul {0}, {1} : ({t0}, {t1}) -> {r}", ["d2", "r1"], "d2", False),
    ("nd.sub {0}, {1} : ({t0}, {t1}) -> {r}", ["dd", "dc"], "dd", False),
    ("nd.max {0}, {1} : ({t0}, {t1}) -> {r}", ["dd", "dd"], "dd", False),
    ("nd.add {0}, {1} : ({t0}, {t1}) -> {r}", ["u", "s1"], "u", False),
    ("nd.mul {0}, {1} : ({t0}, {t1}) -> {r}", ["u", "u"], "u", False),
    ("nd.neg {0} : {r}", ["d2"], "d2", False),
]


def generate(n: int, seed: int = 42) -> str:
    """N ops, about half static and half dynamic or unranked. Each operand is a value
    of its type no op uses yet if there is one (else one of the last few), and the
    values left unused are returned: no op is dead, so the clean-up erases only what
    the lowering made redundant."""
    rng = random.Random(seed)
    kinds = sorted(TYPES)
    pools = {k: [f"%a{i}"] for i, k in enumerate(kinds)}
    unused = {k: [] for k in kinds}
    args = ", ".join(f"%a{i}: {TYPES[k]}" for i, k in enumerate(kinds))
    body = []
    static = [r for r in ROWS if r[3]]
    dynamic = [r for r in ROWS if not r[3]]
    for i in range(n):
        fmt, operands, result, _ = rng.choice(static if i % 2 == 0 else dynamic)
        names = []
        for k in operands:
            names.append(unused[k].pop() if unused[k] else rng.choice(pools[k][-4:]))
        subs = {f"t{j}": TYPES[k] for j, k in enumerate(operands)}
        text = fmt.format(*names, r=TYPES[result], **subs)
        body.append(f"  %v{i} = {text}")
        pools[result].append(f"%v{i}")
        unused[result].append(f"%v{i}")
    rets = [(v, TYPES[k]) for k in kinds for v in unused[k]]
    types = ", ".join(t for _, t in rets)
    head = f"func.func @bench({args}) -> ({types}) {{"
    ret = f"  return {', '.join(v for v, _ in rets)} : {types}" if rets else "  return"
    return "\n".join([head, *body, ret, "}"]) + "\n"


def best_pair(cmds, runs):
    """Best-of-`runs` wall times of each command, interleaved."""
    best = [math.inf] * len(cmds)
    for _ in range(runs):
        for i, cmd in enumerate(cmds):
            t = time.perf_counter()
            subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
            best[i] = min(best[i], time.perf_counter() - t)
    return best


def measure(tensor_opt: Path, n: int, runs: int, tmp: Path):
    src = tmp / f"lower-{n}.mlir"
    src.write_text(generate(n))
    pp_cmd = [str(tensor_opt), str(src)]
    pipe = ["--lower-broadcast", "--cse", "--canonicalize"]
    lower_cmd = [str(tensor_opt), str(src), *pipe]
    # The output holds the invariant (checked once, outside the timing).
    subprocess.run([*lower_cmd, "--verify-explicit-broadcast"], stdout=subprocess.DEVNULL,
                   check=True)
    pp, full = best_pair([pp_cmd, lower_cmd], runs)
    return src.stat().st_size / 1e6, pp, full


def instructions(cmd) -> int:
    """Instructions `cmd` executes, all threads, counted by callgrind."""
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          *cmd], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         text=True, check=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if not found:
        raise RuntimeError(f"no instruction count from callgrind:\n{run.stderr}")
    return int(found.group(1))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ops", type=int, default=100_000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--sizes", type=int, nargs="*", default=None,
                    help="also measure at these sizes and print the growth (e.g. 25000 50000 100000)")
    ap.add_argument("--instructions", type=int, metavar="N", default=None,
                    help="also count instructions (callgrind) at N ops, e.g. 20000")
    args = ap.parse_args()

    subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "tensor-opt"],
                   cwd=ROOT, check=True)
    tensor_opt = ROOT / "target" / "release" / "tensor-opt"
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        mb, pp, full = measure(tensor_opt, args.ops, args.runs, tmp)
        extra = full - pp
        print(f"input: {args.ops} nd ops, {mb:.1f} MB (half static, half ? or *)")
        print(f"parse + print               best of {args.runs}: {pp:.3f} s")
        print(f"--lower-broadcast --cse --canonicalize: {full:.3f} s")
        print(f"ratio (pipeline - parse+print) / parse+print: {extra / pp:.2f}  (target: <= 1)")
        if args.sizes:
            print("growth:")
            prev = None
            for n in args.sizes:
                _, pp_n, full_n = measure(tensor_opt, n, args.runs, tmp)
                extra_n = full_n - pp_n
                line = (f"  {n:>8} ops: parse+print {pp_n:.3f} s, pipeline {full_n:.3f} s, "
                        f"ratio {extra_n / pp_n:.2f}")
                if prev is not None and (k := exponent(prev[1], extra_n, n / prev[0])):
                    line += f", growth exponent of the passes' time {k}"
                print(line)
                prev = (n, extra_n)
        if args.instructions:
            if not shutil.which("valgrind"):
                print("instructions: valgrind is not installed")
                return 0
            src = tmp / f"lower-{args.instructions}.mlir"
            src.write_text(generate(args.instructions))
            pp_i = instructions([str(tensor_opt), str(src), "-o", "/dev/null"])
            full_i = instructions([str(tensor_opt), str(src), "--lower-broadcast", "--cse",
                                   "--canonicalize", "-o", "/dev/null"])
            print(f"instructions at {args.instructions} ops: parse + print {pp_i / 1e6:.1f}M, "
                  f"pipeline {full_i / 1e6:.1f}M, ratio {(full_i - pp_i) / pp_i:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
