#!/usr/bin/env python3
"""Scaling benchmark: how tensor-opt's run time grows with the input, next to mlir-opt's.

Each axis generates inputs of growing size N (doubling) that stress one dimension of
the IR (symbols, calls, ...). Per axis it prints the best-of-R wall time of both tools
(parse + verify + print) and the growth exponent between consecutive sizes,
log2(t(2N) / t(N)): about 1 is linear, 2 is quadratic. A tool that exceeds the time
limit at some size is not run at larger sizes of that axis.

Add an axis by adding an `Axis` to AXES: a generator `gen(n) -> str`, the tools'
extra arguments, and whether the input is meant to fail verification.

This is a benchmark, not a test: it exits non-zero only if a tool crashes, fails
when it should not, or the two tools print different outputs."""
import argparse
import math
import os
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
MLIR_OPT = os.environ.get("MLIR_OPT", "/usr/lib/llvm-22/bin/mlir-opt")


def gen_symbols(n: int) -> str:
    """N functions with bodies, nothing else: the symbol table's size."""
    return "".join(f"func.func @f{i}() {{\n  return\n}}\n" for i in range(n))


def gen_calls(n: int) -> str:
    """N calls among N/2 functions: each calls one function defined later and
    one defined earlier (wrapping around), so lookups hit the whole table."""
    m = max(n // 2, 1)
    out = []
    for i in range(m):
        later, earlier = (i + m // 2 + 1) % m, (i * 7 + 3) % m
        out.append(
            f"func.func @f{i}() {{\n"
            f"  call @f{later}() : () -> ()\n"
            f"  call @f{earlier}() : () -> ()\n"
            f"  return\n}}\n"
        )
    return "".join(out)


@dataclass
class Axis:
    """One dimension of the input to grow."""

    name: str
    what: str  # what N counts, for the table's title
    gen: Callable[[int], str]
    ours_args: list = field(default_factory=list)
    theirs_args: list = field(default_factory=list)
    # Inputs meant to fail (e.g. an "errors" axis): a non-zero exit is expected,
    # and stderr is compared instead of stdout.
    expect_failure: bool = False


AXES = [
    Axis("symbols", "N functions", gen_symbols),
    Axis("calls", "N calls among N/2 functions", gen_calls),
]


@dataclass
class Run:
    seconds: float | None  # None: timed out
    output: bytes = b""


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_tool(cmd, runs: int, timeout: float, expect_failure: bool, clock: str) -> Run:
    best, output = math.inf, b""
    for _ in range(runs):
        t, cpu = time.perf_counter(), children_cpu()
        try:
            p = subprocess.run(cmd, capture_output=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return Run(None)
        # Tools run one at a time, so the children's CPU time grew by this run's.
        elapsed = children_cpu() - cpu if clock == "cpu" else time.perf_counter() - t
        failed = p.returncode != 0
        if failed != expect_failure or p.returncode < 0:
            sys.stderr.write(p.stderr.decode(errors="replace")[-2000:])
            raise SystemExit(f"{cmd[0]} exited with {p.returncode} on {cmd[-1]}")
        best = min(best, elapsed)
        output = p.stderr if expect_failure else p.stdout
    return Run(best, output)


def exponent(prev: float | None, cur: float | None, ratio: float) -> str:
    if prev is None or cur is None or prev <= 0 or cur <= 0:
        return ""
    return f"{math.log(cur / prev, 2) / math.log(ratio, 2):.2f}"


def fmt_time(r: Run | None, timeout: float) -> str:
    if r is None:
        return "-"
    return f">{timeout:.0f}" if r.seconds is None else f"{r.seconds:.3f}"


def bench_axis(axis: Axis, sizes, tools, args, tmp: Path) -> bool:
    clock = "CPU (user + sys) seconds" if args.clock == "cpu" else "seconds"
    print(f"\n== {axis.name}: {axis.what} (best of {args.runs}, {clock}; exp = log2 ratio per doubling)")
    names = list(tools)
    header = f"{'N':>9}" + "".join(f" {n:>12} {'exp':>5}" for n in names) + "  same output"
    print(header)
    prev: dict = {n: None for n in names}
    stopped = {n: False for n in names}
    ok, prev_size = True, None
    for size in sizes:
        src = tmp / f"{axis.name}-{size}.mlir"
        src.write_text(axis.gen(size))
        results: dict = {}
        for name in names:
            if stopped[name]:
                results[name] = None
                continue
            base, extra = tools[name]
            cmd = [*base, *(extra(axis)), str(src)]
            results[name] = run_tool(cmd, args.runs, args.timeout, axis.expect_failure, args.clock)
            if results[name].seconds is None:
                stopped[name] = True
        row = f"{size:>9}"
        for name in names:
            r, p = results[name], prev[name]
            exp = exponent(
                p.seconds if p else None,
                r.seconds if r else None,
                size / prev_size if prev_size else 2,
            )
            row += f" {fmt_time(r, args.timeout):>12} {exp:>5}"
        done = [results[n] for n in names if results[n] and results[n].seconds is not None]
        if len(done) == len(names):
            same = all(d.output == done[0].output for d in done)
            ok &= same
            row += "  " + ("yes" if same else "NO")
        print(row, flush=True)
        prev, prev_size = results, size
        src.unlink()
    return ok


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("axes", nargs="*", help=f"axes to run (default: all of {', '.join(a.name for a in AXES)})")
    ap.add_argument("--min", type=int, default=3125, help="smallest N (default 3125)")
    ap.add_argument("--max", type=int, default=100_000, help="largest N (default 100000)")
    ap.add_argument("--runs", type=int, default=3, help="runs per size, best is kept (default 3)")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per run before a tool is dropped")
    ap.add_argument(
        "--clock",
        choices=["wall", "cpu"],
        default="wall",
        help="wall time (default) or the tools' CPU time, steadier on a loaded machine",
    )
    ap.add_argument("--tensor-opt", help="binary to measure (default: build target/release/tensor-opt)")
    args = ap.parse_args()

    by_name = {a.name: a for a in AXES}
    unknown = [a for a in args.axes if a not in by_name]
    if unknown:
        ap.error(f"unknown axis {', '.join(unknown)}; known: {', '.join(by_name)}")
    axes = [by_name[a] for a in args.axes] if args.axes else AXES

    if args.tensor_opt:
        tensor_opt = Path(args.tensor_opt)
    else:
        subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "tensor-opt"], cwd=ROOT, check=True)
        tensor_opt = ROOT / "target" / "release" / "tensor-opt"
    tools = {"tensor-opt": ([str(tensor_opt)], lambda a: a.ours_args)}
    if Path(MLIR_OPT).exists():
        tools["mlir-opt"] = ([MLIR_OPT], lambda a: a.theirs_args)
    else:
        print(f"mlir-opt not found at {MLIR_OPT}; measuring tensor-opt alone", file=sys.stderr)

    sizes, n = [], max(args.min, 1)
    while n <= args.max:
        sizes.append(n)
        n *= 2
    if sizes and sizes[-1] != args.max and args.max > args.min:
        sizes.append(args.max)

    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        for axis in axes:
            ok &= bench_axis(axis, sizes, tools, args, Path(tmp))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
