#!/usr/bin/env python3
"""The JAX run suite of issue 27: tensor-run on JAX's StableHLO must give JAX's
results.

For each NN layer of scripts/jax-corpus.py, for its static export and its
shape-polymorphic exports (`b`: symbolic batch; `bs`: symbolic batch and
sequence), in the pretty form JAX prints and in the generic form
(`tensor-opt --mlir-print-op-generic`), it writes the program and random
inputs as .npy for several concrete sizes (batch 1 and sequence 1 included:
the sizes where a `?` stretches), runs tensor-run with --arg/--out, and
compares with what JAX computes on the same inputs (jax.jit on the CPU).

Floats must agree within |got - want| <= ATOL + RTOL * max|want| for every
element (RTOL = 1e-5 of the result's largest magnitude, about 170 f32 ulps
there; ATOL = 1e-6): the interpreter and XLA sum in different orders and XLA's
CPU exp/tanh/rsqrt are approximations of their own, so an element that is
the small difference of large terms (the transformer block's outputs reach
100) carries the error of those terms. NaNs must match NaNs. Integers and
booleans must be equal. It prints one line per run and a summary, and exits 1 on any
mismatch or failure; with no JAX it says so and exits 0.

    . /work/.venv-rw/bin/activate && python3 scripts/jax-suite.py
    python3 scripts/jax-suite.py --write-fixtures tests/data/jax-run

--write-fixtures also writes, for the programs the Rust test
tests/stablehlo_run.rs runs without JAX, their inputs and JAX's outputs.

Environment: TENSOR_RUN and TENSOR_OPT name the binaries (default
target/debug/tensor-run and target/debug/tensor-opt under the repository).
"""

import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
RTOL = 1e-5
ATOL = 1e-6

# (batch, sequence) per export kind: the static export has JAX's (2, 8); `b`
# keeps the sequence at 8.
SIZES = {
    "static": [(2, 8)],
    "b": [(1, 8), (2, 8), (5, 8)],
    "bs": [(1, 1), (1, 7), (2, 8), (3, 5)],
}

# The programs tests/stablehlo_run.rs runs from checked-in fixtures.
FIXTURES = [
    ("softmax", "bs", (1, 5)),
    ("layer_norm", "b", (3, 8)),
    ("attention", "static", (2, 8)),
    ("transformer_block", "bs", (1, 3)),
]


def load_corpus():
    """scripts/jax-corpus.py as a module: the layers and their argument specs."""
    path = os.path.join(ROOT, "scripts", "jax-corpus.py")
    spec = importlib.util.spec_from_file_location("jax_corpus", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def tool(env, name):
    return os.environ.get(env) or os.path.join(ROOT, "target", "debug", name)


def export_text(corpus, name, kind):
    """JAX's StableHLO for layer `name`, exported `kind`."""
    import jax
    from jax import export

    f = corpus.LAYERS[name]
    if kind == "static":
        return jax.jit(f).lower(*corpus.args_for(name, 2, 8)).as_text()
    scope = export.SymbolicScope()
    b, s = corpus.symbolic("b", "s" if kind == "bs" else None, scope)
    exp = export.export(jax.jit(f))(*corpus.args_for(name, b, s))
    return corpus.module_text(exp, False)


def inputs_for(corpus, name, b, s, rng):
    """Random inputs of the layer's argument specs at batch `b`, sequence `s`."""
    import numpy as np

    out = []
    for spec in corpus.args_for(name, b, s):
        if spec.dtype == np.bool_:
            out.append(rng.random(spec.shape) < 0.7)
        else:
            out.append(rng.standard_normal(spec.shape).astype(spec.dtype))
    return out


def reference(corpus, name, inputs):
    import jax
    import numpy as np

    r = jax.jit(corpus.LAYERS[name])(*inputs)
    results = r if isinstance(r, (tuple, list)) else [r]
    return [np.asarray(x) for x in results]


def compare(got, want):
    """None if `got` equals `want` (floats within tolerance), else why not."""
    import numpy as np

    if got.shape != want.shape:
        return f"shape {got.shape}, JAX {want.shape}"
    if got.dtype != want.dtype:
        return f"dtype {got.dtype}, JAX {want.dtype}"
    if np.issubdtype(want.dtype, np.floating):
        finite = want[np.isfinite(want)]
        scale = float(np.max(np.abs(finite))) if finite.size else 0.0
        bad = ~(np.abs(got - want) <= ATOL + RTOL * scale)
        bad &= ~((got == want) & np.isinf(want))
        bad &= ~(np.isnan(got) & np.isnan(want))
        if bad.any():
            i = np.unravel_index(np.argmax(bad), bad.shape)
            return f"{int(bad.sum())} elements differ, e.g. at {i}: {got[i]} vs JAX {want[i]}"
        return None
    if not np.array_equal(got, want):
        return "values differ"
    return None


def run_one(prog, inputs, want, work):
    """Runs `prog` on `inputs`; None if it gives `want`, else why not."""
    import numpy as np

    cmd = [tool("TENSOR_RUN", "tensor-run"), prog]
    for k, x in enumerate(inputs):
        path = os.path.join(work, f"arg{k}.npy")
        np.save(path, x)
        cmd += ["--arg", path]
    outs = [os.path.join(work, f"out{k}.npy") for k in range(len(want))]
    for o in outs:
        cmd += ["--out", o]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        lines = p.stderr.strip().splitlines()
        return f"tensor-run exited {p.returncode}: {lines[0] if lines else ''}"
    for k, (o, w) in enumerate(zip(outs, want)):
        why = compare(np.load(o), w)
        if why:
            return f"result #{k}: {why}"
    return None


def generic_form(prog, work):
    out = os.path.join(work, "generic.mlir")
    p = subprocess.run(
        [tool("TENSOR_OPT", "tensor-opt"), prog, "--mlir-print-op-generic", "-o", out],
        capture_output=True,
        text=True,
    )
    if p.returncode != 0:
        raise RuntimeError(f"tensor-opt --mlir-print-op-generic failed: {p.stderr.strip()}")
    return out


def write_fixtures(corpus, directory):
    import numpy as np

    os.makedirs(directory, exist_ok=True)
    rng = np.random.default_rng(27)
    for name, kind, (b, s) in FIXTURES:
        stem = f"{name}.{kind}.{b}x{s}"
        with open(os.path.join(directory, f"{stem}.mlir"), "w") as f:
            f.write(export_text(corpus, name, kind))
        inputs = inputs_for(corpus, name, b, s, rng)
        for k, x in enumerate(inputs):
            np.save(os.path.join(directory, f"{stem}.arg{k}.npy"), x)
        for k, x in enumerate(reference(corpus, name, inputs)):
            np.save(os.path.join(directory, f"{stem}.want{k}.npy"), x)
        print(os.path.join(directory, stem))
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write-fixtures", metavar="DIR")
    parser.add_argument("--layer", action="append", help="only these layers")
    args = parser.parse_args()
    try:
        import jax

        jax.config.update("jax_platforms", "cpu")
        import numpy as np
    except ImportError as e:
        print(f"jax-suite: skipped: {e} (install jax: scripts/install-real-world-tools.sh --jax)")
        return 0
    corpus = load_corpus()
    if args.write_fixtures:
        return write_fixtures(corpus, args.write_fixtures)
    for t in [tool("TENSOR_RUN", "tensor-run"), tool("TENSOR_OPT", "tensor-opt")]:
        if not os.path.exists(t):
            print(f"jax-suite: {t} not found: build it (cargo build --bins) or set TENSOR_RUN/TENSOR_OPT")
            return 1
    rng = np.random.default_rng(0)
    passed = failed = 0
    print(f"{'layer':<18} {'export':<7} {'form':<8} {'b x s':<7} result")
    with tempfile.TemporaryDirectory() as work:
        for name in corpus.LAYERS:
            if args.layer and name not in args.layer:
                continue
            for kind, sizes in SIZES.items():
                pretty = os.path.join(work, f"{name}.{kind}.mlir")
                with open(pretty, "w") as f:
                    f.write(export_text(corpus, name, kind))
                forms = [("pretty", pretty)]
                try:
                    forms.append(("generic", generic_form(pretty, work)))
                except RuntimeError as e:
                    print(f"{name:<18} {kind:<7} {'generic':<8} {'-':<7} FAIL {e}")
                    failed += len(sizes)
                for b, s in sizes:
                    inputs = inputs_for(corpus, name, b, s, rng)
                    want = reference(corpus, name, inputs)
                    for form, prog in forms:
                        why = run_one(prog, inputs, want, work)
                        status = "ok" if why is None else f"FAIL {why}"
                        print(f"{name:<18} {kind:<7} {form:<8} {f'{b}x{s}':<7} {status}")
                        if why is None:
                            passed += 1
                        else:
                            failed += 1
    print(f"jax-suite: {passed} passed, {failed} failed ({passed + failed} runs: layers x exports x forms x sizes)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
