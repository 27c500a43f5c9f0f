#!/usr/bin/env python3
"""Round-trip fidelity on upstream MLIR's own tests (issue 14's measurement).

For each round-trip test of an llvm-project source tree (mlir/test/IR/*.mlir and
the mlir/test/Dialect files that check a round trip: a RUN line piping mlir-opt
into mlir-opt, --verify-roundtrip, --mlir-print-op-generic, or a name with
"roundtrip"/"round-trip", or ops.mlir), each `// -----` chunk (when the test
splits its input) is printed by `mlir-opt --allow-unregistered-dialect
--mlir-print-op-generic`; chunks mlir-opt rejects are skipped. That generic text
(read once more by mlir-opt, which is not quite idempotent) is fed to
`tensor-opt --allow-unregistered-dialect --mlir-print-op-generic`, and
each top-level op of its output is compared byte for byte with mlir-opt's.
Where our output differs, mlir-opt reads ours back: if its generic print differs
from its own, the chunk counts as "changes meaning".

Nothing of llvm-project is copied into this repository: point the script at a
source tree (e.g. `apt-get source llvm-toolchain-22`, or a git checkout).

Usage: scripts/measure-upstream-roundtrip.py LLVM_PROJECT_DIR [FILTER...]
Environment: MLIR_OPT (default /usr/lib/llvm-22/bin/mlir-opt), TENSOR_OPT
(default target/release/tensor-opt), JOBS (default 2), OUT (a directory where
the differing chunks are written, default: none).
"""
import concurrent.futures as cf
import glob
import os
import re
import subprocess
import sys
from collections import Counter

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MLIR = os.environ.get("MLIR_OPT", "/usr/lib/llvm-22/bin/mlir-opt")
OURS = os.environ.get("TENSOR_OPT", os.path.join(REPO, "target/release/tensor-opt"))
OUT = os.environ.get("OUT")
FLAGS = ["--allow-unregistered-dialect", "--mlir-print-op-generic", "-"]


def run(cmd, text):
    try:
        p = subprocess.run(cmd + FLAGS, input=text.encode(), capture_output=True, timeout=120)
        return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return -1, "", "timeout"


def selected_files(test_root):
    files = sorted(glob.glob(os.path.join(test_root, "IR", "*.mlir")))
    for path in sorted(glob.glob(os.path.join(test_root, "Dialect", "**", "*.mlir"), recursive=True)):
        name = os.path.basename(path)
        runs = [l for l in open(path, encoding="utf-8", errors="replace") if "RUN:" in l]
        if (
            name == "ops.mlir"
            or re.search(r"round-?trip", name)
            or any(re.search(r"mlir-opt.*\|\s*mlir-opt|--verify-roundtrip|--mlir-print-op-generic", l) for l in runs)
        ):
            files.append(path)
    return files


def chunks_of(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    if any("split-input-file" in l for l in text.split("\n") if "RUN:" in l):
        return re.split(r"^// -----\s*$", text, flags=re.M)
    return [text]


def split_ops(text):
    """(everything before the first top-level op, [top-level op texts], the rest)."""
    lines = text.split("\n")
    start = next((i for i, l in enumerate(lines) if l.startswith('"builtin.module"')), None)
    if start is None:
        return None
    ops, cur, end = [], None, len(lines)
    for i in range(start + 1, len(lines)):
        line = lines[i]
        if line.startswith("})"):
            end = i
            break
        if re.match(r'^  [%"]', line) or line.startswith("^"):
            if cur is not None:
                ops.append("\n".join(cur))
            cur = [line]
        else:
            cur = (cur or []) + [line]
    if cur is not None:
        ops.append("\n".join(cur))
    return "\n".join(lines[: start + 1]), ops, "\n".join(lines[end:])


def measure(task):
    rel, idx, chunk = task
    rc, theirs, _ = run([MLIR], chunk)
    if rc != 0:
        return None
    # The reference is mlir-opt's reading of its own generic text: where it is
    # not idempotent (two maps built differently print alike, then parse as
    # one), its second print is what any reader of that text can produce.
    rc, again, _ = run([MLIR], theirs)
    if rc == 0:
        theirs = again
    parts = split_ops(theirs)
    if parts is None:
        return None
    head, ops, tail = parts
    rc, ours, err = run([OURS], theirs)
    res = {"file": rel, "chunk": idx, "ops": len(ops), "identical": 0, "status": "ok"}
    if rc != 0:
        res["status"] = "rejected"
        res["error"] = re.sub(r"^[^:]*:\d+:\d+: ", "", err.strip().split("\n")[0])[:200]
        # Count the ops that do come back: each alone in a module of its own.
        for op in ops:
            single = head + "\n" + op + "\n" + tail
            rc1, t1, _ = run([MLIR], single)
            if rc1 == 0:
                rc2, o1, _ = run([OURS], t1)
                res["identical"] += rc2 == 0 and o1 == t1
    else:
        mine = split_ops(ours)
        if mine is not None and len(mine[1]) == len(ops):
            res["identical"] = sum(a == b for a, b in zip(ops, mine[1]))
        if ours != theirs:
            res["status"] = "differs"
            rc3, back, _ = run([MLIR], ours)
            res["meaning_changed"] = rc3 != 0 or back != theirs
    if OUT and res["status"] != "ok":
        base = os.path.join(OUT, rel.replace("/", "__") + f".{idx}")
        open(base + ".theirs.mlir", "w").write(theirs)
        open(base + ".ours.mlir", "w").write(ours if rc == 0 else err)
    return res


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    test_root = os.path.join(sys.argv[1], "mlir", "test")
    filters = sys.argv[2:]
    files = [f for f in selected_files(test_root) if not filters or any(x in f for x in filters)]
    if OUT:
        os.makedirs(OUT, exist_ok=True)
    tasks = [
        (os.path.relpath(f, test_root), i, c) for f in files for i, c in enumerate(chunks_of(f))
    ]
    with cf.ThreadPoolExecutor(max_workers=int(os.environ.get("JOBS", "2"))) as ex:
        results = [r for r in ex.map(measure, tasks) if r is not None]
    total = sum(r["ops"] for r in results)
    same = sum(r["identical"] for r in results)
    print(f"files: {len(files)}; chunks mlir-opt accepts: {len(results)}; top-level ops: {total}")
    print(f"byte-identical top-level ops: {same} ({100 * same / max(total, 1):.1f}%)")
    print(f"chunks tensor-opt rejects: {sum(r['status'] == 'rejected' for r in results)}")
    print(f"chunks printed differently: {sum(r['status'] == 'differs' for r in results)}, "
          f"of which mlir-opt reads a different meaning: {sum(bool(r.get('meaning_changed')) for r in results)}")
    for r in results:
        if r["status"] != "ok":
            print(f"  {r['status']}: {r['file']} chunk {r['chunk']}: "
                  f"{r.get('error', 'meaning changed' if r.get('meaning_changed') else 'same meaning')}")
    errors = Counter(r["error"] for r in results if r["status"] == "rejected")
    for e, n in errors.most_common(20):
        print(f"{n:5d}  {e}")


if __name__ == "__main__":
    main()
