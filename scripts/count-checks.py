#!/usr/bin/env python3
"""Counts, over examples/ and the golden corpus (test/), what a user is asked to
check: the run-time obligations `--verify-broadcast` reports (one remark each)
and the `cf.assert`s of the program `--lower-broadcast --convert-nd-to-upstream`
exports. Give two tensor-opt binaries to compare them (issue 26 asks for the
numbers before and after the shape analysis):

    scripts/count-checks.py target/debug/tensor-opt [OLD_TENSOR_OPT] [--unchanged-since REV]

With --unchanged-since, only files identical at git revision REV are counted (an
older binary cannot read the ops or goldens added since).

Each file is split at `// -----` as its RUN lines do. A chunk that does not
verify exports nothing and is not counted for exports.
"""

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def run(binary, path, *flags):
    """The stdout and stderr of one tensor-opt run over every chunk of `path`."""
    try:
        out = subprocess.run(
            [binary, str(path), "-split-input-file", "-allow-unregistered-dialect", *flags],
            capture_output=True,
            text=True,
            timeout=60,
        )
    except subprocess.TimeoutExpired:
        print(f"{binary} {' '.join(flags)} {path}: no answer in 60 s, counted as 0", file=sys.stderr)
        return "", ""
    return out.stdout, out.stderr


def count(binary, path):
    """(remarks, exported asserts) of one file."""
    _, err = run(binary, path, "--verify-broadcast")
    remarks = sum(1 for line in err.splitlines() if ": remark: " in line and "at run time" in line)
    out, _ = run(binary, path, "--lower-broadcast", "--convert-nd-to-upstream")
    asserts = out.count("cf.assert")
    return remarks, asserts


def unchanged(f, rev):
    """Whether `f` is the same at git revision `rev`."""
    return (
        subprocess.run(
            ["git", "diff", "--quiet", rev, "--", str(f)], cwd=ROOT, capture_output=True
        ).returncode
        == 0
    )


def corpus(since):
    """The files that hold nd ops with implicit broadcasting to ask about."""
    files = sorted(ROOT.glob("examples/*.mlir")) + sorted(ROOT.glob("test/**/*.mlir"))
    files = [f for f in files if "nd." in f.read_text(errors="replace")]
    return [f for f in files if since is None or unchanged(f, since)]


def main():
    args = sys.argv[1:]
    since = None
    if "--unchanged-since" in args:
        at = args.index("--unchanged-since")
        if at + 1 >= len(args):
            print(__doc__, file=sys.stderr)
            sys.exit(2)
        since = args[at + 1]
        del args[at : at + 2]
    if len(args) not in (1, 2):
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    binaries = args
    totals = {b: {"examples": [0, 0], "test": [0, 0]} for b in binaries}
    for f in corpus(since):
        rel = f.relative_to(ROOT)
        group = rel.parts[0]
        row = []
        for b in binaries:
            r, a = count(b, f)
            totals[b][group][0] += r
            totals[b][group][1] += a
            row.append(f"{r:5d} {a:5d}")
        if len(set(row)) > 1 or group == "examples":
            print(f"{str(rel):70s} " + "   ".join(row))
    print()
    header = "remarks asserts"
    print(f"{'':20s}" + "   ".join(f"{header:>15s}" for _ in binaries) + "   (" + ", ".join(binaries) + ")")
    for group in ("examples", "test"):
        print(f"{group:20s}" + "   ".join(f"{totals[b][group][0]:7d} {totals[b][group][1]:7d}" for b in binaries))


if __name__ == "__main__":
    main()
