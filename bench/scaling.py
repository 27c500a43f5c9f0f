#!/usr/bin/env python3
"""Scaling benchmark: how tensor-opt's run time grows with the input, next to mlir-opt's.

Each axis generates inputs of growing size N (doubling) that stress one dimension of
the IR (symbols, calls, ...). Per axis it prints the best-of-R wall time of both tools
(parse + verify + print), their peak resident memory (MB, the largest of the R runs)
and the growth exponent between consecutive sizes,
log2(t(2N) / t(N)): about 1 is linear, 2 is quadratic. A tool that exceeds the time
limit at some size is not run at larger sizes of that axis. At the end a table gives
each axis's growth exponent over the whole range (the slope of log t against log N,
ignoring times below the start-up noise floor), for both tools.

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


def gen_blocks(n: int) -> str:
    """One function of N blocks in a chain, each branching to the next."""
    out = ["func.func @f() {\n"]
    for i in range(n):
        if i:
            out.append(f"^bb{i}:\n")
        out.append(f'  "t.br"()[^bb{i + 1}] : () -> ()\n')
    out.append(f"^bb{n}:\n  return\n}}\n")
    return "".join(out)


def gen_successors(n: int) -> str:
    """One op with N successors, each a block that returns."""
    targets = ", ".join(f"^bb{i + 1}" for i in range(n))
    out = [f'func.func @f() {{\n  "t.switch"()[{targets}] : () -> ()\n']
    out.extend(f"^bb{i + 1}:\n  return\n" for i in range(n))
    out.append("}\n")
    return "".join(out)


def gen_predecessors(n: int) -> str:
    """One block with N predecessors: N blocks each branch to it or to the next."""
    out = ['func.func @f() {\n  "t.br"()[^bb1] : () -> ()\n']
    for i in range(1, n + 1):
        out.append(f'^bb{i}:\n  "t.cond"()[^bb{i + 1}, ^bb0x] : () -> ()\n')
    out.append(f"^bb{n + 1}:\n  return\n^bb0x:\n  return\n}}\n")
    return "".join(out)


def failing_function(i: int) -> str:
    return f"func.func @f{i}(%a: i32) -> f32 {{ return %a : i32 }}"


def gen_errors(n: int) -> str:
    """N functions, each with one verifier error (upstream reports one per function)."""
    return "".join(failing_function(i) + "\n" for i in range(n))


def gen_errors_one_line(n: int) -> str:
    """N failing functions on one line: each diagnostic quotes that line."""
    return " ".join(failing_function(i) for i in range(n)) + "\n"


NEST = 100


def gen_errors_nested(n: int) -> str:
    """N failing ops (calls of an undefined function) 100 regions deep in one function.
    Upstream reports the first only; tensor-opt reports all."""
    out = ["func.func @f() {\n"]
    out.extend('"t.wrap"() ({\n' for _ in range(NEST))
    out.extend('  "func.call"() {callee = @nope} : () -> ()\n' for _ in range(n))
    out.extend("}) : () -> ()\n" for _ in range(NEST))
    out.append("  return\n}\n")
    return "".join(out)


def high_rank(n: int) -> tuple[str, str]:
    ones = "1x" * n
    return f"tensor<{ones}f32>", ", ".join(str(i) for i in range(n))


def gen_reduce_rank(n: int) -> str:
    """nd.reduce over all N dims of a rank-N tensor."""
    t, dims = high_rank(n)
    return (
        f"func.func @f(%x: {t}) -> tensor<f32> {{\n"
        f"  %r = nd.reduce sum %x across [{dims}] : ({t}) -> tensor<f32>\n"
        f"  return %r : tensor<f32>\n}}\n"
    )


def gen_reduce_rank_generic(n: int) -> str:
    """The same text for mlir-opt, which knows no nd: an unregistered op of the same size."""
    t, dims = high_rank(n)
    return (
        f"func.func @f(%x: {t}) -> tensor<f32> {{\n"
        f'  %r = "nd.reduce"(%x) <{{dimensions = array<i64: {dims}>, kind = "sum"}}> : ({t}) -> tensor<f32>\n'
        f"  return %r : tensor<f32>\n}}\n"
    )


def gen_in_dim_rank(n: int) -> str:
    """nd.broadcast_in_dim of a rank-N tensor into rank N (dims reversed)."""
    t, _ = high_rank(n)
    dims = ", ".join(str(n - 1 - i) for i in range(n))
    return (
        f"func.func @f(%x: {t}) -> {t} {{\n"
        f"  %r = nd.broadcast_in_dim %x, dims = [{dims}] : ({t}) -> {t}\n"
        f"  return %r : {t}\n}}\n"
    )


def gen_in_dim_rank_generic(n: int) -> str:
    t, _ = high_rank(n)
    dims = ", ".join(str(n - 1 - i) for i in range(n))
    return (
        f"func.func @f(%x: {t}) -> {t} {{\n"
        f'  %r = "nd.broadcast_in_dim"(%x) <{{broadcast_dimensions = array<i64: {dims}>}}> : ({t}) -> {t}\n'
        f"  return %r : {t}\n}}\n"
    )


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
    # Whether both tools should print the same (False where they differ by design).
    compare: bool = True
    # mlir-opt's input when it cannot read ours (no `nd` dialect): a baseline of the
    # same size in the generic form.
    theirs_gen: Callable[[int], str] | None = None


UNREG = ["--allow-unregistered-dialect"]


AXES = [
    Axis("symbols", "N functions", gen_symbols),
    Axis("calls", "N calls among N/2 functions", gen_calls),
    Axis("blocks", "N blocks in a chain in one region", gen_blocks, UNREG, UNREG),
    Axis("successors", "one op with N successors", gen_successors, UNREG, UNREG),
    Axis("predecessors", "one block with N predecessors", gen_predecessors, UNREG, UNREG),
    Axis("errors", "N failing functions", gen_errors, expect_failure=True),
    Axis("errors-one-line", "N failing functions on one line", gen_errors_one_line, expect_failure=True),
    Axis(
        "errors-nested",
        f"N failing ops {NEST} regions deep (upstream stops at the first)",
        gen_errors_nested,
        UNREG,
        UNREG,
        expect_failure=True,
        compare=False,
    ),
    Axis(
        "reduce-rank",
        "nd.reduce over rank N (mlir-opt: the same op unregistered)",
        gen_reduce_rank,
        theirs_args=UNREG,
        compare=False,
        theirs_gen=gen_reduce_rank_generic,
    ),
    Axis(
        "in-dim-rank",
        "nd.broadcast_in_dim of rank N (mlir-opt: the same op unregistered)",
        gen_in_dim_rank,
        theirs_args=UNREG,
        compare=False,
        theirs_gen=gen_in_dim_rank_generic,
    ),
]


@dataclass
class Run:
    seconds: float | None  # None: timed out
    output: bytes = b""
    peak_mb: float | None = None  # largest resident set of the runs


def run_measured(cmd, timeout: float):
    """Runs `cmd`, capturing both streams: (exit code, stdout, stderr, resident
    set peak in MB), or None past `timeout`. The child is reaped with wait4 so
    its own peak memory is known (subprocess.run reaps it without)."""
    import selectors

    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    chunks = {p.stdout: [], p.stderr: []}
    sel = selectors.DefaultSelector()
    for f in chunks:
        sel.register(f, selectors.EVENT_READ)
    deadline = time.monotonic() + timeout
    while sel.get_map():
        left = deadline - time.monotonic()
        if left <= 0:
            p.kill()
            p.wait()
            return None
        for key, _ in sel.select(left):
            data = os.read(key.fd, 1 << 16)
            if data:
                chunks[key.fileobj].append(data)
            else:
                sel.unregister(key.fileobj)
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    # ru_maxrss is in KB on Linux.
    return p.returncode, b"".join(chunks[p.stdout]), b"".join(chunks[p.stderr]), usage.ru_maxrss / 1024


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_tool(cmd, runs: int, timeout: float, expect_failure: bool, clock: str) -> Run:
    best, output, peak = math.inf, b"", 0.0
    for _ in range(runs):
        t, cpu = time.perf_counter(), children_cpu()
        done = run_measured(cmd, timeout)
        if done is None:
            return Run(None)
        code, stdout, stderr, mb = done
        # Tools run one at a time, so the children's CPU time grew by this run's.
        elapsed = children_cpu() - cpu if clock == "cpu" else time.perf_counter() - t
        failed = code != 0
        if failed != expect_failure or code < 0:
            sys.stderr.write(stderr.decode(errors="replace")[-2000:])
            raise SystemExit(f"{cmd[0]} exited with {code} on {cmd[-1]}")
        best = min(best, elapsed)
        peak = max(peak, mb)
        output = stderr if expect_failure else stdout
    return Run(best, output, peak)


def exponent(prev: float | None, cur: float | None, ratio: float) -> str:
    if prev is None or cur is None or prev <= 0 or cur <= 0:
        return ""
    return f"{math.log(cur / prev, 2) / math.log(ratio, 2):.2f}"


def fmt_time(r: Run | None, timeout: float) -> str:
    if r is None:
        return "-"
    return f">{timeout:.0f}" if r.seconds is None else f"{r.seconds:.3f}"


def bench_axis(axis: Axis, sizes, tools, args, tmp: Path) -> tuple[bool, dict]:
    clock = "CPU (user + sys) seconds" if args.clock == "cpu" else "seconds"
    print(f"\n== {axis.name}: {axis.what} (best of {args.runs}, {clock}; exp = log2 ratio per doubling)")
    names = list(tools)
    header = f"{'N':>9}" + "".join(f" {n:>12} {'exp':>5} {'MB':>6}" for n in names) + "  same output"
    print(header)
    prev: dict = {n: None for n in names}
    stopped = {n: False for n in names}
    ok, prev_size = True, None
    series: dict = {n: [] for n in names}
    for size in sizes:
        src = tmp / f"{axis.name}-{size}.mlir"
        src.write_text(axis.gen(size))
        theirs_src = src
        if axis.theirs_gen:
            theirs_src = tmp / f"{axis.name}-{size}-generic.mlir"
            theirs_src.write_text(axis.theirs_gen(size))
        results: dict = {}
        for name in names:
            if stopped[name]:
                results[name] = None
                continue
            base, extra = tools[name]
            path = theirs_src if name == "mlir-opt" else src
            cmd = [*base, *(extra(axis)), str(path)]
            results[name] = run_tool(cmd, args.runs, args.timeout, axis.expect_failure, args.clock)
            if results[name].seconds is None:
                stopped[name] = True
        row = f"{size:>9}"
        for name in names:
            if results[name] and results[name].seconds is not None:
                series[name].append((size, results[name].seconds))
            r, p = results[name], prev[name]
            exp = exponent(
                p.seconds if p else None,
                r.seconds if r else None,
                size / prev_size if prev_size else 2,
            )
            mb = f"{r.peak_mb:.0f}" if r and r.peak_mb is not None else "-"
            row += f" {fmt_time(r, args.timeout):>12} {exp:>5} {mb:>6}"
        done = [results[n] for n in names if results[n] and results[n].seconds is not None]
        if len(done) == len(names) and axis.compare:
            same = all(d.output == done[0].output for d in done)
            ok &= same
            row += "  " + ("yes" if same else "NO")
        print(row, flush=True)
        prev, prev_size = results, size
        src.unlink()
        if theirs_src != src:
            theirs_src.unlink()
    return ok, series


# Times below this are mostly process start-up; the fit ignores them.
NOISE_FLOOR = 0.05


def growth(points: list) -> str:
    """The growth exponent over the measured range: the least-squares slope of
    log t against log N, over the sizes whose time is above the noise floor."""
    pts = [(math.log(n), math.log(t)) for n, t in points if t >= NOISE_FLOOR]
    if len(pts) < 2:
        return "<floor" if points else "-"
    mx = sum(x for x, _ in pts) / len(pts)
    my = sum(y for _, y in pts) / len(pts)
    den = sum((x - mx) ** 2 for x, _ in pts)
    return f"{sum((x - mx) * (y - my) for x, y in pts) / den:.2f}" if den else "-"


def summary(table: dict, names: list) -> None:
    print(f"\n== growth exponent per axis (slope of log t over log N, times >= {NOISE_FLOOR}s; 1 is linear)")
    print(f"{'axis':<18}" + "".join(f" {n:>12} {'max N':>8}" for n in names))
    for axis, series in table.items():
        row = f"{axis:<18}"
        for n in names:
            pts = series.get(n, [])
            row += f" {growth(pts):>12} {pts[-1][0] if pts else '-':>8}"
        print(row)


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

    ok, table = True, {}
    with tempfile.TemporaryDirectory() as tmp:
        for axis in axes:
            same, table[axis.name] = bench_axis(axis, sizes, tools, args, Path(tmp))
            ok &= same
    summary(table, list(tools))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
