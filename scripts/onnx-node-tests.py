#!/usr/bin/env python3
"""ONNX's backend node tests through tensor-run, as imported and as lowered.

For every node test of the `onnx` package (regenerated with
onnx.backend.test.case.node.collect_testcases(): the pip wheel ships no node data)
this runs `tensor-run model.onnx --arg input_0.npy ... --out ...` and, after
`tensor-opt model.onnx --lower-broadcast`, the lowered program the same way, and
compares the results with the expected outputs (ONNX's tolerances: rtol 1e-3,
atol 1e-7 for floats, two ulps for bf16; exact for integers and booleans).

A model that tensor-opt refuses (an op, attribute or type the import does not
support: a located "is not supported" error) is counted as refused, not failed.
Counts are printed per op family, then the broadcasting tests whose ops are all
on issue 28's list, with the refused ones named; the list of failures follows. A
refused single-node test of supported ops (not string inputs) is a failure.
Exits 1 on any failure, 0 otherwise; skips (exit 0) with a message when `onnx` is not importable.

  scripts/onnx-node-tests.py [--bin DIR] [--only SUBSTRING] [--verbose]
"""
import argparse
import collections
import os
import subprocess
import sys
import tempfile

try:
    import numpy as np
    import onnx
    from onnx import numpy_helper
except ImportError as e:  # pragma: no cover
    print(f"onnx-node-tests: skipped: onnx is not importable ({e})")
    sys.exit(0)

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))

# The ops whose semantics broadcast (ONNX's multidirectional and unidirectional
# rules, Expand); a test "has a broadcasting node" when one of its nodes is one.
BROADCASTING = {
    "Add", "Sub", "Mul", "Div", "Pow", "Mod", "Max", "Min", "Sum", "Mean",
    "Where", "Expand", "PRelu", "Equal", "Less", "LessOrEqual", "Greater",
    "GreaterOrEqual", "And", "Or", "Xor", "BitwiseAnd", "BitwiseOr",
    "BitwiseXor", "Gemm", "MatMul",
}

# Issue 28's op list: a broadcasting test whose ops are all here must pass.
SUPPORTED = BROADCASTING | {
    "Not", "Constant", "ConstantOfShape", "Identity", "Cast", "CastLike", "Shape", "Size",
    "Reshape", "Transpose", "Unsqueeze", "Squeeze", "Flatten", "Concat", "Slice", "Gather",
    "GatherElements", "Range", "Split", "Trilu", "Pad", "ReduceSum", "ReduceMean",
    "ReduceMax", "ReduceMin", "Softmax", "LogSoftmax", "Sqrt", "Exp", "Log", "Tanh", "Neg",
    "Abs", "Reciprocal", "Erf", "Sign", "Floor", "Ceil", "Cos", "Sin", "IsNaN", "Relu",
    "Sigmoid", "LeakyRelu", "Elu", "Selu", "Celu", "HardSigmoid", "ThresholdedRelu",
    "Softplus", "Softsign", "Clip", "If",
}

FAMILIES = {
    "elementwise": {"Add", "Sub", "Mul", "Div", "Pow", "Mod", "Max", "Min", "Sum", "Mean"},
    "compare/logic": {"Equal", "Less", "LessOrEqual", "Greater", "GreaterOrEqual",
                      "And", "Or", "Xor", "Not", "BitwiseAnd", "BitwiseOr", "BitwiseXor"},
    "where/expand/prelu": {"Where", "Expand", "PRelu"},
    "matmul": {"MatMul", "Gemm"},
    "reduce/softmax": {"ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "Softmax",
                       "LogSoftmax"},
    "activation": {"Relu", "Sigmoid", "LeakyRelu", "Elu", "Selu", "Celu", "HardSigmoid",
                   "ThresholdedRelu", "Softplus", "Softsign", "Clip"},
    "math": {"Sqrt", "Exp", "Log", "Tanh", "Neg", "Abs", "Reciprocal", "Erf", "Sign",
             "Floor", "Ceil", "Cos", "Sin", "IsNaN"},
    "constant/cast": {"Constant", "ConstantOfShape", "Identity", "Cast", "CastLike"},
}


def family(ops):
    for name, members in FAMILIES.items():
        if ops & members:
            return name
    return "other"


def as_array(value):
    # Cases of types NumPy lacks (bf16, float8) hold TensorProtos.
    if isinstance(value, onnx.TensorProto):
        return numpy_helper.to_array(value)
    return np.asarray(value)


def find_bin(bin_dir, name):
    path = os.path.join(bin_dir, name)
    if not os.path.exists(path):
        sys.exit(f"onnx-node-tests: {path} not found (build with `cargo build --bins`)")
    return path


def compare(expected, path):
    try:
        return compare_values(expected, np.load(path))
    except (ValueError, TypeError) as e:
        return f"cannot compare ({e})"


def compare_values(expected, got):
    rtol = 1e-3
    if expected.dtype.name == "bfloat16":
        # tensor-run writes bf16 as its 16 bits; widen both to f32.
        bits = got.view(np.uint16).astype(np.uint32) << 16
        got, expected = bits.view(np.float32), expected.astype(np.float32)
        # Two bf16 ulps (2^-6 relative): 1e-3 is under half an ulp. ONNX does not
        # fix how products accumulate; nd.matmul sums bf16 in f32 and rounds
        # once, where the reference's chain rounds differently (attention's
        # bf16 tests differ by up to 2 ulps).
        rtol = 2.0 ** -6
    if got.shape != expected.shape:
        return f"shape {got.shape} != expected {expected.shape}"
    if expected.dtype.kind in "fc":
        if not np.allclose(got.astype(np.float64), expected.astype(np.float64),
                           rtol=rtol, atol=1e-7, equal_nan=True):
            return f"values differ (max abs diff {np.nanmax(np.abs(got.astype(np.float64) - expected.astype(np.float64)))})"
    elif not np.array_equal(got.astype(expected.dtype), expected):
        return "values differ"
    return None


def run_case(tensor_run, program, args, expected, tmp):
    outs = [os.path.join(tmp, f"out_{i}.npy") for i in range(len(expected))]
    cmd = [tensor_run, program]
    for a in args:
        cmd += ["--arg", a]
    for o in outs:
        cmd += ["--out", o]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        return (p.stderr or p.stdout).strip().splitlines()[0:3]
    for i, (e, o) in enumerate(zip(expected, outs)):
        err = compare(e, o)
        if err:
            return [f"output #{i}: {err}"]
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "debug"))
    ap.add_argument("--only", default="")
    ap.add_argument("--verbose", action="store_true")
    opts = ap.parse_args()
    tensor_opt = find_bin(opts.bin, "tensor-opt")
    tensor_run = find_bin(opts.bin, "tensor-run")
    import warnings

    from onnx.backend.test.case.node import collect_testcases

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cases = collect_testcases(None)
    counts = collections.defaultdict(collections.Counter)
    failures, refusals = [], collections.Counter()
    # Broadcasting tests whose ops are all on issue 28's list, by outcome.
    required_counts, required_refused = collections.Counter(), []
    for case in sorted(cases, key=lambda c: c.name):
        name = case.name
        if opts.only not in name or not case.data_sets:
            continue
        model = case.model
        ops = {n.op_type for n in model.graph.node}
        key = (family(ops), "bcast" if ops & BROADCASTING else "other")
        required = bool(ops & BROADCASTING) and ops <= SUPPORTED
        with tempfile.TemporaryDirectory() as tmp:
            model_path = os.path.join(tmp, "model.onnx")
            onnx.save(model, model_path)
            imported = subprocess.run([tensor_opt, model_path], capture_output=True, text=True)
            if imported.returncode != 0:
                msg = imported.stderr.strip().splitlines()[0] if imported.stderr.strip() else "?"
                if "not supported" in msg:
                    counts[key]["refused"] += 1
                    refusals[msg.split("error: ", 1)[-1]] += 1
                    if required:
                        required_refused.append((name, msg.split("error: ", 1)[-1]))
                    continue
                counts[key]["failed"] += 1
                if required:
                    required_counts["failed"] += 1
                failures.append((name, "import", [msg]))
                continue
            lowered_path = os.path.join(tmp, "lowered.mlir")
            lowered = subprocess.run([tensor_opt, model_path, "--lower-broadcast", "-o",
                                      lowered_path], capture_output=True, text=True)
            ok = True
            for inputs, outputs in case.data_sets:
                args = []
                for i, value in enumerate(inputs):
                    a = os.path.join(tmp, f"in_{i}.npy")
                    np.save(a, as_array(value))
                    args.append(a)
                expected = [as_array(o) for o in outputs]
                for how, program in (("imported", model_path), ("lowered", lowered_path)):
                    if how == "lowered" and lowered.returncode != 0:
                        err = lowered.stderr.strip().splitlines()[:3]
                    else:
                        err = run_case(tensor_run, program, args, expected, tmp)
                    if err:
                        failures.append((name, how, err))
                        ok = False
                        break
                if not ok:
                    break
            counts[key]["passed" if ok else "failed"] += 1
            if required:
                required_counts["passed" if ok else "failed"] += 1
    print(f"{'family':<20} {'broadcasting':<13} {'passed':>7} {'failed':>7} {'refused':>8}")
    total = collections.Counter()
    for (fam, bcast), c in sorted(counts.items()):
        total.update(c)
        print(f"{fam:<20} {bcast:<13} {c['passed']:>7} {c['failed']:>7} {c['refused']:>8}")
    print(f"{'total':<34} {total['passed']:>7} {total['failed']:>7} {total['refused']:>8}")
    required_counts["refused"] = len(required_refused)
    print(f"\nbroadcasting tests of the supported ops: {required_counts['passed']} passed, "
          f"{required_counts['failed']} failed, {required_counts['refused']} refused")
    for name, why in required_refused:
        print(f"  refused: {name}: {why}")
    # The single-node tests of the supported ops must all pass (issue 28), but
    # for string inputs, which nd has no type for: a refusal there is a failure.
    for name, why in required_refused:
        if "_expanded" not in name and "string elements" not in why:
            failures.append((name, "import", [f"refused, but its ops are supported: {why}"]))
    if opts.verbose:
        print("\nrefusals:")
        for msg, n in refusals.most_common():
            print(f"  {n:4}  {msg}")
    if failures:
        print(f"\n{len(failures)} failures:")
        for name, how, err in failures:
            print(f"  {name} ({how}): {' | '.join(err)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
