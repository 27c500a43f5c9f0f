#!/usr/bin/env bash
# Installs the real-world oracles of the StableHLO/CHLO work into a virtual
# environment at <repo>/.venv-rw (see /work/shared/REAL-WORLD-TOOLS.md):
#   torch-mlir-opt  StableHLO and CHLO's own parser, printer and verifier
#                   (torch-mlir, without its torch dependency);
#   jax             StableHLO from real programs (with --jax);
#   iree-compile, iree-run-module
#                   IREE's compiler and CPU runtime, which --lower-broadcast's
#                   StableHLO must compile and run in (with --iree);
#   onnx, onnxruntime
#                   ONNX's node tests and reference, scripts/onnx-node-tests.py
#                   (with --onnx);
#   numexpr         a peer of bench/interp.py (with --bench).
# The tests find torch-mlir-opt through $TORCH_MLIR_OPT, the IREE tools through
# $IREE_COMPILE and $IREE_RUN_MODULE, else PATH or .venv-rw/bin, and skip with a
# message when they are missing, so a failed install here is a
# warning, not a failure: the rest of CI still runs.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

with_jax=0
with_iree=0
with_onnx=0
with_bench=0
for arg in "$@"; do
    case "$arg" in
        --jax) with_jax=1 ;;
        --iree) with_iree=1 ;;
        --onnx) with_onnx=1 ;;
        --bench) with_bench=1 ;;
        *) echo "usage: $0 [--jax] [--iree] [--onnx] [--bench]" >&2; exit 2 ;;
    esac
done

venv=.venv-rw
warn() { echo "install-real-world-tools: warning: $*" >&2; }

if [[ ! -x $venv/bin/python ]]; then
    if ! python3 -m venv "$venv" 2>/dev/null; then
        # Debian's python3 lacks ensurepip without python3-venv.
        sudo=()
        if [[ $(id -u) -ne 0 ]]; then sudo=(sudo); fi
        DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq python3-venv >/dev/null 2>&1
        python3 -m venv "$venv" || { warn "cannot create $venv"; exit 0; }
    fi
fi
pip=("$venv/bin/python" -m pip install --quiet --disable-pip-version-check)
if [[ ! -x $venv/bin/torch-mlir-opt ]]; then
    echo "install-real-world-tools: torch-mlir (torch-mlir-opt)"
    "${pip[@]}" --no-deps torch-mlir || warn "torch-mlir did not install: its differential tests will skip"
fi
if ((with_jax)) && ! "$venv/bin/python" -c 'import jax' 2>/dev/null; then
    echo "install-real-world-tools: jax"
    "${pip[@]}" numpy ml_dtypes jax jaxlib || warn "jax did not install: the JAX suite will skip"
fi
if ((with_iree)) && [[ ! -x $venv/bin/iree-compile || ! -x $venv/bin/iree-run-module ]]; then
    echo "install-real-world-tools: iree-base-compiler, iree-base-runtime"
    "${pip[@]}" iree-base-compiler iree-base-runtime ||
        warn "IREE did not install: tests/iree_lowered.rs will skip"
fi
if ((with_onnx)) && ! "$venv/bin/python" -c 'import onnx, onnxruntime' 2>/dev/null; then
    echo "install-real-world-tools: onnx, onnxruntime"
    "${pip[@]}" numpy onnx onnxruntime || warn "onnx did not install: scripts/onnx-node-tests.py will skip"
fi
if ((with_bench)) && ! "$venv/bin/python" -c 'import numexpr' 2>/dev/null; then
    echo "install-real-world-tools: numexpr"
    "${pip[@]}" numpy numexpr || warn "numexpr did not install: bench/interp.py runs without it"
fi
exit 0
