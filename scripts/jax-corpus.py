#!/usr/bin/env python3
"""Writes JAX's StableHLO text for the NN layers of issue 27 into
test/Dialect/stablehlo/jax/, static and shape-polymorphic.

For each layer it writes:
  <layer>.static.mlir         jax.jit(f).lower(...).as_text() (no debug info)
  <layer>.b.mlir              jax.export with a symbolic batch dim `b`
  <layer>.bs.mlir             jax.export with symbolic batch `b` and sequence `s`
  <layer>.b.loc.mlir          the `b` export with JAX's locations (mlir_module()
                              with debug info), for --mlir-print-debuginfo

The files are checked in: the parse/print goldens and the torch-mlir-opt
differential must not need JAX. Run from the repository root:
  . /work/.venv-rw/bin/activate && python3 scripts/jax-corpus.py
"""

import os
import sys

import jax
import jax.numpy as jnp
from jax import export

jax.config.update("jax_platforms", "cpu")

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "Dialect", "stablehlo", "jax")
F32 = jnp.float32
S = jax.ShapeDtypeStruct
D = 16  # the feature dim
H = 4  # attention heads


def softmax(x):
    m = jnp.max(x, axis=-1, keepdims=True)
    e = jnp.exp(x - m)
    return e / jnp.sum(e, axis=-1, keepdims=True)


def layer_norm(x, g, b):
    mu = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.mean((x - mu) ** 2, axis=-1, keepdims=True)
    return (x - mu) * jax.lax.rsqrt(var + 1e-5) * g + b


def rms_norm(x, g):
    ms = jnp.mean(x * x, axis=-1, keepdims=True)
    return x * jax.lax.rsqrt(ms + 1e-6) * g


def attention(q, k, v, mask):
    s = jnp.einsum("bqd,bkd->bqk", q, k) / jnp.sqrt(jnp.float32(q.shape[-1]))
    s = jnp.where(mask, s, -1e9)
    return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(s, axis=-1), v)


def masked_mean(x, mask):
    m = mask.astype(x.dtype)[..., None]
    return jnp.sum(x * m, axis=1) / jnp.maximum(jnp.sum(m, axis=1), 1.0)


def transformer_block(x, wq, wk, wv, wo, w1, w2, g1, g2):
    h = layer_norm(x, g1, 0.0)
    q, k, v = h @ wq, h @ wk, h @ wv
    b, s, _ = x.shape
    split = lambda t: t.reshape(b, s, H, D // H).transpose(0, 2, 1, 3)
    q, k, v = split(q), split(k), split(v)
    att = jnp.einsum("bhqd,bhkd->bhqk", q, k) / jnp.sqrt(jnp.float32(D // H))
    causal = jnp.tril(jnp.ones((s, s), dtype=bool))
    att = jax.nn.softmax(jnp.where(causal, att, -1e9), axis=-1)
    o = jnp.einsum("bhqk,bhkd->bhqd", att, v).transpose(0, 2, 1, 3).reshape(b, s, D)
    x = x + o @ wo
    h = rms_norm(x, g2)
    return x + jax.nn.gelu(h @ w1) @ w2


def args_for(name, b, s):
    """The argument specs of each layer, with batch `b` and sequence `s`."""
    x = S((b, s, D), F32)
    vec = S((D,), F32)
    mat = S((D, D), F32)
    if name == "softmax":
        return [x]
    if name == "layer_norm":
        return [x, vec, vec]
    if name == "rms_norm":
        return [x, vec]
    if name == "attention":
        return [x, x, x, S((b, s, s), jnp.bool_)]
    if name == "masked_mean":
        return [x, S((b, s), jnp.bool_)]
    if name == "transformer_block":
        return [x, mat, mat, mat, mat, S((D, 2 * D), F32), S((2 * D, D), F32), vec, vec]
    raise KeyError(name)


LAYERS = {
    "softmax": softmax,
    "layer_norm": layer_norm,
    "rms_norm": rms_norm,
    "attention": attention,
    "masked_mean": masked_mean,
    "transformer_block": transformer_block,
}


def symbolic(spec_b, spec_s, scope):
    b = export.symbolic_shape(spec_b, scope=scope)[0] if spec_b else 2
    s = export.symbolic_shape(spec_s, scope=scope)[0] if spec_s else 8
    return b, s


def module_text(exp, debug):
    # mlir_module() is the module with JAX's locations; printing it without debug
    # info drops them.
    from jax._src.interpreters import mlir as jmlir
    from jax._src.lib.mlir import ir

    with jmlir.make_ir_context():
        mod = ir.Module.parse(exp.mlir_module())
        return mod.operation.get_asm(enable_debug_info=debug)


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, f in LAYERS.items():
        static = jax.jit(f).lower(*args_for(name, 2, 8)).as_text()
        write(f"{name}.static.mlir", static)
        scope = export.SymbolicScope()
        b, _ = symbolic("b", None, scope)
        exp_b = export.export(jax.jit(f))(*args_for(name, b, 8))
        write(f"{name}.b.mlir", module_text(exp_b, False))
        write(f"{name}.b.loc.mlir", module_text(exp_b, True))
        scope = export.SymbolicScope()
        b, s = symbolic("b", "s", scope)
        exp_bs = export.export(jax.jit(f))(*args_for(name, b, s))
        write(f"{name}.bs.mlir", module_text(exp_bs, False))
    return 0


def write(file, text):
    path = os.path.join(OUT, file)
    with open(path, "w") as out:
        out.write(text if text.endswith("\n") else text + "\n")
    print(path)


if __name__ == "__main__":
    sys.exit(main())
