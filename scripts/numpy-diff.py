#!/usr/bin/env python3
"""Differential test of tensor-run against NumPy on random broadcasting programs.

Each case is a random straight-line nd program over a few arguments of random
shapes, written with static, dynamic (?) and unranked (*) types, in one of several
element types. The same operations run in NumPy on the same inputs (.npy files),
and every result must match: exactly for integers (both wrap; div and rem are
floor_divide and remainder), to a few ulps for floats.

Besides elementwise programs in the common types, a share of the cases covers
the rest: elementwise programs in f16, bf16 (through ml_dtypes, when installed),
i1 and index; nd.reduce (sum, prod, max, min, keep_dims, over any dims) and
nd.dynamic_reduce (the same, its dims an argument; one out of range or listed
twice must fail at the op);
nd.matmul (vectors, matrices, broadcast batches); nd.cast between every pair of
element types (on values whose conversion NumPy defines); the structural ops
(transpose, reshape, concatenate, slice, dynamic_slice with clamped starts,
iota, dot_general); nd.gather and nd.gather_elements against np.take and
np.take_along_axis (negative indices; an index out of range must fail at the
op).

A share of the cases feeds arguments whose sizes do not broadcast at run time (the
types allow it: the dims are ? or *). NumPy raises at some op; tensor-run must exit
with 1, report the error at that op's line, and write no result file.

Usage: scripts/numpy-diff.py [--cases N] [--seed S] [--tensor-run PATH]
Exits non-zero on the first difference, with the program and the command."""
import argparse
import math
import random
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

try:
    import ml_dtypes  # bfloat16 for NumPy (JAX depends on it)
except ImportError:
    ml_dtypes = None

ROOT = Path(__file__).resolve().parent.parent

DTYPES = {
    "f32": np.float32, "f64": np.float64, "i8": np.int8, "i16": np.int16,
    "i32": np.int32, "i64": np.int64, "ui8": np.uint8, "ui32": np.uint32,
}
BINARY = {
    "add": np.add, "sub": np.subtract, "mul": np.multiply,
    "max": np.maximum, "min": np.minimum,
}
# Binary functions of the float kinds only (nd.atan2 %y, %x is arctan2(y, x)).
FLOAT_BINARY = {"atan2": np.arctan2}
UNARY = {"neg": np.negative, "abs": np.abs}
FLOAT_UNARY = {"exp": np.exp, "tanh": np.tanh, "sin": np.sin, "cos": np.cos,
               "floor": np.floor, "ceil": np.ceil,
               # 1 / sqrt(x) in the argument's type: rounded after the root, then
               # after the division, as nd.rsqrt.
               "rsqrt": lambda x: np.reciprocal(np.sqrt(x)),
               "log1p": np.log1p, "expm1": np.expm1,
               # SciPy's expit (not installed), without overflow: e / (1 + e) below
               # 0, 1 / (1 + e) above, with e = exp(-|x|).
               "logistic": lambda x: np.where(
                   x < 0, np.exp(-np.abs(x)), np.ones_like(x)) / (1 + np.exp(-np.abs(x)))}
# Ties to even, the sign of zero kept (nd.round_even).
FLOAT_UNARY["round_even"] = np.rint
# NumPy has no erf (SciPy is not installed): math.erf per element, in f64.
FLOAT_UNARY["erf"] = lambda x: np.vectorize(math.erf, otypes=[np.float64])(
    np.asarray(x, dtype=np.float64))
# Unary functions of the integer kinds only (i1 included: nd.not is logical there).
INT_UNARY = {"not": np.invert}
# Unary functions of the kinds with a sign (floats, signed integers, index): not
# of unsigned integers or i1. nd.sign keeps -0.0 (StableHLO), np.sign gives +0.0.
SIGNED_UNARY = {"sign": lambda x: np.where(x == 0, x, np.sign(x))}
# Element types beyond DTYPES: elementwise programs in these, and the targets of casts.
EXTRA = {"f16": np.float16, "i1": np.bool_, "index": np.int64}
if ml_dtypes is not None:
    EXTRA["bf16"] = ml_dtypes.bfloat16
ALL = dict(DTYPES, **EXTRA)
# i1 is a 1-bit integer modulo 2: add and sub are exclusive or, mul is and.
I1_BINARY = {"add": np.logical_xor, "sub": np.logical_xor, "mul": np.logical_and,
             "max": np.logical_or, "min": np.logical_and}
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


def random_values(rng, shape, elem):
    """Random values of an element type: normal floats, integers over their range."""
    gen = np.random.default_rng(rng.randrange(1 << 30))
    dtype = ALL[elem]
    if elem == "f64":
        return gen.standard_normal(shape)
    if is_float_type(elem):
        return gen.standard_normal(shape).astype(np.float32).astype(dtype)
    if elem == "i1":
        return gen.integers(0, 2, size=shape).astype(np.bool_)
    info = np.iinfo(dtype)
    return gen.integers(info.min, info.max, size=shape, dtype=dtype, endpoint=True)


def is_float_type(elem):
    return elem.startswith("f") or elem == "bf16"


def random_case(rng, mismatch, elem=None):
    elem = elem or rng.choice(list(DTYPES))
    dtype = ALL[elem]
    is_float = is_float_type(elem)
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
    args = [np.asarray(random_values(rng, s, elem), dtype=dtype) for s in run_shapes]
    divisor = None
    if elem != "i1" and (not is_float or rng.random() < 0.5):
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
            op = rng.choice(list(dict(BINARY, **(FLOAT_BINARY if is_float else {}))))
            if elem == "i1":
                op = rng.choice(list(I1_BINARY))
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
            table = dict(UNARY, **(FLOAT_UNARY if is_float else INT_UNARY))
            if not (elem.startswith("ui") or elem == "i1"):
                table.update(SIGNED_UNARY)
            op = rng.choice(list(table))
            if (elem.startswith("ui") or elem == "i1") and op in ("neg", "abs"):
                op = "neg"
            lines.append(f"  {name} = nd.{op} {xv[0]} : {type_text(xv[1], elem)}")
            ops.append(("un", op, x, None))
            vals.append((name, xv[1], elem))
        elif choice < 0.92:
            # clamp(x, y, z): np.clip's order, min(max(x, y), z).
            z = rng.randrange(len(vals))
            zv = vals[z]
            if zv[2] != elem:
                continue
            dims = broadcast_dims(broadcast_dims(xv[1], yv[1]), zv[1])
            lines.append((f"  {name} = nd.clamp {xv[0]}, {yv[0]}, {zv[0]} : ({type_text(xv[1], elem)}, "
                          f"{type_text(yv[1], elem)}, {type_text(zv[1], elem)}) -> {type_text(dims, elem)}"))
            ops.append(("clamp", z, x, y))
            vals.append((name, dims, elem))
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
    return text, args, reference(args, ops, nres), elem


def random_dims(rng, shape):
    """Type dims for a value of `shape`: static, some dims ?, or unranked (None)."""
    if rng.random() < 0.15:
        return None
    return [d if rng.random() < 0.6 else None for d in shape]


def ranked_type(rng, shape, elem):
    return type_text(random_dims(rng, shape), elem)


def result_type(shape, elem, *operand_types):
    """Static when every operand's type is, else every dim ? (the verifier infers
    the rest)."""
    static = not any("?" in t or "*" in t for t in operand_types)
    return type_text(list(shape) if static else [None] * len(shape), elem)


def reduce_case(rng):
    """nd.reduce of a random kind over a random non-empty set of dims."""
    elem = rng.choice(["f32", "f64", "f16", "i8", "i32", "i64", "ui8", "index"])
    dtype = ALL[elem]
    shape = [rng.choice([1, 2, 3, 5, 8]) for _ in range(rng.randint(1, 3))]
    dims = sorted(rng.sample(range(len(shape)), rng.randint(1, len(shape))))
    kind = rng.choice(["sum", "prod", "max", "min"])
    keep = rng.random() < 0.3
    x = np.asarray(random_values(rng, shape, elem), dtype=dtype)
    if kind == "prod" and is_float_type(elem):
        x = (x / 4 + 1).astype(dtype)  # products of values near 1 stay finite
    fn = {"sum": np.sum, "prod": np.prod, "max": np.max, "min": np.min}[kind]
    # NumPy widens integer sums and products by default: keep the type, which wraps.
    extra = {"dtype": dtype} if kind in ("sum", "prod") else {}
    # Half the time the operand is computed by an elementwise op (x * x, which
    # wraps for integers): a reduction over its last dims then runs in the
    # op's loop (crates/interp/src/kernels/row_reduce.rs).
    square = rng.random() < 0.5
    operand = np.multiply(x, x, dtype=dtype) if square else x
    want = np.asarray(fn(operand, axis=tuple(dims), keepdims=keep, **extra), dtype=dtype)
    out = [1 if d in dims else n for d, n in enumerate(shape) if keep or d not in dims]
    ta = ranked_type(rng, shape, elem)
    if rng.random() < 0.4 and not square:
        return dynamic_reduce_case(rng, x, want, elem, ta, shape, dims, kind, keep)
    tr = result_type(out, elem, ta)
    pre = f"  %y = nd.mul %x, %x : {ta}\n" if square else ""
    text = (f"func.func @main(%x: {ta}) -> {tr} {{\n{pre}"
            f"  %r = nd.reduce {kind} {'%y' if square else '%x'} across [{', '.join(map(str, dims))}]"
            f"{' keep_dims' if keep else ''} : ({ta}) -> {tr}\n"
            f"  return %r : {tr}\n}}\n")
    return text, [x], [want], elem


def dynamic_reduce_case(rng, x, want, elem, ta, shape, dims, kind, keep):
    """The same reduction as nd.dynamic_reduce, its dims an argument (shuffled,
    some counted from the end); now and then one is out of range or listed
    twice, and tensor-run must fail at the op."""
    r = len(shape)
    tdims = [n if rng.random() < 0.6 else None for n in shape]
    ta = type_text(tdims, elem)  # ranked
    axes = [d - r if rng.random() < 0.4 else d for d in rng.sample(dims, len(dims))]
    bad = None
    if rng.random() < 0.15:
        if len(axes) > 1 and rng.random() < 0.5:
            axes[-1] = axes[0] - r if axes[0] >= 0 else axes[0] + r
            bad = "twice"
        else:
            axes[rng.randrange(len(axes))] = rng.choice([r, r + 3, -r - 1])
            bad = "outside ["
    aelem = rng.choice(["i32", "i64"])
    a = np.asarray(axes, dtype=ALL[aelem])
    # Which dims are reduced is known only at run time: the operand type's 1s
    # stay 1 with keep_dims, every other size is '?' (1 if all are 1).
    if keep:
        out = ["1" if n == 1 else "?" for n in tdims]
    else:
        out = ["1" if all(n == 1 for n in tdims) else "?"] * (r - len(dims))
    tr = f"tensor<{''.join(d + 'x' for d in out)}{elem}>"
    sig = f"%x: {ta}, %a: tensor<{len(axes)}x{aelem}>"
    text = structure_text(sig, f"%r = nd.dynamic_reduce {kind} %x across %a"
                               f"{' keep_dims' if keep else ''} : ({ta}, tensor<{len(axes)}x{aelem}>) -> {tr}", tr)
    if bad:
        return text, [x, a], (2, bad), elem
    return text, [x, a], [want], elem


def matmul_case(rng):
    """nd.matmul of vectors, matrices and broadcast batches."""
    elem = rng.choice(["f32", "f64", "i32", "i64"])
    dtype = ALL[elem]
    m, k, n = (rng.choice([1, 2, 3, 4, 7]) for _ in range(3))
    batch = [rng.choice([1, 2, 3])] if rng.random() < 0.4 else []
    a_shape = [k] if rng.random() < 0.15 else batch + [m, k]
    b_batch = [1] if batch and rng.random() < 0.3 else ([] if rng.random() < 0.5 else batch)
    b_shape = [k] if rng.random() < 0.15 else b_batch + [k, n]
    a, b = (np.asarray(random_values(rng, s, elem), dtype=dtype) for s in (a_shape, b_shape))
    want = np.asarray(np.matmul(a, b), dtype=dtype)
    ta, tb = ranked_type(rng, a_shape, elem), ranked_type(rng, b_shape, elem)
    tr = result_type(want.shape, elem, ta, tb)
    text = (f"func.func @main(%a: {ta}, %b: {tb}) -> {tr} {{\n"
            f"  %r = nd.matmul %a, %b : ({ta}, {tb}) -> {tr}\n"
            f"  return %r : {tr}\n}}\n")
    return text, [a, b], [want], elem


def structure_case(rng):
    """One of nd's structural ops (StableHLO's semantics): transpose, reshape
    (static or from a shape argument), concatenate, slice, dynamic_slice (starts
    clamped into the operand, as JAX relies on), iota and dot_general, on ranked
    operands whose dims are static or ?."""
    elem = rng.choice(["f32", "f64", "f16", "i8", "i32", "i64", "ui8", "index"])
    dtype = ALL[elem]
    shape = [rng.choice([1, 2, 3, 4]) for _ in range(rng.randint(1, 3))]
    x = np.asarray(random_values(rng, shape, elem), dtype=dtype)
    ta = type_text([d if rng.random() < 0.6 else None for d in shape], elem)
    which = rng.choice(["transpose", "reshape", "concatenate", "slice",
                        "dynamic_slice", "iota", "dot_general"])
    args, sig = [x], f"%x: {ta}"
    if which == "transpose":
        perm = rng.sample(range(len(shape)), len(shape))
        want = np.transpose(x, perm)
        tr = result_type(want.shape, elem, ta)
        body = f"nd.transpose %x, permutation = [{', '.join(map(str, perm))}] : ({ta}) -> {tr}"
    elif which == "reshape":
        # A transpose first, so that the reshape reads a view that is not row-major.
        perm = list(reversed(range(len(shape))))
        xt = np.transpose(x, perm)
        tt = type_text([None] * len(shape), elem)
        n = x.size
        out = [d for d in (1, 2, 3, 4, 6, 12, 24) if n % d == 0]
        first = rng.choice(out)
        new = [first, n // first]
        want = xt.reshape(new)
        transpose = f"%t = nd.transpose %x, permutation = [{', '.join(map(str, perm))}] : ({ta}) -> {tt}"
        if rng.random() < 0.5:
            tr = type_text(new, elem)
            reshape = f"%r = nd.reshape %t : ({tt}) -> {tr}"
        else:
            tr = type_text([None, None], elem)
            args.append(np.asarray(new, dtype=np.int64))
            sig += ", %s: tensor<2xindex>"
            reshape = f"%r = nd.reshape %t, %s : ({tt}, tensor<2xindex>) -> {tr}"
        text = structure_text(sig, f"{transpose}\n  {reshape}", tr)
        return text, args, [np.asarray(want, dtype=dtype)], elem
    elif which == "concatenate":
        axis = rng.randrange(len(shape))
        other = list(shape)
        other[axis] = rng.choice([0, 1, 2, 3])
        y = np.asarray(random_values(rng, other, elem), dtype=dtype)
        tb = type_text([d if rng.random() < 0.6 else None for d in other], elem)
        args.append(y)
        sig += f", %y: {tb}"
        want = np.concatenate([x, y, x], axis=axis)
        tr = result_type(want.shape, elem, ta, tb)
        body = f"nd.concatenate %x, %y, %x along {axis} : ({ta}, {tb}, {ta}) -> {tr}"
    elif which == "slice":
        start = [rng.randint(0, d) for d in shape]
        limit = [rng.randint(s, d) for s, d in zip(start, shape)]
        step = [rng.choice([1, 1, 2, 3]) for _ in shape]
        want = x[tuple(slice(s, l, t) for s, l, t in zip(start, limit, step))]
        tr = type_text(list(want.shape), elem)
        body = (f"nd.slice %x, start = [{', '.join(map(str, start))}], limit = "
                f"[{', '.join(map(str, limit))}], strides = [{', '.join(map(str, step))}]"
                f" : ({ta}) -> {tr}")
    elif which == "dynamic_slice":
        sizes = [rng.randint(0, d) for d in shape]
        starts = [rng.randint(-3, d + 3) for d in shape]
        clamped = [min(max(s, 0), d - n) for s, d, n in zip(starts, shape, sizes)]
        want = x[tuple(slice(c, c + n) for c, n in zip(clamped, sizes))]
        tr = type_text(sizes, elem)
        names = []
        for i, st in enumerate(starts):
            args.append(np.asarray(st, dtype=np.int32))
            sig += f", %i{i}: tensor<i32>"
            names.append(f"%i{i}")
        types = ", ".join([ta] + ["tensor<i32>"] * len(starts))
        body = (f"nd.dynamic_slice %x[{', '.join(names)}], sizes = "
                f"[{', '.join(map(str, sizes))}] : ({types}) -> {tr}")
    elif which == "iota":
        dim = rng.randrange(len(shape))
        idx = np.arange(shape[dim]).reshape([-1 if d == dim else 1 for d in range(len(shape))])
        want = np.broadcast_to(idx, shape).astype(dtype)
        args = [np.asarray(shape, dtype=np.int64)]
        sig = f"%s: tensor<{len(shape)}xindex>"
        tr = type_text([None] * len(shape), elem)
        body = f"nd.iota %s, dim = {dim} : (tensor<{len(shape)}xindex>) -> {tr}"
    else:
        # Batch dims, then the free and contracted dims, each side in a random order.
        b, m, k, n = (rng.choice([1, 2, 3]) for _ in range(4))
        nb = rng.randint(0, 1)
        a_roles = ["b"] * nb + ["m", "k"]
        b_roles = ["b"] * nb + ["k", "n"]
        rng.shuffle(a_roles)
        rng.shuffle(b_roles)
        size = {"b": b, "m": m, "k": k, "n": n}
        a_shape = [size[r] for r in a_roles]
        b_shape = [size[r] for r in b_roles]
        x = np.asarray(random_values(rng, a_shape, elem), dtype=dtype)
        y = np.asarray(random_values(rng, b_shape, elem), dtype=dtype)
        if not is_float_type(elem):
            # Small integers: NumPy's einsum and the interpreter wrap alike only
            # while no partial sum overflows the type.
            x, y = (np.asarray(v % 8, dtype=dtype) for v in (x, y))
        order_a = [a_roles.index(r) for r in ["b"] * nb + ["m", "k"]]
        order_b = [b_roles.index(r) for r in ["b"] * nb + ["k", "n"]]
        xa = np.transpose(x, order_a).astype(np.float64 if is_float_type(elem) else np.int64)
        yb = np.transpose(y, order_b).astype(xa.dtype)
        want = np.asarray(np.matmul(xa, yb), dtype=dtype)
        ta = type_text([d if rng.random() < 0.6 else None for d in a_shape], elem)
        tb = type_text([d if rng.random() < 0.6 else None for d in b_shape], elem)
        args = [x, y]
        sig = f"%x: {ta}, %y: {tb}"
        tr = result_type(want.shape, elem, ta, tb)
        lists = lambda roles, r: ", ".join(str(i) for i, q in enumerate(roles) if q == r)
        body = (f"nd.dot_general %x, %y, batching_dims = [{lists(a_roles, 'b')}] x "
                f"[{lists(b_roles, 'b')}], contracting_dims = [{lists(a_roles, 'k')}] x "
                f"[{lists(b_roles, 'k')}] : ({ta}, {tb}) -> {tr}")
    return structure_text(sig, "%r = " + body, tr), args, [np.asarray(want, dtype=dtype)], elem


def gather_case(rng):
    """nd.gather (np.take) or nd.gather_elements (np.take_along_axis, with
    indices no larger than data off the axis, ONNX's rule) on random data and
    int32/int64 indices in [-n, n); now and then one index is out of range, and
    tensor-run must fail at the op."""
    elem = rng.choice(["f32", "f64", "f16", "i8", "i32", "i64", "ui8", "index"])
    dtype = ALL[elem]
    shape = [rng.choice([1, 2, 3, 4]) for _ in range(rng.randint(1, 3))]
    x = np.asarray(random_values(rng, shape, elem), dtype=dtype)
    axis = rng.randrange(len(shape))
    n = shape[axis]
    ielem = rng.choice(["i32", "i64"])
    elements = rng.random() < 0.5
    if elements:
        ishape = [rng.randint(1, 4) if d == axis else rng.randint(1, s) for d, s in enumerate(shape)]
    else:
        ishape = [rng.choice([1, 2, 3]) for _ in range(rng.randint(0, 2))]
    idx = np.asarray([rng.randint(-n, n - 1) for _ in range(int(np.prod(ishape)))],
                     dtype=ALL[ielem]).reshape(ishape)
    bad = rng.random() < 0.15 and idx.size > 0
    if bad:
        idx.flat[rng.randrange(idx.size)] = rng.choice([n, n + 2, -n - 1])
    ta = type_text([d if rng.random() < 0.6 else None for d in shape], elem)
    ti = type_text([d if rng.random() < 0.6 else None for d in ishape], ielem)
    if elements:
        part = x[tuple(slice(None) if d == axis else slice(0, m) for d, m in enumerate(ishape))]
        want = None if bad else np.take_along_axis(part, idx.astype(np.int64), axis)
        op = "nd.gather_elements"
        out = ishape
    else:
        want = None if bad else np.take(x, idx.astype(np.int64), axis=axis)
        op = "nd.gather"
        out = shape[:axis] + ishape + shape[axis + 1:]
    tr = result_type(out, elem, ta, ti)
    text = structure_text(f"%x: {ta}, %i: {ti}",
                          f"%r = {op} %x[%i], axis = {axis} : ({ta}, {ti}) -> {tr}", tr)
    if bad:
        # The op is on the program's second line.
        return text, [x, idx], (2, "outside ["), elem
    return text, [x, idx], [np.asarray(want, dtype=dtype)], elem


def structure_text(sig, body, tr):
    """`@main` computing `body` (whose last line defines %r) and returning %r."""
    return f"func.func @main({sig}) -> {tr} {{\n  {body}\n  return %r : {tr}\n}}\n"


def cast_case(rng):
    """nd.cast between two element types, on values whose conversion NumPy defines:
    floats converted to integers are in the target's range."""
    src, dst = rng.choice(list(ALL)), rng.choice(list(ALL))
    shape = [rng.choice([1, 2, 3, 5]) for _ in range(rng.randint(0, 2))]
    x = np.asarray(random_values(rng, shape, src), dtype=ALL[src])
    if is_float_type(src) and not is_float_type(dst) and dst != "i1":
        lo, hi = (0, 120) if dst.startswith("ui") else (-120, 120)
        x = (x.astype(np.float32) * 40).clip(lo, hi).astype(ALL[src])
    if src == "bf16" or dst == "bf16" or (src == "f64" and dst == "f16"):
        # Through f32 on both sides: ml_dtypes and half round f64 to bf16 alike
        # only for values that f32 holds exactly.
        x = x.astype(np.float32).astype(ALL[src])
    want = np.asarray(x.astype(ALL[dst]), dtype=ALL[dst])
    dims = random_dims(rng, shape)
    ta, tr = type_text(dims, src), type_text(dims, dst)
    text = (f"func.func @main(%x: {ta}) -> {tr} {{\n"
            f"  %r = nd.cast %x : {ta} to {tr}\n"
            f"  return %r : {tr}\n}}\n")
    return text, [x], [want], dst


def reference(args, ops, nres):
    """NumPy's results, or the index of the op that fails to broadcast."""
    vals = list(args)
    with np.errstate(all="ignore"):
        for k, (kind, op, x, y) in enumerate(ops):
            try:
                if kind == "bin" and vals[x].dtype == np.bool_:
                    v = I1_BINARY[op](vals[x], vals[y])
                elif kind == "bin":
                    v = dict(BINARY, **FLOAT_BINARY)[op](vals[x], vals[y])
                elif kind == "div":
                    v = np.floor_divide(vals[x], vals[y]) if vals[x].dtype.kind in "iu" else np.true_divide(vals[x], vals[y]).astype(vals[x].dtype)
                elif kind == "rem":
                    v = np.remainder(vals[x], vals[y])
                elif kind == "un" and vals[x].dtype == np.bool_:
                    # neg and abs of a bit are the bit; not is logical.
                    v = np.logical_not(vals[x]) if op == "not" else vals[x]
                elif kind == "un":
                    v = dict(UNARY, **FLOAT_UNARY, **INT_UNARY, **SIGNED_UNARY)[op](vals[x])
                elif kind == "clamp":
                    v = np.minimum(np.maximum(vals[x], vals[y]), vals[op])
                else:
                    np.broadcast_shapes(vals[x].shape, vals[y].shape)
                    v = np.where(CMP[op](vals[x], vals[y]), vals[x], vals[y])
            except ValueError:
                return k
            vals.append(np.asarray(v, dtype=vals[x].dtype))
    return vals[-nres:]


def agrees(got, want, elem):
    """Exactly for integers; to a few ulps for floats (one ulp of f16 is 1e-3, of
    bf16 8e-3; matmul and reduce sum in another order than NumPy)."""
    if not is_float_type(elem):
        return np.array_equal(got, want)
    rtol = {"f64": 1e-6, "f32": 1e-5, "f16": 4e-3, "bf16": 3e-2}[elem]
    g, w = got.astype(np.float64), want.astype(np.float64)
    return np.allclose(g, w, rtol=rtol, atol=rtol, equal_nan=True)


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
    kinds = {}
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        while ran < a.cases:
            u = rng.random()
            with np.errstate(all="ignore"):
                if u < 0.55:
                    kind, case = "elementwise", random_case(rng, mismatch=rng.random() < 0.4)
                elif u < 0.7:
                    elem = rng.choice(list(EXTRA))
                    kind, case = elem, random_case(rng, mismatch=rng.random() < 0.2, elem=elem)
                elif u < 0.76:
                    kind, case = "reduce", reduce_case(rng)
                elif u < 0.82:
                    kind, case = "matmul", matmul_case(rng)
                elif u < 0.89:
                    kind, case = "structure", structure_case(rng)
                elif u < 0.92:
                    kind, case = "gather", gather_case(rng)
                else:
                    kind, case = "cast", cast_case(rng)
            if case is None:
                continue
            kinds[kind] = kinds.get(kind, 0) + 1
            text, args, want, elem = case
            prog = tmp / "prog.mlir"
            prog.write_text(text)
            cmd = [a.tensor_run, str(prog)]
            for i, v in enumerate(args):
                np.save(tmp / f"a{i}.npy", v)
                cmd += ["--arg", str(tmp / f"a{i}.npy")]
            if isinstance(want, int):
                # (the line of the op NumPy fails at, what tensor-run must say there)
                want = (op_lines(text)[want], "do not broadcast")
            outs = [tmp / f"r{i}.npy" for i in range(1 if isinstance(want, tuple) else len(want))]
            for o in outs:
                o.unlink(missing_ok=True)
                cmd += ["--out", str(o)]
            p = subprocess.run(cmd, capture_output=True, text=True)
            where = f"\n--- program ---\n{text}--- command ---\n{' '.join(cmd)}\n--- stderr ---\n{p.stderr}"
            if isinstance(want, tuple):
                line, why = want
                if p.returncode != 1 or f"prog.mlir:{line}:" not in p.stderr or why not in p.stderr:
                    sys.exit(f"case {ran}: NumPy fails at line {line}; tensor-run exited {p.returncode}{where}")
                if any(o.exists() for o in outs):
                    sys.exit(f"case {ran}: a result file was written after a failure{where}")
                failed_cleanly += 1
            else:
                if p.returncode != 0:
                    sys.exit(f"case {ran}: tensor-run failed, NumPy did not{where}")
                for i, (o, w) in enumerate(zip(outs, want)):
                    got = np.load(o)
                    if w.dtype.kind == "V" or (ml_dtypes is not None and w.dtype == ml_dtypes.bfloat16):
                        got = got.view(ml_dtypes.bfloat16)  # bf16 is raw 2-byte data in .npy
                    if got.shape != w.shape or got.dtype != w.dtype:
                        sys.exit(f"case {ran}: result #{i} is {got.dtype}{got.shape}, NumPy's {w.dtype}{w.shape}{where}")
                    if not agrees(got, w, elem):
                        sys.exit(f"case {ran}: result #{i} differs\n tensor-run {got!r}\n NumPy     {w!r}{where}")
            ran += 1
    print(f"numpy-diff: {ran} random programs agree with NumPy "
          f"({failed_cleanly} failed cleanly at the op NumPy fails at; "
          + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())) + ")")


if __name__ == "__main__":
    main()
