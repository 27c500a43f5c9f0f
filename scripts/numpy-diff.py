#!/usr/bin/env python3
"""Differential test of tensor-run against NumPy on random broadcasting programs.

Each case is a random straight-line nd program over a few arguments of random
shapes, written with static, dynamic (?) and unranked (*) types, in one of several
element types. The same operations run in NumPy on the same inputs (.npy files),
and every result must match: exactly for integers (both wrap; div and rem are
floor_divide and remainder), to a few ulps for floats.

A share of the cases feeds arguments whose sizes do not broadcast at run time (the
types allow it: the dims are ? or *). NumPy raises at some op; tensor-run must exit
with 1, report the error at that op's line, and write no result file.

Usage: scripts/numpy-diff.py [--cases N] [--seed S] [--tensor-run PATH]
Exits non-zero on the first difference, with the program and the command."""
import argparse
import random
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent

DTYPES = {
    "f32": np.float32, "f64": np.float64, "i8": np.int8, "i16": np.int16,
    "i32": np.int32, "i64": np.int64, "ui8": np.uint8, "ui32": np.uint32,
}
BINARY = {
    "add": np.add, "sub": np.subtract, "mul": np.multiply,
    "max": np.maximum, "min": np.minimum,
}
UNARY = {"neg": np.negative, "abs": np.abs}
FLOAT_UNARY = {"exp": np.exp, "tanh": np.tanh}
CMP = {"lt": np.less, "le": np.less_equal, "gt": np.greater, "ge": np.greater_equal,
       "eq": np.equal, "ne": np.not_equal}


def type_text(dims, elem):
    if dims is None:
        return f"tensor<*x{elem}>"
    return "tensor<" + "".join(f"{'?' if d is None else d}x" for d in dims) + f"{elem}>"


def broadcast_dims(a, b):
    """The static result dims of two typed operands (None: unranked / dynamic)."""
    if a is None or b is None:
        return None
    r = max(len(a), len(b))
    a, b = [1] * (r - len(a)) + list(a), [1] * (r - len(b)) + list(b)
    out = []
    for x, y in zip(a, b):
        if x is None or y is None:
            out.append(y if x == 1 else x if y == 1 else None)
        else:
            out.append(max(x, y) if 1 in (x, y) else x)
    return out


def random_shapes(rng, k):
    """k mutually broadcastable shapes of rank <= 3."""
    rank = rng.randint(0, 3)
    full = [rng.choice([1, 2, 3, 5]) for _ in range(rank)]
    shapes = []
    for _ in range(k):
        r = rng.randint(0, rank)
        dims = full[rank - r:]
        shapes.append([d if rng.random() < 0.6 else 1 for d in dims])
    return shapes


def random_case(rng, mismatch):
    elem = rng.choice(list(DTYPES))
    dtype = DTYPES[elem]
    is_float = elem.startswith("f")
    nargs = rng.randint(2, 4)
    shapes = random_shapes(rng, nargs)
    # Types: each dim static, or ?, or the whole type *.
    types = []
    for s in shapes:
        u = rng.random()
        if u < 0.15:
            types.append(None)
        else:
            types.append([d if rng.random() < 0.6 else None for d in s])
    run_shapes = [list(s) for s in shapes]
    if mismatch:
        # Grow one dynamic dim to a size no other operand has: 7.
        cands = [(i, j) for i, t in enumerate(types) if t is not None
                 for j, d in enumerate(t) if d is None]
        cands += [(i, None) for i, t in enumerate(types) if t is None and shapes[i]]
        if not cands:
            return None
        i, j = rng.choice(cands)
        j = rng.randrange(len(shapes[i])) if j is None else j
        run_shapes[i][j] = 7
    args = []
    for s in run_shapes:
        if is_float:
            a = np.asarray(np.random.default_rng(rng.randrange(1 << 30)).standard_normal(s)).astype(dtype)
        else:
            info = np.iinfo(dtype)
            a = np.random.default_rng(rng.randrange(1 << 30)).integers(
                info.min, info.max, size=s, dtype=dtype, endpoint=True)
        args.append(np.asarray(a, dtype=dtype))
    divisor = None
    if not is_float or rng.random() < 0.5:
        # Argument #0 is never zero: a divisor for div and rem.
        a0 = args[0]
        args[0] = np.where(a0 == 0, dtype(1), a0).astype(dtype)
        divisor = 0
    # Values: (name, type dims or None, elem, numpy value or an exception).
    vals = [(f"%a{i}", types[i], elem) for i in range(nargs)]
    lines, ops = [], []
    nops = rng.randint(1, 6)
    for k in range(nops):
        choice = rng.random()
        x = rng.randrange(len(vals))
        y = rng.randrange(len(vals))
        name = f"%v{k}"
        xv, yv = vals[x], vals[y]
        if xv[2] != elem or yv[2] != elem:
            continue
        if choice < 0.55:
            op = rng.choice(list(BINARY))
            dims = broadcast_dims(xv[1], yv[1])
            lines.append((f"  {name} = nd.{op} {xv[0]}, {yv[0]} : ({type_text(xv[1], elem)}, "
                          f"{type_text(yv[1], elem)}) -> {type_text(dims, elem)}"))
            ops.append(("bin", op, x, y))
            vals.append((name, dims, elem))
        elif choice < 0.7 and divisor is not None:
            op = rng.choice(["div", "rem"]) if not is_float else "div"
            dims = broadcast_dims(xv[1], vals[divisor][1])
            lines.append((f"  {name} = nd.{op} {xv[0]}, %a0 : ({type_text(xv[1], elem)}, "
                          f"{type_text(vals[divisor][1], elem)}) -> {type_text(dims, elem)}"))
            ops.append(("div" if op == "div" else "rem", op, x, divisor))
            vals.append((name, dims, elem))
        elif choice < 0.85:
            table = dict(UNARY, **(FLOAT_UNARY if is_float else {}))
            op = rng.choice(list(table))
            if elem.startswith("ui") and op in ("neg", "abs"):
                op = "neg"
            lines.append(f"  {name} = nd.{op} {xv[0]} : {type_text(xv[1], elem)}")
            ops.append(("un", op, x, None))
            vals.append((name, xv[1], elem))
        else:
            # select(cmp(x, y), x, y): a comparison and a select.
            pred = rng.choice(list(CMP))
            dims = broadcast_dims(xv[1], yv[1])
            lines.append((f"  {name}c = nd.cmp {pred}, {xv[0]}, {yv[0]} : ({type_text(xv[1], elem)}, "
                          f"{type_text(yv[1], elem)}) -> {type_text(dims, 'i1')}"))
            lines.append((f"  {name} = nd.select {name}c, {xv[0]}, {yv[0]} : ({type_text(dims, 'i1')}, "
                          f"{type_text(xv[1], elem)}, {type_text(yv[1], elem)}) -> {type_text(dims, elem)}"))
            ops.append(("sel", pred, x, y))
            vals.append((name, dims, elem))
    if not ops:
        return None
    nres = min(len(ops), rng.randint(1, 2))
    results = vals[-nres:]
    sig = ", ".join(f"%a{i}: {type_text(types[i], elem)}" for i in range(nargs))
    rtypes = ", ".join(type_text(r[1], elem) for r in results)
    text = (f"func.func @main({sig}) -> ({rtypes}) {{\n" + "\n".join(lines) + "\n"
            f"  return {', '.join(r[0] for r in results)} : {rtypes}\n}}\n")
    return text, args, ops, nres, is_float


def reference(args, ops, nres):
    """NumPy's results, or the index of the op that fails to broadcast."""
    vals = list(args)
    with np.errstate(all="ignore"):
        for k, (kind, op, x, y) in enumerate(ops):
            try:
                if kind == "bin":
                    v = BINARY[op](vals[x], vals[y])
                elif kind == "div":
                    v = np.floor_divide(vals[x], vals[y]) if vals[x].dtype.kind in "iu" else np.true_divide(vals[x], vals[y]).astype(vals[x].dtype)
                elif kind == "rem":
                    v = np.remainder(vals[x], vals[y])
                elif kind == "un":
                    v = dict(UNARY, **FLOAT_UNARY)[op](vals[x])
                else:
                    np.broadcast_shapes(vals[x].shape, vals[y].shape)
                    v = np.where(CMP[op](vals[x], vals[y]), vals[x], vals[y])
            except ValueError:
                return k
            vals.append(np.asarray(v, dtype=vals[x].dtype))
    return vals[-nres:]


def op_lines(text):
    """The 1-based line of each op (a select pair counts at its cmp)."""
    out = []
    for i, line in enumerate(text.splitlines(), start=1):
        s = line.strip()
        if s.startswith("%v") and "= nd." in s and not s.split(" = ")[1].startswith("nd.select"):
            out.append(i)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tensor-run", default=str(ROOT / "target/debug/tensor-run"))
    a = ap.parse_args()
    rng = random.Random(a.seed)
    ran = failed_cleanly = 0
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        while ran < a.cases:
            case = random_case(rng, mismatch=rng.random() < 0.4)
            if case is None:
                continue
            text, args, ops, nres, is_float = case
            prog = tmp / "prog.mlir"
            prog.write_text(text)
            cmd = [a.tensor_run, str(prog)]
            for i, v in enumerate(args):
                np.save(tmp / f"a{i}.npy", v)
                cmd += ["--arg", str(tmp / f"a{i}.npy")]
            outs = [tmp / f"r{i}.npy" for i in range(nres)]
            for o in outs:
                o.unlink(missing_ok=True)
                cmd += ["--out", str(o)]
            p = subprocess.run(cmd, capture_output=True, text=True)
            want = reference(args, ops, nres)
            where = f"\n--- program ---\n{text}--- command ---\n{' '.join(cmd)}\n--- stderr ---\n{p.stderr}"
            if isinstance(want, int):
                line = op_lines(text)[want]
                if p.returncode != 1 or f"prog.mlir:{line}:" not in p.stderr or "do not broadcast" not in p.stderr:
                    sys.exit(f"case {ran}: NumPy fails at op #{want} (line {line}); tensor-run exited {p.returncode}{where}")
                if any(o.exists() for o in outs):
                    sys.exit(f"case {ran}: a result file was written after a failure{where}")
                failed_cleanly += 1
            else:
                if p.returncode != 0:
                    sys.exit(f"case {ran}: tensor-run failed, NumPy did not{where}")
                for i, (o, w) in enumerate(zip(outs, want)):
                    got = np.load(o)
                    if got.shape != w.shape or got.dtype != w.dtype:
                        sys.exit(f"case {ran}: result #{i} is {got.dtype}{got.shape}, NumPy's {w.dtype}{w.shape}{where}")
                    same = (np.allclose(got, w, rtol=1e-6 if w.dtype == np.float64 else 1e-5, atol=0, equal_nan=True)
                            if is_float else np.array_equal(got, w))
                    if not same:
                        sys.exit(f"case {ran}: result #{i} differs\n tensor-run {got!r}\n NumPy     {w!r}{where}")
            ran += 1
    print(f"numpy-diff: {ran} random programs agree with NumPy "
          f"({failed_cleanly} failed cleanly at the op NumPy fails at)")


if __name__ == "__main__":
    main()
