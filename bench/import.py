#!/usr/bin/env python3
"""Import benchmark: the cost of `--convert-upstream-to-nd` on the export of a chain
of N elementwise ops with `?` sizes that alternate `nd.add (?x8, 8)` and
`nd.sub (?x?, ?x1)` over the previous result, each with its run-time check.

For each N (default 1000 2000 4000 8000) it lowers the chain (`--lower-broadcast`,
and with --canonicalize also `--cse --canonicalize`, where ops share shapes and
checks), exports it (`--convert-nd-to-upstream`), and times the import, best of R
runs. It prints each time and the growth exponent between consecutive sizes,
log(t2/t1)/log(N2/N1): about 1 is linear (the import builds and exports one
candidate per op, so each doubling should about double the time).

With --unranked the chain is over unranked tensors (`nd.add (*, 8)` and
`nd.mul (*, *)` over the previous result and an unranked argument), exported with
rank specialisation up to --max-rank (default 2): each op is then five
`scf.index_switch`es (shapes, check, broadcasts, op) of max-rank + 2 cases.

A benchmark, not a test: it exits non-zero only if a step fails."""
import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from lower import best_pair
from scaling import exponent

ROOT = Path(__file__).resolve().parent.parent


def chain(n: int) -> str:
    """N ops: `nd.add` of the previous result and a `tensor<8xf32>` (rank
    promotion), `nd.sub` of it and a `tensor<?x1xf32>` (a `?` that may be 1)."""
    lines = []
    prev, ty = "%x", "tensor<?x8xf32>"
    for i in range(n):
        if i % 2 == 0:
            lines.append(f"  %v{i} = nd.add {prev}, %b : ({ty}, tensor<8xf32>) -> {ty}")
        else:
            lines.append(f"  %v{i} = nd.sub {prev}, %c : ({ty}, tensor<?x1xf32>) -> "
                         "tensor<?x?xf32>")
            ty = "tensor<?x?xf32>"
        prev = f"%v{i}"
    head = (f"func.func @chain(%x: tensor<?x8xf32>, %b: tensor<8xf32>, "
            f"%c: tensor<?x1xf32>) -> {ty} {{")
    return "\n".join([head, *lines, f"  return {prev} : {ty}", "}"]) + "\n"


def unranked_chain(n: int) -> str:
    """N ops over unranked tensors: `nd.add` of the previous result and a
    `tensor<8xf32>`, `nd.mul` of it and an unranked argument."""
    lines = []
    prev = "%x"
    for i in range(n):
        if i % 2 == 0:
            lines.append(f"  %v{i} = nd.add {prev}, %b : (tensor<*xf32>, tensor<8xf32>) -> "
                         "tensor<*xf32>")
        else:
            lines.append(f"  %v{i} = nd.mul {prev}, %u : tensor<*xf32>")
        prev = f"%v{i}"
    head = ("func.func @chain(%x: tensor<*xf32>, %b: tensor<8xf32>, %u: tensor<*xf32>) "
            "-> tensor<*xf32> {")
    return "\n".join([head, *lines, f"  return {prev} : tensor<*xf32>", "}"]) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=int, nargs="*")
    ap.add_argument("--unranked", action="store_true",
                    help="a chain over unranked tensors (rank specialisation)")
    ap.add_argument("--max-rank", type=int, default=2,
                    help="with --unranked: --convert-nd-to-upstream=<n>")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--canonicalize", action="store_true",
                    help="lower with --cse --canonicalize too (shared shapes and checks)")
    args = ap.parse_args()
    if args.sizes is None:
        args.sizes = [250, 500, 1000, 2000] if args.unranked else [1000, 2000, 4000, 8000]
    export = (f"--convert-nd-to-upstream={args.max_rank}" if args.unranked
              else "--convert-nd-to-upstream")
    make = unranked_chain if args.unranked else chain

    subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "tensor-opt"],
                   cwd=ROOT, check=True)
    tensor_opt = str(ROOT / "target" / "release" / "tensor-opt")
    lower = ["--lower-broadcast"] + (["--cse", "--canonicalize"] if args.canonicalize else [])
    kind = f"unranked, ranks to {args.max_rank}, " if args.unranked else ""
    print(f"import of a chain of N ops ({kind}lowered with {' '.join(lower)}), "
          f"best of {args.runs}:")
    prev = None
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.sizes:
            src = Path(tmp) / f"chain-{n}.mlir"
            exp = Path(tmp) / f"chain-{n}.upstream.mlir"
            src.write_text(make(n))
            lowered = subprocess.run([tensor_opt, str(src), *lower], check=True,
                                     capture_output=True, text=True).stdout
            subprocess.run([tensor_opt, "-", export, "-o", str(exp)],
                           input=lowered, check=True, text=True)
            cmd = [tensor_opt, "-allow-unregistered-dialect", str(exp),
                   "--convert-upstream-to-nd"]
            (best,) = best_pair([cmd], args.runs)
            line = f"  N = {n:>6}: {best:.3f} s ({exp.stat().st_size / 1e6:.1f} MB upstream)"
            if prev is not None and (k := exponent(prev[1], best, n / prev[0])):
                line += f"  growth exponent {k}"
            print(line)
            prev = (n, best)
    return 0


if __name__ == "__main__":
    sys.exit(main())
